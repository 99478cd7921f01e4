//go:build !(goexperiment.simd && amd64)

package finalscore

import (
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
)

// The policy's batch kernels are the portable ones (see policy_simd.go for
// the vector build).

func averageOneDieLanes(kv *[yacht.NumKeeps]lanes.Row) { averageOneDieLanesPortable(kv) }

func pushOneDieLanes(m *[yacht.NumKeeps]lanes.Row) { pushOneDieLanesPortable(m) }

func scoreRows(p *turnPolicy, b *turnBatch, open *[maxCategories]openCat, no int) {
	scoreRowsPortable(p, b, open, no)
}

func chooseKeepsBatch(kv, top, rank *[yacht.NumKeeps]lanes.Row, now *[yacht.NumPatterns]lanes.Row, choice *[yacht.NumPatterns][lanes.Width]int32, best *[yacht.NumPatterns]lanes.Row) {
	chooseKeepsLanesPortable(kv, top, rank, now, choice, best)
}

// addScaledVec is addScaled.
func addScaledVec(dst, src []float64, p float64) { addScaled(dst, src, p) }
