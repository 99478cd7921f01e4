package yachtcoach

import (
	"math"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// The words of a why when playing to a target: the chance of reaching
// it, then what that costs or brings on average.
var (
	msgTargetChance = commands.T("%s reaches %d or more %s of the time (the other move: %s)",
		"%s은(는) %d점 이상에 도달할 확률이 %s입니다(다른 수는 %s).",
		"%sは%d点以上に届く確率が%sです（もう一方の手は%s）。")
	msgTargetAsOften = commands.T("%s reaches %d or more as often as the other move (%s)",
		"%s은(는) %d점 이상에 도달할 확률이 다른 수와 같습니다(%s).",
		"%sは%d点以上に届く確率がもう一方の手と同じです（%s）。")
	msgTargetLess = commands.T(", for %.2f less on average.", " 대신 평균은 %.2f점 낮습니다.", "その代わり平均は%.2f点低くなります。")
	msgTargetMore = commands.T(", and %.2f more on average.", " 평균도 %.2f점 높습니다.", "平均も%.2f点高くなります。")
	msgTargetEven = commands.T(", and the same on average.", " 평균은 같습니다.", "平均は同じです。")
)

// TargetWhy says why action a beats another when playing to reach target,
// in the target's own terms: how often each reaches it (pa and po, exact
// chances under play for the target, engine/yacht/reach), then what a
// gives up or gains in expected final score (ea and eo, under play for
// the best average). Chances are written as the list shows them.
func TargetWhy(l commands.Locale, faces yachtwords.DiceFaces, r *yacht.Rules, a strategy.Action, target int, pa, po, ea, eo float64) string {
	noun := actionText(l, faces, a, r, false)
	pas, pos := yachtwords.Percent(pa), yachtwords.Percent(po)
	var s string
	if pas == pos {
		s = msgTargetAsOften.Format(l, noun, target, pas)
	} else {
		s = msgTargetChance.Format(l, noun, target, pas, pos)
	}
	switch d := ea - eo; {
	case math.Round(100*d) < 0:
		s += msgTargetLess.Format(l, -d)
	case math.Round(100*d) > 0:
		s += msgTargetMore.Format(l, d)
	default:
		s += msgTargetEven.In(l)
	}
	return s
}
