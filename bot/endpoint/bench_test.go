package endpoint_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/endpoint"
)

// BenchmarkEndpoint measures one signed interaction through the handler
// (no network): signature check, parsing, dispatch, response encoding.
// The signature is made outside the timed loop. The without-signature
// runs replace the Ed25519 check by a comparison with the expected
// signature, so they time everything else; ed25519-verify times the check
// alone on the same message. On a loaded machine the wall time per
// operation includes waiting for a core; cpu-ns/op is the CPU time the
// process used (every goroutine, the collector included) per operation.
func BenchmarkEndpoint(b *testing.B) {
	for _, bc := range []struct {
		name    string
		opts    bottest.Limits
		skipSig bool
	}{
		{"echo-cached", bottest.Limits{CacheTTL: time.Minute}, false},
		{"echo-uncached", bottest.Limits{}, false},
		{"echo-cached-without-signature", bottest.Limits{CacheTTL: time.Minute}, true},
		{"echo-uncached-without-signature", bottest.Limits{}, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			bc.opts.Logger = slog.New(slog.DiscardHandler)
			f := newFixture(b, bottest.Commands(nil), bc.opts)
			// Interactions of distinct ids (a replayed id is refused),
			// signed before the timed loop; the ids remembered are
			// forgotten, outside the timing, when the pool comes round.
			type signed struct {
				body []byte
				sig  string
				raw  []byte // sig decoded
			}
			pool := make([]signed, 1024)
			ts := f.ts()
			for i := range pool {
				body, _ := f.interaction(2, "en", bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "hi"}))
				sig := sign(testKey, ts, body)
				raw, _ := hex.DecodeString(sig)
				pool[i] = signed{body: body, sig: sig, raw: raw}
			}
			var want []byte
			if bc.skipSig {
				endpoint.SetVerify(f.ep, func(_ ed25519.PublicKey, _, got []byte) bool { return bytes.Equal(got, want) })
			}
			b.ReportAllocs()
			cpu0 := cpuTime()
			b.ResetTimer()
			n := 0
			for b.Loop() {
				if n == len(pool) {
					b.StopTimer()
					endpoint.Forget(f.ep)
					n = 0
					b.StartTimer()
				}
				p := pool[n]
				n++
				want = p.raw
				req := httptest.NewRequest(http.MethodPost, endpoint.Path, bytes.NewReader(p.body))
				req.Header.Set("X-Signature-Ed25519", p.sig)
				req.Header.Set("X-Signature-Timestamp", ts)
				w := httptest.NewRecorder()
				f.ep.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("status %d", w.Code)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			f.srv.Close()
		})
	}
	b.Run("ed25519-verify", func(b *testing.B) {
		f := newFixture(b, bottest.Commands(nil), bottest.Limits{Logger: slog.New(slog.DiscardHandler)})
		body, _ := f.interaction(2, "en", bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "hi"}))
		ts := f.ts()
		sig, _ := hex.DecodeString(sign(testKey, ts, body))
		msg := append([]byte(ts), body...)
		pub := testKey.Public().(ed25519.PublicKey)
		b.ReportAllocs()
		cpu0 := cpuTime()
		b.ResetTimer()
		for b.Loop() {
			if !ed25519.Verify(pub, msg, sig) {
				b.Fatal("signature")
			}
		}
		b.StopTimer()
		b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	})
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
