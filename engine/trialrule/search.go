package trialrule

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
)

// MaxExtraDepth is the largest extra depth accepted.
const MaxExtraDepth = 40

// maxStates bounds the states of one level of the digit programme.
const maxStates = 1 << 17

// ErrTooLarge reports that an exact computation would need more memory than
// the engine allows for one request (the digit programme's states, or a
// listing's nodes).
var ErrTooLarge = errors.New("too large to compute exactly")

// HeightResult is one line of the Calculator's summary (sections 4.2, 4.3).
type HeightResult struct {
	// Height is the height of the rules examined.
	Height int
	// Case is false when no multiplier c has this height (the paper's
	// "no case"); then C and Expected are nil.
	Case bool
	// C is the smallest multiplier attaining the least E[X] at this height.
	C *big.Int
	// Expected is that least E[X], exactly.
	Expected *big.Rat
	// Printed reports whether the Printer prints this height's rule: it has
	// a case and every smaller height's E[X] is larger.
	Printed bool
}

// Table is the result of Search: one HeightResult per height from the
// minimum height to minimum + ExtraDepth, in order.
type Table struct {
	// Problem is the input.
	Problem Problem
	// ExtraDepth is the paper's extra depth limit.
	ExtraDepth int
	// Heights holds the completed heights, in increasing order.
	Heights []HeightResult
	// CutShort is true when the search stopped before the last height;
	// CutShortAt is then the height that was being searched and
	// CutShortReason says why (context.DeadlineExceeded, context.Canceled
	// or ErrTooLarge). The heights before CutShortAt are complete and exact.
	CutShort       bool
	CutShortAt     int
	CutShortReason error
}

// Best returns the index in Heights of the least E[X], the smallest height
// attaining it, or -1 when no height has a case.
func (t *Table) Best() int {
	best := -1
	for i, h := range t.Heights {
		if h.Case && (best < 0 || h.Expected.Cmp(t.Heights[best].Expected) < 0) {
			best = i
		}
	}
	return best
}

// Search is the paper's Calculator (section 4.2) made fast: for every height from
// the minimum height to minimum + extraDepth it finds the least E[X] over
// the multipliers c of that height (multiples of k skipped, section 3.5) and the
// smallest c attaining it, exactly, and marks the heights the Printer prints.
//
// Each height is solved by Dinkelbach's iteration on the ratio
// E[X] = N(c)/(c·S): for λ = a/b it maximises b·G(c) + a·S·c with a dynamic
// programme over the base-k digits of c, least significant first, whose
// state is the carries of c·z_i and c·S and the borrow of k^h − c·S; G(c)
// is the digit sum Σ j·d_j·k^j of all the counts, and N = h·k^h − G.
// The number of states is at most 4S+1 per digit (the state depends only on
// where c mod k^j / k^j falls among the fractions m/z_i and m/S).
//
// When ctx ends, or a height needs more than the allowed memory, Search
// returns the heights completed so far with CutShort set; the error is
// non-nil only for an extra depth outside 0..MaxExtraDepth.
func Search(ctx context.Context, p Problem, extraDepth int) (*Table, error) {
	if extraDepth < 0 || extraDepth > MaxExtraDepth {
		return nil, fmt.Errorf("trialrule: extra depth %d out of range 0..%d", extraDepth, MaxExtraDepth)
	}
	t := &Table{Problem: p, ExtraDepth: extraDepth}
	h0 := p.MinHeight()
	var best *big.Rat
	for h := h0; h <= h0+extraDepth; h++ {
		r, err := SearchHeight(ctx, p, h)
		if err != nil {
			t.CutShort, t.CutShortAt, t.CutShortReason = true, h, err
			return t, nil
		}
		if r.Case && (best == nil || r.Expected.Cmp(best) < 0) {
			r.Printed = true
			best = r.Expected
		}
		t.Heights = append(t.Heights, r)
	}
	return t, nil
}

// multiplierRange is the multipliers of height h: k^(h−1) < c·S ≤ k^h.
func (p Problem) multiplierRange(h int) (lo, hi *big.Int) {
	s := big.NewInt(p.sum)
	hi = new(big.Int).Quo(p.pow(h), s)
	lo = big.NewInt(1)
	if h > 0 {
		lo.Quo(p.pow(h-1), s)
		lo.Add(lo, big.NewInt(1))
	}
	return lo, hi
}

