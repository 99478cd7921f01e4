package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/store"
)

// storeOpenTimeout bounds opening the store and migrating it at start.
const storeOpenTimeout = time.Minute

// openStore opens the store DATABASE_URL names (Settings.Store when set;
// memory off for a Config built by hand), and logs which, without the
// password.
func openStore(ctx context.Context, cfg config.Config, s Settings, log *slog.Logger) (store.Store, error) {
	if s.Store != nil {
		return s.Store, nil
	}
	url := cfg.DatabaseURL.Reveal()
	if url == "" {
		url = store.Off
	}
	octx, cancel := context.WithTimeout(ctx, storeOpenTimeout)
	defer cancel()
	st, err := store.Open(octx, url)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	log.Info("store", "engine", st.Engine(), "url", store.Redact(url))
	return st, nil
}

// registerStoreMetric adds alea_store_info{engine="…"} 1 to the metrics.
func registerStoreMetric(m *bot.Metrics, engine string) {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "alea_store_info", Help: "The store finished games are kept in (engine: sqlite, postgres or off).",
	}, []string{"engine"})
	g.WithLabelValues(engine).Set(1)
	m.Registry.MustRegister(g)
}

// registerTargetMetric shows the memory the kept target calculations of
// /yacht-advise hold (at most TARGET_MEMORY).
func registerTargetMetric(m *bot.Metrics, kept *finalscore.TargetSolutions) {
	m.Registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "alea_target_kept_bytes", Help: "Memory held by the target calculations kept for the later turns of games (at most TARGET_MEMORY).",
	}, func() float64 { return float64(kept.Bytes()) }))
}

// loggedRecorder is the store as the games' Recorder: a finished game it
// could not record (the database failed, or did not answer before the
// game's bounded wait ended) is logged with its id, so that an operator
// sees what the players' "not recorded" boards say. A game not recorded
// on purpose (recording off) is not a fault and is not logged.
type loggedRecorder struct {
	rec store.Recorder
	log *slog.Logger
}

// Record implements store.Recorder.
func (r loggedRecorder) Record(ctx context.Context, g store.Game) (bool, error) {
	ok, err := r.rec.Record(ctx, g)
	if err != nil && !errors.Is(err, store.ErrRecordingOff) {
		r.log.Warn("a finished game was not recorded; its final board offers Record", "game", g.ID, "kind", g.Kind, "err", err)
	}
	return ok, err
}
