package yachtstats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/internal/regression"
)

func statsData(t *testing.T, r *commands.Reply) StatsData {
	t.Helper()
	raw, err := json.Marshal(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	var d StatsData
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// checkChart checks that the chart and the message show the numbers of the
// data, and that the histogram holds every game.
func checkChart(t *testing.T, r *commands.Reply, d StatsData) {
	t.Helper()
	if len(r.Files) != 1 || r.Embeds[0].Image != r.Files[0].Name {
		t.Fatalf("files %d, image %q", len(r.Files), r.Embeds[0].Image)
	}
	img, err := png.Decode(bytes.NewReader(r.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != chartW || b.Dy() != chartH {
		t.Errorf("chart %v", b)
	}
	n, sum := 0, 0.0
	for i, c := range d.Histogram {
		n += c
		sum += float64(c) * (float64(d.BinStart+i*d.BinWidth) + float64(d.BinWidth-1)/2)
	}
	if n != d.Games {
		t.Errorf("histogram holds %d games of %d", n, d.Games)
	}
	// Within a bin the totals lie in [start, start+width-1].
	if m := sum / float64(n); math.Abs(m-d.Mean) > float64(d.BinWidth-1)/2 {
		t.Errorf("histogram mean %.3f, mean %.3f", m, d.Mean)
	}
	text := bot.FormatText(r)
	for _, want := range []string{
		fmt.Sprintf("**%.3f**", d.ExpectedFinal),
		fmt.Sprintf("**%.3f ± %.3f**", d.Mean, d.StdErr),
		fmt.Sprintf("p50 %d", p50(d)),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("reply lacks %q:\n%s", want, text)
		}
	}
	prev := math.MinInt
	for _, q := range []string{"p5", "p25", "p50", "p75", "p95"} {
		if d.Quantiles[q] < prev {
			t.Errorf("quantiles out of order: %v", d.Quantiles)
		}
		prev = d.Quantiles[q]
	}
}

// p50 is the median the reply shows: the exact one when there is one.
func p50(d StatsData) int {
	if d.Exact != nil {
		return d.Exact.Quantiles["p50"]
	}
	return d.Quantiles["p50"]
}

// checkExact checks the exact object: probabilities that sum to 1 with the
// table's mean, quantiles in order and consistent with the probabilities.
func checkExact(t *testing.T, d StatsData) {
	t.Helper()
	x := d.Exact
	if x == nil {
		t.Fatal("no exact distribution")
	}
	sum, mean := 0.0, 0.0
	for i, p := range x.Probabilities {
		if p < 0 {
			t.Errorf("P(%d) = %g", x.MinScore+i, p)
		}
		sum += p
		mean += p * float64(x.MinScore+i)
	}
	if math.Abs(sum-1) > 1e-12 || math.Abs(mean-d.ExpectedFinal) > 1e-9 || math.Abs(x.Mean-d.ExpectedFinal) > 1e-9 {
		t.Errorf("sum %.15f, mean %.9f, exact.mean %.9f, expected_final %.9f", sum, mean, x.Mean, d.ExpectedFinal)
	}
	prev := math.MinInt
	for _, q := range []string{"p5", "p25", "p50", "p75", "p95"} {
		if x.Quantiles[q] < prev {
			t.Errorf("exact quantiles out of order: %v", x.Quantiles)
		}
		prev = x.Quantiles[q]
	}
	if x.Median != x.Quantiles["p50"] {
		t.Errorf("median %d, p50 %d", x.Median, x.Quantiles["p50"])
	}
	// P(final ≤ median) ≥ 1/2 and P(final < median) < 1/2.
	below := 0.0
	for i := 0; i < x.Median-x.MinScore; i++ {
		below += x.Probabilities[i]
	}
	if below >= 0.5 || below+x.Probabilities[x.Median-x.MinScore] < 0.5 {
		t.Errorf("median %d: P(below) %.6f", x.Median, below)
	}
	// The simulation checks the distribution: four standard errors.
	if math.Abs(d.Mean-x.Mean) > 4*d.StdErr {
		t.Errorf("simulated %.3f ± %.3f, exact %.6f", d.Mean, d.StdErr, x.Mean)
	}
	for _, pr := range []struct {
		name     string
		sim, exa float64
	}{{"bonus", d.PUpperBonus, x.PUpperBonus}, {"yacht", d.PYacht, x.PYacht}} {
		se := math.Sqrt(pr.exa * (1 - pr.exa) / float64(d.Games))
		if math.Abs(pr.sim-pr.exa) > 4*se+1e-12 {
			t.Errorf("P(%s): simulated %.4f, exact %.4f", pr.name, pr.sim, pr.exa)
		}
	}
}

// An end game (Choice, Big Straight and Yacht open, bonus earned): the
// simulated mean agrees with the table within four standard errors, every
// final total is one the open boxes can make, and the bonus is certain.
func TestStatsEndGame(t *testing.T) {
	h := harness(t)
	sheet := "aces:3 twos:6 threes:9 fours:12 fives:15 sixes:18 four_of_a_kind:0 full_house:0 small_straight:15"
	games := 20000
	if race.Enabled {
		games = 3000
	}
	r := h.MustRun(fmt.Sprintf(`/yacht-stats sheet:"%s" compare:false games:%d seed:9`, sheet, games))
	d := statsData(t, r)
	rules, _ := yacht.Preset(yacht.Yacht)
	s, _ := yacht.ParseSheet(rules, sheet)
	exact := 113 + table(t, yacht.Yacht).Value(s.State())
	if d.Games != games || d.Score != 113 || math.Abs(d.ExpectedFinal-exact) > 1e-9 {
		t.Fatalf("games %d score %d expected %.6f (table %.6f)", d.Games, d.Score, d.ExpectedFinal, exact)
	}
	t.Logf("end game: simulated %.3f ± %.3f, exact %.6f", d.Mean, d.StdErr, exact)
	if math.Abs(d.Mean-exact) > 4*d.StdErr {
		t.Errorf("simulated %.3f ± %.3f, exact %.6f", d.Mean, d.StdErr, exact)
	}
	if d.PUpperBonus != 1 || d.PYacht <= 0 || d.PYacht >= 1 {
		t.Errorf("P(bonus) %v, P(yacht) %v", d.PUpperBonus, d.PYacht)
	}
	// 113 + Choice (5..30) + Big Straight (0 or 30) + Yacht (0 or 50).
	for i, c := range d.Histogram {
		lo := d.BinStart + i*d.BinWidth
		if c > 0 && (lo+d.BinWidth-1 < 113+5 || lo > 113+30+30+50) {
			t.Errorf("%d games in [%d, %d)", c, lo, lo+d.BinWidth)
		}
	}
	checkChart(t, r, d)
	checkExact(t, d)
	if x := d.Exact; x.PUpperBonus != 1 || x.MinScore < 113+5 || x.MinScore+len(x.Probabilities)-1 > 113+30+30+50 {
		t.Errorf("exact: bonus %v, scores %d..%d", x.PUpperBonus, x.MinScore, x.MinScore+len(x.Probabilities)-1)
	}
	if len(d.Presets) != 0 {
		t.Errorf("compare:false compared presets")
	}
}

// From the start, every preset: the simulated mean agrees with the table's
// start value (a regression value, internal/regression) within four standard
// errors.
func TestStatsStartAndPresets(t *testing.T) {
	if race.Enabled {
		t.Skip("full tables are built in the non-race run")
	}
	h := harness(t)
	// The preset tables are built first, outside the command's time
	// budget, so a loaded machine cannot cut the comparison short.
	for _, k := range presetKeys {
		table(t, k)
	}
	r := h.MustRun(`/yacht-stats seed:1`) // as the table of docs/commands.md
	d := statsData(t, r)
	t.Logf("yacht start: simulated %.3f ± %.3f, exact %.6f", d.Mean, d.StdErr, d.ExpectedFinal)
	checkDocsTable(t, d)
	if math.Abs(d.ExpectedFinal-regression.YachtStart) > regression.StartTolerance || math.Abs(d.Mean-d.ExpectedFinal) > 4*d.StdErr {
		t.Errorf("start: simulated %.3f ± %.3f, exact %.6f", d.Mean, d.StdErr, d.ExpectedFinal)
	}
	checkChart(t, r, d)
	checkExact(t, d)
	if len(d.Presets) != len(presetKeys) {
		t.Fatalf("%d presets compared", len(d.Presets))
	}
	for _, p := range d.Presets {
		t.Logf("%-22s exact %.3f simulated %.3f ± %.3f bonus %.3f yacht %.3f", p.Rules, p.ExpectedFinal, p.Mean, p.StdErr, p.PUpperBonus, p.PYacht)
		if got := table(t, p.Rules).Start(); p.ExpectedFinal != got {
			t.Errorf("%s: exact %.6f, table %.6f", p.Rules, p.ExpectedFinal, got)
		}
		if p.Games != compareGames || math.Abs(p.Mean-p.ExpectedFinal) > 4*p.StdErr {
			t.Errorf("%s: %d games, simulated %.3f ± %.3f, exact %.6f", p.Rules, p.Games, p.Mean, p.StdErr, p.ExpectedFinal)
		}
	}
	// Every preset by the name the rules menu shows, never its key.
	text := bot.FormatText(r)
	for _, want := range []string{"**Yahtzee, free joker (Verhoeff)**: exact 254.59 · simulated ", "**Yatzy (Scandinavian)**: exact 248.44"} {
		if !strings.Contains(text, want) {
			t.Errorf("comparison: no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "yahtzee+free_joker") {
		t.Errorf("comparison names a rules key:\n%s", text)
	}
}

func TestStatsBadInput(t *testing.T) {
	h := harness(t)
	full := "aces:3 twos:6 threes:9 fours:12 fives:15 sixes:18 choice:20 four_of_a_kind:0 full_house:0 small_straight:15 large_straight:30 yacht:0"
	cases := map[string]string{
		`/yacht-stats sheet:"` + full + `"`: "Every category is filled",
		`/yacht-stats sheet:"aces:7"`:       "Aces cannot score 7; it can score 0 to 5.",
		`/yacht-stats games:10`:             "between",
		`/yacht-stats rules:bogus`:          "",
	}
	for line, want := range cases {
		r, out := h.Run(line)
		if out != bot.Rejected || !strings.Contains(bot.FormatText(r), want) {
			t.Errorf("%s: %s %q, want %q", line, out, bot.FormatText(r), want)
		}
	}
}

// checkDocsTable checks that the /yacht-stats table of docs/commands.md
// is what `/yacht-stats seed:1` prints: the first row the exact
// distribution with its simulated check, then each preset compared, in the
// rules menu's names (issue 25: the table was no longer what the command
// prints).
func checkDocsTable(t *testing.T, d StatsData) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "docs", "commands.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	i := strings.Index(doc, "`alea run '/yacht-stats seed:1'` prints")
	if i < 0 {
		t.Fatal("docs/commands.md no longer shows what `alea run '/yacht-stats seed:1'` prints")
	}
	var rows []string
	for _, line := range strings.Split(doc[i:], "\n") {
		if strings.HasPrefix(line, "| ") && !strings.HasPrefix(line, "| rules") && !strings.HasPrefix(line, "| ---") {
			rows = append(rows, line)
		} else if len(rows) > 0 {
			break
		}
	}
	if d.Exact == nil {
		t.Fatal("no exact distribution to compare with docs/commands.md")
	}
	want := []string{fmt.Sprintf("| %s, %s games | %.3f | %.3f ± %.3f | %.2f%% | %.2f%% |", yachtwords.RulesName(commands.English, d.Rules),
		thousands(d.Games), d.ExpectedFinal, d.Mean, d.StdErr, 100*d.Exact.PUpperBonus, 100*d.Exact.PYacht)}
	for _, p := range d.Presets {
		want = append(want, fmt.Sprintf("| %s | %.2f | %.2f ± %.2f | %.2f%% | %.2f%% |", yachtwords.RulesName(commands.English, p.Rules),
			p.ExpectedFinal, p.Mean, p.StdErr, 100*p.PUpperBonus, 100*p.PYacht))
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("the /yacht-stats table of docs/commands.md:\n%s\nthe command prints:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
}

// thousands writes n with a space between thousands, as the docs do.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + " " + s[i:]
	}
	return s
}
