package yacht

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/internal/race"
)

// With a target, the data carries target and p_reach, every action its
// p_reach, sorted by p_reach then expected_final; the reply leads with the
// best chance and shows the best-average move beside it.
func TestTargetData(t *testing.T) {
	h := harness(t)
	// Open: choice, large_straight, yacht. 6 6 6 6 1 on roll 1, aiming 60
	// points above the sheet: only the yacht (50) plus a good choice or a
	// straight gets there.
	r := h.MustRun(`/yacht-advise dice:66661 roll:1 sheet:"` + endSheet + `" target:` + "190")
	raw, _ := json.Marshal(r.Data)
	var m map[string]any
	json.Unmarshal(raw, &m)
	for _, k := range []string{"target", "p_reach", "actions", "expected_final"} {
		if _, ok := m[k]; !ok {
			t.Errorf("data lacks %q: %s", k, raw)
		}
	}
	d := data(t, r)
	if d.Target == nil || *d.Target != 190 || d.PReach == nil {
		t.Fatalf("target %v p_reach %v", d.Target, d.PReach)
	}
	if len(d.Actions) != 10+3 { // keeps of 6 6 6 6 1: 5·2 ; 3 categories
		t.Errorf("%d actions", len(d.Actions))
	}
	for i, a := range d.Actions {
		if a.PReach == nil || *a.PReach < 0 || *a.PReach > 1 {
			t.Fatalf("action %d: p_reach %v", i, a.PReach)
		}
		if i > 0 {
			p, q := *d.Actions[i-1].PReach, *a.PReach
			if q > p || q == p && a.ExpectedFinal > d.Actions[i-1].ExpectedFinal {
				t.Errorf("actions not sorted at %d", i)
			}
		}
	}
	if *d.PReach != *d.Actions[0].PReach || *d.PReach <= 0 || *d.PReach >= 1 {
		t.Errorf("p_reach %v, best action %v", *d.PReach, *d.Actions[0].PReach)
	}
	text := bot.FormatText(r)
	if !strings.Contains(text, "Best chance of 190 or more") || !strings.Contains(text, "%") {
		t.Errorf("reply:\n%s", text)
	}
}

// A target the sheet holds is answered with 1 for every action and a
// sentence, one beyond the best possible with 0; an absurd one is refused
// with the bounds.
func TestTargetReachedUnreachableAndBad(t *testing.T) {
	h := harness(t)
	r := h.MustRun(`/yacht-advise dice:66661 roll:2 sheet:"` + endSheet + `" target:10`)
	d := data(t, r)
	for _, a := range d.Actions {
		if *a.PReach != 1 {
			t.Errorf("reached: %+v", a)
		}
	}
	if !strings.Contains(bot.FormatText(r), "already has 113 points") {
		t.Errorf("reached reply:\n%s", bot.FormatText(r))
	}
	// The dice are shown once, glyphs with their digits, as without a target.
	if title := r.Embeds[0].Title; !strings.HasPrefix(title, "⚀⚅⚅⚅⚅ (16666) · roll 2 of 3 · aiming for 10 ·") {
		t.Errorf("title %q", title)
	}
	// Best possible: 113 + 30 (choice) + 30 + 50 = 223.
	r = h.MustRun(`/yacht-advise dice:66661 roll:2 sheet:"` + endSheet + `" target:224`)
	d = data(t, r)
	for _, a := range d.Actions {
		if *a.PReach != 0 {
			t.Errorf("unreachable: %+v", a)
		}
	}
	if !strings.Contains(bot.FormatText(r), "224 can no longer be reached: the most this sheet can still make is 223") {
		t.Errorf("unreachable reply:\n%s", bot.FormatText(r))
	}
	r = h.MustRun(`/yacht-advise sheet:"` + endSheet + `" target:223`)
	if d := data(t, r); *d.PReach <= 0 || *d.PReach >= 0.01 {
		t.Errorf("exactly the best: %v", *d.PReach)
	}
	for _, line := range []string{`/yacht-advise target:-5`, `/yacht-advise target:5000`} {
		r, out := h.Run(line)
		if out != bot.Rejected {
			t.Errorf("%s: outcome %v, want rejected", line, out)
		}
		_ = r
	}
	// The handler checks the bounds again when the definition is bypassed.
	req := &commands.Request{Kind: commands.KindCommand, Command: "yacht-advise", Locale: commands.Korean,
		Options: commands.Options{"target": int64(-3)}}
	r, out := h.Do(req)
	if out != bot.Rejected || !strings.Contains(bot.FormatText(r), "-3") || !strings.Contains(bot.FormatText(r), "2000") {
		t.Errorf("negative target: %v %q", out, bot.FormatText(r))
	}
}

