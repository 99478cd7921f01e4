package finalscore

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The target kernels of this build (the vector ones under
// GOEXPERIMENT=simd on a processor with AVX-512) give the bits of the
// portable loops, for every length around the vector width.
func TestTargetKernelsEqualPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 2))
	vec := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = rng.Float64()
			if rng.IntN(4) == 0 {
				v[i] = float64(rng.IntN(2))
			}
		}
		return v
	}
	for n := 0; n <= 41; n++ {
		in := [6][]float64{vec(n + 3), vec(n), vec(n + 1), vec(n), vec(n + 8), vec(n)}
		got, want := make([]float64, n), make([]float64, n)
		avg6(got, in[0], in[1], in[2], in[3], in[4], in[5])
		avg6Portable(want, in[0], in[1], in[2], in[3], in[4], in[5])
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Fatalf("avg6 n=%d at %d: %v, portable %v", n, i, got[i], want[i])
			}
		}
		m2, m2p := make([]float64, n), make([]float64, n)
		max2(m2, in[0], in[4])
		max2Portable(m2p, in[0], in[4])
		for i := range m2 {
			if math.Float64bits(m2[i]) != math.Float64bits(m2p[i]) || m2[i] < in[0][i] || m2[i] < in[4][i] {
				t.Fatalf("max2 n=%d at %d: %v, portable %v", n, i, m2[i], m2p[i])
			}
		}
		dst, src := vec(n), vec(n+5)
		ref := append([]float64(nil), dst...)
		maxInto(dst, src)
		maxIntoPortable(ref, src)
		for i := range dst {
			if math.Float64bits(dst[i]) != math.Float64bits(ref[i]) || dst[i] < src[i] {
				t.Fatalf("maxInto n=%d at %d: %v, portable %v", n, i, dst[i], ref[i])
			}
		}
	}
}
