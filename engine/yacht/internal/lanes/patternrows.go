package lanes

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
)

// MaxPatternRows is how many rows one pattern of a PatternRows may take the
// maximum of.
const MaxPatternRows = 16

// PatternRows lists, for every pattern, the rows whose lane-wise maximum
// MaxOver and MaxOver32 give it: a turn's table of the best box for each
// pattern, built once for a state and applied to each row of needs. Each
// pattern's value is computed in registers and stored once, where
// MaxIndexed loads and stores the pattern's row again for every box. Build
// lays the lists out in runs of patterns with the same number of rows, each
// run taken by a kernel written out for that number. A PatternRows must not
// be copied (a copy would share its table, which the kernels trust).
type PatternRows struct {
	_     noCopy
	rows  int
	n     [yacht.NumPatterns]uint8
	lists [yacht.NumPatterns][MaxPatternRows]uint8
	// tab holds the runs: each entry a pattern, then its rows, each named
	// by its byte offset (64 bytes a row), which the kernels add to their
	// base without a shift.
	tab  []uint16
	runs []patternRun
}

// noCopy makes go vet report a copied PatternRows (its Lock and Unlock are
// what the copylocks check looks for).
type noCopy struct{}

// Lock does nothing; see noCopy.
func (*noCopy) Lock() {}

// Unlock does nothing; see noCopy.
func (*noCopy) Unlock() {}

// rowBytes is the size of a row, Row or Row32.
const rowBytes = 64

// patternRun is a run of entries with n rows each, from tab[off].
type patternRun struct{ n, off, entries int }

// Reset empties p's lists, for rows whose indices are below rows (at most
// 256).
func (p *PatternRows) Reset(rows int) {
	if rows < 0 || rows > 256 {
		panic(fmt.Sprintf("lanes: PatternRows of %d rows (at most 256)", rows))
	}
	p.rows = rows
	p.n = [yacht.NumPatterns]uint8{}
	p.tab, p.runs = p.tab[:0], p.runs[:0]
}

// Add appends row i to pattern w's list and reports whether it could: it
// cannot when the list already holds MaxPatternRows rows. It panics when i
// is not below the rows of Reset.
func (p *PatternRows) Add(w int, i uint8) bool {
	if int(i) >= p.rows {
		badRow(i, p.rows)
	}
	n := p.n[w]
	if n == MaxPatternRows {
		return false
	}
	p.lists[w][n] = i
	p.n[w] = n + 1
	return true
}

// badRow panics on row i of a table of rows.
func badRow(i uint8, rows int) {
	panic(fmt.Sprintf("lanes: PatternRows: row %d of %d", i, rows))
}

// Empty reports whether pattern w has no row.
func (p *PatternRows) Empty(w int) bool { return p.n[w] == 0 }

// Rows is pattern w's list (p's own memory, valid until the next Reset).
func (p *PatternRows) Rows(w int) []uint8 { return p.lists[w][:p.n[w]] }

// Build lays the lists out for the kernels. It panics when a pattern has no
// row (its value would be left as it was).
func (p *PatternRows) Build() {
	// A counting sort by list length: where each length's run starts,
	// then each pattern's entry in its run.
	var count [MaxPatternRows + 1]int
	for w, n := range p.n {
		if n == 0 {
			panic(fmt.Sprintf("lanes: PatternRows: pattern %d has no row", w))
		}
		count[n]++
	}
	var at [MaxPatternRows + 1]int
	p.runs = p.runs[:0]
	size := 0
	for n, entries := range count {
		if entries > 0 {
			at[n] = size
			p.runs = append(p.runs, patternRun{n: n, off: size, entries: entries})
			size += entries * (n + 1)
		}
	}
	// The kernels read an entry's offsets 8 bytes at a time, up to 6
	// bytes past the last entry.
	p.tab = slices.Grow(p.tab[:0], size+3)[:size]
	for w, n := range p.n {
		e := p.tab[at[n] : at[n]+int(n)+1]
		e[0] = uint16(w) * rowBytes
		for j, i := range p.lists[w][:n] {
			e[1+j] = uint16(i) * rowBytes
		}
		at[n] += int(n) + 1
	}
}

