package endpoint

import (
	"sync"
	"time"
)

// DefaultRemembered bounds the interaction ids an endpoint remembers:
// Discord's global rate of 50 interactions a second over the ten minutes
// a signature is valid is 30,000; each id costs about 100 bytes.
const DefaultRemembered = 100_000

// seenIDs remembers the ids of the interactions received while their
// signature is valid (the signed timestamp within MaxSkew of the clock),
// so that a signed request sent again within that window is refused: a
// replay. Memory is bounded: ids whose window is over are forgotten, and
// when max are remembered the one whose window ends first makes room
// (evicted counts them).
type seenIDs struct {
	mu      sync.Mutex
	max     int
	until   map[string]time.Time // id → the end of its signature's window
	byEnd   endHeap
	evicted int
}

func newSeenIDs(max int) *seenIDs {
	return &seenIDs{max: max, until: map[string]time.Time{}}
}

// first records id, valid until until, and reports whether it is new.
// Ids whose window ended before now are forgotten first.
func (s *seenIDs) first(id string, until, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.byEnd) > 0 && s.byEnd[0].until.Before(now) {
		delete(s.until, s.byEnd.pop().id)
	}
	if _, seen := s.until[id]; seen {
		return false
	}
	if len(s.until) >= s.max {
		delete(s.until, s.byEnd.pop().id)
		s.evicted++
	}
	s.until[id] = until
	s.byEnd.push(idEnd{id: id, until: until})
	return true
}

// size is how many ids are remembered.
func (s *seenIDs) size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.until)
}

type idEnd struct {
	id    string
	until time.Time
}

// endHeap is a binary heap of ids by the end of their window, soonest
// first (container/heap's algorithm, without boxing each entry).
type endHeap []idEnd

func (h *endHeap) push(x idEnd) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		parent := (i - 1) / 2
		if !a[i].until.Before(a[parent].until) {
			break
		}
		a[i], a[parent] = a[parent], a[i]
		i = parent
	}
}

func (h *endHeap) pop() idEnd {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	for i := 0; ; {
		small, l, r := i, 2*i+1, 2*i+2
		if l < len(a) && a[l].until.Before(a[small].until) {
			small = l
		}
		if r < len(a) && a[r].until.Before(a[small].until) {
			small = r
		}
		if small == i {
			break
		}
		a[i], a[small] = a[small], a[i]
		i = small
	}
	*h = a
	return top
}
