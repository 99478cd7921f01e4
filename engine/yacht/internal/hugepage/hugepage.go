// Package hugepage hands out large arrays of their own, outside the Go
// heap, on huge pages where the system gives them (2 MB pages instead of 4
// KB on Linux), so that walking them takes fewer page faults and address
// translations. The memory is the caller's to free: being outside the
// heap, the hint never reaches memory the runtime later reuses or hands
// back to the system.
package hugepage

// pageSize is the huge page size the arrays are rounded up to.
const pageSize = 2 << 20

// Float64s returns n zeroed float64s and the function that frees them:
// neither the slice nor any slice of it may be used after free, which may
// be called once. Small arrays, and every array outside Linux, come from
// the Go heap (free then does nothing).
func Float64s(n int) (v []float64, free func()) {
	if n*8 < pageSize {
		return make([]float64, n), func() {}
	}
	return float64s(n)
}
