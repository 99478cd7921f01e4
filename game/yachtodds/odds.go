// Package yachtodds gives a Yacht game's live chances of winning: exact,
// from each player's final-score distribution, within a time and memory
// budget, and cached (see WinOdds). The game receives it as a dependency.
package yachtodds

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/lru"
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
// A sheet's distribution depends only on its state (which boxes are
// filled, the upper total up to the bonus threshold, a scored Yacht) and
// is shifted by the points already on it, so distributions are kept by
// state, shared by every player and game of the process: the empty
// sheet's is computed once. A distribution is computed within Budget when
// it can be; one that takes longer (an early sheet of a 15-box rule set
// on a busy machine) goes on in the background, within BackgroundBudget
// and one at a time for the whole process (so that it takes neither the
// presser's share of heavy work nor more than one distribution's
// memory), and the scoreboard shows no odds until it is there, at a
// later press. A state whose distribution does not fit MaxBytes is
// remembered as too long, so that it is not tried again; one that ran
// out of time is not remembered, and a later press tries again. The cache
// is bounded and holds only what can be recomputed.
type WinOdds struct {
	budget, background time.Duration
	maxBytes           int64
	maxOpen            int

	cache *lru.Cache[*oddsEntry]

	mu      sync.Mutex
	running map[string]chan struct{} // state key → closed when its job is done
	jobs    sync.WaitGroup
	slot    chan struct{} // held by the one distribution being computed
}

// WinOddsOptions configure WinOdds; zero values take the defaults noted.
type WinOddsOptions struct {
	// Budget is the time a scoreboard waits for its odds (default 500 ms:
	// a press is not held longer; what is not there by then comes with a
	// later press).
	Budget time.Duration
	// BackgroundBudget bounds a distribution that goes on after the
	// scoreboard stopped waiting for it (default 30 s).
	BackgroundBudget time.Duration
	// MaxBytes bounds the memory of one fill count of a distribution
	// (default 64 MiB, what the empty sheet of every preset needs; the
	// computation holds about twice that).
	MaxBytes int64
	// MaxOpen is the most open categories a sheet may have for its
	// distribution to be tried at all (default: every category, so the
	// odds are there from the first turn).
	MaxOpen int
	// Entries bounds the cache (default 4096 states).
	Entries int
}

type oddsEntry struct {
	key string
	// dist is the distribution of the points still to come (Min relative
	// to the sheet's total).
	dist finalscore.Distribution
	// tooLong: the distribution did not fit the memory or the background
	// budget.
	tooLong bool
}

// NewWinOdds returns WinOdds with options o.
func NewWinOdds(o WinOddsOptions) *WinOdds {
	if o.Budget <= 0 {
		o.Budget = 500 * time.Millisecond
	}
	if o.BackgroundBudget <= 0 {
		o.BackgroundBudget = 30 * time.Second
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = 64 << 20
	}
	if o.MaxOpen <= 0 {
		o.MaxOpen = 32
	}
	if o.Entries <= 0 {
		o.Entries = 4096
	}
	return &WinOdds{budget: o.Budget, background: o.BackgroundBudget, maxBytes: o.MaxBytes, maxOpen: o.MaxOpen,
		cache: lru.New[*oddsEntry](o.Entries, 0), running: map[string]chan struct{}{}, slot: make(chan struct{}, 1)}
}

// Probabilities is a yachtgame.WinProbabilities: each player's chance of winning
// from the start of the current player's turn (see WinOdds), or nil when
// the distributions are not there within the budget.
func (w *WinOdds) Probabilities(ctx context.Context, t *strategy.Table, sheets []yacht.Sheet, current int) ([]float64, error) {
	dists, err := w.distributions(ctx, t, sheets)
	if dists == nil || err != nil {
		return nil, err
	}
	return finalscore.WinProbabilities(dists), nil
}

// Distributions returns the final-score distributions of sheets, from the
// cache or computed within the budget, or false when they are not there.
func (w *WinOdds) Distributions(ctx context.Context, t *strategy.Table, sheets []yacht.Sheet) ([]finalscore.Distribution, bool) {
	dists, err := w.distributions(ctx, t, sheets)
	return dists, dists != nil && err == nil
}

