package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot/health"
)

// alea healthcheck (Docker's HEALTHCHECK) exits 0 only when /healthz
// answers 200, 1 when the bot is down or unhealthy, 2 when called wrongly.
func TestHealthcheckExitStatus(t *testing.T) {
	up := httptest.NewServer(health.Handler(func() bool { return false }, nil))
	defer up.Close()
	sick := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}))
	defer sick.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := ln.Addr().String()
	ln.Close()

	t.Setenv("HEALTH_ADDR", "")
	for _, c := range []struct {
		addr string
		want int
	}{
		{strings.TrimPrefix(up.URL, "http://"), 0},
		{strings.TrimPrefix(sick.URL, "http://"), 1},
		{down, 1},
		{"no-port", 2},
	} {
		if got := healthcheckMain([]string{c.addr}); got != c.want {
			t.Errorf("healthcheck %s: exit %d, want %d", c.addr, got, c.want)
		}
	}
	// Without an argument it asks HEALTH_ADDR; a wildcard host means loopback.
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(up.URL, "http://"))
	t.Setenv("HEALTH_ADDR", "0.0.0.0:"+port)
	if got := healthcheckMain(nil); got != 0 {
		t.Errorf("healthcheck with HEALTH_ADDR=0.0.0.0:%s: exit %d, want 0", port, got)
	}
}
