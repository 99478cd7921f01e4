// Package health serves the liveness, readiness and metrics endpoints.
package health

import (
	"log/slog"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Handler serves /healthz (200 while the process runs), /readyz (200 once
// ready reports true, 503 before) and /metrics (Prometheus, from metrics
// when it is not nil). The metrics handler's errors go to log (none when
// nil), never to the standard log package. Each of details says, when
// /readyz is asked, a line of its body after its first: what the
// process runs on and how it is ("store: sqlite", or "store: sqlite
// degraded: why"), which does not change the status.
func Handler(ready func() bool, metrics prometheus.Gatherer, log *slog.Logger, details ...func() string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		tail := ""
		for _, d := range details {
			tail += d() + "\n"
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !ready() {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("starting\n" + tail))
			return
		}
		_, _ = w.Write([]byte("ready\n" + tail))
	})
	if metrics != nil {
		opts := promhttp.HandlerOpts{}
		if log != nil {
			opts.ErrorLog = slog.NewLogLogger(log.With("server", "metrics").Handler(), slog.LevelError)
		}
		mux.Handle("GET /metrics", promhttp.HandlerFor(metrics, opts))
	}
	return mux
}
