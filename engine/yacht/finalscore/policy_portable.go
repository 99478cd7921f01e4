package finalscore

// scoreRows fills the batch's scoring rows (see scoreRowsPortable); the
// vector work of the batch policy is in the lanes kernels.
func scoreRows(p *turnPolicy, b *turnBatch, open *[maxCategories]openCat, no int) {
	scoreRowsPortable(p, b, open, no)
}
