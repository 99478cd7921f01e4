package finalscore

// The target computation's inner loops over the needed points, portable
// versions (target_kernels_simd.go has the vector build's).

// avg6Portable sets dst[i] to the mean of a..f at i, summed in order.
func avg6Portable(dst, a, b, c, d, e, f []float64) {
	n := len(dst)
	a, b, c, d, e, f = a[:n], b[:n], c[:n], d[:n], e[:n], f[:n]
	for i := range dst {
		dst[i] = (a[i] + b[i] + c[i] + d[i] + e[i] + f[i]) / 6
	}
}

// maxIntoPortable sets dst[i] to max(dst[i], src[i]).
func maxIntoPortable(dst, src []float64) {
	src = src[:len(dst)]
	for i, v := range src {
		dst[i] = max(dst[i], v)
	}
}

// max2Portable sets dst[i] to max(a[i], b[i]).
func max2Portable(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		dst[i] = max(a[i], b[i])
	}
}
