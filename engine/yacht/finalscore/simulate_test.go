package finalscore

import (
	"context"
	"math"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// onlyYachtOpen returns the Yacht end-game table with one open category
// and a sheet (upper bonus earned) whose only open box is Yacht.
func onlyYachtOpen(t *testing.T) (*strategy.Table, yacht.Sheet) {
	t.Helper()
	r, _ := yacht.Preset(yacht.Yacht)
	tb, err := strategy.BuildEndGame(context.Background(), r, 1)
	if err != nil {
		t.Fatal(err)
	}
	s, err := yacht.ParseSheet(r, "aces:3 twos:6 threes:9 fours:12 fives:15 sixes:18 choice:20 four_of_a_kind:0 full_house:0 small_straight:15 large_straight:30")
	if err != nil {
		t.Fatal(err)
	}
	return tb, s
}

// With only the Yacht box open, the game is one turn of chasing five of a
// kind: the published probability of a Yacht within three rolls is
// 2783176/60466176 ≈ 0.046029, and the final total is the sheet's plus 50
// or nothing.
func TestSimulateLastTurnYachtProbability(t *testing.T) {
	tb, s := onlyYachtOpen(t)
	games := 20000
	if race.Enabled {
		games = 4000
	}
	sim, err := Simulate(context.Background(), tb, s, games, 7)
	if err != nil {
		t.Fatal(err)
	}
	if sim.Games != games || len(sim.Finals) != games || sim.UpperBonus != games {
		t.Fatalf("games %d finals %d bonus %d", sim.Games, len(sim.Finals), sim.UpperBonus)
	}
	base := s.Total()
	yachts := 0
	for _, f := range sim.Finals {
		switch f {
		case base:
		case base + 50:
			yachts++
		default:
			t.Fatalf("final %d, want %d or %d", f, base, base+50)
		}
	}
	if yachts != sim.Yacht {
		t.Errorf("%d finals with 50 but Yacht=%d", yachts, sim.Yacht)
	}
	p := 2783176.0 / 60466176.0
	se := math.Sqrt(p * (1 - p) / float64(games))
	got := float64(yachts) / float64(games)
	if math.Abs(got-p) > 4*se {
		t.Errorf("P(yacht) %.5f, published %.5f (4 SE = %.5f)", got, p, 4*se)
	}
	// The table's value of the state is 50·p exactly.
	if v := tb.Value(s.State()); math.Abs(v-50*p) > 1e-9 {
		t.Errorf("table value %.9f, want %.9f", v, 50*p)
	}
}

// Simulated means agree with the table's exact values within four standard
// errors; the same seed gives the same games, and a different one others.
func TestSimulateMeanMatchesTable(t *testing.T) {
	r, _ := yacht.Preset(yacht.Yacht)
	var tb *strategy.Table
	var s yacht.Sheet
	games := 20000
	if race.Enabled || testing.Short() {
		var err error
		tb, err = strategy.BuildEndGame(context.Background(), r, 4)
		if err != nil {
			t.Fatal(err)
		}
		s, _ = yacht.ParseSheet(r, "aces:3 twos:6 threes:9 fours:12 fives:15 choice:22 full_house:24 small_straight:15")
		games = 3000
	} else {
		tb = fullTable(t, yacht.Yacht)
		s = yacht.NewSheet(r)
	}
	sim, err := Simulate(context.Background(), tb, s, games, 42)
	if err != nil {
		t.Fatal(err)
	}
	want := float64(s.Total()) + tb.Value(s.State())
	t.Logf("simulated %.3f ± %.3f (sd %.2f), table %.6f", sim.Mean(), sim.StdErr(), sim.StdDev(), want)
	if math.Abs(sim.Mean()-want) > 4*sim.StdErr() {
		t.Errorf("simulated %.3f ± %.3f, table %.6f", sim.Mean(), sim.StdErr(), want)
	}
	again, _ := Simulate(context.Background(), tb, s, games, 42)
	other, _ := Simulate(context.Background(), tb, s, games, 43)
	same, differ := true, false
	for i := range sim.Finals {
		same = same && sim.Finals[i] == again.Finals[i]
		differ = differ || sim.Finals[i] != other.Finals[i]
	}
	if !same || !differ {
		t.Errorf("seeded runs: same seed equal %v, other seed differs %v", same, differ)
	}
	if q := sim.Quantile(0.5); q < sim.Quantile(0.1) || q > sim.Quantile(0.9) {
		t.Errorf("quantiles out of order")
	}
}

// A cancelled context returns the finished prefix (here none) and the error.
func TestSimulateCancelled(t *testing.T) {
	tb, s := onlyYachtOpen(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sim, err := Simulate(ctx, tb, s, 1000, 1)
	if err == nil || sim.Games != 0 {
		t.Errorf("cancelled: %d games, err %v", sim.Games, err)
	}
	other, _ := yacht.Preset(yacht.Pancht)
	if _, err := Simulate(context.Background(), tb, yacht.NewSheet(other), 10, 1); err == nil {
		t.Errorf("a pancht sheet on a yacht table was accepted")
	}
}

func BenchmarkSimulateYachtGame(b *testing.B) {
	r, _ := yacht.Preset(yacht.Yacht)
	tb, err := testTables.Preset(context.Background(), yacht.Yacht)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	if _, err := Simulate(context.Background(), tb, yacht.NewSheet(r), b.N, 1); err != nil {
		b.Fatal(err)
	}
}
