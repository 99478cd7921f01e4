// Package record hands a finished game to the store's Recorder and waits
// for it, at most until a bounded wait ends: the one way every game (a
// Yacht table, a solved /orbs puzzle, a /coins game against Alea) is
// recorded, never holding the game up; and it keeps the advice players
// ask outside a game's board (Asker), off the critical path. No words and
// no Discord: the commands say how it went.
package record

import (
	"context"
	"errors"
	"time"

	"github.com/alea-bot/alea/store"
)

// DefaultWait bounds the wait for the Recorder when Bounded.Wait is nil.
const DefaultWait = 2 * time.Second

// Bounded hands finished games to a Recorder and waits for each at most a
// bounded time.
type Bounded struct {
	// Recorder records finished games (nil: memory is off).
	Recorder store.Recorder
	// Wait, when set, returns the channel that ends the wait for the
	// Recorder (default: a DefaultWait timer); tests fire it by hand.
	Wait func() <-chan time.Time
	// Now is the clock of a game's end (default: time.Now).
	Now func() time.Time
	// Stored, when set, reads back a game that was recorded before (by
	// another board of the same game), so that the report says when the
	// result stored differs from the one given.
	Stored Reader
	// Complete, when set, completes a finished game just before it is
	// recorded, within the same wait (the Yacht table reads the advice
	// its players asked, to count their assisted decisions); its error is
	// the recording's.
	Complete func(ctx context.Context, g store.Game) (store.Game, error)
}

// Reader reads a recorded game back (store.Store is one).
type Reader interface {
	Game(ctx context.Context, id string) (store.Game, bool, error)
}

// Outcome is how recording a finished game went.
type Outcome int

// The outcomes of Record.
const (
	Off         Outcome = iota // not recorded on purpose: no Recorder, or recording off (store.ErrRecordingOff)
	Recorded                   // stored, now or before
	NotRecorded                // another error, or no answer within the wait: worth trying again
)

// Time returns the clock's time.
func (m Bounded) Time() time.Time {
	if m.Now == nil {
		return time.Now()
	}
	return m.Now()
}

// Record hands g to the Recorder and waits for it, at most until the wait
// ends or ctx does; a Recorder still at work then is cancelled. A game the
// Recorder declines because recording is off (for its server, or
// everywhere) is Off, not NotRecorded: trying again would not help.
func (m Bounded) Record(ctx context.Context, g store.Game) Outcome { return m.Report(ctx, g).Outcome }

// Report is how recording a finished game went, with what its final
// message says of it.
type Report struct {
	Outcome Outcome
	// Failure is the store's failure when the game is NotRecorded
	// (store.FailureUnavailable when the wait ran out).
	Failure store.Failure
	// Differs is set when the game was recorded before (by another board
	// of it) with another result (seats, scores or winners): the store
	// keeps that one, Stored.
	Differs bool
	Stored  store.Game
	// Game is the game as it was handed to the Recorder (completed), when
	// that happened within the wait.
	Game store.Game
	// Err is the store's error, for the log.
	Err error
}

// Report records g as Record does and reports how it went.
func (m Bounded) Report(ctx context.Context, g store.Game) Report {
	if m.Recorder == nil {
		return Report{Outcome: Off}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan Report, 1)
	go func() {
		r := Report{Game: g}
		if m.Complete != nil {
			var err error
			if r.Game, err = m.Complete(ctx, g); err != nil {
				r.Err = err
				done <- r
				return
			}
		}
		var inserted bool
		inserted, r.Err = m.Recorder.Record(ctx, r.Game)
		if r.Err == nil && !inserted && m.Stored != nil {
			stored, ok, err := m.Stored.Game(ctx, g.ID)
			if err == nil && ok && !SameResult(stored, r.Game) {
				r.Differs, r.Stored = true, stored
			}
		}
		done <- r
	}()
	var wait <-chan time.Time
	if m.Wait != nil {
		wait = m.Wait()
	} else {
		timer := time.NewTimer(DefaultWait)
		defer timer.Stop()
		wait = timer.C
	}
	select {
	case r := <-done:
		switch {
		case errors.Is(r.Err, store.ErrRecordingOff):
			r.Outcome = Off
		case r.Err != nil:
			r.Outcome, r.Failure = NotRecorded, store.FailureOf(r.Err)
		default:
			r.Outcome = Recorded
		}
		return r
	case <-wait:
	case <-ctx.Done():
	}
	return Report{Outcome: NotRecorded, Failure: store.FailureUnavailable, Err: context.DeadlineExceeded}
}

// SameResult reports whether a and b, two records of one game, give the
// same result: the same seats (users, names, Alea), scores and winners.
func SameResult(a, b store.Game) bool {
	if len(a.Seats) != len(b.Seats) {
		return false
	}
	for i, s := range a.Seats {
		t := b.Seats[i]
		if s.User != t.User || s.Name != t.Name || s.Alea != t.Alea || s.Score != t.Score || s.Winner != t.Winner {
			return false
		}
	}
	return true
}

// Asker keeps the positions players ask advice on outside a game's board
// (a hint, /yacht-advise) in the store's advice log, off the critical
// path: Ask returns at once and the write goes on beside the reply,
// bounded by DefaultWait. A write that fails is lost: the decision taken
// on that position is then not known as assisted.
type Asker struct {
	// Log is the advice log (nil: nothing is kept, memory is off).
	Log store.AdviceLog
	// Now is the clock (default: time.Now).
	Now func() time.Time
	// Go runs a write (default: in a new goroutine; tests run it at once).
	Go func(func())
}

// Ask keeps adv (its user, rules, position and game), asked now.
func (a Asker) Ask(adv store.Advice) {
	if a.Log == nil || adv.User == "" {
		return
	}
	now := time.Now
	if a.Now != nil {
		now = a.Now
	}
	adv.Asked = now().UTC().Truncate(time.Microsecond)
	write := func() {
		ctx, cancel := context.WithTimeout(context.Background(), DefaultWait)
		defer cancel()
		_ = a.Log.AskAdvice(ctx, adv)
	}
	if a.Go != nil {
		a.Go(write)
		return
	}
	go write()
}
