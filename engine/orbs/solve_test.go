package orbs

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// The references in this file are independent of the package: cells are
// bits of a uint64 (cell (r, c) is bit r*cols+c), each orb is the mask of the
// cells it flips, built here from the blog post's description, and a press set is
// the XOR of its orbs' masks.

// orbMasks returns the cell masks of the row orbs (top to bottom), the column
// orbs (left to right) and the diagonal orb, in that order.
func orbMasks(rows, cols int) []uint64 {
	var m []uint64
	for r := 0; r < rows; r++ {
		var x uint64
		for c := 0; c < cols; c++ {
			x |= 1 << uint(r*cols+c)
		}
		m = append(m, x)
	}
	for c := 0; c < cols; c++ {
		var x uint64
		for r := 0; r < rows; r++ {
			x |= 1 << uint(r*cols+c)
		}
		m = append(m, x)
	}
	// The diagonal: start in the bottom-left corner and walk up and right
	// until leaving the grid.
	var d uint64
	for r, c := rows-1, 0; r >= 0 && c < cols; r, c = r-1, c+1 {
		d |= 1 << uint(r*cols+c)
	}
	return append(m, d)
}

func maskOf(g Grid) uint64 {
	var m uint64
	for r := 0; r < g.Rows(); r++ {
		for c := 0; c < g.Cols(); c++ {
			if g.Cloudy(r, c) {
				m |= 1 << uint(r*g.Cols()+c)
			}
		}
	}
	return m
}

func gridOf(t testing.TB, rows, cols int, m uint64) Grid {
	g, err := New(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			g.Set(r, c, m>>uint(r*cols+c)&1 == 1)
		}
	}
	return g
}

// pressMask is the press set of p as a bit set over orbMasks' order.
func pressMask(t testing.TB, rows, cols int, p Presses) uint64 {
	var s uint64
	for i, r := range p.Rows {
		if r < 0 || r >= rows || (i > 0 && p.Rows[i-1] >= r) {
			t.Fatalf("rows %v not increasing inside 0…%d", p.Rows, rows-1)
		}
		s |= 1 << uint(r)
	}
	for i, c := range p.Cols {
		if c < 0 || c >= cols || (i > 0 && p.Cols[i-1] >= c) {
			t.Fatalf("cols %v not increasing inside 0…%d", p.Cols, cols-1)
		}
		s |= 1 << uint(rows+c)
	}
	if p.Diagonal {
		s |= 1 << uint(rows+cols)
	}
	return s
}

func cellOf(m uint64, cols, r, c int) bool { return m>>uint(r*cols+c)&1 == 1 }

// checkWitness checks Theorem 5's condition on the bit grid m directly, and
// that no row or column press changes the parity of the four cells.
func checkWitness(t testing.TB, rows, cols int, m uint64, w *Witness, what string) {
	t.Helper()
	if w == nil {
		t.Fatalf("%s: no witness", what)
	}
	i, i2, j, j2 := w.Rows[0], w.Rows[1], w.Cols[0], w.Cols[1]
	if i == i2 || j == j2 || min(i, i2, j, j2) < 0 || max(i, i2) >= rows || max(j, j2) >= cols {
		t.Fatalf("%s: witness %+v not two distinct rows and columns of %d×%d", what, *w, rows, cols)
	}
	if cellOf(m, cols, i, j) != cellOf(m, cols, i2, j) || cellOf(m, cols, i, j2) == cellOf(m, cols, i2, j2) {
		t.Fatalf("%s: witness %+v does not hold on %s", what, *w, gridOf(t, rows, cols, m))
	}
	four := uint64(1)<<uint(i*cols+j) | 1<<uint(i2*cols+j) | 1<<uint(i*cols+j2) | 1<<uint(i2*cols+j2)
	if bits.OnesCount64(m&four)%2 != 1 {
		t.Fatalf("%s: witness cells have even parity", what)
	}
	for k, o := range orbMasks(rows, cols)[:rows+cols] {
		if bits.OnesCount64(o&four)%2 != 0 {
			t.Fatalf("%s: orb %d flips an odd number of the witness cells", what, k)
		}
	}
}

