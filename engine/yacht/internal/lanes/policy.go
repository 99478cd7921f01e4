package lanes

import "github.com/alea-bot/alea/engine/yacht"

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

// AddScaledPortable adds p·src to dst entry by entry (a product then a sum,
// never fused: the conversion rounds the product).
func AddScaledPortable(dst, src []float64, p float64) {
	dst = dst[:len(src)]
	for i, x := range src {
		dst[i] += float64(p * x)
	}
}
