//go:build goexperiment.simd && amd64

package lanes

import (
	"simd/archsimd"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
)

// Built with GOEXPERIMENT=simd on amd64, the batch recurrences use vector
// instructions chosen when the program runs: AVX-512 when the processor has
// it (one lanes row is one 8-wide register), else AVX2 (two 4-wide
// registers per row), else the portable kernels. The operations and their
// order are those of RollBackPortable (the maximum of non-negative values is
// the same either way), so every kernel gives the same bits;
// TestRollBackKernelsEqualPortable checks each one the processor can run.

// The rows must be one 512-bit vector.
var _ = [1]struct{}{}[Width-8]

// Kernel names the kernel RollBack uses on this processor.
func Kernel() string {
	switch {
	case archsimd.X86.AVX512():
		return "avx512"
	case archsimd.X86.AVX2():
		return "avx2"
	}
	return "portable"
}

// RollBack is RollBackPortable, in AVX-512 or AVX2 when available.
func RollBack(kv *[yacht.NumKeeps]Row) Row {
	switch {
	case archsimd.X86.AVX512():
		return rollBackAVX512(kv)
	case archsimd.X86.AVX2():
		return rollBackAVX2(kv)
	}
	return RollBackPortable(kv)
}

// MaxIndexed is MaxIndexedPortable, in AVX-512 when available.
func MaxIndexed(e3 *[yacht.NumPatterns]Row, vals []Row, idx *[yacht.NumPatterns]uint8, list []uint8) {
	if !archsimd.X86.AVX512() {
		MaxIndexedPortable(e3, vals, idx, list)
		return
	}
	for _, w := range list {
		d := (*[8]float64)(&e3[w])
		archsimd.LoadFloat64x8(d).Max(archsimd.LoadFloat64x8((*[8]float64)(&vals[idx[w]]))).Store(d)
	}
}

// rollBackAVX512 is RollBackPortable with one 8-wide register per row.
func rollBackAVX512(kv *[yacht.NumKeeps]Row) Row {
	base := unsafe.Pointer(kv)
	ptr := func(off uint16) *[8]float64 { return (*[8]float64)(unsafe.Add(base, off)) }
	row := func(off uint16) archsimd.Float64x8 { return archsimd.LoadFloat64x8(ptr(off)) }
	six := archsimd.BroadcastFloat64x8(sixth)
	ks := keepOrder
	for pass := 0; pass < 2; pass++ {
		for i := range ks.avg {
			o := &ks.avg[i]
			row(o[1]).Add(row(o[2])).Add(row(o[3])).Add(row(o[4])).Add(row(o[5])).Add(row(o[6])).Mul(six).Store(ptr(o[0]))
		}
		for _, g := range ks.groups {
			switch g.n {
			case 1:
				for _, o := range ks.max1[g.lo:g.hi] {
					row(o[0]).Max(row(o[1])).Store(ptr(o[0]))
				}
			case 2:
				for _, o := range ks.max2[g.lo:g.hi] {
					row(o[0]).Max(row(o[1])).Max(row(o[2])).Store(ptr(o[0]))
				}
			case 3:
				for _, o := range ks.max3[g.lo:g.hi] {
					row(o[0]).Max(row(o[1])).Max(row(o[2])).Max(row(o[3])).Store(ptr(o[0]))
				}
			case 4:
				for _, o := range ks.max4[g.lo:g.hi] {
					row(o[0]).Max(row(o[1])).Max(row(o[2])).Max(row(o[3])).Max(row(o[4])).Store(ptr(o[0]))
				}
			case 5:
				for _, o := range ks.max5[g.lo:g.hi] {
					row(o[0]).Max(row(o[1])).Max(row(o[2])).Max(row(o[3])).Max(row(o[4])).Max(row(o[5])).Store(ptr(o[0]))
				}
			}
		}
	}
	var sum archsimd.Float64x8
	for w := range space.Prob {
		v := archsimd.LoadFloat64x8((*[8]float64)(&kv[firstPattern+w]))
		sum = sum.Add(v.Mul(archsimd.BroadcastFloat64x8(space.Prob[w])))
	}
	var out Row
	sum.Store((*[8]float64)(&out))
	return out
}

// rollBackAVX2 is RollBackPortable with two 4-wide registers per row (lanes
// 0–3, then 4–7).
func rollBackAVX2(kv *[yacht.NumKeeps]Row) Row {
	base := unsafe.Pointer(kv)
	ptr := func(off uint16) *[4]float64 { return (*[4]float64)(unsafe.Add(base, off)) }
	row := func(off uint16) archsimd.Float64x4 { return archsimd.LoadFloat64x4(ptr(off)) }
	six := archsimd.BroadcastFloat64x4(sixth)
	ks := keepOrder
	for pass := 0; pass < 2; pass++ {
		for i := range ks.avg {
			o := &ks.avg[i]
			for h := uint16(0); h < 64; h += 32 {
				row(o[1] + h).Add(row(o[2] + h)).Add(row(o[3] + h)).Add(row(o[4] + h)).Add(row(o[5] + h)).Add(row(o[6] + h)).Mul(six).Store(ptr(o[0] + h))
			}
		}
		for _, g := range ks.groups {
			switch g.n {
			case 1:
				for _, o := range ks.max1[g.lo:g.hi] {
					for h := uint16(0); h < 64; h += 32 {
						row(o[0] + h).Max(row(o[1] + h)).Store(ptr(o[0] + h))
					}
				}
			case 2:
				for _, o := range ks.max2[g.lo:g.hi] {
					for h := uint16(0); h < 64; h += 32 {
						row(o[0] + h).Max(row(o[1] + h)).Max(row(o[2] + h)).Store(ptr(o[0] + h))
					}
				}
			case 3:
				for _, o := range ks.max3[g.lo:g.hi] {
					for h := uint16(0); h < 64; h += 32 {
						row(o[0] + h).Max(row(o[1] + h)).Max(row(o[2] + h)).Max(row(o[3] + h)).Store(ptr(o[0] + h))
					}
				}
			case 4:
				for _, o := range ks.max4[g.lo:g.hi] {
					for h := uint16(0); h < 64; h += 32 {
						row(o[0] + h).Max(row(o[1] + h)).Max(row(o[2] + h)).Max(row(o[3] + h)).Max(row(o[4] + h)).Store(ptr(o[0] + h))
					}
				}
			case 5:
				for _, o := range ks.max5[g.lo:g.hi] {
					for h := uint16(0); h < 64; h += 32 {
						row(o[0] + h).Max(row(o[1] + h)).Max(row(o[2] + h)).Max(row(o[3] + h)).Max(row(o[4] + h)).Max(row(o[5] + h)).Store(ptr(o[0] + h))
					}
				}
			}
		}
	}
	var lo, hi archsimd.Float64x4
	for w := range space.Prob {
		p := archsimd.BroadcastFloat64x4(space.Prob[w])
		v := (*[8]float64)(&kv[firstPattern+w])
		lo = lo.Add(archsimd.LoadFloat64x4((*[4]float64)(v[:4])).Mul(p))
		hi = hi.Add(archsimd.LoadFloat64x4((*[4]float64)(v[4:])).Mul(p))
	}
	var out Row
	lo.Store((*[4]float64)(out[:4]))
	hi.Store((*[4]float64)(out[4:]))
	return out
}
