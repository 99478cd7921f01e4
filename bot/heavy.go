package bot

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"

	"github.com/alea-bot/alea/commands"
)

// Localised refusals of the heavy-work gate.
var (
	msgYours = commands.T("⏳ You already have heavy questions being worked on — ask this again once they are answered.",
		"⏳ 이미 계산 중인 무거운 질문이 있습니다 — 그 답이 나온 뒤에 다시 물어봐 주세요.",
		"⏳ 重い質問をすでに計算中です — その答えが出てからもう一度どうぞ。")
)

// refusal is the gate's answer when it will not run the work: the
// handler returns it unchanged and the dispatcher words it for the user.
type refusal struct {
	outcome Outcome
	msg     commands.Text
}

func (r *refusal) Error() string { return "heavy work refused: " + r.msg.En }

var (
	errBusy    = &refusal{outcome: Busy, msg: msgBusy}
	errYours   = &refusal{outcome: Busy, msg: msgYours}
	errClosing = &refusal{outcome: Busy, msg: msgClosing}
)

// DefaultHeavyMemory is the default memory budget of the heavy work
// running at once (HEAVY_MEMORY): one Yatzy distribution (about 300 MB)
// and a Yacht one beside it, or several Yacht ones.
const DefaultHeavyMemory = 400 << 20

// HeavyLimits bound the heavy work handlers run (commands.Heavy). Zero
// values take the defaults noted.
type HeavyLimits struct {
	// Slots bounds the heavy computations running at once (default:
	// CPUs); Queue is how many more may wait (default 4×Slots, at least
	// 16: the memory budget may let fewer run than Slots).
	Slots, Queue int
	// PerUser bounds one user's computations running at once (default 1)
	// and UserQueue their waiting ones (default 2).
	PerUser, UserQueue int
	// Wait is the longest wait for a turn (default 2 minutes). Time spent
	// waiting is not charged to a command's budget.
	Wait time.Duration
	// Memory bounds the sum of the memory estimates of the heavy work
	// running at once, in bytes (commands.HeavyMemory; 0: no bound).
	Memory int64
	// Metrics, when set, count the refusals (alea_busy_total).
	Metrics *Metrics
}

// GateHeavyWork gives the routed command's handler a fair share of the
// heavy work (fairQueue): the handler takes a turn with commands.Heavy,
// whose work gets the command's budget from the moment the turn comes.
// A reply made after that budget ran out is Partial. A refusal (the
// user's share or the queue full, the wait too long, Alea closing) is
// Busy, worded in the user's language. Put [LimitTime] inside it.
func GateHeavyWork(h HeavyLimits) Middleware {
	return newHeavyQueue(h).gate(h.Metrics)
}

// newHeavyQueue is the queue of h, its zero values given their defaults.
func newHeavyQueue(h HeavyLimits) *fairQueue {
	if h.Slots <= 0 {
		h.Slots = runtime.NumCPU()
	}
	if h.Queue <= 0 {
		h.Queue = max(4*h.Slots, 16)
	}
	if h.PerUser <= 0 {
		h.PerUser = 1
	}
	if h.UserQueue <= 0 {
		h.UserQueue = 2
	}
	if h.Wait <= 0 {
		h.Wait = 2 * time.Minute
	}
	q := newFairQueue(h.Slots, h.PerUser, h.UserQueue, h.Queue, h.Wait)
	q.memory = h.Memory
	return q
}

// gate is the middleware of GateHeavyWork over q.
func (q *fairQueue) gate(m *Metrics) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			turn := &heavyTurn{q: q, user: req.UserID, base: ctx, budget: budgetOf(CommandOf(ctx)), start: time.Now()}
			res := next(commands.WithHeavyGate(ctx, turn), req)
			if ran, out := turn.ranOut(); ran && res.Outcome == OK {
				res.Partial = out
			}
			if res.Outcome == Busy && m != nil {
				m.Busy.Inc()
			}
			return res
		}
	}
}

// fairQueue bounds heavy work: slots computations at once, perUser of
// them for any one user; the others wait, at most userQueue per user and
// queue in all, for at most wait. When a slot frees, the waiting user
// served least since they last had nothing running or waiting goes first
// (ties: who waited longest), so one user's flood queues behind everyone
// else's work instead of in front of it.
//
// memory bounds the sum of the memory estimates of the work running
// (0: no bound): work whose estimate does not fit waits, and holds the
// line (no later, smaller work overtakes it), so the bound holds and the
// big work is not starved. Work alone runs whatever its estimate.
type fairQueue struct {
	perUser, userQueue, queue int
	slots                     int
	memory                    int64
	wait                      time.Duration
	after                     func(time.Duration) <-chan time.Time

	mu      sync.Mutex
	used    int64 // the memory estimates of the work running
	stalled bool  // the next waiter's work does not fit in the memory left
	free    int
	waiting int
	seq     uint64
	users   map[string]*heavyUser
}

// heavyUser is one user's share: running computations, turns granted
// since the user was last idle, and waiters in arrival order.
type heavyUser struct {
	running, served int
	queue           []*heavyWaiter
}

type heavyWaiter struct {
	seq     uint64
	mem     int64
	ready   chan struct{}
	granted bool
}

func newFairQueue(slots, perUser, userQueue, queue int, wait time.Duration) *fairQueue {
	return &fairQueue{perUser: perUser, userQueue: userQueue, queue: queue, wait: wait, after: time.After,
		slots: slots, free: slots, users: map[string]*heavyUser{}}
}

