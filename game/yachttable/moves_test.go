package yachttable

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
)

// Discord users of the tests.
const (
	ann, bob, cy = "111111111111111111", "222222222222222222", "333333333333333333"
)

func user(id string) Seat {
	var v uint64
	fmt.Sscan(id, &v)
	return Seat{Kind: SeatUser, User: v}
}

// t0 is the tests' clock.
var t0 = time.Date(2026, 6, 1, 20, 0, 0, 0, time.UTC)

// must applies m and fails the test on an error.
func must(t *testing.T, g *Table, st *strategy.Table, m Move) []Event {
	t.Helper()
	if err := g.Authorise(m); err != nil {
		t.Fatalf("%+v: not authorised: %v", m, err)
	}
	ev, err := g.Apply(st, m)
	if err != nil {
		t.Fatalf("%+v: %v", m, err)
	}
	return ev
}

// kinds are the kinds of events, in order.
func kinds(ev []Event) []EventKind {
	var out []EventKind
	for _, e := range ev {
		out = append(out, e.Kind)
	}
	return out
}

// A lobby: Discord users join once each, up to six; someone seated but
// the starter leaves; the starter alone starts it, which decides the
// coach. Each change moves the step on and tells who; the turn's moves
// wait for the start.
func TestLobbyMoves(t *testing.T) {
	g, err := New(0, seal.OwnerOf(ann), 9, []Seat{{Kind: SeatName}})
	if err != nil {
		t.Fatal(err)
	}
	g.Coach = CoachAuto
	if err := g.OpenLobby(); err != nil || !g.Lobby || g.Phase() != PhaseLobby || g.Seats[0].Kind != SeatUser || g.Seats[0].User != user(ann).User {
		t.Fatalf("lobby: %v %+v", err, g.Seats)
	}
	if err := g.Authorise(Move{Kind: MoveJoin, By: "tester"}); err != ErrNotSeated {
		t.Errorf("a join by someone with no Discord id: %v", err)
	}
	ev := must(t, g, nil, Move{Kind: MoveJoin, By: bob})
	if fmt.Sprint(ev) != fmt.Sprint([]Event{{Kind: EventJoined, Seat: 1, User: user(bob).User}}) || len(g.Seats) != 2 || g.Step != 1 || g.Last != nil {
		t.Errorf("Bob joins: %+v, step %d", ev, g.Step)
	}
	if ev := must(t, g, nil, Move{Kind: MoveJoin, By: bob}); ev != nil || len(g.Seats) != 2 || g.Step != 1 {
		t.Errorf("Bob joins again: %+v, step %d", ev, g.Step)
	}
	for _, m := range []Move{{Kind: MoveRoll, By: ann}, {Kind: MoveRecord, By: ann}, {Kind: MoveUndo, By: ann}} {
		if _, err := g.Apply(nil, m); err != ErrNotNow {
			t.Errorf("%+v in a lobby: %v", m, err)
		}
	}
	if err := g.Authorise(Move{Kind: MoveLeave, By: cy}); err != ErrNotSeated {
		t.Errorf("Cy, not seated, leaves: %v", err)
	}
	if _, err := g.Apply(nil, Move{Kind: MoveLeave, By: ann}); err != ErrStarterStays {
		t.Errorf("the starter leaves: %v", err)
	}
	must(t, g, nil, Move{Kind: MoveJoin, By: cy})
	ev = must(t, g, nil, Move{Kind: MoveLeave, By: bob})
	if fmt.Sprint(ev) != fmt.Sprint([]Event{{Kind: EventLeft, Seat: 1, User: user(bob).User}}) || len(g.Seats) != 2 || g.Seats[1].User != user(cy).User || g.Step != 3 {
		t.Errorf("Bob leaves: %+v, seats %+v, step %d", ev, g.Seats, g.Step)
	}
	for i := 0; len(g.Seats) < MaxPlayers; i++ {
		must(t, g, nil, Move{Kind: MoveJoin, By: fmt.Sprint(400000000000000000 + i)})
	}
	if err := g.Check(Move{Kind: MoveJoin, By: bob}); err != ErrTableFull {
		t.Errorf("a seventh joins: %v", err)
	}
	if err := g.Check(Move{Kind: MoveJoin, By: cy}); err != nil {
		t.Errorf("someone seated joins a full table: %v", err)
	}
	if err := g.Authorise(Move{Kind: MoveStart, By: cy}); err != ErrOnlyStarter {
		t.Errorf("Cy starts: %v", err)
	}
	step := g.Step
	ev = must(t, g, nil, Move{Kind: MoveStart, By: ann})
	if kinds(ev)[0] != EventStarted || g.Lobby || g.Phase() != PhaseTurn || g.Coach != CoachHints || g.Step != step+1 {
		t.Errorf("started: %+v, coach %d", ev, g.Coach)
	}
	if _, err := g.Apply(nil, Move{Kind: MoveJoin, By: bob}); err != ErrNotNow {
		t.Errorf("a join after the start: %v", err)
	}
	// A lobby of one starts with the coach on.
	alone, _ := New(0, seal.OwnerOf(ann), 9, []Seat{{Kind: SeatName}})
	alone.Coach = CoachAuto
	if err := alone.OpenLobby(); err != nil {
		t.Fatal(err)
	}
	must(t, alone, nil, Move{Kind: MoveStart, By: ann})
	if alone.Coach != CoachOn {
		t.Errorf("one person's coach: %d", alone.Coach)
	}
	// Only a Discord user's new game alone opens a lobby.
	for _, o := range []string{"tester"} {
		h, _ := New(0, seal.OwnerOf(o), 9, []Seat{{Kind: SeatName}})
		if h.OpenLobby() == nil {
			t.Errorf("%s opened a lobby", o)
		}
	}
}

