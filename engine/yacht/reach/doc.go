// Package reach plays to a target: the action that maximises the chance
// that the final score reaches a given total (the threshold strategy),
// where engine/yacht/strategy maximises its expectation.
//
// [Advise] finds it by backward induction over (open categories, capped
// upper total, points still needed) for the states the sheet can reach,
// [Estimate] foretelling the work; a [Table] holds that chance for every
// state and target (built once per rule set, shared through [Tables]); a
// [Solution] keeps one induction whole for the later sheets of a game
// toward the same target (the most recently used kept within a memory
// budget by [Solutions]); [AdviseToBeat] maximises instead the chance of
// finishing first against opponents whose final scores are distributed as
// package finalscore gives them.
package reach
