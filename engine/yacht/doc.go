// Package yacht is the game of Yacht and its relatives (Pancht, Yahtzee,
// Yatzy) as data: dice; the dice patterns Ω (252) and partial patterns
// Ω_part (462, called keeps here) of 最大期待値戦略の計算手法の整理
// (organising the computation of the maximum-expectation strategy) with the
// multinomial probabilities P(ω), laid out for the solvers' inner loops as
// a [DiceSpace]; rule sets as data ([Rules]: the presets [Yacht], [Pancht],
// [Yahtzee] with the extra-Yahtzee bonus and forced joker rules, and
// [Yatzy]), one registry of the presets players choose from ([Presets]);
// score sheets and their parsing ([ParseSheet], by category keys or by the
// names an [Aliases] table gives them, with [InputError] codes for messages
// in any language); and
// the class s/∼ of a sheet that matters for the future ([State]) with the
// legal scorings of a roll.
//
// The mathematics of play lives in three packages below it:
// engine/yacht/strategy computes the exact maximum-expectation strategy
// (the tables of Ẽ, and advice for a sheet and a roll);
// engine/yacht/finalscore describes the final score under that strategy
// (its exact distribution, win probabilities, seeded simulation); and
// engine/yacht/reach plays to a target instead (advice for a target or
// against opponents).
package yacht