// checkSolution checks sol against the true minimum (best, -1 when no press
// set clears the grid) and replays its presses.
func checkSolution(t testing.TB, rows, cols int, m uint64, sol Solution, best int) {
	t.Helper()
	g := gridOf(t, rows, cols, m)
	if sol.Solvable != (best >= 0) {
		t.Fatalf("%d×%d %s: Solvable=%v, brute force minimum %d", rows, cols, g, sol.Solvable, best)
	}
	if !sol.Solvable {
		orbs := orbMasks(rows, cols)
		checkWitness(t, rows, cols, m, sol.Witness, g.String())
		checkWitness(t, rows, cols, m^orbs[rows+cols], sol.AfterDiagonal, g.String()+" after the diagonal")
		return
	}
	if sol.Witness != nil || sol.AfterDiagonal != nil {
		t.Fatalf("%s: solvable with a witness", g)
	}
	if sol.Count != best || sol.Presses.Count() != best {
		t.Fatalf("%d×%d %s: count %d (%d presses), brute force %d", rows, cols, g, sol.Count, sol.Presses.Count(), best)
	}
	// Replay with the package's Apply and with the reference masks.
	after, err := Apply(g, sol.Presses)
	if err != nil || !after.IsClear() {
		t.Fatalf("%s: presses %+v leave %s (%v)", g, sol.Presses, after, err)
	}
	s := pressMask(t, rows, cols, sol.Presses)
	x := m
	for k, o := range orbMasks(rows, cols) {
		if s>>uint(k)&1 == 1 {
			x ^= o
		}
	}
	if x != 0 {
		t.Fatalf("%s: presses %+v do not clear it by the reference masks", g, sol.Presses)
	}
}

// bruteTable maps every grid of the size (as a bit mask) to the fewest
// presses that clear it, -1 for none, by trying every press set.
func bruteTable(rows, cols int) []int8 {
	orbs := orbMasks(rows, cols)
	table := make([]int8, 1<<uint(rows*cols))
	for i := range table {
		table[i] = -1
	}
	for s := uint64(0); s < 1<<uint(len(orbs)); s++ {
		var x uint64
		for k, o := range orbs {
			if s>>uint(k)&1 == 1 {
				x ^= o
			}
		}
		n := int8(bits.OnesCount64(s))
		if table[x] < 0 || n < table[x] {
			table[x] = n
		}
	}
	return table
}

// TestSolveExhaustive compares Solve with brute force over every press set
// on every grid of at most 16 cells (every size up to 4×4, 2×8, 3×5, …) and
// on every 1×n and n×1 grid up to n = 16.
func TestSolveExhaustive(t *testing.T) {
	type size struct{ r, c int }
	var sizes []size
	for r := 1; r <= 16; r++ {
		for c := 1; c <= 16; c++ {
			if r*c <= 16 {
				sizes = append(sizes, size{r, c})
			}
		}
	}
	for _, sz := range sizes {
		t.Run(fmt.Sprintf("%dx%d", sz.r, sz.c), func(t *testing.T) {
			table := bruteTable(sz.r, sz.c)
			unsolvable := 0
			for m := range table {
				sol := Solve(gridOf(t, sz.r, sz.c, uint64(m)), NoLimit)
				checkSolution(t, sz.r, sz.c, uint64(m), sol, int(table[m]))
				if !sol.Solvable {
					unsolvable++
				}
			}
			// Sanity of the reference itself: 1-row and 1-column grids are
			// always solvable (the blog post's Theorem 7, first case), bigger ones
			// are not.
			if (sz.r == 1 || sz.c == 1) != (unsolvable == 0) {
				t.Errorf("%d unsolvable grids", unsolvable)
			}
		})
	}
}

// TestSolveLimit checks WithinLimit against the exhaustive minimum on 3×3.
func TestSolveLimit(t *testing.T) {
	table := bruteTable(3, 3)
	for m := range table {
		g := gridOf(t, 3, 3, uint64(m))
		for limit := -1; limit <= 7; limit++ {
			sol := Solve(g, limit)
			want := table[m] >= 0 && (limit < 0 || int(table[m]) <= limit)
			if sol.WithinLimit != want || sol.Limit != max(limit, NoLimit) {
				t.Fatalf("%s limit %d: WithinLimit %v Limit %d, minimum %d", g, limit, sol.WithinLimit, sol.Limit, table[m])
			}
		}
	}
}

