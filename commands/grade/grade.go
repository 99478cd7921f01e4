// Package grade grades a player's decisions in plain words, from the
// expected points they lost per decision: what /stats history, /review and
// the commands to come that rank players say of a player's play.
package grade

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
	Perfect  Grade = iota // every decision was the best one
	Expert                // below 0.2 points per decision (Verhoeff's aim)
	Good                  // 0.2 to 0.5 (Alea's band)
	Fair                  // 0.5 to 1 (Alea's band)
	Learning              // 1 or more (Alea's band)
)

// Bands are the upper ends of the grades Expert, Good and Fair.
var Bands = [3]float64{0.2, 0.5, 1.0}

// PerDecision is the expected points lost per decision (0 without any).
func PerDecision(lost float64, decisions int) float64 {
	if decisions <= 0 {
		return 0
	}
	return lost / float64(decisions)
}

// Of grades a player's decisions from their total loss and count, on the
// mean loss per decision as the replies show it (to the hundredth), so
// that a shown 0.20 is never graded below 0.2.
func Of(lost float64, decisions int) Grade {
	m := math.Round(PerDecision(lost, decisions)*100) / 100
	switch {
	case lost <= 0:
		return Perfect
	case m < Bands[0]:
		return Expert
	case m < Bands[1]:
		return Good
	case m < Bands[2]:
		return Fair
	}
	return Learning
}

var keys = [...]string{"perfect", "expert", "good", "fair", "learning"}

// Key is the grade's name in the data output.
func (g Grade) Key() string { return keys[g] }

// FromKey returns the grade whose Key is key, and false for none.
func FromKey(key string) (Grade, bool) {
	for g, k := range keys {
		if k == key {
			return Grade(g), true
		}
	}
	return 0, false
}

var names = [...]commands.Text{
	commands.T("Perfect", "완벽", "完璧"),
	commands.T("Expert", "전문가", "エキスパート"),
	commands.T("Good", "능숙", "上手"),
	commands.T("Fair", "보통", "まずまず"),
	commands.T("Learning", "연습 중", "練習中"),
}

// Name is the grade's name for a reader.
func (g Grade) Name(l commands.Locale) string { return names[g].In(l) }

// How says how the grades are given, with their bands, for a reply's
// footer.
func How(l commands.Locale) string { return msgHow.Format(l, Bands[0], Bands[1], Bands[2]) }

var msgHow = commands.T(
	"Grades by points lost per decision: Perfect 0, Expert below %.1f (the aim Verhoeff's Yahtzee Proficiency Test sets), then Alea's own bands: Good below %.1f, Fair below %.1f, Learning above.",
	"등급은 선택 1회당 손실로 정합니다: 완벽 0, 전문가 %.1f 미만(Verhoeff의 야찌 숙련도 테스트가 목표로 삼는 값), 그 밖은 Alea가 정한 구간으로 능숙 %.1f 미만, 보통 %.1f 미만, 그 이상은 연습 중.",
	"等級は判断あたりの損失で決まります: 完璧 0、エキスパート %.1f 未満（Verhoeff のヤッツィー熟練度テストが目標とする値）、残りは Alea 独自の区分で上手 %.1f 未満、まずまず %.1f 未満、それ以上は練習中。")
