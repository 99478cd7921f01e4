package yachttable

import (
	"fmt"
	"strconv"
	"time"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Apply makes move m on g (Authorise first says whether m.By may) and
// returns what happened, in order. It owns what the rules own:
//
//   - the phase: a move out of its phase or its turn's point is ErrNotNow;
//   - the step counter: every move that changes the table moves it on
//     (a join of someone seated, bringing the board down and recording
//     again change nothing);
//   - Alea's seats: after a turn's move, Alea plays the turns of its
//     seats that follow, until a person's turn or the end;
//   - the end: the EventGameOver of the move that fills the last box,
//     and the end time, m.At;
//   - Undo: after a person's move passes the turn (Alea's turns played
//     at once after it included), g.Undo is the state before it, until
//     the next move; MoveUndo returns to it;
//   - the last move: g.Last is what a board tells of the move (Told).
//
// t is the strategy table of the game's rules (the lobby's moves need
// none). On an error g is as it was.
func (g *Table) Apply(t *strategy.Table, m Move) ([]Event, error) {
	if err := g.Check(m); err != nil {
		return nil, err
	}
	switch m.Kind {
	case MoveJoin:
		return g.join(m)
	case MoveLeave:
		return g.leave(m)
	case MoveStart:
		return g.start()
	case MoveAlea:
		return g.alea(m)
	case MoveBringDown:
		return []Event{{Kind: EventBroughtDown, Seat: g.Cur}}, nil
	case MoveRecord:
		return []Event{{Kind: EventRecord}}, nil
	case MoveUndo:
		return g.undo()
	}
	// The state before the move, kept for Undo and for a refusal.
	undo, last := g.Undo, g.Last
	g.Undo, g.Last = nil, nil
	before := g.Clone()
	ev, err := g.turnMove(t, m)
	if err != nil {
		*g = *before
		g.Undo, g.Last = undo, last
		return nil, err
	}
	g.moved(ev, m.At)
	// The turn passed: the player who passed it may take it back until the
	// next person acts; Alea's turns played at once after it are taken back
	// with it. A turn Alea played for its player passes no Undo, nor does
	// a daily challenge's turn (its cost is shown as it passes).
	if Passed(ev) && m.Kind != MovePlayFor && before.Seats[before.Cur].Kind != SeatAlea && g.Daily == nil {
		before.Step = g.Step
		g.Undo = before
	}
	return ev, nil
}

// Check reports whether the rules refuse m on g for a reason that needs
// no strategy table (Apply checks it first; the dice, the boxes a scoring
// can take are Apply's): a move out of its phase or its turn's point, an
// Undo with nothing to take back, a turn played for a player idle for
// less than the table's idle time, a join at a full table, the starter's
// leaving.
func (g *Table) Check(m Move) error {
	if !g.Allowed(m.Kind) {
		return ErrNotNow
	}
	switch m.Kind {
	case MoveUndo:
		if g.Undo == nil {
			return ErrNoUndo
		}
	case MovePlayFor:
		if wait := time.Duration(g.Idle)*time.Minute - m.At.Sub(m.Since); wait > 0 {
			return &TooEarlyError{Wait: wait}
		}
	case MoveJoin:
		if g.lobbySeat(m.By) < 0 && len(g.Seats) >= MaxPlayers {
			return ErrTableFull
		}
	case MoveLeave:
		switch g.lobbySeat(m.By) {
		case -1:
			return ErrNotSeated
		case 0:
			return ErrStarterStays
		}
	}
	return nil
}

// moved does what every change of the table does: the step moves on, the
// end time is set when the game ends, and the last move is what the
// events tell.
func (g *Table) moved(ev []Event, at time.Time) {
	g.Step = (g.Step + 1) & 0xFFFF
	g.ended(ev, at)
	g.Last = Told(ev)
}

// ended sets the end time when ev ends the game.
func (g *Table) ended(ev []Event, at time.Time) {
	for _, e := range ev {
		if e.Kind == EventGameOver && !g.EndedSet {
			g.Ended, g.EndedSet = max(0, Minute(at)-g.Started), true
		}
	}
}

// Begin plays the turns of Alea's seats that open a new game (none, or
// every turn of a game of Alea alone), at. It moves no step: the game's
// first state is the one it leaves.
func (g *Table) Begin(t *strategy.Table, at time.Time) ([]Event, error) {
	ev, err := g.PlayAlea(t)
	if err != nil {
		return nil, err
	}
	g.ended(ev, at)
	g.Last = Told(ev)
	return ev, nil
}

// turnMove makes a turn's move, then plays Alea's seats' turns that
// follow.
func (g *Table) turnMove(t *strategy.Table, m Move) ([]Event, error) {
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
		g.Entered = true
		ev, err = g.rollTo(t, m.Dice, false)
	case MoveScore:
		ev, err = g.score(t, m.Category, false)
	case MovePlayFor:
		g.Current().Auto = min(g.Current().Auto+1, MaxAuto)
		ev = []Event{{Kind: EventPlayedFor, Seat: g.Cur}}
		more, e := g.optimalTurn(t)
		ev, err = append(ev, more...), e
	default:
		return nil, ErrNotNow
	}
	if err != nil {
		return nil, err
	}
	more, err := g.PlayAlea(t)
	return append(ev, more...), err
}

