#!/bin/sh
# subset.sh cuts the pictures' typeface out of Debian's Noto Sans CJK JP
# (package fonts-noto-cjk, SIL Open Font License 1.1) down to the
# characters in chars.txt, with fontTools' subsetter (package
# python3-fonttools). Run it with `go generate ./commands/picturefont`
# after changing chars.txt:
#   apt-get install fonts-noto-cjk python3-fonttools
set -eu
cd "$(dirname "$0")"
src=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
# Face 0 of the collection is Noto Sans CJK JP: its kanji have the
# Japanese forms; Hangul, kana and Latin are the same in every face.
/usr/bin/python3 -m fontTools.subset "$src" --font-number=0 \
	--text-file=chars.txt --output-file=NotoSansCJKjp-subset.otf \
	--layout-features='' --no-hinting --desubroutinize \
	--name-IDs='*' --name-languages='*' --drop-tables+=GSUB,GPOS,GDEF,BASE,VORG,vhea,vmtx
