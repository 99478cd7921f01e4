package trialrule

import (
	"bytes"
	"context"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

// paperLine is one line of a Printer/Calculator summary as the paper prints
// it: height, E[X] as printed ("" for no case), c, and whether the rule is
// printed (출력합니다) or omitted (생략합니다).
type paperLine struct {
	h       int
	e       string
	c       int64
	printed bool
}

// The paper's summaries, copied from the Korean paper on trial rules.
var paperTables = []struct {
	name   string
	k      int
	w      []int64
	extra  int
	places int // decimals the paper printed (0: Calculator's 6 significant digits)
	lines  []paperLine
}{
	{
		// Section 4.2, Calculator, k=2 {1,2,3}, extra depth 5 (summary: c per height;
		// E[X] from the per-c lines, 6 significant digits).
		name: "4.2 k=2 {1,2,3}", k: 2, w: []int64{1, 2, 3}, extra: 5, places: 0,
		lines: []paperLine{
			{3, "3", 1, true}, {4, "", 0, false}, {5, "3", 5, false},
			{6, "3.2963", 9, false}, {7, "3", 21, false}, {8, "3.06504", 41, false},
		},
	},
	{
		// Section 4.2, Calculator, k=3 {5,2}, extra depth 3, and section 4.3, Printer,
		// extra depth 6 (11 decimals).
		name: "4.3 k=3 {5,2}", k: 3, w: []int64{5, 2}, extra: 6, places: 11,
		lines: []paperLine{
			{2, "2.14285714286", 1, true}, {3, "2.78571428571", 2, false},
			{4, "1.55844155844", 11, true}, {5, "1.57563025210", 34, false},
			{6, "1.50000000000", 104, true}, {7, "1.50620119430", 311, false},
			{8, "1.50068608020", 937, false},
		},
	},
	{
		// Section 5.1, Printer, k=6 {1,4,15}, extra depth 6 (printed with 10 decimals
		// in that run).
		name: "5.1 k=6 {1,4,15}", k: 6, w: []int64{1, 4, 15}, extra: 6, places: 10,
		lines: []paperLine{
			{2, "2.4000000000", 1, true}, {3, "1.3200000000", 10, true},
			{4, "1.2333333333", 63, true}, {5, "1.2333333333", 387, false},
			{6, "1.2333333333", 2331, false}, {7, "1.2333333333", 13995, false},
			{8, "1.2333333333", 83979, false},
		},
	},
	{
		// Section 5.2, Printer, k=2 {3,4,5}, extra depth 28.
		name: "5.2 k=2 {3,4,5}", k: 2, w: []int64{3, 4, 5}, extra: 28, places: 11,
		lines: []paperLine{
			{4, "3.16666666667", 1, true}, {5, "", 0, false},
			{6, "3.03333333333", 5, true}, {7, "3.46296296296", 9, false},
			{8, "3.00793650794", 21, true}, {9, "3.10162601626", 41, false},
			{10, "3.00196078431", 85, true}, {11, "3.02465483235", 169, false},
			{12, "3.00048875855", 341, true}, {13, "3.00611845326", 681, false},
			{14, "3.00012210012", 1365, true}, {15, "3.00152681080", 2729, false},
			{16, "3.00003051944", 5461, true}, {17, "3.00038152794", 10921, false},
			{18, "3.00000762951", 21845, true}, {19, "3.00009537107", 43689, false},
			{20, "3.00000190736", 87381, true}, {21, "3.00002384209", 174761, false},
			{22, "3.00000047684", 349525, true}, {23, "3.00000596048", 699049, false},
			{24, "3.00000011921", 1398101, true}, {25, "3.00000149012", 2796201, false},
			{26, "3.00000002980", 5592405, true}, {27, "3.00000037253", 11184809, false},
			{28, "3.00000000745", 22369621, true}, {29, "3.00000009313", 44739241, false},
			{30, "3.00000000186", 89478485, true}, {31, "3.00000002328", 178956969, false},
			{32, "3.00000000047", 357913941, true},
		},
	},
}

// cppDefault formats like C++ iostream's default (6 significant digits).
func cppDefault(r *big.Rat) string {
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', 6, 64)
}

func TestSearchReproducesPaperTables(t *testing.T) {
	for _, tc := range paperTables {
		t.Run(tc.name, func(t *testing.T) {
			p, err := NewProblem(tc.k, tc.w)
			if err != nil {
				t.Fatal(err)
			}
			tab, err := Search(context.Background(), p, tc.extra)
			if err != nil || tab.CutShort {
				t.Fatalf("Search: %v, cut short %v", err, tab.CutShortReason)
			}
			if len(tab.Heights) != len(tc.lines) {
				t.Fatalf("%d heights, paper has %d", len(tab.Heights), len(tc.lines))
			}
			for i, want := range tc.lines {
				got := tab.Heights[i]
				if got.Height != want.h {
					t.Fatalf("line %d: height %d, paper %d", i, got.Height, want.h)
				}
				if want.e == "" {
					if got.Case {
						t.Errorf("h=%d: got c=%s, paper says no case", want.h, got.C)
					}
					continue
				}
				if !got.Case {
					t.Errorf("h=%d: no case, paper has c=%d", want.h, want.c)
					continue
				}
				var e string
				if tc.places == 0 {
					e = cppDefault(got.Expected)
				} else {
					e = got.Expected.FloatString(tc.places)
				}
				if e != want.e || got.C.Int64() != want.c || got.Printed != want.printed {
					t.Errorf("h=%d: E=%s c=%s printed=%v; paper E=%s c=%d printed=%v",
						want.h, e, got.C, got.Printed, want.e, want.c, want.printed)
				}
			}
		})
	}
}

// The Calculator's per-c lines of sections 4.2 and 5.1 ("c = 7 ) E[X] = 4.61905"),
// every one, by plain enumeration; and its closing summary
// "height = h | ~ c = largest c".
func TestEnumerationReproducesCalculatorTranscripts(t *testing.T) {
	transcripts := []struct {
		k     int
		w     []int64
		lines string
		tail  map[int]int64 // height → largest c
	}{
		{2, []int64{1, 2, 3}, `
##### height = 3 #####
c = 1 ) E[X] = 3
##### height = 5 #####
c = 3 ) E[X] = 5
c = 5 ) E[X] = 3
##### height = 6 #####
c = 7 ) E[X] = 4.61905
c = 9 ) E[X] = 3.2963
##### height = 7 #####
c = 11 ) E[X] = 5.72727
c = 13 ) E[X] = 4.84615
c = 15 ) E[X] = 4.46667
c = 17 ) E[X] = 3.47059
c = 19 ) E[X] = 3.31579
c = 21 ) E[X] = 3
##### height = 8 #####
c = 23 ) E[X] = 5.57971
c = 25 ) E[X] = 5.02667
c = 27 ) E[X] = 4.90123
c = 29 ) E[X] = 4.56322
c = 31 ) E[X] = 4.39785
c = 33 ) E[X] = 3.56566
c = 35 ) E[X] = 3.47619
c = 37 ) E[X] = 3.28829
c = 39 ) E[X] = 3.2906
c = 41 ) E[X] = 3.06504`, map[int]int64{3: 1, 5: 5, 6: 9, 7: 21, 8: 41}},
		{3, []int64{5, 2}, `
##### height = 2 #####
c = 1 ) E[X] = 2.14286
##### height = 3 #####
c = 2 ) E[X] = 2.78571
##### height = 4 #####
c = 4 ) E[X] = 5.67857
c = 5 ) E[X] = 4.2
c = 7 ) E[X] = 2.69388
c = 8 ) E[X] = 2.78571
c = 10 ) E[X] = 2.14286
c = 11 ) E[X] = 1.55844
##### height = 5 #####
c = 13 ) E[X] = 5.30769
c = 14 ) E[X] = 4.53061
c = 16 ) E[X] = 4.3125
c = 17 ) E[X] = 3.12605
c = 19 ) E[X] = 2.75188
c = 20 ) E[X] = 2.78571
c = 22 ) E[X] = 2.43506
c = 23 ) E[X] = 2.25466
c = 25 ) E[X] = 2.76
c = 26 ) E[X] = 2.63736
c = 28 ) E[X] = 2.28061
c = 29 ) E[X] = 2.18719
c = 31 ) E[X] = 2.22581
c = 32 ) E[X] = 2.10268
c = 34 ) E[X] = 1.57563`, map[int]int64{2: 1, 3: 2, 4: 11, 5: 34}},
		{6, []int64{1, 4, 15}, `
##### height = 2 #####
c = 1 ) E[X] = 2.4
##### height = 3 #####
c = 2 ) E[X] = 7.35
c = 3 ) E[X] = 4.3
c = 4 ) E[X] = 3.75
c = 5 ) E[X] = 2.64
c = 7 ) E[X] = 2.14286
c = 8 ) E[X] = 1.8375
c = 9 ) E[X] = 1.43333
c = 10 ) E[X] = 1.32
##### height = 4 #####
c = 11 ) E[X] = 8.23636
c = 13 ) E[X] = 6.96923
c = 14 ) E[X] = 6.45
c = 15 ) E[X] = 5.3
c = 16 ) E[X] = 4.9875
c = 17 ) E[X] = 4.69412
c = 19 ) E[X] = 4.2
c = 20 ) E[X] = 3.975
c = 21 ) E[X] = 3.78571
c = 22 ) E[X] = 4.11818
c = 23 ) E[X] = 3.93913
c = 25 ) E[X] = 3.624
c = 26 ) E[X] = 3.54231
c = 27 ) E[X] = 3.27778
c = 28 ) E[X] = 3.23571
c = 29 ) E[X] = 2.75172
c = 31 ) E[X] = 2.63226
c = 32 ) E[X] = 2.48438
c = 33 ) E[X] = 2.79091
c = 34 ) E[X] = 2.66471
c = 35 ) E[X] = 2.64
c = 37 ) E[X] = 2.4
c = 38 ) E[X] = 2.37632
c = 39 ) E[X] = 2.26923
c = 40 ) E[X] = 2.265
c = 41 ) E[X] = 2.16585
c = 43 ) E[X] = 2.10698
c = 44 ) E[X] = 2.05227
c = 45 ) E[X] = 1.96667
c = 46 ) E[X] = 1.93043
c = 47 ) E[X] = 1.92766
c = 49 ) E[X] = 1.84898
c = 50 ) E[X] = 1.806
c = 51 ) E[X] = 1.77059
c = 52 ) E[X] = 1.74231
c = 53 ) E[X] = 1.70943
c = 55 ) E[X] = 1.64727
c = 56 ) E[X] = 1.6125
c = 57 ) E[X] = 1.58421
c = 58 ) E[X] = 1.37586
c = 59 ) E[X] = 1.35254
c = 61 ) E[X] = 1.3082
c = 62 ) E[X] = 1.31129
c = 63 ) E[X] = 1.23333
c = 64 ) E[X] = 1.24687`, map[int]int64{2: 1, 3: 10, 4: 64}},
	}
	for _, tr := range transcripts {
		p, err := NewProblem(tr.k, tr.w)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Split(strings.TrimSpace(tr.lines), "\n")
		var got []string
		h0 := p.MinHeight()
		maxH := h0
		for h := range tr.tail {
			maxH = max(maxH, h)
		}
		for h := h0; h <= maxH; h++ {
			var lines []string
			largest := int64(0)
			_, err := EnumerateHeight(context.Background(), p, h, func(c *big.Int, e *big.Rat) {
				lines = append(lines, "c = "+c.String()+" ) E[X] = "+cppDefault(e))
				largest = c.Int64()
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(lines) > 0 {
				got = append(got, "##### height = "+strconv.Itoa(h)+" #####")
				got = append(got, lines...)
			}
			if tr.tail[h] != largest {
				t.Errorf("k=%d %v height %d: largest c %d, paper %d", tr.k, tr.w, h, largest, tr.tail[h])
			}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("k=%d %v: Calculator transcript differs:\n got %q\nwant %q", tr.k, tr.w, got, want)
		}
	}
}

// Section 3.6, Table 6 and the worked value: c=5, h=5 for {1,2,3} with a coin has
// E[X] = 90/30 = 3; the leaves per depth are the binary digits.
func TestSection36Worked(t *testing.T) {
	p, _ := NewProblem(2, []int64{1, 2, 3})
	lay, err := p.Layout(big.NewInt(5), 5)
	if err != nil {
		t.Fatal(err)
	}
	// Table 6, rows E_1, E_2, E_3, Re; columns depth 1..5.
	table6 := map[int][]int{
		1: {0, 0, 1, 0, 1}, // E_1: 5 = 00101
		2: {0, 1, 0, 1, 0}, // E_2: 10 = 01010
		3: {0, 1, 1, 1, 1}, // E_3: 15 = 01111
		0: {0, 0, 0, 1, 0}, // Re: 2 = 00010
	}
	for kind, row := range table6 {
		for d := 1; d <= 5; d++ {
			if lay[d][kind] != row[d-1] {
				t.Errorf("kind %d depth %d: %d leaves, Table 6 says %d", kind, d, lay[d][kind], row[d-1])
			}
		}
	}
	e, _ := p.ExpectedAt(big.NewInt(5), 5)
	if e.Cmp(big.NewRat(3, 1)) != 0 {
		t.Errorf("E[X] = %s, section 3.6 says 3", e)
	}
	r, err := p.PaperRule(big.NewInt(5), 5)
	if err != nil {
		t.Fatal(err)
	}
	probs, ex := solveChain(t, r)
	if ex.Cmp(big.NewRat(3, 1)) != 0 {
		t.Errorf("Figure 10 walked as a chain: E[X] = %s, want 3", ex)
	}
	for i, q := range p.Probabilities() {
		if probs[i].Cmp(q) != 0 {
			t.Errorf("Figure 10: Pr(E_%d) = %s, want %s", i+1, probs[i], q)
		}
	}
}

// Section 3.3: the rule of Figure 5 (k=3, E_1:E_2 = 5:2) has E[X] = 39/14; section 4.2
// says it is the rule of c = 8 at height 4 (and c = 2 at height 3 gives
// the same value).
func TestSection33Worked(t *testing.T) {
	p, _ := NewProblem(3, []int64{5, 2})
	for _, ch := range [][2]int64{{2, 3}, {8, 4}} {
		c := big.NewInt(ch[0])
		e, err := p.ExpectedAt(c, int(ch[1]))
		if err != nil {
			t.Fatal(err)
		}
		if e.Cmp(big.NewRat(39, 14)) != 0 {
			t.Errorf("c=%d h=%d: E[X] = %s, section 3.3 says 39/14", ch[0], ch[1], e)
		}
		r, _ := p.PaperRule(c, int(ch[1]))
		probs, ex := solveChain(t, r)
		if ex.Cmp(big.NewRat(39, 14)) != 0 || probs[0].Cmp(big.NewRat(5, 7)) != 0 {
			t.Errorf("c=%d chain: E[X] = %s, Pr(E_1) = %s", ch[0], ex, probs[0])
		}
	}
	// Figure 5 itself, by the depths section 3.3 lists: E_1 at depths 1 and 3,
	// E_2 at 2 and 3, Re at 1, 2 and 3 — the layout of c = 2, h = 3 has
	// exactly these leaves (columns Re, E_1, E_2).
	lay, _ := p.Layout(big.NewInt(2), 3)
	want := Layout{{0, 0, 0}, {1, 1, 0}, {1, 0, 1}, {1, 1, 1}}
	for d := range want {
		for kind := range want[d] {
			if lay[d][kind] != want[d][kind] {
				t.Fatalf("layout of c=8,h=4 = %v, Figure 5 has %v", lay, want)
			}
		}
	}
}

// The Printer's output file for k=3 {5,2}, extra depth 6 (section 4.3), line for
// line.
const sheet43 = `## input value ##
## k = 3 // vector = { 5 2 } // extra depth limit = 6 ##

## probabilities ##
E_1	: 71.429%
E_2	: 28.571%

=====
# height = 2 // min E[X] = 2.14285714286 #
-----
1 - E_1
2
2 1 - Re
2 2 - Re
2 3 - E_1
3
3 1 - E_1
3 2 - E_2
3 3 - E_2
=====

=====
# height = 3 // min E[X] = 2.78571428571 #
=====

=====
# height = 4 // min E[X] = 1.55844155844 #
-----
1 - E_1
2 - E_1
3
3 1 - E_2
3 2 - E_2
3 3
3 3 1 - Re
3 3 2 - E_2
3 3 3
3 3 3 1 - Re
3 3 3 2 - E_1
3 3 3 3 - E_2
=====

=====
# height = 5 // min E[X] = 1.57563025210 #
=====

=====
# height = 6 // min E[X] = 1.50000000000 #
-----
1 - E_1
2 - E_1
3
3 1 - E_2
3 2 - E_2
3 3
3 3 1 - E_1
3 3 2 - E_2
3 3 3
3 3 3 1 - E_2
3 3 3 2 - E_2
3 3 3 3
3 3 3 3 1 - E_1
3 3 3 3 2 - E_1
3 3 3 3 3
3 3 3 3 3 1 - Re
3 3 3 3 3 2 - E_1
3 3 3 3 3 3 - E_2
=====

=====
# height = 7 // min E[X] = 1.50620119430 #
=====

=====
# height = 8 // min E[X] = 1.50068608020 #
=====

`

func TestWriteSheetReproducesPrinterFile(t *testing.T) {
	p, _ := NewProblem(3, []int64{5, 2})
	tab, err := Search(context.Background(), p, 6)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteSheet(&buf, tab, nil, nil); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(buf.String(), "\n")
	want := strings.Split(sheet43, "\n")
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("line %d: got %q, paper %q", i+1, g, w)
		}
	}
}

// A "no case" height is written as such (section 5.2, height 5).
func TestWriteSheetNoCase(t *testing.T) {
	p, _ := NewProblem(2, []int64{3, 4, 5})
	tab, _ := Search(context.Background(), p, 2)
	var buf bytes.Buffer
	if err := WriteSheet(&buf, tab, nil, []string{"A", "B", "C"}); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	for _, want := range []string{"# height = 5 // no case #", "A\t: 25.000%", "B\t: 33.333%", "1 1 - A"} {
		if !strings.Contains(s, want) {
			t.Errorf("sheet lacks %q:\n%s", want, s)
		}
	}
}
