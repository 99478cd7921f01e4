package yachtwords

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
)

// glyphs are the Unicode die faces ⚀..⚅.
var glyphs = [6]rune{'⚀', '⚁', '⚂', '⚃', '⚄', '⚅'}

// Glyph returns the Unicode die face (⚀..⚅) of a face 1..6, or "?".
func Glyph(face int) string {
	if face < 1 || face > 6 {
		return "?"
	}
	return string(glyphs[face-1])
}

// DiceText writes faces as die glyphs followed by their digits,
// "⚄⚅⚅ (566)" (the glyphs alone are hard to tell apart in Discord's
// font): how DiceFaces writes dice without emojis.
func DiceText(faces []int) string {
	var g, d strings.Builder
	for _, f := range faces {
		g.WriteString(Glyph(f))
		d.WriteString(strconv.Itoa(f))
	}
	return g.String() + " (" + d.String() + ")"
}

// DiceFaces writes dice in Yacht messages: as Alea's application emojis
// (<:alea_d3:id>) when every face is registered, else as die glyphs
// followed by their digits ("⚄⚅⚅ (566)"). The zero value writes glyphs.
// The process learns the emojis' ids at start and passes one DiceFaces to
// every Yacht command.
type DiceFaces struct {
	free, held [6]string // the emoji markup of each face, "" when missing
}

// NewDiceFaces returns the faces of the registered emojis ids (emoji name
// → id, as Discord lists an application's emojis). Unless all twelve
// faces are there, it writes glyphs: a half-registered set would mix the
// two looks.
func NewDiceFaces(ids map[string]string) DiceFaces {
	var f DiceFaces
	for face := 1; face <= 6; face++ {
		free, held := ids[EmojiName(face, false)], ids[EmojiName(face, true)]
		if !snowflake(free) || !snowflake(held) {
			return DiceFaces{}
		}
		f.free[face-1] = "<:" + EmojiName(face, false) + ":" + free + ">"
		f.held[face-1] = "<:" + EmojiName(face, true) + ":" + held + ">"
	}
	return f
}

// snowflake reports whether s is a Discord id (1–20 digits).
func snowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Emojis reports whether f writes emojis.
func (f DiceFaces) Emojis() bool { return f.free[0] != "" }

// Text writes faces, every die free.
func (f DiceFaces) Text(faces []int) string { return f.Held(faces, nil) }

// Held writes faces, the dice whose held[i] is true drawn held (with
// glyphs, which have no held look, every die is written alike).
func (f DiceFaces) Held(faces []int, held []bool) string {
	if !f.Emojis() {
		return DiceText(faces)
	}
	var b strings.Builder
	for i, face := range faces {
		if face < 1 || face > 6 {
			return DiceText(faces)
		}
		if i < len(held) && held[i] {
			b.WriteString(f.held[face-1])
		} else {
			b.WriteString(f.free[face-1])
		}
	}
	return b.String()
}

// EmojiName is the application emoji of a face, free ("alea_d3") or
// held ("alea_h3").
func EmojiName(face int, held bool) string {
	if held {
		return fmt.Sprintf("alea_h%d", face)
	}
	return fmt.Sprintf("alea_d%d", face)
}

// FaceEmoji is one die face as an application emoji: its name and PNG.
type FaceEmoji struct {
	Name string
	PNG  []byte
}

// FaceEmojis draws the twelve emojis of the dice: faces 1–6 free (a white
// die, dark pips) and held (the same die inverted: dark, white pips, in a
// gold frame), 128×128 PNGs.
func FaceEmojis() ([]FaceEmoji, error) {
	var out []FaceEmoji
	for _, held := range []bool{false, true} {
		for face := 1; face <= 6; face++ {
			b, err := FacePNG(face, held)
			if err != nil {
				return nil, err
			}
			out = append(out, FaceEmoji{Name: EmojiName(face, held), PNG: b})
		}
	}
	return out, nil
}

// The dice pictures' palette.
const (
	ixClear = iota
	ixFrame
	ixLight
	ixDark
)

var dicePalette = color.Palette{
	ixClear: color.RGBA{0, 0, 0, 0},
	ixFrame: color.RGBA{0xf2, 0xb1, 0x1c, 0xff},
	ixLight: color.RGBA{0xfa, 0xfa, 0xf7, 0xff},
	ixDark:  color.RGBA{0x2b, 0x2f, 0x3a, 0xff},
}

// faceSize is the side of an emoji picture, in pixels.
const faceSize = 128

// pips are the pip positions of each face on a 3×3 grid (0, 1, 2).
var pips = [6][][2]int{
	{{1, 1}},
	{{0, 0}, {2, 2}},
	{{0, 0}, {1, 1}, {2, 2}},
	{{0, 0}, {2, 0}, {0, 2}, {2, 2}},
	{{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
	{{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}},
}

// FacePNG draws one face, 1–6, free or held, as a 128×128 PNG with a
// transparent background.
func FacePNG(face int, held bool) ([]byte, error) {
	if face < 1 || face > 6 {
		return nil, fmt.Errorf("yachtwords: no die face %d", face)
	}
	img := image.NewPaletted(image.Rect(0, 0, faceSize, faceSize), dicePalette)
	body, pip := uint8(ixLight), uint8(ixDark)
	inset := 6
	if held {
		body, pip = ixDark, ixLight
		roundedSquare(img, 0, faceSize, 26, ixFrame)
		inset = 12
	} else {
		roundedSquare(img, 2, faceSize-2, 24, ixDark)
	}
	roundedSquare(img, inset, faceSize-inset, 20, body)
	for _, p := range pips[face-1] {
		cx := 2 * (36 + 28*p[0])
		cy := 2 * (36 + 28*p[1])
		dot(img, cx, cy, 2*11, pip)
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("yachtwords: encoding a die face: %w", err)
	}
	return buf.Bytes(), nil
}

// roundedSquare paints the square [lo, hi)² with corners of radius r.
func roundedSquare(img *image.Paletted, lo, hi, r int, ix uint8) {
	for y := lo; y < hi; y++ {
		for x := lo; x < hi; x++ {
			// The nearest point of the inner square [lo+r, hi-r-1]².
			nx := min(max(x, lo+r), hi-r-1)
			ny := min(max(y, lo+r), hi-r-1)
			if dx, dy := x-nx, y-ny; dx*dx+dy*dy <= r*r {
				img.Pix[img.PixOffset(x, y)] = ix
			}
		}
	}
}

// dot paints the pixels whose centres lie within rad2/2 of (cx2/2,
// cy2/2) (doubled coordinates, so half-pixel centres are exact).
func dot(img *image.Paletted, cx2, cy2, rad2 int, ix uint8) {
	for y := (cy2 - rad2) / 2; y <= (cy2+rad2)/2+1; y++ {
		for x := (cx2 - rad2) / 2; x <= (cx2+rad2)/2+1; x++ {
			dx, dy := 2*x+1-cx2, 2*y+1-cy2
			if dx*dx+dy*dy <= rad2*rad2 && image.Pt(x, y).In(img.Rect) {
				img.Pix[img.PixOffset(x, y)] = ix
			}
		}
	}
}
