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

func scoreRows(p *turnPolicy, b *turnBatch, open *[maxCategories]openCat, no int) {
	if archsimd.X86.AVX512() {
		scoreRowsAVX512(p, b, open, no)
		return
	}
	scoreRowsPortable(p, b, open, no)
}

func loadLanes(v *lanes.Row) archsimd.Float64x8 { return archsimd.LoadFloat64x8((*[8]float64)(v)) }

func storeLanes(x archsimd.Float64x8, v *lanes.Row) { x.Store((*[8]float64)(v)) }

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
