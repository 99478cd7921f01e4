package bot

import (
	"log/slog"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/commands"
)

// testOptions are what the bot's tests vary in the chain they answer
// through, which newTestDispatcher assembles in the order alea serve's
// wiring does (internal/app). A zero value turns a feature off (the
// cache, each rate limit) or takes its default.
type testOptions struct {
	Logger *slog.Logger
	// The result cache (CacheReplies).
	CacheTTL     time.Duration
	CacheEntries int
	// The rate limits (LimitRate) and their clock.
	UserRate    rate.Limit
	UserBurst   int
	GlobalRate  rate.Limit
	GlobalBurst int
	Now         func() time.Time
	// The heavy-work gate (GateHeavyWork).
	MaxHeavy, HeavyQueue, HeavyPerUser, HeavyUserQueue int
	HeavyWait                                          time.Duration
	HeavyMemory                                        int64
	// Deferral (Answer, or AnswerWhen when DeferWhen is set).
	DeferAfter time.Duration
	DeferWhen  func(req *commands.Request) <-chan time.Time
	Metrics    *Metrics
}

// quiet are options with every limit off and no deferral.
func quiet() testOptions {
	return testOptions{DeferAfter: time.Hour}
}

// servedOptions are the limits and cache of alea serve.
func servedOptions() testOptions {
	l := DefaultRateLimits()
	return testOptions{CacheTTL: DefaultCacheTTL, CacheEntries: DefaultCacheEntries, UserRate: l.UserRate, UserBurst: l.UserBurst,
		GlobalRate: l.GlobalRate, GlobalBurst: l.GlobalBurst, HeavyMemory: DefaultHeavyMemory}
}

// testDispatcher is a dispatcher with its heavy-work queue at hand.
type testDispatcher struct {
	*Dispatcher
	heavy *fairQueue
	cache *replyCache
}

// newTestDispatcher serves cmds through the chain of o.
func newTestDispatcher(t *testing.T, o testOptions, cmds ...*commands.Command) *testDispatcher {
	t.Helper()
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	answer := Answer(o.Logger, o.DeferAfter)
	if o.DeferWhen != nil {
		answer = AnswerWhen(o.Logger, o.DeferWhen)
	}
	var observe []Middleware
	observe = append(observe, LogInteractions(o.Logger))
	if o.Metrics != nil {
		observe = append(observe, CountInteractions(o.Metrics))
	}
	h := HeavyLimits{Slots: o.MaxHeavy, Queue: o.HeavyQueue, PerUser: o.HeavyPerUser, UserQueue: o.HeavyUserQueue,
		Wait: o.HeavyWait, Memory: o.HeavyMemory, Metrics: o.Metrics}
	q := newHeavyQueue(h)
	c := newReplyCache(CacheOptions{TTL: o.CacheTTL, Entries: o.CacheEntries, Metrics: o.Metrics})
	d, err := NewDispatcher(commands.NewRegistry(cmds...), Options{
		Logger: o.Logger,
		Middleware: append(observe,
			answer,
			RecoverPanics(o.Logger),
			FitDiscordLimits(o.Logger),
			RefuseWhileClosing(),
			LimitRate(RateLimits{UserRate: o.UserRate, UserBurst: o.UserBurst, GlobalRate: o.GlobalRate, GlobalBurst: o.GlobalBurst, Now: o.Now}, o.Metrics),
		),
		Routed: []Middleware{
			c.serve,
			q.gate(o.Metrics),
			LimitTime(),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return &testDispatcher{Dispatcher: d, heavy: q, cache: c}
}
