package yachtstats

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strconv"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/picturefont"
	"github.com/alea-bot/alea/commands/yachtwords"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Chart geometry in pixels. The text is chartFontPx tall, enough to read
// 11 px high when Discord shows the chart 420 px wide (TestChartTextReads).
const (
	chartW      = 600
	chartH      = 420
	chartFontPx = 16
	chartLine   = 24 // the height of a line of text
	chartLeft   = 52
	chartRight  = 16
	chartTop    = chartLine + 3*chartLine + 6 // the title, then three rows of quantile labels
	chartBottom = 2*chartLine + 10            // the score axis, then the legend
)

// The chart's words, in the reader's language.
var (
	msgChartTitleSim   = commands.T("%s — final score, %d games", "%s — 최종 점수, %d게임", "%s — 最終得点、%dゲーム")
	msgChartTitleExact = commands.T("%s — final score, sd %.2f", "%s — 최종 점수, 표준편차 %.2f", "%s — 最終得点、標準偏差 %.2f")
	msgChartMean       = commands.T("simulated %.2f", "시뮬레이션 %.2f", "シミュレーション %.2f")
	msgChartExact      = commands.T("exact %.2f", "정확한 값 %.2f", "厳密値 %.2f")
	msgChartQuantiles  = commands.T("p5–p95", "p5–p95 분위수", "p5〜p95 分位点")
)

// ChartLabels returns every text the chart can draw apart from numbers, in
// every language: what the pictures' typeface must hold (see package
// picturefont's chars.txt).
func ChartLabels() []string {
	var out []string
	for _, l := range commands.Locales {
		for _, t := range []commands.Text{msgChartTitleSim, msgChartTitleExact, msgChartMean, msgChartExact, msgChartQuantiles} {
			out = append(out, t.In(l))
		}
		out = append(out, yachtwords.RuleNames(l)...)
	}
	return out
}

var (
	chartBG    = color.RGBA{0xff, 0xff, 0xff, 0xff}
	chartBar   = color.RGBA{0x2e, 0x86, 0xc1, 0xff}
	chartAxis  = color.RGBA{0x44, 0x44, 0x44, 0xff}
	chartMean  = color.RGBA{0xd6, 0x27, 0x28, 0xff}
	chartExact = color.RGBA{0x11, 0x11, 0x11, 0xff}
	chartQuant = color.RGBA{0xff, 0x99, 0x00, 0xff}
	chartGrid  = color.RGBA{0xe6, 0xe6, 0xe6, 0xff}
)

// histogram is the chart's content: counts of final totals in bins of
// width binWidth starting at lo, and the marks.
type histogram struct {
	lo, binWidth int
	counts       []int
	games        int
	// probs, when set, replaces counts/games: the exact probability of
	// each bin.
	probs       []float64
	mean, exact float64
	quantiles   []quantileMark
	title       string
	// legend are the words of the mean, the exact value and the
	// quantiles, in the reader's language.
	legend [3]string
}

// shares returns the share of the games (or the probability) of each bin.
func (h histogram) shares() []float64 {
	if h.probs != nil {
		return h.probs
	}
	out := make([]float64, len(h.counts))
	for i, c := range h.counts {
		out[i] = float64(c) / float64(max(h.games, 1))
	}
	return out
}

type quantileMark struct {
	label string
	value int
}

// newHistogram bins finals in bins of width w (aligned to multiples of w).
func newHistogram(finals []int, w int) histogram {
	lo, hi := finals[0], finals[0]
	for _, f := range finals {
		lo, hi = min(lo, f), max(hi, f)
	}
	lo = lo / w * w
	h := histogram{lo: lo, binWidth: w, counts: make([]int, (hi-lo)/w+1), games: len(finals)}
	for _, f := range finals {
		h.counts[(f-lo)/w]++
	}
	return h
}

