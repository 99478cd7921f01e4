package daily

import (
	"context"
	"github.com/alea-bot/alea/game/yachtdice"
	"math/rand/v2"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
)

// A daily's squares are its turns' costs in turn order: summed here from
// the decisions' events as they were played (random holds and boxes),
// against the table's own account.
func TestSquaresAreTheTurnsCosts(t *testing.T) {
	r, _ := yacht.Preset(yacht.Yacht)
	st, err := strategy.BuildEndGame(context.Background(), r, 3)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	dice := yachtdice.New(seal.Loopback())
	for game := range 30 {
		g, err := yachttable.New(0, seal.OwnerOf("tester"), 0, []yachttable.Seat{{Kind: yachttable.SeatName}})
		if err != nil {
			t.Fatal(err)
		}
		day := Day(20789 + game)
		g.MarkDaily(int(day))
		g.Roller = dice.For(g.Bound())
		// Nine boxes filled before: the table covers the last three turns.
		for _, c := range rng.Perm(len(r.Categories))[:9] {
			g.Seats[0].Sheet.Scores[c] = 0
			g.Daily.Order = append(g.Daily.Order, c)
		}
		before := len(Squares(g))
		var turns []int // hundredths lost per turn, from the events
		turn := 0
		for !g.Over() {
			m := yachttable.Move{Kind: yachttable.MoveRoll, By: "tester"}
			if g.Roll > 0 && (g.Roll == 3 || rng.IntN(3) == 0) {
				m = yachttable.Move{Kind: yachttable.MoveScore, By: "tester", Category: openBox(g, rng)}
			} else if g.Roll > 0 {
				g.Hold = uint8(rng.IntN(32))
			}
			ev, err := g.Apply(st, m)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				if e.Decided {
					turn += yachttable.Centi(e.Loss)
				}
				if e.Kind == yachttable.EventTurnPassed {
					turns, turn = append(turns, turn), 0
				}
			}
		}
		sq := Squares(g)
		if len(sq) != len(r.Categories) || len(turns) != 3 {
			t.Fatalf("%d squares, %d turns played", len(sq), len(turns))
		}
		for i, c := range turns {
			if got, want := sq[before+i], SquareOf(c); got != want {
				t.Fatalf("game %d, turn %d: %s for %d hundredths, want %s", game, before+i+1, got, c, want)
			}
		}
	}
}

func openBox(g *yachttable.Table, rng *rand.Rand) int {
	var open []int
	for c, s := range g.Seats[0].Sheet.Scores {
		if s < 0 {
			open = append(open, c)
		}
	}
	return open[rng.IntN(len(open))]
}