// The turn's moves are the player's of the seat to play (the starter's
// for a named seat); Play for them anyone seated's; bringing the board
// down and recording again the people at the table's, the starter
// included.
func TestWhoMayMove(t *testing.T) {
	g, _ := endGameTable(t, seal.Loopback(), user(ann), Seat{Kind: SeatName, Name: "Zed"}, Seat{Kind: SeatAlea})
	g.Owner = seal.OwnerOf(bob)
	for _, k := range []MoveKind{MoveToggle, MoveHoldBest, MoveRoll, MoveEnter, MoveScore} {
		if err := g.Authorise(Move{Kind: k, By: ann}); err != nil {
			t.Errorf("%d by Ann, to play: %v", k, err)
		}
		for _, by := range []string{bob, cy, "tester"} {
			if err := g.Authorise(Move{Kind: k, By: by}); err != ErrNotYourTurn {
				t.Errorf("%d by %s: %v", k, by, err)
			}
		}
	}
	g.Cur = 1 // Zed's turn: the starter presses for a named seat
	if g.Authorise(Move{Kind: MoveRoll, By: bob}) != nil || g.Authorise(Move{Kind: MoveRoll, By: ann}) != ErrNotYourTurn {
		t.Error("the named seat's presser")
	}
	for _, by := range []string{ann, bob} {
		if err := g.Authorise(Move{Kind: MovePlayFor, By: by}); err != nil {
			t.Errorf("Play for them by %s: %v", by, err)
		}
		for _, k := range []MoveKind{MoveBringDown, MoveRecord} {
			if err := g.Authorise(Move{Kind: k, By: by}); err != nil {
				t.Errorf("%d by %s: %v", k, by, err)
			}
		}
	}
	if g.Authorise(Move{Kind: MovePlayFor, By: cy}) != ErrNotYourTurn || g.Authorise(Move{Kind: MoveBringDown, By: cy}) != ErrNotSeated ||
		g.Authorise(Move{Kind: MoveRecord, By: cy}) != ErrNotSeated || g.Authorise(Move{Kind: MoveUndo, By: ann}) != ErrNoUndo {
		t.Error("a stranger's moves, or an Undo with nothing to undo")
	}
}

