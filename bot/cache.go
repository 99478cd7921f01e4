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

// store keeps reply under key. A full cache drops the reply used least
// recently, so answers asked for again and again stay under churn.
func (d *Dispatcher) store(key string, reply *commands.Reply) {
	d.cache.Set(key, reply)
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
