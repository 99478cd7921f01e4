package strategy_test

import (
	"context"
	"fmt"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// A two-category rule set is solved instantly; the presets take about a
// second each (see Tables).
func ExampleTable_Advise() {
	full, _ := yacht.Preset(yacht.Yacht)
	r := &yacht.Rules{Key: "sixes-and-yacht", BonusThreshold: 63,
		Categories: []yacht.Category{full.Categories[5], full.Categories[11]}}
	t, _ := strategy.Build(context.Background(), r)
	fmt.Printf("start: %.4f\n", t.Start())
	d, _ := yacht.ParseDice("66612")
	adv, _ := t.Advise(yacht.NewSheet(r), &d, 1)
	for _, a := range adv.Actions[:3] {
		if a.Kind == strategy.Keep {
			fmt.Printf("keep %v: %.4f\n", a.Keep.Faces(), a.Expected)
		} else {
			fmt.Printf("score %s for %d: %.4f\n", r.Categories[a.Scoring.Category].Key, a.Scoring.Points, a.Expected)
		}
	}
	// Output:
	// start: 17.6684
	// keep [6 6 6]: 26.8005
	// keep [1 6 6 6]: 24.6797
	// keep [2 6 6 6]: 24.6797
}
