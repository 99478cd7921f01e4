package bot

import (
	"context"
	"log/slog"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/lru"
)

// Exchange is one transport's side of an interaction. The dispatcher calls
// Defer at most once, when no reply is ready after DeferAfter, and then
// Send exactly once with the final reply (deferred tells Send whether the
// interaction was acknowledged already, so the reply must edit it).
type Exchange interface {
	Defer(ctx context.Context, req *commands.Request) error
	Send(ctx context.Context, req *commands.Request, reply *commands.Reply, deferred bool) error
}

// Outcome is how an interaction ended.
type Outcome string

// The outcomes of an interaction.
const (
	OK          Outcome = "ok"       // answered
	Rejected    Outcome = "rejected" // the user's input was refused
	Limited     Outcome = "limited"  // rate limited
	Busy        Outcome = "busy"     // heavy-work queue full
	TimedOut    Outcome = "timeout"  // over the time budget
	Internal    Outcome = "internal" // a bug: panic, error, or a reply over Discord's limits
	Undelivered Outcome = "undelivered"
)

// Options configure a Dispatcher. A feature that can be off (the cache,
// each rate limit) is off at zero; [DefaultOptions] holds the values
// alea serve runs with. Sizes and times that cannot be zero take the
// default noted when left zero.
type Options struct {
	Logger *slog.Logger // default: discard
	// CacheTTL is how long results are kept (zero: no cache).
	CacheTTL time.Duration
	// CacheEntries bounds the result cache (default 2000); when it is
	// full, the reply used least recently goes.
	CacheEntries int
	// UserRate and UserBurst limit each user; GlobalRate and GlobalBurst
	// limit everyone together (zero rate: no limit). A request counts
	// against the global limit only once its user's limit has admitted it.
	UserRate    rate.Limit
	UserBurst   int
	GlobalRate  rate.Limit
	GlobalBurst int
	// Now, when set, is the clock of the rate limits (default
	// time.Now). Tests use it to send requests at chosen times.
	Now func() time.Time
	// MaxHeavy bounds heavy computations running at once (default: CPUs);
	// HeavyQueue is how many more may wait (default 4×MaxHeavy, at least
	// 16: the memory budget may let fewer run than MaxHeavy).
	// HeavyPerUser bounds one user's computations running at once
	// (default 1) and HeavyUserQueue their waiting ones (default 2);
	// HeavyWait is the longest wait for a turn (default 2 minutes). Time
	// spent waiting is not charged to a command's budget.
	MaxHeavy       int
	HeavyQueue     int
	HeavyPerUser   int
	HeavyUserQueue int
	HeavyWait      time.Duration
	// HeavyMemory bounds the sum of the memory estimates of the heavy
	// work running at once, in bytes (commands.HeavyMemory; 0: no bound).
	HeavyMemory int64
	// DeferAfter is how long to wait for a reply before acknowledging
	// (default 1.5 s; Discord allows 3 s).
	DeferAfter time.Duration
	// DeferWhen, when set, replaces the clock in deciding deferral: req
	// is acknowledged when the channel returned for it delivers before
	// the reply is ready (default: a timer of DeferAfter). Tests use it
	// to defer exactly the interactions they hold, never racing a timer.
	DeferWhen func(req *commands.Request) <-chan time.Time
	// Metrics, when set, are updated for every interaction.
	Metrics *Metrics
}

// DefaultOptions are the options alea serve runs with: replies cached for
// 10 minutes (2000 at most), 2 requests a second per user (burst 8), 50 a
// second in all (burst 100), heavy work bounded by the CPUs, deferral
// after 1.5 s.
func DefaultOptions() Options {
	return Options{CacheTTL: 10 * time.Minute, CacheEntries: defaultCacheEntries, UserRate: 2, UserBurst: 8,
		GlobalRate: 50, GlobalBurst: 100, DeferAfter: defaultDeferAfter, HeavyMemory: DefaultHeavyMemory}
}

// Defaults that also stand for a zero option.
const (
	defaultCacheEntries = 2000
	defaultDeferAfter   = 1500 * time.Millisecond
)

// Dispatcher runs handlers under the shared middleware.
type Dispatcher struct {
	router   *Router
	log      *slog.Logger
	opts     Options
	cache    *lru.Cache[*commands.Reply] // nil: no cache
	limits   *rateLimits                 // nil: no rate limit
	heavy    *fairQueue
	metrics  *Metrics
	inflight inflight
	closed   atomic.Bool
}

