package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/lru"
)

// DefaultCacheTTL and DefaultCacheEntries are the result cache of alea
// serve: replies kept 10 minutes, 2000 at most.
const (
	DefaultCacheTTL     = 10 * time.Minute
	DefaultCacheEntries = 2000
)

// CacheOptions configure [CacheReplies].
type CacheOptions struct {
	// TTL is how long replies are kept (zero: no cache).
	TTL time.Duration
	// Entries bounds the cache (default DefaultCacheEntries); when it is
	// full, the reply used least recently goes.
	Entries int
	// Metrics, when set, count hits and misses.
	Metrics *Metrics
}

// CacheReplies serves a routed command's reply again to an equal request
// (cacheKey), for the commands that opt in (commands.Caching) and the
// requests and replies they admit. A reply that is not OK, or made after
// its budget ran out (Partial), is not kept. Autocompletes are never
// cached. With a zero TTL it passes every request on.
func CacheReplies(o CacheOptions) Middleware {
	return newReplyCache(o).serve
}

// replyCache is the cache of CacheReplies (nil: no cache).
type replyCache struct {
	lru     *lru.Cache[*commands.Reply]
	metrics *Metrics
}

func newReplyCache(o CacheOptions) *replyCache {
	if o.TTL <= 0 {
		return nil
	}
	if o.Entries <= 0 {
		o.Entries = DefaultCacheEntries
	}
	return &replyCache{lru: lru.New[*commands.Reply](o.Entries, o.TTL), metrics: o.Metrics}
}

// Len is the number of replies kept.
func (c *replyCache) Len() int { return c.lru.Len() }

// serve is the middleware of CacheReplies.
func (c *replyCache) serve(next HandlerFunc) HandlerFunc {
	if c == nil {
		return next
	}
	return func(ctx context.Context, req *commands.Request) Result {
		cmd := CommandOf(ctx)
		if cmd == nil {
			return next(ctx, req)
		}
		extra, ok := cachingKey(cmd, req)
		if !ok {
			return next(ctx, req)
		}
		key := cacheKey(req) + "|" + extra
		if v, ok := c.lru.Get(key); ok {
			if c.metrics != nil {
				c.metrics.CacheHits.Inc()
			}
			return Result{Reply: v, Outcome: OK, Cached: true}
		}
		if c.metrics != nil {
			c.metrics.CacheMisses.Inc()
		}
		res := next(ctx, req)
		// A full cache drops the reply used least recently, so answers
		// asked for again and again stay under churn.
		if res.Outcome == OK && !res.Partial && (cmd.Caching.Keep == nil || cmd.Caching.Keep(req, res.Reply)) {
			c.lru.Set(key, res.Reply)
		}
		return res
	}
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
