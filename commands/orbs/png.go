package orbs

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/alea-bot/alea/engine/orbs"
)

// The pictures draw each grid as in the game (seed 002, Figure 1): the
// cells, a row orb left of each row, a column orb under each column and the
// diagonal orb in the bottom-left corner, with the seed's labels (rows a, b,
// c… from the top, columns i, ii, iii… from the left, written downwards
// under their orbs). Pressed orbs are filled orange; the diagonal orb's
// cells are joined by a thin line; a Theorem 5 witness is outlined in red.
// The font is x/image's 7×13 bitmap font (ASCII only), so the captions
// are in English and the message carries the localised text.

var face font.Face = basicfont.Face7x13

var (
	colBackground = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colGridLine   = color.RGBA{0xb8, 0xc0, 0xcc, 0xff}
	colCloudy     = color.RGBA{0x4d, 0x55, 0x6b, 0xff}
	colClear      = color.RGBA{0xf2, 0xf7, 0xff, 0xff}
	colOrb        = color.RGBA{0xd6, 0xdb, 0xe4, 0xff}
	colOrbEdge    = color.RGBA{0x44, 0x4c, 0x5c, 0xff}
	colPressed    = color.RGBA{0xff, 0x9f, 0x1c, 0xff}
	colWitness    = color.RGBA{0xe0, 0x22, 0x22, 0xff}
	colDiagonal   = color.NRGBA{0x3b, 0x82, 0xf6, 0x90}
	colText       = color.RGBA{0x11, 0x11, 0x11, 0xff}
)

// panel is one grid to draw.
type panel struct {
	title   string
	g       orbs.Grid
	pressed orbs.Presses  // orbs drawn pressed
	witness *orbs.Witness // cells outlined, or nil
}

// Geometry, in pixels.
const (
	margin   = 12
	panelGap = 36
	titleH   = 20
	charW    = 7
	charH    = 12
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
	cs            int
	labelW        int
	orbX          float64 // row orbs' and the diagonal orb's centre x
	gridX, gridY  int
	orbY          float64 // column orbs' and the diagonal orb's centre y
	colLabelY     int
	width, height int
}

func layoutOf(p panel) layout {
	g := p.g
	cs := cellSize(g)
	lw := charW*len(orbs.RowLabel(g.Rows()-1)) + 6
	maxCol := 0
	for c := 0; c < g.Cols(); c++ {
		maxCol = max(maxCol, len(orbs.ColLabel(c)))
	}
	L := layout{cs: cs, labelW: lw}
	L.orbX = float64(lw) + float64(cs)/2
	L.gridX, L.gridY = lw+cs+4, titleH
	L.orbY = float64(L.gridY+g.Rows()*cs+4) + float64(cs)/2
	L.colLabelY = L.gridY + g.Rows()*cs + 4 + cs + 4
	L.width = max(L.gridX+g.Cols()*cs, font.MeasureString(face, p.title).Ceil())
	L.height = L.colLabelY + maxCol*charH + 2
	return L
}

