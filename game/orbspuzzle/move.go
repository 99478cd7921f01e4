package orbspuzzle

import "errors"

// MoveKind is what a move does.
type MoveKind int

// The moves of a puzzle.
const (
	MovePress  MoveKind = iota // press orb Move.Orb
	MoveRecord                 // record the solved puzzle's result again
)

// Move is one move of the puzzle's player.
type Move struct {
	Kind MoveKind
	Orb  uint64 // MovePress: the orb's bit (OrbBit)
}

// EventKind is what an event tells.
type EventKind int

// The events of a move.
const (
	EventPressed EventKind = iota // an orb was pressed (Event.Orb)
	EventSolved                   // the grid is clear: the puzzle is over (the result is to be recorded)
	EventRecord                   // the solved puzzle's result is to be recorded again
)

// Event is one thing that happened to a puzzle.
type Event struct {
	Kind EventKind
	Orb  uint64
}

// The refusals of Authorise and Apply.
var (
	// ErrNotYours refuses a press by someone other than who dealt the
	// puzzle.
	ErrNotYours = errors.New("orbspuzzle: not the player's puzzle")
	// ErrSolved refuses a press on a solved puzzle (it shows no orbs).
	ErrSolved = errors.New("orbspuzzle: the puzzle is solved")
	// ErrNotSolved refuses recording a puzzle not solved.
	ErrNotSolved = errors.New("orbspuzzle: the puzzle is not solved")
	// ErrNoOrb refuses a press of an orb the grid does not have.
	ErrNoOrb = errors.New("orbspuzzle: no such orb")
)

// Authorise reports whether userID may move on g: only who dealt it.
func (g Puzzle) Authorise(userID string) error {
	if !g.Owner.Is(userID) {
		return ErrNotYours
	}
	return nil
}

// Apply makes move m on g and returns what happened: a press flips the
// orb and counts (at most MaxClicks), and solves the puzzle when it
// clears the grid; recording again needs a solved puzzle and changes
// nothing. On an error g is as it was.
func (g *Puzzle) Apply(m Move) ([]Event, error) {
	switch m.Kind {
	case MovePress:
		if m.Orb == 0 || m.Orb&^ValidMask(g.Rows, g.Cols) != 0 || m.Orb&(m.Orb-1) != 0 {
			return nil, ErrNoOrb
		}
		if g.Solved() {
			return nil, ErrSolved
		}
		g.Pressed ^= m.Orb
		g.Clicks = min(g.Clicks+1, MaxClicks)
		ev := []Event{{Kind: EventPressed, Orb: m.Orb}}
		if g.Solved() {
			ev = append(ev, Event{Kind: EventSolved})
		}
		return ev, nil
	case MoveRecord:
		if !g.Solved() {
			return nil, ErrNotSolved
		}
		return []Event{{Kind: EventRecord}}, nil
	}
	return nil, errors.New("orbspuzzle: unknown move")
}

// Ended reports whether events end the puzzle or ask for its result to be
// recorded again: whether the press that made them records the result.
func Ended(events []Event) bool {
	for _, e := range events {
		if e.Kind == EventSolved || e.Kind == EventRecord {
			return true
		}
	}
	return false
}
