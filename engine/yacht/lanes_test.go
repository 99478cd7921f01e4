package yacht

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/alea-bot/alea/internal/race"
)

// The batch kernel (portable, or AVX-512 when built with GOEXPERIMENT=simd)
// gives each lane exactly what the one-class recursion gives, which
// TestRollBackEqualsMultinomialSums checks against the direct multinomial
// sums of 最大期待値戦略の計算手法の整理.
func TestRollBackBatchEqualsPortable(t *testing.T) {
	t.Logf("kernel: %s", simdKernel())
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 20; trial++ {
		var kv, kv2 [NumKeeps]lanes
		var one [laneWidth]scratch
		for w := 0; w < NumPatterns; w++ {
			for i := range kv[firstPattern+w] {
				x := rng.Float64() * 100
				if trial%2 == 1 {
					x = float64(rng.IntN(4)) // ties
				}
				kv[firstPattern+w][i] = x
				one[i].e3[w] = x
			}
		}
		kv2 = kv
		got := rollBackBatch(&kv)
		portable := rollBackLanes(&kv2)
		for i := range got {
			if got[i] != portable[i] {
				t.Fatalf("lane %d: %s kernel %v, portable %v", i, simdKernel(), got[i], portable[i])
			}
			if want := rollBack(&one[i]); math.Abs(got[i]-want) > 1e-9 {
				t.Fatalf("lane %d: batch %.12f, one class %.12f", i, got[i], want)
			}
		}
	}
}

// Every batch kernel the processor can run (the portable one; AVX2 and
// AVX-512 too when built with GOEXPERIMENT=simd and the processor has them)
// gives the portable kernel's bits, whichever rollBackBatch picks at run
// time; on a processor without them the build falls back to the portable
// kernel, which is the one checked against the one-class recursion above.
func TestRollBackKernelsEqualPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	kernels := rollBackKernels()
	if _, ok := kernels[simdKernel()]; !ok {
		t.Fatalf("rollBackBatch uses %s, which the processor cannot run", simdKernel())
	}
	for trial := 0; trial < 20; trial++ {
		var kv [NumKeeps]lanes
		for w := 0; w < NumPatterns; w++ {
			for i := range kv[firstPattern+w] {
				x := rng.Float64() * 100
				if trial%2 == 1 {
					x = float64(rng.IntN(4))
				}
				kv[firstPattern+w][i] = x
			}
		}
		in := kv
		want := rollBackLanes(&in)
		for name, k := range kernels {
			in := kv
			if got := k(&in); got != want {
				t.Fatalf("%s kernel %v, portable %v", name, got, want)
			}
		}
	}
	t.Logf("kernels checked: %d (rollBackBatch uses %s)", len(kernels), simdKernel())
}

// The scoring maxima of fillE3Lanes give the same bits in every kernel.
func TestScoringMaximaEqualPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	r, _ := Preset(Yatzy)
	s, err := compile(r)
	if err != nil {
		t.Fatal(err)
	}
	for trial := 0; trial < 10; trial++ {
		var e3 [NumPatterns]lanes
		var byCount [NumDice + 1]lanes
		var next lanes
		for w := range e3 {
			for i := range e3[w] {
				e3[w][i] = float64(rng.IntN(3000)) / 8
			}
		}
		for n := range byCount {
			for i := range byCount[n] {
				byCount[n][i] = float64(rng.IntN(3000)) / 8
				next[i] = float64(rng.IntN(3000)) / 8
			}
		}
		got, want := e3, e3
		for j, ci := range s.upperCats {
			maxIndexedBatch(&got, byCount[:], &s.faceCount[s.face[ci]-1], s.scoring[ci])
			maxIndexedLanes(&want, byCount[:], &s.faceCount[s.face[ci]-1], s.scoring[ci])
			byCount[j%len(byCount)], next = next, byCount[j%len(byCount)]
		}
		for _, ci := range s.lowerCats {
			// the kernel: each point value plus next once, then by index
			points := make([]lanes, len(s.pointValues[ci]))
			for k, p := range s.pointValues[ci] {
				for i := range points[k] {
					points[k][i] = float64(p) + next[i]
				}
			}
			maxIndexedBatch(&got, points, &s.pointIndex[ci], s.scoring[ci])
			// directly: the category's points for the pattern plus next
			for _, w := range s.scoring[ci] {
				for i := range want[w] {
					want[w][i] = math.Max(want[w][i], float64(s.pts[ci][w])+next[i])
				}
			}
		}
		if got != want {
			t.Fatalf("%s kernel and the direct maxima differ", simdKernel())
		}
		changed := false
		for w := range e3 {
			changed = changed || got[w] != e3[w]
		}
		if !changed {
			t.Fatal("no maximum taken")
		}
	}
}

// Every class's value, however it was computed (in a batch, or copied from
// a class with the same bonus key), equals the one-class recurrence applied
// to the table's own successor values: the table solves the exact strategy's
// equations state by state.
func TestTableSatisfiesRecurrence(t *testing.T) {
	presets := []string{Yacht, Yahtzee, Yatzy + "+" + LenientTwoPairs}
	maxOpen, every := 5, 7
	if race.Enabled || testing.Short() {
		maxOpen, every = 3, 41
	}
	for _, name := range presets {
		r, _ := Preset(name)
		tb, err := BuildEndGame(context.Background(), r, maxOpen)
		if err != nil {
			t.Fatal(err)
		}
		s := tb.sol
		sc := &scratch{opts: make([]Scoring, 0, 32)}
		checked, copied := 0, 0
		byFill := s.masksByFill()
		for fill := s.n - maxOpen; fill < s.n; fill++ {
			for mi, m := range byFill[fill] {
				if mi%every != 0 {
					continue
				}
				classes := s.appendClasses(nil, m)
				rest := &s.rest[s.upperMask(m)]
				last := [2]int{-1, -1}
				for _, st := range classes {
					s.fillE3(tb.ev, st, sc)
					want := rollBack(sc)
					if got := tb.Value(st); math.Abs(got-want) > 1e-9 {
						t.Fatalf("%s %+v: table %.12f, recurrence %.12f", name, st, got, want)
					}
					checked++
					fl := 0
					if st.YachtBonus {
						fl = 1
					}
					if key := s.bonusKey(rest, st.Upper); key == last[fl] {
						copied++
					} else {
						last[fl] = key
					}
				}
			}
		}
		if checked == 0 || copied == 0 {
			t.Fatalf("%s: %d states checked, %d of them copied", name, checked, copied)
		}
	}
}
