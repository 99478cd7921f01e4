package app

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/config"
)

func endpointConfig(t *testing.T, extra ...string) config.Config {
	t.Helper()
	vals := map[string]string{"DISCORD_PUBLIC_KEY": "e3c6a6b3d6f74be4c7e2a1b0a9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6",
		"HTTP_ADDR": "127.0.0.1:0", "HEALTH_ADDR": "127.0.0.1:0", "STATE_SECRET": testStateSecret}
	for i := 0; i+1 < len(extra); i += 2 {
		vals[extra[i]] = extra[i+1]
	}
	cfg, err := config.FromEnv(func(k string) (string, bool) { v, ok := vals[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// RATE_GLOBAL reaches the dispatcher, with bursts of twice the rate.
func TestGlobalRateSetting(t *testing.T) {
	o := rateLimits(endpointConfig(t, "RATE_GLOBAL", "300"))
	if o.GlobalRate != rate.Limit(300) || o.GlobalBurst != 600 {
		t.Fatalf("RATE_GLOBAL=300: rate %v burst %d", o.GlobalRate, o.GlobalBurst)
	}
	o = rateLimits(endpointConfig(t))
	if o.GlobalRate != 50 || o.GlobalBurst != 100 {
		t.Fatalf("default: rate %v burst %d", o.GlobalRate, o.GlobalBurst)
	}
}

// roundTrip sends one keep-alive request on c and reads its answer.
func roundTrip(t *testing.T, c net.Conn, r *bufio.Reader) int {
	t.Helper()
	if _, err := fmt.Fprint(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// The HTTP endpoint holds at most EndpointConns connections, and a new
// one is never kept out: with a cap of one, a second connection closes
// the first while it waits between requests (kept alive, nothing being
// answered on it) and is served; the first then reads the end of its
// connection.
func TestEndpointConnectionCap(t *testing.T) {
	d, err := bot.NewDispatcher(all.Registry(all.Loopback()), DispatcherOptions(endpointConfig(t), slog.New(slog.DiscardHandler), nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := build(endpointConfig(t), d, nil, slog.New(slog.DiscardHandler), Settings{EndpointConns: 1}, "test")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || rs[0].name != "HTTP endpoint" {
		t.Fatalf("transports %v", rs)
	}
	h := rs[0].t.(*httpTransport)
	if err := h.Start(t.Context(), func(err error) { t.Error(err) }); err != nil {
		t.Fatal(err)
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		closeAll(ctx, rs, slog.New(slog.DiscardHandler))
	}()
	addr := h.ln.Addr().String()
	sl := h.ln.(*shedListener)

	a, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ar := bufio.NewReader(a)
	for range 5 {
		roundTrip(t, a, ar) // a is accepted and kept alive
	}
	awaitIdle(sl, 1)

	b, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	br := bufio.NewReader(b)
	if s := roundTrip(t, b, br); s <= 0 {
		t.Fatalf("the second connection was not served")
	}
	// a was closed to make room: it reads the end of the stream.
	if _, err := ar.ReadByte(); err == nil {
		t.Fatal("the first connection is still open beside the second under a cap of one")
	}
	sl.mu.Lock()
	open, shed := sl.open, sl.shed
	sl.mu.Unlock()
	if open > 1 || shed != 1 {
		t.Fatalf("%d connections open, %d shed; want at most 1 and 1", open, shed)
	}
	roundTrip(t, b, br) // b stays served
}
