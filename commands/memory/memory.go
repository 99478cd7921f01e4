// Package memory is what players see of Alea's memory: a server's
// standings, a player's history, the review of a finished Yacht game, and
// the controls over what is kept (a user's export and deletion, a server's
// recording switch). It only reads and deletes through package store; the
// games record themselves when they end.
package memory

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/store"
)

// Deps are what the memory commands need.
type Deps struct {
	// Store keeps the finished games; nil (or the store DATABASE_URL=off
	// opens) means memory is off, and every command says so.
	Store store.Store
	// Now is the clock (the standings' week and month).
	Now func() time.Time
}

// off reports whether memory is off.
func (d Deps) off() bool { return d.Store == nil || d.Store.Engine() == "off" }

// Colour of the memory embeds.
const colour = 0x5865F2

// OffData is the data output of every memory command when memory is off.
type OffData struct {
	Memory string `json:"memory"` // "off"
}

// offReply says that memory is off, for every command and button.
func offReply(l commands.Locale) *commands.Reply {
	return &commands.Reply{Content: msgOff.In(l), Ephemeral: true, Data: OffData{Memory: "off"}}
}

// storeErr turns a store error into the reply's error: memory turned off
// under the command is said as such; anything else is internal.
func storeErr(l commands.Locale, err error) (*commands.Reply, error) {
	if errors.Is(err, store.ErrOff) {
		return offReply(l), nil
	}
	return nil, fmt.Errorf("memory: %w", err)
}

// guarded wraps a handler with the memory-off check.
func guarded(d Deps, h commands.HandlerFunc) commands.HandlerFunc {
	return func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		if d.off() {
			return offReply(req.Locale), nil
		}
		return h(ctx, req)
	}
}

// mention writes a user as Discord shows them.
func mention(user string) string { return "<@" + user + ">" }

// seatName names a seat of a game: the user's mention, a named seat's
// name, or Alea. A user forgotten by ForgetUser shows as a former player.
func seatName(l commands.Locale, s store.Seat) string {
	switch {
	case s.Alea:
		return "Alea"
	case s.User != "":
		return mention(s.User)
	case s.Name != "":
		return s.Name
	}
	return msgAnonymous.In(l)
}

// day writes a time as a UTC date.
func day(t time.Time) string { return t.UTC().Format("2006-01-02") }

// signed writes a luck figure to a tenth with its sign ("+3.7", "−5.0"),
// "±0.0" when it rounds to zero.
func signed(x float64) string {
	s := fmt.Sprintf("%.1f", x)
	switch {
	case s == "0.0" || s == "-0.0":
		return "±0.0"
	case s[0] == '-':
		return "−" + s[1:]
	}
	return "+" + s
}

// perDecision is the expected points lost per decision (0 without any).
func perDecision(lost float64, decisions int) float64 {
	if decisions <= 0 {
		return 0
	}
	return lost / float64(decisions)
}

// truncate cuts s to at most n runes, ending with "…" when cut.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// joinLines joins lines while the result stays within limit runes,
// ending with "…" when some were left out.
func joinLines(lines []string, limit int) string {
	var b strings.Builder
	n := 0
	for i, ln := range lines {
		w := len([]rune(ln)) + 1
		if n+w > limit-2 {
			if i < len(lines) {
				b.WriteString("…")
			}
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(ln)
		n += w
	}
	return b.String()
}
