package yachtstats

import (
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/picturefont"
	"github.com/alea-bot/alea/commands/yachtwords"
	"golang.org/x/image/font"
)

// TestChartTextReads: the chart's text stands at least 11 px tall when
// Discord shows the chart 420 px wide: its size is at least
// 11 × chartW / 420 pixels.
func TestChartTextReads(t *testing.T) {
	if need := picturefont.MinPixels(chartW); chartFontPx < need {
		t.Fatalf("chart font %d px in a chart %d px wide: shown 420 px wide it is %.1f px, under 11",
			chartFontPx, chartW, float64(chartFontPx)*420/float64(chartW))
	}
	face, err := picturefont.Face(chartFontPx)
	if err != nil {
		t.Fatal(err)
	}
	if h := (face.Metrics().Ascent + face.Metrics().Descent).Ceil(); h > chartLine {
		t.Errorf("a line of text is %d px, more than the chart's line %d", h, chartLine)
	}
}

// TestChartLabelsAreInTheFont: every character the chart can draw (its
// words in every language, the rule names, digits and signs) has a glyph.
func TestChartLabelsAreInTheFont(t *testing.T) {
	labels := append(ChartLabels(), "0123456789.,%=-+ p5 p25 p50 p75 p95")
	for _, s := range labels {
		if m := picturefont.Missing(s); len(m) != 0 {
			t.Errorf("the pictures' font lacks %q of %q: run go generate ./commands/picturefont", string(m), s)
		}
	}
}

// TestChartWordsFit: the longest title and legend fit across the chart in
// every language, with the widest numbers they can show.
func TestChartWordsFit(t *testing.T) {
	face, err := picturefont.Face(chartFontPx)
	if err != nil {
		t.Fatal(err)
	}
	w := func(s string) int { return font.MeasureString(face, s).Ceil() }
	for _, l := range commands.Locales {
		for _, name := range yachtwords.RuleNames(l) {
			for _, title := range []string{msgChartTitleSim.Format(l, name, 100000), msgChartTitleExact.Format(l, name, 59.61)} {
				if x := 8 + w(title); x > chartW {
					t.Errorf("%s: title %q is %d px wide, the chart %d", l, title, x, chartW)
				}
			}
		}
		legend := 8
		for _, s := range []string{msgChartMean.Format(l, 254.59), msgChartExact.Format(l, 254.59), msgChartQuantiles.In(l)} {
			legend += 22 + w(s) + 18
		}
		if legend > chartW {
			t.Errorf("%s: the legend is %d px wide, the chart %d", l, legend, chartW)
		}
	}
}
