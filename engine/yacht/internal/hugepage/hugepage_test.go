package hugepage

import (
	"testing"
)

// Advise leaves every element as it was, whatever the slice's length and
// alignment (empty, smaller than a huge page, starting off one).
func TestAdviseKeepsContents(t *testing.T) {
	for _, n := range []int{0, 1, 1000, Size / 8, 3*Size/8 + 5} {
		for _, off := range []int{0, 1, 7} {
			buf := make([]float64, n+off)
			for i := range buf {
				buf[i] = float64(i) + 0.5
			}
			v := buf[off:]
			Advise(v)
			for i := range buf {
				if buf[i] != float64(i)+0.5 {
					t.Fatalf("length %d offset %d: element %d is %v after Advise", n, off, i, buf[i])
				}
			}
		}
	}
	Advise([]struct{}(nil))
	Advise(make([]struct{}, 10))
}
