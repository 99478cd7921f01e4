package app

import (
	"context"
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

// registerTargetMetric shows the memory the kept target calculations of
// /yacht-advise hold (at most TARGET_MEMORY).
func registerTargetMetric(m *bot.Metrics, kept *finalscore.TargetSolutions) {
	m.Registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "alea_target_kept_bytes", Help: "Memory held by the target calculations kept for the later turns of games (at most TARGET_MEMORY).",
	}, func() float64 { return float64(kept.Bytes()) }))
}
