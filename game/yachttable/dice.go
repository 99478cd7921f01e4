package yachttable

import (
	"strconv"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
)

// Roller deals the fresh faces of a table's virtual dice: roll (1..3) of
// seat's turn with filled boxes already filled, in a game of seed. The
// dice not held take the first of them, so that a replayed button gives
// the same dice and a different hold cannot fish for others. Dice, the
// game's own dice, is one; a daily challenge would deal dice fixed by
// (day, turn = filled+1, roll, position) from the deployment's secret,
// whatever the seed and the seat.
type Roller interface {
	Roll(seed uint32, seat, filled, roll int) [yacht.NumDice]int
}

// dicePurpose names the key of the dice among the keys derived from the
// state key.
const dicePurpose = "yacht dice v1"

// Dice rolls a table's virtual dice: the faces of a roll are HMAC-SHA256,
// under a key derived from the bot's state key, of the game's seed, the
// seat, how many boxes it has filled and the roll, read as faces by
// rejecting bytes ≥ 252. The seed travels in the board, but without the
// key it tells nothing of the dice; the same seed on the same deployment
// (the same key) replays the same dice.
type Dice struct{ key seal.Key }

// NewDice returns the dice of the tables whose states stateKey seals.
func NewDice(stateKey seal.Key) Dice { return Dice{key: stateKey.Derive(dicePurpose)} }

// Valid reports whether d was made by NewDice.
func (d Dice) Valid() bool { return d.key.Valid() }

// Roll returns the five faces of roll (1..3) of seat's turn with filled
// boxes already filled, in a game of seed.
func (d Dice) Roll(seed uint32, seat, filled, roll int) [yacht.NumDice]int {
	var out [yacht.NumDice]int
	n := 0
	base := strconv.FormatUint(uint64(seed), 10) + "/" + strconv.Itoa(seat) + "/" + strconv.Itoa(filled) + "/" + strconv.Itoa(roll)
	for ctr := 0; n < yacht.NumDice; ctr++ {
		for _, b := range d.key.Sum("alea-yacht-dice", base, strconv.Itoa(ctr)) {
			if b < 252 && n < yacht.NumDice {
				out[n] = int(b%6) + 1
				n++
			}
		}
	}
	return out
}