// gf2Minimum solves the puzzle as a linear system over GF(2) (one unknown
// per orb, one equation per cell) by Gaussian elimination, then tries every
// solution of the system: the fewest presses, or -1 when inconsistent.
func gf2Minimum(rows, cols int, cloudy func(r, c int) bool) int {
	n := rows + cols + 1
	type eq struct {
		coef uint64
		rhs  bool
	}
	var eqs []eq
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			e := eq{coef: 1<<uint(r) | 1<<uint(rows+c), rhs: cloudy(r, c)}
			if r+c == rows-1 { // on the diagonal from the bottom-left corner
				e.coef |= 1 << uint(rows+cols)
			}
			eqs = append(eqs, e)
		}
	}
	pivotRow := make([]int, n)
	rank := 0
	for v := 0; v < n; v++ {
		pivotRow[v] = -1
		p := -1
		for i := rank; i < len(eqs); i++ {
			if eqs[i].coef>>uint(v)&1 == 1 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		eqs[rank], eqs[p] = eqs[p], eqs[rank]
		for i := range eqs {
			if i != rank && eqs[i].coef>>uint(v)&1 == 1 {
				eqs[i].coef ^= eqs[rank].coef
				eqs[i].rhs = eqs[i].rhs != eqs[rank].rhs
			}
		}
		pivotRow[v] = rank
		rank++
	}
	for i := rank; i < len(eqs); i++ {
		if eqs[i].rhs {
			return -1
		}
	}
	var free []int
	for v := 0; v < n; v++ {
		if pivotRow[v] < 0 {
			free = append(free, v)
		}
	}
	if len(free) > 20 {
		panic("too many free variables")
	}
	best := -1
	for f := 0; f < 1<<uint(len(free)); f++ {
		var x uint64
		for k, v := range free {
			if f>>uint(k)&1 == 1 {
				x |= 1 << uint(v)
			}
		}
		for v := 0; v < n; v++ {
			if pivotRow[v] >= 0 {
				e := eqs[pivotRow[v]]
				val := e.rhs != (bits.OnesCount64(e.coef&x&^(1<<uint(v)))%2 == 1)
				if val {
					x |= 1 << uint(v)
				}
			}
		}
		if w := bits.OnesCount64(x); best < 0 || w < best {
			best = w
		}
	}
	return best
}

// TestGF2MatchesBrute keeps the GF(2) reference honest on small grids.
func TestGF2MatchesBrute(t *testing.T) {
	for _, sz := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 3}, {1, 5}} {
		table := bruteTable(sz[0], sz[1])
		for m := range table {
			got := gf2Minimum(sz[0], sz[1], func(r, c int) bool { return cellOf(uint64(m), sz[1], r, c) })
			if got != int(table[m]) {
				t.Fatalf("%v grid %b: GF(2) %d, brute %d", sz, m, got, table[m])
			}
		}
	}
}

// randomGrid returns a random grid: a random press set applied to a clear
// grid (solvable), then, with probability 1/2, one or a few random cells
// flipped (often unsolvable).
func randomGrid(rng *rand.Rand, rows, cols int) Grid {
	g, _ := New(rows, cols)
	for r := 0; r < rows; r++ {
		if rng.IntN(2) == 1 {
			g.PressRow(r)
		}
	}
	for c := 0; c < cols; c++ {
		if rng.IntN(2) == 1 {
			g.PressCol(c)
		}
	}
	if rng.IntN(2) == 1 {
		g.PressDiagonal()
	}
	if rng.IntN(2) == 1 {
		for k := rng.IntN(3); k >= 0; k-- {
			r, c := rng.IntN(rows), rng.IntN(cols)
			g.Set(r, c, !g.Cloudy(r, c))
		}
	}
	return g
}

