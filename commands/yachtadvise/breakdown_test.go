package yachtadvise

import (
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/internal/race"
)

// checkBreakdown checks one breakdown of the data output: every box of
// the rules' sheet, filled ones at their points, and the parts adding up
// to the expected final score (1e-9, the engine's tests' bound).
func checkBreakdown(t *testing.T, what string, r *yacht.Rules, sheet yacht.Sheet, b *yachtcoach.Breakdown, expected float64) {
	t.Helper()
	if b == nil {
		t.Fatalf("%s: no breakdown", what)
	}
	if len(b.Boxes) != len(r.Categories) {
		t.Errorf("%s: %d boxes, the sheet has %d", what, len(b.Boxes), len(r.Categories))
	}
	sum := b.UpperBonus + b.ExtraBonus
	for c, cat := range r.Categories {
		v, ok := b.Boxes[cat.Key]
		if !ok {
			t.Errorf("%s: no box %s", what, cat.Key)
		}
		if sheet.Scores[c] >= 0 && v != float64(sheet.Scores[c]) {
			t.Errorf("%s: filled box %s at %v, the sheet holds %d", what, cat.Key, v, sheet.Scores[c])
		}
		sum += v
	}
	if math.Abs(sum-expected) > 1e-9 {
		t.Errorf("%s: parts add up to %.12f, expected final %.12f", what, sum, expected)
	}
	if b.PUpperBonus < 0 || b.PUpperBonus > 1 || math.Abs(b.UpperBonus-b.PUpperBonus*float64(r.BonusPoints)) > 1e-12 {
		t.Errorf("%s: upper bonus %v at a chance of %v", what, b.UpperBonus, b.PUpperBonus)
	}
}

// Every action of the data output has its breakdown, and the position one
// (the best action's; the start of the next turn without dice).
func TestDataBreakdown(t *testing.T) {
	h := harness(t)
	r, _ := yacht.Preset(yacht.Yacht)
	cases := []struct{ dice, sheet string }{
		{"2 3 4 5 6", endSheet},
		{"6 6 6 6 1", endSheet + " choice:20"},
		{"", endSheet},
	}
	if !race.Enabled {
		cases = append(cases, struct{ dice, sheet string }{"3 3 5 6 6", "aces:3 twos:6 choice:22"}, struct{ dice, sheet string }{"", ""})
	}
	for _, c := range cases {
		cmd := `/yacht-advise sheet:"` + c.sheet + `"`
		if c.dice != "" {
			cmd += ` dice:"` + c.dice + `" roll:2`
		}
		d := data(t, h.MustRun(cmd))
		sheet, err := yachtwords.ParseSheet(r, c.sheet)
		if err != nil {
			t.Fatal(err)
		}
		checkBreakdown(t, cmd+" (position)", r, sheet, d.Breakdown, d.ExpectedFinal)
		for _, a := range d.Actions {
			raw, _ := json.Marshal(a)
			checkBreakdown(t, cmd+" "+string(raw), r, sheet, a.Breakdown, a.ExpectedFinal)
		}
		if c.dice == "" && c.sheet == "" {
			// From the empty sheet, the exact distribution's P(bonus) and
			// 50 × P(Yacht) (the engine's published values, to 4 places).
			if math.Abs(d.Breakdown.PUpperBonus-0.6902) > 5e-5 || math.Abs(d.Breakdown.Boxes["yacht"]-14.1742) > 5e-5 {
				t.Errorf("empty sheet: P(bonus) %.6f, Yacht box %.6f", d.Breakdown.PUpperBonus, d.Breakdown.Boxes["yacht"])
			}
		}
	}
}

// While the breakdown table is not built, the answer goes without it (the
// build goes on in the background), and it is not kept in the cache.
func TestDataWithoutBreakdownWhileBuilding(t *testing.T) {
	if _, err := tables(t).Preset(context.Background(), yacht.Yacht); err != nil { // warm: no heavy turn
		t.Fatal(err)
	}
	var started []func()
	pending := &yachtcoach.Tables{Go: func(f func()) { started = append(started, f) }}
	h := bottest.New(t, newCoached(tables(t), yachtwords.DiceFaces{}, nil, record.Asker{}, pending))
	cmd := `/yacht-advise dice:"2 3 4 5 6" roll:2 sheet:"` + endSheet + `"`
	r := h.MustRun(cmd)
	d := data(t, r)
	if d.Breakdown != nil || d.Actions[0].Breakdown != nil {
		t.Errorf("a breakdown before its table is built: %+v", d.Breakdown)
	}
	if len(started) != 1 {
		t.Fatalf("%d builds started, want 1", len(started))
	}
	if complete(nil, r) {
		t.Error("an answer without its breakdown would be kept")
	}
	started[0]()
	if d := data(t, h.MustRun(cmd)); d.Breakdown == nil {
		t.Error("no breakdown once the table is built")
	}
}
