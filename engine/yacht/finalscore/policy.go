package finalscore

import (
	"math"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// space is the dice space the turn policy walks, immutable after
// construction.
var space = yacht.NewDiceSpace()

// firstPattern is the keep index of the first pattern.
const firstPattern = yacht.FirstPattern

// TieTolerance is how close two expected scores must be to count as a tie
// when the max-expectation policy picks an action: floating-point sums of
// the same exact value can differ in the last bits. Ties are broken as
// Advise lists them: scoring before keeping, categories in sheet order,
// smaller keeps first (then the order of the keeps' counts, ones first).
// Preferring to reroll more dice among equal expectations is the choice
// that gives Verhoeff's published standard deviation of the Yahtzee score
// (59.6117) to every digit; the mean and every other figure do not depend
// on it.
const TieTolerance = 1e-9

// turnPolicy computes the decisions of the max-expectation policy through a
// whole turn and the probability of each way the turn ends, for a batch of
// states at once (policy_lanes.go; the one-state reference it is checked
// against is in policy_reference_test.go). It reads only Table.Value and
// the rules, so it follows any table.
type turnPolicy struct {
	t *strategy.Table
	r *yacht.Rules
	n int
	// pts[c][w] is PointsFor of category c and pattern w.
	pts [][yacht.NumPatterns]int16
	// special[w] marks the five-of-a-kind patterns, which may score by the
	// joker or extra-bonus rules.
	special  [yacht.NumPatterns]bool
	hasJoker bool
	// count[c][w] is the number of dice of upper category c's face in
	// pattern w (0 for the other categories).
	count [][yacht.NumPatterns]uint8
	// maxGain[c] bounds what category c can add to the sheet at once.
	maxGain []int
	// scoring holds pts and count as lanes.DescribeScorings reads them.
	scoring lanes.ScoringTables
	// endings lays out the table of endings (laneEnds.sum): the ending
	// that scores category c with some gain is row Base[c] + gain of
	// Slots; Yacht marks the Yacht boxes.
	endings lanes.EndingTables
	classes *bonusClasses
	// rollOdds[w] is, in every lane, the probability of pattern w on a
	// roll of the five dice.
	rollOdds [yacht.NumPatterns]lanes.Row
	// score holds, per category and pattern, the batch's candidate row of
	// the category that is the value of scoring the pattern there, and
	// the points added to it (see scoreRows).
	score lanes.ScoreTables
}

// The candidate rows of a category besides an upper one's by count
// (turnBatch.cand).
const (
	candBase       = yacht.NumDice + 1
	candWithPoints = yacht.NumDice + 2
)

// The candidate rows fit lanes.ScoreRows' rows per category.
var _ = [lanes.CandidateRows - candWithPoints - 1]struct{}{}

func newTurnPolicy(t *strategy.Table) *turnPolicy {
	r := t.Rules()
	p := &turnPolicy{t: t, r: r, n: len(r.Categories), hasJoker: r.ExtraYachtBonus != 0 || r.Joker != yacht.NoJoker}
	p.pts = make([][yacht.NumPatterns]int16, p.n)
	for c := range r.Categories {
		for w := 0; w < yacht.NumPatterns; w++ {
			p.pts[c][w] = int16(r.Categories[c].PointsFor(yacht.Pattern(w)))
		}
	}
	for w := 0; w < yacht.NumPatterns; w++ {
		p.special[w] = yacht.Pattern(w).IsYacht()
		for l := range p.rollOdds[w] {
			p.rollOdds[w][l] = space.Prob[w]
		}
	}
	p.count = make([][yacht.NumPatterns]uint8, p.n)
	for c := range r.Categories {
		cat := &r.Categories[c]
		if cat.Kind != yacht.KindUpper {
			continue
		}
		for w := 0; w < yacht.NumPatterns; w++ {
			p.count[c][w] = uint8(int(p.pts[c][w]) / cat.Face)
		}
	}
	for c := range r.Categories {
		p.scoring.Upper[c] = r.Categories[c].Kind == yacht.KindUpper
		for w := 0; w < yacht.NumPatterns; w++ {
			p.scoring.Entry[c<<8|w] = int32(uint16(p.pts[c][w])) | int32(p.count[c][w])<<16
		}
	}
	p.score.Sel = make([][yacht.NumPatterns]uint8, p.n)
	p.score.Add = make([][yacht.NumPatterns]float64, p.n)
	for c := range r.Categories {
		for w := 0; w < yacht.NumPatterns; w++ {
			pt := p.pts[c][w]
			switch kind := r.Categories[c].Kind; {
			case kind == yacht.KindUpper:
				// the row by count as it is: −0 + x is x
				p.score.Sel[c][w], p.score.Add[c][w] = p.count[c][w], math.Copysign(0, -1)
			case kind == yacht.KindYacht && pt > 0:
				p.score.Sel[c][w], p.score.Add[c][w] = candWithPoints, float64(pt)
			default:
				p.score.Sel[c][w], p.score.Add[c][w] = candBase, float64(pt)
			}
		}
	}
	p.classes = newBonusClasses(r)
	p.maxGain = make([]int, p.n)
	for c := range r.Categories {
		ps := r.PossibleScores(c)
		p.maxGain[c] = ps[len(ps)-1] + r.BonusPoints + r.ExtraYachtBonus
	}
	for c := range r.Categories {
		p.endings.Base[c] = int64(p.endings.Slots)
		if r.Categories[c].Kind == yacht.KindYacht {
			p.endings.Yacht[c] = -1
		}
		p.endings.Slots += p.maxGain[c] + 1
	}
	return p
}

// scoringValue is Gain plus Ẽ of the next state, exactly as Advise computes
// it.
func (p *turnPolicy) scoringValue(st yacht.State, o yacht.Scoring) float64 {
	return float64(o.Gain()) + p.t.Value(p.r.Next(st, o))
}

// keepBefore reports whether keep a comes before keep b among tied keeps:
// smaller keeps first, then in the order of the dice space.
func keepBefore(a, b int) bool {
	if space.Size[a] != space.Size[b] {
		return space.Size[a] < space.Size[b]
	}
	return a < b
}
