// Package orbs solves the orb puzzle of the game To the Moon, following the
// Korean blog post 알고리즘 덕후의 「투 더 문」 퍼즐 푸는 방법 (how an
// algorithm enthusiast solves the puzzles of To the Moon).
//
// A puzzle is a [Grid] of clear and cloudy cells. A row orb left of each row
// flips every cell of its row, a column orb under each column flips every
// cell of its column, and one diagonal orb at the bottom-left corner flips
// the cells on the diagonal that starts in the bottom-left corner and goes
// up and to the right: (bottom row, first column), (row above, second
// column), ... for min(rows, cols) cells, so on a non-square grid it stops at
// the top row or at the last column, whichever it reaches first. The goal is
// to clear every cell with the fewest presses, within the puzzle's limit.
//
// What the package implements, in the blog post's words:
//
//   - Theorems 1 and 2: only which orbs are pressed matters, each at most once,
//     so an answer is a set of [Presses]; [Apply] replays one on a grid.
//   - Theorems 3 and 4: for a fixed choice of the diagonal, the grid is
//     cleared by exactly two row-and-column strategies, (X, Y) and its
//     complement (R∖X, C∖Y), or by none.
//   - Theorem 5 (necessary and, by Algorithm 3, sufficient): row and column
//     orbs alone cannot clear the grid exactly when there are two rows i, i′
//     and two columns j, j′ with (i, j) and (i′, j) alike but (i, j′) and
//     (i′, j′) different. Such a quadruple is a [Witness]: every row or column
//     press flips an even number of its four cells, so their parity never
//     changes, and it is odd.
//   - Algorithm 3: take the columns cloudy in the first row (Y₂), press them,
//     and every row is then all clear (X₁) or all cloudy (X₂); the answer is
//     the smaller of (X₂, Y₂) and (X₁, Y₁). [Solve] runs it on the grid as
//     given and after one diagonal press and keeps the cheaper answer
//     (Theorem 6 says at most one of the two works unless the grid is 2×2,
//     the case the blog post sets aside; trying both covers it exactly), then
//     compares the count with the limit.
//
// Rows are indexed from 0 at the top and columns from 0 at the left;
// [RowLabel] and [ColLabel] give the blog post's names (rows a, b, c…, columns
// i, ii, iii…).
package orbs
