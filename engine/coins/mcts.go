package coins

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// DefaultSimulations is the lecture's k: PTreePlayer.maxNumSimulations = 50.
const DefaultSimulations = 50

// ExplorationC is the lecture's constant c = √2 in w/s + c·sqrt(ln(sp)/s).
var ExplorationC = math.Sqrt2

// Node is one node of an unmerged game tree, the lecture's 5-tuple
// (player to move, coins, win counts, children, parent).
type Node[S comparable, M comparable] struct {
	State  S           // [1]: the position
	Mover  int         // [0]: the player to move, 0 the first player, 1 the second
	Wins   [2]int64    // [2]: simulations (or leaves) won by the first and the second player
	Parent *Node[S, M] // [4]: nil at the root the tree was built from
	// Moves are the legal moves in State in the game's order and
	// Children[i] the node after Moves[i] ([3]); nil while not added.
	Moves    []M
	Children []*Node[S, M]
}

// Simulations returns s, the number of simulations through the node (the sum
// of its win counts, as in the lecture).
func (n *Node[S, M]) Simulations() int64 { return n.Wins[0] + n.Wins[1] }

// WinRate returns the fraction of the node's simulations won by player
// (0 when it has none).
func (n *Node[S, M]) WinRate(player int) float64 {
	s := n.Simulations()
	if s == 0 {
		return 0
	}
	return float64(n.Wins[player]) / float64(s)
}

func newNode[S comparable, M comparable](g Game[S, M], s S, mover int, parent *Node[S, M]) *Node[S, M] {
	moves := g.Moves(s)
	return &Node[S, M]{State: s, Mover: mover, Parent: parent, Moves: moves, Children: make([]*Node[S, M], len(moves))}
}

// child returns the node after move index i, adding it when absent.
func (n *Node[S, M]) child(g Game[S, M], i int) *Node[S, M] {
	if n.Children[i] == nil {
		n.Children[i] = newNode(g, g.Play(n.State, n.Moves[i]), 1-n.Mover, n)
	}
	return n.Children[i]
}

// Count returns the number of nodes in the subtree rooted at n.
func (n *Node[S, M]) Count() int {
	total := 1
	for _, c := range n.Children {
		if c != nil {
			total += c.Count()
		}
	}
	return total
}

// winnerAtEnd returns the winner of a game that has ended in the terminal
// state of a node whose player to move is mover.
func winnerAtEnd[S comparable, M comparable](g Game[S, M], mover int) int {
	if g.LastMoverWins() {
		return 1 - mover
	}
	return mover
}

// PTree is the lecture's probabilistic tree player PTreePlayer (slides
// 73–81): a Monte-Carlo search tree under the current position that is
// grown until its root has k simulations, with nodes not merged.
//
// Each round of [PTree.Expand] starts at the root and (1) selects: while the
// node is not terminal, it looks at the node's children in the game's move
// order and takes the first one with the largest w/s + c·sqrt(ln(sp)/s), a
// child not yet in the tree counting as infinitely large; the search stops
// altogether when it reaches a terminal node already in the tree. (2) It
// expands: the chosen absent child is added with zero counts. (3) It
// simulates: from the new node random moves (as [Game.RandomMove]) are
// played to the end. (4) It updates: s and the winner's w grow by one on
// every node from the new one up to the root.
//
// Here s is the child's simulations, sp its parent's, and w the child's wins
// for the player who chooses it, the player to move at the parent (the
// player "looking for a winning strategy" at that node); this is the usual
// UCT rule, which makes the choice converge to a winning move as k grows.
// The printed win rates and the final choice ([PTree.Choose], the lecture's
// doMyTurn) use the wins of Player, as in the Python.
type PTree[S comparable, M comparable] struct {
	Game   Game[S, M]
	Root   *Node[S, M] // the current position
	Player int         // the player this tree plays for: 0 first, 1 second
	K      int         // maxNumSimulations: the root's simulations are grown to K
	C      float64     // the exploration constant, √2
	// Backup is false for the lecture's rule. When true (see [NewUCTTree])
	// a selection that reaches a terminal node counts that node's result
	// as one more simulation, as standard UCT does, instead of ending the
	// expansion, so the root always reaches K simulations.
	Backup bool
	rng    *rand.Rand
	rounds int
}

