package orbs

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/alea-bot/alea/engine/orbs"
)

// TestDiagonalReachesItsLastCell draws grids of several shapes and reads
// the picture's pixels: the diagonal line passes through the middle of
// every cell PressDiagonal flips, including the last one (top-right end),
// and no pixel of it lies in a cell the orb does not flip.
func TestDiagonalReachesItsLastCell(t *testing.T) {
	for _, shape := range []string{"000/000/000", "00000/00000/00000", "000/000/000/000/000", "0", "0000000000/0000000000", strings30()} {
		g, err := orbs.Parse(shape)
		if err != nil {
			t.Fatal(err)
		}
		data, err := renderGame(g, orbs.Presses{})
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		pal, ok := img.(*image.Paletted)
		if !ok {
			t.Fatalf("%T, want a paletted picture", img)
		}
		_, ls, _, err := pictureStyle([]panel{{g: g}})
		if err != nil {
			t.Fatal(err)
		}
		L := ls[0]
		cs := L.cs
		cell := func(r, c int) image.Rectangle {
			x, y := margin+L.gridX+c*cs, margin+L.gridY+r*cs
			return image.Rect(x+1, y+1, x+cs, y+cs)
		}
		onDiagonal := map[[2]int]bool{}
		k := min(g.Rows(), g.Cols())
		for j := 0; j < k; j++ {
			onDiagonal[[2]int{g.Rows() - 1 - j, j}] = true
		}
		for r := 0; r < g.Rows(); r++ {
			for c := 0; c < g.Cols(); c++ {
				n, farCorner := 0, false
				box := cell(r, c)
				for y := box.Min.Y; y < box.Max.Y; y++ {
					for x := box.Min.X; x < box.Max.X; x++ {
						if pal.ColorIndexAt(x, y) == ixDiagonal {
							n++
							if x >= box.Max.X-4 && y < box.Min.Y+4 {
								farCorner = true
							}
						}
					}
				}
				switch {
				case onDiagonal[[2]int{r, c}] && (n < cs || !farCorner):
					t.Errorf("%dx%d: the diagonal crosses cell (%d, %d) with %d pixels, far corner reached %v", g.Rows(), g.Cols(), r, c, n, farCorner)
				case !onDiagonal[[2]int{r, c}] && n > 0:
					t.Errorf("%dx%d: %d diagonal pixels in cell (%d, %d), which the diagonal orb does not flip", g.Rows(), g.Cols(), n, r, c)
				}
			}
		}
	}
}

func strings30() string {
	b := make([]byte, 0, 30*31)
	for r := 0; r < 30; r++ {
		if r > 0 {
			b = append(b, '/')
		}
		for c := 0; c < 30; c++ {
			b = append(b, '0')
		}
	}
	return string(b)
}

// TestPictureTextReads: in every picture — one panel or two, every size of
// grid — the text is at least 11 × width / 420 pixels, so it stands 11 px
// tall when Discord shows the picture 420 px wide; the width is read from
// the PNG itself.
func TestPictureTextReads(t *testing.T) {
	for _, shape := range []string{"0", "01/10", "00000/00000/00000/00000/00000", strings.Repeat("0", 30), strings.TrimSuffix(strings.Repeat("0/", 30), "/"), "0000000000/0000000000/0000000000/0000000000/0000000000/0000000000/0000000000/0000000000/0000000000/0000000000", strings30()} {
		g, err := orbs.Parse(shape)
		if err != nil {
			t.Fatal(err)
		}
		for _, panels := range [][]panel{{{g: g}}, {{title: "1", g: g}, {title: "2", g: g}}} {
			ts, ls, size, err := pictureStyle(panels)
			if err != nil {
				t.Fatal(err)
			}
			data, err := render(panels...)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != size.X || cfg.Height != size.Y {
				t.Fatalf("%dx%d: picture %dx%d, layout %v", g.Rows(), g.Cols(), cfg.Width, cfg.Height, size)
			}
			if float64(ts.px) < 11*float64(cfg.Width)/420 {
				t.Errorf("%dx%d, %d panels: text %d px in a picture %d px wide is %.1f px at 420 px", g.Rows(), g.Cols(), len(panels), ts.px, cfg.Width, float64(ts.px)*420/float64(cfg.Width))
			}
			// Labels never overlap: the rows labelled are a line apart,
			// the columns a character apart.
			L := ls[0]
			if L.rowStep*L.cs < ts.line {
				t.Errorf("%dx%d: row labels %d px apart, a line is %d", g.Rows(), g.Cols(), L.rowStep*L.cs, ts.line)
			}
		}
	}
}
