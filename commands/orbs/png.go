package orbs

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/alea-bot/alea/commands/picturefont"
	"github.com/alea-bot/alea/engine/orbs"
)

// The pictures draw each grid as in the game (the orb puzzle blog post, Figure 1): the
// cells, a row orb left of each row, a column orb under each column and the
// diagonal orb in the bottom-left corner, with the blog post's labels (rows a, b,
// c… from the top, columns i, ii, iii… from the left, written downwards
// under their orbs). Pressed orbs are filled orange; the diagonal orb's
// cells are joined by a thin line; a Theorem 5 witness is outlined in red.
// The labels are language-neutral (the panels are numbered 1 and 2) and
// the message says in the user's language what they show. The text is
// drawn in the pictures' typeface (package picturefont) at the size that
// stands 11 px tall when Discord shows the picture 420 px wide; where a
// grid's cells are smaller than a label, every second (third, …) row or
// column is labelled.
//
// The picture is paletted (a dozen colours, no anti-aliasing: every shape
// is drawn pixel by pixel), which keeps a 30×30 answer's PNG small and fast
// to encode.

// textStyle is the text of a picture at one size.
type textStyle struct {
	face   font.Face
	px     int // pixels per em
	line   int // a line's height
	ascent int
}

func newTextStyle(px int) (textStyle, error) {
	face, err := picturefont.Face(float64(px))
	if err != nil {
		return textStyle{}, err
	}
	m := face.Metrics()
	return textStyle{face: face, px: px, line: (m.Ascent + m.Descent).Ceil(), ascent: m.Ascent.Ceil()}, nil
}

func (ts textStyle) width(s string) int { return font.MeasureString(ts.face, s).Ceil() }

// middle is the baseline that centres a line of digits and lower-case
// letters on y.
func (ts textStyle) middle(y int) int { return y + ts.px*36/100 }

// The palette's indices.
const (
	ixBackground = iota
	ixGridLine
	ixCloudy
	ixClear
	ixOrb
	ixOrbEdge
	ixPressed
	ixWitness
	ixDiagonal
	ixText
)

var palette = color.Palette{
	ixBackground: color.RGBA{0xff, 0xff, 0xff, 0xff},
	ixGridLine:   color.RGBA{0xb8, 0xc0, 0xcc, 0xff},
	ixCloudy:     color.RGBA{0x4d, 0x55, 0x6b, 0xff},
	ixClear:      color.RGBA{0xf2, 0xf7, 0xff, 0xff},
	ixOrb:        color.RGBA{0xd6, 0xdb, 0xe4, 0xff},
	ixOrbEdge:    color.RGBA{0x44, 0x4c, 0x5c, 0xff},
	ixPressed:    color.RGBA{0xff, 0x9f, 0x1c, 0xff},
	ixWitness:    color.RGBA{0xe0, 0x22, 0x22, 0xff},
	ixDiagonal:   color.RGBA{0x3b, 0x82, 0xf6, 0xff},
	ixText:       color.RGBA{0x11, 0x11, 0x11, 0xff},
}

// panel is one grid to draw.
type panel struct {
	title   string
	g       orbs.Grid
	pressed orbs.Presses  // orbs drawn pressed
	witness *orbs.Witness // cells outlined, or nil
}

// Geometry, in pixels.
const (
	margin    = 12
	panelGap  = 36
	minFontPx = 13 // the text's size in a picture small enough to need no more
)

func cellSize(g orbs.Grid) int {
	switch n := max(g.Rows(), g.Cols()); {
	case n <= 10:
		return 32
	case n <= 20:
		return 24
	}
	return 18
}

// layout is where a panel's parts go, relative to its top-left corner.
type layout struct {
	cs           int
	labelW       int
	orbX         int // row orbs' and the diagonal orb's centre x
	gridX, gridY int
	orbY         int // column orbs' and the diagonal orb's centre y
	colLabelY    int // the top of the column labels
	// colAcross writes column labels across, on one line, when the longest
	// fits in a cell; otherwise one character under another.
	colAcross bool
	// rowStep and colStep label every rowStep-th row and colStep-th
	// column (1: all), so labels never overlap in small cells.
	rowStep, colStep int
	width, height    int
}

