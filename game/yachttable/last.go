package yachttable

import (
	"errors"
	"math/bits"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/bitstream"
)

// The last move travels in the state (Table.Last, field 1 of a version 4
// state), so that a board drawn again (brought down to the bottom of the
// channel) tells it again without reading the message. It keeps the
// events a board tells, in the form Told gives them:
//
//	count, Elias gamma (≥ 1) · per event: kind 3 (0 played for, 1 Alea's
//	turn, 2 rolled, 3 scored, 4 undone) · seat 3, then
//	  played for, Alea's turn: nothing more
//	  rolled: by Alea 1 · dice pattern 8 · decided 1 · [the dice kept, a hold
//	    mask 5 over the dice rolled (the dice kept are among them)] ·
//	    [unless by Alea, when decided: the best move · the loss]
//	  scored: by Alea 1 · category 4 · points (their index among the
//	    category's possible scores, in as few bits as they need) ·
//	    [unless by Alea: the best move · the loss]
//	  undone: the seat whose turn the undone pass began 3
//	the best move: score 1 · (category 4 · points | the dice kept, 9: their
//	  index among the 462 multisets of at most five dice)
//	the loss: Elias gamma (hundredths of an expected point + 1)
//
// Alea's moves are the best ones: their best move is the move itself and
// their loss 0, and neither is kept.

// The kinds of a told event in the state.
const (
	toldPlayedFor = iota
	toldAleaTurn
	toldRolled
	toldScored
	toldUndone
)

// Told returns the events of events that a board tells, in the form the
// state keeps them: a turn played for a player, Alea's turn, a roll by
// Alea or one that followed a decision, a scoring, an Undo. A decision's
// moves keep what a board says of them (the dice kept, the category and
// its points) and its loss is rounded to hundredths; Alea's moves keep no
// best move nor loss.
func Told(events []Event) []Event {
	var out []Event
	for _, e := range events {
		t := Event{Kind: e.Kind, Seat: e.Seat, ByAlea: e.ByAlea}
		switch e.Kind {
		case EventPlayedFor, EventAleaTurn:
		case EventRolled:
			if !e.ByAlea && !e.Decided {
				continue
			}
			t.Dice, t.Decided = e.Dice, e.Decided
			if e.Decided {
				t.Chosen = toldAction(e.Chosen)
			}
		case EventScored:
			t.Decided, t.Chosen = true, toldAction(e.Chosen)
		case EventUndone:
			t.Next = e.Next
		default:
			continue
		}
		if t.Decided && !e.ByAlea {
			t.Best, t.Loss = toldAction(e.Best), float64(Centi(e.Loss))/100
		}
		out = append(out, t)
	}
	return out
}

// toldAction is what a board says of a move: the dice kept, or the
// category and its points.
func toldAction(a strategy.Action) strategy.Action {
	if a.Kind == strategy.Keep {
		return strategy.Action{Kind: strategy.Keep, Keep: a.Keep}
	}
	return strategy.Action{Kind: strategy.Score, Scoring: yacht.Scoring{Category: a.Scoring.Category, Points: a.Scoring.Points}}
}

// keeps are the multisets of at most five dice, in the order of their
// index in the state; keepIndex inverts it.
var keeps, keepIndex = func() ([]yacht.Counts, map[yacht.Counts]int) {
	var all []yacht.Counts
	var c yacht.Counts
	var walk func(face, left int)
	walk = func(face, left int) {
		if face == len(c) {
			all = append(all, c)
			return
		}
		for n := 0; n <= left; n++ {
			c[face] = uint8(n)
			walk(face+1, left-n)
		}
		c[face] = 0
	}
	walk(0, yacht.NumDice)
	index := make(map[yacht.Counts]int, len(all))
	for i, k := range all {
		index[k] = i
	}
	return all, index
}()

// keepBits is the size of a keep's index.
const keepBits = 9

// errLast is the reason a last move is refused.
var errLast = errors.New("bad last move")

// pointsBits is the size of the index of a category's points.
func pointsBits(possible []int) int { return bits.Len(uint(len(possible) - 1)) }