// Each turn move's point of the turn, and its events: a hold changes the
// holds and tells nothing; a roll after a roll carries the keep decision;
// a scoring passes the turn and Alea plays its seat at once.
func TestTurnMovesAndEvents(t *testing.T) {
	g, st := endGameTable(t, seal.Loopback(), user(ann), Seat{Kind: SeatAlea}, user(bob))
	for _, k := range []MoveKind{MoveToggle, MoveHoldBest, MoveScore} {
		if err := g.Check(Move{Kind: k}); err != ErrNotNow {
			t.Errorf("%d before the first roll: %v", k, err)
		}
	}
	ev := must(t, g, st, Move{Kind: MoveRoll, By: ann, At: t0})
	if len(ev) != 1 || ev[0].Kind != EventRolled || ev[0].Decided || ev[0].ByAlea || ev[0].Dice != g.Dice || g.Roll != 1 || g.Last != nil {
		t.Fatalf("the first roll: %+v, last %+v", ev, g.Last)
	}
	ev = must(t, g, st, Move{Kind: MoveToggle, By: ann, Die: 2})
	if fmt.Sprint(kinds(ev)) != fmt.Sprint([]EventKind{EventHeld}) || g.Hold != 0b100 || g.Last != nil {
		t.Errorf("a hold: %+v, hold %b", ev, g.Hold)
	}
	if _, err := g.Apply(st, Move{Kind: MoveToggle, By: ann, Die: 5}); err != ErrNotNow {
		t.Errorf("a sixth die: %v", err)
	}
	must(t, g, st, Move{Kind: MoveHoldBest, By: ann})
	adv, _ := g.advise(st)
	if best := adv.Actions[0]; best.Kind == strategy.Keep && g.Held() != best.Keep {
		t.Errorf("Hold best holds %v, the best keep is %v", g.Held(), best.Keep)
	}
	held := g.Held()
	ev = must(t, g, st, Move{Kind: MoveRoll, By: ann})
	if len(ev) != 1 || !ev[0].Decided || ev[0].Chosen.Keep != held || ev[0].Loss < 0 || g.Roll != 2 {
		t.Fatalf("the second roll: %+v", ev)
	}
	if told := Told(ev); len(told) != 1 || told[0].Chosen.Keep != held || told[0].Loss != float64(Centi(ev[0].Loss))/100 || told[0].Best.Expected != 0 {
		t.Errorf("told %+v", told)
	}
	cat := -1
	for k, s := range g.Current().Sheet.Scores {
		if s < 0 {
			cat = k
		}
	}
	ev = must(t, g, st, Move{Kind: MoveScore, By: ann, Category: cat})
	want := []EventKind{EventScored, EventTurnPassed, EventAleaTurn}
	if got := kinds(ev); len(got) < 5 || fmt.Sprint(got[:3]) != fmt.Sprint(want) || got[len(got)-1] != EventTurnPassed {
		t.Fatalf("the scoring: %v", got)
	}
	if ev[1].Seat != 0 || ev[1].Next != 1 || ev[len(ev)-1].Seat != 1 || ev[len(ev)-1].Next != 2 || g.Cur != 2 || g.Roll != 0 {
		t.Errorf("the turn went from %d to %d, then %d to %d", ev[1].Seat, ev[1].Next, ev[len(ev)-1].Seat, ev[len(ev)-1].Next)
	}
	for _, e := range ev[2:] {
		if (e.Kind == EventRolled || e.Kind == EventScored) && (!e.ByAlea || e.Seat != 1) {
			t.Errorf("Alea's turn: %+v", e)
		}
	}
	if fmt.Sprint(g.Last) != fmt.Sprint(Told(ev)) || len(g.Last) < 4 || g.Last[0].Kind != EventScored || g.Last[1].Kind != EventAleaTurn {
		t.Errorf("the last move: %+v", g.Last)
	}
	// The real dice of a roll: the held dice must be among them, and the
	// game is marked as entered by hand (not as a chosen seed).
	must(t, g, st, Move{Kind: MoveEnter, By: bob, Dice: yacht.Dice{6, 1, 6, 2, 6}})
	if g.Dice != (yacht.Dice{1, 2, 6, 6, 6}) || !g.Entered || g.Chosen || g.Roll != 1 {
		t.Errorf("entered dice: %v, entered %v, chosen %v", g.Dice, g.Entered, g.Chosen)
	}
}

