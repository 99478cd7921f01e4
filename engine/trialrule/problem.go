package trialrule

import (
	"fmt"
	"math"
	"math/big"
)

// MaxDie is the largest number of faces a die may have.
const MaxDie = 100

// Problem is the input of the paper's programs: a die with K equally likely
// faces and the ratio z_1:…:z_n of the wanted probabilities as coprime
// positive integers (section 3.5: every admissible ratio is c·z for c = 1, 2, …).
type Problem struct {
	// K is the number of faces of the die (2 for a coin, 6 for a d6).
	K int
	// Weights are the reduced ratio z_1..z_n (gcd 1, all positive).
	Weights []int64
	sum     int64
}

// NewProblem checks the die and the weights, reduces the weights by their
// gcd and returns the problem. Errors: ErrDie, or a *WeightsError.
func NewProblem(k int, weights []int64) (Problem, error) {
	if k < 2 || k > MaxDie {
		return Problem{}, fmt.Errorf("%w: %d faces (allowed 2 to %d)", ErrDie, k, MaxDie)
	}
	if len(weights) > MaxEvents {
		return Problem{}, &WeightsError{Err: ErrTooManyEvents, Count: len(weights)}
	}
	if len(weights) < MinEvents {
		return Problem{}, &WeightsError{Err: ErrTooFewEvents, Count: len(weights)}
	}
	var g int64
	for i, w := range weights {
		switch {
		case w == 0:
			return Problem{}, &WeightsError{Err: ErrZero, Index: i + 1, Token: "0"}
		case w < 0:
			return Problem{}, &WeightsError{Err: ErrNegative, Index: i + 1, Token: fmt.Sprint(w)}
		}
		g = gcd64(g, w)
	}
	z := make([]int64, len(weights))
	var sum int64
	for i, w := range weights {
		z[i] = w / g
		if z[i] > MaxSum || sum > MaxSum-z[i] {
			return Problem{}, &WeightsError{Err: ErrTooFine, Sum: sumBig(weights, g)}
		}
		sum += z[i]
	}
	return Problem{K: k, Weights: z, sum: sum}, nil
}

