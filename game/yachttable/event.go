package yachttable

import (
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// EventKind is what an event tells.
type EventKind int

// The events of a move.
const (
	EventHeld         EventKind = iota // the holds changed
	EventRolled                        // the dice were rolled (Decision: the keep, when a roll followed one)
	EventScored                        // a box was filled (Decision: the scoring)
	EventTurnPassed                    // the turn passed from Seat to Next
	EventPlayedFor                     // Alea begins to play Seat's turn for its player
	EventAleaTurn                      // Alea begins its own seat's turn
	EventGameOver                      // every box is filled: the game is over (the result is to be recorded)
	EventUndone                        // the pass of the turn from Seat to Next was taken back: Seat plays again
	EventJoined                        // User took seat Seat of the lobby
	EventLeft                          // User left the lobby
	EventStarted                       // the lobby's game started
	EventBroughtDown                   // the board is to carry on in a new message
	EventRecord                        // the finished game's result is to be recorded again
	EventAleaSeated                    // Alea took seat Seat of the lobby
	EventAleaUnseated                  // Alea left seat Seat of the lobby
)

// Event is one thing that happened on a table.
type Event struct {
	Kind EventKind
	Seat int
	// ByAlea: Alea made the move (its own seat, or a turn played for a
	// player).
	ByAlea bool
	// Dice are the dice after EventRolled.
	Dice yacht.Dice
	// Decided is set when the event carries a decision: Chosen and Best
	// are the move made and the best one, Loss what it cost in expected
	// points (≥ 0).
	Decided      bool
	Chosen, Best strategy.Action
	Loss         float64
	// Next is the seat to play after EventTurnPassed, and the seat whose
	// turn the pass undone by EventUndone had begun.
	Next int
	// User is the Discord user of EventJoined and EventLeft.
	User uint64
}

// Ended reports whether events end the game or ask for its result to be
// recorded again: whether a press that made them records the result.
func Ended(events []Event) bool {
	for _, e := range events {
		if e.Kind == EventGameOver || e.Kind == EventRecord {
			return true
		}
	}
	return false
}

// Passed reports whether the turn passed in events.
func Passed(events []Event) bool {
	for _, e := range events {
		if e.Kind == EventTurnPassed {
			return true
		}
	}
	return false
}
