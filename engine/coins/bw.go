package coins

import (
	"fmt"
	"math/rand/v2"
)

// Color is the colour of a coin in the black-and-white game.
type Color uint8

// The two colours, numbered as in the lecture's Python (0 black, 1 white).
const (
	Black Color = 0
	White Color = 1
)

// String returns "black" or "white".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// BWState is a position of the black-and-white game: the coins left of each
// colour.
type BWState struct {
	Black, White int64
}

// String formats s as the lecture prints a node: "(2,1)".
func (s BWState) String() string { return fmt.Sprintf("(%d,%d)", s.Black, s.White) }

// Total returns the number of coins left.
func (s BWState) Total() int64 { return s.Black + s.White }

// Count returns the coins left of colour c.
func (s BWState) Count(c Color) int64 {
	if c == White {
		return s.White
	}
	return s.Black
}

// BWMove takes Take (1 or 2) coins of one colour.
type BWMove struct {
	Color Color
	Take  int64
}

// String formats m as "black 2".
func (m BWMove) String() string { return fmt.Sprintf("%s %d", m.Color, m.Take) }

// Index returns the lecture's child index of m: black 1, black 2, white 1,
// white 2 are 0, 1, 2, 3 (color*2 + number - 1).
func (m BWMove) Index() int { return int(m.Color)*2 + int(m.Take) - 1 }

// BW is the black-and-white coin game of the lecture (section 06): black
// and white coins; a move takes one or two coins of one colour; whoever
// takes the last coin loses. The zero value is ready to use.
//
// Its exact rule: the player to move loses exactly when black + white ≡ 1
// (mod 3). Proof: from a total t ≡ 1 every move (one or two coins) leaves
// t−1 ≡ 0 or t−2 ≡ 2. From t ≡ 2 taking one coin of any colour leaves
// t−1 ≡ 1; from t ≡ 0 with t ≥ 3 some colour has at least two coins, and
// taking two of them leaves t−2 ≡ 1; and at t = 0 the opponent took the last
// coin, so the mover has won. TestBWClosedFormEqualsTree checks the rule
// against the full tree search for every b, w ≤ 200.
type BW struct{}

// Moves lists the legal moves in the lecture's child order: black 1,
// black 2, white 1, white 2.
func (BW) Moves(s BWState) []BWMove {
	out := make([]BWMove, 0, 4)
	for _, c := range [2]Color{Black, White} {
		n := s.Count(c)
		for take := int64(1); take <= 2 && take <= n; take++ {
			out = append(out, BWMove{c, take})
		}
	}
	return out
}

// Legal reports whether m can be played in s.
func (BW) Legal(s BWState, m BWMove) bool {
	return (m.Color == Black || m.Color == White) && (m.Take == 1 || m.Take == 2) && m.Take <= s.Count(m.Color)
}

// Play returns the state after m.
func (BW) Play(s BWState, m BWMove) BWState {
	if m.Color == White {
		s.White -= m.Take
	} else {
		s.Black -= m.Take
	}
	return s
}

// Terminal reports whether no coin is left.
func (BW) Terminal(s BWState) bool { return s.Black == 0 && s.White == 0 }

// LastMoverWins is false: whoever takes the last coin loses.
func (BW) LastMoverWins() bool { return false }

// RandomMove draws a move as the lecture's RandomPlayer.doMyTurn does: a
// colour uniformly among the colours that have coins left, then one or two
// coins uniformly among what that colour allows.
func (BW) RandomMove(r *rand.Rand, s BWState) BWMove {
	var c Color
	switch {
	case s.Black >= 1 && s.White >= 1:
		c = Color(r.IntN(2))
	case s.Black >= 1:
		c = Black
	default:
		c = White
	}
	take := int64(1)
	if s.Count(c) >= 2 {
		take += int64(r.IntN(2))
	}
	return BWMove{c, take}
}

// MoverWins reports, by the closed form, whether the player to move in s
// wins with perfect play: exactly when black + white is not ≡ 1 (mod 3).
// Counts may be as large as [MaxCount].
func (BW) MoverWins(s BWState) bool { return s.Total()%3 != 1 }

// WinningMoves lists, by the closed form, every winning move in s in the
// lecture's child order: with a total ≡ 2 (mod 3) taking one coin of any
// colour that has one, with a total ≡ 0 taking two coins of any colour that
// has two; none when the total is ≡ 1 or no coin is left.
func (BW) WinningMoves(s BWState) []BWMove {
	var take int64
	switch s.Total() % 3 {
	case 2:
		take = 1
	case 0:
		take = 2
	default:
		return nil
	}
	var out []BWMove
	for _, c := range [2]Color{Black, White} {
		if s.Count(c) >= take {
			out = append(out, BWMove{c, take})
		}
	}
	return out
}
