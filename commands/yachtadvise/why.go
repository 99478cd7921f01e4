package yachtadvise

import (
	"math"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachtwords"
)

// whyReserve is the room the description keeps, beside the whys of the
// alternatives, for the best move's line and the line of those left out.
const whyReserve = 600

var (
	optWhy     = commands.T("why", "이유", "理由")
	msgWhyDesc = commands.T("Say why the best move beats each alternative shown (default: the runner-up only)",
		"최선의 수가 표시된 선택지 하나하나보다 나은 이유 (기본: 차선의 수와만 비교)",
		"最善手が表示された候補それぞれより良い理由（既定: 次善手とだけ比較）")
	msgWhyBest  = commands.T("💡 Why, against %s: %s", "💡 %s과(와) 비교하면: %s", "💡 「%s」と比べると: %s")
	msgWhyLater = commands.T("💡 Why the best move wins comes from a table computed once for these rules, which is being computed now: ask again in a few seconds.",
		"💡 최선의 수가 나은 이유는 이 규칙에 대해 한 번만 계산하는 표에서 나오는데, 지금 계산하고 있습니다. 몇 초 뒤에 다시 물어봐 주세요.",
		"💡 最善手が良い理由は、このルールについて一度だけ計算する表から求めます。いま計算中なので、数秒後にもう一度どうぞ。")
)

// whyLine says under the list why the best action beats the runner-up
// (the first that does not come to the same thing, yachtcoach.RunnerUp),
// or that it will once the breakdown table is built ("" with one
// action).
func whyLine(l commands.Locale, faces yachtwords.DiceFaces, v view) string {
	if len(v.Actions) < 2 {
		return ""
	}
	switch {
	case v.bd == nil && v.whyPending:
		return msgWhyLater.In(l) + "\n"
	case v.bd == nil:
		return ""
	}
	i := yachtcoach.RunnerUp(v.bd.Actions)
	return msgWhyBest.Format(l, describe(l, faces, v.rules, v.Actions[i]), whyOver(l, faces, v, i)) + "\n"
}

// whyOver says why the best action beats action i of the view's list
// (v.bd set, in the list's order: the best average's).
func whyOver(l commands.Locale, faces yachtwords.DiceFaces, v view, i int) string {
	best, other := v.bd.Actions[0], v.bd.Actions[i]
	return yachtcoach.Why(l, faces, v.rules, best.Action, yachtcoach.Compare(best.Breakdown, other.Breakdown))
}

// targetWhyLine says under a target's list why its best action beats the
// runner-up (the first that differs as the list shows it: in chance or
// in expected final), in the target's terms ("" with one action).
func targetWhyLine(l commands.Locale, faces yachtwords.DiceFaces, v view) string {
	if len(v.Actions) < 2 {
		return ""
	}
	best, i := v.Actions[0], 1
	for j := 1; j < len(v.Actions); j++ {
		a := v.Actions[j]
		if yachtwords.Percent(*a.PReach) != yachtwords.Percent(*best.PReach) || math.Round(100*a.ExpectedFinal) != math.Round(100*best.ExpectedFinal) {
			i = j
			break
		}
	}
	other := v.Actions[i]
	why := yachtcoach.TargetWhy(l, faces, v.rules, v.moves[0], *v.Target, *best.PReach, *other.PReach, best.ExpectedFinal, other.ExpectedFinal)
	return msgWhyBest.Format(l, describe(l, faces, v.rules, other), why) + "\n"
}
