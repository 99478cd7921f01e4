package reach

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// testTargetTables shares the target tables between the tests of one run.
var testTargetTables Tables

func targetTable(t *testing.T, name string) (*strategy.Table, *Table) {
	t.Helper()
	if race.Enabled {
		t.Skip("a full target table takes minutes under the race detector")
	}
	tb := fullTable(t, name)
	tt, err := testTargetTables.Get(context.Background(), tb)
	if err != nil {
		t.Fatal(err)
	}
	return tb, tt
}

// From positions with few open boxes, the table's advice equals the
// direct backward induction of Advise (checked against brute force
// in target_test.go) for every action, with dice on every roll and from
// the start of a turn, to the float32 precision of the table.
func TestTargetTableMatchesDirect(t *testing.T) {
	tb, tt := targetTable(t, yacht.Yacht)
	r := tb.Rules()
	cases := []struct {
		fill    string
		open    []string
		dice    string
		targets []int
	}{
		{"aces:2 twos:6 threes:9 fours:12 fives:15", []string{"sixes", "choice", "yacht"}, "6 6 5 1 2", []int{20, 40, 75, 110}},
		{"", []string{"full_house", "small_straight", "large_straight"}, "2 3 4 4 6", []int{15, 40, 60}},
		{"aces:3 sixes:24", []string{"twos", "threes", "four_of_a_kind", "yacht"}, "3 3 3 2 6", []int{10, 50, 90}},
	}
	for _, c := range cases {
		s := endSheet(t, r, c.fill, c.open...)
		d, err := yacht.ParseDice(c.dice)
		if err != nil {
			t.Fatal(err)
		}
		for _, extra := range c.targets {
			target := s.Total() + extra
			for roll := 0; roll <= 3; roll++ {
				dp := &d
				if roll == 0 {
					dp = nil
				}
				want, err := Advise(context.Background(), tb, s, dp, roll, target)
				if err != nil {
					t.Fatal(err)
				}
				got, err := tt.Advise(tb, s, dp, roll, target)
				if err != nil {
					t.Fatal(err)
				}
				sameTargetAdvice(t, fmt.Sprintf("%v target %d roll %d, table against direct", c.open, target, roll), got, want)
			}
		}
	}
}

// From the empty sheet: P(final ≥ 0) = 1, the chances fall with the
// target, and for every target they are at least those of the
// max-expectation policy's exact distribution (the threshold strategy is
// optimal for each target, so it must dominate), with equality where the
// target is certain or impossible.
func TestTargetTableDominatesMaxExpectation(t *testing.T) {
	tb, tt := targetTable(t, yacht.Yacht)
	s := yacht.NewSheet(tb.Rules())
	dist, err := finalscore.Of(context.Background(), tb, s)
	if err != nil {
		t.Fatal(err)
	}
	if p := tt.Reach(s, 0); p != 1 {
		t.Fatalf("P(final ≥ 0) = %v", p)
	}
	best := MaxFinal(s)
	prev, strict := 1.0, 0
	for n := 0; n <= best+1; n++ {
		p := tt.Reach(s, n)
		if p < 0 || p > 1 || p > prev+1e-7 {
			t.Fatalf("P(final ≥ %d) = %.9f after %.9f", n, p, prev)
		}
		prev = p
		q := dist.AtLeast(n)
		if p < q-1e-6 {
			t.Errorf("P(final ≥ %d): threshold %.9f < max-expectation %.9f", n, p, q)
		}
		if p > q+1e-4 {
			strict++
		}
	}
	if tt.Reach(s, best+1) != 0 || tt.Reach(s, best) <= 0 {
		t.Errorf("P(final ≥ %d) = %g, P(final ≥ %d) = %g", best, tt.Reach(s, best), best+1, tt.Reach(s, best+1))
	}
	// Aiming at a target is worth something somewhere.
	if strict < 10 {
		t.Errorf("the threshold strategy beats max-expectation by 1e-4 at only %d targets", strict)
	}
	t.Logf("yacht target table: %d states, %.1f MB; strictly better at %d of %d targets", tt.States(), float64(tt.Bytes())/1e6, strict, best+2)
}

