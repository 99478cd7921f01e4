package lanes

import (
	"math"
	"math/rand/v2"
	"testing"
)

// fillLane is lane j of a FillRows32 row from n0, by the definition: need
// n0+j+1 less the shift g is certain when not above 0, v's entry when v
// holds it, impossible beyond.
func fillLane(v []float32, g, n0, j int) float32 {
	switch rest := n0 + j + 1 - g; {
	case rest <= 0:
		return 1
	case rest <= len(v):
		return v[rest-1]
	}
	return 0
}

// checkFill compares FillRows32 of every kernel set with the definition:
// each source's row lane by lane, the maximum of the base rows (the
// start), the row of zeros and the start joined with each row joined
// names, bit for bit.
func checkFill(t *testing.T, sets []kernelSet, vecs [][]float32, gs []int, n0 int, base, joined []uint8) {
	t.Helper()
	src := make([]Shifted32, len(vecs))
	for i, v := range vecs {
		src[i] = ShiftedOf(v, gs[i])
	}
	want := make([]Row32, len(src)+2+len(joined))
	for i := range src {
		for j := range Width32 {
			want[i][j] = fillLane(vecs[i], gs[i], n0, j)
		}
	}
	for _, i := range base {
		for j := range Width32 {
			want[len(src)][j] = max(want[len(src)][j], want[i][j])
		}
	}
	for x, i := range joined {
		for j := range Width32 {
			want[len(src)+2+x][j] = max(want[len(src)][j], want[i][j])
		}
	}
	for _, s := range sets {
		got := make([]Row32, len(want)+1)
		for i := range got {
			for j := range Width32 {
				got[i][j] = float32(math.NaN()) // every lane is written
			}
		}
		s.fillRows32(got, src, n0, base, joined)
		for i := range want {
			for j := range Width32 {
				if math.Float32bits(got[i][j]) != math.Float32bits(want[i][j]) {
					t.Fatalf("%s: row %d lane %d from need %d (shift %v): %v, want %v", s.name, i, j, n0, gs, got[i][j], want[i][j])
				}
			}
		}
		if !math.IsNaN(float64(got[len(want)][0])) {
			t.Fatalf("%s wrote past its rows", s.name)
		}
	}
}

// FillRows32 of every set the processor runs places each source's chances
// by the definition (1 up to its shift, its entries, 0 beyond) from every
// need, for shifts and lengths on every side of the row, empty vectors
// included; with any base and joined rows or none.
func TestFillRows32(t *testing.T) {
	sets := supportedSets(t)
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 3000 {
		k := 1 + rng.IntN(40)
		vecs := make([][]float32, k)
		gs := make([]int, k)
		for i := range vecs {
			n := rng.IntN(50)
			if rng.IntN(8) == 0 {
				n = 0
			}
			if n > 0 {
				vecs[i] = make([]float32, n)
				for x := range vecs[i] {
					vecs[i][x] = chance32(rng, trial+x)
				}
			}
			gs[i] = rng.IntN(80) - 10
		}
		n0 := rng.IntN(100) - 20
		var base []uint8
		for range rng.IntN(4) {
			base = append(base, uint8(rng.IntN(k)))
		}
		var joined []uint8
		for range rng.IntN(4) * rng.IntN(8) {
			joined = append(joined, uint8(rng.IntN(k)))
		}
		checkFill(t, sets, vecs, gs, n0, base, joined)
	}
}

// FillRows32 refuses rows too few for its sources and joined rows, and
// base or joined rows that name no source.
func TestFillRows32Refuses(t *testing.T) {
	for _, s := range supportedSets(t) {
		src := []Shifted32{ShiftedOf([]float32{1}, 0), ShiftedOf(nil, 3)}
		if !panics(func() { s.fillRows32(make([]Row32, 3), src, 0, nil, nil) }) {
			t.Errorf("%s: two sources into three rows", s.name)
		}
		if !panics(func() { s.fillRows32(make([]Row32, 4), src, 0, nil, []uint8{1}) }) {
			t.Errorf("%s: two sources and a joined row into four rows", s.name)
		}
		if !panics(func() { s.fillRows32(make([]Row32, 4), src, 0, []uint8{2}, nil) }) {
			t.Errorf("%s: a base row beyond the sources", s.name)
		}
		if !panics(func() { s.fillRows32(make([]Row32, 5), src, 0, nil, []uint8{2}) }) {
			t.Errorf("%s: a joined row beyond the sources", s.name)
		}
		s.fillRows32(make([]Row32, 2), nil, 5, nil, nil)
		s.fillRows32(make([]Row32, 5), src, 0, []uint8{0}, []uint8{1})
	}
}
