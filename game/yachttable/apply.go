package yachttable

import (
	"errors"
	"fmt"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// MoveKind is what a move does.
type MoveKind int

// The moves of a turn.
const (
	MoveToggle   MoveKind = iota // hold or release die Move.Die (after roll 1 or 2)
	MoveHoldBest                 // hold the best keep (after roll 1 or 2, coach on)
	MoveRoll                     // roll the dice not held with the virtual dice
	MoveEnter                    // the dice not held came up as Move.Dice (real dice)
	MoveScore                    // score Move.Category
	MovePlayFor                  // Alea plays the rest of the current turn
)

// Move is one move of the current seat's player.
type Move struct {
	Kind     MoveKind
	Die      int        // MoveToggle: the die's index (0..4, ascending dice)
	Dice     yacht.Dice // MoveEnter: all five dice, held ones included
	Category int        // MoveScore
}

// EventKind is what an event tells.
type EventKind int

// The events of a move.
const (
	EventHeld       EventKind = iota // the holds changed
	EventRolled                      // the dice were rolled (Decision: the keep, when a roll followed one)
	EventScored                      // a box was filled (Decision: the scoring)
	EventTurnPassed                  // the turn passed from Seat to Next
	EventPlayedFor                   // Alea begins to play Seat's turn for its player
	EventAleaTurn                    // Alea begins its own seat's turn
	EventGameOver                    // every box is filled: the game is over
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
	// Next is the seat to play after EventTurnPassed.
	Next int
}

// ErrNotNow refuses a move the turn's phase does not allow.
var ErrNotNow = errors.New("yachttable: not at this point of the turn")

// ErrNoCategory refuses a scoring in a box that cannot take it now.
var ErrNoCategory = errors.New("yachttable: that box cannot be scored now")

// HeldMissingError refuses entered dice that do not contain the held dice.
type HeldMissingError struct{ Have, Held yacht.Counts }

func (e *HeldMissingError) Error() string {
	return fmt.Sprintf("yachttable: dice %v do not contain the held %v", e.Have.Faces(), e.Held.Faces())
}

// Allowed reports whether the current turn's phase allows a move of kind
// k (coach matters for MoveHoldBest).
func (g *Table) Allowed(k MoveKind) bool {
	if g.Lobby || g.Over() {
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
	case MovePlayFor:
		return true
	}
	return false
}

// Apply makes move m for the current seat's player, then plays Alea's
// seats' turns that follow, and returns what happened in order. The game
// ends in one place: the EventGameOver it returns when the last box is
// filled. t is the table of the game's rules.
func (g *Table) Apply(t *strategy.Table, m Move) ([]Event, error) {
	if !g.Allowed(m.Kind) {
		return nil, ErrNotNow
	}
	var ev []Event
	var err error
	switch m.Kind {
	case MoveToggle:
		if m.Die < 0 || m.Die >= yacht.NumDice {
			return nil, ErrNotNow
		}
		g.Hold ^= 1 << uint(m.Die)
		return []Event{{Kind: EventHeld, Seat: g.Cur}}, nil
	case MoveHoldBest:
		adv, err := g.advise(t)
		if err != nil {
			return nil, err
		}
		if best := adv.Actions[0]; best.Kind == strategy.Keep {
			g.Hold = uint8(HoldMask(g.Dice, best.Keep))
		}
		return []Event{{Kind: EventHeld, Seat: g.Cur}}, nil
	case MoveRoll:
		ev, err = g.rollVirtual(t, false)
	case MoveEnter:
		if g.Roll > 0 {
			held, have := g.Held(), m.Dice.Counts()
			for f := range held {
				if held[f] > have[f] {
					return nil, &HeldMissingError{Have: have, Held: held}
				}
			}
		}
		g.Chosen = true
		ev, err = g.rollTo(t, m.Dice, false)
	case MoveScore:
		ev, err = g.score(t, m.Category, false)
	case MovePlayFor:
		g.Current().Auto = min(g.Current().Auto+1, MaxAuto)
		ev = []Event{{Kind: EventPlayedFor, Seat: g.Cur}}
		more, e := g.optimalTurn(t)
		ev, err = append(ev, more...), e
	}
	if err != nil {
		return nil, err
	}
	more, err := g.PlayAlea(t)
	return append(ev, more...), err
}

// PlayAlea plays every turn of Alea's seats from the current one on,
// until a person's turn or the end.
func (g *Table) PlayAlea(t *strategy.Table) ([]Event, error) {
	var ev []Event
	for !g.Lobby && !g.Over() && g.Current().Kind == SeatAlea {
		ev = append(ev, Event{Kind: EventAleaTurn, Seat: g.Cur})
		more, err := g.optimalTurn(t)
		if err != nil {
			return nil, err
		}
		ev = append(ev, more...)
	}
	return ev, nil
}

// advise returns the engine's advice for the current player's dice.
func (g *Table) advise(t *strategy.Table) (strategy.Advice, error) {
	d := g.Dice
	adv, err := t.Advise(g.Current().Sheet, &d, g.Roll)
	if err != nil {
		return adv, fmt.Errorf("advise: %w", err)
	}
	return adv, nil
}

// rollVirtual rolls the dice not held with the game's dice.
func (g *Table) rollVirtual(t *strategy.Table, alea bool) ([]Event, error) {
	faces := g.Roller.Roll(g.Seed, g.Cur, g.Current().Sheet.Filled(), g.Roll+1)
	var d yacht.Dice
	k := 0
	for i, f := range g.Dice {
		if g.Roll > 0 && g.Hold&(1<<uint(i)) != 0 {
			d[k] = f
			k++
		}
	}
	copy(d[k:], faces[:yacht.NumDice-k])
	return g.rollTo(t, d, alea)
}

// rollTo records the keep decision (after roll 1 or 2) and moves to dice d.
func (g *Table) rollTo(t *strategy.Table, d yacht.Dice, alea bool) ([]Event, error) {
	e := Event{Kind: EventRolled, Seat: g.Cur, ByAlea: alea}
	if g.Roll > 0 {
		adv, err := g.advise(t)
		if err != nil {
			return nil, err
		}
		keep := g.Held()
		for _, a := range adv.Actions {
			if a.Kind == strategy.Keep && a.Keep == keep {
				loss := adv.Actions[0].Expected - a.Expected
				g.TurnLoss = min(g.TurnLoss+Centi(loss), MaxTurnLoss)
				e.Decided, e.Chosen, e.Best, e.Loss = true, a, adv.Actions[0], loss
				g.decided(!alea, g.Roll, a, adv.Actions[0], loss)
			}
		}
	}
	copy(g.Dice[:], d.Counts().Faces())
	g.Roll++
	g.Hold = 0
	e.Dice = g.Dice
	return []Event{e}, nil
}

// score fills category with the current dice and passes the turn.
func (g *Table) score(t *strategy.Table, category int, alea bool) ([]Event, error) {
	adv, err := g.advise(t)
	if err != nil {
		return nil, err
	}
	for _, a := range adv.Actions {
		if a.Kind != strategy.Score || a.Scoring.Category != category {
			continue
		}
		loss := adv.Actions[0].Expected - a.Expected
		g.decided(!alea, 3, a, adv.Actions[0], loss)
		p := g.Current()
		turn := min(g.TurnLoss+Centi(loss), MaxTotalLoss)
		p.Loss[a.Scoring.Category] = turn
		p.Lost = min(p.Lost+turn, MaxTotalLoss)
		p.Sheet = p.Sheet.Fill(a.Scoring)
		ev := []Event{{Kind: EventScored, Seat: g.Cur, ByAlea: alea, Decided: true, Chosen: a, Best: adv.Actions[0], Loss: loss, Dice: g.Dice}}
		g.Roll, g.Hold, g.TurnLoss = 0, 0, 0
		was := g.Cur
		g.Cur = (g.Cur + 1) % len(g.Seats)
		ev = append(ev, Event{Kind: EventTurnPassed, Seat: was, Next: g.Cur})
		if g.Over() {
			ev = append(ev, Event{Kind: EventGameOver, Seat: was})
		}
		return ev, nil
	}
	return nil, ErrNoCategory
}

// optimalTurn plays the rest of the current player's turn with the
// optimal policy and the game's dice.
func (g *Table) optimalTurn(t *strategy.Table) ([]Event, error) {
	cur := g.Cur
	var ev []Event
	for g.Cur == cur && !g.Over() {
		if g.Roll == 0 {
			more, err := g.rollVirtual(t, true)
			if err != nil {
				return nil, err
			}
			ev = append(ev, more...)
			continue
		}
		adv, err := g.advise(t)
		if err != nil {
			return nil, err
		}
		best := adv.Actions[0]
		if best.Kind == strategy.Keep && g.Roll < 3 {
			g.Hold = uint8(HoldMask(g.Dice, best.Keep))
			more, err := g.rollVirtual(t, true)
			if err != nil {
				return nil, err
			}
			ev = append(ev, more...)
			continue
		}
		more, err := g.score(t, best.Scoring.Category, true)
		if err != nil {
			return nil, err
		}
		ev = append(ev, more...)
	}
	return ev, nil
}
