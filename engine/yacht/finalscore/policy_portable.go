//go:build !(goexperiment.simd && amd64)

package finalscore

// The policy's batch kernels are the portable ones (see policy_simd.go for
// the vector build).

func scoreRows(p *turnPolicy, b *turnBatch, open *[maxCategories]openCat, no int) {
	scoreRowsPortable(p, b, open, no)
}
