package lanes

import (
	"fmt"

	"github.com/alea-bot/alea/engine/yacht"
)

// The turn policy's kernels (the exact final-score distribution works out
// the decisions of up to Width states at once): each lane performs the
// floating-point operations of the one-state policy in the same order, so
// the decisions and probabilities are the same bits. tol is the tie
// tolerance between expected scores.

// AverageOneDiePortable is AverageOneDie computed lane by lane: for every
// keep of fewer than five dice, the mean over one more die.
func AverageOneDiePortable(kv *[yacht.NumKeeps]Row) {
	for k := firstPattern - 1; k >= 0; k-- {
		c := &space.Child[k]
		a0, a1, a2, a3, a4, a5 := &kv[c[0]], &kv[c[1]], &kv[c[2]], &kv[c[3]], &kv[c[4]], &kv[c[5]]
		d := &kv[k]
		for l := range d {
			d[l] = (a0[l] + a1[l] + a2[l] + a3[l] + a4[l] + a5[l]) / 6
		}
	}
}

// PushOneDiePortable is PushOneDie computed lane by lane (adding zero changes
// nothing, so the lanes need not skip empty keeps).
func PushOneDiePortable(m *[yacht.NumKeeps]Row) {
	for k := 0; k < firstPattern; k++ {
		var x Row
		for l := range x {
			x[l] = m[k][l] / 6
		}
		m[k] = Row{}
		for _, c := range space.Child[k] {
			d := &m[c]
			for l := range d {
				d[l] += x[l]
			}
		}
	}
}

// ChooseKeepsPortable is ChooseKeeps computed lane by lane: kv holds the keep
// values (and is overwritten), now the values of scoring now; choice and
// best receive each lane's keep and value.
func ChooseKeepsPortable(kv, top, rank *[yacht.NumKeeps]Row, now *[yacht.NumPatterns]Row, choice *[yacht.NumPatterns][Width]int32, best *[yacht.NumPatterns]Row, tol float64) {
	for k := 0; k < yacht.NumKeeps; k++ {
		av, t := kv[k], kv[k]
		var ra Row
		for l := range ra {
			ra[l] = float64(k)
		}
		subs := &space.Sub[k]
		for _, j := range subs.List[:subs.N] {
			tj, bv, rb := &top[j], &kv[j], &rank[j]
			for l := range t {
				if tj[l] > t[l] {
					t[l] = tj[l]
				}
				if bv[l] > av[l]+tol || (bv[l] >= av[l]-tol && rb[l] < ra[l]) {
					av[l], ra[l] = bv[l], rb[l]
				}
			}
		}
		kv[k], top[k], rank[k] = av, t, ra
	}
	finishKeepsPortable(top, rank, now, choice, best, tol)
}

// finishKeepsPortable compares, for every pattern, keeping (top, rank)
// with scoring now, as ChooseKeeps does.
func finishKeepsPortable(top, rank *[yacht.NumKeeps]Row, now *[yacht.NumPatterns]Row, choice *[yacht.NumPatterns][Width]int32, best *[yacht.NumPatterns]Row, tol float64) {
	for w := 0; w < yacht.NumPatterns; w++ {
		tw, nw, rw := &top[firstPattern+w], &now[w], &rank[firstPattern+w]
		for l := range tw {
			t := max(nw[l], tw[l])
			best[w][l] = t
			if nw[l] >= t-tol {
				choice[w][l] = -1
				continue
			}
			choice[w][l] = int32(rw[l])
		}
	}
}

// EndingTables are a rule set's tables for SumEndings, by category: the
// first entry (in rows of Width lanes) of its table of endings, and -1
// for a Yacht box (0 otherwise). Slots is how many rows the table holds.
type EndingTables struct {
	Base  [MaxCategories]int64
	Yacht [MaxCategories]int64
	Slots int
}

