package lanes

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/cputime"
)

// chance32 draws a pattern's chance: spread values, exact ties, zeros and
// ones, or tiny tails.
func chance32(rng *rand.Rand, trial int) float32 {
	switch trial % 4 {
	case 0:
		return rng.Float32()
	case 1:
		return float32(rng.IntN(4)) / 4 // ties
	case 2:
		return [...]float32{0, 1}[rng.IntN(2)]
	}
	return rng.Float32() * 1e-12
}

// Every single-precision kernel the processor runs gives the portable
// kernel's bits, and each lane is the double-precision one-class turn
// (checked against the multinomial sums) within single precision's
// roundings.
func TestRollBack32EqualsPortableAndDouble(t *testing.T) {
	sets := supportedSets(t)
	rng := rand.New(rand.NewPCG(32, 33))
	worst := 0.0
	for trial := 0; trial < 24; trial++ {
		var kv [yacht.NumKeeps]Row32
		var one [Width32]struct{ kv, mv [yacht.NumKeeps]float64 }
		for w := 0; w < yacht.NumPatterns; w++ {
			for i := range kv[firstPattern+w] {
				x := chance32(rng, trial)
				kv[firstPattern+w][i] = x
				one[i].kv[firstPattern+w] = float64(x)
			}
		}
		p := kv
		want := RollBack32Portable(&p)
		for _, s := range sets {
			got := kv
			if sum := s.rollBack32(&got); sum != want || got != p {
				t.Fatalf("trial %d: %s RollBack32 differs from the portable kernel", trial, s.name)
			}
		}
		for i, got := range want {
			exact := RollBackOne(&one[i].kv, &one[i].mv)
			// Each lane's roundings are to nearest and relative: a few
			// units of 2^-24 of the value per step.
			if d := math.Abs(got - exact); d > 4e-7*exact+1e-300 {
				t.Fatalf("trial %d lane %d: single %.10g, double %.10g", trial, i, got, exact)
			} else if exact > 0 {
				worst = max(worst, d/exact)
			}
		}
	}
	t.Logf("largest relative difference from the double turn: %.3g", worst)
}

// The single-precision turn has no bias: on chances that are all 1 it
// gives 1 (to the double sum's roundings). Multiplying by float32(1/6),
// which is 1/6 rounded up by 3e-8 of itself, would give 1 + 3e-7.
func TestRollBack32Unbiased(t *testing.T) {
	for _, s := range supportedSets(t) {
		var kv [yacht.NumKeeps]Row32
		for w := 0; w < yacht.NumPatterns; w++ {
			for i := range kv[firstPattern+w] {
				kv[firstPattern+w][i] = 1
			}
		}
		for i, got := range s.rollBack32(&kv) {
			if math.Abs(got-1) > 1e-13 {
				t.Fatalf("%s lane %d: %.17g from chances of 1", s.name, i, got)
			}
		}
	}
}

// BenchmarkRollBack32 is one row of sixteen single-precision lanes through
// the turn by each kernel the build and processor run (twice the lanes of
// BenchmarkRollBackLanes).
func BenchmarkRollBack32(b *testing.B) {
	sets, _ := kernelSets()
	for _, s := range sets {
		b.Run(s.name, func(b *testing.B) {
			var kv [yacht.NumKeeps]Row32
			for i := range kv {
				for j := range kv[i] {
					kv[i][j] = float32(i*Width32+j) / (yacht.NumKeeps * Width32)
				}
			}
			cpu0, ok := cputime.Process()
			for b.Loop() {
				s.rollBack32(&kv)
			}
			if cpu1, ok1 := cputime.Process(); ok && ok1 {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
