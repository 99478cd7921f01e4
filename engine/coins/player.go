package coins

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
)

// Player is the lecture's abstract Player class: it keeps its own copy of
// the game and answers for its seat.
type Player[M comparable] interface {
	// MyTurn is doMyTurn: choose and make a move, and return it.
	MyTurn(ctx context.Context) (M, error)
	// OthersTurn is doOthersTurn: follow the opponent's move m.
	OthersTurn(ctx context.Context, m M) error
}

// PlayerKind names one of the lecture's players.
type PlayerKind uint8

// The players.
const (
	Perfect PlayerKind = iota // TreePlayer: plays a winning move whenever there is one
	Random                    // RandomPlayer: a random legal move
	MCTS                      // PTreePlayer: Monte-Carlo tree search with k simulations
)

// PlayerSpec describes a player: its kind and, for [MCTS], the number of
// simulations k.
type PlayerSpec struct {
	Kind        PlayerKind
	Simulations int
}

// String formats the spec as [ParsePlayerSpec] reads it: "perfect",
// "random", "mcts:50".
func (p PlayerSpec) String() string {
	switch p.Kind {
	case Perfect:
		return "perfect"
	case Random:
		return "random"
	default:
		return fmt.Sprintf("mcts:%d", p.Simulations)
	}
}

// RandomPlayer is the lecture's RandomPlayer: it remembers only the
// position and plays [Game.RandomMove].
type RandomPlayer[S comparable, M comparable] struct {
	game  Game[S, M]
	state S
	rng   *rand.Rand
}

// NewRandomPlayer returns a random player for g starting at start.
func NewRandomPlayer[S comparable, M comparable](g Game[S, M], start S, rng *rand.Rand) *RandomPlayer[S, M] {
	return &RandomPlayer[S, M]{game: g, state: start, rng: rng}
}

// MyTurn plays a random legal move.
func (p *RandomPlayer[S, M]) MyTurn(context.Context) (M, error) {
	if p.game.Terminal(p.state) {
		var zero M
		return zero, ErrGameOver
	}
	m := p.game.RandomMove(p.rng, p.state)
	p.state = p.game.Play(p.state, m)
	return m, nil
}

// OthersTurn follows the opponent's move.
func (p *RandomPlayer[S, M]) OthersTurn(_ context.Context, m M) error {
	p.state = p.game.Play(p.state, m)
	return nil
}

// PerfectPlayer plays by an exact [Solver], like the lecture's TreePlayer
// but exact for any size: the first winning move in the game's order when
// there is one, otherwise a random legal move (every move loses against
// perfect play; a random one gives the opponent chances to err).
type PerfectPlayer[S comparable, M comparable] struct {
	game   Game[S, M]
	solver Solver[S, M]
	state  S
	rng    *rand.Rand
}

// NewPerfectPlayer returns a perfect player for g starting at start.
func NewPerfectPlayer[S comparable, M comparable](g Game[S, M], solver Solver[S, M], start S, rng *rand.Rand) *PerfectPlayer[S, M] {
	return &PerfectPlayer[S, M]{game: g, solver: solver, state: start, rng: rng}
}

// MyTurn plays a winning move if there is one.
func (p *PerfectPlayer[S, M]) MyTurn(context.Context) (M, error) {
	if p.game.Terminal(p.state) {
		var zero M
		return zero, ErrGameOver
	}
	var m M
	if wins := p.solver.WinningMoves(p.state); len(wins) > 0 {
		m = wins[0]
	} else {
		m = p.game.RandomMove(p.rng, p.state)
	}
	p.state = p.game.Play(p.state, m)
	return m, nil
}

// OthersTurn follows the opponent's move.
func (p *PerfectPlayer[S, M]) OthersTurn(_ context.Context, m M) error {
	p.state = p.game.Play(p.state, m)
	return nil
}

// NewPlayer makes the player described by spec for seat (0 first, 1 second)
// of game g from start. solver serves [Perfect]; rng gives the random
// choices and play-outs.
func NewPlayer[S comparable, M comparable](ctx context.Context, spec PlayerSpec, g Game[S, M], solver Solver[S, M], start S, seat int, rng *rand.Rand) (Player[M], error) {
	switch spec.Kind {
	case Perfect:
		return NewPerfectPlayer(g, solver, start, rng), nil
	case Random:
		return NewRandomPlayer(g, start, rng), nil
	case MCTS:
		t, err := NewPTree(ctx, g, start, seat, spec.Simulations, rng)
		if err != nil {
			return nil, err
		}
		return t, nil
	}
	return nil, fmt.Errorf("coins: unknown player kind %d", spec.Kind)
}

// RunGame is the lecture's runBWGame for any game: the two players move in
// turn from start, each move passed to the other player, until the game
// ends; it returns the winner (0 the first player, 1 the second). When log
// is not nil it receives every move (mover, the position before and after).
func RunGame[S comparable, M comparable](ctx context.Context, g Game[S, M], start S, players [2]Player[M], log func(mover int, from, to S)) (int, error) {
	s, current := start, 0
	for !g.Terminal(s) {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		m, err := players[current].MyTurn(ctx)
		if err != nil {
			return 0, err
		}
		if err := players[1-current].OthersTurn(ctx, m); err != nil {
			return 0, err
		}
		next := g.Play(s, m)
		if log != nil {
			log(current, s, next)
		}
		s, current = next, 1-current
	}
	return winnerAtEnd(g, current), nil
}

// RunBWGame is runBWGame(numBlack, numWhite, PlayerClass0, PlayerClass1,
// debug): one black-and-white game between the players first (seat 0) and
// second (seat 1). With debug not nil it prints the lecture's trace,
// "player 0: (2, 1) --> (0, 1)" per move and "player 0 wins".
func RunBWGame(ctx context.Context, start BWState, first, second PlayerSpec, rng *rand.Rand, debug io.Writer) (int, error) {
	var players [2]Player[BWMove]
	for seat, spec := range [2]PlayerSpec{first, second} {
		p, err := NewPlayer(ctx, spec, Game[BWState, BWMove](BW{}), Solver[BWState, BWMove](BW{}), start, seat, rng)
		if err != nil {
			return 0, err
		}
		players[seat] = p
	}
	var log func(int, BWState, BWState)
	if debug != nil {
		log = func(mover int, from, to BWState) {
			fmt.Fprintf(debug, "player %d: (%d, %d) --> (%d, %d)\n", mover, from.Black, from.White, to.Black, to.White)
		}
	}
	winner, err := RunGame(ctx, BW{}, start, players, log)
	if err == nil && debug != nil {
		fmt.Fprintf(debug, "player %d wins\n", winner)
	}
	return winner, err
}

// MatchResult counts the wins of a match.
type MatchResult struct {
	Games int    // games played
	Wins  [2]int // games won by the first and by the second player
}

// Match plays games black-and-white games from start between first and
// second (who always keep their seats), as the lecture's loop over
// runBWGame (slide 70), with random numbers from rng.
func Match(ctx context.Context, start BWState, first, second PlayerSpec, games int, rng *rand.Rand) (MatchResult, error) {
	res := MatchResult{}
	for range games {
		w, err := RunBWGame(ctx, start, first, second, rng, nil)
		if err != nil {
			return res, err
		}
		res.Games++
		res.Wins[w]++
	}
	return res, nil
}
