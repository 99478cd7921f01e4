package memory

import (
	"math"

	"github.com/alea-bot/alea/commands"
)

// Grade is a plain word for a mean loss per decision. The one published
// line is Verhoeff's: his Yahtzee Proficiency Test reports the mean
// difference in expected final score per choice and tells players to aim
// below 0.2. The other bands are Alea's own (README, "Alea's memory").
type Grade int

// The grades, best first.
const (
	GradePerfect  Grade = iota // every decision was the best one
	GradeExpert                // below 0.2 points per decision (Verhoeff's aim)
	GradeGood                  // 0.2 to 0.5 (Alea's band)
	GradeFair                  // 0.5 to 1 (Alea's band)
	GradeLearning              // 1 or more (Alea's band)
)

// GradeBands are the upper ends of the grades Expert, Good and Fair.
var GradeBands = [3]float64{0.2, 0.5, 1.0}

// GradeOf grades a player's decisions from their total loss and count,
// on the mean loss per decision as the replies show it (to the
// hundredth), so that a shown 0.20 is never graded below 0.2.
func GradeOf(lost float64, decisions int) Grade {
	m := math.Round(perDecision(lost, decisions)*100) / 100
	switch {
	case lost <= 0:
		return GradePerfect
	case m < GradeBands[0]:
		return GradeExpert
	case m < GradeBands[1]:
		return GradeGood
	case m < GradeBands[2]:
		return GradeFair
	}
	return GradeLearning
}

// Key is the grade's name in the data output.
func (g Grade) Key() string {
	return [...]string{"perfect", "expert", "good", "fair", "learning"}[g]
}

// Name is the grade's name for a reader.
func (g Grade) Name(l commands.Locale) string {
	return [...]commands.Text{
		commands.T("Perfect", "완벽", "完璧"),
		commands.T("Expert", "전문가", "上級者"),
		commands.T("Good", "능숙", "中級者"),
		commands.T("Fair", "보통", "初級者"),
		commands.T("Learning", "연습 중", "練習中"),
	}[g].In(l)
}
