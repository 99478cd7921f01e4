package yachttable

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/alea-bot/alea/engine/yacht"
)

// MoveKind is what a move does.
type MoveKind int

// The moves of a table: every change a press can make.
const (
	MoveToggle    MoveKind = iota // hold or release die Move.Die (after roll 1 or 2)
	MoveHoldBest                  // hold the best keep (after roll 1 or 2, coach on)
	MoveRoll                      // roll the dice not held with the virtual dice
	MoveEnter                     // the dice not held came up as Move.Dice (real dice)
	MoveScore                     // score Move.Category
	MovePlayFor                   // Alea plays the rest of the current turn (its player idle)
	MoveUndo                      // take back the last pass of the turn (its player, until the next acts)
	MoveBringDown                 // carry the board on in a new message (it changes nothing)
	MoveJoin                      // lobby: Move.By takes a seat
	MoveLeave                     // lobby: Move.By leaves their seat
	MoveStart                     // lobby: the starter starts the game
	MoveRecord                    // final board: record the result again
	MoveAlea                      // lobby: the starter seats Alea, or takes its seat away
)

// Phase is where a table is, which decides the moves it takes.
type Phase int

// The phases of a table.
const (
	PhaseLobby Phase = iota // people join
	PhaseTurn               // a turn is being played
	PhaseOver               // the final board
)

// Phase returns where g is.
func (g *Table) Phase() Phase {
	switch {
	case g.Over():
		return PhaseOver
	case g.Lobby:
		return PhaseLobby
	}
	return PhaseTurn
}

// Phase returns the phase in which a move of kind k can be made.
func (k MoveKind) Phase() Phase {
	switch k {
	case MoveJoin, MoveLeave, MoveStart, MoveAlea:
		return PhaseLobby
	case MoveRecord:
		return PhaseOver
	}
	return PhaseTurn
}

// Move is one move, made by By (a Discord user id, or another user's id:
// the local runner's) at At.
type Move struct {
	Kind     MoveKind
	By       string
	Die      int        // MoveToggle: the die's index (0..4, ascending dice)
	Dice     yacht.Dice // MoveEnter: all five dice, held ones included
	Category int        // MoveScore
	// At is when the move is made: the end time of a game it ends, and
	// for MovePlayFor the time the idle player is measured to.
	At time.Time
	// Since, for MovePlayFor, is when the board last changed: its player
	// has been idle since.
	Since time.Time
}

// The refusals of Authorise and Apply.
var (
	// ErrNotNow refuses a move the table's phase, or the turn's, does
	// not allow.
	ErrNotNow = errors.New("yachttable: not at this point of the turn")
	// ErrNoCategory refuses a scoring in a box that cannot take it now.
	ErrNoCategory = errors.New("yachttable: that box cannot be scored now")
	// ErrNotYourTurn refuses a turn's move by someone who does not press
	// for the seat to play (MovePlayFor: who has no seat).
	ErrNotYourTurn = errors.New("yachttable: not the presser's turn")
	// ErrNotSeated refuses a move of the people at the table (bring down,
	// record, leave) by someone else, and a join by someone who is no
	// Discord user.
	ErrNotSeated = errors.New("yachttable: not at this table")
	// ErrNoUndo refuses an Undo with nothing to take back, or by someone
	// other than the player who passed the turn.
	ErrNoUndo = errors.New("yachttable: nothing this player may take back")
	// ErrOnlyStarter refuses a start by someone other than the starter.
	ErrOnlyStarter = errors.New("yachttable: only the starter starts the game")
	// ErrStarterStays refuses the starter's leaving the lobby.
	ErrStarterStays = errors.New("yachttable: the starter keeps their seat")
	// ErrTableFull refuses a join at a table of MaxPlayers.
	ErrTableFull = errors.New("yachttable: the table is full")
)

// HeldMissingError refuses entered dice that do not contain the held dice.
type HeldMissingError struct{ Have, Held yacht.Counts }

func (e *HeldMissingError) Error() string {
	return fmt.Sprintf("yachttable: dice %v do not contain the held %v", e.Have.Faces(), e.Held.Faces())
}

// TooEarlyError refuses a MovePlayFor before the player has been idle for
// the table's idle time: Wait is what is left of it.
type TooEarlyError struct{ Wait time.Duration }

func (e *TooEarlyError) Error() string {
	return fmt.Sprintf("yachttable: the player is idle for %v more", e.Wait)
}

// Authorise reports whether m.By may make m on g (it does not check the
// phase: Apply does): the player of the seat to play makes the turn's
// moves; anyone seated plays for an idle player; the player who passed
// the turn takes it back; the people at the table bring the board down
// and record it again; a Discord user joins a lobby, someone seated leaves
// it, the starter starts it.
func (g *Table) Authorise(m Move) error {
	switch m.Kind {
	case MoveToggle, MoveHoldBest, MoveRoll, MoveEnter, MoveScore:
		if !g.Presser(g.Cur, m.By) {
			return ErrNotYourTurn
		}
	case MovePlayFor:
		if !g.Seated(m.By) {
			return ErrNotYourTurn
		}
	case MoveUndo:
		if g.Undo == nil || !g.Undo.Presser(g.Undo.Cur, m.By) {
			return ErrNoUndo
		}
	case MoveBringDown, MoveRecord:
		if !g.AtTable(m.By) {
			return ErrNotSeated
		}
	case MoveJoin:
		if _, err := strconv.ParseUint(m.By, 10, 64); err != nil {
			return ErrNotSeated
		}
	case MoveLeave:
		if g.lobbySeat(m.By) < 0 {
			return ErrNotSeated
		}
	case MoveStart, MoveAlea:
		if !g.Owner.Is(m.By) {
			return ErrOnlyStarter
		}
	}
	return nil
}

// Allowed reports whether the current turn's phase allows a move of kind
// k (coach matters for MoveHoldBest; a daily table takes only the dice,
// Roll, the score menu and Record).
func (g *Table) Allowed(k MoveKind) bool {
	if k.Phase() != g.Phase() || g.Daily != nil && !dailyMove(k) {
		return false
	}
	switch k {
	case MoveToggle:
		return g.Roll == 1 || g.Roll == 2
	case MoveHoldBest:
		return (g.Roll == 1 || g.Roll == 2) && g.Coach == CoachOn
	case MoveRoll, MoveEnter:
		return g.Roll <= 2
	case MoveScore:
		return g.Roll >= 1
	}
	return true
}
