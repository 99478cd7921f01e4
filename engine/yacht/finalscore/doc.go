// Package finalscore describes the final score of a game played on from a
// sheet under the max-expectation policy of a strategy.Table (the policy
// its Advise recommends): [Of] gives its exact distribution (every
// probability carried through every turn, no sampling); a
// [BreakdownTable] splits its expectation, from any position and for
// every action, into what each box will hold at the end and the bonuses
// ([Breakdown]: the parts add up to the expected final score); [Simulate]
// plays seeded games by the same policy, for a sample around the table's
// exact expectation; [WinProbabilities] gives each player's exact chance
// of winning from such distributions, and [Opponents] what one final
// score is worth against them.
//
// Play toward a target score instead of the best average is package
// engine/yacht/reach.
package finalscore