// A Monte-Carlo game of the threshold strategy from the empty sheet
// (each decision the one with the best chance in the table) reaches the
// target as often as the table says, within four standard errors.
func TestTargetTableSimulated(t *testing.T) {
	tb, tt := targetTable(t, yacht.Yacht)
	r := tb.Rules()
	const target = 200
	games := 3000
	if testing.Short() {
		games = 600
	}
	want := tt.Reach(yacht.NewSheet(r), target)
	var mu sync.Mutex
	hits := 0
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(26, uint64(w)))
			n := 0
			for g := w; g < games; g += 2 {
				if playForTarget(t, r, tt, rng, target) {
					n++
				}
			}
			mu.Lock()
			hits += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	got := float64(hits) / float64(games)
	se := math.Sqrt(want * (1 - want) / float64(games))
	if math.Abs(got-want) > 4*se {
		t.Errorf("simulated P(final ≥ %d) = %.4f over %d games, table %.4f ± %.4f", target, got, games, want, se)
	}
	t.Logf("simulated %.4f over %d games, table %.4f (standard error %.4f)", got, games, want, se)
}

// playForTarget plays one game from the empty sheet, every decision
// maximising the table's chance of a final score of at least target, and
// reports whether it got there.
func playForTarget(t *testing.T, r *yacht.Rules, tt *Table, rng *rand.Rand, target int) bool {
	s := yacht.NewSheet(r)
	roll := func(keep yacht.Counts) yacht.Counts {
		for i := keep.Size(); i < yacht.NumDice; i++ {
			keep[rng.IntN(6)]++
		}
		return keep
	}
	sc := &targetScratch{root: true}
	for s.Filled() < len(r.Categories) {
		st := s.State()
		need := target - s.Total()
		if need <= 0 {
			return true
		}
		next := tt.nextLevel(st)
		solveTargetTurn(r, next, st, need, sc, make([]float64, need))
		dice := roll(yacht.Counts{})
		for rr := 1; rr <= 2; rr++ {
			kv := sc.k2
			if rr == 1 {
				kv = sc.k1
			}
			best, bestP := yacht.Counts{}, -1.0
			for _, k := range subKeepsOf(dice) {
				p := 0.0
				if need <= sc.n {
					p = kv[int(space.KeepIndex(k))*sc.l+need-1]
				}
				if p > bestP {
					best, bestP = k, p
				}
			}
			dice = roll(best)
		}
		var d yacht.Dice
		copy(d[:], dice.Faces())
		opts, err := r.Scorings(st, d)
		if err != nil {
			t.Error(err)
			return false
		}
		bestO, bestP := opts[0], -1.0
		for _, o := range opts {
			if p := next.get(r, r.Next(st, o), need-o.Gain()); p > bestP {
				bestO, bestP = o, p
			}
		}
		s = s.Fill(bestO)
	}
	return s.Total() >= target
}

// Tables builds a rule set's table once: not ready before, ready
// after, the same table on the next call.
func TestTargetTablesShare(t *testing.T) {
	if race.Enabled {
		t.Skip("a full target table takes minutes under the race detector")
	}
	var ts Tables
	tb := fullTable(t, yacht.Yacht)
	if _, ok := ts.Ready(yacht.Yacht); ok {
		t.Fatal("ready before any build")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ts.Get(ctx, tb); err == nil {
		t.Fatal("an ended context gave a table")
	}
	// The shared test table stands for a build: Ready must see it once
	// Get has returned it.
	_, tt := targetTable(t, yacht.Yacht)
	if got, ok := testTargetTables.Ready(yacht.Yacht); !ok || got != tt {
		t.Fatal("a built table is not ready")
	}
	again, err := testTargetTables.Get(context.Background(), tb)
	if err != nil || again != tt {
		t.Fatalf("second Get: %v, same table %v", err, again == tt)
	}
}
