package bot

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
)

// A popular heavy answer is not computed again under churn: with a cache
// of 4 replies and a stream of 200 one-off requests, the reply asked for
// between them is computed once. (A cache dropping the oldest stored
// replies computed it again every few requests.)
func TestHotReplySurvivesChurn(t *testing.T) {
	o := quiet()
	o.CacheTTL, o.CacheEntries = time.Hour, 4
	var heavy, cold atomic.Int64
	c := cmd("a", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		n := req.Options.Int("n", 0)
		if n == 0 {
			heavy.Add(1)
		} else {
			cold.Add(1)
		}
		return &commands.Reply{Content: fmt.Sprint(n)}, nil
	})
	c.Caching = &commands.Caching{}
	d := newTestDispatcher(t, o, c)
	ask := func(n int) {
		req := request("a", "u", commands.English)
		req.Options = commands.Options{"n": int64(n)}
		if r, out := d.Do(context.Background(), req); out != OK || r.Content != fmt.Sprint(n) {
			t.Fatalf("n=%d: %s %+v", n, out, r)
		}
	}
	for i := 1; i <= 200; i++ {
		ask(i)
		if i%2 == 0 {
			ask(0)
		}
		if n := d.cache.Len(); n > 4 {
			t.Fatalf("cache holds %d replies, bound 4", n)
		}
	}
	if heavy.Load() != 1 || cold.Load() != 200 {
		t.Fatalf("the popular reply was computed %d times (want 1), the one-off ones %d (want 200)", heavy.Load(), cold.Load())
	}
}

func TestCacheHitOnRepeat(t *testing.T) {
	m := NewMetrics()
	o := quiet()
	o.CacheTTL, o.Metrics = time.Minute, m
	var calls atomic.Int64
	count := cmd("count", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		calls.Add(1)
		if req.Options.String("s", "") == "partial" {
			return &commands.Reply{Content: "cut short"}, nil
		}
		if req.Options.String("s", "") == "bad" {
			return nil, commands.Reject("bad", "", "")
		}
		return &commands.Reply{Content: fmt.Sprintf("n=%d in %s", req.Options.Int("n", 0), req.Locale)}, nil
	})
	count.Caching = &commands.Caching{
		Key:  func(req *commands.Request) (string, bool) { return "", req.Options.String("s", "") != "random" },
		Keep: func(_ *commands.Request, r *commands.Reply) bool { return r.Content != "cut short" },
	}
	d := newTestDispatcher(t, o, count)
	ctx := context.Background()
	do := func(user string, l commands.Locale, opts commands.Options) *commands.Reply {
		req := request("count", user, l)
		req.Options = opts
		r, out := d.Do(ctx, req)
		if out != OK && out != Rejected {
			t.Fatalf("%v: %s", opts, out)
		}
		return r
	}
	// As `alea run` sends it (a string) and as Discord does (a JSON number):
	// the same checked input, so the second is a hit, whoever asks.
	first := do("u1", commands.English, commands.Options{"n": "3"})
	second := do("u2", commands.English, commands.Options{"n": float64(3)})
	if calls.Load() != 1 || second.Content != first.Content {
		t.Fatalf("repeat computed again: %d calls, %q then %q", calls.Load(), first.Content, second.Content)
	}
	if hits, misses := counter(t, m.CacheHits), counter(t, m.CacheMisses); hits != 1 || misses != 1 {
		t.Fatalf("hits %v misses %v, want 1 and 1", hits, misses)
	}
	do("u1", commands.Korean, commands.Options{"n": "3"}) // another language
	do("u1", commands.English, commands.Options{"n": "4"})
	do("u1", commands.English, commands.Options{"n": "3", "s": "x"})
	if calls.Load() != 4 {
		t.Fatalf("different inputs shared a cache entry: %d calls, want 4", calls.Load())
	}
	for i := 0; i < 2; i++ {
		do("u1", commands.English, commands.Options{"s": "partial"})
		do("u1", commands.English, commands.Options{"s": "bad"})
		do("u1", commands.English, commands.Options{"s": "random"})
	}
	if calls.Load() != 10 {
		t.Fatalf("excluded, unkept or rejected replies were cached: %d calls, want 10", calls.Load())
	}
}

