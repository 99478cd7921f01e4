package stats

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/picturefont"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Chart geometry in pixels: two panels, one above the other. The text is
// histFontPx tall in the pictures' typeface, enough to read 11 px high when
// Discord shows the chart 420 px wide (TestHistoryTextReads); the left
// margin is as wide as the widest value on the axis.
const (
	histW      = 600
	histH      = 420
	histFontPx = 16
	histLine   = 24 // the height of a line of text
	histRight  = 16
	histTop    = histLine + 8    // the upper panel's title
	histGap    = histLine + 16   // the lower panel's title
	histBottom = 2*histLine + 12 // the tick marks, the game numbers and the axis's title
)

// The chart's axis titles: each panel's, above it, and the games' below.
var (
	txtAxisScore = commands.T("Score", "점수", "得点")
	txtAxisLoss  = commands.T("Points lost per decision (lower is better)", "선택 1회당 손실 (낮을수록 좋음)", "判断あたりの損失（低いほど良い）")
	txtAxisGames = commands.T("Games, oldest first", "게임 (오래된 순)", "ゲーム（古い順）")
)

// ChartLabels are the words the history chart draws, in every language
// (the pictures' typeface must hold their characters).
func ChartLabels() []string {
	var out []string
	for _, l := range commands.Locales {
		for _, t := range []commands.Text{txtAxisScore, txtAxisLoss, txtAxisGames} {
			out = append(out, t.In(l))
		}
	}
	return out
}

var (
	histBG    = color.RGBA{0xff, 0xff, 0xff, 0xff}
	histAxis  = color.RGBA{0x44, 0x44, 0x44, 0xff}
	histGrid  = color.RGBA{0xe6, 0xe6, 0xe6, 0xff}
	histScore = color.RGBA{0x2e, 0x86, 0xc1, 0xff}
	histLoss  = color.RGBA{0xd6, 0x27, 0x28, 0xff}
)

// chartText is one text the chart draws: s with its baseline starting at
// (x, y).
type chartText struct {
	s    string
	x, y int
}

// axis is the value scale of one panel: from lo to hi by step, the values
// written with decimals digits after the point.
type axis struct {
	lo, hi, step float64
	decimals     int
}

// newAxis fits a scale of about four steps around values; a scale with
// decimals starts at zero (the losses).
func newAxis(values []float64, decimals int) axis {
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
	return axis{lo: math.Floor(lo/step) * step, hi: math.Ceil(hi/step) * step, step: step, decimals: decimals}
}

// ticks returns the values the axis writes, lo to hi.
func (a axis) ticks() []float64 {
	var out []float64
	for v := a.lo; v <= a.hi+a.step/2; v += a.step {
		out = append(out, v)
	}
	return out
}

// label writes a value of the axis.
func (a axis) label(v float64) string { return strconv.FormatFloat(v, 'f', a.decimals, 64) }

// drawHistory renders a player's games, oldest on the left, as a PNG:
// above, the score of each game (blue); below, the expected points lost
// per decision (red, lower is better); each panel titled in the reader's
// language, the games' axis too (game numbers below, values on the left).
func drawHistory(l commands.Locale, series []SeriesPoint) ([]byte, error) {
	img, _, err := renderHistory(l, series)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("history chart: %w", err)
	}
	return buf.Bytes(), nil
}

// renderHistory draws the chart of drawHistory and returns it with the
// texts it wrote.
func renderHistory(l commands.Locale, series []SeriesPoint) (*image.RGBA, []chartText, error) {
	face, err := picturefont.Face(histFontPx)
	if err != nil {
		return nil, nil, fmt.Errorf("history chart: %w", err)
	}
	img := image.NewRGBA(image.Rect(0, 0, histW, histH))
	draw.Draw(img, img.Bounds(), image.NewUniform(histBG), image.Point{}, draw.Src)
	fill := func(x0, y0, x1, y1 int, c color.Color) {
		draw.Draw(img, image.Rect(x0, y0, x1, y1), image.NewUniform(c), image.Point{}, draw.Src)
	}
	var texts []chartText
	text := func(x, y int, s string, c color.Color) {
		d := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x, y)}
		d.DrawString(s)
		texts = append(texts, chartText{s: s, x: x, y: y})
	}
	width := func(s string) int { return font.MeasureString(face, s).Ceil() }

	n := len(series)
	scores := make([]float64, n)
	losses := make([]float64, n)
	for i, p := range series {
		scores[i], losses[i] = float64(p.Score), p.Skill
	}
	scoreAxis, lossAxis := newAxis(scores, 0), newAxis(losses, 2)
	// The left margin holds the widest value of either axis.
	left := 0
	for _, a := range []axis{scoreAxis, lossAxis} {
		for _, v := range a.ticks() {
			left = max(left, width(a.label(v)))
		}
	}
	left += 6 + 8
	plotW := histW - left - histRight
	panelH := (histH - histTop - histGap - histBottom) / 2
	xOf := func(i int) int {
		if n == 1 {
			return left + plotW/2
		}
		return left + 6 + (plotW-12)*i/(n-1)
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
	panel := func(top int, values []float64, c color.Color, a axis) {
		bottom := top + panelH
		yOf := func(v float64) int { return bottom - int(float64(panelH)*(v-a.lo)/(a.hi-a.lo)) }
		for _, v := range a.ticks() {
			y := yOf(v)
			fill(left, y, left+plotW, y+1, histGrid)
			s := a.label(v)
			text(left-6-width(s), y+histFontPx/2-2, s, histAxis)
		}
		fill(left, top, left+1, bottom+1, histAxis)
		fill(left, bottom, left+plotW, bottom+1, histAxis)
		for i, v := range values {
			x, y := xOf(i), yOf(v)
			if i > 0 {
				line(xOf(i-1), yOf(values[i-1]), x, y, c)
			}
			fill(x-2, y-2, x+3, y+3, c)
		}
	}
	panel(histTop, scores, histScore, scoreAxis)
	lossTop := histTop + panelH + histGap
	panel(lossTop, losses, histLoss, lossAxis)
	// The titles: each panel's above its top left corner, in its colour;
	// the games' under their numbers, at the right.
	text(left, histTop-12, txtAxisScore.In(l), histScore)
	text(left, lossTop-12, txtAxisLoss.In(l), histLoss)
	games := txtAxisGames.In(l)
	text(histW-histRight-width(games), histH-8, games, histAxis)
	// Game numbers under the lower panel, about ten of them.
	every := max(1, (n+9)/10)
	for i := 0; i < n; i += every {
		s := strconv.Itoa(i + 1)
		x := xOf(i)
		fill(x, lossTop+panelH, x+1, lossTop+panelH+5, histAxis)
		text(x-width(s)/2, lossTop+panelH+histLine, s, histAxis)
	}
	return img, texts, nil
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