// undo returns to the state before the last pass of the turn.
func (g *Table) undo() ([]Event, error) {
	if g.Undo == nil {
		return nil, ErrNoUndo
	}
	was, step, roller, ping := g.Cur, g.Step, g.Roller, g.Ping
	*g = *g.Undo
	g.Undo, g.Roller = nil, roller
	g.Step, g.Ping = step, ping
	ev := []Event{{Kind: EventUndone, Seat: g.Cur, Next: was}}
	g.moved(ev, time.Time{})
	return ev, nil
}

// join seats m.By, a Discord user, in the lobby; nothing happens when
// they sit there already.
func (g *Table) join(m Move) ([]Event, error) {
	id, err := strconv.ParseUint(m.By, 10, 64)
	if err != nil {
		return nil, ErrNotSeated
	}
	if g.lobbySeat(m.By) >= 0 {
		return nil, nil
	}
	if len(g.Seats) >= MaxPlayers {
		return nil, ErrTableFull
	}
	g.Seats = append(g.Seats, Seat{Kind: SeatUser, User: id, Sheet: yacht.NewSheet(g.Rules), Loss: make([]int, len(g.Rules.Categories))})
	ev := []Event{{Kind: EventJoined, Seat: len(g.Seats) - 1, User: id}}
	g.moved(ev, m.At)
	return ev, nil
}

// leave takes m.By's seat away in the lobby; the starter stays.
func (g *Table) leave(m Move) ([]Event, error) {
	at := g.lobbySeat(m.By)
	switch {
	case at < 0:
		return nil, ErrNotSeated
	case at == 0:
		return nil, ErrStarterStays
	}
	user := g.Seats[at].User
	g.Seats = append(g.Seats[:at], g.Seats[at+1:]...)
	ev := []Event{{Kind: EventLeft, Seat: at, User: user}}
	g.moved(ev, m.At)
	return ev, nil
}

// alea seats Alea in the lobby, or takes its last seat away when it has
// one (a button that toggles).
func (g *Table) alea(m Move) ([]Event, error) {
	for i := len(g.Seats) - 1; i > 0; i-- {
		if g.Seats[i].Kind == SeatAlea {
			g.Seats = append(g.Seats[:i], g.Seats[i+1:]...)
			ev := []Event{{Kind: EventAleaUnseated, Seat: i}}
			g.moved(ev, m.At)
			return ev, nil
		}
	}
	if len(g.Seats) >= MaxPlayers {
		return nil, ErrTableFull
	}
	g.Seats = append(g.Seats, Seat{Kind: SeatAlea, Sheet: yacht.NewSheet(g.Rules), Loss: make([]int, len(g.Rules.Categories))})
	ev := []Event{{Kind: EventAleaSeated, Seat: len(g.Seats) - 1}}
	g.moved(ev, m.At)
	return ev, nil
}

// HasAlea reports whether Alea has a seat at g.
func (g *Table) HasAlea() bool {
	for _, p := range g.Seats {
		if p.Kind == SeatAlea {
			return true
		}
	}
	return false
}

// start starts the lobby's game: the coach is decided now when the
// lobby left it to the number of people.
func (g *Table) start() ([]Event, error) {
	g.Lobby = false
	if g.Coach == CoachAuto {
		g.Coach = AutoCoach(g)
	}
	ev := []Event{{Kind: EventStarted}}
	g.moved(ev, time.Time{})
	return ev, nil
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
		if g.Daily != nil {
			g.Daily.Order = append(g.Daily.Order, a.Scoring.Category)
		}
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
