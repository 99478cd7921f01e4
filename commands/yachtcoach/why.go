package yachtcoach

import (
	"fmt"
	"math"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// The words of a why. An action is said as what a player does, in two
// forms: as a condition ("Keeping ⚄⚄ (55)" / "…을(를) 남기면" / "… を残せば")
// and as a noun ("Keeping ⚄⚄ (55)" / "…을(를) 남기는 수" / "… を残す手").
var (
	ifKeep      = commands.T("Keeping %s", "%s을(를) 남기면", "%s を残せば")
	ifRerollAll = commands.T("Rerolling all five", "다섯 개 모두 다시 굴리면", "5個すべて振り直せば")
	ifKeepAll   = commands.T("Keeping all five", "다섯 개 모두 남기면", "5個すべて残せば")
	ifScore     = commands.T("Scoring %[2]d in %[1]s", "%s 칸에 %d점을 기록하면", "%sに%d点を記入すれば")

	nounKeep      = commands.T("Keeping %s", "%s을(를) 남기는 수", "%s を残す手")
	nounRerollAll = commands.T("Rerolling all five", "다섯 개 모두 다시 굴리는 수", "5個すべて振り直す手")
	nounKeepAll   = commands.T("Keeping all five", "다섯 개 모두 남기는 수", "5個すべて残す手")
	nounScore     = commands.T("Scoring %[2]d in %[1]s", "%s 칸에 %d점을 기록하는 수", "%sに%d点を記入する手")

	// The aim: what a keep plays for, what a scoring gains in.
	msgAimKeep  = commands.T("%s aims at %s: %s.", "%s %s을(를) 노릴 수 있습니다. %s.", "%s%sを狙えます。%s。")
	msgAimScore = commands.T("%s pays off in %s: %s.", "%s %s에서 이득을 봅니다. %s.", "%s%sで得をします。%s。")

	nameBonus = commands.T("the bonus", "보너스", "ボーナス")
	nameExtra = commands.T("Yahtzee bonuses", "야찌 보너스", "ヤッツィーボーナス")
	andAims   = commands.T(" and ", "과(와) ", "と")

	gainBox   = commands.T("+%.1f in %s", "%[2]s +%.1[1]f", "%[2]s +%.1[1]f")
	gainBonus = commands.T("a %s%% better chance of the bonus (+%.1f)", "보너스 확률 %s%%p 상승(+%.1f)", "ボーナスの確率 +%sポイント（+%.1f）")
	gainExtra = commands.T("+%.1f in Yahtzee bonuses", "야찌 보너스 +%.1f", "ヤッツィーボーナス +%.1f")
	lossBox   = commands.T("−%.1f in %s", "%[2]s −%.1[1]f", "%[2]s −%.1[1]f")
	lossBonus = commands.T("a %s%% lower chance of the bonus (−%.1f)", "보너스 확률 %s%%p 하락(−%.1f)", "ボーナスの確率 −%sポイント（−%.1f）")
	lossExtra = commands.T("−%.1f in Yahtzee bonuses", "야찌 보너스 −%.1f", "ヤッツィーボーナス −%.1f")
	andGains  = commands.T(" and ", ", ", "、")
	forLosses = commands.T(", for ", ", 대신 ", "、その代わり")

	msgTie = commands.T("%s is worth the same as the other move in every box.",
		"%s은(는) 다른 수와 모든 칸의 기대 점수가 같습니다.",
		"%sは、もう一方の手とどの欄の期待値も同じです。")
	msgSmall = commands.T("%s is the same in every box to within 0.05; it only keeps more options open (+%.2f in all).",
		"%s은(는) 어느 칸에서도 차이가 0.05 미만입니다. 선택지를 더 남겨 두는 것뿐입니다(합계 +%.2f).",
		"%sは、どの欄も差が0.05未満で、選択肢を多く残せるだけです（合計 +%.2f）。")
	msgSpread = commands.T("%s gives up %s and makes it up a little in many boxes (+%.2f in all).",
		"%s은(는) %s을(를) 내주지만 여러 칸에서 조금씩 만회합니다(합계 +%.2f).",
		"%sは%sを手放しますが、多くの欄で少しずつ取り戻します（合計 +%.2f）。")
)

// Why says why action a beats the other action x compares it with, in
// one or two sentences: what a plays for (the parts it gains most in) and
// by how much, and what it gives up; a tie, or differences under Shown in
// every box, said plainly. Points are rounded to the tenth, the bonus's
// chance to the percent (the tenth under 1%).
func Why(l commands.Locale, faces yachtwords.DiceFaces, r *yacht.Rules, a strategy.Action, x Reason) string {
	switch {
	case len(x.Gains) == 0 && len(x.Losses) > 0:
		return msgSpread.Format(l, actionText(l, faces, a, r, false), partText(l, r, x.Losses[0]), x.Total)
	case len(x.Gains) == 0 && x.Tie():
		return msgTie.Format(l, actionText(l, faces, a, r, false))
	case len(x.Gains) == 0:
		return msgSmall.Format(l, actionText(l, faces, a, r, false), x.Total)
	}
	names := make([]string, len(x.Gains))
	details := make([]string, len(x.Gains))
	for i, p := range x.Gains {
		names[i] = partName(l, r, p)
		details[i] = partText(l, r, p)
	}
	detail := strings.Join(details, andGains.In(l))
	for _, p := range x.Losses {
		detail += forLosses.In(l) + partText(l, r, p)
	}
	aim := msgAimKeep
	if a.Kind == strategy.Score {
		aim = msgAimScore
	}
	return aim.Format(l, actionText(l, faces, a, r, true), strings.Join(names, andAims.In(l)), detail)
}

// actionText writes action a as a condition (cond) or as a noun.
func actionText(l commands.Locale, faces yachtwords.DiceFaces, a strategy.Action, r *yacht.Rules, cond bool) string {
	pick := func(ifForm, noun commands.Text) commands.Text {
		if cond {
			return ifForm
		}
		return noun
	}
	if a.Kind == strategy.Score {
		return pick(ifScore, nounScore).Format(l, yachtwords.CategoryName(l, r, a.Scoring.Category), a.Scoring.Points)
	}
	keep := a.Keep.Faces()
	switch len(keep) {
	case 0:
		return pick(ifRerollAll, nounRerollAll).In(l)
	case yacht.NumDice:
		return pick(ifKeepAll, nounKeepAll).In(l)
	}
	return pick(ifKeep, nounKeep).Format(l, faces.Text(keep))
}

// partName names a part: a box by its name in the rules' edition, the
// bonus, the extra bonuses.
func partName(l commands.Locale, r *yacht.Rules, p Part) string {
	switch p.Box {
	case UpperBonus:
		return nameBonus.In(l)
	case ExtraBonus:
		return nameExtra.In(l)
	}
	return boxName(l, r, p.Box)
}

// boxName names box c of r in l as the sheet does, a Korean upper box
// (named by its number, "5") as a box: "5 칸".
func boxName(l commands.Locale, r *yacht.Rules, c int) string {
	n := yachtwords.CategoryName(l, r, c)
	if l == commands.Korean && strings.Trim(n, "0123456789") == "" {
		n += " 칸"
	}
	return n
}

// partText writes a part's difference: "+3.1 in Fives", "a 6% better
// chance of the bonus (+2.0)", "−1.4 in Choice".
func partText(l commands.Locale, r *yacht.Rules, p Part) string {
	pts := math.Abs(p.Points)
	gain := p.Points > 0
	switch {
	case p.Box == UpperBonus && gain:
		return gainBonus.Format(l, chancePoints(p.Chance), pts)
	case p.Box == UpperBonus:
		return lossBonus.Format(l, chancePoints(p.Chance), pts)
	case p.Box == ExtraBonus && gain:
		return gainExtra.Format(l, pts)
	case p.Box == ExtraBonus:
		return lossExtra.Format(l, pts)
	case gain:
		return gainBox.Format(l, pts, boxName(l, r, p.Box))
	}
	return lossBox.Format(l, pts, boxName(l, r, p.Box))
}

// chancePoints writes a difference of probability in percentage points:
// to the percent, to the tenth under one.
func chancePoints(d float64) string {
	pp := math.Abs(100 * d)
	if pp < 0.95 {
		return fmt.Sprintf("%.1f", pp)
	}
	return fmt.Sprintf("%.0f", pp)
}