func layoutOf(p panel, ts textStyle) layout {
	g := p.g
	cs := cellSize(g)
	lw := ts.width(orbs.RowLabel(g.Rows()-1)) + 6
	maxCol, maxColW, maxCharW := 0, 0, 0
	for c := 0; c < g.Cols(); c++ {
		label := orbs.ColLabel(c)
		maxCol = max(maxCol, len(label))
		maxColW = max(maxColW, ts.width(label))
		for _, ch := range label {
			maxCharW = max(maxCharW, ts.width(string(ch)))
		}
	}
	L := layout{cs: cs, labelW: lw, colAcross: maxColW+2 <= cs}
	L.rowStep = max(1, (ts.line+cs-1)/cs)
	L.colStep = 1
	if !L.colAcross {
		L.colStep = max(1, (maxCharW+2+cs-1)/cs)
	}
	L.orbX = lw + cs/2
	L.gridX, L.gridY = lw+cs+4, ts.line+4
	L.orbY = L.gridY + g.Rows()*cs + 4 + cs/2
	L.colLabelY = L.gridY + g.Rows()*cs + 4 + cs + 4
	L.width = max(L.gridX+g.Cols()*cs+1, ts.width(p.title))
	lines := maxCol
	if L.colAcross {
		lines = 1
	}
	L.height = L.colLabelY + lines*ts.line + 2
	return L
}

// pictureStyle returns the text style of a picture of panels, and their
// layouts and the picture's size: the least size from minFontPx up whose
// text stands 11 px tall when the picture is shown 420 px wide.
func pictureStyle(panels []panel) (textStyle, []layout, image.Point, error) {
	px := minFontPx
	for {
		ts, err := newTextStyle(px)
		if err != nil {
			return ts, nil, image.Point{}, err
		}
		ls := make([]layout, len(panels))
		w, h := margin, 0
		for i, p := range panels {
			ls[i] = layoutOf(p, ts)
			w += ls[i].width
			if i > 0 {
				w += panelGap
			}
			h = max(h, ls[i].height)
		}
		size := image.Pt(w+margin, h+2*margin)
		need := int(math.Ceil(picturefont.MinPixels(size.X)))
		if need <= px {
			return ts, ls, size, nil
		}
		px = need
	}
}

// render draws panels side by side and encodes the picture as PNG.
func render(panels ...panel) ([]byte, error) {
	ts, ls, size, err := pictureStyle(panels)
	if err != nil {
		return nil, err
	}
	img := image.NewPaletted(image.Rect(0, 0, size.X, size.Y), palette) // all ixBackground
	x := margin
	for i, p := range panels {
		drawPanel(img, ts, p, ls[i], x, margin)
		if i > 0 {
			// An arrow between the panels, at the grid's middle height.
			ay := margin + ls[i].gridY + p.g.Rows()*ls[i].cs/2
			drawText(img, ts, "->", x-panelGap/2-ts.width("->")/2, ts.middle(ay))
		}
		x += ls[i].width + panelGap
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("orbs: encoding the picture: %w", err)
	}
	return buf.Bytes(), nil
}

func drawText(img *image.Paletted, ts textStyle, s string, x, baseline int) {
	d := &font.Drawer{Dst: img, Face: ts.face, Src: image.NewUniform(palette[ixText]), Dot: fixed.P(x, baseline)}
	d.DrawString(s)
}

// fill paints rect (clipped to the picture) with colour index ix.
func fill(img *image.Paletted, rect image.Rectangle, ix uint8) {
	rect = rect.Intersect(img.Rect)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		row := img.Pix[img.PixOffset(rect.Min.X, y):img.PixOffset(rect.Max.X, y)]
		for i := range row {
			row[i] = ix
		}
	}
}

// disc paints the pixels whose centres are within rad of (cx, cy) (in
// doubled coordinates, so that half-pixel centres are exact).
func disc(img *image.Paletted, cx2, cy2, rad2 int, ix uint8) {
	for y := (cy2 - rad2) / 2; y <= (cy2+rad2)/2+1; y++ {
		for x := (cx2 - rad2) / 2; x <= (cx2+rad2)/2+1; x++ {
			dx, dy := 2*x+1-cx2, 2*y+1-cy2
			if dx*dx+dy*dy <= rad2*rad2 && image.Pt(x, y).In(img.Rect) {
				img.Pix[img.PixOffset(x, y)] = ix
			}
		}
	}
}

