package daily

import (
	"strconv"

	"github.com/alea-bot/alea/game/yachttable"
)

// Square is how much a decision, or a turn, cost, told in four bands of
// expected points lost: no loss (to the hundredth), under 1, under 5, and
// 5 or more.
type Square int

// The squares, best first.
const (
	Green  Square = iota // no loss: 0.00
	Yellow               // under 1 expected point
	Orange               // under 5
	Red                  // 5 or more
)

// SquareOf is the square of a loss in hundredths of an expected point
// (yachttable.Centi's rounding).
func SquareOf(centi int) Square {
	switch {
	case centi <= 0:
		return Green
	case centi < 100:
		return Yellow
	case centi < 500:
		return Orange
	}
	return Red
}

// Squares returns the square of each turn g's player has played, in turn
// order: the turn's keeps and its scoring together, as the table keeps
// them (Seat.Loss of the box the turn filled). A finished game has one a
// box: 12 for Yacht, 13 for Pancht and Yahtzee, 15 for Yatzy. Nil for a
// table that is not a daily's.
func Squares(g *yachttable.Table) []Square {
	if g.Daily == nil || len(g.Seats) == 0 {
		return nil
	}
	out := make([]Square, 0, len(g.Daily.Order))
	for _, c := range g.Daily.Order {
		out = append(out, SquareOf(g.Seats[0].Loss[c]))
	}
	return out
}

// String names the square (for logs and tests; the command draws it).
func (s Square) String() string {
	switch s {
	case Green:
		return "green"
	case Yellow:
		return "yellow"
	case Orange:
		return "orange"
	case Red:
		return "red"
	}
	return "square(" + strconv.Itoa(int(s)) + ")"
}
