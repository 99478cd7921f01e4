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
// (version 2), sealed with the bot's state key (package seal's Kit, whose
// form "<game>/<version>/<action>/<state>~<tag>" this is):
//
//	coins/2/move/<black>.<white>.<opponent>.<ply>.<seed>.<owner>[.<id>[.<start>]].<move>~<tag>
//
// where opponent is p (perfect), m (mcts, k = 50) or r (random), ply counts
// the moves made so far, seed (base 36) drives the bot's random choices,
// owner (seal.Owner, text form) is who started the game and alone may
// move, id (seal.GameID, 12 base32 characters) is the game's identity, the
// key of its result in the store (absent from the games begun before it
// was added, which go on without it: GameID derives theirs), start
// ("<black>-<white>") the position the game began from (absent from the
// games begun before it was kept), and move is the lecture's child index of the button (0 black 1, 1 black 2, 2 white
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
	// ID is the game's identity; 0 for a game begun before games had one
	// (GameID derives it).
	ID seal.GameID
	// Start is the position the game began from (zero for a game begun
	// before it was kept, or without an identity).
	Start coins.BWState
	// Won is set when the game is over and the player won (not in a move
	// button's state: a game under way).
	Won bool
}

// GameID returns the game's identity: ID, or for a game begun without one
// an identity derived under k from what stays the same while it is played
// (the bot's kind, the seed and the player).
func (p State) GameID(k seal.Key) seal.GameID {
	if p.ID != 0 {
		return p.ID
	}
	return k.DerivedGameID("coins", string(p.Opp), strconv.FormatUint(p.Seed, 36), p.Owner.String())
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
	if len(f) < 7 || len(f) > 9 || !ok {
		return State{}, 0, false
	}
	var id seal.GameID
	if len(f) >= 8 {
		if id, ok = seal.ParseGameID(f[6]); !ok {
			return State{}, 0, false
		}
	}
	var start coins.BWState
	if len(f) == 9 {
		if start, ok = parseStart(f[7]); !ok {
			return State{}, 0, false
		}
	}
	f = append(f[:5], f[len(f)-1])
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
	p := State{Pos: coins.BWState{Black: b, White: w}, Opp: f[2][0], Ply: ply, Seed: seed, Owner: owner, ID: id, Start: start}
	if p.Canonical(move) != s {
		return State{}, 0, false
	}
	return p, move, true
}

// Canonical is the state of move's button as encode writes it (without
// route and tag).
func (p State) Canonical(move int) string {
	id := ""
	if p.ID != 0 {
		id = "." + p.ID.String()
		if p.Start != (coins.BWState{}) {
			id += "." + p.startText()
		}
	}
	return fmt.Sprintf("%d.%d.%c.%d.%s.%s%s.%d", p.Pos.Black, p.Pos.White, p.Opp, p.Ply, strconv.FormatUint(p.Seed, 36), p.Owner, id, move)
}

// startText is Start as a state writes it, "<black>-<white>".
func (p State) startText() string { return fmt.Sprintf("%d-%d", p.Start.Black, p.Start.White) }

// parseStart reads what startText writes, a position of the board.
func parseStart(s string) (coins.BWState, bool) {
	b, w, ok := strings.Cut(s, "-")
	black, err1 := strconv.ParseInt(b, 10, 64)
	white, err2 := strconv.ParseInt(w, 10, 64)
	if !ok || err1 != nil || err2 != nil || black < 0 || white < 0 || black > MaxBoard || white > MaxBoard || black+white == 0 {
		return coins.BWState{}, false
	}
	return coins.BWState{Black: black, White: white}, true
}

// MoveAt is the move of button i (0 black 1, 1 black 2, 2 white 1, 3
// white 2).
func MoveAt(i int) coins.BWMove {
	return coins.BWMove{Color: coins.Color(i / 2), Take: int64(i%2 + 1)}
}

// A finished game's Record button carries what its result needs, sealed
// on the same route (action rec):
//
//	coins/2/rec/<opponent>.<ply>.<seed>.<owner>.<id>.<w|l>[.<start>]~<tag>
//
// w when the player won, l when Alea did; id is always there (GameID's);
// start as in a move button's, when known.

// Final writes the state of a finished game's Record button, under its
// identity id (GameID's).
func (p State) Final(id seal.GameID) string {
	wl := "l"
	if p.Won {
		wl = "w"
	}
	s := fmt.Sprintf("%c.%d.%s.%s.%s.%s", p.Opp, p.Ply, strconv.FormatUint(p.Seed, 36), p.Owner, id, wl)
	if p.Start != (coins.BWState{}) {
		s += "." + p.startText()
	}
	return s
}

// ParseFinal reads what Final writes, and nothing else: the finished game
// (its position empty, every coin taken; Won set when the player won).
func ParseFinal(s string) (State, bool) {
	f := strings.Split(s, ".")
	if len(f) != 6 && len(f) != 7 || len(f[0]) != 1 || Opponent(f[0][0]) == "" || f[5] != "w" && f[5] != "l" {
		return State{}, false
	}
	var start coins.BWState
	if len(f) == 7 {
		var ok bool
		if start, ok = parseStart(f[6]); !ok {
			return State{}, false
		}
	}
	ply, err1 := strconv.Atoi(f[1])
	seed, err2 := strconv.ParseUint(f[2], 36, 64)
	owner, ok1 := seal.ParseOwner(f[3])
	id, ok2 := seal.ParseGameID(f[4])
	if err1 != nil || err2 != nil || !ok1 || !ok2 || ply < 1 || ply > 4*MaxBoard {
		return State{}, false
	}
	p := State{Opp: f[0][0], Ply: ply, Seed: seed, Owner: owner, ID: id, Won: f[5] == "w", Start: start}
	if p.Final(id) != s {
		return State{}, false
	}
	return p, true
}