// fits reports whether work of mem bytes may start beside the work
// running.
func (q *fairQueue) fits(mem int64) bool {
	return q.memory <= 0 || q.free == q.slots || q.used+mem <= q.memory
}

// acquire waits for user's turn, until ctx ends, the wait runs out or
// the dispatcher of ctx begins to close, and returns the func that ends
// the turn. mem is the work's memory estimate.
func (q *fairQueue) acquire(ctx context.Context, user string, mem int64) (func(), error) {
	closing := closingOf(ctx)
	select {
	case <-closing:
		return nil, errClosing
	default:
	}
	q.mu.Lock()
	u := q.users[user]
	if u == nil {
		u = &heavyUser{}
		q.users[user] = u
	}
	// After every dispatch either no slot is free or nobody who may run
	// is waiting, so a free slot is this user's if their share allows.
	if q.free > 0 && u.running < q.perUser && !q.stalled && q.fits(mem) {
		q.free--
		q.used += mem
		u.running++
		u.served++
		q.mu.Unlock()
		return q.releaser(user, mem), nil
	}
	switch {
	case len(u.queue) >= q.userQueue:
		q.forget(user, u)
		q.mu.Unlock()
		return nil, errYours
	case q.waiting >= q.queue:
		q.forget(user, u)
		q.mu.Unlock()
		return nil, errBusy
	}
	q.seq++
	w := &heavyWaiter{seq: q.seq, mem: mem, ready: make(chan struct{})}
	u.queue = append(u.queue, w)
	q.waiting++
	q.dispatch() // marks the line held when w waits for memory
	q.mu.Unlock()

	var err error
	select {
	case <-w.ready:
		return q.releaser(user, mem), nil
	case <-ctx.Done():
		err = ctx.Err()
	case <-q.after(q.wait):
		err = errBusy
	case <-closing:
		err = errClosing
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if w.granted { // the turn came as the wait ended: give it back
		q.releaseLocked(user, mem)
		return nil, err
	}
	for i, x := range u.queue {
		if x == w {
			u.queue = append(u.queue[:i], u.queue[i+1:]...)
			break
		}
	}
	q.waiting--
	q.forget(user, u)
	q.dispatch() // the waiter that held the line may have left
	return nil, err
}

func (q *fairQueue) releaser(user string, mem int64) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			q.mu.Lock()
			q.releaseLocked(user, mem)
			q.mu.Unlock()
		})
	}
}

func (q *fairQueue) releaseLocked(user string, mem int64) {
	u := q.users[user]
	u.running--
	q.free++
	q.used -= mem
	q.forget(user, u)
	q.dispatch()
}

// forget drops an idle user's state, so their share starts afresh.
func (q *fairQueue) forget(user string, u *heavyUser) {
	if u.running == 0 && len(u.queue) == 0 {
		delete(q.users, user)
	}
}

// dispatch grants free slots to waiting users whose share allows, the
// least served first.
func (q *fairQueue) dispatch() {
	q.stalled = false
	for q.free > 0 {
		var best *heavyUser
		for _, u := range q.users {
			if len(u.queue) == 0 || u.running >= q.perUser {
				continue
			}
			if best == nil || u.served < best.served || u.served == best.served && u.queue[0].seq < best.queue[0].seq {
				best = u
			}
		}
		if best == nil {
			return
		}
		w := best.queue[0]
		if !q.fits(w.mem) {
			q.stalled = true // it waits for memory, and nobody overtakes it
			return
		}
		best.queue = best.queue[1:]
		q.waiting--
		q.free--
		q.used += w.mem
		best.running++
		best.served++
		w.granted = true
		close(w.ready)
	}
}

// heavyTurn is the gate of one request (commands.HeavyGate): its user,
// and the budget the work gets once its turn comes.
type heavyTurn struct {
	q      *fairQueue
	user   string
	base   context.Context // the request's context, without the budget
	budget time.Duration
	start  time.Time // when the handler started

	mu   sync.Mutex
	work context.Context // the context of the turn, once entered
}

type turnHeld struct{}

// Enter implements commands.HeavyGate.
func (t *heavyTurn) Enter(ctx context.Context, memory int64) (context.Context, func(), error) {
	if ctx.Value(turnHeld{}) != nil {
		return ctx, func() {}, nil
	}
	spent := time.Since(t.start)
	release, err := t.q.acquire(t.base, t.user, memory)
	if err != nil {
		return ctx, func() {}, err
	}
	// The work keeps the handler's values, not its deadline: a budget of
	// its own from now, and the request's cancellation.
	work, cancel := context.WithTimeout(context.WithoutCancel(ctx), max(t.budget-spent, 0))
	stop := context.AfterFunc(t.base, cancel)
	t.mu.Lock()
	t.work = work
	t.mu.Unlock()
	return context.WithValue(work, turnHeld{}, true), func() { stop(); cancel(); release() }, nil
}

// ranOut reports whether a turn was entered and, if so, whether its
// budget ran out. (Without a turn, LimitTime's budget governed the work.)
func (t *heavyTurn) ranOut() (entered, out bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.work == nil {
		return false, false
	}
	// The turn's context is cancelled when the turn ends; only its
	// deadline matters.
	return true, errors.Is(t.work.Err(), context.DeadlineExceeded)
}
