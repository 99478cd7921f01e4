package finalscore_test

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Why the best action is best: the breakdown of its expected final score
// against the runner-up's, box by box, the largest differences first (what
// a coach would say in words). The figures printed are regression values
// (Alea's own output); TestBreakdownMatchesEnumeration checks breakdowns
// against every dice sequence enumerated, TestBreakdownMatchesSimulation
// against games played.
func ExampleBreakdownTable_Breakdowns() {
	ctx := context.Background()
	r, _ := yacht.Preset(yacht.Yacht)
	t, _ := strategy.Build(ctx, r)
	bt, _ := finalscore.BuildBreakdownTable(ctx, t)
	s, _ := yacht.ParseSheet(r, "aces:2 twos:6 threes:9 choice:22")
	d, _ := yacht.ParseDice("5 5 2 3 6")
	bd, _ := bt.Breakdowns(s, &d, 1)
	best, next := bd.Actions[0], bd.Actions[1]
	fmt.Printf("best: keep %v, %.2f\n", best.Keep.Faces(), best.Expected)
	fmt.Printf("runner-up: keep %v, %.2f\n", next.Keep.Faces(), next.Expected)
	type part struct {
		name string
		diff float64
	}
	var parts []part
	for c, x := range best.Breakdown.Boxes {
		parts = append(parts, part{r.Categories[c].Key, x - next.Breakdown.Boxes[c]})
	}
	parts = append(parts, part{"upper bonus", best.Breakdown.UpperBonus - next.Breakdown.UpperBonus})
	slices.SortStableFunc(parts, func(a, b part) int { return -cmpAbs(a.diff, b.diff) })
	for _, p := range parts[:4] {
		fmt.Printf("%s %+.2f\n", p.name, p.diff)
	}
	fmt.Printf("P(upper bonus): %.1f%% against %.1f%%\n", 100*best.Breakdown.PUpperBonus, 100*next.Breakdown.PUpperBonus)
	// Output:
	// best: keep [5 5], 161.22
	// runner-up: keep [5 5 6], 159.71
	// full_house -1.21
	// yacht +1.08
	// upper bonus +0.86
	// fives +0.43
	// P(upper bonus): 48.7% against 46.3%
}

func cmpAbs(a, b float64) int {
	switch x, y := math.Abs(a), math.Abs(b); {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}
