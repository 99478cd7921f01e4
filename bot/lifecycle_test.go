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

	"github.com/alea-bot/alea/commands"
)

func TestCloseWaitsForInFlightWork(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{})
	d := newTestDispatcher(t, quiet(), cmd("held", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		close(started)
		<-release
		return &commands.Reply{Content: "finished"}, nil
	}), cmd("a", ok("x")))
	rec := &recorder{}
	handled := make(chan Outcome, 1)
	go func() { handled <- d.Handle(context.Background(), request("held", "u", commands.English), rec) }()
	<-started
	short, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := d.Close(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Close returned %v while work was in flight", err)
	}
	// Closed: new work is turned away politely.
	r, out := d.Do(context.Background(), request("a", "u2", commands.Korean))
	if out != Busy || r.Content != msgClosing.Ko {
		t.Fatalf("after Close: %s %+v", out, r)
	}
	closed := make(chan error, 1)
	go func() { closed <- d.Close(context.Background()) }()
	close(release)
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	// Close returned only after the held reply was sent.
	if rec.log() != "send(deferred=false)" || rec.reply.Content != "finished" {
		t.Fatalf("Close returned before the reply: %s", rec.log())
	}
	if out := <-handled; out != OK {
		t.Fatalf("held request: %s", out)
	}
}

// Interactions may keep arriving while Close waits (the gateway's socket
// closes a moment later): each is turned away and counted, and Close
// still returns once everything has been answered.
func TestCloseWhileInteractionsArrive(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{})
	d := newTestDispatcher(t, quiet(), cmd("held", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		close(started)
		<-release
		return &commands.Reply{Content: "finished"}, nil
	}), cmd("a", ok("x")))
	go d.Handle(context.Background(), request("held", "u", commands.English), &recorder{})
	<-started
	closed := make(chan error, 1)
	go func() { closed <- d.Close(context.Background()) }()
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			d.Handle(context.Background(), request("a", fmt.Sprint("late", i), commands.English), &recorder{})
		}(i)
	}
	wg.Wait()
	select {
	case err := <-closed:
		t.Fatalf("Close returned %v while the held interaction was in flight", err)
	default:
	}
	close(release)
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	// Closing again, with nothing in flight, returns at once.
	if err := d.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// A warm-up stopped because the bot is shutting down is logged as
// stopped, not as a failure; a warm-up that fails on its own still is
// an error, even when the context has ended meanwhile.
func TestWarmStoppedAtShutdownIsNotAnError(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	o := quiet()
	o.Logger = slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return logs.Write(p)
	}), nil))
	stopped := cmd("stopped", ok("x"))
	stopped.Warm = func(ctx context.Context) error {
		<-ctx.Done()
		return fmt.Errorf("table: %w", ctx.Err())
	}
	broken := cmd("broken", ok("x"))
	broken.Warm = func(context.Context) error { return errors.New("table broken") }
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as SIGTERM does during start-up
	Warm(ctx, commands.NewRegistry(stopped, broken), o.Logger, nil)
	mu.Lock()
	defer mu.Unlock()
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want two log lines:\n%s", logs.String())
	}
	for _, want := range []string{
		`level=INFO msg="warm-up stopped" command=stopped err="table: context canceled"`,
		`level=ERROR msg="warm-up failed" command=broken err="table broken"`,
	} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log lacks %s:\n%s", want, logs.String())
		}
	}
}