func TestTargetLocales(t *testing.T) {
	h := harness(t)
	want := map[commands.Locale]string{commands.English: "Best chance", commands.Korean: "확률이 가장 높은 수", commands.Japanese: "確率が最も高い手"}
	for loc, w := range want {
		h.Locale = loc
		r := h.MustRun(`/yacht-advise dice:23456 roll:2 sheet:"` + endSheet + `" target:180`)
		if text := bot.FormatText(r); !strings.Contains(text, w) || strings.Contains(text, "%!") {
			t.Errorf("%s reply:\n%s", loc, text)
		}
	}
}

// Rule sets without a target table (Yatzy's would need several times the
// memory of Yacht's) answer a target directly when its calculation is
// within maxTargetRows, and otherwise tell the sheet how many boxes to
// fill, and which targets it answers now when they reach the expected
// final, without computing.
func TestTargetTooEarlyWithoutTable(t *testing.T) {
	if race.Enabled {
		t.Skip("the Yatzy table is not built under the race detector")
	}
	h := harness(t)
	// From the empty Yatzy sheet every target worth aiming at is too much.
	r, out := h.Run(`/yacht-advise rules:yatzy target:200`)
	text := bot.FormatText(r)
	if out != bot.Rejected || !strings.Contains(text, "15 categories open") || !strings.Contains(text, "up to 14") || !strings.Contains(text, "fill 1 more") {
		t.Errorf("outcome %v:\n%s", out, text)
	}
	// From the empty Yahtzee sheet targets up to about 335 are answered
	// (a target of 255, near the expected final, takes 12.5 CPU-s).
	r, out = h.Run(`/yacht-advise rules:yahtzee target:400`)
	text = bot.FormatText(r)
	if out != bot.Rejected || !strings.Contains(text, "target of 400") || !strings.Contains(text, "13 categories open") || !strings.Contains(text, "fill 1 more") {
		t.Errorf("outcome %v:\n%s", out, text)
	}
	s := yacht.NewSheet(mustRules(t, yacht.Yahtzee))
	up := 0
	if _, err := fmt.Sscanf(text[strings.Index(text, "targets up to ")+len("targets up to "):], "%d", &up); err != nil {
		t.Fatalf("no highest target in %q", text)
	}
	if finalscore.EstimateTarget(s, up).Rows > maxTargetRows || finalscore.EstimateTarget(s, up+1).Rows <= maxTargetRows || up < 300 {
		t.Errorf("highest target %d: %d rows, %d at the next", up, finalscore.EstimateTarget(s, up).Rows, finalscore.EstimateTarget(s, up+1).Rows)
	}
}

// mustRules is the preset name.
func mustRules(t *testing.T, name string) *yacht.Rules {
	t.Helper()
	r, err := yacht.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// openSheet fills categories of rule set r (three of each upper face, the
// second possible score below), the lower ones first, so that open remain
// with the upper boxes and the bonus among them: the sheets of
// BenchmarkAdviseTarget and BenchmarkAdviseTargetHigh.
func openSheet(t *testing.T, r *yacht.Rules, open int) yacht.Sheet {
	t.Helper()
	s := yacht.NewSheet(r)
	var order []int
	for _, upper := range []bool{false, true} {
		for i := range r.Categories {
			if (r.Categories[i].Kind == yacht.KindUpper) == upper {
				order = append(order, i)
			}
		}
	}
	for _, i := range order[:len(r.Categories)-open] {
		if c := &r.Categories[i]; c.Kind == yacht.KindUpper {
			s.Scores[i] = 3 * c.Face
		} else if ps := r.PossibleScores(i); len(ps) > 1 {
			s.Scores[i] = ps[1]
		} else {
			s.Scores[i] = 0
		}
	}
	return s
}

// Each rule set without a target table answers every target with up to
// its reach open (the rows at the highest target are within
// maxTargetRows, from the benchmarks' sheets, whose open upper boxes make
// the most work, and from random ones), and not every target with one
// more open.
func TestTargetReachWithinRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for key, reach := range targetReach {
		r, err := yacht.Preset(key)
		if err != nil {
			t.Fatal(err)
		}
		s := openSheet(t, r, reach)
		if c := finalscore.EstimateTarget(s, finalscore.MaxFinal(s)); c.Rows > maxTargetRows {
			t.Errorf("%s, %d open: %d rows at the highest target", key, reach, c.Rows)
		}
		for trial := 0; trial < 30; trial++ {
			s := yacht.NewSheet(r)
			for _, i := range rng.Perm(len(r.Categories))[:len(r.Categories)-reach] {
				ps := r.PossibleScores(i)
				s.Scores[i] = ps[rng.IntN(len(ps))]
			}
			if c := finalscore.EstimateTarget(s, finalscore.MaxFinal(s)); c.Rows > maxTargetRows {
				t.Errorf("%s %v: %d rows at the highest target", key, s, c.Rows)
			}
		}
		s = openSheet(t, r, reach+1)
		if c := finalscore.EstimateTarget(s, finalscore.MaxFinal(s)); c.Rows <= maxTargetRows {
			t.Errorf("%s, %d open: %d rows at the highest target, within the reach of %d", key, reach+1, c.Rows, reach)
		}
	}
}

