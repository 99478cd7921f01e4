package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
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
				log.Error("reply not delivered", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "err", err)
				res.Outcome = Undelivered
			}
			return res
		}
	}
}

// LogInteractions writes one line per interaction once it is answered:
// its id, kind, command, custom_id, user, locale, latency, outcome, and
// whether it was deferred or served from the cache; at INFO, and at
// ERROR for a bug or a reply not delivered. User input is cut short
// (LogInput).
func LogInteractions(log *slog.Logger) Middleware {
	log = orDiscard(log)
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			start := time.Now()
			res := next(ctx, req)
			level := slog.LevelInfo
			if res.Outcome == Internal || res.Outcome == Undelivered {
				level = slog.LevelError
			}
			if log.Enabled(ctx, level) { // the attributes are built only for a logger that writes them
				log.Log(ctx, level, "interaction",
					"interaction", LogInput(req.ID), "kind", kindName(req.Kind), "command", LogInput(req.Command), "custom_id", logText(req.CustomID, logIDBytes),
					"user", LogInput(req.UserID), "locale", string(req.Locale), "latency_ms", time.Since(start).Milliseconds(),
					"outcome", string(res.Outcome), "deferred", res.Deferred, "cached", res.Cached)
			}
			return res
		}
	}
}

// CountInteractions updates m for every interaction: those in flight,
// each one's outcome by command, its latency, and the deferred ones.
func CountInteractions(m *Metrics) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			start := time.Now()
			m.InFlight.Inc()
			defer m.InFlight.Dec()
			res := next(ctx, req)
			if res.Deferred {
				m.Deferred.Inc()
			}
			m.Interactions.WithLabelValues(commandLabel(req), string(res.Outcome)).Inc()
			m.Latency.WithLabelValues(commandLabel(req)).Observe(time.Since(start).Seconds())
			return res
		}
	}
}

// RecoverPanics answers a panic of the rest of the chain with the
// internal-error reply (its reference is the interaction id) and logs it
// with its stack.
func RecoverPanics(log *slog.Logger) Middleware {
	log = orDiscard(log)
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) (res Result) {
			defer func() {
				if p := recover(); p != nil {
					log.Error("panic", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "panic", logText(fmt.Sprint(p), logErrBytes), "stack", string(debug.Stack()))
					res = internalError(req)
				}
			}()
			return next(ctx, req)
		}
	}
}

// RefuseWhileClosing answers "Alea is restarting" (Busy) once the
// dispatcher has begun to close, instead of starting new work.
func RefuseWhileClosing() Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			select {
			case <-closingOf(ctx):
				return Result{Reply: errorReply(msgClosing.In(req.Locale)), Outcome: Busy}
			default:
			}
			return next(ctx, req)
		}
	}
}

// LimitTime gives the routed command's handler its time budget
// (commands.Command.Budget, else commands.DefaultBudget) as the context's
// deadline. A reply made after the budget ran out is Partial. Put it
// inside [GateHeavyWork], whose turns carry budgets of their own.
func LimitTime() Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			ctx, cancel := context.WithTimeout(ctx, budgetOf(CommandOf(ctx)))
			defer cancel()
			res := next(ctx, req)
			if res.Outcome == OK && ctx.Err() != nil {
				res.Partial = true
			}
			return res
		}
	}
}
