//go:build !(goexperiment.simd && amd64)

package yacht

// The batch kernels are the portable ones (see lanes_simd.go for the vector
// build).

func rollBackBatch(kv *[NumKeeps]lanes) lanes { return rollBackLanes(kv) }

func maxIndexedBatch(e3 *[NumPatterns]lanes, vals []lanes, idx *[NumPatterns]uint8, list []uint8) {
	maxIndexedLanes(e3, vals, idx, list)
}

// simdKernel names the kernel rollBackBatch uses.
func simdKernel() string { return "portable" }