// writeLast writes told events (Told's form) of a game under rules r.
func writeLast(w *bitstream.Writer, r *yacht.Rules, told []Event) {
	w.Gamma(uint64(len(told)))
	for _, e := range told {
		kind := map[EventKind]uint64{EventPlayedFor: toldPlayedFor, EventAleaTurn: toldAleaTurn, EventRolled: toldRolled,
			EventScored: toldScored, EventUndone: toldUndone}[e.Kind]
		w.Write(kind, 3)
		w.Write(uint64(e.Seat), 3)
		switch e.Kind {
		case EventRolled:
			w.Write(flag(e.ByAlea), 1)
			w.Write(uint64(yacht.PatternIndex(e.Dice)), 8)
			w.Write(flag(e.Decided), 1)
			if e.Decided {
				w.Write(uint64(HoldMask(e.Dice, e.Chosen.Keep)), 5)
			}
		case EventScored:
			w.Write(flag(e.ByAlea), 1)
			writeScoring(w, r, e.Chosen.Scoring)
		case EventUndone:
			w.Write(uint64(e.Next), 3)
		}
		if (e.Kind == EventRolled || e.Kind == EventScored) && e.Decided && !e.ByAlea {
			w.Write(flag(e.Best.Kind == strategy.Score), 1)
			if e.Best.Kind == strategy.Score {
				writeScoring(w, r, e.Best.Scoring)
			} else {
				w.Write(uint64(keepIndex[e.Best.Keep]), keepBits)
			}
			w.Gamma(uint64(Centi(e.Loss)) + 1)
		}
	}
}

// writeScoring writes a category and its points.
func writeScoring(w *bitstream.Writer, r *yacht.Rules, s yacht.Scoring) {
	w.Write(uint64(s.Category), 4)
	possible := r.PossibleScores(s.Category)
	k := 0
	for i, p := range possible {
		if p == s.Points {
			k = i
		}
	}
	w.Write(uint64(k), pointsBits(possible))
}

// readScoring reads what writeScoring writes.
func readScoring(rd *bitstream.Reader, r *yacht.Rules) (yacht.Scoring, error) {
	c := int(rd.Read(4))
	if c >= len(r.Categories) {
		return yacht.Scoring{}, errLast
	}
	possible := r.PossibleScores(c)
	k := int(rd.Read(pointsBits(possible)))
	if k >= len(possible) {
		return yacht.Scoring{}, errLast
	}
	return yacht.Scoring{Category: c, Points: possible[k]}, nil
}

// readLast reads what writeLast writes, for a game of seats seats under
// rules r, checking every field.
func readLast(rd *bitstream.Reader, r *yacht.Rules, seats int) ([]Event, error) {
	n := int(rd.Gamma(8))
	if n < 1 || rd.Bad() {
		return nil, errLast
	}
	var out []Event
	for range n {
		var e Event
		kind := int(rd.Read(3))
		e.Seat = int(rd.Read(3))
		if e.Seat >= seats {
			return nil, errLast
		}
		switch kind {
		case toldPlayedFor:
			e.Kind = EventPlayedFor
		case toldAleaTurn:
			e.Kind = EventAleaTurn
		case toldRolled:
			e.Kind = EventRolled
			e.ByAlea = rd.Read(1) == 1
			p := int(rd.Read(8))
			if p >= yacht.NumPatterns {
				return nil, errLast
			}
			copy(e.Dice[:], yacht.Pattern(p).Faces())
			e.Decided = rd.Read(1) == 1
			if !e.ByAlea && !e.Decided {
				return nil, errLast
			}
			if e.Decided {
				e.Chosen = strategy.Action{Kind: strategy.Keep, Keep: Held(e.Dice, int(rd.Read(5)))}
			}
		case toldScored:
			e.Kind = EventScored
			e.ByAlea, e.Decided = rd.Read(1) == 1, true
			s, err := readScoring(rd, r)
			if err != nil {
				return nil, err
			}
			e.Chosen = strategy.Action{Kind: strategy.Score, Scoring: s}
		case toldUndone:
			e.Kind = EventUndone
			e.Next = int(rd.Read(3))
			if e.Next >= seats {
				return nil, errLast
			}
		default:
			return nil, errLast
		}
		if (e.Kind == EventRolled || e.Kind == EventScored) && e.Decided && !e.ByAlea {
			if rd.Read(1) == 1 {
				s, err := readScoring(rd, r)
				if err != nil {
					return nil, err
				}
				e.Best = strategy.Action{Kind: strategy.Score, Scoring: s}
			} else {
				k := int(rd.Read(keepBits))
				if k >= len(keeps) {
					return nil, errLast
				}
				e.Best = strategy.Action{Kind: strategy.Keep, Keep: keeps[k]}
			}
			loss := int(rd.Gamma(maxLossBits)) - 1
			if loss < 0 {
				return nil, errLast
			}
			e.Loss = float64(loss) / 100
		}
		if rd.Bad() {
			return nil, errLast
		}
		out = append(out, e)
	}
	return out, nil
}
