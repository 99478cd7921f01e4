// Package picturefont is the typeface Alea's pictures are drawn in: Noto
// Sans CJK JP (SIL Open Font License 1.1, from Debian's fonts-noto-cjk),
// cut down by subset.sh to the characters listed in chars.txt — ASCII and
// the Hangul, kana and kanji the pictures' labels use — so that a chart
// reads in Korean and Japanese as well as in English, in a file of a few
// tens of kilobytes.
package picturefont

//go:generate go run ./charset -o chars.txt
//go:generate sh subset.sh

import (
	_ "embed"
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

//go:embed NotoSansCJKjp-subset.otf
var otf []byte

// The typeface is parsed once, on first use; it never changes after.
var parsed = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(otf) })

// ShownWidth is the width, in pixels, at which Discord shows a picture in
// an embed on a desktop client; ReadablePixels is the least height of text
// that reads at that width.
const (
	ShownWidth     = 420
	ReadablePixels = 11
)

// MinPixels returns the least font size, in pixels per em, for the text of
// a picture imageWidth pixels wide to stand ReadablePixels tall when it is
// shown ShownWidth wide: 11 × imageWidth / 420.
func MinPixels(imageWidth int) float64 {
	return ReadablePixels * float64(imageWidth) / ShownWidth
}

// Face returns the typeface at px pixels per em.
func Face(px float64) (font.Face, error) {
	f, err := parsed()
	if err != nil {
		return nil, fmt.Errorf("picturefont: %w", err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("picturefont: %w", err)
	}
	return face, nil
}

// Missing returns the runes of s, once each in order, that the typeface has
// no glyph for (spaces and line breaks are never missing).
func Missing(s string) []rune {
	f, err := parsed()
	if err != nil {
		return []rune(s)
	}
	var buf sfnt.Buffer
	var out []rune
	seen := map[rune]bool{}
	for _, r := range s {
		if r == '\n' || seen[r] {
			continue
		}
		seen[r] = true
		if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
			out = append(out, r)
		}
	}
	return out
}
