package reach

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/internal/race"
)

// randomDice rolls five dice, five of a kind one time in four (so that
// the Yacht box, its joker and its extra bonus come up).
func randomDice(rng *rand.Rand) yacht.Dice {
	var d yacht.Dice
	five := rng.IntN(4) == 0
	for i := range d {
		d[i] = 1 + rng.IntN(6)
		if five && i > 0 {
			d[i] = d[0]
		}
	}
	return d
}

// A kept solution answers every later sheet of a game as Advise
// computes it afresh from that sheet: random games played on from the
// solved sheet to its last turn (random dice, a random legal box each
// turn), each sheet
// asked with dice on every roll and without dice, and the same sheets with
// a box filled before the solved sheet scored otherwise. From fewer than
// singleOpen open boxes the fresh answer is in double precision, so the
// two agree within the single precision's 1e-6; from more, the needs a
// state keeps are the full induction's, so they agree to rounding.
func TestTargetSolutionAnswersLaterSheets(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("target inductions from ten open boxes")
	}
	rng := rand.New(rand.NewPCG(7, 26))
	for _, c := range []struct {
		rules, sheet string
	}{
		{yacht.Yatzy, "ones:2 twos:6 fours:12 one_pair:8 two_pairs:14"},
		{yacht.Yahtzee, "aces:3 threes:9 three_of_a_kind:20"},
		{yacht.Yahtzee, "fours:12 chance:23 yahtzee:50"},
		{yacht.Yacht, "aces:3 twos:4"},
	} {
		tb := fullTable(t, c.rules)
		r := tb.Rules()
		start, err := yacht.ParseSheet(r, c.sheet)
		if err != nil {
			t.Fatal(err)
		}
		target := int(math.Ceil(float64(start.Total()) + tb.Value(start.State())))
		sol, err := Solve(context.Background(), tb, start, target)
		if err != nil {
			t.Fatal(err)
		}
		// The estimate bounds the memory, closely: the tails dropped
		// below 1e-15 are most of the difference.
		if cost := Estimate(start, target); sol.Bytes() <= 0 || sol.Bytes() > cost.Kept || sol.Bytes() < cost.Kept*3/4 {
			t.Errorf("%s %q: %d bytes kept, estimated %d", c.rules, c.sheet, sol.Bytes(), cost.Kept)
		}
		asked, rescored := 0, 0
		// compare asks sheet s with dice on every roll and without dice.
		compare := func(s yacht.Sheet, d yacht.Dice) {
			for roll := 0; roll <= 3; roll++ {
				dp := &d
				if roll == 0 {
					dp = nil
				}
				warm, err := sol.Advise(tb, s, dp, roll, target)
				if err != nil {
					t.Fatal(err)
				}
				cold, err := Advise(context.Background(), tb, s, dp, roll, target)
				if err != nil {
					t.Fatal(err)
				}
				asked++
				sameTargetAdvice(t, fmt.Sprintf("%s %q roll %d, kept against afresh", c.rules, s, roll), warm, cold)
			}
		}
		// The lower boxes filled before the sheet solved: re-scoring one
		// keeps the state and moves the total, so that a sheet no game
		// from the solved one reaches is covered when its total is within
		// what its state can have gained, and must then be answered alike.
		var before []int
		for i := range r.Categories {
			if start.State().IsFilled(i) && r.Categories[i].Kind != yacht.KindUpper {
				before = append(before, i)
			}
		}
		for game := 0; game < 4; game++ {
			s := start
			for s.Filled() < len(r.Categories) {
				if !sol.Covers(s, target) {
					t.Fatalf("%s: the solution from %q does not cover %q, played on from it", c.rules, start, s)
				}
				d := randomDice(rng)
				compare(s, d)
				if len(before) > 0 {
					other := yacht.Sheet{Rules: r, Scores: append([]int(nil), s.Scores...), ExtraBonus: s.ExtraBonus}
					cat := before[rng.IntN(len(before))]
					ps := r.PossibleScores(cat)
					other.Scores[cat] = ps[rng.IntN(len(ps))]
					if sol.Covers(other, target) {
						rescored++
						compare(other, d)
					}
				}
				opts, err := r.Scorings(s.State(), d)
				if err != nil {
					t.Fatal(err)
				}
				s = s.Fill(opts[rng.IntN(len(opts))])
			}
		}
		t.Logf("%s from %q toward %d: %d answers compared (%d re-scored sheets), %.1f MB kept", c.rules, c.sheet, target, asked, rescored, float64(sol.Bytes())/1e6)
	}
}

