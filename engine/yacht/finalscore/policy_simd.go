//go:build goexperiment.simd && amd64

package finalscore

import (
	"simd/archsimd"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
)

// Built with GOEXPERIMENT=simd on amd64, the policy's batch kernels use
// AVX-512 when the processor has it (one lanes row is one 8-wide register),
// else the portable kernels. They perform each lane's operations in the
// order of the portable kernels (maxima of non-negative values, compares
// and selects are exact), so they give the same bits;
// TestTurnBatchKernelsEqualPortable checks it.

func averageOneDieLanes(kv *[yacht.NumKeeps]lanes.Row) {
	if archsimd.X86.AVX512() {
		averageOneDieAVX512(kv)
		return
	}
	averageOneDieLanesPortable(kv)
}

func pushOneDieLanes(m *[yacht.NumKeeps]lanes.Row) {
	if archsimd.X86.AVX512() {
		pushOneDieAVX512(m)
		return
	}
	pushOneDieLanesPortable(m)
}

func scoreRows(p *turnPolicy, b *turnBatch, open *[maxCategories]openCat, no int) {
	if archsimd.X86.AVX512() {
		scoreRowsAVX512(p, b, open, no)
		return
	}
	scoreRowsPortable(p, b, open, no)
}

func chooseKeepsBatch(kv, top, rank *[yacht.NumKeeps]lanes.Row, now *[yacht.NumPatterns]lanes.Row, choice *[yacht.NumPatterns][lanes.Width]int32, best *[yacht.NumPatterns]lanes.Row) {
	if archsimd.X86.AVX512() {
		chooseKeepsAVX512(kv, top, rank, now, choice, best)
		return
	}
	chooseKeepsLanesPortable(kv, top, rank, now, choice, best)
}

// addScaledVec is addScaled, eight entries at a time in AVX-512 (a product
// then a sum, not fused, as addScaled computes them).
func addScaledVec(dst, src []float64, p float64) {
	if !archsimd.X86.AVX512() {
		addScaled(dst, src, p)
		return
	}
	dst = dst[:len(src)]
	pv := archsimd.BroadcastFloat64x8(p)
	i := 0
	for ; i+8 <= len(src); i += 8 {
		d := (*[8]float64)(dst[i : i+8])
		archsimd.LoadFloat64x8(d).Add(archsimd.LoadFloat64x8((*[8]float64)(src[i : i+8])).Mul(pv)).Store(d)
	}
	for ; i < len(src); i++ {
		dst[i] += p * src[i]
	}
}

func loadLanes(v *lanes.Row) archsimd.Float64x8 { return archsimd.LoadFloat64x8((*[8]float64)(v)) }

func storeLanes(x archsimd.Float64x8, v *lanes.Row) { x.Store((*[8]float64)(v)) }

// averageOneDieAVX512 is averageOneDieLanesPortable.
func averageOneDieAVX512(kv *[yacht.NumKeeps]lanes.Row) {
	six := archsimd.BroadcastFloat64x8(6)
	for k := firstPattern - 1; k >= 0; k-- {
		c := &space.Child[k]
		s := loadLanes(&kv[c[0]]).Add(loadLanes(&kv[c[1]])).Add(loadLanes(&kv[c[2]])).Add(loadLanes(&kv[c[3]])).Add(loadLanes(&kv[c[4]])).Add(loadLanes(&kv[c[5]]))
		storeLanes(s.Div(six), &kv[k])
	}
}

// pushOneDieAVX512 is pushOneDieLanesPortable.
func pushOneDieAVX512(m *[yacht.NumKeeps]lanes.Row) {
	six := archsimd.BroadcastFloat64x8(6)
	var zero archsimd.Float64x8
	for k := 0; k < firstPattern; k++ {
		x := loadLanes(&m[k]).Div(six)
		storeLanes(zero, &m[k])
		for _, c := range space.Child[k] {
			storeLanes(loadLanes(&m[c]).Add(x), &m[c])
		}
	}
}

