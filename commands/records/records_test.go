package records

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/store"
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
	h := Guard(off, func(context.Context, *commands.Request) (*commands.Reply, error) { called = true; return nil, nil })
	for _, l := range commands.Locales {
		r, err := h(context.Background(), &commands.Request{Locale: l})
		if err != nil || called || !r.Ephemeral || r.Content != msgOff.In(l) || r.Data != (OffData{Memory: "off"}) {
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