// Caching is opt-in: a command that declares nothing is computed every
// time, and one whose reply depends on the user keys it by user.
func TestCacheIsOptInAndKeyedAsDeclared(t *testing.T) {
	o := quiet()
	o.CacheTTL = time.Minute
	var plain, mine atomic.Int64
	undeclared := cmd("plain", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		plain.Add(1)
		return &commands.Reply{Content: "hello " + req.UserID}, nil // forgot to declare the user
	})
	byUser := cmd("mine", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		mine.Add(1)
		return &commands.Reply{Content: "yours, " + req.UserID}, nil
	})
	byUser.Caching = &commands.Caching{Key: commands.ByUser}
	d := newTestDispatcher(t, o, undeclared, byUser)
	ctx := context.Background()
	for _, u := range []string{"u1", "u1", "u2"} {
		if r, _ := d.Do(ctx, request("plain", u, commands.English)); r.Content != "hello "+u {
			t.Fatalf("plain for %s: %q", u, r.Content)
		}
		if r, _ := d.Do(ctx, request("mine", u, commands.English)); r.Content != "yours, "+u {
			t.Fatalf("mine for %s: %q (another user's reply)", u, r.Content)
		}
	}
	if plain.Load() != 3 {
		t.Errorf("a command without Caching was cached: %d calls, want 3", plain.Load())
	}
	if mine.Load() != 2 {
		t.Errorf("a per-user command: %d calls, want 2 (u1 once, u2 once)", mine.Load())
	}
}

// A full cache makes room for new replies by dropping the least recently
// used ones (here, the oldest: none is asked for twice).
func TestCacheIsBounded(t *testing.T) {
	o := quiet()
	o.CacheTTL, o.CacheEntries = time.Minute, 3
	var calls atomic.Int64
	c := cmd("a", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		calls.Add(1)
		return &commands.Reply{Content: fmt.Sprint(req.Options.Int("n", 0))}, nil
	})
	c.Caching = &commands.Caching{}
	d := newTestDispatcher(t, o, c)
	ask := func(n int) {
		req := request("a", "u", commands.English)
		req.Options = commands.Options{"n": int64(n)}
		if r, out := d.Do(context.Background(), req); out != OK || r.Content != fmt.Sprint(n) {
			t.Fatalf("n=%d: %s %+v", n, out, r)
		}
	}
	for i := 0; i < 10; i++ {
		ask(i)
		if n := d.cache.Len(); n > 3 {
			t.Fatalf("cache holds %d entries, bound 3", n)
		}
	}
	before := calls.Load()
	ask(9) // the newest is kept
	if calls.Load() != before {
		t.Fatal("the newest reply was not kept when the cache was full")
	}
	ask(0) // the oldest went
	if calls.Load() != before+1 {
		t.Fatal("the oldest reply was kept instead of a newer one")
	}
}

func TestCacheKey(t *testing.T) {
	base := func() *commands.Request {
		return &commands.Request{Kind: commands.KindComponent, ID: "1", Command: "orbs", CustomID: "orbs/1/x", UserID: "u",
			Locale: commands.English, Options: commands.Options{"a": int64(1), "b": "x"}, Values: []string{"v"}, Fields: map[string]string{"f": "1", "g": "2"}}
	}
	k := cacheKey(base())
	same := base()
	same.ID, same.UserID, same.UserName, same.GuildID = "2", "other", "name", "g"
	if cacheKey(same) != k {
		t.Fatal("the key depends on who asked")
	}
	for name, change := range map[string]func(*commands.Request){
		"locale":    func(r *commands.Request) { r.Locale = commands.Korean },
		"kind":      func(r *commands.Request) { r.Kind = commands.KindModal },
		"command":   func(r *commands.Request) { r.Command = "coins" },
		"custom_id": func(r *commands.Request) { r.CustomID = "orbs/1/y" },
		"option":    func(r *commands.Request) { r.Options["a"] = int64(2) },
		"type":      func(r *commands.Request) { r.Options["a"] = "1" },
		"values":    func(r *commands.Request) { r.Values = []string{"w"} },
		"fields":    func(r *commands.Request) { r.Fields["g"] = "3" },
	} {
		r := base()
		change(r)
		if cacheKey(r) == k {
			t.Errorf("changing the %s keeps the key", name)
		}
	}
}