// SearchHeight solves one height exactly (see Search). Printed is left
// false. The error is ctx.Err() or ErrTooLarge.
func SearchHeight(ctx context.Context, p Problem, h int) (HeightResult, error) {
	res := HeightResult{Height: h}
	lo, hi := p.multiplierRange(h)
	kb := big.NewInt(int64(p.K))
	if new(big.Int).Rem(lo, kb).Sign() == 0 {
		lo.Add(lo, big.NewInt(1))
	}
	if lo.Cmp(hi) > 0 {
		return res, nil
	}
	// Dinkelbach: λ = E[X] of a feasible c; maximise Φ(c) = b·G(c) + a·S·c;
	// Φ(c) = b·h·k^h exactly when E(c) = λ, and Φ(c) > b·h·k^h when E(c) < λ.
	c := lo
	lambda, err := p.ExpectedAt(c, h)
	if err != nil {
		return res, err
	}
	kh := p.pow(h)
	bound := new(big.Int).Mul(kh, big.NewInt(int64(h)))
	for {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		a, b := lambda.Num(), lambda.Denom()
		phi, cBest, err := maximise(ctx, p, h, a, b, kh)
		if err != nil {
			return res, err
		}
		target := new(big.Int).Mul(b, bound)
		switch phi.Cmp(target) {
		case 0:
			res.Case, res.C, res.Expected = true, cBest, lambda
			return res, nil
		case -1:
			return res, fmt.Errorf("trialrule: internal error: Dinkelbach maximum below the current ratio at height %d", h)
		}
		next, err := p.ExpectedAt(cBest, h)
		if err != nil {
			return res, err
		}
		if next.Cmp(lambda) >= 0 {
			return res, fmt.Errorf("trialrule: internal error: Dinkelbach step did not decrease at height %d", h)
		}
		lambda = next
	}
}

// maximise runs the digit programme for λ = a/b and returns the maximum of
// Φ(c) = b·G(c) + a·S·c over the multipliers of height h and the smallest c
// attaining it. It uses 128-bit arithmetic when every value provably fits
// and math/big otherwise.
func maximise(ctx context.Context, p Problem, h int, a, b, kh *big.Int) (*big.Int, *big.Int, error) {
	// Partial values are at most a·S·k^h (digits of c) plus
	// b·(n+1)·h·k^h (digit sums of the n+1 counts); keep both below 2^126.
	sBits := big.NewInt(p.sum).BitLen()
	hBits := big.NewInt(int64(h)).BitLen()
	if a.BitLen()+sBits+kh.BitLen() <= 126 && b.BitLen()+5+hBits+kh.BitLen() <= 126 {
		w := newWeights[u128](p, h, a, b, u128FromBig)
		phi, c, err := digitProgramme(ctx, p, h, w)
		if err != nil {
			return nil, nil, err
		}
		return phi.big(), c.big(), nil
	}
	w := newWeights[bigNum](p, h, a, b, bigFromBig)
	phi, c, err := digitProgramme(ctx, p, h, w)
	if err != nil {
		return nil, nil, err
	}
	return phi.v, c.v, nil
}

// num is the arithmetic the digit programme needs: x + w·m and comparison.
type num[T any] interface {
	addMul(w T, m uint64) T
	cmp(y T) int
}

// dpWeights are, per digit position j, the weights of the digit sum D_j
// (b·j·k^j), of the digit c_j of c (a·S·k^j) and k^j itself.
type dpWeights[T num[T]] struct {
	wD, wc, kp []T
	zero       T
}

func newWeights[T num[T]](p Problem, h int, a, b *big.Int, conv func(*big.Int) T) dpWeights[T] {
	w := dpWeights[T]{wD: make([]T, h), wc: make([]T, h), kp: make([]T, h), zero: conv(new(big.Int))}
	kj := big.NewInt(1)
	as := new(big.Int).Mul(a, big.NewInt(p.sum))
	t := new(big.Int)
	for j := 0; j < h; j++ {
		t.Mul(b, big.NewInt(int64(j)))
		w.wD[j] = conv(t.Mul(t, kj))
		w.wc[j] = conv(t.Mul(as, kj))
		w.kp[j] = conv(kj)
		kj = new(big.Int).Mul(kj, big.NewInt(int64(p.K)))
	}
	return w
}

// dpState is the key of a state: the carries of c·z_1..c·z_n, of c·S and
// the borrow of −c·S.
type dpState [MaxEvents + 2]uint64

