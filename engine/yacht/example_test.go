package yacht_test

import (
	"context"
	"fmt"

	"github.com/alea-bot/alea/engine/yacht"
)

func ExampleParseDice() {
	d, err := yacht.ParseDice("63653")
	fmt.Println(d, err)
	_, err = yacht.ParseDice("7 1 1 1 1")
	fmt.Println(err)
	// Output:
	// 3 3 5 6 6 <nil>
	// 7 is not a die face: faces are 1 to 6
}

func ExampleParseSheet() {
	r, _ := yacht.Preset(yacht.Yacht)
	s, _ := yacht.ParseSheet(r, "에이스:3 twos:6 チョイス:22 yacht:0")
	fmt.Println(s, "| total", s.Total(), "| upper", s.UpperTotal())
	_, err := yacht.ParseSheet(r, "twos:3")
	fmt.Println(err)
	// Output:
	// aces:3 twos:6 choice:22 yacht:0 | total 31 | upper 9
	// twos cannot score 3 (possible: 0, 2, 4, 6, 8, 10)
}

// A two-category rule set is solved instantly; the presets take about a
// second each (see Tables).
func ExampleTable_Advise() {
	full, _ := yacht.Preset(yacht.Yacht)
	r := &yacht.Rules{Key: "sixes-and-yacht", BonusThreshold: 63,
		Categories: []yacht.Category{full.Categories[5], full.Categories[11]}}
	t, _ := yacht.Build(context.Background(), r)
	fmt.Printf("start: %.4f\n", t.Start())
	d, _ := yacht.ParseDice("66612")
	adv, _ := t.Advise(yacht.NewSheet(r), &d, 1)
	for _, a := range adv.Actions[:3] {
		if a.Kind == yacht.Keep {
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
