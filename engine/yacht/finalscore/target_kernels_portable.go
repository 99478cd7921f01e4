//go:build !(goexperiment.simd && amd64)

package finalscore

func avg6(dst, a, b, c, d, e, f []float64) { avg6Portable(dst, a, b, c, d, e, f) }

func maxInto(dst, src []float64) { maxIntoPortable(dst, src) }

func max2(dst, a, b []float64) { max2Portable(dst, a, b) }
