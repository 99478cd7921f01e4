package yachttable

import (
	"github.com/alea-bot/alea/game/yachtdice"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

func TestPositionRoundTrip(t *testing.T) {
	r, _ := yacht.Preset(yacht.Yahtzee)
	s := yacht.NewSheet(r)
	s.Scores[0], s.Scores[11], s.ExtraBonus = 3, 50, 100
	d := yacht.Dice{6, 3, 5, 3, 6}
	p := Position(s, d, 2)
	if p != "3,-,-,-,-,-,-,-,-,-,-,50,-+100|33566|2" {
		t.Fatalf("Position = %q", p)
	}
	back, dice, roll, ok := ParsePosition(r, p)
	if !ok || roll != 2 || dice.Counts() != d.Counts() || Position(back, dice, roll) != p {
		t.Fatalf("ParsePosition(%q) = %v %v %v %v", p, back.Scores, dice, roll, ok)
	}
	for _, bad := range []string{"", "3,-|33566|2", p + "|", "3,-,-,-,-,-,-,-,-,-,-,50,-+100|33567|2", "3,-,-,-,-,-,-,-,-,-,-,50,-+100|33566|4",
		"3,-,-,-,-,-,-,-,-,-,-,50,-+100|65633|2", "03,-,-,-,-,-,-,-,-,-,-,50,-+100|33566|2", "3,-,-,-,-,-,-,-,-,-,-,50,-|33566|2"} {
		if _, _, _, ok := ParsePosition(r, bad); ok {
			t.Errorf("ParsePosition(%q) read a position", bad)
		}
	}
}

// asking is a player who asks advice before some of their decisions,
// with the decisions' costs kept to check Assisted against.
type asking struct {
	asked []store.Advice
	// want are the assisted decisions and what they lost, per seat.
	want  []Assist
	slots map[[3]int]bool
}

// Two players play the end of a game with random moves; before some of
// their decisions they ask advice on the position, as a hint or
// /yacht-advise would log it. Assisted counts exactly those decisions
// (each once, however often asked) and what they lost, and nothing of the
// advice another person asked, of another rule set, of a sheet the game
// never had, or of dice its dice could not show, or on another game's
// board; under the public coach
// every decision is assisted, and Alea's seat never is.
func TestAssisted(t *testing.T) {
	var total Assist
	defer func() {
		if total.Decisions < 20 || total.Lost == 0 {
			t.Errorf("the trials assisted %+v: too few to test", total)
		}
	}()
	for trial := range 20 {
		rng := rand.New(rand.NewPCG(uint64(trial), 7))
		g, st := endGameTable(t, seal.Loopback(), user(ann), user(bob), Seat{Kind: SeatAlea})
		g.Coach, g.ID, g.Source = CoachHints, seal.GameID(1000+trial), yachtdice.Game
		g.Roller = yachtdice.New(seal.Loopback()).For(g.Bound())
		a := asking{want: make([]Assist, len(g.Seats)), slots: map[[3]int]bool{}}
		at := t0
		ask := func(user string, pos string) {
			at = at.Add(time.Second)
			a.asked = append(a.asked, store.Advice{User: user, Rules: "yacht", Position: pos, Asked: at})
			if rng.IntN(2) == 0 {
				a.asked[len(a.asked)-1].Game = g.ID.String() // a hint on this game's board
			}
		}
		for step := 0; !g.Over(); step++ {
			if step > 300 {
				t.Fatal("the game does not end")
			}
			var m Move
			switch {
			case g.Roll == 0:
				m = Move{Kind: MoveRoll}
			case g.Roll < 3 && rng.IntN(3) > 0:
				if rng.IntN(2) == 0 {
					m = Move{Kind: MoveToggle, Die: rng.IntN(5)}
				} else {
					m = Move{Kind: MoveRoll}
					if g.Hold == 31 {
						m = Move{Kind: MoveToggle, Die: 0} // never roll no die: its dice would be a later roll's too
					}
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
			presser := []string{ann, bob}[g.Cur]
			m.By = presser
			deciding := g.Roll > 0 && (m.Kind == MoveRoll || m.Kind == MoveScore)
			asks := deciding && rng.IntN(3) == 0
			slot := [3]int{g.Cur, g.Current().Sheet.Filled() + 1, g.Roll}
			if asks {
				pos := Position(g.Current().Sheet, g.Dice, g.Roll)
				ask(presser, pos)
				if rng.IntN(4) == 0 {
					ask(presser, pos) // asked twice: one decision
				}
				// Beside it: advice the table must not take for this
				// decision's.
				ask(cy, pos)
				a.asked = append(a.asked, store.Advice{User: presser, Rules: "yatzy", Position: pos, Asked: at},
					store.Advice{User: presser, Rules: "yacht", Position: pos, Asked: at, Game: "another-game"})
				other := g.Dice
				other[0] = other[0]%6 + 1
				if !g.couldRoll(g.Cur, g.Current().Sheet.Filled(), g.Roll, other) {
					ask(presser, Position(g.Current().Sheet, other, g.Roll))
				}
				odd := g.Current().Sheet
				odd.Scores = append([]int(nil), odd.Scores...)
				odd.Scores[g.Rules.CategoryIndex("aces")] = 4
				ask(presser, Position(odd, g.Dice, g.Roll))
			}
			ev := must(t, g, st, m)
			if asks && !a.slots[slot] {
				a.slots[slot] = true
				for _, e := range ev {
					if e.Decided && !e.ByAlea {
						a.want[slot[0]].Decisions++
						a.want[slot[0]].Lost += Centi(e.Loss)
						break
					}
				}
			}
		}
		if g.Log.Full {
			t.Fatal("the log dropped decisions: the test expects every loss")
		}
		got := g.Assisted(a.asked)
		for i := range g.Seats {
			total.Decisions += got[i].Decisions
			total.Lost += got[i].Lost
			if got[i] != a.want[i] {
				t.Errorf("trial %d, seat %d: assisted %+v, want %+v", trial, i, got[i], a.want[i])
			}
		}
		g.Coach = CoachOn
		got = g.Assisted(nil)
		for i, p := range g.Seats {
			want := Assist{Decisions: p.Decisions, Lost: p.Lost}
			if p.Kind == SeatAlea {
				want = Assist{}
			}
			if got[i] != want {
				t.Errorf("trial %d, seat %d under the public coach: %+v, want %+v", trial, i, got[i], want)
			}
		}
	}
}

// Once dice were entered by hand, the dice asked about cannot be checked:
// a position matches by its sheet alone.
func TestAssistedRealDice(t *testing.T) {
	g, st := endGameTable(t, seal.Loopback(), user(ann))
	g.Coach = CoachOff
	must(t, g, st, Move{Kind: MoveEnter, By: ann, Dice: yacht.Dice{1, 1, 1, 1, 2}})
	asked := []store.Advice{{User: ann, Rules: "yacht", Position: Position(g.Current().Sheet, g.Dice, 1)}}
	must(t, g, st, Move{Kind: MoveScore, By: ann, Category: g.Rules.CategoryIndex("choice")})
	if got := g.Assisted(asked); got[0].Decisions != 1 {
		t.Fatalf("assisted %+v, want the one decision", got)
	}

}
