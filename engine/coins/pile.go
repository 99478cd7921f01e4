package coins

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Bounds on a pile's take set.
const (
	MaxTake     = 1000 // largest amount a take set may contain
	MaxTakeSize = 20   // most amounts a take set may contain
)

// MaxPileSteps bounds the period search of [Pile.Solve]: the outcomes of the
// first MaxPileSteps sizes are computed at most.
const MaxPileSteps = 1 << 22

// ErrNoPeriod is returned by [Pile.Solve] when the outcomes show no period
// within the first [MaxPileSteps] sizes.
var ErrNoPeriod = errors.New("coins: no period found within the search bound")

// Pile is the one-pile game of the lecture (slides 12–22 and 36): players
// alternately take from one pile an amount from a fixed take set; the game
// ends when no amount can be taken (with 1 in the set: when the pile is
// empty), and the player who made the last move wins (normal play) or loses
// (misère play, the lecture's "whoever takes the last coin loses").
type Pile struct {
	take     []int64
	lastWins bool
}

// NewPile returns the pile game with the given take set (any order;
// duplicates ignored) and ending. The set must be non-empty, with at most
// [MaxTakeSize] distinct amounts, each between 1 and [MaxTake].
func NewPile(take []int64, lastWins bool) (Pile, error) {
	if len(take) == 0 {
		return Pile{}, errors.New("coins: the take set is empty")
	}
	set := slices.Clone(take)
	slices.Sort(set)
	set = slices.Compact(set)
	if set[0] < 1 {
		return Pile{}, fmt.Errorf("coins: take amount %d is not positive", set[0])
	}
	if last := set[len(set)-1]; last > MaxTake {
		return Pile{}, fmt.Errorf("coins: take amount %d is larger than %d", last, MaxTake)
	}
	if len(set) > MaxTakeSize {
		return Pile{}, fmt.Errorf("coins: %d take amounts are more than %d", len(set), MaxTakeSize)
	}
	return Pile{take: set, lastWins: lastWins}, nil
}

// Take returns the take set in increasing order.
func (p Pile) Take() []int64 { return slices.Clone(p.take) }

// Moves lists the amounts that can be taken from n coins, smallest first.
func (p Pile) Moves(n int64) []int64 {
	var out []int64
	for _, t := range p.take {
		if t > n {
			break
		}
		out = append(out, t)
	}
	return out
}

// Play returns the pile after taking t coins.
func (p Pile) Play(n, t int64) int64 { return n - t }

// Terminal reports whether no amount of the take set fits in n.
func (p Pile) Terminal(n int64) bool { return len(p.take) == 0 || n < p.take[0] }

// LastMoverWins reports whether the player who makes the last move wins.
func (p Pile) LastMoverWins() bool { return p.lastWins }

// RandomMove draws a legal amount uniformly.
func (p Pile) RandomMove(r *rand.Rand, n int64) int64 {
	k := 0
	for k < len(p.take) && p.take[k] <= n {
		k++
	}
	return p.take[r.IntN(k)]
}

// PileSolution is the exact outcome of a pile game for every size: the
// outcomes are computed for the sizes 0, 1, 2, … until the last max(take)
// outcomes repeat (they determine all later ones), which proves the
// sequence periodic from Preperiod on with the (least) period Period.
type PileSolution struct {
	Pile
	Preperiod int64  // the outcomes are periodic from this size on
	Period    int64  // least period of the outcomes from Preperiod on
	wins      []bool // wins[n] for n < Preperiod+Period
}

// Solve computes the outcome sequence of p and detects its period. It
// returns [ErrNoPeriod] if none shows within [MaxPileSteps] sizes, and
// ctx.Err() if ctx ends first.
func (p Pile) Solve(ctx context.Context) (*PileSolution, error) {
	if len(p.take) == 0 {
		return nil, errors.New("coins: the take set is empty")
	}
	m := int(p.take[len(p.take)-1])
	wins := make([]bool, 0, 1024)
	// A rolling hash of the window wins[n-m+1..n] finds candidate repeats;
	// candidates are compared bit by bit.
	const base = 0x9E3779B97F4A7C15
	basePow := uint64(1) // base^m
	for range m {
		basePow *= base
	}
	var h uint64
	seen := make(map[uint64][]int32)
	atEnd := !p.lastWins
	for n := 0; n < MaxPileSteps; n++ {
		if n&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		w := false
		terminal := true
		for _, t := range p.take {
			if int(t) > n {
				break
			}
			terminal = false
			if !wins[n-int(t)] {
				w = true
				break
			}
		}
		if terminal {
			w = atEnd
		}
		wins = append(wins, w)
		h = h*base + bit(w)
		if n >= m {
			h -= basePow * bit(wins[n-m])
		}
		if n < m-1 {
			continue
		}
		for _, prev := range seen[h] {
			if equalWindows(wins, int(prev), n, m) {
				period := n - int(prev)
				start := int(prev) - m + 1
				for start > 0 && wins[start-1] == wins[start-1+period] {
					start--
				}
				return &PileSolution{
					Pile:      p,
					Preperiod: int64(start),
					Period:    int64(period),
					wins:      wins[: start+period : start+period],
				}, nil
			}
		}
		seen[h] = append(seen[h], int32(n))
	}
	return nil, ErrNoPeriod
}

func bit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// equalWindows reports whether the m outcomes ending at a and at b agree.
func equalWindows(wins []bool, a, b, m int) bool {
	for i := range m {
		if wins[a-i] != wins[b-i] {
			return false
		}
	}
	return true
}

// MoverWins reports whether the player to move with n coins wins with
// perfect play (n from 0 to [MaxCount]; a negative n panics).
func (s *PileSolution) MoverWins(n int64) bool {
	if n < 0 {
		panic("coins: negative pile")
	}
	if n >= s.Preperiod {
		n = s.Preperiod + (n-s.Preperiod)%s.Period
	}
	return s.wins[n]
}

// WinningMoves lists every amount whose taking leaves the opponent a lost
// pile, smallest first.
func (s *PileSolution) WinningMoves(n int64) []int64 {
	var out []int64
	for _, t := range s.Moves(n) {
		if !s.MoverWins(n - t) {
			out = append(out, t)
		}
	}
	return out
}

// LosingBeforePeriod lists the sizes below Preperiod at which the mover loses.
func (s *PileSolution) LosingBeforePeriod() []int64 {
	var out []int64
	for n := int64(0); n < s.Preperiod; n++ {
		if !s.wins[n] {
			out = append(out, n)
		}
	}
	return out
}

// LosingResidues lists the residues r (0 ≤ r < Period) such that the mover
// loses with n ≥ Preperiod coins exactly when n mod Period is one of them.
func (s *PileSolution) LosingResidues() []int64 {
	var out []int64
	for n := s.Preperiod; n < s.Preperiod+s.Period; n++ {
		if !s.wins[n] {
			out = append(out, n%s.Period)
		}
	}
	slices.Sort(out)
	return out
}
