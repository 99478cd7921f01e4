package lanes

import (
	"fmt"

	"github.com/alea-bot/alea/engine/yacht"
)

// MaxCategories bounds the open categories ScoreRows compares.
const MaxCategories = 16

// CandidateRows is how many value rows each open category offers
// ScoreRows: its table of values picks one per pattern.
const CandidateRows = 8

// ScoreTables are, per category c and pattern w, the row of the category's
// candidate rows that holds the value of scoring w (Sel, below
// CandidateRows) and the points added to it (Add: −0 to take the row as
// it is, since −0 + x is x for every x).
type ScoreTables struct {
	Sel [][yacht.NumPatterns]uint8
	Add [][yacht.NumPatterns]float64
}

// ScoreRowsPortable sets, for every pattern w and lane, e3[w] to the value
// of the best scoring and idx[w] to its position in cats: the value of
// scoring category cats[i] is Add[c][w] + cand[i][Sel[c][w]], the best
// value is the largest (a value replaces it when greater, in the order of
// cats), and the scoring taken is the first in cats within tol of it.
// scratch receives the values of the last pattern.
func ScoreRowsPortable(cand *[MaxCategories][CandidateRows]Row, cats []uint8, t *ScoreTables, scratch *[MaxCategories]Row, e3 *[yacht.NumPatterns]Row, idx *[yacht.NumPatterns][Width]int32, tol float64) {
	checkScoreRows(cats, t)
	vals := scratch
	for w := 0; w < yacht.NumPatterns; w++ {
		for i, c := range cats {
			a, row := t.Add[c][w], &cand[i][t.Sel[c][w]&(CandidateRows-1)]
			for l := range vals[i] {
				vals[i][l] = a + row[l]
			}
		}
		thr := vals[0]
		for i := 1; i < len(cats); i++ {
			for l := range thr {
				if vals[i][l] > thr[l] {
					thr[l] = vals[i][l]
				}
			}
		}
		for l := range thr {
			thr[l] -= tol
		}
		for l := range thr {
			i := 0
			for vals[i][l] < thr[l] {
				i++
			}
			e3[w][l], idx[w][l] = vals[i][l], int32(i)
		}
	}
}

// checkScoreRows panics unless cats holds 1 to MaxCategories categories of
// the tables.
func checkScoreRows(cats []uint8, t *ScoreTables) {
	if len(cats) == 0 || len(cats) > MaxCategories {
		panic(fmt.Sprintf("lanes: ScoreRows of %d categories", len(cats)))
	}
	for _, c := range cats {
		if int(c) >= len(t.Sel) || int(c) >= len(t.Add) {
			panic(fmt.Sprintf("lanes: ScoreRows: category %d of %d", c, min(len(t.Sel), len(t.Add))))
		}
	}
}

// UpperGains are, per open category (its position among the open
// categories) and number of dice of its face, each lane's gain from
// scoring an upper box: points and the bonus they may complete. The
// padding lets the AVX-512 kernel read eight bytes at the last entry.
type UpperGains struct {
	G [MaxCategories][yacht.NumDice + 1][Width]int16
	_ [4]int16
}

// ScoringTables are a rule set's tables for DescribeScorings: entry
// c<<8|w holds the points of pattern w scored in category c (low 16 bits,
// signed) and, for an upper box, the number of dice of its face (bits 16
// to 18, at most NumDice); Upper marks the upper boxes.
type ScoringTables struct {
	Entry [MaxCategories << 8]int32
	Upper [MaxCategories]bool
}

// DescribeScoringsPortable sets, for every pattern w and lane l, with i =
// idx[w][l] the position of the scoring chosen among the open categories
// cats: cat[w][l] = cats[i], points[w][l] the points of w in that
// category, and gain[w][l] those points or, for an upper box,
// ug.G[i][its dice of the face][l] (a count above NumDice read as
// NumDice). It panics when a position is not below len(cats), cats holds
// more than MaxCategories categories or one is MaxCategories or more.
func DescribeScoringsPortable(idx *[yacht.NumPatterns][Width]int32, cats []uint8, t *ScoringTables, ug *UpperGains, cat *[yacht.NumPatterns][Width]uint8, points, gain *[yacht.NumPatterns][Width]int16) {
	checkDescribe(cats)
	for w := range idx {
		ix := &idx[w]
		if i := ix[0]; ix[1] == i && ix[2] == i && ix[3] == i && ix[4] == i && ix[5] == i && ix[6] == i && ix[7] == i {
			// Every lane scores the same category (the usual case).
			c := cats[i]
			e := t.Entry[int(c)<<8|w]
			for l := range Width {
				cat[w][l], points[w][l] = c, int16(e)
			}
			if t.Upper[c] {
				gain[w] = ug.G[i][min(uint32(e)>>16, yacht.NumDice)]
			} else {
				gain[w] = points[w]
			}
			continue
		}
		for l, i := range ix {
			c := cats[i]
			e := t.Entry[int(c)<<8|w]
			pt := int16(e)
			g := pt
			if t.Upper[c] {
				g = ug.G[i][min(uint32(e)>>16, yacht.NumDice)][l]
			}
			cat[w][l], points[w][l], gain[w][l] = c, pt, g
		}
	}
}

// checkDescribe panics unless cats holds at most MaxCategories categories,
// each below MaxCategories.
func checkDescribe(cats []uint8) {
	if len(cats) > MaxCategories {
		panic(fmt.Sprintf("lanes: DescribeScorings of %d categories", len(cats)))
	}
	for _, c := range cats {
		if int(c) >= MaxCategories {
			panic(fmt.Sprintf("lanes: DescribeScorings: category %d", c))
		}
	}
}
