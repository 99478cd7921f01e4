package trialrule

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/alea-bot/alea/internal/race"
)

// solveChain walks a rule as a Markov chain (states: the internal nodes;
// Re goes to the root, a back-edge to its target) and solves it exactly:
// the probability of ending in each event and the expected number of rolls.
// It knows nothing of digits or layouts: it only reads the tree.
func solveChain(t *testing.T, r *Rule) ([]*big.Rat, *big.Rat) {
	t.Helper()
	idx := map[int]int{}
	var internal []int
	for i, nd := range r.Nodes {
		if nd.Kind == Internal {
			idx[i] = len(internal)
			internal = append(internal, i)
		}
	}
	m := len(internal)
	cols := r.Events + 1 // event probabilities, then expected rolls
	// a·x = rhs, a is m×m, rhs is m×cols.
	a := make([][]*big.Rat, m)
	rhs := make([][]*big.Rat, m)
	inv := big.NewRat(1, int64(r.K))
	for row, v := range internal {
		a[row] = make([]*big.Rat, m)
		rhs[row] = make([]*big.Rat, cols)
		for j := range a[row] {
			a[row][j] = new(big.Rat)
		}
		for j := range rhs[row] {
			rhs[row][j] = new(big.Rat)
		}
		a[row][row].SetInt64(1)
		rhs[row][r.Events].SetInt64(1)
		nd := r.Nodes[v]
		if len(nd.Children) != r.K {
			t.Fatalf("internal node %d has %d children", v, len(nd.Children))
		}
		for f, c := range nd.Children {
			ch := r.Nodes[c]
			if ch.Face != f+1 || ch.Parent != v || ch.Depth != nd.Depth+1 {
				t.Fatalf("node %d: bad child %d %+v", v, c, ch)
			}
			next := -1
			switch ch.Kind {
			case Internal:
				next = c
			case Restart:
				next = 0
			case Jump:
				next = ch.Target
				if r.Nodes[next].Kind != Internal {
					t.Fatalf("back-edge to a leaf")
				}
			case Event:
				rhs[row][ch.Event].Add(rhs[row][ch.Event], inv)
			}
			if next >= 0 {
				col := idx[next]
				a[row][col].Sub(a[row][col], inv)
			}
		}
	}
	// Gauss–Jordan elimination.
	for col := 0; col < m; col++ {
		piv := -1
		for row := col; row < m; row++ {
			if a[row][col].Sign() != 0 {
				piv = row
				break
			}
		}
		if piv < 0 {
			t.Fatalf("singular chain (a state never stops)")
		}
		a[col], a[piv] = a[piv], a[col]
		rhs[col], rhs[piv] = rhs[piv], rhs[col]
		p := new(big.Rat).Inv(a[col][col])
		for j := col; j < m; j++ {
			a[col][j].Mul(a[col][j], p)
		}
		for j := range rhs[col] {
			rhs[col][j].Mul(rhs[col][j], p)
		}
		for row := 0; row < m; row++ {
			if row == col || a[row][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(a[row][col])
			tmp := new(big.Rat)
			for j := col; j < m; j++ {
				a[row][j].Sub(a[row][j], tmp.Mul(f, a[col][j]))
			}
			for j := range rhs[row] {
				rhs[row][j].Sub(rhs[row][j], tmp.Mul(f, rhs[col][j]))
			}
		}
	}
	root := idx[0]
	return rhs[root][:r.Events], rhs[root][r.Events]
}

func randomProblem(rng *rand.Rand, maxK, maxN, maxW int) Problem {
	for {
		k := 2 + rng.IntN(maxK-1)
		n := 2 + rng.IntN(maxN-1)
		w := make([]int64, n)
		for i := range w {
			w[i] = 1 + rng.Int64N(int64(maxW))
		}
		p, err := NewProblem(k, w)
		if err == nil {
			return p
		}
	}
}

// The fast search equals plain enumeration, height by height.
func TestSearchMatchesEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := 300
	if testing.Short() || race.Enabled {
		cases = 60
	}
	ctx := context.Background()
	for range cases {
		p := randomProblem(rng, 7, 4, 15)
		for h := p.MinHeight(); ; h++ {
			lo, hi := p.multiplierRange(h)
			if new(big.Int).Sub(hi, lo).Cmp(big.NewInt(3000)) > 0 {
				break
			}
			want, err := EnumerateHeight(ctx, p, h, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := SearchHeight(ctx, p, h)
			if err != nil {
				t.Fatal(err)
			}
			if got.Case != want.Case || (got.Case && (got.C.Cmp(want.C) != 0 || got.Expected.Cmp(want.Expected) != 0)) {
				t.Fatalf("k=%d z=%v h=%d: search c=%v E=%v, enumeration c=%v E=%v",
					p.K, p.Weights, h, got.C, got.Expected, want.C, want.Expected)
			}
		}
	}
}

// The math/big digit programme agrees with the 128-bit one.
func TestBigArithmeticMatches128(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	for range 40 {
		p := randomProblem(rng, 9, 5, 40)
		for h := p.MinHeight(); h < p.MinHeight()+6; h++ {
			lo, hi := p.multiplierRange(h)
			if lo.Cmp(hi) > 0 {
				continue
			}
			lambda, err := p.ExpectedAt(hi, h)
			if err != nil {
				t.Fatal(err)
			}
			a, b := lambda.Num(), lambda.Denom()
			w1 := newWeights[u128](p, h, a, b, u128FromBig)
			w2 := newWeights[bigNum](p, h, a, b, bigFromBig)
			v1, c1, err1 := digitProgramme(ctx, p, h, w1)
			v2, c2, err2 := digitProgramme(ctx, p, h, w2)
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("errors differ: %v %v", err1, err2)
			}
			if err1 != nil {
				continue
			}
			if v1.big().Cmp(v2.v) != 0 || c1.big().Cmp(c2.v) != 0 {
				t.Fatalf("k=%d z=%v h=%d: 128-bit %s,%s big %s,%s", p.K, p.Weights, h, v1.big(), c1.big(), v2.v, c2.v)
			}
		}
	}
}

