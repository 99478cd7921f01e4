package picturefont

import (
	"image"
	"math"
	"os"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// TestMinPixels: 11 px at 420 px wide, so a picture 840 px wide needs 22
// px text, and one 420 px wide 11 px (worked by hand).
func TestMinPixels(t *testing.T) {
	for w, want := range map[int]float64{420: 11, 840: 22, 600: 15.714285714285714, 210: 5.5} {
		if got := MinPixels(w); math.Abs(got-want) > 1e-12 {
			t.Errorf("MinPixels(%d) = %v, want %v", w, got, want)
		}
	}
}

// TestCharsAreInTheFont: every character subset.sh was asked for has a
// glyph, and printable ASCII is among them; a character not asked for
// (a rare kanji) has none, so Missing can fail.
func TestCharsAreInTheFont(t *testing.T) {
	b, err := os.ReadFile("chars.txt")
	if err != nil {
		t.Fatal(err)
	}
	chars := strings.TrimRight(string(b), "\n")
	for r := rune(' '); r <= '~'; r++ {
		if !strings.ContainsRune(chars, r) {
			t.Errorf("chars.txt lacks ASCII %q", r)
		}
	}
	if m := Missing(chars); len(m) != 0 {
		t.Errorf("the font lacks %q: run go generate ./commands/picturefont", string(m))
	}
	if m := Missing("a鬱b"); string(m) != "鬱" {
		t.Errorf("Missing(a鬱b) = %q", string(m))
	}
}

// TestFaceDrawsHangulAndKana: the CJK glyphs are drawn (ink in the box of
// each), at the size asked for.
func TestFaceDrawsHangulAndKana(t *testing.T) {
	face, err := Face(20)
	if err != nil {
		t.Fatal(err)
	}
	if h := face.Metrics().Ascent + face.Metrics().Descent; h.Ceil() < 20 {
		t.Errorf("line of a 20 px face is %v", h)
	}
	for _, s := range []string{"요트", "ヨット", "得点", "Aces"} {
		img := image.NewAlpha(image.Rect(0, 0, 100, 30))
		d := &font.Drawer{Dst: img, Src: image.Opaque, Face: face, Dot: fixed.P(2, 22)}
		d.DrawString(s)
		ink := 0
		for _, a := range img.Pix {
			if a > 128 {
				ink++
			}
		}
		if ink < 40 {
			t.Errorf("%q drew %d pixels", s, ink)
		}
	}
}
