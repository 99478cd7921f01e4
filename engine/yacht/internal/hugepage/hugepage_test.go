package hugepage

import "testing"

// Float64s gives n zeroed, writable entries, small or large, and freeing
// one array leaves the others as they were.
func TestFloat64s(t *testing.T) {
	sizes := []int{0, 1, 1000, pageSize / 8, pageSize/8 + 1, 3*pageSize/8 + 5}
	vs := make([][]float64, len(sizes))
	frees := make([]func(), len(sizes))
	for j, n := range sizes {
		vs[j], frees[j] = Float64s(n)
		if len(vs[j]) != n {
			t.Fatalf("Float64s(%d) has %d entries", n, len(vs[j]))
		}
		for i := range vs[j] {
			if vs[j][i] != 0 {
				t.Fatalf("Float64s(%d)[%d] = %v, not zero", n, i, vs[j][i])
			}
			vs[j][i] = float64(i + j)
		}
	}
	frees[3]()
	for j, v := range vs {
		if j == 3 {
			continue
		}
		for i := range v {
			if v[i] != float64(i+j) {
				t.Fatalf("Float64s(%d)[%d] = %v after another array was freed", sizes[j], i, v[i])
			}
		}
		frees[j]()
	}
}
