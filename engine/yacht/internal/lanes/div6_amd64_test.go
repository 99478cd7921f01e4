//go:build amd64 && !purego

package lanes

import (
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// div6Cases lists the dividends of the division tests: every sign of zero,
// small integers (multiples of 3 among them, whose sixths are exact or
// land a third of an ulp from a midpoint), the ends of binades, and random
// doubles of every normal magnitude.
func div6Cases(rng *rand.Rand, n int) []float64 {
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 3, 6, 9, 1e300, math.MaxFloat64, 0x1p-1000, 6 * 0x1p-1022}
	for k := 1; k <= 3000; k++ {
		xs = append(xs, float64(k), float64(k)*0x1p-40, -float64(k))
	}
	for e := -1000; e <= 1000; e += 7 {
		b := math.Ldexp(1, e)
		xs = append(xs, b, math.Nextafter(b, 0), math.Nextafter(b, math.Inf(1)), 3*b)
	}
	for len(xs) < n {
		m := 1 + rng.Float64()
		x := math.Ldexp(m, rng.IntN(2000)-1000)
		if rng.IntN(2) == 0 {
			x = -x
		}
		// Mantissas that are multiples of 3 put x/6 on the grid.
		if rng.IntN(4) == 0 {
			b := math.Float64bits(x)
			frac := b & (1<<52 - 1)
			frac -= (frac + 1<<52) % 3
			x = math.Float64frombits(b&^(1<<52-1) | frac)
		}
		xs = append(xs, x)
	}
	return xs
}

// The AVX-512 keep averages and mass pushes divide by 6 with a reciprocal
// and a fused correction instead of VDIVPD; the quotient is Go's x/6 (the
// correctly rounded one) bit for bit, signed zeros included, for every
// dividend whose sixth is zero or normal.
func TestDivideBySixAVX512(t *testing.T) {
	if !cpu.X86.HasAVX512F {
		t.Skip("no AVX-512")
	}
	xs := div6Cases(rand.New(rand.NewPCG(6, 6)), 1<<20)
	// One entry of ops: row 0 ← (row 1 + rows 2…6 of zeros) / 6, and the
	// push moves row 0 / 6 onto rows 1…6 of zeros.
	ops := [7]uint16{0, 64, 128, 192, 256, 320, 384}
	var rows [7]Row
	for i := 0; i < len(xs); i += Width {
		var x Row
		copy(x[:], xs[i:min(i+Width, len(xs))])
		rows = [7]Row{1: x}
		avgDivRowsAVX512(&rows[0][0], &ops[0], 1)
		for l, a := range x {
			want := a / 6
			if a == 0 {
				want = 0 // the sum of −0 and +0 rows is +0
			}
			if got := rows[0][l]; math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("average of %v (%x): %v (%x), want %v (%x)", a, math.Float64bits(a), got, math.Float64bits(got), want, math.Float64bits(want))
			}
		}
		rows = [7]Row{0: x}
		pushRowsAVX512(&rows[0][0], &ops[0], 1)
		for l, a := range x {
			want := 0 + a/6 // onto a row of +0
			if got := rows[3][l]; math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("push of %v (%x): %v, want %v", a, math.Float64bits(a), got, want)
			}
			if rows[0][l] != 0 {
				t.Fatalf("push of %v left %v on the keep", a, rows[0][l])
			}
		}
	}
}
