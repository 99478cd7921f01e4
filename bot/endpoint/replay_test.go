package endpoint

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// The ids remembered are forgotten soonest-ending first, whatever the
// order they came in: against a brute-force list, over random windows
// and a small bound.
func TestSeenIDsForgetSoonestFirst(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 1))
	base := time.Unix(1_800_000_000, 0)
	s := newSeenIDs(50)
	type entry struct {
		id    string
		until time.Time
	}
	var brute []entry
	now := base
	for i := range 5000 {
		now = now.Add(time.Duration(rng.IntN(200)) * time.Millisecond)
		id := fmt.Sprint(rng.IntN(3000))
		until := now.Add(time.Duration(rng.IntN(600_000)) * time.Millisecond)
		// The brute force: forget what ended, then refuse a known id, then
		// make room by the soonest end (the first of equal ends in the
		// heap's order is not pinned: equal ends are not drawn here).
		kept := brute[:0]
		for _, e := range brute {
			if !e.until.Before(now) {
				kept = append(kept, e)
			}
		}
		brute = kept
		known := false
		for _, e := range brute {
			known = known || e.id == id
		}
		want := !known
		if want {
			if len(brute) >= 50 {
				soonest := 0
				for j, e := range brute {
					if e.until.Before(brute[soonest].until) {
						soonest = j
					}
				}
				brute = append(brute[:soonest], brute[soonest+1:]...)
			}
			brute = append(brute, entry{id, until})
		}
		if got := s.first(id, until, now); got != want {
			t.Fatalf("step %d: first(%s) = %v, want %v", i, id, got, want)
		}
		if s.size() != len(brute) {
			t.Fatalf("step %d: %d remembered, want %d", i, s.size(), len(brute))
		}
	}
}
