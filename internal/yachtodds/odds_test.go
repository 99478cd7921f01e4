package yachtodds

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands/yacht/yachttest"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// playedSheet fills open categories of a fresh sheet but the last open
// ones, one turn each with seeded dice and the table's best category
// for them after the third roll (any legal sheet will do).
func playedSheet(t testing.TB, tb *strategy.Table, r *yacht.Rules, open int, seed uint64) yacht.Sheet {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	s := yacht.NewSheet(r)
	for len(s.Scores)-s.Filled() > open {
		var d yacht.Dice
		for i := range d {
			d[i] = 1 + rng.IntN(6)
		}
		if race.Enabled && s.Filled() < len(s.Scores)-3 {
			// The end-game table holds no early states: fill in order.
			k := s.Filled()
			s.Scores[k] = 0
			continue
		}
		adv, err := tb.Advise(s, &d, 3)
		if err != nil {
			t.Fatal(err)
		}
		s = s.Fill(adv.Actions[0].Scoring)
	}
	return s
}

// yachtTable returns the Yacht table shared by the tests. Under -race,
// where a full build takes tens of seconds, it holds only the end game (at
// most three open categories).
func yachtTable(t testing.TB) (*strategy.Table, *yacht.Rules) {
	t.Helper()
	r, _ := yacht.Preset(yacht.Yacht)
	tb, err := yachttest.Tables().Get(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	return tb, r
}

// The odds sum to 1 and agree with whole games played to the end by the
// same policy from the same sheets (within four standard errors), a tie
// shared.
func TestWinOddsMatchSimulation(t *testing.T) {
	tb, r := yachtTable(t)
	sheets := []yacht.Sheet{playedSheet(t, tb, r, 2, 1), playedSheet(t, tb, r, 3, 2), playedSheet(t, tb, r, 2, 3)}
	w := NewWinOdds(WinOddsOptions{Budget: time.Hour})
	ps, err := w.Probabilities(context.Background(), tb, sheets, 0)
	if err != nil || len(ps) != len(sheets) {
		t.Fatalf("odds %v, %v", ps, err)
	}
	sum := 0.0
	for _, p := range ps {
		sum += p
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("the odds %v sum to %v", ps, sum)
	}
	const games = 40000
	finals := make([][]int, len(sheets))
	for i, s := range sheets {
		sim, err := finalscore.Simulate(context.Background(), tb, s, games, uint64(100+i))
		if err != nil {
			t.Fatal(err)
		}
		finals[i] = sim.Finals
	}
	wins := make([]float64, len(sheets))
	for g := 0; g < games; g++ {
		top, n := -1, 0
		for i := range sheets {
			switch f := finals[i][g]; {
			case f > top:
				top, n = f, 1
			case f == top:
				n++
			}
		}
		for i := range sheets {
			if finals[i][g] == top {
				wins[i] += 1 / float64(n)
			}
		}
	}
	for i, p := range ps {
		got := wins[i] / games
		se := math.Sqrt(max(p*(1-p), 1e-6) / games)
		if math.Abs(got-p) > 4*se {
			t.Errorf("player %d: exact %.4f, simulated %.4f (±%.4f)", i, p, got, se)
		}
	}
	// Cached: the same sheets again need no computation, even with no time.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	again, err := w.Probabilities(ctx, tb, sheets, 1)
	if err != nil || fmt.Sprint(again) != fmt.Sprint(ps) {
		t.Errorf("from the cache: %v, %v; want %v", again, err, ps)
	}
}

// A sheet too early for the budget shows no odds, and no error.
func TestWinOddsTooEarly(t *testing.T) {
	tb, r := yachtTable(t)
	w := NewWinOdds(WinOddsOptions{MaxOpen: 3})
	sheets := []yacht.Sheet{playedSheet(t, tb, r, 2, 1), yacht.NewSheet(r)}
	ps, err := w.Probabilities(context.Background(), tb, sheets, 0)
	if ps != nil || err != nil {
		t.Errorf("an empty sheet: %v, %v", ps, err)
	}
	// Past the budget: nothing shown, and the sheet is not tried again.
	w = NewWinOdds(WinOddsOptions{})
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	late := playedSheet(t, tb, r, 3, 4)
	ps, err = w.Probabilities(ctx, tb, []yacht.Sheet{late, playedSheet(t, tb, r, 3, 5)}, 0)
	if ps != nil || err != nil {
		t.Errorf("no time: %v, %v", ps, err)
	}
	if e, ok := w.get(sheetKey(late)); !ok || !e.tooLong {
		t.Errorf("the sheet past the budget is not remembered: %+v", e)
	}
}

// BenchmarkDistributionByOpen measures one player's distribution by the
// number of open categories (what MaxOpen weighs).
func BenchmarkDistributionByOpen(b *testing.B) {
	tb, r := yachtTable(b)
	for _, open := range []int{4, 6, 8, 9, 10, 11} {
		s := playedSheet(b, tb, r, open, 11)
		b.Run(fmt.Sprintf("open=%d", open), func(b *testing.B) {
			for b.Loop() {
				if _, err := finalscore.Of(context.Background(), tb, s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
