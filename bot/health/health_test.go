package health_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/health"
	"github.com/alea-bot/alea/commands"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := bottest.Client().Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// /healthz answers while the process runs, /readyz only once ready, and
// /metrics counts interactions by command and outcome, cache hits and
// rate-limited requests as the dispatcher handles them.
func TestHealthReadinessAndMetrics(t *testing.T) {
	echo := &commands.Command{
		Name:        commands.T("echo", "echo", "echo"),
		Description: commands.T("Echo", "Echo", "Echo"),
		Caching:     &commands.Caching{},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "echo"}, nil
		},
	}
	m := bot.NewMetrics()
	d, err := bot.NewDispatcher(commands.NewRegistry(echo), bottest.Limits{Metrics: m, CacheTTL: time.Minute, Rates: bot.RateLimits{UserRate: 1, UserBurst: 2}, DeferAfter: time.Hour}.Options())
	if err != nil {
		t.Fatal(err)
	}
	var ready atomic.Bool
	srv := httptest.NewServer(health.Handler(ready.Load, m.Registry, nil))
	defer srv.Close()

	if code, body := get(t, srv.URL+"/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, _ := get(t, srv.URL+"/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz before ready: %d, want 503", code)
	}
	ready.Store(true)
	if code, body := get(t, srv.URL+"/readyz"); code != 200 || body != "ready\n" {
		t.Errorf("/readyz when ready: %d %q", code, body)
	}
	if resp, err := bottest.Client().Post(srv.URL+"/healthz", "text/plain", nil); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /healthz: %v %v, want 405", resp.Status, err)
	} else {
		resp.Body.Close()
	}

	// Three requests from one user with a burst of two: computed, from the
	// cache, refused by the rate limit.
	for i := 0; i < 3; i++ {
		req := &commands.Request{Kind: commands.KindCommand, ID: "i", Command: "echo", UserID: "u", Locale: commands.English, Options: commands.Options{}}
		d.Do(context.Background(), req)
	}
	_, body := get(t, srv.URL+"/metrics")
	for _, want := range []string{
		`alea_interactions_total{command="echo",outcome="ok"} 2`,
		`alea_interactions_total{command="echo",outcome="limited"} 1`,
		"alea_cache_hits_total 1",
		"alea_cache_misses_total 1",
		"alea_rate_limited_total 1",
		"alea_in_flight 0",
		`alea_interaction_seconds_count{command="echo"} 3`,
		"go_goroutines",
	} {
		if !strings.Contains(body, want+"\n") && !strings.Contains(body, want+" ") {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

// failing is a collector whose collection always fails.
type failing struct{}

func (failing) Describe(ch chan<- *prometheus.Desc) { ch <- failingDesc }
func (failing) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.NewInvalidMetric(failingDesc, errors.New("sensor unplugged"))
}

var failingDesc = prometheus.NewDesc("alea_test_failing", "A metric that cannot be read.", nil, nil)

// The metrics handler's own errors go to the configured logger (JSON
// here), not to the standard log package.
func TestMetricsErrorsGoThroughSlog(t *testing.T) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(failing{})
	var buf bytes.Buffer
	srv := httptest.NewServer(health.Handler(func() bool { return true }, reg, slog.New(slog.NewJSONHandler(&buf, nil))))
	defer srv.Close()
	get(t, srv.URL+"/metrics")
	var rec map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(buf.Bytes()), &rec); err != nil || !strings.Contains(fmt.Sprint(rec["msg"]), "sensor unplugged") || rec["level"] != "ERROR" {
		t.Fatalf("metrics error log: %q (%v)", buf.String(), err)
	}
}

// /readyz names what the process runs on (the store) on lines after its
// state, ready or not.
func TestReadyzDetails(t *testing.T) {
	var ready atomic.Bool
	srv := httptest.NewServer(health.Handler(ready.Load, nil, nil, func() string { return "store: sqlite" }))
	defer srv.Close()
	if code, body := get(t, srv.URL+"/readyz"); code != http.StatusServiceUnavailable || body != "starting\nstore: sqlite\n" {
		t.Errorf("/readyz before ready: %d %q", code, body)
	}
	ready.Store(true)
	if code, body := get(t, srv.URL+"/readyz"); code != 200 || body != "ready\nstore: sqlite\n" {
		t.Errorf("/readyz when ready: %d %q", code, body)
	}
}
