// Package records holds what the commands that show players Alea's
// records of finished games share (/stats and /review today): the reply
// when memory is off and the guard that gives it, store errors as
// replies, how a seat is named, how luck and days are written, and the
// custom_id of the Review button that links a game to its review.
package records

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/store"
)

// Colour is the colour of the embeds of Alea's records.
const Colour = 0x5865F2

// ReviewPrefix begins the custom_id of a Review button, "review/1/<id>":
// /review's route, pressed on the final board of a Yacht table and in
// /stats history.
const ReviewPrefix = "review/1/"

// ReviewID is the custom_id of the Review button of game id.
func ReviewID(id string) string { return ReviewPrefix + id }

// MemoryData is the data output of every command and button of the
// records when the memory cannot answer: "off" (memory is off on this
// bot) or "unavailable" (the store cannot answer now).
type MemoryData struct {
	Memory string `json:"memory"`
}

var msgOff = commands.T(
	"Alea's memory is off on this bot: no games are kept, so there are no standings, histories, reviews or stored data. The bot's host can turn it on.",
	"이 봇에서는 Alea의 기억 기능이 꺼져 있습니다. 게임을 보관하지 않으므로 순위, 기록, 복기, 보관된 데이터가 없습니다. 봇을 운영하는 사람이 켤 수 있습니다.",
	"このボットでは Alea の記憶機能がオフです。ゲームを保存しないので、順位・履歴・振り返り・保存データはありません。ボットの運営者がオンにできます。")

// Off is the reply that says memory is off, for every command and button.
func Off(l commands.Locale) *commands.Reply {
	return &commands.Reply{Content: msgOff.In(l), Ephemeral: true, Data: MemoryData{Memory: "off"}}
}

// IsOff reports whether st keeps nothing: nil, or the store
// DATABASE_URL=off opens.
func IsOff(st store.Store) bool { return st == nil || st.Engine() == "off" }

var msgUnavailable = commands.T(
	"Alea's memory is unavailable right now, so this cannot be answered. Games go on as usual; please try again in a little while.",
	"지금은 Alea의 기억 기능을 쓸 수 없어서 답해 드릴 수 없습니다. 게임은 평소처럼 할 수 있으니 잠시 뒤에 다시 시도해 주세요.",
	"いまは Alea の記憶機能が使えないため、お答えできません。ゲームはいつもどおり遊べます。少し時間をおいてもう一度お試しください。")

// Unavailable is the reply that says the store cannot answer now (down,
// frozen, full, damaged, read-only), for every command and button.
func Unavailable(l commands.Locale) *commands.Reply {
	return &commands.Reply{Content: msgUnavailable.In(l), Ephemeral: true, Data: MemoryData{Memory: "unavailable"}}
}

// Wait ends a command's wait for the store: the channel it returns fires
// when the store has taken too long (nil: a StoreWait timer); tests fire
// it by hand.
type Wait func() <-chan time.Time

// StoreWait is how long a command of the records waits for the store
// before saying the memory is unavailable right now: a healthy store
// answers in milliseconds, and a frozen one must not hold the reply until
// the command's time budget, which would blame the input.
const StoreWait = 3 * time.Second

// errWaited is why a command's store calls were cut off: its Wait fired.
var errWaited = errors.New("records: the store did not answer in time")

// Guard wraps a handler of the records: with memory off it answers Off.
// Otherwise the handler's store calls are cut off when wait fires (nil:
// after StoreWait), and a store that failed (cut off, down, full,
// damaged, read-only: store.FailureOf) is answered Unavailable instead
// of an internal error.
func Guard(st store.Store, wait Wait, h commands.HandlerFunc) commands.HandlerFunc {
	return func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		if IsOff(st) {
			return Off(req.Locale), nil
		}
		var fire <-chan time.Time
		if wait != nil {
			fire = wait()
		} else {
			t := time.NewTimer(StoreWait)
			defer t.Stop()
			fire = t.C
		}
		ctx, cancel := context.WithCancelCause(ctx)
		defer cancel(nil)
		go func() {
			select {
			case <-fire:
				cancel(errWaited)
			case <-ctx.Done():
			}
		}()
		r, err := h(ctx, req)
		var ue *commands.UserError
		if err != nil && !errors.As(err, &ue) && (errors.Is(context.Cause(ctx), errWaited) || store.FailureOf(err) != store.FailureOther) {
			return Unavailable(req.Locale), nil
		}
		return r, err
	}
}

// StoreError turns a store error into the reply's: memory turned off
// under the command is said as such; anything else is returned, for Guard
// to tell an unavailable store from an internal error.
func StoreError(l commands.Locale, err error) (*commands.Reply, error) {
	if errors.Is(err, store.ErrOff) {
		return Off(l), nil
	}
	return nil, fmt.Errorf("records: %w", err)
}

// Mention writes a user as Discord shows them.
func Mention(user string) string { return "<@" + user + ">" }

// Assisted says how many of a seat's decisions took advice (the public
// coach, a hint, /yacht-advise on the same position), which skill leaves
// out: the final board of a game, its review. A seat with none says
// nothing.
var Assisted = commands.T("💡 %d of %d decisions assisted", "💡 선택 %[2]d번 중 %[1]d번은 조언을 받음", "💡 判断%[2]d回のうち%[1]d回は助言あり")

var msgAnonymous = commands.T("a former player", "이름 없는 플레이어", "名前のないプレイヤー")

// SeatName names a seat of a game: the user's mention, a named seat's
// name, or Alea. A user forgotten by ForgetUser shows as a former player.
func SeatName(l commands.Locale, s store.Seat) string {
	switch {
	case s.Alea:
		return "Alea"
	case s.User != "":
		return Mention(s.User)
	case s.Name != "":
		return s.Name
	}
	return msgAnonymous.In(l)
}

// Day writes a time as a UTC date.
func Day(t time.Time) string { return t.UTC().Format("2006-01-02") }

// Signed writes a luck figure to a tenth with its sign ("+3.7", "−5.0"),
// "±0.0" when it rounds to zero.
func Signed(x float64) string {
	s := fmt.Sprintf("%.1f", x)
	switch {
	case s == "0.0" || s == "-0.0":
		return "±0.0"
	case s[0] == '-':
		return "−" + s[1:]
	}
	return "+" + s
}
