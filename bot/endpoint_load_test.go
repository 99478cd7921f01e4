//go:build load

package bot_test

// The load test of the HTTP interactions endpoint, loopback only, bounded
// in time and count:
//
//	go test -tags load -run TestEndpointLoad -v ./bot/
//
// ALEA_LOAD_SECONDS (default 5) and ALEA_LOAD_CONCURRENCY (default 16)
// change the time per scenario and the number of concurrent clients.

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

	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands/all"
)

const maxRequestsPerScenario = 500_000

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

type loadResult struct {
	sent, answered, deferred, limited, busy int64
	other                                   map[string]int64
	latencies                               []time.Duration
	elapsed                                 time.Duration
}

// runLoad posts signed interactions made by next at a fixed concurrency
// for a fixed time and classifies every answer.
func runLoad(t *testing.T, f *fixture, concurrency int, dur time.Duration, next func(i int64) map[string]any) *loadResult {
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
				if i > maxRequestsPerScenario {
					return
				}
				body, token := f.interaction(2, "en", next(i))
				ts := f.ts()
				req, _ := http.NewRequest(http.MethodPost, f.srv.URL+bot.Path, bytes.NewReader(body))
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
				case r.Type == 4 && r.Data.Flags&64 != 0 && bytes.Contains(b, []byte("Slow down")):
					res.limited++
				case r.Type == 4 && r.Data.Flags&64 != 0 && bytes.Contains(b, []byte("busy")):
					res.busy++
				case r.Type == 4 && r.Data.Flags&64 != 0:
					res.other["ephemeral: "+r.Data.Content]++
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
	concurrency := envInt("ALEA_LOAD_CONCURRENCY", 16)
	dur := time.Duration(envInt("ALEA_LOAD_SECONDS", 5)) * time.Second
	quietLog := slog.New(slog.DiscardHandler)
	noLimits := bot.Options{Logger: quietLog, UserRate: -1, GlobalRate: -1}
	noCache := noLimits
	noCache.CacheTTL = -1
	defaults := bot.Options{Logger: quietLog, UserRate: rate.Limit(2), UserBurst: 8} // as alea serve runs

	fmt.Printf("load: GOMAXPROCS=%d, %d clients, %s per scenario, loopback\n", runtime.GOMAXPROCS(0), concurrency, dur)
	fmt.Printf("%-44s %8s %9s %9s %9s %9s %8s %8s %8s\n", "scenario", "requests", "req/s", "p50", "p99", "answered", "deferred", "limited", "busy")
	for _, sc := range []struct {
		name string
		opts bot.Options
		next func(i int64) map[string]any
	}{
		{"/help (cached)", noLimits, func(int64) map[string]any { return commandData("help") }},
		{"/help (cache off)", noCache, func(int64) map[string]any { return commandData("help") }},
		{"/coins bw black:N white:3 (each N new)", noLimits, func(i int64) map[string]any {
			return commandData("coins", map[string]any{"name": "bw", "type": 1, "options": []any{
				map[string]any{"name": "black", "type": 4, "value": 1000 + i},
				map[string]any{"name": "white", "type": 4, "value": 3}}})
		}},
		{"/help, production rate limits", defaults, func(int64) map[string]any { return commandData("help") }},
	} {
		f := newFixture(t, all.Registry(all.Loopback()), sc.opts)
		r := runLoad(t, f, concurrency, dur, sc.next)
		fmt.Printf("%-44s %8d %9.0f %9s %9s %9d %8d %8d %8d\n", sc.name, r.sent, float64(r.sent)/r.elapsed.Seconds(),
			pct(r.latencies, 0.50).Round(time.Microsecond), pct(r.latencies, 0.99).Round(time.Microsecond),
			r.answered, r.deferred, r.limited, r.busy)
		if len(r.other) > 0 {
			t.Errorf("%s: answers that are neither replies nor proper refusals: %v", sc.name, r.other)
		}
		if lost := r.sent - r.answered - r.deferred - r.limited - r.busy; lost != 0 {
			t.Errorf("%s: %d requests lost", sc.name, lost)
		}
	}
}
