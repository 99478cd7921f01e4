package bot

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// HealthHandler serves /healthz (200 while the process runs), /readyz (200
// once ready reports true, 503 before) and /metrics (Prometheus).
func HealthHandler(ready func() bool, m *Metrics) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !ready() {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("starting\n"))
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
	if m != nil {
		mux.Handle("GET /metrics", promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{}))
	}
	return mux
}
