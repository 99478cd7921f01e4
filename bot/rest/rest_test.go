package rest

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestErrorsHaveNoToken checks that failed deliveries (a
// refusal, a connection error) name the call without the token.
func TestErrorsHaveNoToken(t *testing.T) {
	const tok = "aW50ZXJhY3Rpb246OTk5:secret-interaction-token"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"code":10062,"message":"Unknown interaction"}`, http.StatusNotFound)
	}))
	defer srv.Close()
	ref := Ref{ID: "999", AppID: "1", Token: tok}
	for _, base := range []string{srv.URL, "http://127.0.0.1:1"} {
		c := NewClient(base, &http.Client{Timeout: time.Minute}, "test", nil).WithClock(&fakeClock{now: time.Now()})
		errs := []error{
			c.Callback(context.Background(), ref, "application/json", []byte(`{"type":5}`)),
			c.webhook(context.Background(), http.MethodPatch, ref, "/messages/@original", "application/json", []byte(`{}`)),
		}
		for _, err := range errs {
			if err == nil || strings.Contains(err.Error(), tok) || strings.Contains(err.Error(), "secret") {
				t.Errorf("error %v", err)
			}
		}
	}
}

// fakeClock is a Clock that moves only when a retry sleeps.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	return ctx.Err()
}

// scripted is a loopback Discord answering each request with the next
// status of its script (200 once the script is over), with Retry-After
// when set, and noting the fake time of each request.
type scripted struct {
	mu     sync.Mutex
	script []struct {
		status     int
		retryAfter string
	}
	times []time.Duration
}

func newScripted(t *testing.T, clk *fakeClock, start time.Time, steps ...any) (*scripted, string) {
	s := &scripted{}
	for i := 0; i < len(steps); i += 2 {
		s.script = append(s.script, struct {
			status     int
			retryAfter string
		}{steps[i].(int), steps[i+1].(string)})
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		n := len(s.times)
		s.times = append(s.times, clk.Now().Sub(start))
		s.mu.Unlock()
		if n < len(s.script) {
			if ra := s.script[n].retryAfter; ra != "" {
				w.Header().Set("Retry-After", ra)
			}
			w.WriteHeader(s.script[n].status)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	return s, srv.URL
}

// TestFirstResponseStaysInsideTheWindow: the callback retries a 429 and
// a 500 while the retry can be sent within 2.8 s of the receipt, and
// gives up (and says so) rather than answer later; the same faults on an
// edit are retried past the window until it succeeds.
func TestFirstResponseStaysInsideTheWindow(t *testing.T) {
	received := time.Unix(1_790_000_000, 0)
	faults := []any{429, "1", 500, "", 429, "1.5", 500, ""}

	// The interaction arrived 0.2 s before the callback is first tried.
	clk := &fakeClock{now: received.Add(200 * time.Millisecond)}
	srv, base := newScripted(t, clk, received, faults...)
	var logs strings.Builder
	c := NewClient(base, &http.Client{}, "test", slog.New(slog.NewTextHandler(&logs, nil))).WithClock(clk)
	err := c.Callback(context.Background(), Ref{ID: "1", AppID: "2", Token: "tok", Received: received}, "application/json", []byte(`{"type":5}`))
	if !errors.Is(err, errWindow) {
		t.Fatalf("callback: %v, want a give-up at the window", err)
	}
	// 0.2 s: 429 (retry after 1 s); 1.2 s: 500 (backoff 0.25 s); 1.45 s:
	// 429 (1.5 s: a retry at 2.95 s would be late).
	if got := fmt.Sprint(srv.times); got != "[200ms 1.2s 1.45s]" {
		t.Fatalf("callback attempts at %s", got)
	}
	for _, at := range srv.times {
		if at > FirstResponseWindow {
			t.Fatalf("an attempt at %s, after the window", at)
		}
	}
	if !strings.Contains(logs.String(), "first response not sent") {
		t.Errorf("the give-up is not logged: %s", logs.String())
	}

	// A callback whose window is over is not sent at all.
	clk = &fakeClock{now: received.Add(3 * time.Second)}
	srv, base = newScripted(t, clk, received)
	c = NewClient(base, &http.Client{}, "test", nil).WithClock(clk)
	if err := c.Callback(context.Background(), Ref{ID: "1", Token: "tok", Received: received}, "application/json", nil); !errors.Is(err, errWindow) || len(srv.times) != 0 {
		t.Fatalf("late callback: %v after %d attempts", err, len(srv.times))
	}

	// An edit retries through the same faults and succeeds at 3.95 s.
	clk = &fakeClock{now: received}
	srv, base = newScripted(t, clk, received, faults...)
	c = NewClient(base, &http.Client{}, "test", nil).WithClock(clk)
	if err := c.webhook(context.Background(), http.MethodPatch, Ref{AppID: "2", Token: "tok", Received: received}, "/messages/@original", "application/json", []byte(`{}`)); err != nil {
		t.Fatalf("edit: %v", err)
	}
	if got := fmt.Sprint(srv.times); got != "[0s 1s 1.25s 2.75s 3.25s]" {
		t.Fatalf("edit attempts at %s", got)
	}
}
