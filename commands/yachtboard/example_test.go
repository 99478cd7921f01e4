package yachtboard_test

import (
	"fmt"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtboard"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
)

// A sheet as a board of many seats shows the player to play: the upper
// boxes three to a line, how far the bonus is, the total and the points
// lost so far.
func ExampleSheet() {
	r, _ := yacht.Preset(yacht.Yacht)
	s, _ := yachtwords.ParseSheet(r, "aces:3 twos:6 sixes:24 choice:22")
	fmt.Println(yachtboard.Sheet(commands.English, r, s, yachtboard.Dense, 125))
	// Output:
	// Aces **3** · Deuces **6** · Threes –
	// Fours – · Fives – · Sixes **24**
	// Upper 33/63: 30 to go for +35
	// Choice **22** · 4 of a Kind –
	// Full House – · S. Straight –
	// B. Straight – · Yacht –
	// **Total 55** · Expected points lost so far: 1.25
}

// The dice rolled, two of them held, without the registered emojis.
func ExampleDice() {
	d := yacht.Dice{2, 3, 3, 5, 6}
	fmt.Println(yachtboard.Dice(commands.English, yachtwords.DiceFaces{}, d, 0b00110))
	// Output:
	// Dice: ⚁ [⚂] [⚂] ⚄ ⚅ (2 3 3 5 6) (held dice in [brackets])
}
