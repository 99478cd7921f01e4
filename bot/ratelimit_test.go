package bot

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
)

// One account flooding does not drain the budget the others share.
// Under the limits alea serve runs with (2 a second per user, burst 8;
// 50 a second in all, burst 100), on a clock the test moves by hand, one
// user sends 40, 60 or 2000 requests a second for 20 seconds while 30
// others send one a second each, just after the flooder's requests of the
// same instant. The others are answered (at most 1 % refused; when
// refused requests took a shared token, 23, 41 and 99.7 % were), and the
// flooder gets its own rate and no more: its burst of 8, then 2 a second.
func TestFloodDoesNotDrainTheSharedBudget(t *testing.T) {
	for _, perSecond := range []int{40, 60, 2000} {
		t.Run(fmt.Sprint(perSecond, "/s"), func(t *testing.T) {
			floodOK, othersAsked, othersRefused := flood(t, perSecond)
			t.Logf("others: %d of %d refused; flooder: %d answered", othersRefused, othersAsked, floodOK)
			if othersRefused*100 > othersAsked {
				t.Errorf("%d of the others' %d requests refused (%.1f %%), want at most 1 %%",
					othersRefused, othersAsked, 100*float64(othersRefused)/float64(othersAsked))
			}
			// Burst 8 at 0 s, then one every 0.5 s until 19.5 s: 8 + 39.
			if floodOK != 47 {
				t.Errorf("the flooder was answered %d times in 20 s, want its burst of 8 and 2 a second (47)", floodOK)
			}
		})
	}
}

// flood runs the scenario of TestFloodDoesNotDrainTheSharedBudget with
// the flooder sending perSecond requests a second, in 1 ms steps.
func flood(t *testing.T, perSecond int) (floodOK, othersAsked, othersRefused int) {
	start := time.Unix(1_800_000_000, 0)
	var clock atomic.Int64 // nanoseconds after start
	o := servedOptions()
	o.CacheTTL, o.DeferAfter = 0, time.Hour
	o.Now = func() time.Time { return start.Add(time.Duration(clock.Load())) }
	d := newTestDispatcher(t, o, cmd("a", ok("fine")))
	ctx := context.Background()
	const (
		ms     = 20_000 // 20 s
		others = 30
	)
	for k := 0; k < ms; k++ {
		clock.Store(int64(k) * int64(time.Millisecond))
		for j := k * perSecond / 1000; j < (k+1)*perSecond/1000; j++ {
			switch _, out := d.Do(ctx, request("a", "flooder", commands.English)); out {
			case OK:
				floodOK++
			case Limited:
			default:
				t.Fatalf("flooder at %d ms: %s", k, out)
			}
		}
		// User u asks at u×33 ms past each second.
		if u := k % 1000 / 33; k%1000%33 == 0 && u < others {
			othersAsked++
			switch _, out := d.Do(ctx, request("a", fmt.Sprint("user", u), commands.English)); out {
			case OK:
			case Limited:
				othersRefused++
			default:
				t.Fatalf("user %d at %d ms: %s", u, k, out)
			}
		}
	}
	if othersAsked != others*ms/1000 {
		t.Fatalf("%d requests of the others, want %d", othersAsked, others*ms/1000)
	}
	return floodOK, othersAsked, othersRefused
}

// A request the shared limit refuses costs its user nothing: the token
// its own limit had granted is given back.
func TestSharedRefusalGivesTheUsersTokenBack(t *testing.T) {
	start := time.Unix(1_800_000_000, 0)
	var clock atomic.Int64
	o := quiet()
	o.UserRate, o.UserBurst = 0.001, 1 // one, then one per 1000 s
	o.GlobalRate, o.GlobalBurst = 1, 1 // one a second in all
	o.Now = func() time.Time { return start.Add(time.Duration(clock.Load())) }
	d := newTestDispatcher(t, o, cmd("a", ok("fine")))
	ctx := context.Background()
	var outs []Outcome
	for _, step := range []struct {
		at   time.Duration
		user string
	}{{0, "a"}, {0, "b"}, {time.Second, "b"}, {2 * time.Second, "b"}} {
		clock.Store(int64(step.at))
		_, out := d.Do(ctx, request("a", step.user, commands.English))
		outs = append(outs, out)
	}
	// b at 0 s: the shared token is a's; at 1 s: b's own token is still
	// there; at 2 s: b has used it (the next comes after 1000 s).
	if fmt.Sprint(outs) != "[ok limited ok limited]" {
		t.Fatalf("outcomes %v, want [ok limited ok limited]", outs)
	}
}

func TestRateLimitPerUser(t *testing.T) {
	m := NewMetrics()
	o := quiet()
	o.UserRate, o.UserBurst, o.Metrics = 0.001, 2, m // two at once, then one per 1000 s
	d := newTestDispatcher(t, o, cmd("a", ok("fine")))
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if _, out := d.Do(ctx, request("a", "u1", commands.Korean)); out != OK {
			t.Fatalf("request %d: %s", i, out)
		}
	}
	r, out := d.Do(ctx, request("a", "u1", commands.Korean))
	if out != Limited || !r.Ephemeral || r.Content != msgLimited.Ko {
		t.Fatalf("third request: %s %+v, want an ephemeral Korean slow-down", out, r)
	}
	if _, out := d.Do(ctx, request("a", "u2", commands.English)); out != OK {
		t.Fatalf("another user: %s", out)
	}
	ac := request("a", "u1", commands.English)
	ac.Kind = commands.KindAutocomplete
	if _, out := d.Do(ctx, ac); out == Limited {
		t.Fatal("autocomplete was rate limited")
	}
	if got := counter(t, m.RateLimited); got != 1 {
		t.Fatalf("alea_rate_limited_total = %v, want 1", got)
	}
}

func TestRateLimitGlobal(t *testing.T) {
	o := quiet()
	o.GlobalRate, o.GlobalBurst = 0.001, 3
	d := newTestDispatcher(t, o, cmd("a", ok("fine")))
	var outs []Outcome
	for _, u := range []string{"a", "b", "c", "d", "e"} {
		_, out := d.Do(context.Background(), request("a", u, commands.Japanese))
		outs = append(outs, out)
	}
	if fmt.Sprint(outs) != "[ok ok ok limited limited]" {
		t.Fatalf("five users against a global burst of 3: %v", outs)
	}
}
