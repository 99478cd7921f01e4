package yachtwords

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

// registered is an application's list of emojis: every face, ids made up.
func registered() map[string]string {
	ids := map[string]string{"party": "999"}
	for face := 1; face <= 6; face++ {
		ids[EmojiName(face, false)] = fmt.Sprint(1000 + face)
		ids[EmojiName(face, true)] = fmt.Sprint(2000 + face)
	}
	return ids
}

// With all twelve emojis, dice are written as emojis, held ones as the
// held emoji; with one missing, or without, as glyphs and digits.
func TestDiceFaces(t *testing.T) {
	f := NewDiceFaces(registered())
	if got, want := f.Text([]int{3, 6}), "<:alea_d3:1003><:alea_d6:1006>"; got != want {
		t.Errorf("Text %q, want %q", got, want)
	}
	if got, want := f.Held([]int{1, 1, 5}, []bool{true, false, true}), "<:alea_h1:2001><:alea_d1:1001><:alea_h5:2005>"; got != want {
		t.Errorf("Held %q, want %q", got, want)
	}
	partial := registered()
	delete(partial, "alea_h4")
	for name, f := range map[string]DiceFaces{"zero": {}, "partial": NewDiceFaces(partial),
		"bad id": NewDiceFaces(map[string]string{"alea_d1": "x"})} {
		if got := f.Held([]int{5, 6, 6}, []bool{true}); got != "⚄⚅⚅ (566)" {
			t.Errorf("%s: %q", name, got)
		}
	}
}

// Each picture is a 128×128 PNG under Discord's 256 KiB for an emoji;
// counting the blobs of the pip colour (flood fill, independent of how
// they were drawn) gives the face, free and held; the held die is drawn
// differently (its centre is dark, a free die's light, or a pip).
func TestFacePictures(t *testing.T) {
	emojis, err := FaceEmojis()
	if err != nil {
		t.Fatal(err)
	}
	if len(emojis) != 12 {
		t.Fatalf("%d emojis", len(emojis))
	}
	seen := map[string]bool{}
	for _, e := range emojis {
		if seen[e.Name] || len(e.PNG) > 256<<10 {
			t.Errorf("%s: duplicate or %d bytes", e.Name, len(e.PNG))
		}
		seen[e.Name] = true
		img, err := png.Decode(bytes.NewReader(e.PNG))
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds() != image.Rect(0, 0, 128, 128) {
			t.Errorf("%s: %v", e.Name, img.Bounds())
		}
		held := strings.HasPrefix(e.Name, "alea_h")
		face := int(e.Name[len(e.Name)-1] - '0')
		pip := color.RGBAModel.Convert(dicePalette[ixDark])
		if held {
			pip = color.RGBAModel.Convert(dicePalette[ixLight])
		}
		// The die's body is inside the frame: count pip blobs there.
		if n := blobs(img, image.Rect(20, 20, 108, 108), pip); n != face {
			t.Errorf("%s: %d pips", e.Name, n)
		}
	}
	free, _ := FacePNG(2, false)
	held, _ := FacePNG(2, true)
	fi, _ := png.Decode(bytes.NewReader(free))
	hi, _ := png.Decode(bytes.NewReader(held))
	if fi.At(64, 64) == hi.At(64, 64) || fi.At(3, 64) == hi.At(3, 64) {
		t.Error("held and free dice look alike")
	}
	if _, err := FacePNG(7, false); err == nil {
		t.Error("face 7 drawn")
	}
}

// blobs counts the 4-connected regions of colour c within r.
func blobs(img image.Image, r image.Rectangle, c color.Color) int {
	same := func(x, y int) bool {
		r1, g1, b1, a1 := img.At(x, y).RGBA()
		r2, g2, b2, a2 := c.RGBA()
		return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
	}
	seen := map[image.Point]bool{}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := image.Pt(x, y)
			if seen[p] || !same(x, y) {
				continue
			}
			n++
			stack := []image.Point{p}
			seen[p] = true
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					nq := q.Add(d)
					if nq.In(r) && !seen[nq] && same(nq.X, nq.Y) {
						seen[nq] = true
						stack = append(stack, nq)
					}
				}
			}
		}
	}
	return n
}

// Without emojis a die is its glyph, and dice are glyphs with their
// digits after them, in the order given.
func TestGlyphsAndDigits(t *testing.T) {
	for face, want := range map[int]string{1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅", 0: "?", 7: "?"} {
		if got := Glyph(face); got != want {
			t.Errorf("Glyph(%d) = %q, want %q", face, got, want)
		}
	}
	if got, want := DiceText([]int{5, 6, 6}), "⚄⚅⚅ (566)"; got != want {
		t.Errorf("DiceText = %q, want %q", got, want)
	}
	if got, want := (DiceFaces{}).Held([]int{1, 2}, []bool{true, false}), "⚀⚁ (12)"; got != want {
		t.Errorf("glyphs held = %q, want %q", got, want)
	}
}
