// Package coins implements the coin games and game-tree searches of the
// Korean lecture slides 게임 트리 개요와 확률적 탐색 (game-tree overview and
// probabilistic search): the one-pile game ("take one or two coins; whoever
// takes the last coin loses", and its variants with any take set and either
// ending), the marbles game ("take at most half"), and the black-and-white
// coin game of section 06 with the lecture's Python players RandomPlayer,
// TreePlayer and PTreePlayer and its match runner runBWGame.
//
// Every game implements the small [Game] interface (states, moves, terminal
// states, who wins at the end). Any game can be solved exactly by the
// memoised full game-tree search of [Tree] (the lecture's TreePlayer with
// equal states merged), and each game also has an exact rule for sizes up to
// [MaxCount] = 10^18: [BW.MoverWins] (the mover loses exactly when
// black+white ≡ 1 mod 3), [PileSolution] (subtraction games are eventually
// periodic; the period is detected), and [Marbles.MoverWins] (the mover
// loses exactly at 0 and at 3·2^i − 1). The tests prove each rule equal to
// the tree search on every small size.
//
// [PTree] is the lecture's probabilistic tree player (Monte-Carlo tree
// search, slides 49–50 and 73–81): selection by w/s + c·sqrt(ln(sp)/s) with
// c = √2, expansion of one node, a random play-out, and the update of the
// counts on the path to the root, until the root has k simulations; states
// are not merged, and the tree is re-rooted after every move. [PTree.String]
// prints the tree in the lecture's format ("A total of 5 nodes",
// "(1,1), win rate 1.00 (4/4)", breadth first).
//
// Randomness always comes from a caller-supplied *math/rand/v2.Rand, so every
// result is reproducible from a seed.
package coins
