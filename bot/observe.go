package bot

import (
	"context"
	"log/slog"
	"time"

	"github.com/alea-bot/alea/commands"
)

// LogInteractions writes one line per interaction once it is answered:
// its id, kind, command, custom_id, user, locale, latency, outcome, and
// whether it was deferred or served from the cache; at INFO, and at
// ERROR for a bug or a reply not delivered. User input is cut short
// (LogInput).
func LogInteractions(log *slog.Logger) Middleware {
	log = orDiscard(log)
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			start := time.Now()
			res := next(ctx, req)
			level := slog.LevelInfo
			if res.Outcome == Internal || res.Outcome == Undelivered {
				level = slog.LevelError
			}
			if log.Enabled(ctx, level) { // the attributes are built only for a logger that writes them
				log.Log(ctx, level, "interaction",
					"interaction", LogInput(req.ID), "kind", kindName(req.Kind), "command", LogInput(req.Command), "custom_id", logText(req.CustomID, logIDBytes),
					"user", LogInput(req.UserID), "locale", string(req.Locale), "latency_ms", time.Since(start).Milliseconds(),
					"outcome", string(res.Outcome), "deferred", res.Deferred, "cached", res.Cached)
			}
			return res
		}
	}
}

// CountInteractions updates m for every interaction: those in flight,
// each one's outcome by command, its latency, and the deferred ones.
func CountInteractions(m *Metrics) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			start := time.Now()
			m.InFlight.Inc()
			defer m.InFlight.Dec()
			res := next(ctx, req)
			if res.Deferred {
				m.Deferred.Inc()
			}
			m.Interactions.WithLabelValues(commandLabel(req), string(res.Outcome)).Inc()
			m.Latency.WithLabelValues(commandLabel(req)).Observe(time.Since(start).Seconds())
			return res
		}
	}
}
