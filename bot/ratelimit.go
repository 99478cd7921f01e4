package bot

import (
	"context"
	"time"

	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/lru"
)

// RateLimits are the request limits: each user's, and everyone's
// together, in requests a second. A slash command or a form costs one
// request; a press of a button or a menu costs 1/PressesPerRequest of
// one, since it costs milliseconds (a game's move: the heavy work a press
// may start is bounded by [GateHeavyWork] on its own). Autocompletes cost
// nothing. The limits hold in one process: behind a balancer, each
// replica keeps its own.
type RateLimits struct {
	// UserRate and UserBurst limit each user; GlobalRate and GlobalBurst
	// limit everyone together (zero rate: no limit). A request counts
	// against the global limit only once its user's limit has admitted
	// it.
	UserRate    rate.Limit
	UserBurst   int
	GlobalRate  rate.Limit
	GlobalBurst int
	// Now is the clock of the limits (default time.Now). Tests use it to
	// send requests at chosen times.
	Now func() time.Time
}

// PressesPerRequest is how many presses cost as much as one request: at
// alea serve's limits a player may press 32 times at once and 8 times a
// second after that, where a 9-press turn in 2 s asks for 4.5.
const PressesPerRequest = 4

// DefaultRateLimits are the limits of alea serve: 2 requests a second per
// user (bursts of 8), 50 a second in all (bursts of 100).
func DefaultRateLimits() RateLimits {
	return RateLimits{UserRate: 2, UserBurst: 8, GlobalRate: 50, GlobalBurst: 100}
}

// Bounds of the per-user limiters kept: a user idle for usersIdle starts
// afresh (their bucket is full again long before), and at most maxUsers
// are kept, the least recently seen going first.
const (
	usersIdle = 10 * time.Minute
	maxUsers  = 100_000
)

// LimitRate refuses the requests over l (Limited): a press with "this
// press was not taken", anything else with "slow down", ephemeral and in
// the user's language, counted in m when set. A request its user's limit
// refuses costs the others nothing. Limits of zero rate admit everything.
func LimitRate(l RateLimits, m *Metrics) Middleware {
	lim := newRateLimits(l)
	return func(next HandlerFunc) HandlerFunc {
		if lim == nil {
			return next
		}
		return func(ctx context.Context, req *commands.Request) Result {
			if req.Kind == commands.KindAutocomplete || lim.allow(req.UserID, costOf(req)) {
				return next(ctx, req)
			}
			if m != nil {
				m.RateLimited.Inc()
			}
			msg := msgLimited
			if req.Kind == commands.KindComponent {
				msg = msgPressRefused
			}
			return Result{Reply: errorReply(msg.In(req.Locale)), Outcome: Limited}
		}
	}
}

// costOf is what req costs, in tokens: PressesPerRequest tokens are one
// request.
func costOf(req *commands.Request) int {
	if req.Kind == commands.KindComponent {
		return 1
	}
	return PressesPerRequest
}

// rateLimits are the limiters of RateLimits, in tokens (a request is
// PressesPerRequest of them). A request takes from the shared budget only
// when its user's own limit admits it, so refused requests (a flood)
// cost the others nothing.
type rateLimits struct {
	now    func() time.Time
	rate   rate.Limit
	burst  int
	users  *lru.Cache[*rate.Limiter] // nil: no per-user limit
	global *rate.Limiter             // nil: no shared limit
}

// newRateLimits returns the limiters of o (nil when both are off).
func newRateLimits(o RateLimits) *rateLimits {
	if o.UserRate <= 0 && o.GlobalRate <= 0 {
		return nil
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	l := &rateLimits{now: o.Now, rate: o.UserRate * PressesPerRequest, burst: o.UserBurst * PressesPerRequest}
	if o.UserRate > 0 {
		l.users = lru.New[*rate.Limiter](maxUsers, usersIdle)
	}
	if o.GlobalRate > 0 {
		l.global = rate.NewLimiter(o.GlobalRate*PressesPerRequest, o.GlobalBurst*PressesPerRequest)
	}
	return l
}

// allow reports whether user may spend cost tokens now, and if so
// charges them: first to the user's own limit, then to the shared one. A
// request the shared limit refuses gives its user's tokens back.
func (l *rateLimits) allow(user string, cost int) bool {
	now := l.now()
	var mine *rate.Reservation
	if l.users != nil {
		lim := l.users.Keep(user, func() *rate.Limiter { return rate.NewLimiter(l.rate, l.burst) })
		mine = lim.ReserveN(now, cost)
		if !mine.OK() {
			return false
		}
		if mine.DelayFrom(now) > 0 {
			mine.CancelAt(now)
			return false
		}
	}
	if l.global != nil && !l.global.AllowN(now, cost) {
		if mine != nil {
			mine.CancelAt(now)
		}
		return false
	}
	return true
}
