package yachtodds

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands/yachttables/yachttest"
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

// A sheet with more open boxes than MaxOpen shows no odds, and no error.
func TestWinOddsMaxOpen(t *testing.T) {
	tb, r := yachtTable(t)
	w := NewWinOdds(WinOddsOptions{MaxOpen: 3})
	sheets := []yacht.Sheet{playedSheet(t, tb, r, 2, 1), yacht.NewSheet(r)}
	ps, err := w.Probabilities(context.Background(), tb, sheets, 0)
	if ps != nil || err != nil {
		t.Errorf("an empty sheet: %v, %v", ps, err)
	}
}

// A distribution not there within the budget is computed in the
// background: the scoreboard shows no odds, then, once it is done, the
// odds. One that does not fit the memory is remembered as too long.
func TestWinOddsPastTheBudget(t *testing.T) {
	tb, r := yachtTable(t)
	w := NewWinOdds(WinOddsOptions{})
	late := []yacht.Sheet{playedSheet(t, tb, r, 3, 4), playedSheet(t, tb, r, 3, 5)}
	noTime, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	ps, err := w.Probabilities(noTime, tb, late, 0)
	if ps != nil || err != nil {
		t.Errorf("no time: %v, %v", ps, err)
	}
	w.Wait()
	ps, err = w.Probabilities(noTime, tb, late, 0)
	if len(ps) != 2 || err != nil {
		t.Errorf("after the background work, still no time: %v, %v", ps, err)
	}
	want, err := NewWinOdds(WinOddsOptions{Budget: time.Hour}).Probabilities(context.Background(), tb, late, 0)
	if err != nil || fmt.Sprint(ps) != fmt.Sprint(want) {
		t.Errorf("odds from the background %v, computed while waiting %v (%v)", ps, want, err)
	}

	// Out of time in the background: nothing remembered, tried again.
	hurried := NewWinOdds(WinOddsOptions{BackgroundBudget: time.Nanosecond, Budget: time.Hour})
	if ps, err := hurried.Probabilities(context.Background(), tb, late, 0); ps != nil || err != nil {
		t.Errorf("no background time: %v, %v", ps, err)
	}
	hurried.Wait()
	if n := hurried.cache.Len(); n != 0 {
		t.Errorf("%d states out of time are remembered", n)
	}

	small := NewWinOdds(WinOddsOptions{MaxBytes: 1, Budget: time.Hour})
	if ps, err := small.Probabilities(context.Background(), tb, late, 0); ps != nil || err != nil {
		t.Errorf("too large: %v, %v", ps, err)
	}
	small.Wait()
	k, _ := stateKey(tb, late[0])
	if e, ok := small.get(k); !ok || !e.tooLong {
		t.Errorf("the state too large is not remembered: %+v", e)
	}
}

// A distribution depends on the sheet's state and is shifted by its
// points: sheets in one state share one computation, and each equals the
// engine's distribution computed from that very sheet. The upper total
// counts up to the bonus threshold only.
func TestWinOddsShareAState(t *testing.T) {
	tb, r := yachtTable(t)
	sheet := func(sixes, choice int) yacht.Sheet {
		s := yacht.NewSheet(r)
		// aces … fives 3+6+9+12+15 = 45, choice, four of a kind, full
		// house filled; the straights and the Yacht open.
		copy(s.Scores, []int{3, 6, 9, 12, 15, sixes, choice, 24, 25})
		return s
	}
	a, b, c := sheet(18, 20), sheet(24, 27), sheet(12, 20) // upper 63, 69 (as 63), 57
	ka, _ := stateKey(tb, a)
	kb, _ := stateKey(tb, b)
	kc, _ := stateKey(tb, c)
	if ka != kb || ka == kc {
		t.Errorf("state keys %q, %q, %q: want the first two equal, the third apart", ka, kb, kc)
	}
	w := NewWinOdds(WinOddsOptions{Budget: time.Hour})
	if _, ok := w.Distributions(context.Background(), tb, []yacht.Sheet{a, c}); !ok {
		t.Fatal("no distributions")
	}
	cached, cancel := context.WithCancel(context.Background())
	cancel() // b must come from a's entry, with no computation
	got, ok := w.Distributions(cached, tb, []yacht.Sheet{b, c})
	if !ok {
		t.Fatal("b is not served from a's state")
	}
	for i, s := range []yacht.Sheet{b, c} {
		want, err := finalscore.Of(context.Background(), tb, s)
		if err != nil {
			t.Fatal(err)
		}
		want.States = 0
		if fmt.Sprint(got[i]) != fmt.Sprint(want) {
			t.Errorf("sheet %d: cached %+v, the engine from the sheet %+v", i, got[i], want)
		}
	}
}

