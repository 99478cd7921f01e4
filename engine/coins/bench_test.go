package coins

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkPTreeSimulations measures the lecture's PTreePlayer on
// (100,100): one op is one tree of k = 10 000 simulations.
func BenchmarkPTreeSimulations(b *testing.B) {
	ctx := context.Background()
	const k = 10_000
	r := seeded(1)
	for b.Loop() {
		if _, err := NewPTree(ctx, bwGame(), BWState{100, 100}, 0, k, r); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(k*b.N)/b.Elapsed().Seconds(), "sims/s")
}

// BenchmarkPTreeSimulationsSmall: the same on (10,10), shorter play-outs.
func BenchmarkPTreeSimulationsSmall(b *testing.B) {
	ctx := context.Background()
	const k = 10_000
	r := seeded(1)
	for b.Loop() {
		if _, err := NewUCTTree(ctx, bwGame(), BWState{10, 10}, 0, k, r); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(k*b.N)/b.Elapsed().Seconds(), "sims/s")
}

// BenchmarkBWHuge: bw black:10^18 white:4.
func BenchmarkBWHuge(b *testing.B) {
	s := BWState{MaxCount, 4}
	for b.Loop() {
		if !(BW{}).MoverWins(s) || len((BW{}).WinningMoves(s)) != 2 {
			b.Fatal("wrong")
		}
	}
}

// BenchmarkPileSolve: period detection for take {1, 3, 4} and for a take
// set with a long period ({7, 13, 25}).
func BenchmarkPileSolve(b *testing.B) {
	for _, take := range [][]int64{{1, 3, 4}, {7, 13, 25}} {
		p, _ := NewPile(take, false)
		b.Run(fmt.Sprint(take), func(b *testing.B) {
			for b.Loop() {
				if _, err := p.Solve(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMarblesHuge: marbles count:10^18.
func BenchmarkMarblesHuge(b *testing.B) {
	for b.Loop() {
		(Marbles{}).WinningMoves(MaxCount)
	}
}
