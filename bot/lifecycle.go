package bot

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/alea-bot/alea/commands"
)

// Warm runs every command's start-up work (table builds) and returns when
// all of it is done or has stopped because ctx ended. Errors are logged,
// not fatal; work stopped by ctx is not an error.
func (d *Dispatcher) Warm(ctx context.Context) {
	var wg sync.WaitGroup
	for _, c := range d.router.reg.Commands() {
		if c.Warm == nil {
			continue
		}
		wg.Add(1)
		go func(c *commands.Command) {
			defer wg.Done()
			start := time.Now()
			err := c.Warm(ctx)
			secs := time.Since(start).Seconds()
			if d.metrics != nil {
				d.metrics.WarmSeconds.WithLabelValues(c.Name.En).Set(secs)
			}
			if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				// Stopped (the bot is shutting down), not failed.
				d.log.Info("warm-up stopped", "command", c.Name.En, "err", err)
				return
			}
			if err != nil {
				d.log.Error("warm-up failed", "command", c.Name.En, "err", err)
				return
			}
			d.log.Info("warm-up done", "command", c.Name.En, "seconds", secs)
		}(c)
	}
	wg.Wait()
}

// Close stops taking new interactions and waits until those in flight
// have been answered, or ctx ends.
func (d *Dispatcher) Close(ctx context.Context) error {
	d.closed.Store(true)
	d.heavy.shut()
	select {
	case <-d.inflight.idle():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// inflight counts the interactions being answered. Unlike a WaitGroup it
// may gain work while Close waits (an interaction arriving during
// shutdown is answered "restarting" and counted too).
type inflight struct {
	mu     sync.Mutex
	n      int
	waiter chan struct{} // closed when n drops to zero
}

func (f *inflight) add() {
	f.mu.Lock()
	f.n++
	f.mu.Unlock()
}

func (f *inflight) done() {
	f.mu.Lock()
	f.n--
	if f.n == 0 && f.waiter != nil {
		close(f.waiter)
		f.waiter = nil
	}
	f.mu.Unlock()
}

// idle returns a channel closed once no interaction is in flight.
func (f *inflight) idle() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n == 0 {
		c := make(chan struct{})
		close(c)
		return c
	}
	if f.waiter == nil {
		f.waiter = make(chan struct{})
	}
	return f.waiter
}