// NewPTree builds the lecture's PTreePlayer(start, player) for game g with
// at most k simulations under the root (k ≥ 1) and random numbers from rng:
// a root for start with the first player to move, expanded by
// [PTree.Expand].
func NewPTree[S comparable, M comparable](ctx context.Context, g Game[S, M], start S, player, k int, rng *rand.Rand) (*PTree[S, M], error) {
	return newPTree(ctx, g, start, player, k, false, rng)
}

func newPTree[S comparable, M comparable](ctx context.Context, g Game[S, M], start S, player, k int, backup bool, rng *rand.Rand) (*PTree[S, M], error) {
	if k < 1 {
		return nil, fmt.Errorf("coins: %d simulations: need at least 1", k)
	}
	if player != 0 && player != 1 {
		return nil, fmt.Errorf("coins: player %d: must be 0 or 1", player)
	}
	t := &PTree[S, M]{Game: g, Root: newNode(g, start, 0, nil), Player: player, K: k, C: ExplorationC, Backup: backup, rng: rng}
	return t, t.Expand(ctx)
}

// NewUCTTree is [NewPTree] with one departure from the lecture, standard
// in Monte-Carlo tree search: when the selection reaches a terminal node,
// its result is counted as a simulation and the search goes on, instead of
// ending the expansion. With the lecture's rule the root of a small game
// often stops far below k simulations (the search keeps reaching the same
// ending), so its choice stops improving as k grows; with this rule the
// choice converges to a winning move (TestUCTTreeConverges).
func NewUCTTree[S comparable, M comparable](ctx context.Context, g Game[S, M], start S, player, k int, rng *rand.Rand) (*PTree[S, M], error) {
	return newPTree(ctx, g, start, player, k, true, rng)
}

// Expand grows the tree by rounds of selection, expansion, simulation and
// update until the root has K simulations or the selection reaches a
// terminal node (then no node is left worth adding, as in the lecture's
// expandTree). It returns ctx.Err() if ctx ends first.
func (t *PTree[S, M]) Expand(ctx context.Context) error {
	for t.Root.Simulations() < int64(t.K) {
		t.rounds++
		if t.rounds&255 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		node := t.Root
		var added *Node[S, M]
		for added == nil {
			if len(node.Moves) == 0 {
				if !t.Backup {
					return nil
				}
				added = node
				break
			}
			best := -1
			bestValue := math.Inf(-1)
			lnp := math.Log(float64(node.Simulations()))
			for i, c := range node.Children {
				if c == nil {
					best = i
					break
				}
				s := float64(c.Simulations())
				v := float64(c.Wins[node.Mover])/s + t.C*math.Sqrt(lnp/s)
				if v > bestValue {
					best, bestValue = i, v
				}
			}
			if node.Children[best] == nil {
				added = node.child(t.Game, best)
			} else {
				node = node.Children[best]
			}
		}
		winner, err := t.playOut(ctx, added)
		if err != nil {
			return err
		}
		for n := added; n != nil; n = n.Parent {
			n.Wins[winner]++
			if n == t.Root {
				break
			}
		}
	}
	return nil
}

// playOut plays random moves from n to the end and returns the winner.
func (t *PTree[S, M]) playOut(ctx context.Context, n *Node[S, M]) (int, error) {
	s, mover := n.State, n.Mover
	for steps := 1; !t.Game.Terminal(s); steps++ {
		if steps&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		s = t.Game.Play(s, t.Game.RandomMove(t.rng, s))
		mover = 1 - mover
	}
	return winnerAtEnd(t.Game, mover), nil
}

// ErrGameOver is returned when a move is asked for in a finished game.
var ErrGameOver = errors.New("coins: the game is over")