// distributions returns the sheets' distributions, or nil when one is not
// there within the budget or is too long to compute.
func (w *WinOdds) distributions(ctx context.Context, t *strategy.Table, sheets []yacht.Sheet) ([]finalscore.Distribution, error) {
	keys := make([]string, len(sheets))
	for i, s := range sheets {
		k, err := stateKey(t, s)
		if err != nil {
			return nil, err
		}
		keys[i] = k
		if len(s.Scores)-s.Filled() > w.maxOpen {
			return nil, nil
		}
	}
	ctx, cancel := context.WithTimeout(ctx, w.budget)
	defer cancel()
	var waits []<-chan struct{}
	for i, k := range keys {
		if _, ok := w.get(k); !ok {
			waits = append(waits, w.start(ctx, t, k, sheets[i]))
		}
	}
	for _, done := range waits {
		select {
		case <-done:
		case <-ctx.Done():
			return nil, nil // not yet: the jobs go on
		}
	}
	out := make([]finalscore.Distribution, len(sheets))
	for i, k := range keys {
		e, ok := w.get(k)
		if !ok || e.tooLong {
			return nil, nil
		}
		out[i] = shifted(e.dist, sheets[i].Total())
	}
	return out, nil
}

// start returns a channel closed when the job computing the distribution
// of key has ended, starting it unless one runs. The job keeps neither
// ctx's deadline nor its cancellation: it has the background budget.
func (w *WinOdds) start(ctx context.Context, t *strategy.Table, key string, s yacht.Sheet) <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	if done, ok := w.running[key]; ok {
		return done
	}
	done := make(chan struct{})
	if _, ok := w.get(key); ok { // finished meanwhile
		close(done)
		return done
	}
	w.running[key] = done
	w.jobs.Add(1)
	bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), w.background)
	go func() {
		defer w.jobs.Done()
		defer cancel()
		if e := w.compute(bg, t, key, s); e != nil {
			w.put(e)
		}
		w.mu.Lock()
		delete(w.running, key)
		w.mu.Unlock()
		close(done)
	}()
	return done
}

// compute computes the distribution of s for the cache entry key, when
// its turn comes (one at a time); nil when it could not finish within
// ctx (nothing learnt: a later press tries again).
func (w *WinOdds) compute(ctx context.Context, t *strategy.Table, key string, s yacht.Sheet) *oddsEntry {
	select {
	case w.slot <- struct{}{}:
		defer func() { <-w.slot }()
	case <-ctx.Done():
		return nil
	}
	d, err := finalscore.OfLimit(ctx, t, s, w.maxBytes)
	var large *finalscore.DistributionTooLargeError
	switch {
	case errors.As(err, &large):
		return &oddsEntry{key: key, tooLong: true}
	case err != nil:
		return nil
	}
	d.States = 0
	return &oddsEntry{key: key, dist: shifted(d, -s.Total())}
}

// Wait waits for the distributions still being computed in the background.
func (w *WinOdds) Wait() { w.jobs.Wait() }

// shifted returns d with every final score moved by points.
func shifted(d finalscore.Distribution, points int) finalscore.Distribution {
	d.Min += points
	return d
}

// Budget is the time WinOdds allows itself for one scoreboard.
func (w *WinOdds) Budget() time.Duration { return w.budget }

// stateKey names what a sheet's distribution of points still to come
// depends on: its rules and state, the upper total counted up to the
// bonus threshold.
func stateKey(t *strategy.Table, s yacht.Sheet) (string, error) {
	st, err := t.SheetState(s)
	if err != nil {
		return "", err
	}
	upper := min(st.Upper, s.Rules.BonusThreshold)
	var b strings.Builder
	b.WriteString(s.Rules.Key)
	b.WriteByte('|')
	b.WriteString(strconv.FormatUint(uint64(st.Filled), 16))
	b.WriteByte('|')
	b.WriteString(strconv.Itoa(upper))
	if st.YachtBonus {
		b.WriteString("|y")
	}
	return b.String(), nil
}

func (w *WinOdds) get(key string) (*oddsEntry, bool) { return w.cache.Get(key) }

func (w *WinOdds) put(e *oddsEntry) { w.cache.Set(e.key, e) }
