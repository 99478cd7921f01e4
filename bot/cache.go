package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/alea-bot/alea/commands"
)

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