func drawPanel(img *image.Paletted, ts textStyle, p panel, L layout, ox, oy int) {
	g, cs := p.g, L.cs
	drawText(img, ts, p.title, ox, oy+ts.ascent)
	gx, gy := ox+L.gridX, oy+L.gridY
	// Cells on a background of grid lines.
	fill(img, image.Rect(gx, gy, gx+g.Cols()*cs+1, gy+g.Rows()*cs+1), ixGridLine)
	for r := 0; r < g.Rows(); r++ {
		for c := 0; c < g.Cols(); c++ {
			ix := uint8(ixClear)
			if g.Cloudy(r, c) {
				ix = ixCloudy
			}
			fill(img, image.Rect(gx+c*cs+1, gy+r*cs+1, gx+(c+1)*cs, gy+(r+1)*cs), ix)
		}
	}
	// The diagonal: a line at 45° from the diagonal orb through its cells
	// (the orb sits one cell and a 4-pixel gap from the grid both ways, so
	// the line meets every diagonal cell's centre), on to just inside the
	// far corner of the last cell it flips.
	x0, y0 := ox+L.orbX, oy+L.orbY
	for t := 0; t <= diagonalReach(g, cs); t++ {
		fill(img, image.Rect(x0+t, y0-t, x0+t+2, y0-t+1), ixDiagonal)
	}
	if w := p.witness; w != nil {
		for _, r := range w.Rows {
			for _, c := range w.Cols {
				cell := image.Rect(gx+c*cs, gy+r*cs, gx+(c+1)*cs+1, gy+(r+1)*cs+1)
				outline(img, cell, 3, ixWitness)
			}
		}
	}
	rad2 := cs * 72 / 100 // the orb's radius, doubled: 0.36 of a cell
	inRows := map[int]bool{}
	for _, r := range p.pressed.Rows {
		inRows[r] = true
	}
	inCols := map[int]bool{}
	for _, c := range p.pressed.Cols {
		inCols[c] = true
	}
	for r := 0; r < g.Rows(); r++ {
		cy := gy + r*cs + cs/2
		drawOrb(img, ox+L.orbX, cy, rad2, inRows[r])
		if r%L.rowStep == 0 {
			drawText(img, ts, orbs.RowLabel(r), ox+2, ts.middle(cy))
		}
	}
	for c := 0; c < g.Cols(); c++ {
		cx := gx + c*cs + cs/2
		drawOrb(img, cx, oy+L.orbY, rad2, inCols[c])
		if c%L.colStep != 0 {
			continue
		}
		label := orbs.ColLabel(c)
		if L.colAcross {
			drawText(img, ts, label, cx-ts.width(label)/2, oy+L.colLabelY+ts.ascent)
			continue
		}
		for i, ch := range label {
			drawText(img, ts, string(ch), cx-ts.width(string(ch))/2, oy+L.colLabelY+i*ts.line+ts.ascent)
		}
	}
	drawOrb(img, ox+L.orbX, oy+L.orbY, rad2, p.pressed.Diagonal)
}

// diagonalReach is how far, in pixels right (and up) from the diagonal
// orb's centre, the diagonal line runs: the k-th cell's centre is cs+4 +
// (k−1)·cs away, so the last of the min(rows, cols) cells ends half a
// cell further; the line stops 2 pixels inside that cell's far corner.
func diagonalReach(g orbs.Grid, cs int) int {
	k := min(g.Rows(), g.Cols())
	return k*cs + 4 + cs/2 - 2
}

// outline draws a frame of width wd just inside rect.
func outline(img *image.Paletted, rect image.Rectangle, wd int, ix uint8) {
	for _, s := range []image.Rectangle{
		{rect.Min, image.Pt(rect.Max.X, rect.Min.Y+wd)},
		{image.Pt(rect.Min.X, rect.Max.Y-wd), rect.Max},
		{rect.Min, image.Pt(rect.Min.X+wd, rect.Max.Y)},
		{image.Pt(rect.Max.X-wd, rect.Min.Y), rect.Max},
	} {
		fill(img, s, ix)
	}
}

// drawOrb draws an orb centred on pixel (cx, cy) with doubled radius rad2.
func drawOrb(img *image.Paletted, cx, cy, rad2 int, pressed bool) {
	ix := uint8(ixOrb)
	if pressed {
		ix = ixPressed
	}
	disc(img, 2*cx+1, 2*cy+1, rad2, ixOrbEdge)
	disc(img, 2*cx+1, 2*cy+1, rad2-3, ix)
}

// renderSolved draws the grid with the orbs to press, and the grid after.
func renderSolved(before, after orbs.Grid, p orbs.Presses) ([]byte, error) {
	return render(
		panel{title: "1", g: before, pressed: p},
		panel{title: "2", g: after},
	)
}

// renderUnsolvable draws the grid as given and after the diagonal press,
// each with its Theorem 5 witness outlined.
func renderUnsolvable(given, afterDiagonal orbs.Grid, w, wd orbs.Witness) ([]byte, error) {
	return render(
		panel{title: "1", g: given, witness: &w},
		panel{title: "2", g: afterDiagonal, pressed: orbs.Presses{Diagonal: true}, witness: &wd},
	)
}

// renderGame draws a puzzle being played: the current grid, the orbs
// pressed an odd number of times so far in orange.
func renderGame(cur orbs.Grid, p orbs.Presses) ([]byte, error) {
	return render(panel{g: cur, pressed: p})
}
