package app

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot/health"
	"github.com/alea-bot/alea/config"
)

// alea healthcheck (Docker's HEALTHCHECK) exits 0 only when /healthz
// answers 200, 1 when the bot is down or unhealthy, 2 when called wrongly.
func TestHealthcheckExitStatus(t *testing.T) {
	up := httptest.NewServer(health.Handler(func() bool { return false }, nil, nil))
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

	for _, c := range []struct {
		addr string
		want int
	}{
		{strings.TrimPrefix(up.URL, "http://"), 0},
		{strings.TrimPrefix(sick.URL, "http://"), 1},
		{down, 1},
		{"no-port", 2},
	} {
		if got := Healthcheck(c.addr, io.Discard); got != c.want {
			t.Errorf("healthcheck %s: exit %d, want %d", c.addr, got, c.want)
		}
	}
	// HEALTH_ADDR as the settings read it; a wildcard host means loopback.
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(up.URL, "http://"))
	cfg, err := config.FromEnv(func(name string) (string, bool) {
		if name == "HEALTH_ADDR" {
			return "0.0.0.0:" + port, true
		}
		return "", false
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := Healthcheck(cfg.HealthAddr, io.Discard); got != 0 {
		t.Errorf("healthcheck with HEALTH_ADDR=0.0.0.0:%s: exit %d, want 0", port, got)
	}
	// Without HEALTH_ADDR, the default the bot listens on.
	cfg, err = config.FromEnv(func(string) (string, bool) { return "", false })
	if err != nil || cfg.HealthAddr != "127.0.0.1:9090" {
		t.Errorf("default HEALTH_ADDR %q (%v), want 127.0.0.1:9090", cfg.HealthAddr, err)
	}
}
