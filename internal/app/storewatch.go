package app

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/lru"
	"github.com/alea-bot/alea/store"
)

// storeCheckTimeout bounds one health check of the store: a frozen
// database makes /readyz say so after it, not hang.
const storeCheckTimeout = time.Second

// storeWatch is what the bot knows of its store's health, for /readyz and
// /metrics: the store's own check (Store.Health, run when asked, one at a
// time, bounded by timeout), and the last recording that failed, until
// one succeeds (a full disk or a read-only file passes the check but
// fails every write).
type storeWatch struct {
	st      store.Store
	timeout time.Duration

	mu      sync.Mutex
	running chan struct{} // closed when the check in flight ends
	checked error         // the last check's answer
	failed  error         // the last recording's failure, nil once one succeeds
}

func newStoreWatch(st store.Store, timeout time.Duration) *storeWatch {
	return &storeWatch{st: st, timeout: timeout}
}

// check runs the store's health check, or waits for the one running, and
// returns its answer.
func (w *storeWatch) check() error {
	w.mu.Lock()
	if w.running == nil {
		done := make(chan struct{})
		w.running = done
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), w.timeout)
			err := w.st.Health(ctx)
			cancel()
			w.mu.Lock()
			w.checked, w.running = err, nil
			w.mu.Unlock()
			close(done)
		}()
	}
	done := w.running
	w.mu.Unlock()
	<-done
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.checked
}

// recorded notes how a recording went: err nil (or recording off) clears
// a failure noted before.
func (w *storeWatch) recorded(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err == nil || errors.Is(err, store.ErrRecordingOff) {
		w.failed = nil
		return
	}
	w.failed = err
}

// degraded returns why the store cannot serve now ("" when it can): its
// check's error, else the last recording's failure.
func (w *storeWatch) degraded() string {
	if err := w.check(); err != nil {
		return err.Error()
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.failed != nil {
		return "the last recording failed: " + w.failed.Error()
	}
	return ""
}

// readyLine is /readyz's line about the store: "store: sqlite" when it
// can serve, "store: sqlite degraded: why" when it cannot. The bot stays
// ready either way: games go on without their memory.
func (w *storeWatch) readyLine() string {
	if why := w.degraded(); why != "" {
		return "store: " + w.st.Engine() + " degraded: " + why
	}
	return "store: " + w.st.Engine()
}

// watchedRecorder is the store as the games' Recorder, watched by the
// wiring: every recording is counted by kind and result
// (alea_recordings_total), a recording of a game whose recording failed
// here before is counted again as a retry (alea_recording_retries_total;
// the last failedIDs failures are remembered), and a failure is logged
// with the game and the interaction, and shows on /readyz until a
// recording succeeds. A game not recorded on purpose (recording off) is
// not a fault.
type watchedRecorder struct {
	rec     store.Recorder
	log     *slog.Logger
	watch   *storeWatch       // nil: not watched
	metrics *recordingMetrics // nil: not counted
	failed  *lru.Cache[bool]  // game id → its last recording failed
}

// failedIDs bounds the games whose failed recording is remembered to
// count their retries.
const failedIDs = 10_000

func newWatchedRecorder(rec store.Recorder, log *slog.Logger, watch *storeWatch, m *recordingMetrics) *watchedRecorder {
	return &watchedRecorder{rec: rec, log: log, watch: watch, metrics: m, failed: lru.New[bool](failedIDs, 24*time.Hour)}
}

// Record implements store.Recorder.
func (r *watchedRecorder) Record(ctx context.Context, g store.Game) (bool, error) {
	inserted, err := r.rec.Record(ctx, g)
	result := "recorded"
	switch {
	case errors.Is(err, store.ErrRecordingOff):
		result = "off"
	case err != nil:
		result = "failed"
	case !inserted:
		result = "already"
	}
	retry, _ := r.failed.Get(g.ID)
	if result == "failed" || retry {
		r.failed.Set(g.ID, result == "failed")
	}
	if r.metrics != nil {
		r.metrics.recordings.WithLabelValues(g.Kind, result).Inc()
		if retry {
			r.metrics.retries.WithLabelValues(g.Kind, result).Inc()
		}
	}
	if r.watch != nil {
		r.watch.recorded(err)
	}
	if result == "failed" {
		r.log.Warn("a finished game was not recorded; its final board offers Record", "game", g.ID, "kind", g.Kind, "err", err,
			"interaction", bot.LogInput(bot.InteractionID(ctx)), "retry", retry)
	}
	return inserted, err
}

// recordingMetrics count the recordings of finished games.
type recordingMetrics struct {
	recordings, retries *prometheus.CounterVec
}

// registerStoreMetrics adds the store's metrics to m: which store
// (alea_store_info), whether it can serve now (alea_store_healthy, from
// w's check when scraped), and the recordings by kind and result, with
// the retries of failed ones apart.
func registerStoreMetrics(m *bot.Metrics, w *storeWatch) *recordingMetrics {
	info := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "alea_store_info", Help: "The store finished games are kept in (engine: sqlite, postgres or off).",
	}, []string{"engine"})
	info.WithLabelValues(w.st.Engine()).Set(1)
	healthy := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "alea_store_healthy", Help: "1 when the store answers its health check and the last recording succeeded, else 0 (/readyz says why).",
	}, func() float64 {
		if w.degraded() != "" {
			return 0
		}
		return 1
	})
	rm := &recordingMetrics{
		recordings: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "alea_recordings_total", Help: "Finished games handed to the store, by kind and result (recorded, already, off, failed).",
		}, []string{"kind", "result"}),
		retries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "alea_recording_retries_total", Help: "Recordings of a game whose recording had failed on this replica (Record again), by kind and result.",
		}, []string{"kind", "result"}),
	}
	m.Registry.MustRegister(info, healthy, rm.recordings, rm.retries)
	return rm
}