// Every paper rule, walked as a chain, gives the wanted probabilities and
// the E[X] of Theorem 4.
func TestPaperRuleChain(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	solved := 0
	for range 60 {
		p := randomProblem(rng, 6, 4, 12)
		h := p.MinHeight() + rng.IntN(3)
		lo, hi := p.multiplierRange(h)
		if lo.Cmp(hi) > 0 {
			continue
		}
		c := new(big.Int).Add(lo, big.NewInt(rng.Int64N(new(big.Int).Sub(hi, lo).Int64()+1)))
		r, err := p.PaperRule(c, h)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Nodes) > 150 {
			continue
		}
		probs, ex := solveChain(t, r)
		want, _ := p.ExpectedAt(c, h)
		if ex.Cmp(want) != 0 {
			t.Fatalf("k=%d z=%v c=%s h=%d: chain E=%s, Theorem 4 %s", p.K, p.Weights, c, h, ex, want)
		}
		for i, q := range p.Probabilities() {
			if probs[i].Cmp(q) != 0 {
				t.Fatalf("k=%d z=%v c=%s: Pr(E_%d)=%s want %s", p.K, p.Weights, c, i+1, probs[i], q)
			}
		}
		solved++
	}
	if solved < 30 {
		t.Fatalf("only %d chains solved", solved)
	}
}

