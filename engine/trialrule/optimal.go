package trialrule

import (
	"context"
	"errors"
	"math/big"
	"math/bits"
)

// MaxOptimalDepth bounds P+L for which KnuthYao computes the exact E[X] and
// draws the rule; beyond it only P, L and a float estimate are given.
const MaxOptimalDepth = 20_000

// Optimal is the Knuth–Yao rule (Knuth & Yao 1976; /trialrule's optimal
// mode): at depth j there are d_ij leaves E_i, d_ij the j-th base-k digit of
// p_i; the open nodes number o_j = Σ_i frac(k^j·p_i) < n. From depth
// Preperiod on the digits repeat with period Period, so the open nodes at
// depth Preperiod+Period continue, one-to-one and in order, as the open nodes
// at depth Preperiod (with Preperiod 0 that is the root, written Re). Period
// 0 means every p_i has a finite expansion and the rule is finite.
type Optimal struct {
	// Problem is the input.
	Problem Problem
	// Preperiod P and Period L of the base-k expansions of all p_i together.
	Preperiod, Period int
	// Expected is Σ_i Σ_j j·d_ij·k^-j exactly; nil when P+L > MaxOptimalDepth.
	Expected *big.Rat
	// ExpectedApprox is E[X] as a float64 (always set).
	ExpectedApprox float64
	// Rule is the finite printing (depth P+L, or P when finite); nil when
	// P+L > MaxOptimalDepth, the rule has more than MaxRuleNodes nodes or
	// its listing would exceed MaxListingBytes.
	Rule *Rule
}

