package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gocache "github.com/patrickmn/go-cache"
	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/commands"
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
	// CacheEntries bounds the result cache (default 2000).
	CacheEntries int
	// UserRate and UserBurst limit each user; GlobalRate and GlobalBurst
	// limit everyone together (zero rate: no limit).
	UserRate    rate.Limit
	UserBurst   int
	GlobalRate  rate.Limit
	GlobalBurst int
	// MaxHeavy bounds heavy computations running at once (default: CPUs);
	// HeavyQueue is how many more may wait (default 4×MaxHeavy).
	// HeavyPerUser bounds one user's computations running at once
	// (default 1) and HeavyUserQueue their waiting ones (default 2);
	// HeavyWait is the longest wait for a turn (default 2 minutes). Time
	// spent waiting is not charged to a command's budget.
	MaxHeavy       int
	HeavyQueue     int
	HeavyPerUser   int
	HeavyUserQueue int
	HeavyWait      time.Duration
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
	return Options{CacheTTL: 10 * time.Minute, CacheEntries: 2000, UserRate: 2, UserBurst: 8,
		GlobalRate: 50, GlobalBurst: 100, DeferAfter: 1500 * time.Millisecond}
}

// Dispatcher runs handlers under the shared middleware.
type Dispatcher struct {
	router   *Router
	log      *slog.Logger
	opts     Options
	cache    *gocache.Cache
	cacheMu  sync.Mutex // serialises stores, so the bound holds
	stored   uint64     // replies stored so far, under cacheMu
	users    *gocache.Cache
	global   *rate.Limiter
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
		o.CacheEntries = 2000
	}
	if o.MaxHeavy <= 0 {
		o.MaxHeavy = runtime.NumCPU()
	}
	if o.HeavyQueue <= 0 {
		o.HeavyQueue = 4 * o.MaxHeavy
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
		o.DeferAfter = 1500 * time.Millisecond
	}
	d := &Dispatcher{router: r, log: o.Logger, opts: o, heavy: newFairQueue(o.MaxHeavy, o.HeavyPerUser, o.HeavyUserQueue, o.HeavyQueue, o.HeavyWait), metrics: o.Metrics}
	if o.CacheTTL > 0 {
		d.cache = gocache.New(o.CacheTTL, o.CacheTTL)
	}
	if o.UserRate > 0 {
		d.users = gocache.New(10*time.Minute, 10*time.Minute)
	}
	if o.GlobalRate > 0 {
		d.global = rate.NewLimiter(o.GlobalRate, o.GlobalBurst)
	}
	return d, nil
}

// Router returns the dispatcher's router.
func (d *Dispatcher) Router() *Router { return d.router }

// Warm runs every command's start-up work (table builds) and returns when
// all of it is done or has stopped because ctx ended. Errors are logged,
// not fatal; work stopped by ctx is not an error.
func (d *Dispatcher) Warm(ctx context.Context) {
	var wg sync.WaitGroup
	for _, c := range d.router.reg.Commands() {
		if c.Warm == nil {
			continue
		}
		wg.Add(1)
		go func(c *commands.Command) {
			defer wg.Done()
			start := time.Now()
			err := c.Warm(ctx)
			secs := time.Since(start).Seconds()
			if d.metrics != nil {
				d.metrics.WarmSeconds.WithLabelValues(c.Name.En).Set(secs)
			}
			if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				// Stopped (the bot is shutting down), not failed.
				d.log.Info("warm-up stopped", "command", c.Name.En, "err", err)
				return
			}
			if err != nil {
				d.log.Error("warm-up failed", "command", c.Name.En, "err", err)
				return
			}
			d.log.Info("warm-up done", "command", c.Name.En, "seconds", secs)
		}(c)
	}
	wg.Wait()
}