// kyByDigits is the Knuth–Yao formula Σ_i Σ_j j·d_ij·k^-j, from the digits of
// the p_i, with the pre-period and period found by watching the remainders
// repeat (no number theory), and the tail summed as a series.
func kyByDigits(p Problem) (*big.Rat, int, int) {
	k := int64(p.K)
	s := p.Sum()
	r := append([]int64(nil), p.Weights...)
	seen := map[string]int{}
	var digitSums []int64 // digitSums[j-1] = Σ_i d_ij
	for j := 0; ; j++ {
		key := fmt.Sprint(r)
		if first, ok := seen[key]; ok {
			P, L := first, j-first
			allZero := true
			for _, x := range r {
				allZero = allZero && x == 0
			}
			kr := big.NewRat(k, 1)
			e := new(big.Rat)
			pow := big.NewRat(1, 1) // k^-j
			for jj := 1; jj <= P; jj++ {
				pow.Quo(pow, kr)
				e.Add(e, new(big.Rat).Mul(pow, big.NewRat(int64(jj)*digitSums[jj-1], 1)))
			}
			if allZero {
				return e, P, 0
			}
			x := new(big.Rat).Inv(new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(k), big.NewInt(int64(L)), nil)))
			one := big.NewRat(1, 1)
			omx := new(big.Rat).Sub(one, x)
			g1 := new(big.Rat).Inv(omx)                           // Σ x^q
			g2 := new(big.Rat).Quo(x, new(big.Rat).Mul(omx, omx)) // Σ q x^q
			for m := 1; m <= L; m++ {
				pow.Quo(pow, kr)
				d := big.NewRat(digitSums[P+m-1], 1)
				term := new(big.Rat).Mul(big.NewRat(int64(P+m), 1), g1)
				term.Add(term, new(big.Rat).Mul(big.NewRat(int64(L), 1), g2))
				term.Mul(term, d)
				e.Add(e, term.Mul(term, pow))
			}
			return e, P, L
		}
		seen[key] = j
		var ds int64
		for i := range r {
			v := r[i] * k
			ds += v / s
			r[i] = v % s
		}
		digitSums = append(digitSums, ds)
	}
}

// The Knuth–Yao rule: its E[X] is the Knuth–Yao digit formula, its printed
// listing walked as a chain gives exactly the probabilities and that E[X],
// it is never worse than the paper's best at any height, and never below
// the Shannon bound.
func TestKnuthYaoProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	ctx := context.Background()
	cases := 150
	if testing.Short() || race.Enabled {
		cases = 40
	}
	solved := 0
	for range cases {
		p := randomProblem(rng, 7, 4, 20)
		o, err := KnuthYao(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		want, P, L := kyByDigits(p)
		if o.Expected.Cmp(want) != 0 || o.Preperiod != P || o.Period != L {
			t.Fatalf("k=%d z=%v: E=%s P=%d L=%d; digits give E=%s P=%d L=%d", p.K, p.Weights, o.Expected, o.Preperiod, o.Period, want, P, L)
		}
		if bound := p.EntropyBound(); o.ExpectedApprox < bound-1e-12 {
			t.Fatalf("k=%d z=%v: E=%v below the Shannon bound %v", p.K, p.Weights, o.ExpectedApprox, bound)
		}
		tab, err := Search(ctx, p, 4)
		if err != nil || tab.CutShort {
			t.Fatal(err, tab.CutShortReason)
		}
		for _, h := range tab.Heights {
			if h.Case && o.Expected.Cmp(h.Expected) > 0 {
				t.Fatalf("k=%d z=%v: optimal %s worse than height %d's %s", p.K, p.Weights, o.Expected, h.Height, h.Expected)
			}
		}
		if o.Rule == nil || len(o.Rule.Nodes) > 200 {
			continue
		}
		probs, ex := solveChain(t, o.Rule)
		if ex.Cmp(o.Expected) != 0 {
			t.Fatalf("k=%d z=%v: chain E=%s, stated %s\n%v", p.K, p.Weights, ex, o.Expected, o.Rule.Lines(nil))
		}
		for i, q := range p.Probabilities() {
			if probs[i].Cmp(q) != 0 {
				t.Fatalf("k=%d z=%v: chain Pr(E_%d)=%s want %s", p.K, p.Weights, i+1, probs[i], q)
			}
		}
		solved++
	}
	if solved < cases/3 {
		t.Fatalf("only %d of %d chains solved", solved, cases)
	}
}