// A solution covers only what it kept: the same rules and target, states
// after its sheet, and totals its states can have gained since.
func TestTargetSolutionCovers(t *testing.T) {
	tb := fullTable(t, yacht.Yacht)
	r := tb.Rules()
	parse := func(text string) yacht.Sheet {
		s, err := yacht.ParseSheet(r, text)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	start := parse("aces:3 twos:6 threes:9 fours:12 fives:15 choice:22 four_of_a_kind:24")
	target := start.Total() + 60
	sol, err := Solve(context.Background(), tb, start, target)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sheet  string
		target int
		want   bool
	}{
		{start.String(), target, true},
		{start.String() + " yacht:50", target, true},
		{start.String() + " sixes:30", target, true},
		{start.String(), target + 1, false},                                                     // another target
		{"aces:3 twos:6 threes:9 fours:12 fives:15 choice:22", target, false},                   // before the sheet solved
		{"aces:3 twos:6 threes:9 fours:12 fives:15 choice:22 yacht:0", target, false},           // not after it
		{"aces:3 twos:6 threes:9 fours:12 fives:15 choice:30 four_of_a_kind:24", target, false}, // the same state, 8 points more
		{"aces:1 twos:6 threes:9 fours:12 fives:15 choice:22 four_of_a_kind:24", target, false}, // another upper total
	} {
		if got := sol.Covers(parse(c.sheet), c.target); got != c.want {
			t.Errorf("covers %q toward %d: %v, want %v", c.sheet, c.target, got, c.want)
		}
	}
	if _, err := sol.Advise(tb, parse("aces:3"), nil, 0, target); err == nil {
		t.Error("advice from a sheet the solution does not cover: no error")
	}
	other := fullTable(t, yacht.Pancht)
	if sol.Covers(yacht.NewSheet(other.Rules()), target) {
		t.Error("a Yacht solution covers a Pancht sheet")
	}
	held, err := Solve(context.Background(), tb, start, start.Total())
	if err != nil || held.Bytes() != 0 || held.Covers(start, start.Total()) {
		t.Errorf("a target the sheet holds: %v, %d bytes, covers %v", err, held.Bytes(), held.Covers(start, start.Total()))
	}
}

// Solutions keeps the most recently used solutions within its
// budget, and none larger than it.
func TestTargetSolutionsBudget(t *testing.T) {
	tb := fullTable(t, yacht.Yacht)
	r := tb.Rules()
	start, err := yacht.ParseSheet(r, "aces:3 twos:6 threes:9 fours:12 fives:15 sixes:18 choice:22")
	if err != nil {
		t.Fatal(err)
	}
	var sols []*Solution
	for i := range 3 {
		sol, err := Solve(context.Background(), tb, start, start.Total()+40+10*i)
		if err != nil || sol.Bytes() == 0 {
			t.Fatal(err, sol.Bytes())
		}
		sols = append(sols, sol)
	}
	// Room for the two largest, not the three.
	most := max(sols[0].Bytes(), sols[1].Bytes(), sols[2].Bytes())
	c := &Solutions{Budget: 2 * most}
	for _, sol := range sols[:2] {
		if !c.Add(sol) {
			t.Fatal("a solution within the budget not kept")
		}
	}
	if c.Find(start, sols[0].Target()) != sols[0] { // the first is now the most recent
		t.Fatal("a kept solution not found")
	}
	if c.Find(start, sols[2].Target()) != nil {
		t.Fatal("a solution found before it was kept")
	}
	if !c.Add(sols[2]) {
		t.Fatal("the third not kept")
	}
	if c.Find(start, sols[1].Target()) != nil || c.Find(start, sols[0].Target()) != sols[0] || c.Find(start, sols[2].Target()) != sols[2] {
		t.Error("the least recently used solution was not the one forgotten")
	}
	if got, want := c.Bytes(), sols[0].Bytes()+sols[2].Bytes(); got != want {
		t.Errorf("%d bytes kept, want %d", got, want)
	}
	if again := *sols[0]; !c.Add(&again) || c.Bytes() != sols[0].Bytes()+sols[2].Bytes() {
		t.Errorf("the same calculation kept twice: %d bytes", c.Bytes())
	}
	// Concurrent use (checked by the race detector's run).
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 50 {
				sol := sols[(g+i)%3]
				c.Add(sol)
				c.Find(start, sol.Target())
			}
		})
	}
	wg.Wait()
	if c.Bytes() > c.Budget {
		t.Errorf("%d bytes kept within a budget of %d", c.Bytes(), c.Budget)
	}
	small := &Solutions{Budget: sols[0].Bytes() - 1}
	if small.Add(sols[0]) || small.Bytes() != 0 {
		t.Error("a solution larger than the budget was kept")
	}
	if (&Solutions{}).Add(sols[0]) {
		t.Error("the zero Solutions kept a solution")
	}
}