// refusingGate records the memory each heavy turn asks for and refuses it,
// so that nothing is computed.
type refusingGate struct{ asked []int64 }

func (g *refusingGate) Enter(ctx context.Context, memory int64) (context.Context, func(), error) {
	g.asked = append(g.asked, memory)
	return nil, nil, commands.Rejectf(msgTargetBusy)
}

// A direct target calculation with many boxes open asks the heavy-work
// gate for its memory (so that the gate keeps such work within its
// budget); one with few boxes open, or one answered from a target table,
// asks for none, and a target the sheet settles or one asked too early is
// answered without any (the gate is entered only while the rules' table
// is built, for nothing).
func TestTargetAsksForMemory(t *testing.T) {
	cmd := newCommand(tables(t), DiceFaces{})
	estimate := func(rules, sheet string) int64 {
		s, err := yacht.ParseSheet(mustRules(t, rules), sheet)
		if err != nil {
			t.Fatal(err)
		}
		return directTargetMemory(finalscore.EstimateTarget(s, 200))
	}
	for _, c := range []struct {
		rules, sheet string
		target       int64
		want         []int64 // nil: the gate is not entered or asked for nothing
	}{
		{"yatzy", "ones:3 twos:6 chance:20 yatzy:0", 200, []int64{estimate("yatzy", "ones:3 twos:6 chance:20 yatzy:0")}},
		{"yahtzee", "aces:3 twos:6 chance:20", 200, []int64{estimate("yahtzee", "aces:3 twos:6 chance:20")}},
		{"yatzy", "ones:3 twos:6 threes:9 fours:12 fives:15 sixes:18 one_pair:12 two_pairs:22 three_of_a_kind:18", 200, []int64{0}},
		{"yacht", "aces:3", 200, []int64{0}},
		{"yatzy", "", 200, nil},              // 15 open: too early, refused without computing
		{"yahtzee", "aces:3 twos:6", 0, nil}, // held already
	} {
		g := &refusingGate{}
		req := &commands.Request{Kind: commands.KindCommand, Command: "yacht-advise", Locale: commands.English,
			Options: commands.Options{"rules": c.rules, "target": c.target}}
		if c.sheet != "" {
			req.Options["sheet"] = c.sheet
		}
		_, err := cmd.Handle(commands.WithHeavyGate(context.Background(), g), req)
		if c.want != nil {
			if err == nil || len(g.asked) != 1 || g.asked[0] != c.want[0] {
				t.Errorf("%s %q: error %v, asked the gate for %v, want %v", c.rules, c.sheet, err, g.asked, c.want)
			}
			continue
		}
		for _, m := range g.asked {
			if m != 0 {
				t.Errorf("%s %q target %d: asked the gate for %v, want nothing", c.rules, c.sheet, c.target, g.asked)
			}
		}
	}
	// The estimates cover the resident sizes measured (above the
	// process's own, 25 November 2026) on the benchmarks' sheets: at the
	// highest target (max) or at the expected final rounded up.
	for _, c := range []struct {
		rules  string
		open   int
		target int // 0: the highest
		mb     int64
	}{
		{"yahtzee", 11, 0, 129},
		{"yahtzee", 12, 0, 245},
		{"yahtzee", 13, 255, 245},
		{"yatzy", 13, 0, 149},
		{"yatzy", 14, 0, 242},
	} {
		s := openSheet(t, mustRules(t, c.rules), c.open)
		target := c.target
		if target == 0 {
			target = finalscore.MaxFinal(s)
		}
		if got := directTargetMemory(finalscore.EstimateTarget(s, target)); got < c.mb<<20 {
			t.Errorf("%s, %d open, target %d: estimate %d MB, measured %d MB", c.rules, c.open, target, got>>20, c.mb)
		}
	}
}
