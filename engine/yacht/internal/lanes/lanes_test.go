package lanes

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/cputime"
)

// The batch kernel (portable, or AVX-512 or AVX2 assembly on amd64) gives each lane exactly what the one-class recursion gives, which
// TestRollBackOneEqualsMultinomialSums checks against the direct multinomial
// sums of 最大期待値戦略の計算手法の整理.
func TestRollBackBatchEqualsPortable(t *testing.T) {
	t.Logf("kernel: %s", Kernel())
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 20; trial++ {
		var kv, kv2 [yacht.NumKeeps]Row
		var one [Width]struct{ kv, mv [yacht.NumKeeps]float64 }
		for w := 0; w < yacht.NumPatterns; w++ {
			for i := range kv[firstPattern+w] {
				x := rng.Float64() * 100
				if trial%2 == 1 {
					x = float64(rng.IntN(4)) // ties
				}
				kv[firstPattern+w][i] = x
				one[i].kv[firstPattern+w] = x
			}
		}
		kv2 = kv
		got := RollBack(&kv)
		portable := RollBackPortable(&kv2)
		for i := range got {
			if got[i] != portable[i] {
				t.Fatalf("lane %d: %s kernel %v, portable %v", i, Kernel(), got[i], portable[i])
			}
			if want := RollBackOne(&one[i].kv, &one[i].mv); math.Abs(got[i]-want) > 1e-9 {
				t.Fatalf("lane %d: batch %.12f, one class %.12f", i, got[i], want)
			}
		}
	}
}

// Every batch kernel the processor can run (the portable one; on amd64 the
// AVX2 and AVX-512 assembly when the processor has them, unless built with
// the purego tag) gives the portable kernel's bits, whichever RollBack picks
// at run time; on a processor without them the build falls back to the
// portable kernel, which is the one checked against the one-class recursion
// above.
func TestRollBackKernelsEqualPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	kernels := rollBackKernels(t)
	if _, ok := kernels[Kernel()]; !ok {
		t.Fatalf("RollBack uses %s, which the processor cannot run", Kernel())
	}
	for trial := 0; trial < 20; trial++ {
		var kv [yacht.NumKeeps]Row
		for w := 0; w < yacht.NumPatterns; w++ {
			for i := range kv[firstPattern+w] {
				x := rng.Float64() * 100
				if trial%2 == 1 {
					x = float64(rng.IntN(4))
				}
				kv[firstPattern+w][i] = x
			}
		}
		ref := kv
		want := RollBackPortable(&ref)
		for name, k := range kernels {
			in := kv
			if got := k(&in); got != want {
				t.Fatalf("%s kernel %v, portable %v", name, got, want)
			}
			// Every keep's row too, which the recurrences leave behind.
			if !sameBits(in[:], ref[:]) {
				t.Fatalf("%s kernel leaves rows unlike the portable kernel's", name)
			}
		}
	}
	t.Logf("kernels checked: %d (RollBack uses %s)", len(kernels), Kernel())
}

// The one-die-at-a-time recursion of the solver equals the direct
// sums of 最大期待値戦略の計算手法の整理 (E3', E2', E1') with multinomial
// probabilities, and the running maximum equals the maximum over all sub-keeps.
func TestRollBackOneEqualsMultinomialSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var kv, mv [yacht.NumKeeps]float64
	for trial := 0; trial < 5; trial++ {
		var e3 [yacht.NumPatterns]float64
		for w := range e3 {
			e3[w] = rng.Float64() * 100
		}
		copy(kv[firstPattern:], e3[:])
		got := RollBackOne(&kv, &mv)
		// Direct: E2'(k) = Σ P(τ-k) E3(τ); E2(ω) = max_{k≤ω} E2'(k); again; E.
		var k2 [yacht.NumKeeps]float64
		keepValues(&e3, &k2)
		var e2 [yacht.NumPatterns]float64
		for w := 0; w < yacht.NumPatterns; w++ {
			e2[w] = math.Inf(-1)
			for k := 0; k < yacht.NumKeeps; k++ {
				if leq(space.Keep[k], yacht.Pattern(w)) {
					e2[w] = max(e2[w], k2[k])
				}
			}
		}
		var k1 [yacht.NumKeeps]float64
		keepValues(&e2, &k1)
		want := 0.0
		for w := 0; w < yacht.NumPatterns; w++ {
			e1 := math.Inf(-1)
			for k := 0; k < yacht.NumKeeps; k++ {
				if leq(space.Keep[k], yacht.Pattern(w)) {
					e1 = max(e1, k1[k])
				}
			}
			num, den := yacht.PatternProbability(w)
			want += float64(num) / float64(den) * e1
		}
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("recursion %.12f, direct sums %.12f", got, want)
		}
	}
}

