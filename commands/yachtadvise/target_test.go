package yachtadvise

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/reach"
	"github.com/alea-bot/alea/game/record"
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

// A direct target calculation beyond its limit is refused without
// computing, naming the nearest targets answered now: from the empty
// Yatzy sheet, with a limit of 3 million rows, those up to some target
// below 200 and from some target above it (each within the limit, the
// next one toward 200 beyond it), in every language; with no limit left,
// none.
func TestTargetTooEarly(t *testing.T) {
	s := yacht.NewSheet(mustRules(t, yacht.Yatzy))
	const limit = 3_000_000
	err := tooEarly(s, 200, limit)
	var rej *commands.UserError
	if !errors.As(err, &rej) {
		t.Fatalf("%v", err)
	}
	text := rej.Localize(commands.English)
	var below, above int
	if _, err := fmt.Sscanf(text[strings.Index(text, "targets up to "):], "targets up to %d, and of %d or more", &below, &above); err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	rows := func(target int) int64 { return reach.Estimate(s, target).Rows }
	if !(below < 200 && 200 < above) || rows(below) > limit || rows(below+1) <= limit || rows(above) > limit || rows(above-1) <= limit {
		t.Errorf("%q: rows %d, %d at %d, %d; %d, %d at %d, %d", text, rows(below), rows(below+1), below, below+1, rows(above), rows(above-1), above, above-1)
	}
	for _, loc := range []commands.Locale{commands.Korean, commands.Japanese} {
		if l := rej.Localize(loc); !strings.Contains(l, fmt.Sprint(below)) || !strings.Contains(l, fmt.Sprint(above)) || !strings.Contains(l, "15") {
			t.Errorf("%s: %q", loc, l)
		}
	}
	if text := tooEarly(s, 200, 0).Error(); !strings.Contains(text, "15 categories open") || strings.Contains(text, "targets") {
		t.Errorf("no target within the limit: %q", text)
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
// BenchmarkAdviseTarget and BenchmarkAdviseTargetPeak.
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

// Every preset without a target table is answered from every sheet for
// every target: from the empty sheet and the benchmarks' sheets (whose
// open upper boxes make the most work), and from random sheets, at a
// spread of targets and every one where the rows peak, they are within
// maxTargetRows.
func TestEveryTargetWithinRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, key := range []string{yacht.Yahtzee, yacht.Yahtzee + "+" + yacht.FreeJokerOption, yacht.Yatzy} {
		r, err := yacht.Preset(key)
		if err != nil {
			t.Fatal(err)
		}
		for _, open := range []int{len(r.Categories), len(r.Categories) - 1, len(r.Categories) - 2} {
			s := openSheet(t, r, open)
			// Every target from 150 to 260 from the empty sheet, where the
			// rows peak (Yatzy's at 194, 5.92 million); a spread elsewhere.
			next := func(target int) int {
				if open == len(r.Categories) && target >= 150 && target < 260 {
					return target + 1
				}
				return target + 13
			}
			for target := s.Total() + 1; target <= reach.MaxFinal(s); target = next(target) {
				if c := reach.Estimate(s, target); c.Rows > maxTargetRows {
					t.Fatalf("%s, %d open, target %d: %d rows", key, open, target, c.Rows)
				}
			}
		}
		for trial := 0; trial < 4; trial++ {
			s := yacht.NewSheet(r)
			for _, i := range rng.Perm(len(r.Categories))[:1+rng.IntN(4)] {
				ps := r.PossibleScores(i)
				s.Scores[i] = ps[rng.IntN(len(ps))]
			}
			for target := s.Total() + 1; target <= reach.MaxFinal(s); target += 31 {
				if c := reach.Estimate(s, target); c.Rows > maxTargetRows {
					t.Fatalf("%s %v, target %d: %d rows", key, s, target, c.Rows)
				}
			}
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
	cmd := newCommand(tables(t), yachtwords.DiceFaces{}, nil, record.Asker{})
	estimate := func(rules, sheet string) int64 {
		s, err := yacht.ParseSheet(mustRules(t, rules), sheet)
		if err != nil {
			t.Fatal(err)
		}
		return directTargetMemory(reach.Estimate(s, 200))
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
		{"yatzy", "", 200, []int64{estimate("yatzy", "")}}, // from the empty sheet too
		{"yahtzee", "aces:3 twos:6", 0, nil},               // held already
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
	// process's own, 25 November 2026) on the benchmarks' sheets, which
	// are empty with every box open.
	for _, c := range []struct {
		rules        string
		open, target int
		mb           int64
	}{
		{"yahtzee", 13, 30, 48},
		{"yahtzee", 13, 255, 191},
		{"yahtzee", 13, 400, 180},
		{"yahtzee", 13, 1000, 198},
		{"yatzy", 14, 200, 198},
		{"yatzy", 15, 30, 129},
		{"yatzy", 15, 150, 357},
		{"yatzy", 15, 230, 393},
		{"yatzy", 15, 249, 386},
	} {
		s := openSheet(t, mustRules(t, c.rules), c.open)
		if got := directTargetMemory(reach.Estimate(s, c.target)); got < c.mb<<20 {
			t.Errorf("%s, %d open, target %d: estimate %d MB, measured %d MB", c.rules, c.open, c.target, got>>20, c.mb)
		}
	}
	// The same kept whole (reach.Solve), measured on 28
	// November 2026 (2-core AMD EPYC) from the empty sheets.
	for _, c := range []struct {
		rules  string
		target int
		mb     int64
	}{
		{"yahtzee", 30, 50},
		{"yahtzee", 255, 234},
		{"yatzy", 30, 153},
		{"yatzy", 100, 388},
		{"yatzy", 150, 513},
		{"yatzy", 194, 516},
		{"yatzy", 249, 473},
		{"yatzy", 300, 299},
	} {
		s := yacht.NewSheet(mustRules(t, c.rules))
		if got := keptTargetMemory(reach.Estimate(s, c.target)); got < c.mb<<20 {
			t.Errorf("%s kept, target %d: estimate %d MB, measured %d MB", c.rules, c.target, got>>20, c.mb)
		}
	}
}

// admittingGate records the memory each heavy turn asks for and admits it.
type admittingGate struct{ asked []int64 }

func (g *admittingGate) Enter(ctx context.Context, memory int64) (context.Context, func(), error) {
	g.asked = append(g.asked, memory)
	return ctx, func() {}, nil
}

// A Yatzy target asked from ten open boxes is computed once, as heavy work
// asking for the memory it keeps (TestTargetAsksForMemory: a command that
// keeps nothing enters the gate for every one); the next turns of the game
// toward the same target, while nine or more boxes are open, are answered
// from it without heavy work, as a command that keeps nothing computes them
// afresh (within the single precision's 1e-6); a later sheet, another
// target, or a calculation larger than the budget is computed anew.
func TestTargetKeptForLaterTurns(t *testing.T) {
	if race.Enabled {
		t.Skip("target inductions from ten open Yatzy boxes")
	}
	solutions := &reach.Solutions{Budget: 1 << 30}
	kept := newCommand(tables(t), yachtwords.DiceFaces{}, solutions, record.Asker{})
	fresh := newCommand(tables(t), yachtwords.DiceFaces{}, nil, record.Asker{})
	const first = "ones:2 twos:6 fours:12 one_pair:8 two_pairs:14"
	ask := func(cmd *commands.Command, sheet, dice string, roll, target int) (Data, []int64) {
		t.Helper()
		g := &admittingGate{}
		req := &commands.Request{Kind: commands.KindCommand, Command: "yacht-advise", Locale: commands.English,
			Options: commands.Options{"rules": "yatzy", "sheet": sheet, "dice": dice, "roll": int64(roll), "target": int64(target)}}
		r, err := cmd.Handle(commands.WithHeavyGate(context.Background(), g), req)
		if err != nil {
			t.Fatalf("%q toward %d: %v", sheet, target, err)
		}
		return r.Data.(Data), g.asked
	}
	s, err := yacht.ParseSheet(mustRules(t, "yatzy"), first)
	if err != nil {
		t.Fatal(err)
	}
	_, asked := ask(kept, first, "3 3 5 6 6", 1, 210)
	if want := keptTargetMemory(reach.Estimate(s, 210)); len(asked) != 1 || asked[0] != want || solutions.Bytes() == 0 {
		t.Fatalf("the first turn asked the gate for %v (want %d), %d bytes kept", asked, want, solutions.Bytes())
	}
	for _, c := range []struct {
		sheet, dice string
		roll        int
	}{
		{first, "1 1 1 4 2", 2},
		{first + " sixes:18", "2 3 4 5 5", 1},
		{first + " yatzy:50", "6 6 6 6 6", 3},
		{first + " small_straight:0", "1 2 3 4 4", 2},
	} {
		got, asked := ask(kept, c.sheet, c.dice, c.roll, 210)
		if len(asked) != 0 {
			t.Errorf("%q: asked the gate for %v, want no heavy work", c.sheet, asked)
		}
		want, _ := ask(fresh, c.sheet, c.dice, c.roll, 210)
		if d := *got.PReach - *want.PReach; d > 1e-6 || d < -1e-6 || len(got.Actions) != len(want.Actions) {
			t.Errorf("%q: %v from the kept calculation, %v afresh", c.sheet, *got.PReach, *want.PReach)
		}
	}
	if _, asked := ask(kept, first+" sixes:18 chance:24", "6 6 6 6 6", 3, 210); len(asked) != 1 {
		t.Errorf("eight open boxes asked the gate for %v, want a turn of heavy work", asked)
	}
	if _, asked := ask(kept, first+" sixes:18", "2 3 4 5 5", 1, 230); len(asked) != 1 || asked[0] == 0 {
		t.Errorf("another target asked the gate for %v", asked)
	}
	// A budget too small for the calculation keeps nothing and asks for
	// the memory of the calculation alone.
	none := &reach.Solutions{Budget: 1 << 20}
	small := newCommand(tables(t), yachtwords.DiceFaces{}, none, record.Asker{})
	if _, asked := ask(small, first, "3 3 5 6 6", 1, 210); len(asked) != 1 || asked[0] != directTargetMemory(reach.Estimate(s, 210)) || none.Bytes() != 0 {
		t.Errorf("over the budget: asked the gate for %v, %d bytes kept", asked, none.Bytes())
	}
}
