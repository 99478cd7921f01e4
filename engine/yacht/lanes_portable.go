//go:build !(goexperiment.simd && amd64)

package yacht

// The batch kernels are the portable ones (see lanes_simd.go for the vector
// build).

func rollBackBatch(kv *[NumKeeps]lanes) lanes { return rollBackLanes(kv) }

func maxUpperBatch(e3 *[NumPatterns]lanes, byCount *[NumDice + 1]lanes, cnt *[NumPatterns]uint8, list []uint8) {
	maxUpperLanes(e3, byCount, cnt, list)
}

func maxLowerBatch(e3 *[NumPatterns]lanes, next *lanes, pts *[NumPatterns]int16, list []uint8) {
	maxLowerLanes(e3, next, pts, list)
}

// simdKernel names the kernel rollBackBatch uses.
func simdKernel() string { return "portable" }
