package reach

// The inner loops of the vector-by-vector target turn (solveTargetTurn),
// which only a turn with dice (the root of an advice) and a turn with too
// many distinct outcomes for the lanes run: the induction over every state
// runs a row of needs at a time in the lanes' kernels (target_lanes.go).

// avg6 sets dst[i] to the mean of a..f at i, summed in order.
func avg6(dst, a, b, c, d, e, f []float64) {
	n := len(dst)
	a, b, c, d, e, f = a[:n], b[:n], c[:n], d[:n], e[:n], f[:n]
	for i := range dst {
		dst[i] = (a[i] + b[i] + c[i] + d[i] + e[i] + f[i]) / 6
	}
}

// maxInto sets dst[i] to max(dst[i], src[i]).
func maxInto(dst, src []float64) {
	src = src[:len(dst)]
	for i, v := range src {
		dst[i] = max(dst[i], v)
	}
}

// max2 sets dst[i] to max(a[i], b[i]).
func max2(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		dst[i] = max(a[i], b[i])
	}
}
