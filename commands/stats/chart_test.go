package stats

import (
	"image"
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/picturefont"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// TestHistoryTextReads: the history chart's text stands at least 11 px
// tall when Discord shows the chart 420 px wide: its size is at least
// 11 × histW / 420 pixels, and a line of it fits the chart's line.
func TestHistoryTextReads(t *testing.T) {
	if need := picturefont.MinPixels(histW); histFontPx < need {
		t.Fatalf("history chart font %d px in a chart %d px wide: shown 420 px wide it is %.1f px, under 11",
			histFontPx, histW, float64(histFontPx)*420/float64(histW))
	}
	face, err := picturefont.Face(histFontPx)
	if err != nil {
		t.Fatal(err)
	}
	if h := (face.Metrics().Ascent + face.Metrics().Descent).Ceil(); h > histLine {
		t.Errorf("a line of text is %d px, more than the chart's line %d", h, histLine)
	}
}

// TestHistoryTextFits: for short and long series, Yacht and Yahtzee scores
// (up to 1575 with bonuses), flat and steep losses, every text of the
// chart has its glyphs in the pictures' typeface, lies inside the picture,
// is drawn (ink in its box), and overlaps no other text.
func TestHistoryTextFits(t *testing.T) {
	face, err := picturefont.Face(histFontPx)
	if err != nil {
		t.Fatal(err)
	}
	series := func(n int, score func(i int) int, loss func(i int) float64) []SeriesPoint {
		out := make([]SeriesPoint, n)
		for i := range out {
			out[i] = SeriesPoint{Score: score(i), Skill: loss(i)}
		}
		return out
	}
	cases := map[string][]SeriesPoint{
		"one game":             series(1, func(int) int { return 201 }, func(int) float64 { return 0.15 }),
		"two games":            series(2, func(i int) int { return 190 + 22*i }, func(i int) float64 { return 0.2 - 0.1*float64(i) }),
		"flat":                 series(7, func(int) int { return 150 }, func(int) float64 { return 0 }),
		"fifty games, Yacht":   series(seriesLength, func(i int) int { return 120 + i*3 }, func(i int) float64 { return float64(i%7) * 0.31 }),
		"fifty games, Yahtzee": series(seriesLength, func(i int) int { return []int{45, 1575, 300}[i%3] }, func(i int) float64 { return []float64{0, 19.87, 3.3}[i%3] }),
		"eleven games":         series(11, func(i int) int { return 100 + i }, func(i int) float64 { return 0.01 * float64(i) }),
	}
	for name, s := range cases {
		for _, l := range commands.Locales {
			checkHistoryText(t, face, name+" "+string(l), l, s)
		}
	}
}

// checkHistoryText checks the texts of the chart of s in l.
func checkHistoryText(t *testing.T, face font.Face, name string, l commands.Locale, s []SeriesPoint) {
	t.Helper()
	img, texts, err := renderHistory(l, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(texts) == 0 {
		t.Fatalf("%s: no text", name)
	}
	boxes := make([]image.Rectangle, len(texts))
	for i, tx := range texts {
		if m := picturefont.Missing(tx.s); len(m) != 0 {
			t.Errorf("%s: the pictures' font lacks %q of %q", name, string(m), tx.s)
		}
		b, _ := font.BoundString(face, tx.s)
		b = b.Add(fixed.P(tx.x, tx.y))
		boxes[i] = image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())
		if !boxes[i].In(img.Bounds()) {
			t.Errorf("%s: %q at %v leaves the %v picture", name, tx.s, boxes[i], img.Bounds())
		}
		ink := 0
		for y := boxes[i].Min.Y; y < boxes[i].Max.Y; y++ {
			for x := boxes[i].Min.X; x < boxes[i].Max.X; x++ {
				if img.RGBAAt(x, y) != histBG && img.RGBAAt(x, y) != histGrid {
					ink++
				}
			}
		}
		if ink == 0 {
			t.Errorf("%s: no ink where %q is written", name, tx.s)
		}
	}
	for i := range boxes {
		for j := i + 1; j < len(boxes); j++ {
			if boxes[i].Overlaps(boxes[j]) {
				t.Errorf("%s: %q at %v overlaps %q at %v", name, texts[i].s, boxes[i], texts[j].s, boxes[j])
			}
		}
	}
}

// TestHistoryAxisTitles: the chart titles its panels and its games' axis
// in the reader's language.
func TestHistoryAxisTitles(t *testing.T) {
	s := []SeriesPoint{{Score: 190, Skill: 0.2}, {Score: 212, Skill: 0.1}, {Score: 201, Skill: 0.15}}
	for l, want := range map[commands.Locale][]string{
		commands.English:  {"Score", "Points lost per decision (lower is better)", "Games, oldest first"},
		commands.Korean:   {"점수", "선택 1회당 손실 (낮을수록 좋음)", "게임 (오래된 순)"},
		commands.Japanese: {"得点", "判断あたりの損失（低いほど良い）", "ゲーム（古い順）"},
	} {
		_, texts, err := renderHistory(l, s)
		if err != nil {
			t.Fatal(err)
		}
		drawn := map[string]bool{}
		for _, tx := range texts {
			drawn[tx.s] = true
		}
		for _, w := range want {
			if !drawn[w] {
				t.Errorf("%s: the chart does not draw %q", l, w)
			}
		}
	}
}
