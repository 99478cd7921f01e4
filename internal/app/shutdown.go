package app

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/alea-bot/alea/bot"
)

// maxNoticeReserve caps the part of the shutdown grace kept for telling
// the interactions still unanswered that Alea is restarting.
const maxNoticeReserve = 2 * time.Second

// noticeReserve is the part of grace kept, at its end, for the
// restarting notices: a quarter, at most maxNoticeReserve.
func noticeReserve(grace time.Duration) time.Duration {
	return min(grace/4, maxNoticeReserve)
}

// stopper shuts Run down within grace, whatever the transports do.
type stopper struct {
	grace    time.Duration
	log      *slog.Logger
	d        *bot.Dispatcher
	acked    *bot.Acknowledged
	stopWarm context.CancelFunc
	warmDone <-chan struct{}
	started  []running // the transports started, in order
	health   Transport // closed last: /healthz answers until the end
	once     sync.Once
}

// shutdown stops everything, once, and returns within grace (plus the
// time to log) even when a transport or the warm-up does not stop:
//
//  1. every transport stops taking interactions, and the work in flight
//     goes on, until grace minus noticeReserve;
//  2. the interactions acknowledged and not answered by then are told,
//     in their language, that Alea is restarting;
//  3. the health server closes.
//
// Whatever has not returned by the deadline (discordgo's Close waiting
// behind an Open that waits for HELLO, say) is abandoned: the process
// exits, with status 0, and the goroutines with it.
func (st *stopper) shutdown() {
	st.once.Do(func() {
		start := time.Now()
		deadline := start.Add(st.grace)
		st.log.Info("shutting down", "grace", st.grace.String())
		st.stopWarm()

		drain, cancelDrain := context.WithDeadline(context.Background(), deadline.Add(-noticeReserve(st.grace)))
		defer cancelDrain()
		closeAll(drain, st.started, st.log)
		if err := st.d.Close(drain); err != nil {
			st.log.Warn("interactions still in flight at shutdown", "acknowledged", st.acked.Pending(), "err", err)
		}

		final, cancelFinal := context.WithDeadline(context.Background(), deadline)
		defer cancelFinal()
		// From here on an interaction acknowledged late is told at once.
		if sent, err := st.acked.Notify(final); sent > 0 || err != nil {
			st.log.Info("told the interactions still thinking that Alea is restarting", "sent", sent, "err", errText(err))
		}
		if st.health != nil {
			closeAll(final, []running{{name: "health server", t: st.health}}, st.log)
		}
		select {
		case <-st.warmDone:
		case <-final.Done():
			st.log.Warn("the start-up tables did not stop building in time; abandoned")
		}
		st.log.Info("shutdown done", "took_ms", time.Since(start).Milliseconds())
	})
}

// closeAll closes rs at once, each with ctx, and returns when all have
// closed or ctx has ended, whichever is first; a transport still closing
// then is abandoned.
func closeAll(ctx context.Context, rs []running, log *slog.Logger) {
	done := make(chan struct{}, len(rs))
	for i := len(rs) - 1; i >= 0; i-- { // newest first
		r := rs[i]
		go func() {
			if err := r.t.Close(ctx); err != nil {
				log.Warn(r.name+" shutdown", "err", err)
			}
			done <- struct{}{}
		}()
	}
	for range rs {
		select {
		case <-done:
		case <-ctx.Done():
			log.Warn("transports still closing at the deadline; abandoned")
			return
		}
	}
}

// errText is err's text for a log attribute, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
