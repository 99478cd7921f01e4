// Package finalscore looks beyond the expectation of a strategy.Table:
// [Of] gives the exact distribution of the final score under the table's
// max-expectation policy (every probability carried through every turn, no
// sampling); [WinProbabilities] each player's exact chance of winning from
// such distributions; [AdviseTarget] the action that maximises the chance
// of reaching a target score, by backward induction over (open categories,
// capped upper total, points still needed), or from a [TargetTable] that
// holds that chance for every state and target (built once per rule set,
// shared through [TargetTables]), or from a [TargetSolution] that keeps
// one such induction whole for the later sheets of a game toward the same
// target (the most recently used kept within a memory budget by
// [TargetSolutions]); [AdviseToBeat] the one that maximises the chance of
// beating opponents; [Simulate] plays seeded games by the table's policy,
// for the distribution around the table's exact expectation.
package finalscore
