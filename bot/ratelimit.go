package bot

import (
	"time"

	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/lru"
)

// rateLimits are the request limits: each user's, and everyone's
// together. A request takes a token of the shared budget only when its
// user's own limit admits it, so refused requests (a flood) cost the
// others nothing.
type rateLimits struct {
	now    func() time.Time
	rate   rate.Limit
	burst  int
	users  *lru.Cache[*rate.Limiter] // nil: no per-user limit
	global *rate.Limiter             // nil: no shared limit
}

// Bounds of the per-user limiters kept: a user idle for usersIdle starts
// afresh (their bucket is full again long before), and at most maxUsers
// are kept, the least recently seen going first.
const (
	usersIdle = 10 * time.Minute
	maxUsers  = 100_000
)

// newRateLimits returns the limits of o (nil when both are off).
func newRateLimits(o Options) *rateLimits {
	if o.UserRate <= 0 && o.GlobalRate <= 0 {
		return nil
	}
	l := &rateLimits{now: o.Now, rate: o.UserRate, burst: o.UserBurst}
	if o.UserRate > 0 {
		l.users = lru.New[*rate.Limiter](maxUsers, usersIdle)
	}
	if o.GlobalRate > 0 {
		l.global = rate.NewLimiter(o.GlobalRate, o.GlobalBurst)
	}
	return l
}

// allow reports whether user may make a request now, and if so charges
// it: first to the user's own limit, then to the shared one. A request
// the shared limit refuses gives its user's token back.
func (l *rateLimits) allow(user string) bool {
	if l == nil {
		return true
	}
	now := l.now()
	var mine *rate.Reservation
	if l.users != nil {
		lim := l.users.Keep(user, func() *rate.Limiter { return rate.NewLimiter(l.rate, l.burst) })
		mine = lim.ReserveN(now, 1)
		if !mine.OK() {
			return false
		}
		if mine.DelayFrom(now) > 0 {
			mine.CancelAt(now)
			return false
		}
	}
	if l.global != nil && !l.global.AllowN(now, 1) {
		if mine != nil {
			mine.CancelAt(now)
		}
		return false
	}
	return true
}