// Undo reaches back over the last person's pass of the turn and the Alea
// turns played at once after it, for that person only, until the next
// person acts; a turn played for an idle player passes no Undo; a
// refused move keeps it. Taking back moves the step on and tells it.
func TestUndoReach(t *testing.T) {
	g, st := endGameTable(t, seal.Loopback(), user(ann), Seat{Kind: SeatAlea}, user(bob))
	must(t, g, st, Move{Kind: MoveRoll, By: ann})
	if g.Undo != nil {
		t.Fatal("Undo after a roll")
	}
	before := g.Clone()
	cat := openBox(g)
	must(t, g, st, Move{Kind: MoveScore, By: ann, Category: cat})
	if g.Undo == nil || g.Undo.Undo != nil || g.Undo.Last != nil || g.Undo.Cur != 0 || g.Undo.Step != g.Step {
		t.Fatalf("no Undo after Ann's pass: %+v", g.Undo)
	}
	for _, by := range []string{bob, cy} {
		if err := g.Authorise(Move{Kind: MoveUndo, By: by}); err != ErrNoUndo {
			t.Errorf("Undo by %s: %v", by, err)
		}
	}
	// A refused move keeps it.
	if _, err := g.Apply(st, Move{Kind: MoveScore, By: bob, Category: cat}); err != ErrNotNow || g.Undo == nil {
		t.Errorf("a refused move: %v, undo %v", err, g.Undo != nil)
	}
	step := g.Step
	ev := must(t, g, st, Move{Kind: MoveUndo, By: ann})
	if fmt.Sprint(ev) != fmt.Sprint([]Event{{Kind: EventUndone, Seat: 0, Next: 2}}) || g.Undo != nil || g.Step != step+1 {
		t.Fatalf("undone: %+v, step %d", ev, g.Step)
	}
	want := before.Clone()
	want.Step, want.Last = g.Step, Told(ev)
	if g.Encode() != want.Encode() || g.Seats[1].Sheet.Filled() != before.Seats[1].Sheet.Filled() {
		t.Error("Undo does not return to the state before Ann's score and Alea's turn")
	}
	if err := g.Check(Move{Kind: MoveUndo, By: ann}); err != ErrNoUndo {
		t.Errorf("undo twice: %v", err)
	}
	// Scored again: Bob's first move ends Ann's Undo.
	must(t, g, st, Move{Kind: MoveScore, By: ann, Category: cat})
	must(t, g, st, Move{Kind: MoveRoll, By: bob})
	if g.Undo != nil {
		t.Error("Undo survives the next person's move")
	}
	// Played for Bob: no Undo.
	must(t, g, st, Move{Kind: MovePlayFor, By: ann, At: t0.Add(time.Hour), Since: t0})
	if g.Undo != nil || g.Cur != 0 {
		t.Errorf("a turn played for Bob passed an Undo (cur %d)", g.Cur)
	}
}

// openBox is an open box of the current player's.
func openBox(g *Table) int {
	for k, s := range g.Current().Sheet.Scores {
		if s < 0 {
			return k
		}
	}
	return -1
}

// Play for them waits for the player to be idle for the table's idle
// time, measured from the board's last change to the move's time (both
// given: no clock in the floor), to the nanosecond; then Alea plays the
// rest of the turn, counted on the seat.
func TestPlayForWaitsForTheIdleTime(t *testing.T) {
	g, st := endGameTable(t, seal.Loopback(), user(ann), user(bob))
	g.Idle = 7
	since := t0
	var early *TooEarlyError
	_, err := g.Apply(st, Move{Kind: MovePlayFor, By: bob, Since: since, At: since.Add(7*time.Minute - time.Second)})
	if !errors.As(err, &early) || early.Wait != time.Second {
		t.Fatalf("a second early: %v", err)
	}
	if _, err := g.Apply(st, Move{Kind: MovePlayFor, By: bob, Since: since, At: since.Add(-time.Hour)}); !errors.As(err, &early) || early.Wait != 67*time.Minute {
		t.Errorf("a board edited after the move: %v", err)
	}
	step := g.Step
	must(t, g, st, Move{Kind: MoveRoll, By: ann})
	ev := must(t, g, st, Move{Kind: MovePlayFor, By: bob, Since: since, At: since.Add(7 * time.Minute)})
	if ev[0] != (Event{Kind: EventPlayedFor, Seat: 0}) || g.Cur != 1 || g.Seats[0].Auto != 1 || g.Seats[0].Sheet.Filled() != len(g.Rules.Categories)-2 || g.Step != step+2 {
		t.Fatalf("played for Ann: %+v", ev)
	}
	for _, e := range ev[1:] {
		if (e.Kind == EventRolled || e.Kind == EventScored) && !e.ByAlea {
			t.Errorf("a move of the turn played for Ann is not Alea's: %+v", e)
		}
	}
}

// The step moves on with every change, and only then, modulo 2^16.
func TestStepCounter(t *testing.T) {
	g, st := endGameTable(t, seal.Loopback(), user(ann), user(bob))
	g.Step = 1<<16 - 2
	steps := []int{}
	for _, m := range []Move{{Kind: MoveRoll, By: ann}, {Kind: MoveToggle, By: ann}, {Kind: MoveBringDown, By: bob}, {Kind: MoveToggle, By: ann}} {
		must(t, g, st, m)
		steps = append(steps, g.Step)
	}
	if fmt.Sprint(steps) != "[65535 0 0 1]" {
		t.Errorf("steps %v", steps)
	}
	// A refused move moves nothing.
	if _, err := g.Apply(st, Move{Kind: MoveScore, By: ann, Category: 0}); err != ErrNoCategory || g.Step != 1 {
		t.Errorf("a refused scoring: %v, step %d", err, g.Step)
	}
}

