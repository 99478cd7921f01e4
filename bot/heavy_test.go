package bot

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
)

// gated is a command whose handler takes a heavy turn, reports the user
// on started and holds the turn until release is closed or receives.
type gated struct {
	started chan string
	release chan struct{}
}

func newGated() *gated {
	return &gated{started: make(chan string, 64), release: make(chan struct{})}
}

func (g *gated) command(name string) *commands.Command {
	return cmd(name, func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		ctx, done, err := commands.Heavy(ctx)
		if err != nil {
			return nil, err
		}
		defer done()
		// A second call while holding the turn does not wait for itself.
		if _, again, err := commands.Heavy(ctx); err != nil {
			return nil, err
		} else {
			again()
		}
		g.started <- req.UserID
		<-g.release
		return &commands.Reply{Content: "computed for " + req.UserID}, nil
	})
}

// awaitStart returns the user whose work started next.
func (g *gated) awaitStart(t *testing.T) string {
	t.Helper()
	select {
	case u := <-g.started:
		return u
	case <-time.After(patience):
		t.Fatal("no heavy work started")
		return ""
	}
}

// noStart checks that no heavy work has started (nothing is pending on
// started once every request in flight is queued or refused).
func (g *gated) noStart(t *testing.T) {
	t.Helper()
	select {
	case u := <-g.started:
		t.Fatalf("heavy work of %s started, want none", u)
	default:
	}
}

// awaitQueued waits until n requests wait for a turn.
func awaitQueued(t *testing.T, d *testDispatcher, n int) {
	t.Helper()
	awaitWaiting(t, d.heavy, n)
}

// awaitWaiting waits until n requests wait for a turn of q.
func awaitWaiting(t *testing.T, q *fairQueue, n int) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for {
		q.mu.Lock()
		w := q.waiting
		q.mu.Unlock()
		if w == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d requests waiting for a turn, want %d", w, n)
		}
		time.Sleep(time.Millisecond)
	}
}

type answer struct {
	user  string
	reply *commands.Reply
	out   Outcome
}

func doAsync(d *testDispatcher, command, user string, loc commands.Locale, answers chan<- answer) {
	go func() {
		r, out := d.Do(context.Background(), request(command, user, loc))
		answers <- answer{user, r, out}
	}()
}

func TestHeavyQueueFullIsBusy(t *testing.T) {
	m := NewMetrics()
	o := quiet()
	o.MaxHeavy, o.HeavyQueue, o.Metrics = 1, 1, m
	g := newGated()
	d := newTestDispatcher(t, o, g.command("heavy"), cmd("light", ok("light")))
	answers := make(chan answer, 4)
	doAsync(d, "heavy", "u1", commands.English, answers)
	g.awaitStart(t)
	doAsync(d, "heavy", "u2", commands.English, answers)
	awaitQueued(t, d, 1)
	r, out := d.Do(context.Background(), request("heavy", "u3", commands.Japanese))
	if out != Busy || !r.Ephemeral || r.Content != msgBusy.Ja {
		t.Fatalf("third heavy request: %s %+v, want an ephemeral Japanese busy reply", out, r)
	}
	if _, out := d.Do(context.Background(), request("light", "u4", commands.English)); out != OK {
		t.Fatalf("light work while the heavy queue is full: %s", out)
	}
	close(g.release)
	for i := 0; i < 2; i++ {
		if a := <-answers; a.out != OK {
			t.Fatalf("held heavy request of %s: %s", a.user, a.out)
		}
	}
	if got := counter(t, m.Busy); got != 1 {
		t.Fatalf("alea_busy_total = %v, want 1", got)
	}
}

// TestHeavyShareOfOneUser: one user runs one computation at a time even
// with a slot free, queues two more, and is told in their language that
// the rest must wait; another user's work takes the free slot at once.
func TestHeavyShareOfOneUser(t *testing.T) {
	o := quiet()
	o.MaxHeavy, o.HeavyQueue = 2, 8
	g := newGated()
	d := newTestDispatcher(t, o, g.command("heavy"))
	answers := make(chan answer, 8)
	doAsync(d, "heavy", "flood", commands.Korean, answers)
	if u := g.awaitStart(t); u != "flood" {
		t.Fatalf("started %s", u)
	}
	doAsync(d, "heavy", "flood", commands.Korean, answers)
	doAsync(d, "heavy", "flood", commands.Korean, answers)
	awaitQueued(t, d, 2)
	g.noStart(t) // the second slot is free, but not for the same user
	for i := 0; i < 2; i++ {
		r, out := d.Do(context.Background(), request("heavy", "flood", commands.Korean))
		if out != Busy || !r.Ephemeral || r.Content != msgYours.Ko {
			t.Fatalf("flood request %d over the share: %s %+v, want an ephemeral Korean refusal", i+4, out, r)
		}
	}
	doAsync(d, "heavy", "other", commands.English, answers)
	if u := g.awaitStart(t); u != "other" {
		t.Fatalf("the free slot went to %s, want other", u)
	}
	close(g.release)
	for i := 0; i < 4; i++ {
		if a := <-answers; a.out != OK {
			t.Fatalf("heavy request of %s: %s", a.user, a.out)
		}
	}
}

