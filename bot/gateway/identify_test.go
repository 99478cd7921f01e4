package gateway_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/gateway"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// stepClock is a gateway.Clock that never sleeps: each Sleep is recorded
// and moves the time on by its length; each Now moves it on by step.
type stepClock struct {
	mu     sync.Mutex
	now    time.Time
	step   time.Duration
	sleeps []time.Duration
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(c.step)
	return c.now
}

func (c *stepClock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sleeps = append(c.sleeps, d)
	c.now = c.now.Add(d)
	return ctx.Err()
}

func (c *stepClock) recorded() (time.Time, []time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now, append([]time.Duration(nil), c.sleeps...)
}

// heldClock is a gateway.Clock whose Sleep hands its length to the test
// and returns only when the test releases it (or the gateway closes).
type heldClock struct {
	asked   chan time.Duration
	release chan struct{}
}

func (heldClock) Now() time.Time { return time.Unix(0, 0) }

func (c heldClock) Sleep(ctx context.Context, d time.Duration) error {
	c.asked <- d
	select {
	case <-c.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// openInBackground opens the gateway in a goroutine; the result comes on
// the channel (the context ends when the test does).
func openInBackground(t *testing.T, f *gwFixture) <-chan error {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() { done <- f.gw.Open(ctx) }()
	return done
}

// An op 9 storm (every IDENTIFY answered INVALID SESSION) drew 100,000
// IDENTIFYs in 30 s, since discordgo identifies again at once. Each one
// now waits the 1–5 s Discord asks for after op 9, and IDENTIFYs are 5 s
// apart (max_concurrency per 5 s, one bucket per shard).
func TestGatewayPacesIdentifyAfterInvalidSession(t *testing.T) {
	t.Run("the wait after op 9", func(t *testing.T) {
		// Time moves on 10 s at every look, so the 5 s spacing never
		// asks for a wait: every wait is the one after op 9.
		clock := &stepClock{now: time.Unix(0, 0), step: 10 * time.Second}
		f := newGatewayFixture(t, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{}, func(o *gateway.Options) { o.Clock = clock })
		f.fake.InjectGateway(fakediscord.GatewayFaults{InvalidSessions: 1 << 30})
		openInBackground(t, f)
		st := f.fake.AwaitIdentifies(t, 12)
		_, sleeps := clock.recorded()
		// Every IDENTIFY but the first followed an op 9 and a wait.
		if len(sleeps) < st.Received-1 {
			t.Fatalf("%d IDENTIFYs after op 9 but %d waits", st.Received-1, len(sleeps))
		}
		seen := map[time.Duration]bool{}
		for _, d := range sleeps {
			if d < time.Second || d > 5*time.Second {
				t.Errorf("waited %s after op 9, want 1–5 s", d)
			}
			seen[d] = true
		}
		if len(seen) < 2 {
			t.Errorf("the waits %v are all the same: not random", sleeps)
		}
	})
	t.Run("5 s between IDENTIFYs", func(t *testing.T) {
		// Time moves only by the waits.
		clock := &stepClock{now: time.Unix(0, 0)}
		f := newGatewayFixture(t, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{}, func(o *gateway.Options) { o.Clock = clock })
		f.fake.InjectGateway(fakediscord.GatewayFaults{InvalidSessions: 1 << 30})
		openInBackground(t, f)
		st := f.fake.AwaitIdentifies(t, 12)
		now, _ := clock.recorded()
		// The clock is read after the fake counted, so it may be ahead,
		// never behind: n IDENTIFYs took at least (n−1)×5 s.
		if elapsed := now.Sub(time.Unix(0, 0)); elapsed < time.Duration(st.Received-1)*5*time.Second {
			t.Errorf("%d IDENTIFYs in %s of the gateway's time, want at least 5 s between them", st.Received, elapsed)
		}
	})
	t.Run("nothing is sent while it waits", func(t *testing.T) {
		clock := heldClock{asked: make(chan time.Duration), release: make(chan struct{})}
		f := newGatewayFixture(t, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{}, func(o *gateway.Options) { o.Clock = clock })
		f.fake.InjectGateway(fakediscord.GatewayFaults{InvalidSessions: 1 << 30})
		openInBackground(t, f)
		var d time.Duration
		select {
		case d = <-clock.asked:
		case <-time.After(fakediscord.Wait):
			t.Fatal("the gateway did not wait after op 9")
		}
		if d < time.Second || d > 5*time.Second {
			t.Errorf("waited %s after op 9, want 1–5 s", d)
		}
		if st := f.fake.Stats(); st.Received != 1 || st.Invalidated != 1 {
			t.Errorf("while waiting: %d IDENTIFYs received, %d invalidated; want 1 and 1", st.Received, st.Invalidated)
		}
		// Closing drops the IDENTIFY that waits.
		ctx, cancel := context.WithTimeout(context.Background(), bottest.Wait)
		defer cancel()
		if err := f.gw.Close(ctx); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if st := f.fake.Stats(); st.Received != 1 {
			t.Errorf("%d IDENTIFYs after Close, want 1", st.Received)
		}
	})
}

// With the day's session-start budget spent (GET /gateway/bot says 0
// remaining), the gateway waits until Discord resets it instead of
// identifying (which would get the token reset).
func TestGatewayKeepsTheSessionStartBudget(t *testing.T) {
	clock := heldClock{asked: make(chan time.Duration), release: make(chan struct{})}
	f := newGatewayFixture(t, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{}, func(o *gateway.Options) { o.Clock = clock })
	f.fake.InjectGateway(fakediscord.GatewayFaults{SessionStarts: &fakediscord.SessionStarts{Total: 1000, Remaining: 0, ResetAfter: 3 * time.Hour, MaxConcurrency: 1}})
	opened := openInBackground(t, f)
	var d time.Duration
	select {
	case d = <-clock.asked:
	case <-time.After(fakediscord.Wait):
		t.Fatal("the gateway did not wait for the budget")
	}
	if d != 3*time.Hour {
		t.Errorf("waited %s, want the 3 h until the reset", d)
	}
	if st := f.fake.Stats(); st.Received != 0 {
		t.Fatalf("%d IDENTIFYs with the budget spent", st.Received)
	}
	// Discord resets the budget; the wait ends.
	f.fake.InjectGateway(fakediscord.GatewayFaults{SessionStarts: &fakediscord.SessionStarts{Total: 1000, Remaining: 1000, MaxConcurrency: 1}})
	clock.release <- struct{}{}
	if err := <-opened; err != nil {
		t.Fatalf("Open: %v", err)
	}
	if st := f.fake.Stats(); st.Received != 1 || st.OverBudget != 0 || !f.gw.Ready() {
		t.Errorf("after the reset: %d IDENTIFYs, %d over the budget, ready %v", st.Received, st.OverBudget, f.gw.Ready())
	}
	if !strings.Contains(f.log.String(), "session-start budget") {
		t.Errorf("the log does not say why it waits:\n%s", f.log)
	}
}

// A token revoked while the bot runs closes the session with 4004: the
// gateway stops (not ready, Failed delivers the code) and the log says
// what to do, instead of retrying forever while /readyz answers 200.
func TestGatewayStopsOnARevokedToken(t *testing.T) {
	f := newGatewayFixture(t, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{}, nil)
	f.open()
	f.fake.Revoke()
	f.fake.Drop(t, 0) // discordgo resumes, and Discord refuses
	var err error
	select {
	case err = <-f.gw.Failed():
	case <-time.After(fakediscord.Wait):
		t.Fatalf("the gateway did not give up on a refused token\n%s", f.log)
	}
	var ce *gateway.CloseError
	if !errors.As(err, &ce) || ce.Code != 4004 {
		t.Fatalf("Failed: %v, want close code 4004", err)
	}
	if f.gw.Ready() {
		t.Error("still ready with the token refused")
	}
	logged := f.log.String()
	if !strings.Contains(logged, "the token was refused") || !strings.Contains(logged, "reset it in the Developer Portal") ||
		!strings.Contains(logged, "DISCORD_TOKEN") {
		t.Errorf("the log does not say what to do:\n%s", logged)
	}
}

// The other close codes after which Discord will not take the session
// (4010–4014) end Open with the code and what to do.
func TestGatewayFatalCloseCodesAtOpen(t *testing.T) {
	for _, code := range []int{4010, 4011, 4012, 4013, 4014} {
		f := newGatewayFixture(t, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{}, nil)
		f.fake.InjectGateway(fakediscord.GatewayFaults{CloseCode: code})
		ctx, cancel := context.WithTimeout(context.Background(), bottest.Wait)
		err := f.gw.Open(ctx)
		cancel()
		var ce *gateway.CloseError
		if !errors.As(err, &ce) || ce.Code != code || ce.Action == "" {
			t.Errorf("close %d: Open returned %v", code, err)
		}
		if f.gw.Ready() {
			t.Errorf("close %d: ready", code)
		}
	}
}
