package lanes

import (
	"math/rand/v2"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
)

// randomPatternRows draws lists of 1…MaxPatternRows rows (repeats
// included) for every pattern, over nrows rows: every length the kernels
// are written out for.
func randomPatternRows(rng *rand.Rand, nrows int) *PatternRows {
	p := &PatternRows{}
	p.Reset(nrows)
	for w := 0; w < yacht.NumPatterns; w++ {
		n := 1 + rng.IntN(MaxPatternRows)
		for range n {
			p.Add(w, uint8(rng.IntN(nrows)))
		}
	}
	p.Build()
	return p
}

// MaxOver and MaxOver32 of every set give each pattern the lane-wise
// maximum of its rows, as values (the reference compares floats, the
// kernels bits), and the portable kernels' bits.
func TestMaxOverEqualsReference(t *testing.T) {
	sets := supportedSets(t)
	rng := rand.New(rand.NewPCG(36, 37))
	for trial := 0; trial < 20; trial++ {
		nrows := 1 + rng.IntN(256)
		if trial == 0 {
			nrows = 256
		}
		p := randomPatternRows(rng, nrows)
		rows := make([]Row, nrows)
		rows32 := make([]Row32, nrows)
		for i := range rows {
			for l := range rows[i] {
				rows[i][l] = float64(chance32(rng, trial))
			}
			for l := range rows32[i] {
				rows32[i][l] = chance32(rng, trial)
			}
		}
		var want [yacht.NumPatterns]Row
		var want32 [yacht.NumPatterns]Row32
		for w := range want {
			for j, i := range p.Rows(w) {
				for l := range want[w] {
					if v := rows[i][l]; j == 0 || v > want[w][l] {
						want[w][l] = v
					}
				}
				for l := range want32[w] {
					if v := rows32[i][l]; j == 0 || v > want32[w][l] {
						want32[w][l] = v
					}
				}
			}
		}
		for _, s := range sets {
			// Stale values in dst must not survive.
			var got [yacht.NumPatterns]Row
			var got32 [yacht.NumPatterns]Row32
			for w := range got {
				got[w][0], got32[w][0] = 2, 2
			}
			s.maxOver(&got, rows, p)
			s.maxOver32(&got32, rows32, p)
			if got != want {
				t.Fatalf("trial %d: %s MaxOver differs from the reference", trial, s.name)
			}
			if got32 != want32 {
				t.Fatalf("trial %d: %s MaxOver32 differs from the reference", trial, s.name)
			}
		}
	}
}

// MinOfMax is the least over the patterns of the largest value of their
// rows: here every pattern reaches 10 or more but pattern 100, whose rows
// give 3 and 4.
func TestPatternRowsMinOfMax(t *testing.T) {
	var p PatternRows
	p.Reset(30)
	for w := 0; w < yacht.NumPatterns; w++ {
		if w == 100 {
			p.Add(w, 3)
			p.Add(w, 4)
			continue
		}
		p.Add(w, uint8(20+w%5))
		p.Add(w, 10)
	}
	p.Build()
	v := make([]int, 30)
	for i := range v {
		v[i] = i
	}
	if got := p.MinOfMax(v, 0); got != 4 {
		t.Errorf("MinOfMax(v, 0) = %d, want 4", got)
	}
	if got := p.MinOfMax(v, 4); got != 4 {
		t.Errorf("MinOfMax(v, 4) = %d, want 4", got)
	}
	if got := p.MinOfMax(v, 5); got >= 5 {
		t.Errorf("MinOfMax(v, 5) = %d, want below 5", got)
	}
}

// PatternRows refuses a row out of range, a full list, a pattern without
// rows, fewer rows than it was built for and use before Build.
func TestPatternRowsRefuses(t *testing.T) {
	var p PatternRows
	p.Reset(3)
	if !panics(func() { p.Add(0, 3) }) {
		t.Error("Add accepted row 3 of 3")
	}
	for range MaxPatternRows {
		if !p.Add(0, 2) {
			t.Fatal("Add refused a row below MaxPatternRows")
		}
	}
	if p.Add(0, 1) {
		t.Error("Add accepted a row past MaxPatternRows")
	}
	if !panics(func() { p.Build() }) {
		t.Error("Build accepted patterns without rows")
	}
	if !panics(func() { p.Reset(257) }) {
		t.Error("Reset accepted 257 rows")
	}
	q := randomPatternRows(rand.New(rand.NewPCG(1, 2)), 5)
	var unbuilt PatternRows
	unbuilt.Reset(5)
	for _, s := range supportedSets(t) {
		var dst [yacht.NumPatterns]Row
		var dst32 [yacht.NumPatterns]Row32
		if !panics(func() { s.maxOver(&dst, make([]Row, 4), q) }) {
			t.Errorf("%s MaxOver accepted 4 rows for a table of 5", s.name)
		}
		if !panics(func() { s.maxOver32(&dst32, make([]Row32, 4), q) }) {
			t.Errorf("%s MaxOver32 accepted 4 rows for a table of 5", s.name)
		}
		if !panics(func() { s.maxOver32(&dst32, make([]Row32, 5), &unbuilt) }) {
			t.Errorf("%s MaxOver32 ran a table reset but not built", s.name)
		}
	}
}

// Build leaves room past the table's last entry for the kernels, which
// read an entry's row offsets eight bytes at a time (up to three offsets,
// six bytes, past it), on tables of every size and rebuilt ones.
func TestPatternRowsRoomPastTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 39))
	for trial := range 200 {
		p := randomPatternRows(rng, 1+rng.IntN(256))
		if cap(p.tab) < len(p.tab)+3 {
			t.Fatalf("trial %d: table of %d offsets with room for %d", trial, len(p.tab), cap(p.tab))
		}
		// Rebuilt with lists of another length.
		p.Reset(p.rows)
		for w := 0; w < yacht.NumPatterns; w++ {
			for range 1 + trial%MaxPatternRows {
				p.Add(w, uint8(rng.IntN(p.rows)))
			}
		}
		p.Build()
		if cap(p.tab) < len(p.tab)+3 {
			t.Fatalf("trial %d: rebuilt table of %d offsets with room for %d", trial, len(p.tab), cap(p.tab))
		}
	}
}
