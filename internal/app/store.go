package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/engine/yacht/reach"
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
func registerTargetMetric(m *bot.Metrics, kept *reach.Solutions) {
	m.Registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "alea_target_kept_bytes", Help: "Memory held by the target calculations kept for the later turns of games (at most TARGET_MEMORY).",
	}, func() float64 { return float64(kept.Bytes()) }))
}

// adviceEvery is how often the advice log is purged of what is older than
// store.AdviceKept (so that nothing stays much longer than a day, even
// with nobody asking advice).
const adviceEvery = time.Hour

// purgeAdvice forgets, every adviceEvery until ctx ends, the advice asked
// more than store.AdviceKept ago, and logs how much it forgot.
func purgeAdvice(ctx context.Context, log store.AdviceLog, l *slog.Logger) {
	purge := func() {
		pctx, cancel := context.WithTimeout(ctx, storeOpenTimeout)
		defer cancel()
		n, err := log.PurgeAdvice(pctx, time.Now().Add(-store.AdviceKept))
		switch {
		case err != nil && ctx.Err() == nil:
			l.Warn("purging the advice log", "err", err)
		case n > 0:
			l.Info("advice log purged", "forgotten", n)
		}
	}
	purge()
	t := time.NewTicker(adviceEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			purge()
		}
	}
}
