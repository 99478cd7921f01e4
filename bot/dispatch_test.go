package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/alea-bot/alea/commands"
)

// patience bounds waits for events that must happen; it is never a speed
// requirement.
const patience = 60 * time.Second

// recorder is an Exchange that records the calls in order. deferred, when
// set, is closed on Defer.
type recorder struct {
	mu       sync.Mutex
	calls    []string
	reply    *commands.Reply
	deferred chan struct{}
	sendErr  error
}

func (r *recorder) Defer(context.Context, *commands.Request) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, "defer")
	if r.deferred != nil {
		close(r.deferred)
	}
	return nil
}

func (r *recorder) Send(_ context.Context, _ *commands.Request, reply *commands.Reply, deferred bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, fmt.Sprintf("send(deferred=%v)", deferred))
	r.reply = reply
	return r.sendErr
}

func (r *recorder) log() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.calls, " ")
}

func counter(t *testing.T, c prometheus.Collector) float64 {
	t.Helper()
	return testutil.ToFloat64(c)
}

// cmd builds a small command named name answered by h.
func cmd(name string, h commands.HandlerFunc) *commands.Command {
	return &commands.Command{
		Name:        commands.T(name, "", ""),
		Description: commands.T("test command "+name, "", ""),
		Options: []commands.Option{
			{Name: commands.T("n", "", ""), Description: commands.T("a number", "", ""), Type: commands.Integer},
			{Name: commands.T("s", "", ""), Description: commands.T("a string", "", ""), Type: commands.String},
		},
		Handle: h,
	}
}

func ok(content string) commands.HandlerFunc {
	return func(context.Context, *commands.Request) (*commands.Reply, error) {
		return &commands.Reply{Content: content}, nil
	}
}

func request(command, user string, locale commands.Locale) *commands.Request {
	return &commands.Request{Kind: commands.KindCommand, ID: "i-" + user, Command: command, UserID: user, Locale: locale, Options: commands.Options{}}
}

// clock is a deferral trigger the test fires by hand: the interaction is
// acknowledged exactly when fire is called (or never).
type clock struct {
	asked chan string // the command of each interaction asked about
	due   chan time.Time
}

func newClock() *clock {
	return &clock{asked: make(chan string, 8), due: make(chan time.Time, 1)}
}

func (c *clock) after(req *commands.Request) <-chan time.Time {
	c.asked <- req.Command
	return c.due
}

func (c *clock) fire() { c.due <- time.Time{} }

func TestDeferralByTheClock(t *testing.T) {
	m := NewMetrics()
	o := quiet()
	clk := newClock()
	o.DeferWhen, o.Metrics = clk.after, m
	rec := &recorder{deferred: make(chan struct{})}
	started := make(chan struct{})
	slow := cmd("slow", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		close(started)
		select { // finishes only once the interaction is acknowledged
		case <-rec.deferred:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return &commands.Reply{Content: "late"}, nil
	})
	d := newTestDispatcher(t, o, slow, cmd("fast", ok("now")))
	go func() {
		<-started
		clk.fire() // DeferAfter has passed while the handler works
	}()
	if out := d.Handle(context.Background(), request("slow", "u", commands.English), rec); out != OK {
		t.Fatalf("slow: %s", out)
	}
	if got := <-clk.asked; got != "slow" {
		t.Fatalf("the clock was asked about %q, want slow", got)
	}
	if got := rec.log(); got != "defer send(deferred=true)" || rec.reply.Content != "late" {
		t.Fatalf("slow command: %s, reply %+v", got, rec.reply)
	}
	if got := counter(t, m.Deferred); got != 1 {
		t.Fatalf("alea_deferred_total = %v", got)
	}
	// The clock never fires: however long the fast command takes, it is
	// answered without an acknowledgement.
	fast := &recorder{}
	d.Handle(context.Background(), request("fast", "u", commands.English), fast)
	if got := fast.log(); got != "send(deferred=false)" {
		t.Fatalf("fast command: %s", got)
	}
}

// With the real clock, a handler that cannot finish before it is
// acknowledged is deferred once DeferAfter has passed: the timer cannot
// lose the race, whatever the machine's load.
func TestDeferralByTheRealClock(t *testing.T) {
	o := quiet()
	o.DeferAfter = time.Millisecond
	rec := &recorder{deferred: make(chan struct{})}
	c := cmd("held", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		select {
		case <-rec.deferred:
			return &commands.Reply{Content: "late"}, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	})
	d := newTestDispatcher(t, o, c)
	if out := d.Handle(context.Background(), request("held", "u", commands.English), rec); out != OK {
		t.Fatalf("held: %s", out)
	}
	if got := rec.log(); got != "defer send(deferred=true)" {
		t.Fatalf("held command: %s", got)
	}
}