// SumEndingsPortable adds, pattern after pattern, each lane's probability
// of ending on it (p[w][l], for the lanes l < n whose p is not 0) to the
// entry of that ending, sum[(Base[c]+gain[w][l])*Width + l] with c =
// cat[w][l], and to yachts[l] when c is a Yacht box scored with points
// (pts[w][l] > 0); fresh[w] gets a bit for each lane whose entry was 0
// before (its first pattern ending there, since probabilities are
// positive). Entries differ by lane (their index mod Width), so the lanes
// of one pattern add into distinct entries. It panics when a category is
// MaxCategories or more or an entry falls outside sum.
func SumEndingsPortable(p *[yacht.NumPatterns]Row, cat *[yacht.NumPatterns][Width]uint8, gain, pts *[yacht.NumPatterns][Width]int16, t *EndingTables, n int, sum []float64, yachts *Row, fresh *[yacht.NumPatterns]uint8) {
	checkEndings(t, n, sum)
	for w := range p {
		var f uint8
		for l := 0; l < n; l++ {
			pr := p[w][l]
			if pr == 0 {
				continue
			}
			c := cat[w][l]
			if t.Yacht[c] != 0 && pts[w][l] > 0 {
				yachts[l] += pr
			}
			s := &sum[(int(t.Base[c])+int(gain[w][l]))*Width+l]
			if *s == 0 {
				f |= 1 << l
			}
			*s += pr
		}
		fresh[w] = f
	}
}

// checkEndings panics unless n lanes fit a Row and sum holds t's rows.
func checkEndings(t *EndingTables, n int, sum []float64) {
	if n < 0 || n > Width || len(sum) < t.Slots*Width {
		panic(fmt.Sprintf("lanes: SumEndings of %d lanes into %d entries, %d rows of endings", n, len(sum), t.Slots))
	}
}

// AddRowsPortable sets dst[i] = a[i] + b[i], lane by lane, for every row
// of dst (a and b at least as long).
func AddRowsPortable(dst, a, b []Row) {
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		for l := range dst[i] {
			dst[i][l] = a[i][l] + b[i][l]
		}
	}
}

// FillRowsPortable sets every row of dst to v.
func FillRowsPortable(dst []Row, v *Row) {
	row := *v // as the kernels load it, once, should v be a row of dst
	for i := range dst {
		dst[i] = row
	}
}

// AddToRowsPortable sets dst[i] = xs[i] + a, lane by lane, for every i <
// len(xs) (dst at least as long).
func AddToRowsPortable(dst []Row, a *Row, xs []float64) {
	dst = dst[:len(xs)]
	row := *a // as the kernels load it, once, should a be a row of dst
	for i, x := range xs {
		for l := range dst[i] {
			dst[i][l] = x + row[l]
		}
	}
}

// PushChoicesPortable adds, for each pattern w and lane l, lane l of p[w]
// into lane l of the row of mass that the lane's choice[w] names: keep k
// for k ≥ 0, yacht.NumKeeps+w (scoring w now) for a negative choice; the
// patterns in order, so each row's lane takes its terms in that order. It
// panics on a choice of no row of mass.
func PushChoicesPortable(mass []Row, choice *[yacht.NumPatterns][Width]int32, p *[yacht.NumPatterns]Row) {
	for w := range choice {
		for l, k := range choice[w] {
			i := int(k)
			if k < 0 {
				i = yacht.NumKeeps + w
			}
			mass[i][l] += p[w][l]
		}
	}
}

// AddShiftedPortable adds to each entry j of dst, term by term in the
// order of ps, ps[i] times src[offs[i]+j] (a product then a sum, never
// fused: the conversion rounds the product): the terms of one entry are
// summed in order on top of it, so a run of shifted copies of one vector
// added into one window gives the bits of adding each copy in turn. dst
// and src must not overlap (the assembly kernels read several entries of
// src before writing dst). It panics if a term reaches outside src or offs
// and ps differ in length.
func AddShiftedPortable(dst, src []float64, offs []int32, ps []float64) {
	checkShifted(len(dst), len(src), offs, ps)
	for j := range dst {
		acc := dst[j]
		for i, o := range offs {
			acc += float64(ps[i] * src[int(o)+j])
		}
		dst[j] = acc
	}
}

// checkShifted panics unless every term of AddShifted reads inside src.
func checkShifted(n, nsrc int, offs []int32, ps []float64) {
	if len(offs) != len(ps) {
		panic(fmt.Sprintf("lanes: AddShifted: %d offsets for %d factors", len(offs), len(ps)))
	}
	for _, o := range offs {
		if o < 0 || int(o)+n > nsrc {
			panic(fmt.Sprintf("lanes: AddShifted: %d entries from offset %d of %d", n, o, nsrc))
		}
	}
}
