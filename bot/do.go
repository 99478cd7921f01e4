package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"

	"github.com/alea-bot/alea/commands"
)

// capture is an Exchange that keeps the reply, for Do. It is safe for one
// interaction at a time.
type capture struct {
	mu    sync.Mutex
	reply *commands.Reply
}

// Defer accepts the acknowledgement: the caller of Do waits for the reply.
func (c *capture) Defer(context.Context, *commands.Request) error { return nil }

// Send keeps the reply.
func (c *capture) Send(_ context.Context, _ *commands.Request, r *commands.Reply, _ bool) error {
	c.mu.Lock()
	c.reply = r
	c.mu.Unlock()
	return nil
}

// Do runs req through the dispatcher and returns the reply and outcome.
func (d *Dispatcher) Do(ctx context.Context, req *commands.Request) (*commands.Reply, Outcome) {
	var c capture
	out := d.Handle(ctx, req, &c)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.reply, out
}

// HandleDetached runs Handle for req in a goroutine of its own, so the
// work outlives the HTTP request that brought it when it is deferred. A
// panic of the transport's exchange is logged with its stack and answered
// by fail.
func (d *Dispatcher) HandleDetached(ctx context.Context, req *commands.Request, ex Exchange, fail func(), log *slog.Logger, transport string) {
	ctx = context.WithoutCancel(ctx)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				log.Error("panic in the "+transport, "interaction", LogInput(req.ID), "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				fail()
			}
		}()
		d.Handle(ctx, req, ex)
	}()
}
