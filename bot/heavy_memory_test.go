package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
)

const mb = 1 << 20

// memoryQueue is a fair queue of 4 slots and a 400 MB budget whose wait
// never runs out (the tests trigger everything themselves).
func memoryQueue() *fairQueue {
	q := newFairQueue(4, 1, 3, 64, time.Minute)
	q.memory = 400 * mb
	q.after = func(time.Duration) <-chan time.Time { return nil }
	return q
}

// turn is one acquire in flight: its release once granted.
type turn struct {
	user    string
	mem     int64
	granted chan func()
}

// arrive starts an acquire and returns once it is granted or waiting.
func arrive(t *testing.T, q *fairQueue, user string, mem int64) *turn {
	t.Helper()
	q.mu.Lock()
	before := q.waiting
	q.mu.Unlock()
	a := &turn{user: user, mem: mem, granted: make(chan func(), 1)}
	go func() {
		release, err := q.acquire(context.Background(), user, mem)
		if err != nil {
			t.Errorf("%s: %v", user, err)
			return
		}
		a.granted <- release
	}()
	// Settled: granted, or counted among the waiters (no timer: the
	// goroutine gets there by itself).
	for {
		select {
		case r := <-a.granted:
			a.granted <- r
			return a
		default:
		}
		q.mu.Lock()
		w := q.waiting
		q.mu.Unlock()
		if w > before {
			return a
		}
		runtime.Gosched()
	}
}

// isGranted reports whether the turn was granted (without waiting).
func (a *turn) isGranted() bool {
	select {
	case r := <-a.granted:
		a.granted <- r
		return true
	default:
		return false
	}
}

// release ends a granted turn.
func (a *turn) release() { (<-a.granted)() }

// checkBudget fails when the work running exceeds the budget while more
// than one runs.
func checkBudget(t *testing.T, q *fairQueue) {
	t.Helper()
	q.mu.Lock()
	defer q.mu.Unlock()
	if running := q.slots - q.free; running > 1 && q.used > q.memory {
		t.Fatalf("%d running with %d MB of estimates, over the %d MB budget", running, q.used/mb, q.memory/mb)
	}
}

// Work that does not fit in the memory left waits, holding the line:
// smaller work that arrives later does not overtake it, and it runs as
// soon as the memory frees; work alone runs whatever its estimate.
func TestHeavyMemoryBudget(t *testing.T) {
	q := memoryQueue()
	a := arrive(t, q, "a", 260*mb) // a Yatzy distribution
	if !a.isGranted() {
		t.Fatal("the first work waits with nothing running")
	}
	b := arrive(t, q, "b", 260*mb)
	if b.isGranted() {
		t.Fatal("two Yatzy distributions (520 MB) admitted under a 400 MB budget")
	}
	c := arrive(t, q, "c", 60*mb) // a Yacht one would fit, but b is first
	if c.isGranted() {
		t.Fatal("later, smaller work overtook the work waiting for memory")
	}
	checkBudget(t, q)
	a.release()
	b.release() // granted once a's memory freed (blocks until then)
	for !c.isGranted() {
		runtime.Gosched() // c fits beside b: granted in the same dispatch
	}
	checkBudget(t, q)
	c.release()
	big := arrive(t, q, "d", 900*mb) // over the budget, but alone: it runs
	if !big.isGranted() {
		t.Fatal("work over the whole budget never runs, even alone")
	}
	big.release()
	if q.used != 0 || q.free != q.slots || q.waiting != 0 || len(q.users) != 0 {
		t.Fatalf("state left behind: used %d, free %d, waiting %d, users %d", q.used, q.free, q.waiting, len(q.users))
	}
}

// A flood of 10 accounts asking for Yatzy (≈260 MB) and Yacht (≈60 MB)
// statistics, released in a random order: the estimates of the work
// running never exceed the budget, and every request is served (none is
// refused or starved).
func TestHeavyMemoryFlood(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	q := memoryQueue()
	var pending []*turn
	for i := range 30 {
		mem := int64(260 * mb)
		if rng.IntN(3) == 0 {
			mem = 60 * mb
		}
		pending = append(pending, arrive(t, q, fmt.Sprintf("user%d", i%10), mem))
		checkBudget(t, q)
	}
	for served := 0; len(pending) > 0; served++ {
		settle(q, pending)
		var granted []int
		for i, a := range pending {
			if a.isGranted() {
				granted = append(granted, i)
			}
		}
		if len(granted) == 0 {
			t.Fatalf("%d requests wait and none runs after %d served", len(pending), served)
		}
		i := granted[rng.IntN(len(granted))]
		pending[i].release()
		pending = append(pending[:i], pending[i+1:]...)
		// Let the dispatch settle: the next grants are made under the
		// lock in release, so they are visible at once.
		checkBudget(t, q)
	}
	if q.used != 0 || q.waiting != 0 {
		t.Fatalf("left: used %d, waiting %d", q.used, q.waiting)
	}
}

// settle waits until every turn the queue granted has reported it.
func settle(q *fairQueue, pending []*turn) {
	for {
		q.mu.Lock()
		running := q.slots - q.free
		q.mu.Unlock()
		n := 0
		for _, a := range pending {
			if a.isGranted() {
				n++
			}
		}
		if n == running {
			return
		}
		runtime.Gosched()
	}
}

// A flood of 10 accounts' heavy work on a small host (MaxHeavy 1, as
// when the memory budget lets one Yatzy distribution run at a time)
// waits its turn with the default queue: none is told "busy" at once,
// and all are answered once the work runs.
func TestHeavyFloodOfTenAccountsWaits(t *testing.T) {
	o := quiet()
	o.MaxHeavy = 1
	g := newGated()
	d := newTestDispatcher(t, o, g.command("heavy"))
	answers := make(chan answer, 10)
	doAsync(d, "heavy", "account0", commands.English, answers)
	g.awaitStart(t)
	for i := 1; i < 10; i++ {
		doAsync(d, "heavy", fmt.Sprintf("account%d", i), commands.English, answers)
	}
	awaitQueued(t, d, 9)
	select {
	case a := <-answers:
		t.Fatalf("%s answered %s while the work waits", a.user, a.out)
	default:
	}
	close(g.release)
	for range 10 {
		if a := <-answers; a.out != OK {
			t.Errorf("%s: %s", a.user, a.out)
		}
	}
}
