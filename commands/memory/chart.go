package memory

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// Chart geometry in pixels: two panels, one above the other.
const (
	histW      = 720
	histH      = 420
	histLeft   = 56
	histRight  = 16
	histTop    = 16
	histGap    = 36
	histBottom = 30
)

var (
	histBG    = color.RGBA{0xff, 0xff, 0xff, 0xff}
	histAxis  = color.RGBA{0x44, 0x44, 0x44, 0xff}
	histGrid  = color.RGBA{0xe6, 0xe6, 0xe6, 0xff}
	histScore = color.RGBA{0x2e, 0x86, 0xc1, 0xff}
	histLoss  = color.RGBA{0xd6, 0x27, 0x28, 0xff}
)

// drawHistory renders a player's games, oldest on the left, as a PNG:
// above, the score of each game (blue); below, the expected points lost
// per decision (red, lower is better). The bitmap font has only ASCII, so
// the picture holds only numbers (game numbers below, values on the left);
// the message says what each panel is.
func drawHistory(series []SeriesPoint) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, histW, histH))
	draw.Draw(img, img.Bounds(), image.NewUniform(histBG), image.Point{}, draw.Src)
	fill := func(x0, y0, x1, y1 int, c color.Color) {
		draw.Draw(img, image.Rect(x0, y0, x1, y1), image.NewUniform(c), image.Point{}, draw.Src)
	}
	face := basicfont.Face7x13
	text := func(x, y int, s string, c color.Color) {
		d := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	width := func(s string) int { return font.MeasureString(face, s).Ceil() }

	n := len(series)
	plotW := histW - histLeft - histRight
	panelH := (histH - histTop - histGap - histBottom) / 2
	xOf := func(i int) int {
		if n == 1 {
			return histLeft + plotW/2
		}
		return histLeft + 6 + (plotW-12)*i/(n-1)
	}
	// line draws a segment by steps (the panels are small).
	line := func(x0, y0, x1, y1 int, c color.Color) {
		steps := max(abs(x1-x0), abs(y1-y0), 1)
		for s := 0; s <= steps; s++ {
			x := x0 + (x1-x0)*s/steps
			y := y0 + (y1-y0)*s/steps
			fill(x, y, x+2, y+2, c)
		}
	}
	panel := func(top int, values []float64, c color.Color, decimals int) {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, v := range values {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		if decimals > 0 {
			lo = 0 // losses start at zero
		}
		if hi-lo < 1e-9 {
			hi = lo + 1
		}
		step := niceStep((hi - lo) / 4)
		lo = math.Floor(lo/step) * step
		hi = math.Ceil(hi/step) * step
		bottom := top + panelH
		yOf := func(v float64) int { return bottom - int(float64(panelH)*(v-lo)/(hi-lo)) }
		for v := lo; v <= hi+step/2; v += step {
			y := yOf(v)
			fill(histLeft, y, histLeft+plotW, y+1, histGrid)
			s := strconv.FormatFloat(v, 'f', decimals, 64)
			text(histLeft-6-width(s), y+4, s, histAxis)
		}
		fill(histLeft, top, histLeft+1, bottom+1, histAxis)
		fill(histLeft, bottom, histLeft+plotW, bottom+1, histAxis)
		for i, v := range values {
			x, y := xOf(i), yOf(v)
			if i > 0 {
				line(xOf(i-1), yOf(values[i-1]), x, y, c)
			}
			fill(x-2, y-2, x+3, y+3, c)
		}
	}
	scores := make([]float64, n)
	losses := make([]float64, n)
	for i, p := range series {
		scores[i], losses[i] = float64(p.Score), p.Skill
	}
	panel(histTop, scores, histScore, 0)
	lossTop := histTop + panelH + histGap
	panel(lossTop, losses, histLoss, 2)
	// Game numbers under the lower panel, about ten of them.
	every := max(1, (n+9)/10)
	for i := 0; i < n; i += every {
		s := strconv.Itoa(i + 1)
		x := xOf(i)
		fill(x, lossTop+panelH, x+1, lossTop+panelH+5, histAxis)
		text(x-width(s)/2, lossTop+panelH+18, s, histAxis)
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("history chart: %w", err)
	}
	return buf.Bytes(), nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	if x <= 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x*(1-1e-12) {
			return m * p
		}
	}
	return 10 * p
}
