package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/alea-bot/alea/commands"
)

// Localised messages of the middleware.
var (
	msgLimited  = commands.T("⏳ Slow down a little — try again in a few seconds.", "⏳ 조금 천천히 — 몇 초 뒤에 다시 해 보세요.", "⏳ 少しゆっくり — 数秒後にもう一度どうぞ。")
	msgBusy     = commands.T("⏳ Alea is busy with other heavy questions — try again in a moment.", "⏳ Alea가 다른 무거운 계산 중입니다 — 잠시 뒤에 다시 해 보세요.", "⏳ Alea は他の重い計算中です — 少し後でもう一度どうぞ。")
	msgTimeout  = commands.T("⌛ This needed more than %s and was stopped. Try a smaller input.", "⌛ %s 넘게 걸려서 멈췄습니다. 더 작은 입력으로 해 보세요.", "⌛ %s を超えたため中止しました。もっと小さい入力で試してください。")
	msgInternal = commands.T("💥 Internal error (reference `%s`). It has been logged; please try again later.", "💥 내부 오류입니다 (참조 `%s`). 기록되었으니 나중에 다시 해 보세요.", "💥 内部エラーです（参照 `%s`）。記録しました。後でもう一度どうぞ。")
	msgClosing  = commands.T("Alea is restarting — try again in a moment.", "Alea가 다시 시작하는 중입니다 — 잠시 뒤에 다시 해 보세요.", "Alea は再起動中です — 少し後でもう一度どうぞ。")
)

func errorReply(msg string) *commands.Reply {
	return &commands.Reply{Content: msg, Ephemeral: true}
}

type result struct {
	reply   *commands.Reply
	outcome Outcome
	hit     bool
}

// compute runs the middleware chain and the handler; it never panics.
func (d *Dispatcher) compute(ctx context.Context, req *commands.Request) (res result) {
	defer func() {
		if p := recover(); p != nil {
			d.log.Error("panic", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "panic", logText(fmt.Sprint(p), logErrBytes), "stack", string(debug.Stack()))
			res = result{reply: errorReply(msgInternal.Format(req.Locale, req.ID)), outcome: Internal}
		}
	}()
	if d.closed.Load() {
		return result{reply: errorReply(msgClosing.In(req.Locale)), outcome: Busy}
	}
	if req.Locale == "" {
		req.Locale = commands.English
	}
	if req.Kind != commands.KindAutocomplete && !d.limits.allow(req.UserID) {
		if d.metrics != nil {
			d.metrics.RateLimited.Inc()
		}
		return result{reply: errorReply(msgLimited.In(req.Locale)), outcome: Limited}
	}
	cmd, handle, err := d.router.Resolve(req)
	if err != nil {
		return d.failure(req, err, 0)
	}
	key := d.cacheKeyFor(cmd, req)
	if key != "" {
		if v, ok := d.cache.Get(key); ok {
			if d.metrics != nil {
				d.metrics.CacheHits.Inc()
			}
			return result{reply: v, outcome: OK, hit: true}
		}
		if d.metrics != nil {
			d.metrics.CacheMisses.Inc()
		}
	}
	budget := cmd.Budget
	if budget <= 0 {
		budget = commands.DefaultBudget
	}
	turn := &heavyTurn{q: d.heavy, user: req.UserID, base: ctx, budget: budget, start: time.Now()}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	ctx = commands.WithHeavyGate(ctx, turn)
	reply, err := handle(ctx, req)
	if err == nil && reply == nil {
		err = errors.New("handler returned no reply")
	}
	if err != nil {
		return d.failure(req, err, budget)
	}
	checked := d.checkLimits(req, result{reply: reply, outcome: OK})
	if checked.outcome != OK {
		return checked
	}
	reply = checked.reply
	// A reply made after its budget ran out may be partial: not cached.
	if key != "" && (cmd.Caching.Keep == nil || cmd.Caching.Keep(req, reply)) && !turn.ended(ctx) {
		d.store(key, reply)
	}
	return result{reply: reply, outcome: OK}
}

func (d *Dispatcher) failure(req *commands.Request, err error, budget time.Duration) result {
	var ue *commands.UserError
	var no *refusal
	switch {
	case errors.As(err, &no):
		if d.metrics != nil {
			d.metrics.Busy.Inc()
		}
		return result{reply: errorReply(no.msg.In(req.Locale)), outcome: no.outcome}
	case errors.As(err, &ue):
		return result{reply: errorReply("❌ " + ue.Localize(req.Locale)), outcome: Rejected}
	case errors.Is(err, context.DeadlineExceeded):
		return result{reply: errorReply(msgTimeout.Format(req.Locale, budget)), outcome: TimedOut}
	}
	d.log.Error("handler failed", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "err", logText(err.Error(), logErrBytes))
	return result{reply: errorReply(msgInternal.Format(req.Locale, req.ID)), outcome: Internal}
}
