package finalscore

import (
	"context"
	"math"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// Three players in the end game of Yacht: the exact win probabilities
// agree with whole games played from their sheets by the same policy
// (ties shared), within four standard errors.
func TestWinProbabilitiesMatchSimulation(t *testing.T) {
	r := mustPreset(t, yacht.Yacht)
	tb, err := strategy.BuildEndGame(context.Background(), r, 3)
	if err != nil {
		t.Fatal(err)
	}
	sheets := []yacht.Sheet{
		endSheet(t, r, "sixes:12", "yacht", "choice", "full_house"),
		endSheet(t, r, "choice:26 yacht:50", "sixes", "aces", "large_straight"),
		endSheet(t, r, "yacht:50 sixes:24 fives:20", "small_straight", "four_of_a_kind", "twos"),
	}
	dists := make([]Distribution, len(sheets))
	for i, s := range sheets {
		if dists[i], err = Of(context.Background(), tb, s); err != nil {
			t.Fatal(err)
		}
	}
	exact := WinProbabilities(dists)
	if total := exact[0] + exact[1] + exact[2]; math.Abs(total-1) > 1e-12 {
		t.Errorf("win probabilities sum to %.15f", total)
	}
	games := 20000
	if race.Enabled {
		games = 4000
	}
	sims := make([]Simulation, len(sheets))
	for i, s := range sheets {
		if sims[i], err = Simulate(context.Background(), tb, s, games, uint64(100+i)); err != nil {
			t.Fatal(err)
		}
	}
	wins := make([]float64, len(sheets))
	for g := 0; g < games; g++ {
		top, n := -1, 0
		for i := range sheets {
			switch f := sims[i].Finals[g]; {
			case f > top:
				top, n = f, 1
			case f == top:
				n++
			}
		}
		for i := range sheets {
			if sims[i].Finals[g] == top {
				wins[i] += 1 / float64(n)
			}
		}
	}
	for i, p := range exact {
		se := math.Sqrt(p * (1 - p) / float64(games))
		if got := wins[i] / float64(games); math.Abs(got-p) > 4*se {
			t.Errorf("player %d: simulated %.4f, exact %.4f (4 SE %.4f)", i, got, p, 4*se)
		}
	}
}

// Small cases by hand: one player always wins; two identical distributions
// split evenly; a certain tie is shared.
func TestWinProbabilitiesByHand(t *testing.T) {
	a := Distribution{Min: 10, P: []float64{0.5, 0.5}} // 10 or 11
	b := Distribution{Min: 11, P: []float64{1}}        // 11
	got := WinProbabilities([]Distribution{a, b})
	// a wins never outright; ties at 11 with probability 1/2, shared.
	if math.Abs(got[0]-0.25) > 1e-15 || math.Abs(got[1]-0.75) > 1e-15 {
		t.Errorf("got %v, want [0.25 0.75]", got)
	}
	got = WinProbabilities([]Distribution{a, a, a})
	for _, p := range got {
		if math.Abs(p-1.0/3) > 1e-15 {
			t.Errorf("three equal players: %v", got)
		}
	}
	if got := WinProbabilities([]Distribution{b}); got[0] != 1 {
		t.Errorf("alone: %v", got)
	}
}

// A player with no distribution (nothing known of their sheet) can neither
// win nor take a share from the others: the rest still sum to 1.
func TestWinProbabilitiesEmptyPlayer(t *testing.T) {
	a := Distribution{Min: 10, P: []float64{0.5, 0.5}} // 10 or 11
	b := Distribution{Min: 11, P: []float64{1}}        // 11
	got := WinProbabilities([]Distribution{a, {}, b})
	// a wins only by a tie at 11, shared: 0.5 · 1/2.
	want := []float64{0.25, 0, 0.75}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-15 {
			t.Fatalf("WinProbabilities = %v, want %v", got, want)
		}
	}
}