// From the first turn: the empty sheets' odds are exactly even (every
// player is in the same state), and the empty sheet's distribution has
// the table's start value as its mean.
func TestWinOddsFromTheFirstTurn(t *testing.T) {
	if race.Enabled {
		t.Skip("the end-game table of the race run holds no empty sheet")
	}
	tb, r := yachtTable(t)
	w := NewWinOdds(WinOddsOptions{Budget: time.Hour})
	for n := 2; n <= 4; n++ {
		sheets := make([]yacht.Sheet, n)
		for i := range sheets {
			sheets[i] = yacht.NewSheet(r)
		}
		ps, err := w.Probabilities(context.Background(), tb, sheets, 0)
		if err != nil || len(ps) != n {
			t.Fatalf("%d empty sheets: %v, %v", n, ps, err)
		}
		for i, p := range ps {
			if math.Abs(p-1/float64(n)) > 1e-12 {
				t.Errorf("%d players, player %d: %v, want 1/%d", n, i, p, n)
			}
		}
	}
	ds, ok := w.Distributions(context.Background(), tb, []yacht.Sheet{yacht.NewSheet(r)})
	if !ok || math.Abs(ds[0].Mean()-tb.Start()) > 1e-6 {
		t.Errorf("the empty sheet's mean %v, the table's start value %v", ds[0].Mean(), tb.Start())
	}
}

// BenchmarkDistributionByOpen measures one player's distribution by the
// number of open categories (what MaxOpen weighs).
func BenchmarkDistributionByOpen(b *testing.B) {
	tb, r := yachtTable(b)
	for _, open := range []int{4, 6, 8, 9, 10, 11, 12} {
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

// Yahtzee keeps more in its state: the Yahtzee box scored 50 (extra
// Yahtzees earn bonuses under the joker rule) or scratched to 0. Sheets
// in one state share a distribution whatever their extra bonuses and
// points; each equals the engine's from that sheet, and a scratched
// Yahtzee box is another state.
func TestWinOddsShareAYahtzeeState(t *testing.T) {
	if race.Enabled {
		t.Skip("the Yahtzee table takes minutes under the race detector")
	}
	r, _ := yacht.Preset(yacht.Yahtzee)
	tb, err := yachttest.Tables().Get(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	sheet := func(yahtzee, chance, extra int) yacht.Sheet {
		s := yacht.NewSheet(r)
		// Every box but the two straights and three of a kind: ones …
		// sixes, four of a kind, full house, Yahtzee, chance.
		copy(s.Scores, []int{2, 4, 9, 8, 15, 18, -1, 20, 25, -1, -1, yahtzee, chance})
		s.ExtraBonus = extra
		return s
	}
	a, b, c := sheet(50, 22, 100), sheet(50, 27, 300), sheet(0, 22, 0)
	ka, _ := stateKey(tb, a)
	kb, _ := stateKey(tb, b)
	kc, _ := stateKey(tb, c)
	if ka != kb || ka == kc {
		t.Errorf("state keys %q, %q, %q: want the first two equal, the third apart", ka, kb, kc)
	}
	w := NewWinOdds(WinOddsOptions{Budget: time.Hour})
	if _, ok := w.Distributions(context.Background(), tb, []yacht.Sheet{a, c}); !ok {
		t.Fatal("no distributions")
	}
	cached, cancel := context.WithCancel(context.Background())
	cancel()
	got, ok := w.Distributions(cached, tb, []yacht.Sheet{b, c})
	if !ok {
		t.Fatal("b is not served from a's state")
	}
	for i, s := range []yacht.Sheet{b, c} {
		want, err := finalscore.Of(context.Background(), tb, s)
		if err != nil {
			t.Fatal(err)
		}
		want.States = 0
		if fmt.Sprint(got[i]) != fmt.Sprint(want) {
			t.Errorf("sheet %d: cached %+v, the engine from the sheet %+v", i, got[i], want)
		}
	}
}