// KnuthYao builds the optimal rule of p: the least expected number of rolls
// among all rules (Knuth and Yao, 1976). Its error is ctx.Err().
func KnuthYao(ctx context.Context, p Problem) (*Optimal, error) {
	k := uint64(p.K)
	s := uint64(p.sum)
	// S = A·B with every prime of A dividing k and gcd(B, k) = 1. The vector
	// of residues k^j·z_i mod S repeats from P (least j with A | k^j) with
	// period L = ord_B(k).
	a, b := splitCoprime(s, k)
	o := &Optimal{Problem: p}
	for pw, j := uint64(1)%a, 0; ; j++ {
		if pw == 0 {
			o.Preperiod = j
			break
		}
		pw = mulmod(pw, k, a)
	}
	if b > 1 {
		o.Period = int(multiplicativeOrder(k%b, b))
	}
	depth := o.Preperiod + o.Period
	// Open nodes per depth, o_0 = 1 (the root).
	nOpen := func(yield func(j int, open uint64, lay []int) bool) {
		r := make([]uint64, len(p.Weights))
		for i, z := range p.Weights {
			r[i] = uint64(z)
		}
		lay := make([]int, len(r)+1)
		for j := 0; ; j++ {
			var sum uint64
			for _, x := range r {
				sum += x
			}
			if !yield(j, sum/s, lay) {
				return
			}
			for i, x := range r {
				v := x * k
				lay[i+1] = int(v / s)
				r[i] = v % s
			}
		}
	}
	// Float estimate: terms until k^-j is negligible.
	approx, scale := 0.0, 1.0
	nOpen(func(j int, open uint64, _ []int) bool {
		approx += float64(open) * scale
		scale /= float64(k)
		return j < 200 && scale > 1e-30
	})
	o.ExpectedApprox = approx
	if depth > MaxOptimalDepth {
		return o, ctx.Err()
	}
	opens := make([]int64, 0, depth+1)
	lay := make(Layout, 1, depth+1)
	lay[0] = make([]int, len(p.Weights)+1)
	nodes := 1
	var err error
	nOpen(func(j int, open uint64, l []int) bool {
		if j&1023 == 0 {
			if err = ctx.Err(); err != nil {
				return false
			}
		}
		if j > 0 {
			lay = append(lay, append([]int(nil), l...))
			nodes += int(k) * int(opens[j-1])
		}
		opens = append(opens, int64(open))
		return j < depth
	})
	if err != nil {
		return nil, err
	}
	// E[X] = Σ_j Pr(X > j) = Σ_j o_j·k^-j; with W = Σ_{j<P} o_j k^(P−j)
	// and U = Σ_{m<L} o_(P+m) k^(L−m):
	// E = (W·(k^L − 1) + U) / (k^P·(k^L − 1)), or W/k^P when L = 0.
	kb := big.NewInt(int64(k))
	w := polyValue(opens[:o.Preperiod], kb)
	w.Mul(w, kb)
	den := p.pow(o.Preperiod)
	if o.Period > 0 {
		u := polyValue(opens[o.Preperiod:depth], kb)
		u.Mul(u, kb)
		kl1 := p.pow(o.Period)
		kl1.Sub(kl1, big.NewInt(1))
		w.Mul(w, kl1)
		w.Add(w, u)
		den.Mul(den, kl1)
	}
	o.Expected = new(big.Rat).SetFrac(w, den)
	o.ExpectedApprox, _ = o.Expected.Float64()
	if nodes <= MaxRuleNodes {
		jump := o.Preperiod
		if o.Period == 0 {
			jump = -1
		}
		o.Rule, err = buildRule(p.K, p.Events(), lay, jump)
		if errors.Is(err, ErrTooLarge) {
			o.Rule, err = nil, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return o, ctx.Err()
}

// polyValue is Σ c_i·x^(len−1−i), by splitting in halves so that the big
// multiplications stay balanced.
func polyValue(c []int64, x *big.Int) *big.Int {
	if len(c) <= 32 {
		v := new(big.Int)
		for _, ci := range c {
			v.Mul(v, x)
			v.Add(v, big.NewInt(ci))
		}
		return v
	}
	m := len(c) / 2
	hi := polyValue(c[:m], x)
	lo := polyValue(c[m:], x)
	hi.Mul(hi, new(big.Int).Exp(x, big.NewInt(int64(len(c)-m)), nil))
	return hi.Add(hi, lo)
}

// splitCoprime writes s = a·b with every prime of a dividing k and
// gcd(b, k) = 1.
func splitCoprime(s, k uint64) (a, b uint64) {
	a, b = 1, s
	for g := gcdU(b, k); g > 1; g = gcdU(b, k) {
		for b%g == 0 {
			b /= g
			a *= g
		}
	}
	return a, b
}

func gcdU(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// mulmod is x·y mod m without overflow.
func mulmod(x, y, m uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	_, r := bits.Div64(hi%m, lo, m)
	return r
}

func powmod(x, e, m uint64) uint64 {
	r := uint64(1) % m
	for x %= m; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulmod(r, x, m)
		}
		x = mulmod(x, x, m)
	}
	return r
}

// primeFactors lists the distinct primes of n (trial division; n ≤ 10^12).
func primeFactors(n uint64) []uint64 {
	var ps []uint64
	for q := uint64(2); q*q <= n; q++ {
		if n%q == 0 {
			ps = append(ps, q)
			for n%q == 0 {
				n /= q
			}
		}
	}
	if n > 1 {
		ps = append(ps, n)
	}
	return ps
}

// multiplicativeOrder is the least L ≥ 1 with x^L ≡ 1 (mod m), gcd(x, m) = 1.
func multiplicativeOrder(x, m uint64) uint64 {
	phi := m
	for _, q := range primeFactors(m) {
		phi = phi / q * (q - 1)
	}
	ord := phi
	for _, q := range primeFactors(phi) {
		for ord%q == 0 && powmod(x, ord/q, m) == 1 {
			ord /= q
		}
	}
	return ord
}

// Saving is how many rolls the optimal rule saves on average against a
// paper rule with expected e (e − E_opt), as an exact fraction when both are
// exact, else nil; the float is always set.
func (o *Optimal) Saving(e *big.Rat) (*big.Rat, float64) {
	ef, _ := e.Float64()
	if o.Expected == nil {
		return nil, ef - o.ExpectedApprox
	}
	d := new(big.Rat).Sub(e, o.Expected)
	f, _ := d.Float64()
	return d, f
}
