package yachtdice_test

import (
	"fmt"
	"testing"

	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachtdice"
)

// A game's dice depend on its source and what it is bound to, under the
// key: a typed seed never deals a random game's dice, another key deals
// other dice, and every face is a die's.
func TestSourcesApart(t *testing.T) {
	d := yachtdice.New(seal.NewKey("one deployment"))
	other := yachtdice.New(seal.NewKey("another deployment"))
	game := yachtdice.Bound{Source: yachtdice.Game, ID: "abc123"}
	rolls := map[string]yachtdice.Roller{
		"game":         d.For(game),
		"another game": d.For(yachtdice.Bound{Source: yachtdice.Game, ID: "abc124"}),
		"chosen seed":  d.For(yachtdice.Bound{Source: yachtdice.Chosen}),
		"seed":         d.For(yachtdice.Bound{Source: yachtdice.Seed}),
		"another key":  other.For(game),
		"daily":        d.For(yachtdice.Bound{Source: yachtdice.Daily, Rules: "yacht", Day: 20000, HasDay: true}),
	}
	seen := map[string]string{}
	for name, r := range rolls {
		var all string
		for filled := 0; filled < 12; filled++ {
			for roll := 1; roll <= 3; roll++ {
				f := r.Roll(42, 0, filled, roll)
				for _, x := range f {
					if x < 1 || x > 6 {
						t.Fatalf("%s: face %d", name, x)
					}
				}
				all += fmt.Sprint(f)
			}
		}
		if was, ok := seen[all]; ok {
			t.Errorf("%s deals the same 36 rolls as %s", name, was)
		}
		seen[all] = name
	}
	if d.For(game).Roll(1, 2, 3, 1) != d.For(game).Roll(99, 2, 3, 1) {
		t.Error("a game bound to its identity reads the seed")
	}
	if d.For(yachtdice.Bound{Source: yachtdice.Seed}).Roll(7, 1, 0, 1) != d.Roll(7, 1, 0, 1) {
		t.Error("the seed's source is not Dice.Roll")
	}
}

// Every player of a deployment gets the same daily dice for a roll,
// whatever their seat and seed.
func ExampleDice_Daily() {
	d := yachtdice.New(seal.NewKey("a deployment's secret"))
	ann := d.For(yachtdice.Bound{Source: yachtdice.Daily, Rules: "yacht", Day: 20424, HasDay: true})
	bob := d.For(yachtdice.Bound{Source: yachtdice.Daily, Rules: "yacht", Day: 20424, HasDay: true})
	fmt.Println(ann.Roll(1, 0, 0, 1) == bob.Roll(2, 3, 0, 1))
	fmt.Println(ann.Roll(1, 0, 0, 1) == d.Daily("yacht", 20424, 1, 1))
	// Output:
	// true
	// true
}
