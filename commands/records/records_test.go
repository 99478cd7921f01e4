package records

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// TestSigned pins the luck figures' signs around zero.
func TestSigned(t *testing.T) {
	for x, want := range map[float64]string{3.65: "+3.6", 0.04: "±0.0", 0.05: "+0.1", -0.04: "±0.0", -0.06: "−0.1", -5: "−5.0", 0: "±0.0", 12.34: "+12.3"} {
		if got := Signed(x); got != want {
			t.Errorf("Signed(%v) = %q, want %q", x, got, want)
		}
	}
}

func TestSeatNamesAndDays(t *testing.T) {
	for s, want := range map[store.Seat]string{{Alea: true}: "Alea", {User: "42"}: "<@42>", {Name: "Ann"}: "Ann", {}: "a former player"} {
		if got := SeatName(commands.English, s); got != want {
			t.Errorf("SeatName(%+v) = %q, want %q", s, got, want)
		}
	}
	if got := Day(time.Date(2026, 11, 19, 23, 30, 0, 0, time.FixedZone("KST", 9*3600))); got != "2026-11-19" {
		t.Errorf("Day = %s", got)
	}
	if ReviewID("G1") != "review/1/G1" || !strings.HasPrefix(ReviewID("x"), ReviewPrefix) {
		t.Error("ReviewID")
	}
}

// With memory off the guard answers for the handler, in each language;
// a store that went off under a command is said the same way.
func TestOff(t *testing.T) {
	off, err := store.Open(context.Background(), store.Off)
	if err != nil {
		t.Fatal(err)
	}
	called := false
	h := Guard(off, nil, func(context.Context, *commands.Request) (*commands.Reply, error) { called = true; return nil, nil })
	for _, l := range commands.Locales {
		r, err := h(context.Background(), &commands.Request{Locale: l})
		if err != nil || called || !r.Ephemeral || r.Content != msgOff.In(l) || r.Data != (MemoryData{Memory: "off"}) {
			t.Errorf("%s: %+v %v", l, r, err)
		}
	}
	if r, err := StoreError(commands.Korean, store.ErrOff); err != nil || r.Content != msgOff.In(commands.Korean) {
		t.Errorf("ErrOff: %+v %v", r, err)
	}
	if _, err := StoreError(commands.English, errors.New("disk full")); err == nil {
		t.Error("another store error is no internal error")
	}
}

// A store that fails under a command of the records is said to be
// unavailable right now, in each language, instead of an internal error:
// down (a connection refused), frozen (cut off when the wait fires: the
// handler's context ends then, not at the command's budget), full; a
// user's mistake and an error that is not the store's pass through.
func TestUnavailable(t *testing.T) {
	st := storetest.SQLite(t)
	want := map[commands.Locale]string{
		commands.English:  "Alea's memory is unavailable right now, so this cannot be answered. Games go on as usual; please try again in a little while.",
		commands.Korean:   "지금은 Alea의 기억 기능을 쓸 수 없어서 답해 드릴 수 없습니다. 게임은 평소처럼 할 수 있으니 잠시 뒤에 다시 시도해 주세요.",
		commands.Japanese: "いまは Alea の記憶機能が使えないため、お答えできません。ゲームはいつもどおり遊べます。少し時間をおいてもう一度お試しください。",
	}
	unavailable := func(what string, r *commands.Reply, err error, l commands.Locale) {
		t.Helper()
		if err != nil || r == nil || !r.Ephemeral || r.Content != want[l] || r.Data != (MemoryData{Memory: "unavailable"}) {
			t.Errorf("%s (%s): %+v %v", what, l, r, err)
		}
	}
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, l := range commands.Locales {
		req := &commands.Request{Locale: l}
		down := Guard(st, nil, func(context.Context, *commands.Request) (*commands.Reply, error) {
			return StoreError(l, fmt.Errorf("store (postgres): standings: %w", refused))
		})
		r, err := down(context.Background(), req)
		unavailable("down", r, err, l)

		// Frozen: the handler waits on the store until its context ends,
		// which the wait ends when it fires (here at once).
		fired := make(chan time.Time)
		close(fired)
		frozen := Guard(st, func() <-chan time.Time { return fired }, func(ctx context.Context, _ *commands.Request) (*commands.Reply, error) {
			<-ctx.Done()
			return StoreError(l, errors.New("interrupted (9)"))
		})
		r, err = frozen(context.Background(), req)
		unavailable("frozen", r, err, l)
	}
	never := func() <-chan time.Time { return nil }
	if _, err := Guard(st, never, func(context.Context, *commands.Request) (*commands.Reply, error) {
		return nil, commands.Rejectf(msgOff)
	})(context.Background(), &commands.Request{}); err == nil {
		t.Error("a user's mistake is no outage")
	}
	if _, err := Guard(st, never, func(context.Context, *commands.Request) (*commands.Reply, error) {
		return StoreError(commands.English, errors.New("no such column"))
	})(context.Background(), &commands.Request{}); err == nil {
		t.Error("an error that is not the store's failure is internal")
	}
}
