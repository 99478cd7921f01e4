package bot

import (
	"context"
	"log/slog"
	"time"

	"github.com/alea-bot/alea/commands"
)

// DefaultDeferAfter is how long [Answer] waits for a reply before
// acknowledging the interaction in alea serve (Discord allows 3 s).
const DefaultDeferAfter = 1500 * time.Millisecond

// Answer sends the reply through the transport's [Exchange]: it runs the
// rest of the chain in a goroutine of its own and, when no reply is ready
// after after, acknowledges the interaction ("thinking…", or a deferred
// update) so that the reply edits it later. An autocomplete is never
// acknowledged: it is answered when ready. A modal cannot follow an
// acknowledgement: it becomes the time-out message. A reply the transport
// fails to send is logged, and the interaction is Undelivered.
//
// Put [RecoverPanics] after it: a panic in its goroutine would end the
// process.
func Answer(log *slog.Logger, after time.Duration) Middleware {
	if after <= 0 {
		after = DefaultDeferAfter
	}
	return answerThrough(log, after, func(*commands.Request) (<-chan time.Time, func()) {
		t := time.NewTimer(after)
		return t.C, func() { t.Stop() }
	})
}

// AnswerWhen is [Answer] with the deferral decided by due instead of a
// clock: a request is acknowledged when the channel due returns for it
// delivers before its reply is ready. Tests use it to defer exactly the
// interactions they hold, never racing a timer.
func AnswerWhen(log *slog.Logger, due func(req *commands.Request) <-chan time.Time) Middleware {
	return answerThrough(log, DefaultDeferAfter, func(req *commands.Request) (<-chan time.Time, func()) {
		return due(req), func() {}
	})
}

func answerThrough(log *slog.Logger, after time.Duration, due func(*commands.Request) (<-chan time.Time, func())) Middleware {
	log = orDiscard(log)
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			in := interactionOf(ctx)
			if in == nil { // not under a Dispatcher: nothing to answer through
				return next(ctx, req)
			}
			done := make(chan Result, 1)
			go func() { done <- next(ctx, req) }()
			deferred := false
			var res Result
			if req.Kind == commands.KindAutocomplete {
				res = <-done
			} else {
				c, stop := due(req)
				select {
				case res = <-done:
				case <-c:
					if err := in.ex.Defer(ctx, req); err != nil {
						log.Warn("defer failed", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "err", err)
					} else {
						deferred = true
					}
					res = <-done
				}
				stop()
			}
			if res.Reply == nil {
				log.Error("no reply to send", "interaction", LogInput(req.ID), "command", LogInput(req.Command))
				res = internalError(req)
			}
			if res.Reply.Modal != nil && deferred {
				res = Result{Reply: errorReply(msgTimeout.Format(req.Locale, after)), Outcome: TimedOut}
			}
			res.Deferred = deferred
			in.answered = true
			if err := in.ex.Send(ctx, req, res.Reply, deferred); err != nil {
				log.Error("reply not delivered", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "about", LogInput(res.Reply.About), "err", err)
				res.Outcome = Undelivered
			}
			return res
		}
	}
}
