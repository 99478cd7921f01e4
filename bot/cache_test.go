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
