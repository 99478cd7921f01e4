package orbs

import (
	"bytes"
	"image"
	"image/png"
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
		L := layoutOf(panel{g: g})
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
