//go:build goexperiment.simd && amd64

package yacht

import "simd/archsimd"

// Built with GOEXPERIMENT=simd on amd64, the batch recurrences use AVX-512
// when the processor has it: one lanes row is one 8-wide vector register.
// The operations and their order are those of rollBackLanes (the maximum of
// non-negative values is the same either way), so both give the same bits;
// TestRollBackBatchEqualsPortable checks it.

// The rows must be one 512-bit vector.
var _ = [1]struct{}{}[laneWidth-8]

// rollBackBatch is rollBackLanes, in AVX-512 when available.
func rollBackBatch(kv *[NumKeeps]lanes) lanes {
	if archsimd.X86.AVX512() {
		return rollBackAVX512(kv)
	}
	return rollBackLanes(kv)
}

// maxUpperBatch is maxUpperLanes, in AVX-512 when available.
func maxUpperBatch(e3 *[NumPatterns]lanes, byCount *[NumDice + 1]lanes, cnt *[NumPatterns]uint8, list []uint8) {
	if !archsimd.X86.AVX512() {
		maxUpperLanes(e3, byCount, cnt, list)
		return
	}
	var by [NumDice + 1]archsimd.Float64x8
	for n := range by {
		by[n] = archsimd.LoadFloat64x8((*[8]float64)(&byCount[n]))
	}
	for _, w := range list {
		d := (*[8]float64)(&e3[w])
		archsimd.LoadFloat64x8(d).Max(by[cnt[w]]).Store(d)
	}
}

// maxLowerBatch is maxLowerLanes, in AVX-512 when available.
func maxLowerBatch(e3 *[NumPatterns]lanes, next *lanes, pts *[NumPatterns]int16, list []uint8) {
	if !archsimd.X86.AVX512() {
		maxLowerLanes(e3, next, pts, list)
		return
	}
	nx := archsimd.LoadFloat64x8((*[8]float64)(next))
	for _, w := range list {
		d := (*[8]float64)(&e3[w])
		v := archsimd.BroadcastFloat64x8(float64(pts[w])).Add(nx)
		archsimd.LoadFloat64x8(d).Max(v).Store(d)
	}
}

// simdKernel names the kernel rollBackBatch uses.
func simdKernel() string {
	if archsimd.X86.AVX512() {
		return "avx512"
	}
	return "portable"
}

func rollBackAVX512(kv *[NumKeeps]lanes) lanes {
	row := func(k int16) archsimd.Float64x8 { return archsimd.LoadFloat64x8((*[8]float64)(&kv[k])) }
	six := archsimd.BroadcastFloat64x8(sixth)
	for pass := 0; pass < 2; pass++ {
		for k := firstPattern - 1; k >= 0; k-- {
			c := &space.child[k]
			v := row(c[0]).Add(row(c[1])).Add(row(c[2])).Add(row(c[3])).Add(row(c[4])).Add(row(c[5])).Mul(six)
			v.Store((*[8]float64)(&kv[k]))
		}
		for k := 1; k < NumKeeps; k++ {
			sl := &space.subs[k]
			v := row(int16(k))
			for _, j := range sl.list[:sl.n] {
				v = v.Max(row(j))
			}
			v.Store((*[8]float64)(&kv[k]))
		}
	}
	var sum archsimd.Float64x8
	for w := 0; w < NumPatterns; w++ {
		sum = sum.Add(row(int16(firstPattern + w)).Mul(archsimd.BroadcastFloat64x8(space.prob[w])))
	}
	var out lanes
	sum.Store((*[8]float64)(&out))
	return out
}
