package yachttable

import (
	"errors"
	"fmt"
	"github.com/alea-bot/alea/game/yachtdice"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
)

// dailyTable is a daily challenge's end-game table of ann: the boxes of
// endGame filled in a random order, which it keeps as its turns' order.
func dailyTable(t *testing.T, rng *rand.Rand) *Table {
	t.Helper()
	g, _ := endGameTable(t, seal.Loopback(), user(ann))
	g.MarkDaily(UnixDay(t0))
	for _, c := range rng.Perm(len(g.Rules.Categories)) {
		if g.Seats[0].Sheet.Scores[c] >= 0 {
			g.Daily.Order = append(g.Daily.Order, c)
		}
	}
	return g
}

// A day is a UTC date: its start, the day before midnight and the day
// after, and days before 1970.
func TestUnixDay(t *testing.T) {
	for _, c := range []struct {
		at   time.Time
		want int
	}{
		{time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), 0},
		{time.Date(1969, 12, 31, 23, 59, 59, 0, time.UTC), -1},
		{time.Date(2026, 12, 1, 23, 59, 59, 999, time.UTC), 20788},
		{time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC), 20789},
		// 23:30 in UTC−8 is 07:30 the next day in UTC.
		{time.Date(2026, 12, 1, 23, 30, 0, 0, time.FixedZone("PST", -8*3600)), 20789},
	} {
		if got := UnixDay(c.at); got != c.want {
			t.Errorf("UnixDay(%v) = %d, want %d", c.at, got, c.want)
		}
		if got := DayStart(c.want); got.After(c.at) || !got.AddDate(0, 0, 1).After(c.at) {
			t.Errorf("DayStart(%d) = %v, not the start of %v's UTC day", c.want, got, c.at)
		}
	}
}

// A daily table's day and turn order round-trip; what no daily table can
// be is refused even behind the seal.
func TestDailyState(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 1))
	for range 50 {
		g := dailyTable(t, rng)
		g.Daily.Day = FirstDay + rng.IntN(1<<maxDayBits-FirstDay)
		back, err := Decode(g.Encode())
		if err != nil || back.Daily == nil || back.Daily.Day != g.Daily.Day || fmt.Sprint(back.Daily.Order) != fmt.Sprint(g.Daily.Order) {
			t.Fatalf("round trip of %+v: %+v, %v", g.Daily, back.Daily, err)
		}
		if c := back.Clone(); c.Daily == back.Daily || &c.Daily.Order[0] == &back.Daily.Order[0] {
			t.Fatal("a clone shares its daily")
		}
	}
	for name, spoil := range map[string]func(g *Table){
		"two seats":      func(g *Table) { g.Seats = append(g.Seats, g.Seats[0]); g.Seats[1].User++ },
		"coach on":       func(g *Table) { g.Coach = CoachOn },
		"a box twice":    func(g *Table) { g.Daily.Order[1] = g.Daily.Order[0] },
		"an open box":    func(g *Table) { g.Daily.Order[0] = openBox(g) },
		"a day too late": func(g *Table) { g.Daily.Day = 1 << maxDayBits },
		"another's dice": func(g *Table) { g.Source = yachtdice.Game },
		"dice by hand":   func(g *Table) { g.Entered = true },
		"no daily":       func(g *Table) { g.Daily = nil },
	} {
		g := dailyTable(t, rng)
		spoil(g)
		if _, err := Decode(g.Encode()); !errors.Is(err, ErrState) {
			t.Errorf("%s: %v, want refused", name, err)
		}
	}
}

