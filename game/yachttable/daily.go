package yachttable

import (
	"github.com/alea-bot/alea/game/yachtdice"
	"time"

	"github.com/alea-bot/alea/game/bitstream"
)

// Daily marks the table of a daily challenge (field 5 of a version 4
// state): one player, one day's dice. Its fresh dice come from the day
// (its Source is yachtdice.Daily: Dice.For deals them), not from the seed; it is
// played with the dice, Roll and the score menu alone: no Undo, no real
// dice, no Hold best, no Play for them, no Bring down. Order keeps the box
// each turn filled, so that the turns' costs can be told in turn order
// without the category names (the share's row of squares).
type Daily struct {
	// Day is the challenge's UTC date, in days since 1970-01-01.
	Day int
	// Order is the category each turn filled, turn 1 first.
	Order []int
}

// Bounds of a daily's day in a state: from Epoch's day on, fewer than
// 2^20 days since 1970 (the year 4840).
const (
	maxDayBits = 20
)

// FirstDay is the earliest day a daily table may have: Epoch's.
var FirstDay = UnixDay(Epoch)

// UnixDay returns the UTC date of t in days since 1970-01-01.
func UnixDay(t time.Time) int {
	s := t.Unix()
	d := s / 86400
	if s%86400 < 0 {
		d--
	}
	return int(d)
}

// DayStart returns the start (00:00 UTC) of day d, in days since
// 1970-01-01.
func DayStart(d int) time.Time { return time.Unix(int64(d)*86400, 0).UTC() }

// MarkDaily makes g the table of its rule set's daily challenge of day
// (days since 1970-01-01): the coach off, the day's dice (yachtdice.Daily).
func (g *Table) MarkDaily(day int) {
	g.Coach, g.Source, g.Daily = CoachOff, yachtdice.Daily, &Daily{Day: day}
}

// dailyMove reports whether a daily table takes moves of kind k.
func dailyMove(k MoveKind) bool {
	switch k {
	case MoveToggle, MoveRoll, MoveScore, MoveRecord:
		return true
	}
	return false
}

// clone returns a copy of d that shares nothing with it.
func (d *Daily) clone() *Daily {
	if d == nil {
		return nil
	}
	return &Daily{Day: d.Day, Order: append([]int(nil), d.Order...)}
}

// writeDaily writes field 5: the day, Elias gamma (day − FirstDay + 1),
// then the category of each turn played, 4 bits each (as many as seat 0
// has filled).
func writeDaily(w *bitstream.Writer, d *Daily) {
	w.Gamma(uint64(d.Day-FirstDay) + 1)
	for _, c := range d.Order {
		w.Write(uint64(c), 4)
	}
}

// readDaily reads what writeDaily writes, checking it against the table:
// one seat, no lobby, the coach off, and an order that names each filled
// box once.
func (g *Table) readDaily(rd *bitstream.Reader) error {
	if len(g.Seats) != 1 || g.Lobby || g.Coach != CoachOff {
		return bad("a daily table of %d seats", len(g.Seats))
	}
	d := &Daily{Day: int(rd.Gamma(maxDayBits+1)) - 1 + FirstDay}
	if d.Day < FirstDay || d.Day >= 1<<maxDayBits {
		return bad("daily day")
	}
	s := g.Seats[0].Sheet
	seen := make([]bool, len(s.Scores))
	for range s.Filled() {
		c := int(rd.Read(4))
		if c >= len(s.Scores) || s.Scores[c] < 0 || seen[c] {
			return bad("daily order")
		}
		seen[c] = true
		d.Order = append(d.Order, c)
	}
	g.Daily = d
	return nil
}
