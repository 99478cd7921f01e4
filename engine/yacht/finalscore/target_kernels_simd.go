//go:build goexperiment.simd && amd64

package finalscore

import "simd/archsimd"

// Built with GOEXPERIMENT=simd on amd64, the target computation's loops
// use AVX-512 when the processor has it (eight needs at a time), else the
// portable loops. Each lane sums and compares in the portable order, so
// the results have the same bits (TestTargetKernelsEqualPortable).

var haveAVX512 = archsimd.X86.AVX512()

func avg6(dst, a, b, c, d, e, f []float64) {
	if !haveAVX512 {
		avg6Portable(dst, a, b, c, d, e, f)
		return
	}
	n := len(dst)
	a, b, c, d, e, f = a[:n], b[:n], c[:n], d[:n], e[:n], f[:n]
	six := archsimd.BroadcastFloat64x8(6)
	i := 0
	for ; i+8 <= n; i += 8 {
		s := archsimd.LoadFloat64x8Slice(a[i:]).Add(archsimd.LoadFloat64x8Slice(b[i:])).
			Add(archsimd.LoadFloat64x8Slice(c[i:])).Add(archsimd.LoadFloat64x8Slice(d[i:])).
			Add(archsimd.LoadFloat64x8Slice(e[i:])).Add(archsimd.LoadFloat64x8Slice(f[i:]))
		s.Div(six).StoreSlice(dst[i:])
	}
	avg6Portable(dst[i:], a[i:], b[i:], c[i:], d[i:], e[i:], f[i:])
}

func maxInto(dst, src []float64) {
	if !haveAVX512 {
		maxIntoPortable(dst, src)
		return
	}
	n := len(dst)
	src = src[:n]
	i := 0
	for ; i+8 <= n; i += 8 {
		archsimd.LoadFloat64x8Slice(dst[i:]).Max(archsimd.LoadFloat64x8Slice(src[i:])).StoreSlice(dst[i:])
	}
	maxIntoPortable(dst[i:], src[i:])
}

func max2(dst, a, b []float64) {
	if !haveAVX512 {
		max2Portable(dst, a, b)
		return
	}
	n := len(dst)
	a, b = a[:n], b[:n]
	i := 0
	for ; i+8 <= n; i += 8 {
		archsimd.LoadFloat64x8Slice(a[i:]).Max(archsimd.LoadFloat64x8Slice(b[i:])).StoreSlice(dst[i:])
	}
	max2Portable(dst[i:], a[i:], b[i:])
}
