package orbs

import (
	"fmt"
	"math/bits"
)

// Presses is a set of orbs to press, each once; by the blog post's Theorems 1
// and 2 the order does not matter and pressing an orb twice undoes it.
type Presses struct {
	// Diagonal is whether the diagonal orb (bottom-left corner) is pressed.
	Diagonal bool
	// Rows are the pressed row orbs, 0 at the top, in increasing order.
	Rows []int
	// Cols are the pressed column orbs, 0 at the left, in increasing order.
	Cols []int
}

// Count is the number of presses.
func (p Presses) Count() int {
	n := len(p.Rows) + len(p.Cols)
	if p.Diagonal {
		n++
	}
	return n
}

// PressRow flips every cell of row r (0 at the top). It panics when r is not
// a row of g.
func (g *Grid) PressRow(r int) {
	g.check(r, 0)
	g.line[r] ^= g.full()
}

// PressCol flips every cell of column c (0 at the left). It panics when c is
// not a column of g.
func (g *Grid) PressCol(c int) {
	g.check(0, c)
	for r := 0; r < g.rows; r++ {
		g.line[r] ^= 1 << uint(c)
	}
}

// PressDiagonal flips the cells on the diagonal from the bottom-left corner
// up and to the right: (rows−1, 0), (rows−2, 1), … for min(rows, cols)
// cells.
func (g *Grid) PressDiagonal() {
	for k := 0; k < g.rows && k < g.cols; k++ {
		g.line[g.rows-1-k] ^= 1 << uint(k)
	}
}

// Apply returns the grid after pressing p's orbs on g, one by one. It is how
// an answer is checked: the answer is right when Apply leaves a clear grid.
// An index outside the grid is an error (and g is returned unchanged).
func Apply(g Grid, p Presses) (Grid, error) {
	for _, r := range p.Rows {
		if r < 0 || r >= g.rows {
			return g, fmt.Errorf("orbs: row orb %d outside a grid of %d rows", r, g.rows)
		}
	}
	for _, c := range p.Cols {
		if c < 0 || c >= g.cols {
			return g, fmt.Errorf("orbs: column orb %d outside a grid of %d columns", c, g.cols)
		}
	}
	if g.rows == 0 {
		return g, nil
	}
	out := g
	if p.Diagonal {
		out.PressDiagonal()
	}
	for _, r := range p.Rows {
		out.PressRow(r)
	}
	for _, c := range p.Cols {
		out.PressCol(c)
	}
	return out, nil
}

// Witness is the proof of the blog post's Theorem 5 that row and column orbs
// alone cannot clear a grid: two rows and two columns such that cells
// (Rows[0], Cols[0]) and (Rows[1], Cols[0]) are alike while (Rows[0],
// Cols[1]) and (Rows[1], Cols[1]) differ. Every row or column press flips an
// even number of these four cells, so the number of cloudy ones among them
// stays odd and they can never all be clear.
type Witness struct {
	Rows [2]int
	Cols [2]int
}

// Holds reports whether w is a witness on g: distinct rows and columns
// inside the grid, the first column alike and the second different.
func (w Witness) Holds(g Grid) bool {
	for _, r := range w.Rows {
		if r < 0 || r >= g.rows {
			return false
		}
	}
	for _, c := range w.Cols {
		if c < 0 || c >= g.cols {
			return false
		}
	}
	if w.Rows[0] == w.Rows[1] || w.Cols[0] == w.Cols[1] {
		return false
	}
	return g.Cloudy(w.Rows[0], w.Cols[0]) == g.Cloudy(w.Rows[1], w.Cols[0]) &&
		g.Cloudy(w.Rows[0], w.Cols[1]) != g.Cloudy(w.Rows[1], w.Cols[1])
}

// NoLimit, as Solve's limit, means the puzzle has no limit on presses.
const NoLimit = -1