// chooseKeepsAVX512 is chooseKeepsLanesPortable.
func chooseKeepsAVX512(kv, top, rank *[yacht.NumKeeps]lanes.Row, now *[yacht.NumPatterns]lanes.Row, choice *[yacht.NumPatterns][lanes.Width]int32, best *[yacht.NumPatterns]lanes.Row) {
	tol := archsimd.BroadcastFloat64x8(TieTolerance)
	for k := 0; k < yacht.NumKeeps; k++ {
		av := loadLanes(&kv[k])
		t := av
		ra := archsimd.BroadcastFloat64x8(float64(k))
		subs := &space.Sub[k]
		for _, j := range subs.List[:subs.N] {
			t = t.Max(loadLanes(&top[j]))
			bv, rb := loadLanes(&kv[j]), loadLanes(&rank[j])
			take := bv.Greater(av.Add(tol)).Or(bv.GreaterEqual(av.Sub(tol)).And(rb.Less(ra)))
			av = bv.Merge(av, take)
			ra = rb.Merge(ra, take)
		}
		storeLanes(av, &kv[k])
		storeLanes(t, &top[k])
		storeLanes(ra, &rank[k])
	}
	m1 := archsimd.BroadcastFloat64x8(-1)
	for w := 0; w < yacht.NumPatterns; w++ {
		nw := loadLanes(&now[w])
		t := nw.Max(loadLanes(&top[firstPattern+w]))
		storeLanes(t, &best[w])
		m1.Merge(loadLanes(&rank[firstPattern+w]), nw.GreaterEqual(t.Sub(tol))).ConvertToInt32().Store((*[8]int32)(&choice[w]))
	}
}

// scoreRowsAVX512 is scoreRowsPortable.
func scoreRowsAVX512(p *turnPolicy, b *turnBatch, open *[maxCategories]openCat, no int) {
	tol := archsimd.BroadcastFloat64x8(TieTolerance)
	var at [maxCategories]archsimd.Float64x8
	for i := range no {
		at[i] = archsimd.BroadcastFloat64x8(float64(i))
	}
	vals := &b.vals
	for w := 0; w < yacht.NumPatterns; w++ {
		var best archsimd.Float64x8
		for i := 0; i < no; i++ {
			oc := &open[i]
			pt := p.pts[oc.c][w]
			var v archsimd.Float64x8
			switch {
			case oc.kind == yacht.KindUpper:
				v = loadLanes(&b.uv[i][p.count[oc.c][w]&7])
			case oc.kind == yacht.KindYacht && pt > 0:
				v = archsimd.BroadcastFloat64x8(float64(pt)).Add(loadLanes(&b.withPoints[i]))
			default:
				v = archsimd.BroadcastFloat64x8(float64(pt)).Add(loadLanes(&b.base[i]))
			}
			storeLanes(v, &vals[i])
			if i == 0 {
				best = v
			} else {
				best = best.Max(v)
			}
		}
		thr := best.Sub(tol)
		e3 := loadLanes(&vals[no-1])
		idx := at[no-1]
		for i := no - 2; i >= 0; i-- {
			v := loadLanes(&vals[i])
			ok := v.GreaterEqual(thr)
			e3 = v.Merge(e3, ok)
			idx = at[i].Merge(idx, ok)
		}
		storeLanes(e3, &b.e3[w])
		var ix lanes.Row
		storeLanes(idx, &ix)
		if idx.Equal(archsimd.BroadcastFloat64x8(ix[0])).ToBits() == 0xff {
			// Every lane scores the same category (the usual case).
			i := int(ix[0])
			c := open[i].c
			pt := p.pts[c][w]
			c8 := uint8(c)
			b.cat[w] = [lanes.Width]uint8{c8, c8, c8, c8, c8, c8, c8, c8}
			b.points[w] = [lanes.Width]int16{pt, pt, pt, pt, pt, pt, pt, pt}
			if open[i].kind == yacht.KindUpper {
				b.gain[w] = b.ug[i][p.count[c][w]&7]
			} else {
				b.gain[w] = b.points[w]
			}
			continue
		}
		for l, x := range ix {
			i := int(x)
			c := open[i].c
			pt := p.pts[c][w]
			g := pt
			if open[i].kind == yacht.KindUpper {
				g = b.ug[i][p.count[c][w]&7][l]
			}
			b.cat[w][l], b.points[w][l], b.gain[w][l] = uint8(c), pt, g
		}
	}
}
