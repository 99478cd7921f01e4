// Package yachtodds gives a Yacht game's live chances of winning: exact,
// from each player's final-score distribution, within a time and memory
// budget, and cached (see WinOdds). The game receives it as a dependency.
package yachtodds

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/lru"
)

// WinOdds gives the scoreboard's live chances of winning: each player's
// exact final-score distribution under the max-expectation policy (the
// engine's finalscore.Of from their sheet), combined by
// finalscore.WinProbabilities, a tie for first shared among the tied players.
//
// The odds are those at the start of the current player's turn: every
// sheet is as it stands between turns (the current player has not scored
// yet this turn), so the value is exact when the message is drawn for the
// player whose turn starts, and it stays the same, labelled as the
// turn's opening odds, while that player rolls and holds.
//
// A distribution from an early sheet takes seconds and hundreds of
// megabytes, so the odds are computed only within Budget and MaxBytes; when
// they do not fit, Probabilities returns nil and no error, and the
// scoreboard shows no odds yet. Distributions are kept in a bounded
// in-process cache keyed by rules and sheet (they can always be
// recomputed), and so is a sheet that did not fit in time, so that the
// presses of one turn do not spend the budget again.
type WinOdds struct {
	budget   time.Duration
	maxBytes int64
	maxOpen  int

	cache *lru.Cache[*oddsEntry]
}

// WinOddsOptions configure WinOdds; zero values take the defaults noted.
type WinOddsOptions struct {
	// Budget is the time for the whole scoreboard (default 1 s).
	Budget time.Duration
	// MaxBytes bounds the memory of one distribution (default 64 MiB).
	MaxBytes int64
	// MaxOpen is the most open categories a sheet may have for its
	// distribution to be tried at all (default 10, about 0.5 s for
	// Yacht on two shared cores): earlier sheets take
	// longer than any budget of a scoreboard on a small machine.
	MaxOpen int
	// Entries bounds the cache (default 4096 sheets).
	Entries int
}

type oddsEntry struct {
	key  string
	dist finalscore.Distribution
	// tooLong: the distribution did not fit the budget or the memory.
	tooLong bool
}

// NewWinOdds returns WinOdds with options o.
func NewWinOdds(o WinOddsOptions) *WinOdds {
	if o.Budget <= 0 {
		o.Budget = time.Second
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = 64 << 20
	}
	if o.MaxOpen <= 0 {
		o.MaxOpen = 10
	}
	if o.Entries <= 0 {
		o.Entries = 4096
	}
	return &WinOdds{budget: o.Budget, maxBytes: o.MaxBytes, maxOpen: o.MaxOpen, cache: lru.New[*oddsEntry](o.Entries, 0)}
}

// Probabilities is a yachtgame.WinProbabilities: each player's chance of winning
// from the start of the current player's turn (see WinOdds), or nil when
// the distributions do not fit the budget.
func (w *WinOdds) Probabilities(ctx context.Context, t *strategy.Table, sheets []yacht.Sheet, current int) ([]float64, error) {
	ctx, cancel := context.WithTimeout(ctx, w.budget)
	defer cancel()
	dists := make([]finalscore.Distribution, len(sheets))
	var missing []int
	for i, s := range sheets {
		e, ok := w.get(sheetKey(s))
		switch {
		case ok && e.tooLong:
			return nil, nil
		case ok:
			dists[i] = e.dist
		case len(s.Scores)-s.Filled() > w.maxOpen:
			return nil, nil
		default:
			missing = append(missing, i)
		}
	}
	if len(missing) == 0 {
		return finalscore.WinProbabilities(dists), nil
	}
	// Heavy work: it waits for the user's turn at the heavy-work gate,
	// within the budget; a full queue means no odds this time.
	ctx, done, err := commands.Heavy(ctx)
	if err != nil {
		return nil, nil
	}
	defer done()
	for _, i := range missing {
		d, err := finalscore.OfLimit(ctx, t, sheets[i], w.maxBytes)
		var large *finalscore.DistributionTooLargeError
		switch {
		case errors.As(err, &large), errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil:
			w.put(&oddsEntry{key: sheetKey(sheets[i]), tooLong: true})
			return nil, nil
		case ctx.Err() != nil:
			// Cancelled from outside: no odds, and nothing learnt.
			return nil, nil
		case err != nil:
			return nil, err
		}
		d.States = 0
		w.put(&oddsEntry{key: sheetKey(sheets[i]), dist: d})
		dists[i] = d
	}
	return finalscore.WinProbabilities(dists), nil
}

// Distributions returns the final-score distributions of sheets, from the
// cache or computed within the budget, or false when they do not fit.
func (w *WinOdds) Distributions(ctx context.Context, t *strategy.Table, sheets []yacht.Sheet) ([]finalscore.Distribution, bool) {
	if _, err := w.Probabilities(ctx, t, sheets, 0); err != nil {
		return nil, false
	}
	out := make([]finalscore.Distribution, len(sheets))
	for i, s := range sheets {
		e, ok := w.get(sheetKey(s))
		if !ok || e.tooLong {
			return nil, false
		}
		out[i] = e.dist
	}
	return out, true
}

// Budget is the time WinOdds allows itself for one scoreboard.
func (w *WinOdds) Budget() time.Duration { return w.budget }

// sheetKey names a sheet's rules and scores.
func sheetKey(s yacht.Sheet) string {
	var b strings.Builder
	b.WriteString(s.Rules.Key)
	for _, v := range s.Scores {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte('+')
	b.WriteString(strconv.Itoa(s.ExtraBonus))
	return b.String()
}

func (w *WinOdds) get(key string) (*oddsEntry, bool) { return w.cache.Get(key) }

func (w *WinOdds) put(e *oddsEntry) { w.cache.Set(e.key, e) }