// Solution is Solve's answer.
type Solution struct {
	// Solvable is whether some presses clear the grid.
	Solvable bool
	// Presses are the fewest presses that clear the grid (when Solvable).
	Presses
	// Count is Presses.Count(), the minimum number of presses (when Solvable).
	Count int
	// Limit is the limit Solve was given (NoLimit for none).
	Limit int
	// WithinLimit is whether the grid is solvable in at most Limit presses.
	WithinLimit bool
	// Witness (when not Solvable) shows that row and column orbs cannot
	// clear the grid as given, and AfterDiagonal that they cannot clear it
	// after the diagonal press either (Theorem 5).
	Witness, AfterDiagonal *Witness
}

// rowsAndCols is Algorithm 3 (steps 3–5) for row and column orbs only: the
// smaller of the two complementary strategies that clear g, or a Theorem 5
// witness when there is none.
func rowsAndCols(g Grid) (rows, cols []int, w *Witness) {
	// Y₂: the columns cloudy in the first (top) row. Pressing them clears
	// that row; row r is then line[r] ^ y2.
	y2 := g.line[0]
	full := g.full()
	var x2 uint32 // rows all cloudy after pressing Y₂ (the rest are X₁)
	for r := 1; r < g.rows; r++ {
		switch d := g.line[r] ^ y2; d {
		case 0:
		case full:
			x2 |= 1 << uint(r)
		default:
			// Row r is neither equal nor opposite to the top row: a column
			// where they agree and one where they differ make a witness.
			return nil, nil, &Witness{
				Rows: [2]int{0, r},
				Cols: [2]int{bits.TrailingZeros32(^d & full), bits.TrailingZeros32(d)},
			}
		}
	}
	allRows := uint32(1)<<uint(g.rows) - 1
	// (X₂, Y₂) and its complement (X₁, Y₁): keep the smaller (X₂, Y₂ on a tie).
	if bits.OnesCount32(x2)+bits.OnesCount32(y2) > g.rows+g.cols-bits.OnesCount32(x2)-bits.OnesCount32(y2) {
		x2, y2 = allRows&^x2, full&^y2
	}
	return indices(x2), indices(y2), nil
}

func indices(m uint32) []int {
	out := []int{}
	for m != 0 {
		i := bits.TrailingZeros32(m)
		out = append(out, i)
		m &= m - 1
	}
	return out
}

// Solve finds the fewest presses that clear g, by the blog post's Algorithm
// 3: the smaller complementary row-and-column strategy for the grid as given
// and for the grid after one diagonal press, whichever needs fewer presses in
// all (the grid as given on a tie). When neither can be cleared the Solution
// is not Solvable and carries both Theorem 5 witnesses. limit is the most
// presses allowed, or NoLimit (any negative number); it only sets
// WithinLimit. The zero Grid is already clear and needs no presses.
func Solve(g Grid, limit int) Solution {
	if limit < 0 {
		limit = NoLimit
	}
	sol := Solution{Limit: limit}
	if g.rows == 0 {
		sol.Solvable, sol.WithinLimit = true, true
		sol.Presses = Presses{Rows: []int{}, Cols: []int{}}
		return sol
	}
	rows, cols, w := rowsAndCols(g)
	d := g
	d.PressDiagonal()
	drows, dcols, dw := rowsAndCols(d)
	switch {
	case w == nil && (dw != nil || len(rows)+len(cols) <= 1+len(drows)+len(dcols)):
		sol.Solvable = true
		sol.Presses = Presses{Rows: rows, Cols: cols}
	case dw == nil:
		sol.Solvable = true
		sol.Presses = Presses{Diagonal: true, Rows: drows, Cols: dcols}
	default:
		sol.Presses = Presses{Rows: []int{}, Cols: []int{}}
		sol.Witness, sol.AfterDiagonal = w, dw
		return sol
	}
	sol.Count = sol.Presses.Count()
	sol.WithinLimit = limit == NoLimit || sol.Count <= limit
	return sol
}
