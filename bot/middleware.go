package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/alea-bot/alea/commands"
)

// HandlerFunc answers one interaction: the reply, and how it ended. The
// dispatcher's stages all have this shape; the innermost calls the
// command's handler and words its errors.
type HandlerFunc func(ctx context.Context, req *commands.Request) Result

// Result is how an interaction was answered.
type Result struct {
	Reply   *commands.Reply
	Outcome Outcome
	// Cached is true for a reply served from the result cache.
	Cached bool
	// Deferred is true when the interaction was acknowledged before its
	// reply was ready (the reply then edits the acknowledgement).
	Deferred bool
	// Partial is true for a reply made after its time budget ran out: it
	// may be incomplete, and is never cached.
	Partial bool
}

// Middleware wraps a HandlerFunc, as disgo's handler and arikawa's
// cmdroute compose theirs: it may answer by itself (a refusal), pass the
// request on with a changed context, and change the result on its way
// back. The wiring assembles the chain ([Options]); each middleware of
// this package says in its name what it does.
type Middleware func(next HandlerFunc) HandlerFunc

// Chain composes middleware into one, the first outermost: Chain(a, b)(h)
// is a(b(h)).
func Chain(mw ...Middleware) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		for i := len(mw) - 1; i >= 0; i-- {
			next = mw[i](next)
		}
		return next
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

// Localised messages of the middleware.
var (
	msgLimited      = commands.T("⏳ Slow down a little — try again in a few seconds.", "⏳ 조금 천천히 — 몇 초 뒤에 다시 해 보세요.", "⏳ 少しゆっくり — 数秒後にもう一度どうぞ。")
	msgPressRefused = commands.T("⏳ Pressed too fast — this press was not taken. Wait a moment, then press again.",
		"⏳ 버튼을 너무 빠르게 눌러서 이번 입력은 처리되지 않았습니다. 잠시 뒤에 다시 눌러 주세요.",
		"⏳ ボタンを押すのが速すぎたため、今回の操作は受け付けられませんでした。少し待ってからもう一度押してください。")
	msgBusy     = commands.T("⏳ Alea is busy with other heavy questions — try again in a moment.", "⏳ Alea가 다른 무거운 계산 중입니다 — 잠시 뒤에 다시 해 보세요.", "⏳ Alea は他の重い計算中です — 少し後でもう一度どうぞ。")
	msgTimeout  = commands.T("⌛ This needed more than %s and was stopped. Try a smaller input.", "⌛ %s 넘게 걸려서 멈췄습니다. 더 작은 입력으로 해 보세요.", "⌛ %s を超えたため中止しました。もっと小さい入力で試してください。")
	msgInternal = commands.T("💥 Internal error (reference `%s`). It has been logged; please try again later.", "💥 내부 오류입니다 (참조 `%s`). 기록되었으니 나중에 다시 해 보세요.", "💥 内部エラーです（参照 `%s`）。記録しました。後でもう一度どうぞ。")
	msgClosing  = commands.T("Alea is restarting — try again in a moment.", "Alea가 다시 시작하는 중입니다 — 잠시 뒤에 다시 해 보세요.", "Alea は再起動中です — 少し後でもう一度どうぞ。")
)

// orDiscard is log, or a logger that discards when log is nil.
func orDiscard(log *slog.Logger) *slog.Logger {
	if log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return log
}

func errorReply(msg string) *commands.Reply {
	return &commands.Reply{Content: msg, Ephemeral: true}
}

// internalError is the reply to a bug met answering req.
func internalError(req *commands.Request) Result {
	return Result{Reply: errorReply(msgInternal.Format(req.Locale, req.ID)), Outcome: Internal}
}

// interaction is what the dispatcher keeps in the context of one
// interaction for its middleware: the transport's exchange, whether the
// reply was sent, the dispatcher's closing signal, and the command the
// request was routed to.
type interaction struct {
	id       string
	ex       Exchange
	closing  <-chan struct{}
	answered bool     // set by Answer, in the goroutine of Handle
	routed   routedTo // set by the dispatcher's routing, before the routed middleware
}

type interactionKey struct{}

func interactionOf(ctx context.Context) *interaction {
	in, _ := ctx.Value(interactionKey{}).(*interaction)
	return in
}

// InteractionID returns the id of the interaction whose handling ctx
// belongs to ("" outside one), so that code the handlers call (a game's
// recorder) can name it in its log lines.
func InteractionID(ctx context.Context) string {
	if in := interactionOf(ctx); in != nil {
		return in.id
	}
	return ""
}

// closingOf returns the channel closed when the dispatcher handling ctx
// begins to close (nil, never closed, outside one).
func closingOf(ctx context.Context) <-chan struct{} {
	if in := interactionOf(ctx); in != nil {
		return in.closing
	}
	return nil
}

// routedTo is the command a request was routed to, and its handler.
type routedTo struct {
	cmd    *commands.Command
	handle commands.HandlerFunc
}

// CommandOf returns the command the request of ctx was routed to, for the
// middleware around it ([Options].Routed); nil before routing.
func CommandOf(ctx context.Context) *commands.Command {
	if in := interactionOf(ctx); in != nil {
		return in.routed.cmd
	}
	return nil
}

// budgetOf is the time budget of cmd's work.
func budgetOf(cmd *commands.Command) time.Duration {
	if cmd == nil || cmd.Budget <= 0 {
		return commands.DefaultBudget
	}
	return cmd.Budget
}