// drawChart renders the histogram as a PNG: bars, the simulated mean (red),
// the exact expected value (black, dashed), and quantiles (orange), with
// the title and the legend in the reader's language.
func drawChart(h histogram) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, chartW, chartH))
	draw.Draw(img, img.Bounds(), image.NewUniform(chartBG), image.Point{}, draw.Src)
	fill := func(x0, y0, x1, y1 int, c color.Color) {
		draw.Draw(img, image.Rect(x0, y0, x1, y1), image.NewUniform(c), image.Point{}, draw.Src)
	}
	face, err := picturefont.Face(chartFontPx)
	if err != nil {
		return nil, err
	}
	text := func(x, y int, s string, c color.Color) {
		d := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	width := func(s string) int { return font.MeasureString(face, s).Ceil() }

	plotW, plotH := chartW-chartLeft-chartRight, chartH-chartTop-chartBottom
	x0, y0 := chartLeft, chartTop+plotH // origin, bottom left
	shares := h.shares()
	hi := h.lo + h.binWidth*len(shares)
	xOf := func(v float64) int { return x0 + int(float64(plotW)*(v-float64(h.lo))/float64(hi-h.lo)) }
	topShare := 0.0
	for _, c := range shares {
		topShare = max(topShare, c)
	}
	if topShare == 0 {
		topShare = 1
	}
	topShare *= 1.1 // headroom
	// Share of games per bin, the y axis in percent with grid lines.
	step := niceStep(topShare * 100 / 4)
	for p := step; p <= topShare*100; p += step {
		y := y0 - int(float64(plotH)*p/100/topShare)
		fill(x0, y, x0+plotW, y+1, chartGrid)
		s := strconv.FormatFloat(p, 'f', -1, 64) + "%"
		text(x0-6-width(s), y+chartFontPx/2-2, s, chartAxis)
	}
	for i, c := range shares {
		if c == 0 {
			continue
		}
		bx0 := xOf(float64(h.lo + i*h.binWidth))
		bx1 := xOf(float64(h.lo + (i+1)*h.binWidth))
		by := y0 - int(float64(plotH)*c/topShare)
		fill(bx0, by, max(bx0+1, bx1-1), y0, chartBar)
	}
	fill(x0, chartTop, x0+1, y0+1, chartAxis)
	fill(x0, y0, x0+plotW, y0+1, chartAxis)
	// x ticks every 25 or 50 points.
	tick := 50
	if hi-h.lo <= 200 {
		tick = 25
	}
	if hi-h.lo <= 60 {
		tick = 10
	}
	for v := (h.lo + tick - 1) / tick * tick; v <= hi; v += tick {
		x := xOf(float64(v))
		fill(x, y0, x+1, y0+5, chartAxis)
		s := strconv.Itoa(v)
		text(x-width(s)/2, y0+chartLine, s, chartAxis)
	}
	// Quantiles, then the exact value (dashed), then the mean on top.
	for i, q := range h.quantiles {
		x := xOf(float64(q.value) + 0.5)
		fill(x, chartTop, x+1, y0, chartQuant)
		text(x-width(q.label)/2, chartTop-6-chartLine*(i%3), q.label, chartQuant)
	}
	xe := xOf(h.exact)
	for y := chartTop; y < y0; y += 8 {
		fill(xe, y, xe+2, min(y+4, y0), chartExact)
	}
	xm := xOf(h.mean)
	fill(xm-1, chartTop, xm+1, y0, chartMean)
	text(8, chartFontPx+2, h.title, chartExact)
	// The legend: a swatch of each line's colour and its number; the
	// message says in the user's language what each line is.
	lx := 8
	for _, item := range []struct {
		c color.Color
		s string
	}{{chartMean, h.legend[0]}, {chartExact, h.legend[1]}, {chartQuant, h.legend[2]}} {
		fill(lx, chartH-13, lx+18, chartH-9, item.c)
		text(lx+22, chartH-6, item.s, chartAxis)
		lx += 22 + width(item.s) + 18
	}

	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("yacht chart: %w", err)
	}
	return buf.Bytes(), nil
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := 1.0
	for p*10 <= x {
		p *= 10
	}
	for p > x {
		p /= 10
	}
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}
