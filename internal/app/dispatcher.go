package app

import (
	"log/slog"
	"time"

	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/config"
)

// DispatcherOptions are the middleware alea serve answers every
// interaction through, outermost first:
//
//  1. LogInteractions: one line per interaction, once answered;
//  2. CountInteractions: the interaction metrics;
//  3. Answer: acknowledge after 1.5 s without a reply, then send it
//     (AnswerWhen with deferWhen, when set: tests fire it by hand);
//  4. RecoverPanics: a panic is an internal error, logged;
//  5. FitDiscordLimits: every reply, errors included, within Discord's
//     limits;
//  6. RefuseWhileClosing: "restarting" once shutdown began;
//  7. LimitRate: each user's and everyone's rate (RATE_PER_USER,
//     RATE_GLOBAL), presses at a quarter of a request;
//
// then, once the request is routed to its command:
//
//  8. CacheReplies: replies kept CACHE_TTL (CACHE_ENTRIES at most);
//  9. GateHeavyWork: a fair share of the heavy work (MAX_HEAVY,
//     HEAVY_MEMORY);
//  10. LimitTime: the command's time budget.
func DispatcherOptions(cfg config.Config, log *slog.Logger, m *bot.Metrics, deferWhen func(*commands.Request) <-chan time.Time) bot.Options {
	answer := bot.Answer(log, bot.DefaultDeferAfter)
	if deferWhen != nil {
		answer = bot.AnswerWhen(log, deferWhen)
	}
	outer := []bot.Middleware{bot.LogInteractions(log)}
	if m != nil {
		outer = append(outer, bot.CountInteractions(m))
	}
	return bot.Options{
		Logger: log,
		Middleware: append(outer,
			answer,
			bot.RecoverPanics(log),
			bot.FitDiscordLimits(log),
			bot.RefuseWhileClosing(),
			bot.LimitRate(rateLimits(cfg), m),
		),
		Routed: []bot.Middleware{
			bot.CacheReplies(bot.CacheOptions{TTL: cfg.CacheTTL, Entries: cfg.CacheEntries, Metrics: m}),
			bot.GateHeavyWork(bot.HeavyLimits{Slots: cfg.MaxHeavy, Memory: int64(cfg.HeavyMemoryMB) << 20, Metrics: m}),
			bot.LimitTime(),
		},
	}
}

// rateLimits are the rate limits of cfg: the defaults, with the rate per
// user and the global rate (bursts of twice that) from the settings.
func rateLimits(cfg config.Config) bot.RateLimits {
	l := bot.DefaultRateLimits()
	if cfg.UserRate > 0 {
		l.UserRate = rate.Limit(cfg.UserRate)
	}
	if cfg.GlobalRate > 0 {
		l.GlobalRate, l.GlobalBurst = rate.Limit(cfg.GlobalRate), int(2*cfg.GlobalRate)
	}
	return l
}
