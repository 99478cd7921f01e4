// Package strategy computes the exact maximum-expectation strategy for the
// games of package yacht.
//
// It implements the Japanese document 最大期待値戦略の計算手法の整理
// (organising the computation of the maximum-expectation strategy), all
// sections: the recurrences E3', E3, E2', E2, E1', E1 and E of the section
// 最大期待値戦略 over the dice patterns and keeps, and the difference
// functions Ẽ of the section スコアシートから定まるスコアとの差分, which
// depend only on the filled categories and the upper total capped at the
// bonus threshold (the equivalence ∼ of that section). A [Table] stores Ẽ
// for every reachable class and answers the questions of the last section
// (解析済みデータと追加計算の配分): which dice to keep after rolls 1 and 2
// and which category to score ([Table.Advise]).
//
// The Korean blog post [Pancht] 요트 다이스 최적 선택 알고리즘을 구현한 방법
// (how the optimal-choice AI of Pancht was built) supplies the 13-category
// rule set yacht.Pancht and its results (average 205.7, 211.9 with an upper
// weight of 3.0), which came from an approximation that ignored the upper
// bonus and averaged the 252 first-roll patterns as if equally likely; this
// package computes the exact optimum for the same rules instead.
//
// Tables are built once per rule set ([Build], shared by [Tables]), in
// parallel over states of equal fill count, and can be saved and loaded in
// a compact binary format with a checksum ([Table.WriteTo], [ReadTable]).
// The classes of one set of filled categories are solved eight at a time
// as vectors (the dice transitions are the same for all of them), and
// totals with the same future are solved once; on amd64 the vectors use
// AVX-512 or AVX2 assembly when the processor has them, with the same
// results.
package strategy
