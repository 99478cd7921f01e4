package bot

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/alea-bot/alea/commands"
)

// Warm runs the start-up work (table builds) of every command of reg and
// returns when all of it is done or has stopped because ctx ended. Each
// is logged to log and timed in m (alea_warm_seconds) when m is set.
// Errors are logged, not fatal; work stopped by ctx is not an error.
func Warm(ctx context.Context, reg *commands.Registry, log *slog.Logger, m *Metrics) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var wg sync.WaitGroup
	for _, c := range reg.Commands() {
		if c.Warm == nil {
			continue
		}
		wg.Add(1)
		go func(c *commands.Command) {
			defer wg.Done()
			start := time.Now()
			err := c.Warm(ctx)
			secs := time.Since(start).Seconds()
			if m != nil {
				m.WarmSeconds.WithLabelValues(c.Name.En).Set(secs)
			}
			if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				// Stopped (the bot is shutting down), not failed.
				log.Info("warm-up stopped", "command", c.Name.En, "err", err)
				return
			}
			if err != nil {
				log.Error("warm-up failed", "command", c.Name.En, "err", err)
				return
			}
			log.Info("warm-up done", "command", c.Name.En, "seconds", secs)
		}(c)
	}
	wg.Wait()
}

// Close stops taking new interactions (RefuseWhileClosing answers them;
// GateHeavyWork refuses its waiters) and waits until those in flight
// have been answered, or ctx ends.
func (d *Dispatcher) Close(ctx context.Context) error {
	d.closeOnce.Do(func() { close(d.closing) })
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
