package yachttable

import (
	"context"
	"fmt"
	"github.com/alea-bot/alea/game/yachtdice"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
)

var (
	endOnce  sync.Once
	endTable *strategy.Table
	endErr   error
)

// endGame fills all but three boxes of every seat (the end-game table the
// tests build under -race holds these sheets).
var endGame = map[string]int{"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18, "four_of_a_kind": 0, "full_house": 0, "small_straight": 15}

func endGameTable(t *testing.T, key seal.Key, seats ...Seat) (*Table, *strategy.Table) {
	t.Helper()
	g, err := New(0, seal.OwnerOf("tester"), 99, seats)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Seats {
		for k, v := range endGame {
			g.Seats[i].Sheet.Scores[g.Rules.CategoryIndex(k)] = v
		}
	}
	g.Coach = CoachOn
	g.Roller = yachtdice.New(key)
	return g, endGameStrategy(t, g.Rules)
}

// endGameStrategy is the strategy for sheets with at most three boxes open
// (built once per test binary).
func endGameStrategy(t *testing.T, r *yacht.Rules) *strategy.Table {
	t.Helper()
	endOnce.Do(func() { endTable, endErr = strategy.BuildEndGame(context.Background(), r, 3) })
	if endErr != nil {
		t.Fatal(endErr)
	}
	return endTable
}

// play makes random legal moves to the end and returns them with every
// event.
func play(t *testing.T, g *Table, st *strategy.Table, rng *rand.Rand, moves []Move) ([]Move, []Event) {
	t.Helper()
	var all []Event
	replay := moves != nil
	for i := 0; !g.Over(); i++ {
		if i > 200 {
			t.Fatal("the game does not end")
		}
		var m Move
		if replay {
			m = moves[i]
		} else {
			switch {
			case g.Roll == 0 || g.Roll < 3 && rng.IntN(3) > 0:
				if g.Roll > 0 && rng.IntN(2) == 0 {
					m = Move{Kind: MoveToggle, Die: rng.IntN(5)}
				} else if rng.IntN(4) == 0 {
					m = Move{Kind: MoveEnter}
					for k := range m.Dice {
						m.Dice[k] = 1 + rng.IntN(6)
					}
					for k, f := range g.Dice {
						if g.Roll > 0 && g.Hold&(1<<uint(k)) != 0 {
							m.Dice[k] = f
						}
					}
				} else {
					m = Move{Kind: MoveRoll}
				}
			default:
				var open []int
				for k, s := range g.Current().Sheet.Scores {
					if s < 0 {
						open = append(open, k)
					}
				}
				m = Move{Kind: MoveScore, Category: open[rng.IntN(len(open))]}
			}
			moves = append(moves, m)
		}
		ev, err := g.Apply(st, m)
		if err != nil {
			t.Fatalf("move %d %+v: %v", i, m, err)
		}
		all = append(all, ev...)
	}
	return moves, all
}

// A game replays from its moves to the same state and events, and ends
// once, with one EventGameOver, after the last box.
func TestReplayFromMoves(t *testing.T) {
	key := seal.NewKey("a deployment's secret")
	seats := []Seat{{Kind: SeatName, Name: "Ann"}, {Kind: SeatAlea}, {Kind: SeatName, Name: "Bob"}}
	g, st := endGameTable(t, key, seats...)
	moves, events := play(t, g, st, rand.New(rand.NewPCG(1, 2)), nil)
	again, st2 := endGameTable(t, key, seats...)
	_, events2 := play(t, again, st2, nil, moves)
	if g.Encode() != again.Encode() || fmt.Sprint(events) != fmt.Sprint(events2) {
		t.Fatal("the replay differs")
	}
	overs := 0
	for i, e := range events {
		if e.Kind == EventGameOver {
			overs++
			if i != len(events)-1 {
				t.Error("the game went on after its end")
			}
		}
	}
	if overs != 1 || !g.Over() {
		t.Errorf("%d game-over events", overs)
	}
	// Alea played its seat: its turns are announced, its moves are Alea's.
	aleaTurns := 0
	for _, e := range events {
		if e.Kind == EventAleaTurn {
			aleaTurns++
		}
		if (e.Kind == EventRolled || e.Kind == EventScored) && e.ByAlea != (e.Seat == 1) {
			t.Errorf("event %+v: ByAlea wrong", e)
		}
	}
	if aleaTurns != 3 || g.Seats[1].Lost != 0 || g.Seats[1].Decisions != 0 {
		t.Errorf("Alea played %d turns, lost %d, counted %d decisions", aleaTurns, g.Seats[1].Lost, g.Seats[1].Decisions)
	}
	// Dice entered by hand mark the game as entered, not as chosen (the
	// random moves entered some): it counts toward skill only.
	if !g.Entered || g.Chosen {
		t.Errorf("dice entered by hand: entered %v, chosen %v", g.Entered, g.Chosen)
	}
}

// The phases: what a turn allows when.
func TestMovesOutOfTurn(t *testing.T) {
	g, st := endGameTable(t, seal.Loopback(), Seat{Kind: SeatName})
	for _, m := range []Move{{Kind: MoveToggle}, {Kind: MoveHoldBest}, {Kind: MoveScore}} {
		if _, err := g.Apply(st, m); err != ErrNotNow {
			t.Errorf("%+v before the first roll: %v", m, err)
		}
	}
	if _, err := g.Apply(st, Move{Kind: MoveEnter, Dice: yacht.Dice{6, 6, 6, 6, 6}}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(st, Move{Kind: MoveToggle, Die: 0}); err != nil {
		t.Fatal(err)
	}
	var missing *HeldMissingError
	if _, err := g.Apply(st, Move{Kind: MoveEnter, Dice: yacht.Dice{1, 1, 1, 1, 1}}); err == nil {
		t.Error("entered dice without the held six")
	} else if e, ok := err.(*HeldMissingError); !ok {
		t.Errorf("error %v", err)
	} else {
		missing = e
	}
	if missing != nil && (missing.Held != yacht.Counts{0, 0, 0, 0, 0, 1}) {
		t.Errorf("held %v", missing.Held)
	}
	if _, err := g.Apply(st, Move{Kind: MoveScore, Category: g.Rules.CategoryIndex("aces")}); err != ErrNoCategory {
		t.Errorf("scoring a filled box: %v", err)
	}
}