// TestSolveRandomLarge checks random grids up to 30×30 against the GF(2)
// reference; those of at most 64 cells and 18 orbs also against brute force over every
// press set.
func TestSolveRandomLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2))
	n := 400
	if testing.Short() {
		n = 100
	}
	for i := 0; i < n; i++ {
		rows, cols := 1+rng.IntN(MaxSize), 1+rng.IntN(MaxSize)
		if i%2 == 0 { // half of them small enough for brute force
			rows, cols = 1+rng.IntN(8), 1+rng.IntN(8)
		}
		g := randomGrid(rng, rows, cols)
		sol := Solve(g, NoLimit)
		want := gf2Minimum(rows, cols, g.Cloudy)
		if rows*cols <= 64 && rows+cols+1 <= 18 {
			m := maskOf(g)
			if b := bruteMinimum(rows, cols, m); b != want {
				t.Fatalf("%s: brute force %d, GF(2) %d", g, b, want)
			}
			checkSolution(t, rows, cols, m, sol, want)
			continue
		}
		if sol.Solvable != (want >= 0) || (sol.Solvable && sol.Count != want) {
			t.Fatalf("%d×%d %s: %+v, GF(2) minimum %d", rows, cols, g, sol, want)
		}
		if sol.Solvable {
			after, err := Apply(g, sol.Presses)
			if err != nil || !after.IsClear() {
				t.Fatalf("%s: presses %+v leave %s", g, sol.Presses, after)
			}
			continue
		}
		for k, w := range []*Witness{sol.Witness, sol.AfterDiagonal} {
			h := g
			if k == 1 {
				h.PressDiagonal()
			}
			if w == nil || !witnessHolds(h, *w) {
				t.Fatalf("%s: witness %d %+v does not hold", g, k, w)
			}
		}
	}
}

// witnessHolds reads Theorem 5's condition off the grid cell by cell.
func witnessHolds(g Grid, w Witness) bool {
	i, i2, j, j2 := w.Rows[0], w.Rows[1], w.Cols[0], w.Cols[1]
	if i == i2 || j == j2 {
		return false
	}
	return g.Cloudy(i, j) == g.Cloudy(i2, j) && g.Cloudy(i, j2) != g.Cloudy(i2, j2)
}

// bruteMinimum tries every press set (in Gray-code order) on a grid of at
// most 64 cells.
func bruteMinimum(rows, cols int, m uint64) int {
	orbs := orbMasks(rows, cols)
	best := -1
	x, s := m, uint64(0)
	for i := uint64(0); ; i++ {
		if x == 0 {
			if n := bits.OnesCount64(s); best < 0 || n < best {
				best = n
			}
		}
		if i+1 == 1<<uint(len(orbs)) {
			return best
		}
		k := bits.TrailingZeros64(i + 1)
		s ^= 1 << uint(k)
		x ^= orbs[k]
	}
}

// TestWitnessParityInvariant presses random rows and columns on unsolvable
// grids and checks the witness cells never all clear: their parity stays odd.
func TestWitnessParityInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 200; {
		rows, cols := 2+rng.IntN(MaxSize-1), 2+rng.IntN(MaxSize-1)
		g := randomGrid(rng, rows, cols)
		sol := Solve(g, NoLimit)
		if sol.Solvable {
			continue
		}
		n++
		for k, w := range []*Witness{sol.Witness, sol.AfterDiagonal} {
			h := g
			if k == 1 {
				h.PressDiagonal()
			}
			for trial := 0; trial < 20; trial++ {
				var p Presses
				for r := 0; r < rows; r++ {
					if rng.IntN(2) == 1 {
						p.Rows = append(p.Rows, r)
					}
				}
				for c := 0; c < cols; c++ {
					if rng.IntN(2) == 1 {
						p.Cols = append(p.Cols, c)
					}
				}
				after, err := Apply(h, p)
				if err != nil {
					t.Fatal(err)
				}
				odd := 0
				for _, r := range w.Rows {
					for _, c := range w.Cols {
						if after.Cloudy(r, c) {
							odd ^= 1
						}
					}
				}
				if odd != 1 || after.IsClear() {
					t.Fatalf("%s: witness %+v parity changed after %+v", h, *w, p)
				}
			}
		}
	}
}