// A daily table is played with the dice, Roll and the score menu alone:
// no real dice, Hold best, Play for them, Bring down or Undo, even when
// the coach would allow them. Its turns pass no Undo, and each turn's box
// is kept in order.
func TestDailyMoves(t *testing.T) {
	g := dailyTable(t, rand.New(rand.NewPCG(45, 1)))
	_, st := endGameTable(t, seal.Loopback(), user(ann))
	order := append([]int(nil), g.Daily.Order...)
	g.Coach = CoachOn // the moves are refused for being a daily's, not for the coach
	for _, k := range []MoveKind{MoveEnter, MovePlayFor, MoveBringDown, MoveUndo} {
		if g.Allowed(k) {
			t.Errorf("a daily table allows move %d", k)
		}
	}
	must(t, g, st, Move{Kind: MoveRoll, By: ann, At: t0})
	if g.Allowed(MoveHoldBest) || !g.Allowed(MoveToggle) || !g.Allowed(MoveScore) || !g.Allowed(MoveRoll) {
		t.Error("after the first roll: Hold best allowed, or the dice, Roll or the menu refused")
	}
	for turn := 0; !g.Over(); turn++ {
		if g.Roll == 0 {
			must(t, g, st, Move{Kind: MoveRoll, By: ann, At: t0})
		}
		c := openBox(g)
		must(t, g, st, Move{Kind: MoveScore, By: ann, Category: c, At: t0})
		order = append(order, c)
		if g.Undo != nil {
			t.Fatal("a daily's turn passed an Undo")
		}
		if fmt.Sprint(g.Daily.Order) != fmt.Sprint(order) {
			t.Fatalf("order %v, want %v", g.Daily.Order, order)
		}
	}
	if !g.Allowed(MoveRecord) {
		t.Error("a finished daily cannot be recorded again")
	}
}

// Every player of one deployment gets one day's dice, whatever the seed
// and the seat: a daily table's roller (Dice.For) deals Dice.Daily of its
// rule set and day; another day, another rule set or another secret deals
// others.
func TestDailyDice(t *testing.T) {
	a, a2 := yachtdice.New(seal.NewKey("one")), yachtdice.New(seal.NewKey("one"))
	b := yachtdice.New(seal.NewKey("two"))
	g := dailyTable(t, rand.New(rand.NewPCG(46, 1)))
	day := g.Daily.Day
	differ := map[string]int{}
	for turn := 1; turn <= 15; turn++ {
		for roll := 1; roll <= 3; roll++ {
			x := a.Daily(yacht.Yacht, day, turn, roll)
			if x != a2.Daily(yacht.Yacht, day, turn, roll) {
				t.Fatal("one secret, one day: two sets of dice")
			}
			g.Seed = uint32(turn)
			if r := a.For(g.Bound()).Roll(g.Seed, turn%6, turn-1, roll); r != x {
				t.Fatalf("the daily table's roller of turn %d roll %d deals %v, not the day's %v (whatever the seed and seat)", turn, roll, r, x)
			}
			for name, y := range map[string][5]int{
				"another day":      a.Daily(yacht.Yacht, day+1, turn, roll),
				"another rule set": a.Daily(yacht.Yatzy, day, turn, roll),
				"another secret":   b.Daily(yacht.Yacht, day, turn, roll),
				"the seed's dice":  a.Roll(g.Seed, 0, turn-1, roll),
			} {
				if y != x {
					differ[name]++
				}
			}
		}
	}
	for _, name := range []string{"another day", "another rule set", "another secret", "the seed's dice"} {
		// Two random rolls are equal with probability 6^-5.
		if differ[name] < 44 {
			t.Errorf("%s: only %d of 45 rolls differ", name, differ[name])
		}
	}
}

// The daily faces are fair: over 60 000 dice every face comes up within
// 5 standard deviations of a sixth (σ ≈ 91).
func TestDailyDiceAreFair(t *testing.T) {
	d := yachtdice.New(seal.Loopback())
	var count [7]int
	n := 0
	for day := 18262; n < 60000; day++ {
		for _, f := range d.Daily(yacht.Yacht, day, day%13+1, day%3+1) {
			count[f]++
			n++
		}
	}
	for f := 1; f <= 6; f++ {
		if dev := count[f] - n/6; dev > 455 || dev < -455 {
			t.Errorf("face %d: %d of %d", f, count[f], n)
		}
	}
}
