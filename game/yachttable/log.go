package yachttable

import (
	"errors"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/bitstream"
	"github.com/alea-bot/alea/store"
)

// A decision that cost points, as the log keeps it:
//
//	seat 3 · turn−1 4 · roll 2 (1, 2: a keep after that roll; 3: the scoring) ·
//	dice pattern 8 (the dice as rolled) ·
//	chosen: the hold mask 5 over the ascending dice (roll 1, 2),
//	  or the category 4 (roll 3) ·
//	best: score 1, then the category 4 or the hold mask 5 ·
//	loss in hundredths, Elias gamma (≥ 1)
//
// and the log is
//
//	full 1 (costly decisions past the budget were dropped) ·
//	count, Elias gamma (count+1) · the decisions in order.
//
// Only decisions that cost points are kept (the others are counted per
// seat), and at most LogBudget bits of them: the state lives in the board
// embed's URL, at most 2048 characters for the state and the one Undo
// returns to together. A decision costs about 33 bits plus its loss's gamma
// code (at most 13 bits for a loss under 1.28 points), so 60 to 80 fit; a
// 6-seat game with a worse record keeps its first costly decisions and
// the counts.

// LogBudget bounds the bits of the decisions a log keeps.
const LogBudget = 2880

// Decision is one decision that cost points.
type Decision struct {
	// Turn is the seat's turn, from 1; Roll is 1 or 2 for a keep after
	// that roll, 3 for the scoring (whichever roll it followed).
	Seat, Turn, Roll int
	// Dice are the dice as rolled, ascending.
	Dice yacht.Dice
	// Chosen and Best: a hold mask over Dice (bit i: Dice[i] kept, the
	// first ones of each face) for a keep, a category index for a
	// scoring; BestScores tells which Best is (Chosen's kind is Roll's).
	Chosen, Best int
	BestScores   bool
	// Loss is the expected points lost, in hundredths (≥ 1).
	Loss int
}

// Log is the decisions of a game that cost points, in order.
type Log struct {
	Costly []Decision
	// Full is set when costly decisions were dropped for room.
	Full bool
}

// HoldMask marks the dice (ascending) that make up keep: the first ones of
// each face.
func HoldMask(d yacht.Dice, keep yacht.Counts) int {
	m := 0
	for i, f := range d {
		if keep[f-1] > 0 {
			keep[f-1]--
			m |= 1 << uint(i)
		}
	}
	return m
}

// Held returns the dice of d that mask marks, as counts.
func Held(d yacht.Dice, mask int) yacht.Counts {
	var c yacht.Counts
	for i, f := range d {
		if mask&(1<<uint(i)) != 0 {
			c[f-1]++
		}
	}
	return c
}

// choiceBits is the size of a choice: a category or a hold mask.
func choiceBits(score bool) int {
	if score {
		return 4
	}
	return 5
}

func bitLen(v uint64) int {
	n := 0
	for ; v > 0; v >>= 1 {
		n++
	}
	return n
}

// bits is the size of d in a log.
func (d Decision) bits() int {
	return 3 + 4 + 2 + 8 + choiceBits(d.Roll == 3) + 1 + choiceBits(d.BestScores) + 2*bitLen(uint64(d.Loss)) - 1
}

// Add appends d when it cost points and fits the budget; a costly decision
// that does not fit sets Full.
func (l *Log) Add(d Decision) {
	if d.Loss <= 0 {
		return
	}
	used := 0
	for _, x := range l.Costly {
		used += x.bits()
	}
	if used+d.bits() > LogBudget {
		l.Full = true
		return
	}
	l.Costly = append(l.Costly, d)
}

// Clone returns a copy of l that shares nothing with it.
func (l Log) Clone() Log {
	return Log{Costly: append([]Decision(nil), l.Costly...), Full: l.Full}
}

// Write appends l to w.
func (l Log) Write(w *bitstream.Writer) {
	w.Write(flag(l.Full), 1)
	w.Gamma(uint64(len(l.Costly)) + 1)
	for _, d := range l.Costly {
		w.Write(uint64(d.Seat), 3)
		w.Write(uint64(d.Turn-1), 4)
		w.Write(uint64(d.Roll), 2)
		w.Write(uint64(yacht.PatternIndex(d.Dice)), 8)
		w.Write(uint64(d.Chosen), choiceBits(d.Roll == 3))
		w.Write(flag(d.BestScores), 1)
		w.Write(uint64(d.Best), choiceBits(d.BestScores))
		w.Gamma(uint64(d.Loss))
	}
}

func flag(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// errLog is the reason a log is refused.
var errLog = errors.New("bad decision log")

// ReadLog reads a log of a game of seats seats under rules r, checking
// every field's range (a state is never trusted).
func ReadLog(rd *bitstream.Reader, r *yacht.Rules, seats int) (Log, error) {
	var l Log
	l.Full = rd.Read(1) == 1
	n := int(rd.Gamma(16)) - 1
	if n < 0 || n > LogBudget/17 {
		return l, errLog
	}
	used := 0
	for i := 0; i < n; i++ {
		var d Decision
		d.Seat = int(rd.Read(3))
		d.Turn = int(rd.Read(4)) + 1
		d.Roll = int(rd.Read(2))
		p := int(rd.Read(8))
		if d.Seat >= seats || d.Turn > len(r.Categories) || d.Roll < 1 || p >= yacht.NumPatterns {
			return l, errLog
		}
		copy(d.Dice[:], yacht.Pattern(p).Faces())
		d.Chosen = int(rd.Read(choiceBits(d.Roll == 3)))
		d.BestScores = rd.Read(1) == 1
		d.Best = int(rd.Read(choiceBits(d.BestScores)))
		d.Loss = int(rd.Gamma(21))
		if rd.Bad() || d.Loss < 1 || !validChoice(r, d.Dice, d.Roll == 3, d.Chosen) || !validChoice(r, d.Dice, d.BestScores, d.Best) {
			return l, errLog
		}
		used += d.bits()
		l.Costly = append(l.Costly, d)
	}
	if used > LogBudget {
		return l, errLog
	}
	return l, nil
}

// validChoice reports whether v is a category of r (score) or a hold
// mask over d as HoldMask writes it.
func validChoice(r *yacht.Rules, d yacht.Dice, score bool, v int) bool {
	if score {
		return v < len(r.Categories)
	}
	return HoldMask(d, Held(d, v)) == v
}

// digits writes counts as ascending face digits ("336").
func digits(c yacht.Counts) string {
	var b strings.Builder
	for _, f := range c.Faces() {
		b.WriteString(strconv.Itoa(f))
	}
	return b.String()
}

// Record returns d in the store's form under rules r.
func (d Decision) Record(r *yacht.Rules) store.Decision {
	out := store.Decision{Seat: d.Seat, Turn: d.Turn, Roll: d.Roll, Dice: digits(d.Dice.Counts()), Loss: float64(d.Loss) / 100}
	out.Chosen = choiceText(r, d.Dice, d.Roll == 3, d.Chosen)
	out.Best = choiceText(r, d.Dice, d.BestScores, d.Best)
	return out
}

// choiceText is a choice in the store's form: a category key, or the kept
// dice as digits.
func choiceText(r *yacht.Rules, d yacht.Dice, score bool, v int) string {
	if score {
		return r.Categories[v].Key
	}
	return digits(Held(d, v))
}
