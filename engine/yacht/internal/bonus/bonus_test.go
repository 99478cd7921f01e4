package bonus

import (
	"slices"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
)

// sums lists every total that the boxes cats (upper boxes) can score
// together: each box 0 to 5 dice of its face, enumerated.
func sums(r *yacht.Rules, cats []int) map[int]bool {
	out := map[int]bool{0: true}
	for _, c := range cats {
		next := map[int]bool{}
		for s := range out {
			for k := 0; k <= yacht.NumDice; k++ {
				next[s+k*r.Categories[c].Face] = true
			}
		}
		out = next
	}
	return out
}

// Class and Reachable agree with every score of the upper boxes
// enumerated, for every set of filled upper boxes and upper total, under
// the Yacht and Yatzy rules (bonus thresholds and faces alike; the lower
// boxes play no part).
func TestClassAndReachableByEnumeration(t *testing.T) {
	for _, name := range []string{yacht.Yacht, yacht.Yatzy} {
		r, err := yacht.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		var upper []int
		for c := range r.Categories {
			if r.Categories[c].Kind == yacht.KindUpper {
				upper = append(upper, c)
			}
		}
		thr := r.BonusThreshold
		for um := 0; um < 1<<len(upper); um++ {
			var m uint32
			var open, filled []int
			for j, c := range upper {
				if um&(1<<j) != 0 {
					m |= 1 << uint(c)
					filled = append(filled, c)
				} else {
					open = append(open, c)
				}
			}
			rest := sums(r, open)
			for u := 0; u <= thr; u++ {
				want := -2
				if u >= thr {
					want = -1
				} else {
					for s := range rest {
						if s >= thr-u && (want == -2 || s < want) {
							want = s
						}
					}
				}
				if got := Class(r, upper, m, u); got != want {
					t.Errorf("%s, upper boxes %06b filled, total %d: class %d, enumeration %d", name, um, u, got, want)
				}
			}
			// From the empty sheet, the totals the filled boxes can hold.
			var want []int
			for s := range sums(r, filled) {
				want = append(want, min(s, thr))
			}
			slices.Sort(want)
			want = slices.Compact(want)
			if got := Reachable(r, upper, yacht.State{}, m); !slices.Equal(got, want) {
				t.Errorf("%s, upper boxes %06b filled: reachable %v, enumeration %v", name, um, got, want)
			}
		}
	}
}