// keepValues fills kv[k] = Ẽ'(k) = Σ_{τ ≥ k} P(τ − k) next[τ] for every keep
// k, the direct sum of the exact Yacht strategy (最大期待値戦略の計算手法の整理)
// with the multinomial probabilities KeepTransitions lists.
func keepValues(next *[yacht.NumPatterns]float64, kv *[yacht.NumKeeps]float64) {
	for k := 0; k < yacht.NumKeeps; k++ {
		ts, err := yacht.KeepTransitions(space.Keep[k])
		if err != nil {
			panic(err)
		}
		v := 0.0
		for _, tr := range ts {
			v += float64(tr.Num) / float64(tr.Den) * next[tr.Pattern]
		}
		kv[k] = v
	}
}

// leq reports whether keep a is part of pattern b.
func leq(a, b yacht.Counts) bool {
	for i := range a {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}

// BenchmarkRollBackOne is one class through the turn's recurrences.
func BenchmarkRollBackOne(b *testing.B) {
	var kv, mv [yacht.NumKeeps]float64
	for b.Loop() {
		RollBackOne(&kv, &mv)
	}
}

// BenchmarkRollBackLanes is one batch of Width classes through the
// turn's recurrences by each kernel the build and processor can run;
// cpu-ns/op is the process's CPU time per batch (see the strategy's benchBuild).
func BenchmarkRollBackLanes(b *testing.B) {
	for name, k := range rollBackKernels(b) {
		b.Run(name, func(b *testing.B) {
			var kv [yacht.NumKeeps]Row
			for i := range kv {
				for j := range kv[i] {
					kv[i][j] = float64(i*Width + j)
				}
			}
			cpu0, ok := cputime.Process()
			for b.Loop() {
				k(&kv)
			}
			if cpu1, ok1 := cputime.Process(); ok && ok1 {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// rollBackKernels lists the RollBack kernels this build and processor run,
// by name, and logs those the processor lacks.
func rollBackKernels(tb testing.TB) map[string]func(*[yacht.NumKeeps]Row) Row {
	sets, missing := kernelSets()
	if len(missing) > 0 {
		tb.Logf("skipped, the processor lacks them: %v", missing)
	}
	ks := map[string]func(*[yacht.NumKeeps]Row) Row{}
	for _, s := range sets {
		ks[s.name] = s.rollBack
	}
	return ks
}

// Aligned and AlignedRows start on a 64-byte line, and Aligned refuses a
// type holding pointers (its memory is not scanned).
func TestAligned(t *testing.T) {
	for i := 0; i < 20; i++ {
		rows := AlignedRows(1 + i)
		if p := uintptr(unsafe.Pointer(&rows[0])); p%64 != 0 {
			t.Fatalf("AlignedRows(%d) at %#x", 1+i, p)
		}
		type mixed struct {
			a byte
			b [yacht.NumKeeps]Row
			c [3]int16
		}
		m := Aligned[mixed]()
		if p := uintptr(unsafe.Pointer(m)); p%64 != 0 {
			t.Fatalf("Aligned at %#x", p)
		}
	}
	if !panics(func() { Aligned[struct{ s []Row }]() }) {
		t.Fatal("Aligned accepted a struct holding a slice")
	}
	if !panics(func() { Aligned[[2]*Row]() }) {
		t.Fatal("Aligned accepted an array of pointers")
	}
}

// Misaligned finds a row array placed after bytes.
func TestMisaligned(t *testing.T) {
	type layout struct {
		A [3]Row
		B byte
		C [2][2]Row
		D Row
	}
	if got := Misaligned(reflect.TypeOf(layout{})); len(got) != 2 || got[0] != "C" || got[1] != "D" {
		t.Fatalf("Misaligned = %v, want [C D]", got)
	}
}