// digitProgramme maximises Φ over the multipliers of height h: c not a
// multiple of k, k^(h−1) < c·S ≤ k^h. Ties go to the smallest c: two
// partial multipliers in the same state have the same completions, so the
// smaller low part always gives the smaller c.
func digitProgramme[T num[T]](ctx context.Context, p Problem, h int, w dpWeights[T]) (T, T, error) {
	n := len(p.Weights)
	k := uint64(p.K)
	s := uint64(p.sum)
	z := make([]uint64, n)
	for i, x := range p.Weights {
		z[i] = uint64(x)
	}
	type entry struct {
		val, c T
	}
	curKeys := []dpState{{}}
	cur := []entry{{w.zero, w.zero}}
	index := map[dpState]int32{}
	var best entry
	found := false
	for j := 0; j < h; j++ {
		if err := ctx.Err(); err != nil {
			return best.val, best.c, err
		}
		last := j == h-1
		clear(index)
		nextKeys := make([]dpState, 0, len(curKeys)*2)
		next := make([]entry, 0, len(curKeys)*2)
		for si, st := range curKeys {
			if si&4095 == 4095 {
				if err := ctx.Err(); err != nil {
					return best.val, best.c, err
				}
			}
			e := cur[si]
			d0 := uint64(0)
			if j == 0 {
				d0 = 1 // c is not a multiple of k
			}
			for d := d0; d < k; d++ {
				var ns dpState
				var dsum uint64
				for i := 0; i < n; i++ {
					v := d*z[i] + st[i]
					dsum += v % k
					ns[i] = v / k
				}
				v := d*s + st[n]
				y := v % k
				ns[n] = v / k
				if t := y + st[n+1]; t > 0 {
					dsum += (k - t) % k
					ns[n+1] = 1
				}
				val := e.val.addMul(w.wD[j], dsum).addMul(w.wc[j], d)
				c := e.c.addMul(w.kp[j], d)
				if last {
					ok := (ns[n] == 0 && y != 0) || (ns[n] == 1 && ns[n+1] == 0)
					if !ok {
						continue
					}
					if !found || val.cmp(best.val) > 0 || (val.cmp(best.val) == 0 && c.cmp(best.c) < 0) {
						best, found = entry{val, c}, true
					}
					continue
				}
				if idx, ok := index[ns]; ok {
					old := &next[idx]
					if r := val.cmp(old.val); r > 0 || (r == 0 && c.cmp(old.c) < 0) {
						old.val, old.c = val, c
					}
					continue
				}
				if len(next) >= maxStates {
					return best.val, best.c, ErrTooLarge
				}
				index[ns] = int32(len(next))
				nextKeys = append(nextKeys, ns)
				next = append(next, entry{val, c})
			}
		}
		curKeys, cur = nextKeys, next
	}
	if !found {
		return best.val, best.c, fmt.Errorf("trialrule: internal error: no multiplier at height %d", h)
	}
	return best.val, best.c, nil
}

// u128 is an unsigned 128-bit integer.
type u128 struct{ hi, lo uint64 }

func (x u128) addMul(w u128, m uint64) u128 {
	hi, lo := bits.Mul64(w.lo, m)
	hi += w.hi * m
	lo, carry := bits.Add64(x.lo, lo, 0)
	hi, _ = bits.Add64(x.hi, hi, carry)
	return u128{hi, lo}
}

func (x u128) cmp(y u128) int {
	switch {
	case x.hi != y.hi:
		if x.hi < y.hi {
			return -1
		}
		return 1
	case x.lo != y.lo:
		if x.lo < y.lo {
			return -1
		}
		return 1
	}
	return 0
}

func (x u128) big() *big.Int {
	v := new(big.Int).SetUint64(x.hi)
	v.Lsh(v, 64)
	return v.Or(v, new(big.Int).SetUint64(x.lo))
}

func u128FromBig(v *big.Int) u128 {
	lo := new(big.Int).And(v, new(big.Int).SetUint64(^uint64(0))).Uint64()
	hi := new(big.Int).Rsh(v, 64).Uint64()
	return u128{hi, lo}
}

// bigNum is an immutable arbitrary-precision value for the digit programme.
type bigNum struct{ v *big.Int }

func (x bigNum) addMul(w bigNum, m uint64) bigNum {
	if m == 0 {
		return x
	}
	t := new(big.Int).SetUint64(m)
	t.Mul(t, w.v)
	return bigNum{t.Add(t, x.v)}
}

func (x bigNum) cmp(y bigNum) int { return x.v.Cmp(y.v) }

func bigFromBig(v *big.Int) bigNum { return bigNum{new(big.Int).Set(v)} }

// EnumerateHeight is the paper's Calculator for one height by plain
// enumeration: it evaluates E[X] for every multiplier c of height h (not a
// multiple of k) in increasing order, calling visit for each when visit is
// not nil, and returns the least E[X] and the smallest c attaining it.
// It is the reference the fast Search is tested against.
func EnumerateHeight(ctx context.Context, p Problem, h int, visit func(c *big.Int, e *big.Rat)) (HeightResult, error) {
	res := HeightResult{Height: h}
	lo, hi := p.multiplierRange(h)
	kb := big.NewInt(int64(p.K))
	one := big.NewInt(1)
	m := new(big.Int)
	for c := lo; c.Cmp(hi) <= 0; c = new(big.Int).Add(c, one) {
		if m.Rem(c, kb).Sign() == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		e, err := p.ExpectedAt(c, h)
		if err != nil {
			return res, err
		}
		if visit != nil {
			visit(c, e)
		}
		if !res.Case || e.Cmp(res.Expected) < 0 {
			res.Case, res.C, res.Expected = true, c, e
		}
	}
	return res, nil
}