// TestHeavyFloodQueuesBehindOthers: with one slot, a user who already
// had a turn waits behind everyone who has had none, whenever they came.
func TestHeavyFloodQueuesBehindOthers(t *testing.T) {
	o := quiet()
	o.MaxHeavy, o.HeavyQueue = 1, 8
	g := newGated()
	d := newTestDispatcher(t, o, g.command("heavy"))
	answers := make(chan answer, 8)
	doAsync(d, "heavy", "flood", commands.English, answers)
	g.awaitStart(t)
	doAsync(d, "heavy", "flood", commands.English, answers)
	awaitQueued(t, d, 1)
	doAsync(d, "heavy", "flood", commands.English, answers)
	awaitQueued(t, d, 2)
	for i, u := range []string{"b", "c", "e"} {
		doAsync(d, "heavy", u, commands.English, answers)
		awaitQueued(t, d, 3+i)
	}
	var order []string // each send on release lets one computation finish
	for i := 0; i < 5; i++ {
		g.release <- struct{}{}
		order = append(order, g.awaitStart(t))
	}
	g.release <- struct{}{}
	if got := fmt.Sprint(order); got != "[b c e flood flood]" {
		t.Fatalf("turns after the flooder's first: %s, want the others first", got)
	}
	for i := 0; i < 6; i++ {
		if a := <-answers; a.out != OK {
			t.Fatalf("%s: %s", a.user, a.out)
		}
	}
}

// TestHeavyWaitIsNotCharged: a request whose whole budget passes while
// it waits for a turn still gets its budget once the turn comes.
func TestHeavyWaitIsNotCharged(t *testing.T) {
	o := quiet()
	o.MaxHeavy, o.HeavyQueue = 1, 4
	g := newGated()
	handlerCtx := make(chan context.Context, 1)
	workDeadline := make(chan time.Time, 1)
	quick := cmd("quick", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		handlerCtx <- ctx
		ctx, done, err := commands.Heavy(ctx)
		if err != nil {
			return nil, err
		}
		defer done()
		dl, _ := ctx.Deadline()
		workDeadline <- dl
		return &commands.Reply{Content: "quick"}, nil
	})
	quick.Budget = 20 * time.Millisecond
	d := newTestDispatcher(t, o, g.command("hold"), quick)
	answers := make(chan answer, 2)
	doAsync(d, "hold", "u1", commands.English, answers)
	g.awaitStart(t)
	doAsync(d, "quick", "u2", commands.English, answers)
	hctx := <-handlerCtx
	awaitQueued(t, d, 1)
	<-hctx.Done() // the budget, counted from the start, is over
	expired, _ := hctx.Deadline()
	close(g.release)
	for i := 0; i < 2; i++ {
		if a := <-answers; a.out != OK {
			t.Fatalf("%s: %s %+v", a.user, a.out, a.reply)
		}
	}
	if dl := <-workDeadline; !dl.After(expired) {
		t.Fatalf("the work's deadline %v is not after the handler's %v: the wait was charged", dl, expired)
	}
}

// TestHeavyWaitersRefusedAtClose: waiting work is answered "restarting"
// when the dispatcher closes, not left waiting.
func TestHeavyWaitersRefusedAtClose(t *testing.T) {
	o := quiet()
	o.MaxHeavy = 1
	g := newGated()
	d := newTestDispatcher(t, o, g.command("heavy"))
	answers := make(chan answer, 2)
	doAsync(d, "heavy", "u1", commands.English, answers)
	g.awaitStart(t)
	doAsync(d, "heavy", "u2", commands.Japanese, answers)
	awaitQueued(t, d, 1)
	closed := make(chan error, 1)
	go func() { closed <- d.Close(context.Background()) }()
	a := <-answers
	if a.user != "u2" || a.out != Busy || a.reply.Content != msgClosing.Ja {
		t.Fatalf("waiting request at close: %s %s %+v", a.user, a.out, a.reply)
	}
	close(g.release)
	if a := <-answers; a.out != OK {
		t.Fatalf("running request at close: %s", a.out)
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
}

// TestHeavyWaitIsBounded: a turn that does not come within HeavyWait is
// refused as busy (the clock is a trigger of the test's).
func TestHeavyWaitIsBounded(t *testing.T) {
	q := newFairQueue(1, 1, 2, 4, time.Minute)
	trigger := make(chan time.Time)
	q.after = func(d time.Duration) <-chan time.Time {
		if d != time.Minute {
			t.Errorf("waits %s, want a minute", d)
		}
		return trigger
	}
	release, err := q.acquire(context.Background(), "a", 0)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 1)
	go func() { _, err := q.acquire(context.Background(), "b", 0); errs <- err }()
	trigger <- time.Time{}
	if err := <-errs; !errors.Is(err, errBusy) {
		t.Fatalf("after the wait: %v, want busy", err)
	}
	release()
	if q.free != 1 || q.waiting != 0 || len(q.users) != 0 {
		t.Fatalf("state left behind: free %d, waiting %d, users %d", q.free, q.waiting, len(q.users))
	}
}

// TestReplyAfterTheBudgetIsNotCached: a handler that answers only after
// its budget ran out (a search it cut short) is not cached; the next
// identical request computes afresh.
func TestReplyAfterTheBudgetIsNotCached(t *testing.T) {
	o := quiet()
	o.CacheTTL = time.Minute
	calls := 0
	c := cmd("partial", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		calls++
		ctx, done, err := commands.Heavy(ctx)
		if err != nil {
			return nil, err
		}
		defer done()
		<-ctx.Done() // the search runs until the budget stops it
		return &commands.Reply{Content: "what was found in time"}, nil
	})
	c.Budget = time.Millisecond
	d := newTestDispatcher(t, o, c)
	for i := 0; i < 2; i++ {
		if _, out := d.Do(context.Background(), request("partial", "u", commands.English)); out != OK {
			t.Fatalf("outcome %s", out)
		}
	}
	if calls != 2 {
		t.Fatalf("%d computations for two requests: the partial reply was cached", calls)
	}
}
