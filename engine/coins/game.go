package coins

import (
	"context"
	"math/rand/v2"
)

// MaxCount is the largest number of coins or marbles the exact rules accept
// (10^18).
const MaxCount int64 = 1_000_000_000_000_000_000

// Game is a two-player game with alternating moves and no draws, as in the
// lecture: a set of states S, the legal moves M in each state, and who wins
// when no move is left.
type Game[S comparable, M comparable] interface {
	// Moves lists the legal moves in s in a fixed order (for the
	// black-and-white game the lecture's child order: black 1, black 2,
	// white 1, white 2). It is empty exactly when s is terminal.
	Moves(s S) []M
	// Play returns the state after the legal move m in s.
	Play(s S, m M) S
	// Terminal reports whether the game is over in s (no move is left).
	Terminal(s S) bool
	// LastMoverWins reports who has won in a terminal state: true when the
	// player who made the last move wins (normal play), false when that
	// player loses (misère play, "whoever takes the last coin loses").
	LastMoverWins() bool
	// RandomMove draws one legal move in the non-terminal state s, as the
	// lecture's RandomPlayer does for this game.
	RandomMove(r *rand.Rand, s S) M
}

// Solver answers who wins a game with perfect play.
type Solver[S comparable, M comparable] interface {
	// MoverWins reports whether the player to move in s wins with perfect
	// play from both sides.
	MoverWins(s S) bool
	// WinningMoves lists, in the game's move order, every move in s after
	// which the mover wins with perfect play (none when s is lost).
	WinningMoves(s S) []M
}

// moverWinsAtEnd is the value of a terminal state for the player to move.
func moverWinsAtEnd[S comparable, M comparable](g Game[S, M]) bool {
	return !g.LastMoverWins()
}

// Tree solves a game by full game-tree search from the leaves up, as the
// lecture's TreePlayer does, but with equal states merged (slide 15: "same
// player to move and the same coins left is the same state"), so each state
// is solved once. A Tree remembers every state it has solved; it is not safe
// for concurrent use.
type Tree[S comparable, M comparable] struct {
	game  Game[S, M]
	memo  map[S]bool
	steps int
}

// NewTree returns an empty memoised solver for g.
func NewTree[S comparable, M comparable](g Game[S, M]) *Tree[S, M] {
	return &Tree[S, M]{game: g, memo: make(map[S]bool)}
}

// Len returns the number of distinct states solved so far.
func (t *Tree[S, M]) Len() int { return len(t.memo) }

// MoverWins reports whether the player to move in s wins with perfect play:
// a terminal state is won by the mover exactly when the last mover loses,
// and any other state is won when some move leads to a state lost for the
// opponent. It returns ctx.Err() if ctx ends first.
func (t *Tree[S, M]) MoverWins(ctx context.Context, s S) (bool, error) {
	if v, ok := t.memo[s]; ok {
		return v, nil
	}
	t.steps++
	if t.steps&1023 == 0 {
		if err := ctx.Err(); err != nil {
			return false, err
		}
	}
	win := false
	if t.game.Terminal(s) {
		win = moverWinsAtEnd(t.game)
	} else {
		for _, m := range t.game.Moves(s) {
			w, err := t.MoverWins(ctx, t.game.Play(s, m))
			if err != nil {
				return false, err
			}
			if !w {
				win = true
				break
			}
		}
	}
	t.memo[s] = win
	return win, nil
}

// WinningMoves lists every move in s after which the opponent loses with
// perfect play, in the game's move order.
func (t *Tree[S, M]) WinningMoves(ctx context.Context, s S) ([]M, error) {
	var out []M
	for _, m := range t.game.Moves(s) {
		w, err := t.MoverWins(ctx, t.game.Play(s, m))
		if err != nil {
			return nil, err
		}
		if !w {
			out = append(out, m)
		}
	}
	return out, nil
}
