// Package record hands a finished game to the store's Recorder and waits
// for it, at most until a bounded wait ends: the one way every game (a
// Yacht table, a solved /orbs puzzle, a /coins game against Alea) is
// recorded, never holding the game up. No words and no Discord: the
// commands say how it went.
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
func (m Bounded) Record(ctx context.Context, g store.Game) Outcome {
	if m.Recorder == nil {
		return Off
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := m.Recorder.Record(ctx, g)
		done <- err
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
	case err := <-done:
		switch {
		case errors.Is(err, store.ErrRecordingOff):
			return Off
		case err != nil:
			return NotRecorded
		}
		return Recorded
	case <-wait:
	case <-ctx.Done():
	}
	return NotRecorded
}
