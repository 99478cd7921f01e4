package bottest

import (
	"log/slog"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
)

// Limits are what the transports' tests vary in the chain of middleware
// they answer through. A zero value turns a feature off (the cache, a
// rate limit) or takes its default (the heavy-work bounds, deferral after
// bot.DefaultDeferAfter).
type Limits struct {
	// Logger takes every log line (default: discard).
	Logger *slog.Logger
	// CacheTTL keeps replies (bot.CacheReplies; zero: no cache).
	CacheTTL time.Duration
	// Rates are the rate limits (bot.LimitRate).
	Rates bot.RateLimits
	// Heavy bounds the heavy work (bot.GateHeavyWork).
	Heavy bot.HeavyLimits
	// DeferAfter is when an interaction is acknowledged (bot.Answer);
	// DeferWhen, when set, decides it instead (bot.AnswerWhen).
	DeferAfter time.Duration
	DeferWhen  func(req *commands.Request) <-chan time.Time
	// Metrics, when set, are updated (bot.CountInteractions and the
	// counters of the other middleware).
	Metrics *bot.Metrics
}

// Served are the limits alea serve runs with: the cache, the rate limits
// and the heavy-work memory budget of its defaults.
func Served() Limits {
	return Limits{CacheTTL: bot.DefaultCacheTTL, Rates: bot.DefaultRateLimits(), Heavy: bot.HeavyLimits{Memory: bot.DefaultHeavyMemory}}
}

// Options are the dispatcher options of l: the middleware in the order
// alea serve's wiring assembles them (internal/app).
func (l Limits) Options() bot.Options {
	log := l.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	answer := bot.Answer(log, l.DeferAfter)
	if l.DeferWhen != nil {
		answer = bot.AnswerWhen(log, l.DeferWhen)
	}
	outer := []bot.Middleware{bot.LogInteractions(log)}
	if l.Metrics != nil {
		outer = append(outer, bot.CountInteractions(l.Metrics))
	}
	heavy := l.Heavy
	heavy.Metrics = l.Metrics
	return bot.Options{
		Logger: log,
		Middleware: append(outer, answer, bot.RecoverPanics(log), bot.FitDiscordLimits(log), bot.RefuseWhileClosing(),
			bot.LimitRate(l.Rates, l.Metrics)),
		Routed: []bot.Middleware{
			bot.CacheReplies(bot.CacheOptions{TTL: l.CacheTTL, Metrics: l.Metrics}),
			bot.GateHeavyWork(heavy),
			bot.LimitTime(),
		},
	}
}

// Dispatcher serves reg through the chain of l, failing the test when a
// definition breaks Discord's limits.
func Dispatcher(t testing.TB, reg *commands.Registry, l Limits) *bot.Dispatcher {
	t.Helper()
	d, err := bot.NewDispatcher(reg, l.Options())
	if err != nil {
		t.Fatalf("bottest: %v", err)
	}
	return d
}
