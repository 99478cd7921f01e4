package app

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// Without Discord settings alea serves the playground, and refuses an
// address beyond this machine unless PLAYGROUND_PUBLIC=true.
func TestServeRefusesAPublicPlaygroundUnlessAllowed(t *testing.T) {
	cfg, err := config.FromEnv(func(name string) (string, bool) {
		switch name {
		case "PLAYGROUND_ADDR":
			return "0.0.0.0:0", true
		case "HEALTH_ADDR":
			return "127.0.0.1:0", true
		}
		return "", false
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), fakediscord.Wait)
	defer cancel()
	err = Run(ctx, cfg, slog.New(slog.DiscardHandler), Settings{})
	if err == nil || !strings.Contains(err.Error(), "PLAYGROUND_ADDR") || !strings.Contains(err.Error(), "PLAYGROUND_PUBLIC=true") {
		t.Fatalf("Run: %v", err)
	}
}

// A health server that cannot listen stops the bot like any other server
// failure, and what was started is closed again.
func TestRunFailsWhenTheHealthServerCannotListen(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	cfg, err := config.FromEnv(func(name string) (string, bool) {
		switch name {
		case "PLAYGROUND_ADDR":
			return "127.0.0.1:0", true
		case "HEALTH_ADDR":
			return taken.Addr().String(), true
		}
		return "", false
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), fakediscord.Wait)
	defer cancel()
	err = Run(ctx, cfg, slog.New(slog.DiscardHandler), Settings{})
	if err == nil || !strings.Contains(err.Error(), "HEALTH_ADDR") {
		t.Fatalf("Run: %v, want a HEALTH_ADDR error", err)
	}
}

// A server that fails after it started (its listener closed under it)
// reports the failure, which ends Run, and is no longer ready.
func TestHTTPTransportReportsAFailure(t *testing.T) {
	var failure error
	tr := newHTTPTransport("health server", closedListener(t), http.NotFoundHandler(), time.Second, slog.New(slog.DiscardHandler))
	failed := make(chan error, 1)
	if err := tr.Start(context.Background(), func(err error) { failed <- err }); err != nil {
		t.Fatal(err)
	}
	select {
	case failure = <-failed:
	case <-time.After(fakediscord.Wait):
		t.Fatal("the failure was not reported")
	}
	if !strings.Contains(failure.Error(), "health server") || tr.Ready() {
		t.Fatalf("failure %v, ready %v", failure, tr.Ready())
	}
}

func closedListener(t *testing.T) net.Listener {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
	return ln
}

// A served transport is ready from Start until Close.
func TestHTTPTransportReadiness(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	tr := newHTTPTransport("test server", ln, http.NotFoundHandler(), time.Second, slog.New(slog.DiscardHandler))
	if tr.Ready() {
		t.Fatal("ready before Start")
	}
	if err := tr.Start(context.Background(), func(err error) { t.Errorf("failed: %v", err) }); err != nil {
		t.Fatal(err)
	}
	if !tr.Ready() {
		t.Fatal("not ready while serving")
	}
	ctx, cancel := context.WithTimeout(context.Background(), fakediscord.Wait)
	defer cancel()
	if err := tr.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if tr.Ready() {
		t.Fatal("ready after Close")
	}
}
