package yacht_test

import (
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
	s, _ := yacht.ParseSheet(r, "aces:3 twos:6 choice:22 yacht:0")
	fmt.Println(s, "| total", s.Total(), "| upper", s.UpperTotal())
	_, err := yacht.ParseSheet(r, "twos:3")
	fmt.Println(err)
	// Output:
	// aces:3 twos:6 choice:22 yacht:0 | total 31 | upper 9
	// twos cannot score 3 (possible: [0 2 4 6 8 10])
}

// The names a sheet may give categories come as data: here a player's
// names for two of them, which stand for the first of their keys each
// rule set has.
func ExampleAliases_ParseSheet() {
	var names yacht.Aliases
	names.Add([]string{"aces", "ones"}, "Ones", "Ace")
	names.Add([]string{"choice", "chance"}, "Chance")
	for _, key := range []string{yacht.Yacht, yacht.Yatzy} {
		r, _ := yacht.Preset(key)
		s, err := names.ParseSheet(r, "Ace:3 chance:20")
		fmt.Println(key, "|", s, err)
	}
	// Output:
	// yacht | aces:3 choice:20 <nil>
	// yatzy | ones:3 chance:20 <nil>
}

// The dice space as the solvers' inner loops read it: keeps by index, a
// keep's children (one more die) and sub-keeps (one die less), and the
// probability of each pattern.
func ExampleNewDiceSpace() {
	sp := yacht.NewDiceSpace()
	k := sp.KeepIndex(yacht.Counts{0, 0, 0, 0, 0, 2}) // two sixes
	fmt.Println("keep", k, "of", yacht.NumKeeps, "holds", sp.Keep[k].Faces())
	fmt.Println("plus a one:", sp.Keep[sp.Child[k][0]].Faces())
	sub := sp.Sub[k]
	fmt.Printf("one die less: %v (%d sub-keep)\n", sp.Keep[sub.List[0]].Faces(), sub.N)
	w := yacht.PatternIndex(yacht.Dice{6, 6, 6, 6, 6})
	fmt.Printf("P(6 6 6 6 6) = %.6f = 1/7776\n", sp.Prob[w])
	fmt.Println("keeps within it:", sp.PatternKeepStart[w+1]-sp.PatternKeepStart[w])
	// Output:
	// keep 27 of 462 holds [6 6]
	// plus a one: [1 6 6]
	// one die less: [6] (1 sub-keep)
	// P(6 6 6 6 6) = 0.000129 = 1/7776
	// keeps within it: 6
}
