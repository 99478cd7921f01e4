package endpoint_test

// The load test of the HTTP interactions endpoint, loopback only. By
// default (as CI runs it, with every other test) it is short and bounded
// in count: 200 requests per scenario from 4 clients, checking that every
// request ends as a reply, a deferral completed through REST, or a proper
// refusal. Setting ALEA_LOAD_SECONDS runs the long form, bounded in time
// instead (and at most 500,000 requests per scenario), which reports
// throughput and latency:
//
//	ALEA_LOAD_SECONDS=5 ALEA_LOAD_CONCURRENCY=16 go test -run TestEndpointLoad -v ./bot/endpoint
//
// Nothing here asserts a speed; the numbers are for reading.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/endpoint"
	"github.com/alea-bot/alea/commands/all"
)

const (
	shortRequests = 200     // per scenario, the default (CI) form
	longRequests  = 500_000 // per scenario at most, the long form
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

type loadResult struct {
	sent, answered, deferred, refused int64
	other                             map[string]int64
	latencies                         []time.Duration
	elapsed                           time.Duration
}

// runLoad posts signed interactions made by next at a fixed concurrency
// for a fixed time and classifies every answer.
func runLoad(t *testing.T, f *fixture, concurrency int, dur time.Duration, maxRequests int64, next func(i int64) map[string]any) *loadResult {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: concurrency, MaxConnsPerHost: concurrency}, Timeout: 30 * time.Second}
	res := &loadResult{other: map[string]int64{}}
	var (
		mu      sync.Mutex
		seq     atomic.Int64
		wg      sync.WaitGroup
		tokens  []string
		stop    = time.Now().Add(dur)
		started = time.Now()
	)
	for w := 0; w < concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lats []time.Duration
			defer func() { mu.Lock(); res.latencies = append(res.latencies, lats...); mu.Unlock() }()
			for time.Now().Before(stop) {
				i := seq.Add(1)
				if i > maxRequests {
					return
				}
				body, token := f.interaction(2, "en", next(i))
				ts := f.ts()
				req, _ := http.NewRequest(http.MethodPost, f.srv.URL+endpoint.Path, bytes.NewReader(body))
				req.Header.Set("X-Signature-Ed25519", sign(testKey, ts, body))
				req.Header.Set("X-Signature-Timestamp", ts)
				t0 := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					mu.Lock()
					res.other["transport error: "+err.Error()]++
					mu.Unlock()
					continue
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				lats = append(lats, time.Since(t0))
				var r struct {
					Type int `json:"type"`
					Data struct {
						Content string `json:"content"`
						Flags   int    `json:"flags"`
					} `json:"data"`
				}
				mu.Lock()
				res.sent++
				switch {
				case resp.StatusCode != http.StatusOK || json.Unmarshal(b, &r) != nil:
					res.other[fmt.Sprintf("status %d", resp.StatusCode)]++
				case r.Type == 5:
					res.deferred++
					tokens = append(tokens, token)
				case r.Type == 4 && r.Data.Flags&64 != 0:
					// A refusal; the metrics tell which kind.
					res.refused++
				case r.Type == 4:
					res.answered++
				default:
					res.other[fmt.Sprintf("type %d", r.Type)]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(started)
	// Every deferred interaction must have been completed through REST.
	for _, tok := range tokens {
		f.rest.await(t, tok, 1)
	}
	return res
}

func pct(lats []time.Duration, p float64) time.Duration {
	if len(lats) == 0 {
		return 0
	}
	sort.Slice(lats, func(i, j int) bool { return lats[i] < lats[j] })
	return lats[min(len(lats)-1, int(p*float64(len(lats))))]
}

func TestEndpointLoad(t *testing.T) {
	concurrency, dur, maxRequests := 4, bottest.Wait, int64(shortRequests)
	if secs := envInt("ALEA_LOAD_SECONDS", 0); secs > 0 {
		concurrency = envInt("ALEA_LOAD_CONCURRENCY", 16)
		dur, maxRequests = time.Duration(secs)*time.Second, longRequests
	}
	quietLog := slog.New(slog.DiscardHandler)
	noLimits := bottest.Limits{Logger: quietLog, CacheTTL: 10 * time.Minute}
	noCache := bottest.Limits{Logger: quietLog}
	defaults := bottest.Served() // as alea serve runs
	defaults.Logger = quietLog

	t.Logf("load: GOMAXPROCS=%d, %d clients, at most %s and %d requests per scenario, loopback", runtime.GOMAXPROCS(0), concurrency, dur, maxRequests)
	t.Logf("%-44s %8s %9s %9s %9s %9s %8s %8s %8s", "scenario", "requests", "req/s", "p50", "p99", "answered", "deferred", "limited", "busy")
	for _, sc := range []struct {
		name string
		opts bottest.Limits
		next func(i int64) map[string]any
	}{
		{"/help (cached)", noLimits, func(int64) map[string]any { return bottest.CommandData("help") }},
		{"/help (cache off)", noCache, func(int64) map[string]any { return bottest.CommandData("help") }},
		{"/coins bw black:N white:3 (each N new)", noLimits, func(i int64) map[string]any {
			return bottest.CommandData("coins", map[string]any{"name": "bw", "type": 1, "options": []any{
				map[string]any{"name": "black", "type": 4, "value": 1000 + i},
				map[string]any{"name": "white", "type": 4, "value": 3}}})
		}},
		{"/help, production rate limits", defaults, func(int64) map[string]any { return bottest.CommandData("help") }},
	} {
		m := bot.NewMetrics()
		sc.opts.Metrics = m
		f := newFixture(t, all.Registry(all.Loopback()), sc.opts)
		r := runLoad(t, f, concurrency, dur, maxRequests, sc.next)
		t.Logf("%-44s %8d %9.0f %9s %9s %9d %8d %8d %8d", sc.name, r.sent, float64(r.sent)/r.elapsed.Seconds(),
			pct(r.latencies, 0.50).Round(time.Microsecond), pct(r.latencies, 0.99).Round(time.Microsecond),
			r.answered, r.deferred, int64(testutil.ToFloat64(m.RateLimited)), int64(testutil.ToFloat64(m.Busy)))
		if len(r.other) > 0 {
			t.Errorf("%s: answers that are neither replies nor proper refusals: %v", sc.name, r.other)
		}
		if lost := r.sent - r.answered - r.deferred - r.refused; lost != 0 {
			t.Errorf("%s: %d requests lost", sc.name, lost)
		}
		if proper := int64(testutil.ToFloat64(m.RateLimited) + testutil.ToFloat64(m.Busy)); r.refused != proper {
			t.Errorf("%s: %d ephemeral refusals, of which %d rate limits or busy refusals", sc.name, r.refused, proper)
		}
	}
}
