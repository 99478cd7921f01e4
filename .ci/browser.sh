#!/usr/bin/env bash
# Installs Debian's Chromium for the playground's browser test
# (bot/playground/browser_test.go), unless it is there already. The test
# skips without it, except under CI=true, where it fails.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends chromium
/usr/bin/chromium --version