// Optimal values worked by hand from the base-k digits of the probabilities
// (the Knuth–Yao formula); e.g. a coin and 1:2:3, p = 0.0010101…,
// 0.0101…, 0.1 in binary: E[X] = 11/18 + 8/9 + 1/2 = 2.
func TestKnuthYaoWorkedValues(t *testing.T) {
	for _, tc := range []struct {
		k    int
		w    []int64
		want *big.Rat
		P, L int
	}{
		{2, []int64{1, 2, 3}, big.NewRat(2, 1), 1, 2},
		{2, []int64{3, 4, 5}, big.NewRat(5, 2), 2, 2},
		{6, []int64{1, 4, 15}, big.NewRat(6, 5), 2, 1},
		{3, []int64{5, 2}, big.NewRat(3, 2), 0, 6},
		{2, []int64{1, 3}, big.NewRat(3, 2), 2, 0},
	} {
		p, _ := NewProblem(tc.k, tc.w)
		o, err := KnuthYao(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if o.Expected.Cmp(tc.want) != 0 || o.Preperiod != tc.P || o.Period != tc.L {
			t.Errorf("k=%d %v: E=%s P=%d L=%d, want %s %d %d", tc.k, tc.w, o.Expected, o.Preperiod, o.Period, tc.want, tc.P, tc.L)
		}
	}
	p, _ := NewProblem(3, []int64{5, 2})
	if got := p.EntropyBound(); got != 0.5445684476282008 {
		t.Errorf("entropy bound %v, want H(5/7, 2/7)/log2 3 = 0.5445684476282008", got)
	}
}

// A long period is reported honestly: P and L, a float E, no listing.
func TestKnuthYaoLongPeriod(t *testing.T) {
	p, _ := NewProblem(2, []int64{1, 1000002}) // S = 1000003 is prime
	o, err := KnuthYao(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if o.Period <= MaxOptimalDepth || o.Expected != nil || o.Rule != nil {
		t.Fatalf("P=%d L=%d exact=%v rule=%v", o.Preperiod, o.Period, o.Expected, o.Rule != nil)
	}
	if 1000002%o.Period != 0 || powmod(2, uint64(o.Period), 1000003) != 1 {
		t.Errorf("period %d is not the order of 2 mod 1000003", o.Period)
	}
	if o.ExpectedApprox < p.EntropyBound() || o.ExpectedApprox > p.EntropyBound()+2 {
		t.Errorf("approx E %v outside [H, H+2] = %v", o.ExpectedApprox, p.EntropyBound())
	}
}

// A search without time reports where it stopped.
func TestSearchCutShort(t *testing.T) {
	p, _ := NewProblem(2, []int64{3, 4, 5})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tab, err := Search(ctx, p, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !tab.CutShort || tab.CutShortAt != 4 || !errors.Is(tab.CutShortReason, context.Canceled) || len(tab.Heights) != 0 {
		t.Fatalf("cut short %v at %d (%v), %d heights", tab.CutShort, tab.CutShortAt, tab.CutShortReason, len(tab.Heights))
	}
	if _, err := Search(context.Background(), p, MaxExtraDepth+1); err == nil {
		t.Error("extra depth 41 accepted")
	}
}

// The rule of a large ratio needs too many states: the search stops with
// ErrTooLarge instead of exhausting memory.
func TestSearchTooLarge(t *testing.T) {
	p, err := NewProblem(2, []int64{123456789, 987654321, 55555})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Search(context.Background(), p, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !tab.CutShort || !errors.Is(tab.CutShortReason, ErrTooLarge) {
		t.Fatalf("cut short %v (%v) after %d heights", tab.CutShort, tab.CutShortReason, len(tab.Heights))
	}
}

// Rules too large to list are refused, not built.
func TestRuleTooLarge(t *testing.T) {
	w := make([]int64, 20)
	for i := range w {
		w[i] = int64(i + 1)
	}
	p, _ := NewProblem(100, w)
	h := p.MinHeight() + 30
	_, hi := p.multiplierRange(h)
	if _, err := p.PaperRule(hi, h); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("rule of height %d built: %v", h, err)
	}
	// 1:12498 with a coin: S = 12499, a long period; exact E[X] but the
	// listing would be far over MaxListingBytes.
	q, _ := NewProblem(2, []int64{1, 12498})
	o, err := KnuthYao(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if o.Expected == nil || o.Rule != nil {
		t.Fatalf("P=%d L=%d: exact %v, rule built %v", o.Preperiod, o.Period, o.Expected, o.Rule != nil)
	}
}
