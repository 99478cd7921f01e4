package bot

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Metrics are the bot's Prometheus metrics, on a registry of their own (no
// package globals), served at /metrics.
type Metrics struct {
	Registry     *prometheus.Registry
	Interactions *prometheus.CounterVec
	Latency      *prometheus.HistogramVec
	CacheHits    prometheus.Counter
	CacheMisses  prometheus.Counter
	RateLimited  prometheus.Counter
	Busy         prometheus.Counter
	InFlight     prometheus.Gauge
	Deferred     prometheus.Counter
	WarmSeconds  *prometheus.GaugeVec
}

// NewMetrics creates and registers the bot's metrics.
func NewMetrics() *Metrics {
	m := &Metrics{
		Registry: prometheus.NewRegistry(),
		Interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "alea_interactions_total", Help: "Interactions handled, by command and outcome.",
		}, []string{"command", "outcome"}),
		Latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "alea_interaction_seconds", Help: "Time from receipt to the final reply, by command.",
			Buckets: []float64{.001, .005, .02, .1, .25, .5, 1, 1.5, 2, 3, 5, 10, 30},
		}, []string{"command"}),
		CacheHits:   prometheus.NewCounter(prometheus.CounterOpts{Name: "alea_cache_hits_total", Help: "Replies served from the result cache."}),
		CacheMisses: prometheus.NewCounter(prometheus.CounterOpts{Name: "alea_cache_misses_total", Help: "Cacheable requests computed afresh."}),
		RateLimited: prometheus.NewCounter(prometheus.CounterOpts{Name: "alea_rate_limited_total", Help: "Requests refused by a rate limit."}),
		Busy:        prometheus.NewCounter(prometheus.CounterOpts{Name: "alea_busy_total", Help: "Heavy requests refused: the user's share or the work queue was full, or the wait was too long."}),
		InFlight:    prometheus.NewGauge(prometheus.GaugeOpts{Name: "alea_in_flight", Help: "Interactions being computed now."}),
		Deferred:    prometheus.NewCounter(prometheus.CounterOpts{Name: "alea_deferred_total", Help: "Interactions acknowledged first and edited later."}),
		WarmSeconds: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "alea_warm_seconds", Help: "Time each command's start-up work (table builds) took.",
		}, []string{"command"}),
	}
	m.Registry.MustRegister(m.Interactions, m.Latency, m.CacheHits, m.CacheMisses, m.RateLimited,
		m.Busy, m.InFlight, m.Deferred, m.WarmSeconds,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}
