// Package coinsplay is a game of black and white coins against the bot,
// the state its buttons carry: the position, the bot's kind, the moves
// made, the seed of the bot's random choices and who plays. No words and
// no Discord: /coins play draws it and words it.
package coinsplay

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/engine/coins"
	"github.com/alea-bot/alea/game/seal"
)

// A game against the bot keeps all its state in the buttons' custom_ids
// (version 2), sealed with the bot's state key (package seal):
//
//	coins/2/move/<black>.<white>.<opponent>.<ply>.<seed>.<owner>.<move>~<tag>
//
// where opponent is p (perfect), m (mcts, k = 50) or r (random), ply counts
// the moves made so far, seed (base 36) drives the bot's random choices,
// owner (seal.Owner, text form) is who started the game and alone may
// move, and move is the lecture's child index of the button (0 black 1, 1 black 2, 2 white
// 1, 3 white 2). "coins/2/hint/<black>.<white>~<tag>" asks for a hint. The
// tag covers the whole custom_id, so a state built by hand is refused.
// Version 1 (unsealed, no owner) is answered as older.

// MaxBoard is the most coins of each colour.
const MaxBoard = 100

// State is a game being played.
type State struct {
	Pos   coins.BWState
	Opp   byte // the bot's kind: 'p', 'm', 'r' (Opponent)
	Ply   int  // moves made so far
	Seed  uint64
	Owner seal.Owner // the player
}

// Opponent names the bot's kind of letter b ("perfect", "mcts",
// "random"), or "" for no kind.
func Opponent(b byte) string {
	switch b {
	case 'p':
		return "perfect"
	case 'm':
		return "mcts"
	case 'r':
		return "random"
	}
	return ""
}

// Parse reads the state of a move button (after the route and
// without the tag); it never trusts it.
func Parse(s string) (State, int, bool) {
	f := strings.Split(s, ".")
	owner, ok := seal.ParseOwner(f[min(5, len(f)-1)])
	if len(f) != 7 || !ok {
		return State{}, 0, false
	}
	f = append(f[:5], f[6])
	b, err1 := strconv.ParseInt(f[0], 10, 64)
	w, err2 := strconv.ParseInt(f[1], 10, 64)
	ply, err3 := strconv.Atoi(f[3])
	seed, err4 := strconv.ParseUint(f[4], 36, 64)
	move, err5 := strconv.Atoi(f[5])
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || err5 != nil ||
		b < 0 || w < 0 || b > MaxBoard || w > MaxBoard || b+w == 0 || ply < 0 || ply > 4*MaxBoard ||
		len(f[2]) != 1 || Opponent(f[2][0]) == "" || move < 0 || move > 3 {
		return State{}, 0, false
	}
	p := State{Pos: coins.BWState{Black: b, White: w}, Opp: f[2][0], Ply: ply, Seed: seed, Owner: owner}
	if p.Canonical(move) != s {
		return State{}, 0, false
	}
	return p, move, true
}

// Canonical is the state of move's button as encode writes it (without
// route and tag).
func (p State) Canonical(move int) string {
	return fmt.Sprintf("%d.%d.%c.%d.%s.%s.%d", p.Pos.Black, p.Pos.White, p.Opp, p.Ply, strconv.FormatUint(p.Seed, 36), p.Owner, move)
}

// MoveAt is the move of button i (0 black 1, 1 black 2, 2 white 1, 3
// white 2).
func MoveAt(i int) coins.BWMove {
	return coins.BWMove{Color: coins.Color(i / 2), Take: int64(i%2 + 1)}
}