func TestAutocompleteIsNeverDeferred(t *testing.T) {
	o := quiet()
	clk := newClock()
	clk.fire() // DeferAfter passed at once
	o.DeferWhen = clk.after
	c := cmd("a", ok("x"))
	c.Autocomplete = func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		return &commands.Reply{Choices: []commands.Choice{{Name: commands.T("one", "", ""), Value: "1"}}}, nil
	}
	d := newTestDispatcher(t, o, c)
	req := request("a", "u", commands.English)
	req.Kind = commands.KindAutocomplete
	rec := &recorder{}
	d.Handle(context.Background(), req, rec)
	if got := rec.log(); got != "send(deferred=false)" {
		t.Fatalf("autocomplete: %s", got)
	}
	if len(clk.asked) != 0 {
		t.Fatal("the deferral clock was consulted for an autocomplete")
	}
}

func TestModalCannotFollowADeferral(t *testing.T) {
	o := quiet()
	clk := newClock()
	clk.fire() // DeferAfter passed at once; the handler waits for the acknowledgement
	o.DeferWhen = clk.after
	rec := &recorder{deferred: make(chan struct{})}
	c := cmd("form", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		<-rec.deferred
		return &commands.Reply{Modal: &commands.Modal{CustomID: "form/x", Title: "T", Inputs: []commands.TextInput{{CustomID: "a", Label: "A"}}}}, nil
	})
	d := newTestDispatcher(t, o, c)
	if out := d.Handle(context.Background(), request("form", "u", commands.English), rec); out != TimedOut {
		t.Fatalf("modal after deferral: %s", out)
	}
	if rec.reply.Modal != nil || !rec.reply.Ephemeral {
		t.Fatalf("a modal was sent after the acknowledgement: %+v", rec.reply)
	}
}

func TestTimeBudget(t *testing.T) {
	c := cmd("long", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		<-ctx.Done() // a computation that honours its context
		return nil, ctx.Err()
	})
	c.Budget = 5 * time.Millisecond
	d := newTestDispatcher(t, quiet(), c)
	r, out := d.Do(context.Background(), request("long", "u", commands.Korean))
	if out != TimedOut || !r.Ephemeral || r.Content != msgTimeout.Format(commands.Korean, 5*time.Millisecond) {
		t.Fatalf("over budget: %s %+v", out, r)
	}
	if !strings.Contains(r.Content, "5ms") {
		t.Fatalf("the timeout reply does not say the budget: %q", r.Content)
	}
}

func TestFailuresAreContained(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	o := quiet()
	o.Logger = slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return logs.Write(p)
	}), nil))
	o.Metrics = NewMetrics()
	d := newTestDispatcher(t, o,
		cmd("panics", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) { panic("kaboom") }),
		cmd("errs", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return nil, errors.New("secret detail")
		}),
		cmd("nil", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) { return nil, nil }),
		cmd("badid", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "x", Components: []commands.ActionRow{{{Kind: commands.Button, Style: commands.Primary,
				Label: "go", CustomID: strings.Repeat("x", commands.MaxCustomID+1)}}}}, nil
		}),
		cmd("rejects", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return nil, commands.Reject("bad %d", "나쁨 %d", "だめ %d", 7)
		}),
	)
	for _, c := range []struct {
		command string
		want    Outcome
		content string
	}{
		{"panics", Internal, msgInternal.Format(commands.Japanese, "i-u")},
		{"errs", Internal, msgInternal.Format(commands.Japanese, "i-u")},
		{"nil", Internal, msgInternal.Format(commands.Japanese, "i-u")},
		{"badid", Internal, msgInternal.Format(commands.Japanese, "i-u")},
		{"rejects", Rejected, "❌ だめ 7"},
		{"missing", Rejected, ""},
	} {
		r, out := d.Do(context.Background(), request(c.command, "u", commands.Japanese))
		if out != c.want || !r.Ephemeral || (c.content != "" && r.Content != c.content) {
			t.Errorf("%s: %s %q, want %s %q", c.command, out, r.Content, c.want, c.content)
		}
		if strings.Contains(r.Content, "secret detail") || strings.Contains(r.Content, "kaboom") {
			t.Errorf("%s: the user sees internals: %q", c.command, r.Content)
		}
	}
	mu.Lock()
	got := logs.String()
	mu.Unlock()
	for _, want := range []string{"kaboom", "goroutine ", "dispatch_test.go", "secret detail", "reply breaks a Discord limit"} {
		if !strings.Contains(got, want) {
			t.Errorf("the log lacks %q", want)
		}
	}
	if n := counter(t, o.Metrics.Interactions.WithLabelValues("panics", "internal")); n != 1 {
		t.Errorf("alea_interactions_total{panics,internal} = %v", n)
	}
	// Still serving.
	if _, out := d.Do(context.Background(), request("rejects", "u", commands.English)); out != Rejected {
		t.Fatalf("after the failures: %s", out)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func TestUndeliveredReply(t *testing.T) {
	d := newTestDispatcher(t, quiet(), cmd("a", ok("x")))
	if out := d.Handle(context.Background(), request("a", "u", commands.English), &recorder{sendErr: errors.New("gone")}); out != Undelivered {
		t.Fatalf("failed send: %s", out)
	}
}
