// Package trialrule implements the Korean paper on trial rules (realising a
// rational probability distribution with a k-faced die by a "trial rule", a
// full k-ary tree whose leaves are events E_i or Re, "roll again from the
// root"), and the optimal rule of Knuth and Yao (1976).
//
// What comes from which section of the paper (section numbers in this
// package's comments are always the paper's):
//
//   - Section 3.2 (Theorem 2): the ratio z_1:…:z_n reduced by its gcd, a multiplier
//     c and a height h with k^h ≥ cS give a rule; [Problem] holds k and z.
//   - Section 3.3 (Theorem 4): E[X] = Σ_leaves k^-d·d / Σ_non-Re-leaves k^-d;
//     [Problem.ExpectedAt] evaluates it exactly.
//   - Sections 3.4–3.6: full node merging is writing the leaf counts c·z_i and
//     R = k^h − cS in base k; [Problem.Layout] gives the leaves per depth and
//     [Problem.PaperRule] draws the rule by the section 3.6 procedure (children in
//     face order, at each depth the leaves first in the order Re, E_1, …,
//     E_n, open nodes last), which is the order of every listing in section 4.3.
//   - Section 3.5 (Corollary 7.1) and section 4.2 (the Calculator): for every height from
//     the minimum to minimum + extra depth, the least E[X] over the
//     multipliers c of that height (multiples of k skipped) and the smallest
//     c attaining it, or "no case". [Search] finds these exactly with a
//     digit dynamic programme inside Dinkelbach's iteration; [EnumerateHeight]
//     is the paper's plain enumeration, kept as the reference.
//   - Section 4.3 (the Printer): a height's rule is printed only when no smaller
//     height has an E[X] less than or equal to it; [WriteSheet] writes the
//     Printer's output file, with the preorder listing of [Rule.Lines].
//   - Sections 5.1 and 5.2 are reproduced by the tests (k=6 {1,4,15} with c=63 not
//     the largest c; k=2 {3,4,5} with extra depth 28).
//
// Beyond the paper (/trialrule's optimal mode): [KnuthYao] builds the
// Knuth–Yao rule (Knuth & Yao 1976), which reaches the least expected number of rolls of any
// rule; for rational probabilities it is eventually periodic and is printed
// finitely with back-edges from the open nodes at depth P+L to those at
// depth P. [Problem.EntropyBound] is the Shannon lower bound H(p)/log2 k.
//
// All values are exact fractions (math/big); every long computation takes a
// context and stops with ctx.Err() or an honest partial result.
package trialrule
