// Package yachtdice deals the fresh faces of a Yacht table's virtual dice
// under the deployment's key: from a game's seed, its secret identity, a
// chosen seed's own domain, or a daily challenge's day. What a board shows
// tells nothing of the dice to come without the key.
package yachtdice

import (
	"strconv"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
)

// Roller deals the fresh faces of a table's virtual dice: roll (1..3) of
// seat's turn with filled boxes already filled, in a game of seed. The
// dice not held take the first of them, so that a replayed button gives
// the same dice and a different hold cannot fish for others. Dice.For is
// the roller of one game's dice, by its source: a daily challenge's
// (Daily) deals dice fixed by (rule set, day, turn = filled+1, roll,
// position) from the deployment's secret, whatever the seed and the seat.
type Roller interface {
	Roll(seed uint32, seat, filled, roll int) [yacht.NumDice]int
}

// Source is where a table's fresh dice come from (a table's state keeps
// it; see Dice).
type Source int

// The sources of a table's dice.
const (
	// Seed: the seed under the key, as every board sealed before the
	// sources were kept (their games play on with the dice they began
	// with).
	Seed Source = iota
	// Game: a game whose seed nobody chose: its secret identity under the
	// key, so that no seed anyone can type deals them again.
	Game
	// Chosen: a chosen seed, in the chosen seeds' own domain of the key:
	// the same seed replays the same dice, and deals none of a game whose
	// seed nobody chose.
	Chosen
	// Daily: a daily challenge's: the day's dice under the key, by rule
	// set, day, turn, roll and position, whatever the seed and the seat,
	// so that every player who keeps the same dice sees the same dice.
	Daily
	// Sources is the number of sources.
	Sources
)

// The purposes of the keys of the dice among the keys derived from the
// state key, one per source.
const (
	dicePurpose       = "yacht dice v1"
	gameDicePurpose   = "yacht dice v2/a game's identity"
	chosenDicePurpose = "yacht dice v2/a chosen seed"
	dailyDicePurpose  = "yacht daily dice v1"
)

// Dice rolls tables' virtual dice: the faces of a roll are HMAC-SHA256,
// under a key derived from the bot's state key for the table's source, of
// what the source binds the dice to (the game's seed, or its identity),
// the seat, how many boxes it has filled and the roll, read as faces by
// rejecting bytes ≥ 252. What a board shows (the seed, the identity)
// tells nothing of the dice without the key; on one deployment (one key)
// a chosen seed replays the same dice, and no seed deals the dice of a
// game whose seed nobody chose. A daily challenge's dice are read the
// same way from the MAC of its rule set, day, turn and roll (Dice.Daily).
type Dice struct{ seed, game, chosen, daily seal.Key }

// New returns the dice of the tables whose states stateKey seals.
func New(stateKey seal.Key) Dice {
	return Dice{seed: stateKey.Derive(dicePurpose), game: stateKey.Derive(gameDicePurpose), chosen: stateKey.Derive(chosenDicePurpose),
		daily: stateKey.Derive(dailyDicePurpose)}
}

// Valid reports whether d was made by New.
func (d Dice) Valid() bool { return d.seed.Valid() }

// Roll returns the five faces of roll (1..3) of seat's turn with filled
// boxes already filled, in a game of seed whose source is Seed.
func (d Dice) Roll(seed uint32, seat, filled, roll int) [yacht.NumDice]int {
	return faces(d.seed, strconv.FormatUint(uint64(seed), 10), seat, filled, roll)
}

// Bound is what one game's dice are bound to.
type Bound struct {
	Source Source
	// ID is the game's identity, as its String form (Game).
	ID string
	// Rules is the rule set's key and Day the challenge's day, days since
	// 1970-01-01 (Daily; HasDay false: no day, the seed's dice).
	Rules  string
	Day    int
	HasDay bool
}

// For returns the roller of one game's dice, by its source.
func (d Dice) For(b Bound) Roller {
	switch b.Source {
	case Game:
		return boundDice{key: d.game, to: "game " + b.ID}
	case Chosen:
		return seedDice{key: d.chosen}
	case Daily:
		if b.HasDay {
			return dailyDice{d: d, rules: b.Rules, day: b.Day}
		}
	}
	return d
}

// Daily returns the five fresh faces of roll (1..3) of turn (1..) in rule
// set rules' daily challenge of day (days since 1970-01-01): the i-th
// fresh die of that roll takes the i-th face. They depend on nothing a
// player does but which dice they keep: every turn opens with the same
// five, two players who keep the same dice see the same dice, and the
// same day on the same deployment (the same secret) deals the same dice
// wherever it is played; without the secret, nobody can compute
// tomorrow's.
func (d Dice) Daily(rules string, day, turn, roll int) [yacht.NumDice]int {
	var out [yacht.NumDice]int
	n := 0
	for ctr := 0; n < yacht.NumDice; ctr++ {
		for _, b := range d.daily.Sum("alea-daily-dice", rules, strconv.Itoa(day), strconv.Itoa(turn), strconv.Itoa(roll), strconv.Itoa(ctr)) {
			if b < 252 && n < yacht.NumDice {
				out[n] = int(b%6) + 1
				n++
			}
		}
	}
	return out
}

// dailyDice are the dice of one daily challenge: the seed and the seat
// play no part; the turn is the boxes filled + 1.
type dailyDice struct {
	d     Dice
	rules string
	day   int
}

func (x dailyDice) Roll(_ uint32, _, filled, roll int) [yacht.NumDice]int {
	return x.d.Daily(x.rules, x.day, filled+1, roll)
}

// boundDice are the dice of one game, bound to its identity: the seed is
// not read.
type boundDice struct {
	key seal.Key
	to  string
}

func (b boundDice) Roll(_ uint32, seat, filled, roll int) [yacht.NumDice]int {
	return faces(b.key, b.to, seat, filled, roll)
}

// seedDice are the dice of chosen seeds.
type seedDice struct{ key seal.Key }

func (s seedDice) Roll(seed uint32, seat, filled, roll int) [yacht.NumDice]int {
	return faces(s.key, "seed "+strconv.FormatUint(uint64(seed), 10), seat, filled, roll)
}

// faces reads five faces from the MAC under key of what the dice are
// bound to, the seat, the boxes filled and the roll.
func faces(key seal.Key, to string, seat, filled, roll int) [yacht.NumDice]int {
	var out [yacht.NumDice]int
	n := 0
	base := to + "/" + strconv.Itoa(seat) + "/" + strconv.Itoa(filled) + "/" + strconv.Itoa(roll)
	for ctr := 0; n < yacht.NumDice; ctr++ {
		for _, b := range key.Sum("alea-yacht-dice", base, strconv.Itoa(ctr)) {
			if b < 252 && n < yacht.NumDice {
				out[n] = int(b%6) + 1
				n++
			}
		}
	}
	return out
}
