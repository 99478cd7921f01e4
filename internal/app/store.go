package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/config"
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
