// Package yacht computes the exact maximum-expectation strategy for Yacht and
// its relatives (Pancht, Yahtzee, Yatzy).
//
// It implements the Japanese document 最大期待値戦略の計算手法の整理
// (organising the computation of the maximum-expectation strategy), all
// sections: the dice patterns Ω (252) and partial patterns Ω_part (462, called keeps here)
// with the multinomial probabilities P(ω), the recurrences E3', E3, E2', E2,
// E1', E1 and E of the section 最大期待値戦略, and the difference functions Ẽ
// of the section スコアシートから定まるスコアとの差分, which depend only on the
// filled categories and the upper total capped at the bonus threshold (the
// equivalence ∼ of that section). A [Table] stores Ẽ for every reachable class
// and answers the questions of the last section (解析済みデータと追加計算の配分):
// which dice to keep after rolls 1 and 2 and which category to score.
//
// The Korean blog post [Pancht] 요트 다이스 최적 선택 알고리즘을 구현한 방법
// (how the optimal-choice AI of Pancht was built) supplies the 13-category
// rule set [Pancht] and its results (average 205.7, 211.9 with an upper weight of 3.0),
// which came from an approximation that ignored the upper bonus and averaged
// the 252 first-roll patterns as if equally likely; this package computes the
// exact optimum for the same rules instead.
//
// Beyond these sources, a rule set is data ([Rules]): the presets [Yacht],
// [Pancht], [Yahtzee] (with the extra-Yahtzee bonus and forced joker rules,
// which add one flag to the state) and [Yatzy]. Tables are built once per rule
// set by [Tables], in parallel over states of equal fill count, and can be
// saved and loaded in a compact binary format with a checksum. The classes
// of one set of filled categories are solved eight at a time as vectors
// (the dice transitions are the same for all of them), and totals with the
// same future are solved once; built with GOEXPERIMENT=simd on amd64, the
// vectors use AVX-512 when the processor has it, with the same results.
// [Table.Simulate] plays seeded games by a table's optimal policy, for the
// distribution of the final score around the table's exact expectation.
//
// Beyond the expectation: [Table.Distribution] gives the exact distribution
// of the final score under the same policy (every probability carried
// through every turn, no sampling), [WinProbabilities] each player's exact
// chance of winning from such distributions, and [Table.AdviseTarget] the
// action that maximises the chance of reaching a target score, by backward
// induction over (open categories, capped upper total, points still needed).
package yacht
