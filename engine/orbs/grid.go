package orbs

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxSize is the largest number of rows and of columns a grid may have.
const MaxSize = 30

// Grid is a puzzle board: rows × columns cells, each clear or cloudy. The
// zero Grid has no cells; make one with [New] or [Parse]. A Grid is a value:
// copies are independent, and two grids are == when they have the same size
// and the same cells.
type Grid struct {
	rows, cols int
	// line[r] holds row r, bit c set when cell (r, c) is cloudy.
	line [MaxSize]uint32
}

// New returns an all-clear grid of the given size, or an error when either
// side is outside 1…MaxSize.
func New(rows, cols int) (Grid, error) {
	if rows < 1 || cols < 1 {
		return Grid{}, &ParseError{Kind: Empty, Rows: rows, Cols: cols}
	}
	if rows > MaxSize || cols > MaxSize {
		return Grid{}, &ParseError{Kind: TooLarge, Rows: rows, Cols: cols}
	}
	return Grid{rows: rows, cols: cols}, nil
}

// Rows is the number of rows.
func (g Grid) Rows() int { return g.rows }

// Cols is the number of columns.
func (g Grid) Cols() int { return g.cols }

// Cloudy reports whether cell (r, c) is cloudy (r from the top, c from the
// left, both from 0). It panics when the cell is outside the grid.
func (g Grid) Cloudy(r, c int) bool {
	g.check(r, c)
	return g.line[r]>>uint(c)&1 == 1
}

// Set makes cell (r, c) cloudy or clear. It panics when the cell is outside
// the grid.
func (g *Grid) Set(r, c int, cloudy bool) {
	g.check(r, c)
	if cloudy {
		g.line[r] |= 1 << uint(c)
	} else {
		g.line[r] &^= 1 << uint(c)
	}
}

func (g Grid) check(r, c int) {
	if r < 0 || r >= g.rows || c < 0 || c >= g.cols {
		panic(fmt.Sprintf("orbs: cell (%d, %d) outside a %d×%d grid", r, c, g.rows, g.cols))
	}
}

// CloudyCount is the number of cloudy cells.
func (g Grid) CloudyCount() int {
	n := 0
	for r := 0; r < g.rows; r++ {
		n += bits.OnesCount32(g.line[r])
	}
	return n
}

// IsClear reports whether every cell is clear: the puzzle is solved.
func (g Grid) IsClear() bool {
	for r := 0; r < g.rows; r++ {
		if g.line[r] != 0 {
			return false
		}
	}
	return true
}