// MinOfMax is the least over the patterns of the most v gives any of the
// pattern's rows (v holds a value for each row), when that is floor or
// more; otherwise it is some value below floor (it stops at the first
// pattern below floor).
func (p *PatternRows) MinOfMax(v []int, floor int) int {
	least := math.MaxInt
	for w, n := range p.n {
		most := math.MinInt
		for _, i := range p.lists[w][:n] {
			most = max(most, v[i])
		}
		if most < floor {
			return most
		}
		least = min(least, most)
	}
	return least
}

// check panics unless p is built for at most the rows given.
func (p *PatternRows) check(rows int) {
	if len(p.runs) == 0 {
		panic("lanes: PatternRows used before Build")
	}
	if p.rows > rows {
		panic(fmt.Sprintf("lanes: PatternRows of %d rows given %d", p.rows, rows))
	}
}

// entries yields each pattern of p with its rows' byte offsets, in the
// order of the table.
func (p *PatternRows) entries() iter.Seq2[int, []uint16] {
	return func(yield func(int, []uint16) bool) {
		for _, r := range p.runs {
			tab := p.tab[r.off : r.off+r.entries*(r.n+1)]
			for e := 0; e < len(tab); e += r.n + 1 {
				if !yield(int(tab[e]/rowBytes), tab[e+1:e+1+r.n]) {
					return
				}
			}
		}
	}
}

// MaxOverPortable sets every pattern's row of dst to the lane-wise maximum
// of its rows in p (non-negative values, compared as their bits).
func MaxOverPortable(dst *[yacht.NumPatterns]Row, rows []Row, p *PatternRows) {
	p.check(len(rows))
	db := (*[yacht.NumPatterns][Width]uint64)(unsafe.Pointer(dst))
	rb := unsafe.Slice((*[Width]uint64)(unsafe.Pointer(unsafe.SliceData(rows))), len(rows))
	for w, offs := range p.entries() {
		d := &db[w]
		*d = rb[offs[0]/rowBytes]
		for _, o := range offs[1:] {
			a := &rb[o/rowBytes]
			d[0] = max(d[0], a[0])
			d[1] = max(d[1], a[1])
			d[2] = max(d[2], a[2])
			d[3] = max(d[3], a[3])
			d[4] = max(d[4], a[4])
			d[5] = max(d[5], a[5])
			d[6] = max(d[6], a[6])
			d[7] = max(d[7], a[7])
		}
	}
}

// MaxOver32Portable is MaxOverPortable on single-precision rows.
func MaxOver32Portable(dst *[yacht.NumPatterns]Row32, rows []Row32, p *PatternRows) {
	p.check(len(rows))
	db := (*[yacht.NumPatterns][Width32]uint32)(unsafe.Pointer(dst))
	rb := unsafe.Slice((*[Width32]uint32)(unsafe.Pointer(unsafe.SliceData(rows))), len(rows))
	for w, offs := range p.entries() {
		d := &db[w]
		*d = rb[offs[0]/rowBytes]
		for _, o := range offs[1:] {
			a := &rb[o/rowBytes]
			d[0] = max(d[0], a[0])
			d[1] = max(d[1], a[1])
			d[2] = max(d[2], a[2])
			d[3] = max(d[3], a[3])
			d[4] = max(d[4], a[4])
			d[5] = max(d[5], a[5])
			d[6] = max(d[6], a[6])
			d[7] = max(d[7], a[7])
			d[8] = max(d[8], a[8])
			d[9] = max(d[9], a[9])
			d[10] = max(d[10], a[10])
			d[11] = max(d[11], a[11])
			d[12] = max(d[12], a[12])
			d[13] = max(d[13], a[13])
			d[14] = max(d[14], a[14])
			d[15] = max(d[15], a[15])
		}
	}
}