// The move that fills the last box ends the game at its time: one
// EventGameOver, the minutes from the start; the finished game records
// again and changes nothing (its step neither), nor takes any other move.
func TestEndTimeAndRecordAgain(t *testing.T) {
	g, st := endGameTable(t, seal.Loopback(), user(ann))
	g.Started = Minute(t0)
	for !g.Over() {
		must(t, g, st, Move{Kind: MoveRoll, By: ann, At: t0.Add(time.Hour)})
		ev := must(t, g, st, Move{Kind: MoveScore, By: ann, Category: openBox(g), At: t0.Add(37*time.Minute + 59*time.Second)})
		if Ended(ev) != g.Over() || g.EndedSet != g.Over() {
			t.Fatalf("over %v, events %v", g.Over(), kinds(ev))
		}
	}
	if g.Ended != 37 || g.Phase() != PhaseOver {
		t.Errorf("ended after %d minutes", g.Ended)
	}
	state := g.Encode()
	for _, k := range []MoveKind{MoveRoll, MoveUndo, MoveBringDown, MovePlayFor, MoveJoin} {
		if _, err := g.Apply(st, Move{Kind: k, By: ann}); err != ErrNotNow {
			t.Errorf("%d after the end: %v", k, err)
		}
	}
	if err := g.Authorise(Move{Kind: MoveRecord, By: bob}); err != ErrNotSeated {
		t.Errorf("a stranger records: %v", err)
	}
	ev := must(t, g, st, Move{Kind: MoveRecord, By: ann, At: t0.Add(99 * time.Hour)})
	if fmt.Sprint(kinds(ev)) != fmt.Sprint([]EventKind{EventRecord}) || !Ended(ev) || g.Encode() != state || g.Ended != 37 {
		t.Errorf("record again: %v; the state changed: %v", kinds(ev), g.Encode() != state)
	}
	// A game of Alea alone ends as it begins, at its time, with no step.
	a, st2 := endGameTable(t, seal.Loopback(), Seat{Kind: SeatAlea}, Seat{Kind: SeatAlea})
	a.Started = Minute(t0)
	ev, err := a.Begin(st2, t0.Add(2*time.Minute))
	if err != nil || !a.Over() || !Ended(ev) || a.Ended != 2 || a.Step != 0 || len(a.Last) == 0 {
		t.Errorf("Alea alone: %v, over %v, ended %d, step %d", err, a.Over(), a.Ended, a.Step)
	}
	// Its rematch: the same seats, rules and options, a new seed, empty
	// sheets; only a finished game has one.
	n, err := a.Rematch(7)
	if err != nil || n.Seed != 7 || len(n.Seats) != 2 || n.Seats[1].Kind != SeatAlea || n.Coach != a.Coach || n.Idle != a.Idle || n.Preset != a.Preset ||
		n.Owner != a.Owner || n.Seats[0].Sheet.Filled() != 0 || n.ID != 0 {
		t.Errorf("rematch: %v %+v", err, n)
	}
	if _, err := n.Rematch(8); err != ErrNotNow {
		t.Errorf("a rematch of a game under way: %v", err)
	}
}

// Bringing the board down changes nothing and tells the last move again.
func TestBringDownChangesNothing(t *testing.T) {
	g, st := endGameTable(t, seal.Loopback(), user(ann), Seat{Kind: SeatAlea}, user(bob))
	must(t, g, st, Move{Kind: MoveRoll, By: ann})
	must(t, g, st, Move{Kind: MoveScore, By: ann, Category: openBox(g)})
	state, prev := g.EncodeBoard()
	ev := must(t, g, st, Move{Kind: MoveBringDown, By: bob})
	s2, p2 := g.EncodeBoard()
	if fmt.Sprint(ev) != fmt.Sprint([]Event{{Kind: EventBroughtDown, Seat: 2}}) || s2 != state || p2 != prev || len(g.Last) == 0 {
		t.Errorf("brought down: %+v; the board changed: %v", ev, s2 != state || p2 != prev)
	}
}

// fixedDice deals by turn, roll and position alone, as a daily
// challenge would: every game, whatever its seed and seat, gets them.
type fixedDice struct{}