// Close stops taking new interactions and waits until those in flight
// have been answered, or ctx ends.
func (d *Dispatcher) Close(ctx context.Context) error {
	d.closed.Store(true)
	d.heavy.shut()
	select {
	case <-d.inflight.idle():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// inflight counts the interactions being answered. Unlike a WaitGroup it
// may gain work while Close waits (an interaction arriving during
// shutdown is answered "restarting" and counted too).
type inflight struct {
	mu     sync.Mutex
	n      int
	waiter chan struct{} // closed when n drops to zero
}

func (f *inflight) add() {
	f.mu.Lock()
	f.n++
	f.mu.Unlock()
}

func (f *inflight) done() {
	f.mu.Lock()
	f.n--
	if f.n == 0 && f.waiter != nil {
		close(f.waiter)
		f.waiter = nil
	}
	f.mu.Unlock()
}

// idle returns a channel closed once no interaction is in flight.
func (f *inflight) idle() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n == 0 {
		c := make(chan struct{})
		close(c)
		return c
	}
	if f.waiter == nil {
		f.waiter = make(chan struct{})
	}
	return f.waiter
}

// Localised messages of the middleware.
var (
	msgLimited  = commands.T("⏳ Slow down a little — try again in a few seconds.", "⏳ 조금 천천히 — 몇 초 뒤에 다시 해 보세요.", "⏳ 少しゆっくり — 数秒後にもう一度どうぞ。")
	msgBusy     = commands.T("⏳ Alea is busy with other heavy questions — try again in a moment.", "⏳ Alea가 다른 무거운 계산 중입니다 — 잠시 뒤에 다시 해 보세요.", "⏳ Alea は他の重い計算中です — 少し後でもう一度どうぞ。")
	msgTimeout  = commands.T("⌛ This needed more than %s and was stopped. Try a smaller input.", "⌛ %s 넘게 걸려서 멈췄습니다. 더 작은 입력으로 해 보세요.", "⌛ %s を超えたため中止しました。もっと小さい入力で試してください。")
	msgInternal = commands.T("💥 Internal error (reference `%s`). It has been logged; please try again later.", "💥 내부 오류입니다 (참조 `%s`). 기록되었으니 나중에 다시 해 보세요.", "💥 内部エラーです（参照 `%s`）。記録しました。後でもう一度どうぞ。")
	msgClosing  = commands.T("Alea is restarting — try again in a moment.", "Alea가 다시 시작하는 중입니다 — 잠시 뒤에 다시 해 보세요.", "Alea は再起動中です — 少し後でもう一度どうぞ。")
)

func errorReply(msg string) *commands.Reply {
	return &commands.Reply{Content: msg, Ephemeral: true}
}

type result struct {
	reply   *commands.Reply
	outcome Outcome
	hit     bool
}

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
				d.log.Warn("defer failed", "interaction", req.ID, "err", err)
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
		d.log.Error("reply not delivered", "interaction", req.ID, "command", req.Command, "err", err)
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
			"interaction", req.ID, "kind", kindName(req.Kind), "command", req.Command, "custom_id", logText(req.CustomID, logIDBytes),
			"user", req.UserID, "locale", string(req.Locale), "latency_ms", latency.Milliseconds(),
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

// compute runs the middleware chain and the handler; it never panics.
func (d *Dispatcher) compute(ctx context.Context, req *commands.Request) (res result) {
	defer func() {
		if p := recover(); p != nil {
			d.log.Error("panic", "interaction", req.ID, "command", req.Command, "panic", logText(fmt.Sprint(p), logErrBytes), "stack", string(debug.Stack()))
			res = result{reply: errorReply(msgInternal.Format(req.Locale, req.ID)), outcome: Internal}
		}
	}()
	if d.closed.Load() {
		return result{reply: errorReply(msgClosing.In(req.Locale)), outcome: Busy}
	}
	if req.Locale == "" {
		req.Locale = commands.English
	}
	if req.Kind != commands.KindAutocomplete && !d.allow(req.UserID) {
		if d.metrics != nil {
			d.metrics.RateLimited.Inc()
		}
		return result{reply: errorReply(msgLimited.In(req.Locale)), outcome: Limited}
	}
	cmd, handle, err := d.router.Resolve(req)
	if err != nil {
		return d.failure(req, err, 0)
	}
	key := d.cacheKeyFor(cmd, req)
	if key != "" {
		if v, ok := d.cache.Get(key); ok {
			if d.metrics != nil {
				d.metrics.CacheHits.Inc()
			}
			return result{reply: v.(cached).reply, outcome: OK, hit: true}
		}
		if d.metrics != nil {
			d.metrics.CacheMisses.Inc()
		}
	}
	budget := cmd.Budget
	if budget <= 0 {
		budget = commands.DefaultBudget
	}
	turn := &heavyTurn{q: d.heavy, user: req.UserID, base: ctx, budget: budget, start: time.Now()}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	ctx = commands.WithHeavyGate(ctx, turn)
	reply, err := handle(ctx, req)
	if err == nil && reply == nil {
		err = errors.New("handler returned no reply")
	}
	if err != nil {
		return d.failure(req, err, budget)
	}
	checked := d.checkLimits(req, result{reply: reply, outcome: OK})
	if checked.outcome != OK {
		return checked
	}
	reply = checked.reply
	// A reply made after its budget ran out may be partial: not cached.
	if key != "" && (cmd.Caching.Keep == nil || cmd.Caching.Keep(req, reply)) && !turn.ended(ctx) {
		d.store(key, reply)
	}
	return result{reply: reply, outcome: OK}
}

func (d *Dispatcher) failure(req *commands.Request, err error, budget time.Duration) result {
	var ue *commands.UserError
	var no *refusal
	switch {
	case errors.As(err, &no):
		if d.metrics != nil {
			d.metrics.Busy.Inc()
		}
		return result{reply: errorReply(no.msg.In(req.Locale)), outcome: no.outcome}
	case errors.As(err, &ue):
		return result{reply: errorReply("❌ " + ue.Localize(req.Locale)), outcome: Rejected}
	case errors.Is(err, context.DeadlineExceeded):
		return result{reply: errorReply(msgTimeout.Format(req.Locale, budget)), outcome: TimedOut}
	}
	d.log.Error("handler failed", "interaction", req.ID, "command", req.Command, "err", logText(err.Error(), logErrBytes))
	return result{reply: errorReply(msgInternal.Format(req.Locale, req.ID)), outcome: Internal}
}

func (d *Dispatcher) allow(user string) bool {
	if d.global != nil && !d.global.Allow() {
		return false
	}
	if d.users == nil {
		return true
	}
	v, ok := d.users.Get(user)
	if !ok {
		lim := rate.NewLimiter(d.opts.UserRate, d.opts.UserBurst)
		// Add fails when another request of the user won the race.
		if d.users.Add(user, lim, gocache.DefaultExpiration) != nil {
			v, _ = d.users.Get(user)
		} else {
			v = lim
		}
	} else {
		d.users.Set(user, v, gocache.DefaultExpiration)
	}
	return v.(*rate.Limiter).Allow()
}

// cacheKeyFor is the cache key of req for cmd, or "" when its reply is
// not to be reused: no cache, an autocomplete, a command that did not opt
// in, or a request its command excludes.
func (d *Dispatcher) cacheKeyFor(cmd *commands.Command, req *commands.Request) string {
	if d.cache == nil {
		return ""
	}
	extra, ok := cachingKey(cmd, req)
	if !ok {
		return ""
	}
	return cacheKey(req) + "|" + extra
}

// cachingKey is what cmd's Caching adds to the key of req, and whether
// req's reply may be reused at all.
func cachingKey(cmd *commands.Command, req *commands.Request) (string, bool) {
	if req.Kind == commands.KindAutocomplete || cmd.Caching == nil {
		return "", false
	}
	if cmd.Caching.Key == nil {
		return "", true
	}
	return cmd.Caching.Key(req)
}

// Reusable reports whether the dispatcher, with a cache, would keep reply
// to req (a request it has routed) for cmd and serve it again.
func Reusable(cmd *commands.Command, req *commands.Request, reply *commands.Reply) bool {
	if _, ok := cachingKey(cmd, req); !ok {
		return false
	}
	return cmd.Caching.Keep == nil || cmd.Caching.Keep(req, reply)
}

// cached is a cache entry: the reply, and when it was stored (a count).
type cached struct {
	reply *commands.Reply
	seq   uint64
}

// store keeps reply under key. When the cache is full it drops the
// expired entries and then, if still full, the oldest ones, down to 90%
// of the bound, so a full cache keeps taking the replies asked for now.
func (d *Dispatcher) store(key string, reply *commands.Reply) {
	d.cacheMu.Lock()
	defer d.cacheMu.Unlock()
	if d.cache.ItemCount() >= d.opts.CacheEntries {
		d.cache.DeleteExpired()
	}
	if n := d.cache.ItemCount(); n >= d.opts.CacheEntries {
		items := d.cache.Items()
		keys := make([]string, 0, len(items))
		for k := range items {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			return items[keys[i]].Object.(cached).seq < items[keys[j]].Object.(cached).seq
		})
		for _, k := range keys[:n-d.opts.CacheEntries*9/10] {
			d.cache.Delete(k)
		}
	}
	d.stored++
	d.cache.SetDefault(key, cached{reply: reply, seq: d.stored})
}

// cacheKey is the canonical form of a request: everything a reply may
// depend on besides what its command's Caching.Key adds (not the user,
// not the interaction id).
func cacheKey(req *commands.Request) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d|%s|%s|%s|", req.Kind, req.Locale, req.Command, req.CustomID)
	names := make([]string, 0, len(req.Options))
	for n := range req.Options {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "%s=%T:%q;", n, req.Options[n], fmt.Sprint(req.Options[n]))
	}
	fmt.Fprintf(&b, "|%q|", req.Values)
	fields := make([]string, 0, len(req.Fields))
	for n, v := range req.Fields {
		fields = append(fields, fmt.Sprintf("%q=%q", n, v))
	}
	sort.Strings(fields)
	b.WriteString(strings.Join(fields, ";"))
	return b.String()
}