// String is the grid in the canonical form [Parse] reads back: '#' for a
// cloudy cell, '.' for a clear one, rows from the top separated by '/'.
func (g Grid) String() string {
	var b strings.Builder
	for r := 0; r < g.rows; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < g.cols; c++ {
			if g.line[r]>>uint(c)&1 == 1 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// full is the mask of a whole row.
func (g Grid) full() uint32 { return 1<<uint(g.cols) - 1 }

// ParseErrorKind says what is wrong with a grid's text.
type ParseErrorKind int

// The ways a grid's text can be wrong.
const (
	// Empty: there are no cells at all.
	Empty ParseErrorKind = iota + 1
	// EmptyRow: a row has no cells ('/' at the start or end, or two '/'
	// with nothing between them). Row names it.
	EmptyRow
	// ForeignSymbol: a character that is neither a cell nor a separator.
	// Row, Col and Symbol name it.
	ForeignSymbol
	// Ragged: rows of different lengths. Row has Width cells, the first row
	// has Want.
	Ragged
	// TooLarge: more than MaxSize rows or columns. Rows and Cols give the size.
	TooLarge
	// Ambiguous: single cells separated by spaces only ("1 0 0 1"), which
	// may mean one row or one column. Rows gives the number of cells.
	Ambiguous
)

// ParseError is a grid text [Parse] rejects. Row and Col count from 1, as a
// person reads them; the fields that matter depend on Kind.
type ParseError struct {
	Kind        ParseErrorKind
	Row, Col    int  // where (EmptyRow, ForeignSymbol, Ragged)
	Symbol      rune // the foreign character (ForeignSymbol)
	Width, Want int  // the row's length and the first row's (Ragged)
	Rows, Cols  int  // the grid's size (TooLarge)
}

// Error describes the problem in English.
func (e *ParseError) Error() string {
	switch e.Kind {
	case Empty:
		return "orbs: the grid has no cells"
	case EmptyRow:
		return fmt.Sprintf("orbs: row %d is empty", e.Row)
	case ForeignSymbol:
		return fmt.Sprintf("orbs: row %d, cell %d: %q is not a cell (cloudy: 1 # X ■, clear: 0 . □)", e.Row, e.Col, e.Symbol)
	case Ragged:
		return fmt.Sprintf("orbs: row %d has %d cells but row 1 has %d", e.Row, e.Width, e.Want)
	case TooLarge:
		return fmt.Sprintf("orbs: the grid is %d×%d; at most %d×%d", e.Rows, e.Cols, MaxSize, MaxSize)
	case Ambiguous:
		return fmt.Sprintf("orbs: %d cells separated by spaces may be one row or one column", e.Rows)
	}
	return "orbs: bad grid"
}

// cell maps a symbol to its state: 1 # X ■ cloudy, 0 . □ clear.
func cell(r rune) (cloudy, ok bool) {
	switch r {
	case '1', '#', 'X', 'x', '■':
		return true, true
	case '0', '.', '□':
		return false, true
	}
	return false, false
}

// Parse reads a grid: rows from the top; in a row, one symbol per cell
// from the left: '1', '#', 'X' (or 'x') or '■' for a cloudy cell, '0', '.'
// or '□' for a clear one. When the text has a '/' or a line break, those
// separate the rows and spaces are ignored ("1 0 0 1/0 1 1 0" is 2×4);
// otherwise spaces separate the rows ("1001 0110 1001" is 3×4), and single
// cells separated by spaces ("1 0 0 1") are refused as Ambiguous. Every
// row must have the same length, between 1 and MaxSize, and there are at
// most MaxSize rows. The error is a [*ParseError] saying what is wrong and
// where.
func Parse(s string) (Grid, error) {
	// bySlash: rows are separated by '/' and line breaks, not spaces.
	bySlash := strings.ContainsAny(s, "/\n\r")
	var (
		rows    [][]bool // kept while within MaxSize
		nRows   int
		width   []int // every row's width, for Ragged
		cur     []bool
		curLen  int
		inRow   bool
		slashed bool // a '/' ended the previous row
	)
	endRow := func() {
		if nRows < MaxSize+1 {
			rows = append(rows, cur)
		}
		width = append(width, curLen)
		nRows++
		cur, curLen, inRow = nil, 0, false
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '/':
			if inRow {
				endRow()
			} else if slashed || nRows == 0 {
				return Grid{}, &ParseError{Kind: EmptyRow, Row: nRows + 1}
			}
			slashed = true
		case bySlash && unicode.IsSpace(r) && r != '\n' && r != '\r':
			// A space inside a row.
		case unicode.IsSpace(r):
			if inRow {
				endRow()
				slashed = false
			}
		default:
			cloudy, ok := cell(r)
			if !ok {
				return Grid{}, &ParseError{Kind: ForeignSymbol, Row: nRows + 1, Col: curLen + 1, Symbol: r}
			}
			inRow = true
			curLen++
			if curLen <= MaxSize {
				cur = append(cur, cloudy)
			}
		}
		i += size
	}
	if inRow {
		endRow()
	} else if slashed {
		return Grid{}, &ParseError{Kind: EmptyRow, Row: nRows + 1}
	}
	if nRows == 0 {
		return Grid{}, &ParseError{Kind: Empty}
	}
	for r := 1; r < nRows; r++ {
		if width[r] != width[0] {
			return Grid{}, &ParseError{Kind: Ragged, Row: r + 1, Width: width[r], Want: width[0]}
		}
	}
	if !bySlash && nRows > 1 && width[0] == 1 {
		return Grid{}, &ParseError{Kind: Ambiguous, Rows: nRows}
	}
	if nRows > MaxSize || width[0] > MaxSize {
		return Grid{}, &ParseError{Kind: TooLarge, Rows: nRows, Cols: width[0]}
	}
	g := Grid{rows: nRows, cols: width[0]}
	for r, row := range rows {
		for c, cloudy := range row {
			if cloudy {
				g.line[r] |= 1 << uint(c)
			}
		}
	}
	return g, nil
}

// RowLabel is the blog post's name of row r (0 at the top): a, b, c, … z, then
// aa, ab, ….
func RowLabel(r int) string {
	if r < 0 {
		return "?"
	}
	s := ""
	for n := r + 1; n > 0; n = (n - 1) / 26 {
		s = string(rune('a'+(n-1)%26)) + s
	}
	return s
}

// ColLabel is the blog post's name of column c (0 at the left): the lower-case
// Roman numeral of c+1 (i, ii, iii, iv, …).
func ColLabel(c int) string {
	n := c + 1
	if n < 1 || n > 3999 {
		return "?"
	}
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"m", "cm", "d", "cd", "c", "xc", "l", "xl", "x", "ix", "v", "iv", "i"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}