// render draws panels side by side and encodes the picture as PNG.
func render(panels ...panel) ([]byte, error) {
	ls := make([]layout, len(panels))
	w, h := margin, 0
	for i, p := range panels {
		ls[i] = layoutOf(p)
		w += ls[i].width
		if i > 0 {
			w += panelGap
		}
		h = max(h, ls[i].height)
	}
	w += margin
	h += 2 * margin
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(colBackground), image.Point{}, draw.Src)
	x := margin
	for i, p := range panels {
		drawPanel(img, p, ls[i], x, margin)
		if i > 0 {
			// An arrow between the panels, at the grid's middle height.
			ay := margin + ls[i].gridY + p.g.Rows()*ls[i].cs/2
			drawText(img, "->", x-panelGap/2-charW, ay+4, colText)
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

func drawText(img *image.RGBA, s string, x, baseline int, c color.Color) {
	d := &font.Drawer{Dst: img, Face: face, Src: image.NewUniform(c), Dot: fixed.P(x, baseline)}
	d.DrawString(s)
}

func drawPanel(img *image.RGBA, p panel, L layout, ox, oy int) {
	g, cs := p.g, L.cs
	drawText(img, p.title, ox, oy+13, colText)
	gx, gy := ox+L.gridX, oy+L.gridY
	// Cells on a background of grid lines.
	draw.Draw(img, image.Rect(gx, gy, gx+g.Cols()*cs+1, gy+g.Rows()*cs+1), image.NewUniform(colGridLine), image.Point{}, draw.Src)
	for r := 0; r < g.Rows(); r++ {
		for c := 0; c < g.Cols(); c++ {
			fill := colClear
			if g.Cloudy(r, c) {
				fill = colCloudy
			}
			cell := image.Rect(gx+c*cs+1, gy+r*cs+1, gx+(c+1)*cs, gy+(r+1)*cs)
			draw.Draw(img, cell, image.NewUniform(fill), image.Point{}, draw.Src)
		}
	}
	// The diagonal: a line from the diagonal orb through its cells.
	fx, fy := float64(ox), float64(oy)
	k := min(g.Rows(), g.Cols()) - 1
	x1, y1 := float64(gx)+(float64(k)+0.5)*float64(cs), float64(gy)+(float64(g.Rows()-1-k)+0.5)*float64(cs)
	box := image.Rect(int(fx+L.orbX)-2, int(y1)-2, int(x1)+3, int(fy+L.orbY)+3)
	z := vector.NewRasterizer(box.Dx(), box.Dy())
	bx, by := float64(box.Min.X), float64(box.Min.Y)
	thickLine(z, fx+L.orbX-bx, fy+L.orbY-by, x1-bx, y1-by, 1.5)
	z.Draw(img, box, image.NewUniform(colDiagonal), image.Point{})
	if w := p.witness; w != nil {
		for _, r := range w.Rows {
			for _, c := range w.Cols {
				cell := image.Rect(gx+c*cs, gy+r*cs, gx+(c+1)*cs+1, gy+(r+1)*cs+1)
				outline(img, cell, 3, colWitness)
			}
		}
	}

	rad := float64(cs) * 0.36
	inRows := map[int]bool{}
	for _, r := range p.pressed.Rows {
		inRows[r] = true
	}
	inCols := map[int]bool{}
	for _, c := range p.pressed.Cols {
		inCols[c] = true
	}
	for r := 0; r < g.Rows(); r++ {
		cy := float64(gy) + (float64(r)+0.5)*float64(cs)
		drawOrb(img, fx+L.orbX, cy, rad, inRows[r])
		drawText(img, orbs.RowLabel(r), ox+2, int(cy)+4, colText)
	}
	for c := 0; c < g.Cols(); c++ {
		cx := float64(gx) + (float64(c)+0.5)*float64(cs)
		drawOrb(img, cx, fy+L.orbY, rad, inCols[c])
		for i, ch := range orbs.ColLabel(c) {
			drawText(img, string(ch), int(cx)-charW/2, oy+L.colLabelY+(i+1)*charH-1, colText)
		}
	}
	drawOrb(img, fx+L.orbX, fy+L.orbY, rad, p.pressed.Diagonal)
}

// outline draws a frame of width wd just inside rect.
func outline(img *image.RGBA, rect image.Rectangle, wd int, c color.Color) {
	u := image.NewUniform(c)
	for _, s := range []image.Rectangle{
		{rect.Min, image.Pt(rect.Max.X, rect.Min.Y+wd)},
		{image.Pt(rect.Min.X, rect.Max.Y-wd), rect.Max},
		{rect.Min, image.Pt(rect.Min.X+wd, rect.Max.Y)},
		{image.Pt(rect.Max.X-wd, rect.Min.Y), rect.Max},
	} {
		draw.Draw(img, s, u, image.Point{}, draw.Src)
	}
}

func drawOrb(img *image.RGBA, cx, cy, rad float64, pressed bool) {
	// Rasterize in a small square around the orb, not the whole picture.
	x0, y0 := int(math.Floor(cx-rad))-1, int(math.Floor(cy-rad))-1
	size := int(math.Ceil(2*rad)) + 3
	box := image.Rect(x0, y0, x0+size, y0+size)
	lx, ly := cx-float64(x0), cy-float64(y0)
	edge := vector.NewRasterizer(size, size)
	circle(edge, lx, ly, rad)
	edge.Draw(img, box, image.NewUniform(colOrbEdge), image.Point{})
	fill := vector.NewRasterizer(size, size)
	circle(fill, lx, ly, rad-1.5)
	c := colOrb
	if pressed {
		c = colPressed
	}
	fill.Draw(img, box, image.NewUniform(c), image.Point{})
}

// thickLine adds a line of width wd from (x0,y0) to (x1,y1) as a quad.
func thickLine(z *vector.Rasterizer, x0, y0, x1, y1, wd float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*wd/2, dx/l*wd/2
	z.MoveTo(float32(x0+nx), float32(y0+ny))
	z.LineTo(float32(x1+nx), float32(y1+ny))
	z.LineTo(float32(x1-nx), float32(y1-ny))
	z.LineTo(float32(x0-nx), float32(y0-ny))
	z.ClosePath()
}

// circle adds a disc as a 24-gon.
func circle(z *vector.Rasterizer, cx, cy, rad float64) {
	const n = 24
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		x, y := float32(cx+rad*math.Cos(a)), float32(cy+rad*math.Sin(a))
		if i == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
}

// renderSolved draws the grid with the orbs to press, and the grid after.
func renderSolved(before, after orbs.Grid, p orbs.Presses) ([]byte, error) {
	return render(
		panel{title: "before: press the orange orbs", g: before, pressed: p},
		panel{title: "after", g: after},
	)
}

// renderUnsolvable draws the grid as given and after the diagonal press,
// each with its Theorem 5 witness outlined.
func renderUnsolvable(given, afterDiagonal orbs.Grid, w, wd orbs.Witness) ([]byte, error) {
	return render(
		panel{title: "as given: no solution (red: proof)", g: given, witness: &w},
		panel{title: "after the diagonal orb: none either", g: afterDiagonal, pressed: orbs.Presses{Diagonal: true}, witness: &wd},
	)
}

// renderGame draws a puzzle being played: the current grid, the orbs
// pressed an odd number of times so far in orange.
func renderGame(cur orbs.Grid, p orbs.Presses) ([]byte, error) {
	return render(panel{title: "orange: pressed (odd times)", g: cur, pressed: p})
}
