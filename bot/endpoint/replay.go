package endpoint

import (
	"container/heap"
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
		delete(s.until, heap.Pop(&s.byEnd).(idEnd).id)
	}
	if _, seen := s.until[id]; seen {
		return false
	}
	if len(s.until) >= s.max {
		delete(s.until, heap.Pop(&s.byEnd).(idEnd).id)
		s.evicted++
	}
	s.until[id] = until
	heap.Push(&s.byEnd, idEnd{id: id, until: until})
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

// endHeap orders ids by the end of their window, soonest first.
type endHeap []idEnd

func (h endHeap) Len() int           { return len(h) }
func (h endHeap) Less(i, j int) bool { return h[i].until.Before(h[j].until) }
func (h endHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *endHeap) Push(x any)        { *h = append(*h, x.(idEnd)) }
func (h *endHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
