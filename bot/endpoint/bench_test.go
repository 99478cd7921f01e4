package endpoint_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/endpoint"
)

// BenchmarkEndpoint measures one signed interaction through the handler
// (no network): signature check, parsing, dispatch, response encoding.
func BenchmarkEndpoint(b *testing.B) {
	for _, bc := range []struct {
		name string
		opts bot.Options
	}{
		{"echo-cached", bot.Options{CacheTTL: time.Minute}},
		{"echo-uncached", bot.Options{}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			bc.opts.Logger = slog.New(slog.DiscardHandler)
			f := newFixture(b, bottest.Commands(nil), bc.opts)
			body, _ := f.interaction(2, "en", bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "hi"}))
			ts := f.ts()
			sig := sign(testKey, ts, body)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, endpoint.Path, bytes.NewReader(body))
				req.Header.Set("X-Signature-Ed25519", sig)
				req.Header.Set("X-Signature-Timestamp", ts)
				w := httptest.NewRecorder()
				f.ep.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("status %d", w.Code)
				}
			}
			b.StopTimer()
			f.srv.Close()
		})
	}
}
