//go:build !(goexperiment.simd && amd64)

package yacht

// The policy's batch kernels are the portable ones (see policy_simd.go for
// the vector build).

func averageOneDieLanes(kv *[NumKeeps]lanes) { averageOneDieLanesPortable(kv) }

func pushOneDieLanes(m *[NumKeeps]lanes) { pushOneDieLanesPortable(m) }

func scoreRows(p *turnPolicy, b *turnBatch, open *[maxCategories]openCat, no int) {
	scoreRowsPortable(p, b, open, no)
}

func chooseKeepsBatch(kv, top, rank *[NumKeeps]lanes, now *[NumPatterns]lanes, choice *[NumPatterns][laneWidth]int32, best *[NumPatterns]lanes) {
	chooseKeepsLanesPortable(kv, top, rank, now, choice, best)
}

// addScaledVec is addScaled.
func addScaledVec(dst, src []float64, p float64) { addScaled(dst, src, p) }
