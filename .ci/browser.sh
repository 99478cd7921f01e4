#!/usr/bin/env bash
# Installs Debian's Chromium for the playground's browser test
# (bot/playground/browser_test.go), with the fonts its screenshots need:
# Noto CJK for Hangul and kana, Noto Color Emoji for the emoji on buttons.
# The test skips without Chromium, except under CI=true, where it fails.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
for p in fonts-noto-cjk fonts-noto-color-emoji; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${need[@]}"
fi
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