// NewDispatcher builds the router for reg and the middleware around it.
func NewDispatcher(reg *commands.Registry, o Options) (*Dispatcher, error) {
	r, err := NewRouter(reg)
	if err != nil {
		return nil, err
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.CacheEntries <= 0 {
		o.CacheEntries = defaultCacheEntries
	}
	if o.MaxHeavy <= 0 {
		o.MaxHeavy = runtime.NumCPU()
	}
	if o.HeavyQueue <= 0 {
		o.HeavyQueue = max(4*o.MaxHeavy, 16)
	}
	if o.HeavyPerUser <= 0 {
		o.HeavyPerUser = 1
	}
	if o.HeavyUserQueue <= 0 {
		o.HeavyUserQueue = 2
	}
	if o.HeavyWait <= 0 {
		o.HeavyWait = 2 * time.Minute
	}
	if o.DeferAfter <= 0 {
		o.DeferAfter = defaultDeferAfter
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	d := &Dispatcher{router: r, log: o.Logger, opts: o, heavy: newFairQueue(o.MaxHeavy, o.HeavyPerUser, o.HeavyUserQueue, o.HeavyQueue, o.HeavyWait), metrics: o.Metrics}
	d.heavy.memory = o.HeavyMemory
	if o.CacheTTL > 0 {
		d.cache = lru.New[*commands.Reply](o.CacheEntries, o.CacheTTL)
	}
	d.limits = newRateLimits(o)
	return d, nil
}

// Router returns the dispatcher's router.
func (d *Dispatcher) Router() *Router { return d.router }

// Handle answers one interaction through ex and reports how it ended.
func (d *Dispatcher) Handle(ctx context.Context, req *commands.Request, ex Exchange) Outcome {
	start := time.Now()
	d.inflight.add()
	defer d.inflight.done()
	if d.metrics != nil {
		d.metrics.InFlight.Inc()
		defer d.metrics.InFlight.Dec()
	}
	done := make(chan result, 1)
	go func() { done <- d.compute(ctx, req) }()

	deferred := false
	var res result
	if req.Kind == commands.KindAutocomplete {
		res = <-done
	} else {
		var due <-chan time.Time
		if d.opts.DeferWhen != nil {
			due = d.opts.DeferWhen(req)
		} else {
			timer := time.NewTimer(d.opts.DeferAfter)
			defer timer.Stop()
			due = timer.C
		}
		select {
		case res = <-done:
		case <-due:
			if err := ex.Defer(ctx, req); err != nil {
				d.log.Warn("defer failed", "interaction", LogInput(req.ID), "err", err)
			} else {
				deferred = true
				if d.metrics != nil {
					d.metrics.Deferred.Inc()
				}
			}
			res = <-done
		}
	}
	if res.reply.Modal != nil && deferred {
		// A modal cannot follow an acknowledgement.
		res = result{reply: errorReply(msgTimeout.Format(req.Locale, d.opts.DeferAfter)), outcome: TimedOut}
	}
	res = d.checkLimits(req, res)
	outcome := res.outcome
	if err := ex.Send(ctx, req, res.reply, deferred); err != nil {
		d.log.Error("reply not delivered", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "err", err)
		outcome = Undelivered
	}
	latency := time.Since(start)
	if d.metrics != nil {
		d.metrics.Interactions.WithLabelValues(commandLabel(req), string(outcome)).Inc()
		d.metrics.Latency.WithLabelValues(commandLabel(req)).Observe(latency.Seconds())
	}
	level := slog.LevelInfo
	if outcome == Internal || outcome == Undelivered {
		level = slog.LevelError
	}
	if d.log.Enabled(ctx, level) { // the attributes are built only for a logger that writes them
		d.log.Log(ctx, level, "interaction",
			"interaction", LogInput(req.ID), "kind", kindName(req.Kind), "command", LogInput(req.Command), "custom_id", logText(req.CustomID, logIDBytes),
			"user", LogInput(req.UserID), "locale", string(req.Locale), "latency_ms", latency.Milliseconds(),
			"outcome", string(outcome), "deferred", deferred, "cached", res.hit)
	}
	return outcome
}

func commandLabel(req *commands.Request) string {
	if req.Command == "" {
		return "unknown"
	}
	name, _, _ := strings.Cut(req.Command, " ")
	return name
}

func kindName(k commands.Kind) string {
	switch k {
	case commands.KindCommand:
		return "command"
	case commands.KindAutocomplete:
		return "autocomplete"
	case commands.KindComponent:
		return "component"
	case commands.KindModal:
		return "modal"
	}
	return "unknown"
}