// TestApplyCells checks each orb's cells on a 3×5 and a 5×3 grid against the
// picture in the blog post (Figure 2): the diagonal starts at the bottom-left
// corner and stops at the top row or the last column.
func TestApplyCells(t *testing.T) {
	cases := []struct {
		rows, cols int
		p          Presses
		want       string
	}{
		{3, 5, Presses{Diagonal: true}, "..#../.#.../#...."},
		{5, 3, Presses{Diagonal: true}, ".../.../..#/.#./#.."},
		{1, 4, Presses{Diagonal: true}, "#..."},
		{4, 1, Presses{Diagonal: true}, "./././#"},
		{3, 5, Presses{Rows: []int{1}}, "...../#####/....."},
		{3, 5, Presses{Cols: []int{3}}, "...#./...#./...#."},
		{3, 5, Presses{Rows: []int{0, 0}, Cols: []int{2, 2}}, "...../...../....."},
		{2, 2, Presses{Diagonal: true, Rows: []int{0}, Cols: []int{0}}, "../.."},
		{2, 2, Presses{Diagonal: true, Rows: []int{0}}, "#./#."},
	}
	for _, c := range cases {
		g, _ := New(c.rows, c.cols)
		got, err := Apply(g, c.p)
		if err != nil || got.String() != c.want {
			t.Errorf("%d×%d %+v: got %s (%v), want %s", c.rows, c.cols, c.p, got, err, c.want)
		}
	}
	g, _ := New(2, 3)
	for _, p := range []Presses{{Rows: []int{2}}, {Cols: []int{-1}}, {Cols: []int{3}}} {
		if _, err := Apply(g, p); err == nil {
			t.Errorf("Apply(%+v) on 2×3: no error", p)
		}
	}
}

func BenchmarkSolve30x30(b *testing.B) {
	rng := rand.New(rand.NewPCG(30, 30))
	var grids []Grid
	for len(grids) < 64 {
		grids = append(grids, randomGrid(rng, MaxSize, MaxSize))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Solve(grids[i%len(grids)], 20)
	}
}

func BenchmarkParse30x30(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	s := randomGrid(rng, MaxSize, MaxSize).String()
	b.SetBytes(int64(len(s)))
	for i := 0; i < b.N; i++ {
		if _, err := Parse(s); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSolveLines covers every 1×n and n×1 grid length up to MaxSize (the
// exhaustive test stops at 16 cells) with random grids, against the closed
// form of a single line: with k cloudy cells of n, either press the k
// cloudy cells' orbs or press the line's own orb and the n−k clear ones, so
// the minimum is min(k, n−k+1) (the diagonal flips only the first cell, like
// that cell's orb, and never helps); and against the GF(2) reference.
func TestSolveLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for n := 1; n <= MaxSize; n++ {
		for trial := 0; trial < 64; trial++ {
			bitsOf := rng.Uint32() & (1<<uint(n) - 1)
			if trial == 0 {
				bitsOf = 1<<uint(n) - 1 // all cloudy
			}
			k := bits.OnesCount32(bitsOf)
			want := min(k, n-k+1)
			for _, across := range []bool{true, false} {
				rows, cols := 1, n
				if !across {
					rows, cols = n, 1
				}
				g, _ := New(rows, cols)
				for i := 0; i < n; i++ {
					if bitsOf>>uint(i)&1 == 1 {
						if across {
							g.Set(0, i, true)
						} else {
							g.Set(i, 0, true)
						}
					}
				}
				sol := Solve(g, NoLimit)
				if !sol.Solvable || sol.Count != want {
					t.Fatalf("%d×%d %s: %+v, want %d presses", rows, cols, g, sol, want)
				}
				if gf := gf2Minimum(rows, cols, g.Cloudy); gf != want {
					t.Fatalf("%d×%d %s: GF(2) %d, closed form %d", rows, cols, g, gf, want)
				}
				after, err := Apply(g, sol.Presses)
				if err != nil || !after.IsClear() {
					t.Fatalf("%s: presses %+v leave %s", g, sol.Presses, after)
				}
			}
		}
	}
}
