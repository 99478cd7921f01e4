package reach_test

import (
	"context"
	"fmt"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/reach"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// A target asked from a Yacht sheet with nine boxes open is solved once;
// the next turn of the game toward the same target is one turn of work.
// The chance printed is a regression value (Alea's own output);
// TestTargetSolutionAnswersLaterSheets checks such answers against the
// calculation made afresh, itself checked against brute force.
func ExampleSolution() {
	ctx := context.Background()
	r, _ := yacht.Preset(yacht.Yacht)
	t, _ := strategy.Build(ctx, r)
	s, _ := yacht.ParseSheet(r, "aces:2 twos:6 threes:9")
	sol, _ := reach.Solve(ctx, t, s, 180)
	d, _ := yacht.ParseDice("6 6 6 5 2")
	next := s.Fill(yacht.Scoring{Category: 5, Points: 18}) // sixes:18
	ta, _ := sol.Advise(t, next, &d, 2, 180)
	fmt.Println("covers the next turn:", sol.Covers(next, 180))
	fmt.Printf("chance of 180 or more: %.4f\n", ta.Reach)
	if best := ta.Actions[0]; best.Kind == strategy.Keep {
		fmt.Println("best: keep", best.Keep.Faces())
	}
	fmt.Println("covers another target:", sol.Covers(next, 190))
	// Output:
	// covers the next turn: true
	// chance of 180 or more: 0.4110
	// best: keep [6 6 6]
	// covers another target: false
}