func sumBig(w []int64, g int64) *big.Int {
	s := new(big.Int)
	for _, x := range w {
		s.Add(s, big.NewInt(x/g))
	}
	return s
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Sum is S = z_1 + … + z_n.
func (p Problem) Sum() int64 { return p.sum }

// Events is n, the number of events.
func (p Problem) Events() int { return len(p.Weights) }

// Probabilities are p_i = z_i / S as exact fractions.
func (p Problem) Probabilities() []*big.Rat {
	out := make([]*big.Rat, len(p.Weights))
	for i, z := range p.Weights {
		out[i] = big.NewRat(z, p.sum)
	}
	return out
}

// MinHeight is the least h with k^h ≥ S, the height of multiplier c = 1
// and the first height the Calculator examines.
func (p Problem) MinHeight() int {
	return p.HeightOf(big.NewInt(1))
}

// HeightOf is the height of multiplier c: the least h with k^h ≥ c·S
// (Corollary 7.1: only the least height need be examined).
func (p Problem) HeightOf(c *big.Int) int {
	cs := new(big.Int).Mul(c, big.NewInt(p.sum))
	kp := big.NewInt(1)
	kb := big.NewInt(int64(p.K))
	h := 0
	for kp.Cmp(cs) < 0 {
		kp.Mul(kp, kb)
		h++
	}
	return h
}

// pow returns k^e.
func (p Problem) pow(e int) *big.Int {
	return new(big.Int).Exp(big.NewInt(int64(p.K)), big.NewInt(int64(e)), nil)
}

// counts returns the leaf counts of the full rule of multiplier c and height
// h (Theorem 2): c·z_1, …, c·z_n and R = k^h − c·S, with R first.
func (p Problem) counts(c *big.Int, h int) ([]*big.Int, error) {
	if c.Sign() <= 0 {
		return nil, fmt.Errorf("trialrule: multiplier %s is not positive", c)
	}
	out := make([]*big.Int, len(p.Weights)+1)
	cs := new(big.Int).Mul(c, big.NewInt(p.sum))
	r := p.pow(h)
	r.Sub(r, cs)
	if r.Sign() < 0 {
		return nil, fmt.Errorf("trialrule: %d^%d < %s·%d: height %d too small for c = %s", p.K, h, c, p.sum, h, c)
	}
	out[0] = r
	for i, z := range p.Weights {
		out[i+1] = new(big.Int).Mul(c, big.NewInt(z))
	}
	return out, nil
}

// Layout is the rule after full node merging (section 3.6): Layout[d][0] is the
// number of Re leaves at depth d and Layout[d][i] the number of E_i leaves
// (d = 1..height; Layout[0] is all zero).
type Layout [][]int

// Layout writes the leaf counts of multiplier c at height h in base k
// (section 3.6, Table 6): digit j of a count is the number of its leaves at depth
// h−j once every k equal siblings have been merged.
func (p Problem) Layout(c *big.Int, h int) (Layout, error) {
	cnt, err := p.counts(c, h)
	if err != nil {
		return nil, err
	}
	lay := make(Layout, h+1)
	for d := range lay {
		lay[d] = make([]int, len(cnt))
	}
	kb := big.NewInt(int64(p.K))
	q, m := new(big.Int), new(big.Int)
	for kind, x := range cnt {
		v := new(big.Int).Set(x)
		for j := 0; v.Sign() > 0; j++ {
			q.QuoRem(v, kb, m)
			if j >= h {
				return nil, fmt.Errorf("trialrule: count %s does not fit height %d", x, h)
			}
			lay[h-j][kind] = int(m.Int64())
			v.Set(q)
		}
	}
	return lay, nil
}

// ExpectedAt is Theorem 4 for the merged rule of multiplier c at height h:
// E[X] = Σ_leaves k^-d·d / Σ_non-Re-leaves k^-d, computed from the base-k
// digits of the counts (section 3.6). It fails when k^h < c·S.
func (p Problem) ExpectedAt(c *big.Int, h int) (*big.Rat, error) {
	lay, err := p.Layout(c, h)
	if err != nil {
		return nil, err
	}
	// Multiply numerator and denominator by k^h: a leaf at depth d weighs
	// k^(h−d); the non-Re leaves weigh c·S in total.
	num := new(big.Int)
	w := big.NewInt(1)
	kb := big.NewInt(int64(p.K))
	t := new(big.Int)
	for d := h; d >= 1; d-- {
		leaves := 0
		for _, n := range lay[d] {
			leaves += n
		}
		t.SetInt64(int64(leaves * d))
		t.Mul(t, w)
		num.Add(num, t)
		w.Mul(w, kb)
	}
	den := new(big.Int).Mul(c, big.NewInt(p.sum))
	return new(big.Rat).SetFrac(num, den), nil
}

// Expected is ExpectedAt at the height of c (the least one, Corollary 7.1).
func (p Problem) Expected(c *big.Int) (*big.Rat, error) {
	return p.ExpectedAt(c, p.HeightOf(c))
}

// EntropyBound is the Shannon lower bound H(p)/log2(k) on the expected
// number of rolls of any rule realising the probabilities.
func (p Problem) EntropyBound() float64 {
	// Computed as −Σ p_i ln p_i / ln k, the same quantity.
	h := 0.0
	s := float64(p.sum)
	for _, z := range p.Weights {
		q := float64(z) / s
		h -= q * math.Log(q)
	}
	return h / math.Log(float64(p.K))
}

// FormatExpected writes an expected number of rolls as the paper prints it:
// a decimal with 11 places (rounded half away from zero).
func FormatExpected(e *big.Rat) string {
	return e.FloatString(11)
}
