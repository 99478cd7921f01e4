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