// Choose returns the move the lecture's doMyTurn makes: the move to the
// root's child (among those in the tree) with the highest win rate for
// Player, the first such child on ties. It does not move the root.
func (t *PTree[S, M]) Choose() (M, error) {
	best := -1
	bestRate := 0.0
	for i, c := range t.Root.Children {
		if c == nil || c.Simulations() == 0 {
			continue
		}
		if r := c.WinRate(t.Player); best < 0 || r > bestRate {
			best, bestRate = i, r
		}
	}
	if best < 0 {
		var zero M
		if len(t.Root.Moves) == 0 {
			return zero, ErrGameOver
		}
		return zero, errors.New("coins: the root has no simulated child")
	}
	return t.Root.Moves[best], nil
}

// MyTurn is doMyTurn: it chooses a move by [PTree.Choose], makes that child
// the root and expands the tree again.
func (t *PTree[S, M]) MyTurn(ctx context.Context) (M, error) {
	m, err := t.Choose()
	if err != nil {
		return m, err
	}
	return m, t.Advance(ctx, m)
}

// OthersTurn is doOthersTurn: it makes the child after the opponent's move m
// the root (adding it if the tree never reached it) and expands again.
func (t *PTree[S, M]) OthersTurn(ctx context.Context, m M) error { return t.Advance(ctx, m) }

// Advance re-roots the tree at the child after move m and expands it.
func (t *PTree[S, M]) Advance(ctx context.Context, m M) error {
	for i, mv := range t.Root.Moves {
		if mv == m {
			t.Root = t.Root.child(t.Game, i)
			return t.Expand(ctx)
		}
	}
	return fmt.Errorf("coins: move %v is not legal here", m)
}

// String prints the tree under the root as the lecture's __str__ does.
func (t *PTree[S, M]) String() string { return FormatTree(t.Root, t.Player, nil) }

// FormatTree prints the tree under root in the lecture's format: "A total of
// N nodes", then every node breadth first as "(2,1), win rate 0.40 (2/5)",
// with the win rate of player and a blank line between depths. The state is
// printed by its String method when it has one. When annotate is not nil,
// its result for a node (if not empty) follows the node's line after two
// spaces.
func FormatTree[S comparable, M comparable](root *Node[S, M], player int, annotate func(*Node[S, M]) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "A total of %d nodes\n", root.Count())
	level := []*Node[S, M]{root}
	for depth := 0; len(level) > 0; depth++ {
		if depth > 0 {
			b.WriteByte('\n')
		}
		var next []*Node[S, M]
		for _, n := range level {
			fmt.Fprintf(&b, "%v, win rate %.2f (%d/%d)", n.State, n.WinRate(player), n.Wins[player], n.Simulations())
			if annotate != nil {
				if a := annotate(n); a != "" {
					b.WriteString("  ")
					b.WriteString(a)
				}
			}
			b.WriteByte('\n')
			for _, c := range n.Children {
				if c != nil {
					next = append(next, c)
				}
			}
		}
		level = next
	}
	return b.String()
}

// FullTree builds the whole unmerged game tree under start as the lecture's
// TreePlayer does (slides 62–65): every node's win counts are the numbers of
// leaves below it won by each player. It fails when the tree would have more
// than maxNodes nodes, or ctx ends first.
func FullTree[S comparable, M comparable](ctx context.Context, g Game[S, M], start S, maxNodes int) (*Node[S, M], error) {
	count := 0
	var build func(n *Node[S, M]) error
	build = func(n *Node[S, M]) error {
		count++
		if count > maxNodes {
			return fmt.Errorf("coins: the full tree has more than %d nodes", maxNodes)
		}
		if count&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if len(n.Moves) == 0 {
			n.Wins[winnerAtEnd(g, n.Mover)] = 1
			return nil
		}
		for i := range n.Moves {
			c := n.child(g, i)
			if err := build(c); err != nil {
				return err
			}
			n.Wins[0] += c.Wins[0]
			n.Wins[1] += c.Wins[1]
		}
		return nil
	}
	root := newNode(g, start, 0, nil)
	if err := build(root); err != nil {
		return nil, err
	}
	return root, nil
}
