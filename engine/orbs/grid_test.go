package orbs

import (
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		in, want string
	}{
		{"#", "#"},
		{".", "."},
		{"1001/0110", "#..#/.##."},
		{"1001 0110", "#..#/.##."},
		{"1001\n0110\n", "#..#/.##."},
		{"  #X■1 / .0□. ", "####/...."},
		{"x.\r\n.x", "#./.#"},
		{"■□□■/□■■□", "#..#/.##."},
		{"#.# /\n .#.", "#.#/.#."},
		{"1 0 0 1/0 1 1 0/1 0 0 1", "#..#/.##./#..#"},
		{"1 0 0 1\n0 1 1 0\n1 0 0 1", "#..#/.##./#..#"},
		{"1/0/1", "#/./#"},
		{strings.Repeat(strings.Repeat("#", 30)+"/", 29) + strings.Repeat(".", 30), strings.Repeat(strings.Repeat("#", 30)+"/", 29) + strings.Repeat(".", 30)},
	}
	for _, c := range cases {
		g, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if g.String() != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, g, c.want)
		}
	}
	g, _ := Parse("#../..#")
	if g.Rows() != 2 || g.Cols() != 3 || !g.Cloudy(0, 0) || g.Cloudy(0, 1) || !g.Cloudy(1, 2) || g.CloudyCount() != 2 {
		t.Errorf("Parse(\"#../..#\") cells wrong: %s", g)
	}
}

func TestParseErrors(t *testing.T) {
	row30 := strings.Repeat("#", 30)
	cases := []struct {
		in   string
		want ParseError
	}{
		{"", ParseError{Kind: Empty}},
		{"   \n ", ParseError{Kind: Empty}},
		{"/", ParseError{Kind: EmptyRow, Row: 1}},
		{" / #", ParseError{Kind: EmptyRow, Row: 1}},
		{"#.//.#", ParseError{Kind: EmptyRow, Row: 2}},
		{"#./ / .#", ParseError{Kind: EmptyRow, Row: 2}},
		{"#./.#/", ParseError{Kind: EmptyRow, Row: 3}},
		{"#./.#.", ParseError{Kind: Ragged, Row: 2, Width: 3, Want: 2}},
		{"#. .# #", ParseError{Kind: Ragged, Row: 3, Width: 1, Want: 2}},
		{"#./.a", ParseError{Kind: ForeignSymbol, Row: 2, Col: 2, Symbol: 'a'}},
		{"2", ParseError{Kind: ForeignSymbol, Row: 1, Col: 1, Symbol: '2'}},
		{"#,.", ParseError{Kind: ForeignSymbol, Row: 1, Col: 2, Symbol: ','}},
		{"#\xff", ParseError{Kind: ForeignSymbol, Row: 1, Col: 2, Symbol: '\uFFFD'}},
		{"●", ParseError{Kind: ForeignSymbol, Row: 1, Col: 1, Symbol: '●'}},
		{"1 0 0 1", ParseError{Kind: Ambiguous, Rows: 4}},
		{"# .", ParseError{Kind: Ambiguous, Rows: 2}},
		{strings.Repeat("#", 31), ParseError{Kind: TooLarge, Rows: 1, Cols: 31}},
		{strings.Repeat("#/", 30) + "#", ParseError{Kind: TooLarge, Rows: 31, Cols: 1}},
		{strings.Repeat(row30+"#/", 30) + row30 + "#", ParseError{Kind: TooLarge, Rows: 31, Cols: 31}},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q): error %v, want %+v", c.in, err, c.want)
			continue
		}
		if *pe != c.want {
			t.Errorf("Parse(%q): %+v, want %+v", c.in, *pe, c.want)
		}
		if pe.Error() == "" || pe.Error() == "orbs: bad grid" {
			t.Errorf("Parse(%q): no message", c.in)
		}
	}
}

func TestNew(t *testing.T) {
	for _, sz := range [][2]int{{0, 1}, {1, 0}, {31, 1}, {1, 31}, {-1, 5}} {
		if _, err := New(sz[0], sz[1]); err == nil {
			t.Errorf("New(%d, %d): no error", sz[0], sz[1])
		}
	}
	g, err := New(30, 30)
	if err != nil || !g.IsClear() || g.String() != strings.Repeat(strings.Repeat(".", 30)+"/", 29)+strings.Repeat(".", 30) {
		t.Errorf("New(30, 30) = %s, %v", g, err)
	}
}

func TestLabels(t *testing.T) {
	rows := map[int]string{0: "a", 1: "b", 25: "z", 26: "aa", 29: "ad"}
	for r, want := range rows {
		if got := RowLabel(r); got != want {
			t.Errorf("RowLabel(%d) = %q, want %q", r, got, want)
		}
	}
	cols := map[int]string{0: "i", 1: "ii", 2: "iii", 3: "iv", 8: "ix", 13: "xiv", 18: "xix", 29: "xxx"}
	for c, want := range cols {
		if got := ColLabel(c); got != want {
			t.Errorf("ColLabel(%d) = %q, want %q", c, got, want)
		}
	}
	seen := map[string]bool{}
	for i := 0; i < MaxSize; i++ {
		for _, l := range []string{"row " + RowLabel(i), "col " + ColLabel(i)} {
			if seen[l] {
				t.Errorf("label %s twice", l)
			}
			seen[l] = true
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "#", "1001/0110", "1001 0110", "■□/□■", "#./ / .#", "#./.#/", "x.\r\n.x",
		"#\xff", strings.Repeat("#", 31), strings.Repeat("#/", 31), "1 0 0 1/0 1 1 0", "1 0 1", "１００１／０１１０", "１　０／０　１", "＃．／．＃",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Error() == "" {
				t.Fatalf("Parse(%q): untyped error %v", s, err)
			}
			return
		}
		if g.Rows() < 1 || g.Rows() > MaxSize || g.Cols() < 1 || g.Cols() > MaxSize {
			t.Fatalf("Parse(%q): size %d×%d", s, g.Rows(), g.Cols())
		}
		// The cells are the input's symbols in order, ignoring separators.
		var cells []bool
		for _, r := range s {
			if c, ok := cell(r); ok {
				cells = append(cells, c)
			}
		}
		if len(cells) != g.Rows()*g.Cols() {
			t.Fatalf("Parse(%q): %d symbols for %d×%d", s, len(cells), g.Rows(), g.Cols())
		}
		for i, c := range cells {
			if g.Cloudy(i/g.Cols(), i%g.Cols()) != c {
				t.Fatalf("Parse(%q): cell %d wrong", s, i)
			}
		}
		back, err := Parse(g.String())
		if err != nil || back != g {
			t.Fatalf("Parse(%q).String() = %q does not read back: %v", s, g.String(), err)
		}
		sol := Solve(g, NoLimit)
		if sol.Solvable {
			if after, err := Apply(g, sol.Presses); err != nil || !after.IsClear() {
				t.Fatalf("Parse(%q): Solve's presses leave %s", s, after)
			}
		}
	})
}