func (fixedDice) Roll(_ uint32, _, filled, roll int) [yacht.NumDice]int {
	var out [yacht.NumDice]int
	for i := range out {
		out[i] = 1 + (filled+roll+i)%6
	}
	return out
}

// The dice come from the table's Roller: another source deals them
// without the table knowing.
func TestRollerIsPluggable(t *testing.T) {
	var dice []yacht.Dice
	for _, seed := range []uint32{1, 2} {
		g, st := endGameTable(t, seal.Loopback(), user(ann))
		g.Seed, g.Roller = seed, fixedDice{}
		must(t, g, st, Move{Kind: MoveRoll, By: ann})
		dice = append(dice, g.Dice)
	}
	filled := len(endGame)
	want := yacht.Dice{1 + (filled+1)%6, 1 + (filled+2)%6, 1 + (filled+3)%6, 1 + (filled+4)%6, 1 + (filled+5)%6}
	copy(want[:], want.Counts().Faces())
	if dice[0] != want || dice[1] != want {
		t.Errorf("dice %v, want %v twice", dice, want)
	}
}

// 🤖 Add Alea in a lobby: the starter alone seats Alea (after those
// seated), and the same move takes its seat away; a full lobby seats it
// no more; the lobby with Alea seals and opens; the game starts with
// Alea's seat, and a person alone with Alea keeps the coach on.
func TestLobbyAlea(t *testing.T) {
	g, err := New(0, seal.OwnerOf(ann), 9, []Seat{{Kind: SeatName}})
	if err != nil {
		t.Fatal(err)
	}
	g.Coach = CoachAuto
	if err := g.OpenLobby(); err != nil {
		t.Fatal(err)
	}
	if err := g.Authorise(Move{Kind: MoveAlea, By: bob}); err != ErrOnlyStarter {
		t.Errorf("Bob seats Alea: %v", err)
	}
	ev := must(t, g, nil, Move{Kind: MoveAlea, By: ann})
	if fmt.Sprint(ev) != fmt.Sprint([]Event{{Kind: EventAleaSeated, Seat: 1}}) || len(g.Seats) != 2 || g.Seats[1].Kind != SeatAlea || !g.HasAlea() {
		t.Fatalf("Alea seated: %+v %+v", ev, g.Seats)
	}
	back, err := Decode(g.Encode())
	if err != nil || !back.HasAlea() || !back.Lobby {
		t.Fatalf("a lobby with Alea reads back: %v %+v", err, back)
	}
	must(t, g, nil, Move{Kind: MoveJoin, By: bob})
	ev = must(t, g, nil, Move{Kind: MoveAlea, By: ann})
	if fmt.Sprint(ev) != fmt.Sprint([]Event{{Kind: EventAleaUnseated, Seat: 1}}) || len(g.Seats) != 2 || g.HasAlea() || g.Seats[1].User != user(bob).User {
		t.Fatalf("Alea unseated: %+v %+v", ev, g.Seats)
	}
	for i := 0; len(g.Seats) < MaxPlayers; i++ {
		must(t, g, nil, Move{Kind: MoveJoin, By: fmt.Sprint(400000000000000000 + i)})
	}
	if _, err := g.Apply(nil, Move{Kind: MoveAlea, By: ann}); err != ErrTableFull {
		t.Errorf("Alea at a full table: %v", err)
	}
	// A starter's seat is never Alea's, even sealed by hand.
	bad := g.Clone()
	bad.Seats[0] = Seat{Kind: SeatAlea, Sheet: bad.Seats[0].Sheet, Loss: bad.Seats[0].Loss}
	if _, err := Decode(bad.Encode()); err == nil {
		t.Error("a lobby whose first seat is Alea's opened")
	}
	// Ann and Alea: the game starts with both seats, coach on.
	two, _ := New(0, seal.OwnerOf(ann), 9, []Seat{{Kind: SeatName}})
	two.Coach = CoachAuto
	if err := two.OpenLobby(); err != nil {
		t.Fatal(err)
	}
	must(t, two, nil, Move{Kind: MoveAlea, By: ann})
	must(t, two, nil, Move{Kind: MoveStart, By: ann})
	if len(two.Seats) != 2 || two.Seats[1].Kind != SeatAlea || two.Coach != CoachOn || two.Lobby {
		t.Errorf("Ann and Alea started: %+v, coach %d", two.Seats, two.Coach)
	}
}
