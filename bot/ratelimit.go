package bot

import (
	gocache "github.com/patrickmn/go-cache"
	"golang.org/x/time/rate"
)

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
