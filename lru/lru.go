// Package lru is the one bounded in-process cache of Alea: go-cache's
// expiring entries, bounded by least-recent use. Every store into a full
// cache drops the entry used least recently, in constant time, so entries
// that are asked for again and again stay while one-off ones come and go.
package lru

import (
	"container/list"
	"sync"
	"time"

	gocache "github.com/patrickmn/go-cache"
)

// Cache holds at most a fixed number of values by key, each for a time
// to live, dropping the least recently used when full. It is safe for
// concurrent use.
type Cache[V any] struct {
	op    sync.Mutex     // serialises Get, Set and Keep
	items *gocache.Cache // key → its *list.Element in use.order
	use   *recency
	max   int
}

// recency is the order of use, most recent first. go-cache's eviction
// callback (its janitor dropping expired entries, or a Delete) unlinks
// elements too, so it has a lock of its own and does not refer to the
// Cache (go-cache stops its janitor once the Cache is unreachable).
type recency struct {
	mu    sync.Mutex
	order *list.List // of *entry[V]
}

type entry[V any] struct {
	key   string
	value V
}

// New returns a cache of at most max entries (at least 1), each kept for
// ttl after it was stored (zero or less: until it is dropped for room).
func New[V any](max int, ttl time.Duration) *Cache[V] {
	if max < 1 {
		max = 1
	}
	exp, cleanup := ttl, ttl
	if ttl <= 0 {
		exp, cleanup = gocache.NoExpiration, 0
	}
	use := &recency{order: list.New()}
	items := gocache.New(exp, cleanup)
	items.OnEvicted(func(_ string, v any) {
		use.mu.Lock()
		use.order.Remove(v.(*list.Element)) // no-op when already unlinked
		use.mu.Unlock()
	})
	return &Cache[V]{items: items, use: use, max: max}
}

// Get returns the value under key, if present and not expired, and marks
// it used.
func (c *Cache[V]) Get(key string) (V, bool) {
	c.op.Lock()
	defer c.op.Unlock()
	x, ok := c.items.Get(key)
	if !ok {
		var zero V
		return zero, false
	}
	return c.touch(x.(*list.Element)), true
}

// Set stores v under key for the cache's time to live, marked used; a
// full cache drops its least recently used entry to make room.
func (c *Cache[V]) Set(key string, v V) {
	c.op.Lock()
	defer c.op.Unlock()
	if x, ok := c.items.Get(key); ok {
		el := x.(*list.Element)
		c.use.mu.Lock()
		el.Value.(*entry[V]).value = v
		c.use.order.MoveToFront(el)
		c.use.mu.Unlock()
		c.items.SetDefault(key, el)
		return
	}
	c.add(key, v)
}

// Keep returns the value under key, marked used and kept for the time to
// live from now; when there is none, it stores and returns create().
func (c *Cache[V]) Keep(key string, create func() V) V {
	c.op.Lock()
	defer c.op.Unlock()
	if x, ok := c.items.Get(key); ok {
		el := x.(*list.Element)
		c.items.SetDefault(key, el)
		return c.touch(el)
	}
	v := create()
	c.add(key, v)
	return v
}

// Len is the number of entries held, expired ones not yet dropped
// included; it never exceeds the bound.
func (c *Cache[V]) Len() int {
	c.use.mu.Lock()
	defer c.use.mu.Unlock()
	return c.use.order.Len()
}

// touch marks el used and returns its value.
func (c *Cache[V]) touch(el *list.Element) V {
	c.use.mu.Lock()
	defer c.use.mu.Unlock()
	c.use.order.MoveToFront(el)
	return el.Value.(*entry[V]).value
}

// add stores a key not present (or expired), then drops the least
// recently used entry while over the bound. Called with c.op held.
func (c *Cache[V]) add(key string, v V) {
	// An expired entry the janitor has not dropped yet: drop it now, so
	// its element leaves the order (the callback unlinks it).
	c.items.Delete(key)
	c.use.mu.Lock()
	el := c.use.order.PushFront(&entry[V]{key: key, value: v})
	var dropped *list.Element
	if c.use.order.Len() > c.max {
		dropped = c.use.order.Back()
		c.use.order.Remove(dropped)
	}
	c.use.mu.Unlock()
	c.items.SetDefault(key, el)
	if dropped != nil {
		k := dropped.Value.(*entry[V]).key
		// Delete only if go-cache still holds this very element (an
		// expired one is left to the janitor, whose callback is a no-op).
		if x, ok := c.items.Get(k); ok && x == any(dropped) {
			c.items.Delete(k)
		}
	}
}
