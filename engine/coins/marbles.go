package coins

import "math/rand/v2"

// Marbles is the marbles game of the lecture (slides 31–34): a box of
// marbles; a move takes at least one and at most half of them
// (1 to max(1, ⌊n/2⌋)), so a single marble must be taken; whoever takes the
// last marble wins. The zero value is ready to use.
//
// Its exact rule (slide 34): the player to move loses exactly with 0 marbles
// or with 3·2^i − 1 (2, 5, 11, 23, 47, 95, …). Proof: from L = 3·2^i − 1 a
// move takes at most ⌊L/2⌋ = 3·2^(i−1) − 1 (1 when L = 2) and so leaves a
// number strictly between the previous losing size and L, which is not
// losing. From n strictly between two consecutive losing sizes L and
// 2L + 1 (L ≥ 2), taking n − L ≤ ⌊n/2⌋ leaves L; and from 1 the mover
// takes the last marble. TestMarblesClosedFormEqualsTree checks the rule
// against the full tree search for every n ≤ 10^4.
type Marbles struct{}

// maxTake returns the most marbles that may be taken from n.
func (Marbles) maxTake(n int64) int64 {
	if n <= 1 {
		return n
	}
	return n / 2
}

// Moves lists the amounts that may be taken from n marbles, smallest first:
// 1 to max(1, ⌊n/2⌋). It allocates one entry per move, so use it on small
// boxes only; [Marbles.MoverWins] and [Marbles.WinningMoves] work for any
// size.
func (g Marbles) Moves(n int64) []int64 {
	k := g.maxTake(n)
	out := make([]int64, k)
	for i := range out {
		out[i] = int64(i) + 1
	}
	return out
}

// Play returns the box after taking t marbles.
func (Marbles) Play(n, t int64) int64 { return n - t }

// Terminal reports whether the box is empty.
func (Marbles) Terminal(n int64) bool { return n <= 0 }

// LastMoverWins is true: whoever takes the last marble wins.
func (Marbles) LastMoverWins() bool { return true }

// RandomMove draws a legal amount uniformly.
func (g Marbles) RandomMove(r *rand.Rand, n int64) int64 { return 1 + r.Int64N(g.maxTake(n)) }

// marblesLosing reports whether n is 0 or 3·2^i − 1.
func marblesLosing(n int64) bool {
	if n == 0 {
		return true
	}
	if (n+1)%3 != 0 {
		return false
	}
	q := (n + 1) / 3
	return q&(q-1) == 0
}

// MarblesLosingBelow returns the largest losing size smaller than n (0 or
// 3·2^i − 1), for n ≥ 1.
func MarblesLosingBelow(n int64) int64 {
	best := int64(0)
	for l := int64(2); l < n; l = 2*l + 1 {
		best = l
	}
	return best
}

// MoverWins reports, by the closed form, whether the player to move with n
// marbles (0 ≤ n ≤ [MaxCount]) wins with perfect play: exactly when n is
// neither 0 nor 3·2^i − 1.
func (Marbles) MoverWins(n int64) bool { return !marblesLosing(n) }

// WinningMoves lists, by the closed form, every winning amount for n
// marbles: there is exactly one when the mover wins, the amount that leaves
// the largest losing size below n.
func (g Marbles) WinningMoves(n int64) []int64 {
	if marblesLosing(n) {
		return nil
	}
	return []int64{n - MarblesLosingBelow(n)}
}
