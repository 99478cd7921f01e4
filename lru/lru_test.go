package lru

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// Under churn (a stream of one-off keys, many times the bound) an entry
// asked for between them stays, while the one-off ones come and go. A
// cache dropping the oldest stored entry (not the least recently used)
// loses it after max stores.
func TestHotEntrySurvivesChurn(t *testing.T) {
	const max = 8
	c := New[string](max, 0)
	c.Set("hot", "heavy answer")
	for i := 0; i < 100*max; i++ {
		c.Set(fmt.Sprint("cold", i), "x")
		if i%(max/2) == 0 {
			if v, ok := c.Get("hot"); !ok || v != "heavy answer" {
				t.Fatalf("after %d one-off stores the hot entry is gone", i+1)
			}
		}
		if n := c.Len(); n > max {
			t.Fatalf("%d entries, bound %d", n, max)
		}
	}
	// The cold keys older than the last max-1 went, the newest stayed.
	if _, ok := c.Get(fmt.Sprint("cold", 100*max-max)); ok {
		t.Error("an entry older than the bound is still there")
	}
	if _, ok := c.Get(fmt.Sprint("cold", 100*max-1)); !ok {
		t.Error("the newest entry was dropped")
	}
}

// The entry dropped is exactly the least recently used one, by Get, Set
// or Keep, and one store into a full cache drops exactly one entry (no
// sweep of many at once: the cache stays full).
func TestDropsExactlyTheLeastRecentlyUsed(t *testing.T) {
	c := New[int](3, 0)
	c.Set("a", 1)
	c.Set("b", 2)
	c.Set("c", 3)
	c.Get("a")                            // order: a c b
	c.Set("b", 20)                        // order: b a c
	c.Keep("c", func() int { return -1 }) // order: c b a
	if v := c.Keep("c", func() int { return -1 }); v != 3 {
		t.Fatalf("Keep of a present key made a new value: %d", v)
	}
	for i, want := range []string{"a", "b", "c"} {
		c.Set(fmt.Sprint("new", i), i)
		if n := c.Len(); n != 3 {
			t.Fatalf("%d entries after a store into a full cache of 3", n)
		}
		if _, ok := c.Get(want); ok {
			t.Fatalf("store %d: %q, the least recently used, is still there", i, want)
		}
	}
	if v, ok := c.Get("new0"); !ok || v != 0 {
		t.Fatalf("new0: %v %v", v, ok)
	}
	if v := c.Keep("fresh", func() int { return 7 }); v != 7 {
		t.Fatalf("Keep of an absent key: %d", v)
	}
}

// A store costs the same whatever the cache's size: the allocations of
// one store into a full cache do not grow with the bound (a store that
// scanned or copied the entries would allocate in proportion).
func TestStoreDoesNotScan(t *testing.T) {
	allocs := func(max int) float64 {
		c := New[int](max, 0)
		for i := 0; i < max; i++ {
			c.Set(fmt.Sprint(i), i)
		}
		keys := make([]string, 1000)
		for i := range keys {
			keys[i] = fmt.Sprint("k", i)
		}
		i := 0
		return testing.AllocsPerRun(len(keys)-1, func() {
			c.Set(keys[i], i)
			i++
		})
	}
	small, large := allocs(16), allocs(1<<15)
	if large > small+1 {
		t.Fatalf("a store allocates %.1f times into a full cache of 2^15, %.1f into one of 16", large, small)
	}
}

// BenchmarkStoreFull is a store into a full cache, which drops one entry;
// ns/op is the same at every size.
func BenchmarkStoreFull(b *testing.B) {
	for _, max := range []int{1 << 10, 1 << 16} {
		b.Run(fmt.Sprint(max), func(b *testing.B) {
			c := New[int](max, 0)
			keys := make([]string, 2*max)
			for i := range keys {
				keys[i] = fmt.Sprint(i)
			}
			for i := 0; i < max; i++ {
				c.Set(keys[i], i)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.Set(keys[i%len(keys)], i)
			}
		})
	}
}

// Get, Set and Keep from many goroutines at once, with expiry on (its
// janitor running), keep the bound and give back what was stored: run
// with -race.
func TestConcurrentUseKeepsTheBound(t *testing.T) {
	const max = 16
	c := New[int](max, time.Hour)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				k := fmt.Sprint(i % 40)
				switch i % 3 {
				case 0:
					c.Set(k, i%40)
				case 1:
					if v, ok := c.Get(k); ok && v != i%40 {
						t.Errorf("Get(%s) = %d", k, v)
					}
				default:
					if v := c.Keep(k, func() int { return i % 40 }); v != i%40 {
						t.Errorf("Keep(%s) = %d", k, v)
					}
				}
				if n := c.Len(); n > max {
					t.Errorf("%d entries, bound %d", n, max)
				}
			}
		}(g)
	}
	wg.Wait()
}
