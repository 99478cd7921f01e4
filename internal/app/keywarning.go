package app

import (
	"log/slog"
	"sync"
	"time"

	"github.com/alea-bot/alea/bot"
)

// keyWarningEvery is how often, at most, a replica warns of presses on
// boards sealed under another state key.
const keyWarningEvery = time.Minute

// keyWarning warns the operator, at most once a minute, that presses
// arrive on game boards sealed under another key than this replica's:
// STATE_SECRET was changed since those games began, or differs between
// replicas (the players are told so, one by one).
type keyWarning struct {
	log *slog.Logger
	now func() time.Time

	mu     sync.Mutex
	last   time.Time // the last warning (zero: none yet)
	since  int       // presses since it
	warned bool
}

func newKeyWarning(log *slog.Logger, now func() time.Time) *keyWarning {
	return &keyWarning{log: log, now: now}
}

// seen counts a press on a board sealed under another key (interaction
// is its id), and warns when the last warning is a minute old.
func (w *keyWarning) seen(interaction string) {
	w.mu.Lock()
	now := w.now()
	w.since++
	if w.warned && now.Sub(w.last) < keyWarningEvery {
		w.mu.Unlock()
		return
	}
	n := w.since
	w.last, w.since, w.warned = now, 0, true
	w.mu.Unlock()
	w.log.Warn("presses on game boards sealed under another state key: STATE_SECRET changed since those games began, or differs between replicas (set the same STATE_SECRET on every replica); the players are told their game cannot go on",
		"interaction", bot.LogInput(interaction), "presses", n)
}
