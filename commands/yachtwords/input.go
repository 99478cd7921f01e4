package yachtwords

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
)

// Messages for dice and sheets that cannot be read. Each is one sentence
// or two; the example of a right input is added once, by RejectDice and
// RejectSheet.
var (
	msgDiceNotFace = commands.T("%s is not a die face.",
		"%s은(는) 주사위 눈이 아닙니다.",
		"%s はサイコロの目ではありません。")
	msgDiceUnexpected = commands.T("%s cannot be read as a die.",
		"%s은(는) 주사위로 읽을 수 없습니다.",
		"%s はサイコロとして読めません。")
	msgDiceCount = commands.T("Five dice are needed, not %d.",
		"주사위는 다섯 개여야 합니다 (입력한 개수: %d개).",
		"サイコロは5個必要です（入力は%d個）。")
	msgDiceHow = commands.T("Write five dice 1 to 6, like `3 3 5 6 6` or `33566`.",
		"`3 3 5 6 6`이나 `33566`처럼 1~6의 주사위 다섯 개를 써 주세요.",
		"`3 3 5 6 6` や `33566` のように 1〜6 のサイコロを5個書いてください。")

	msgSheetTooLong = commands.T("The sheet is too long (at most %d characters).",
		"점수표가 너무 깁니다 (최대 %d자).",
		"スコア表が長すぎます（最大%d文字）。")
	msgSheetNoScore = commands.T("%s has no score after it.",
		"%s 뒤에 점수가 없습니다.",
		"%s の後に点数がありません。")
	msgSheetNoColon = commands.T("%s needs a colon between the category and its score: %s.",
		"%s: 족보와 점수 사이에 콜론(:)을 넣어 주세요. 예: %s.",
		"%s: 役と点数の間にコロン（:）を入れてください。例: %s。")
	msgSheetNoName = commands.T("A score has no category name before it.",
		"족보 이름이 없는 점수가 있습니다.",
		"役の名前がない点数があります。")
	msgSheetBadScore = commands.T("%s is not a score.",
		"%s은(는) 점수가 아닙니다.",
		"%s は点数ではありません。")
	msgSheetNoExtra = commands.T("These rules have no bonus for further five-of-a-kinds.",
		"이 규칙에는 추가로 나온 다섯 같은 눈에 대한 보너스가 없습니다.",
		"このルールには2回目以降の5つ揃いのボーナスがありません。")
	msgSheetBonusStep = commands.T("The bonus %d is not a multiple of %d.",
		"보너스 %d점은 %d의 배수가 아닙니다.",
		"ボーナス%d点は %d の倍数ではありません。")
	msgSheetRepeated = commands.T("%s is on the sheet twice.",
		"%s이(가) 점수표에 두 번 있습니다.",
		"%sがスコア表に2回あります。")
	msgSheetUnknown = commands.T("%s is not a category of %s. The categories are: %s.",
		"%s은(는) %s의 족보가 아닙니다. 족보: %s.",
		"%s は%sの役ではありません。役: %s。")
	msgSheetImpossible = commands.T("%s cannot score %d; it can score %s.",
		"%s에는 %d점을 기록할 수 없습니다. 가능한 점수: %s.",
		"%sに%d点は記入できません。記入できる点数: %s。")
	msgSheetBonusYacht = commands.T("A bonus needs %s scored %d on the sheet.",
		"보너스가 있으려면 점수표에 %s %d점이 있어야 합니다.",
		"ボーナスにはスコア表に%s %d点が必要です。")
	msgSheetBonusMany = commands.T("A bonus of %d is more bonuses than a game has turns.",
		"보너스 %d점은 한 게임의 턴 수보다 많습니다.",
		"ボーナス%d点は1ゲームのターン数より多くなります。")
	msgSheetHow = commands.T("Write category:score pairs, like `%s`.",
		"`%s`처럼 족보:점수로 써 주세요.",
		"`%s` のように 役:点数 で書いてください。")
	msgRunTo   = commands.T(" to ", "~", "〜")
	msgUnknown = commands.T("These dice or this sheet cannot be read.", "주사위나 점수표를 읽을 수 없습니다.", "サイコロかスコア表が読めません。")
)

// RejectDice words an error of yacht.ParseDice for the user: what is wrong,
// then how to write dice.
func RejectDice(err error) *commands.UserError {
	return commands.RejectEach(func(l commands.Locale) string {
		return commands.Sentences(l, diceProblem(l, err), msgDiceHow.In(l))
	})
}

func diceProblem(l commands.Locale, err error) string {
	var ie *yacht.InputError
	if !errors.As(err, &ie) {
		return msgUnknown.In(l)
	}
	switch ie.Code {
	case yacht.DiceNotFace:
		return msgDiceNotFace.Format(l, commands.Quote(ie.Input))
	case yacht.DiceUnexpected:
		return msgDiceUnexpected.Format(l, commands.Quote(ie.Input))
	case yacht.DiceCount:
		return msgDiceCount.Format(l, ie.Value)
	}
	return msgUnknown.In(l)
}

// RejectSheet words an error of yacht.ParseSheet for the user, in the
// names of the categories of r; mistakes of form end with an example.
func RejectSheet(r *yacht.Rules, err error) *commands.UserError {
	return commands.RejectEach(func(l commands.Locale) string {
		msg, form := sheetProblem(l, r, err)
		if form {
			return commands.Sentences(l, msg, msgSheetHow.Format(l, SheetExample(l, r)))
		}
		return msg
	})
}

func sheetProblem(l commands.Locale, r *yacht.Rules, err error) (msg string, form bool) {
	var ie *yacht.InputError
	if !errors.As(err, &ie) {
		return msgUnknown.In(l), true
	}
	name := func() string {
		if ie.Category >= 0 && ie.Category < len(r.Categories) {
			return CategoryName(l, r, ie.Category)
		}
		return ie.Input
	}
	switch ie.Code {
	case yacht.SheetTooLong:
		return msgSheetTooLong.Format(l, ie.Limit), false
	case yacht.SheetNoScore:
		if fixed, ok := withColons(ie.Input); ok {
			return msgSheetNoColon.Format(l, commands.Quote(ie.Input), commands.Quote(fixed)), false
		}
		return msgSheetNoScore.Format(l, commands.Quote(ie.Input)), true
	case yacht.SheetNoName:
		return msgSheetNoName.In(l), true
	case yacht.SheetBadScore:
		return msgSheetBadScore.Format(l, commands.Quote(ie.Input+":"+ie.Text)), true
	case yacht.SheetNoExtraBonus:
		return msgSheetNoExtra.In(l), false
	case yacht.SheetBonusMultiple:
		return msgSheetBonusStep.Format(l, ie.Value, ie.Limit), false
	case yacht.SheetRepeated:
		return msgSheetRepeated.Format(l, name()), false
	case yacht.SheetUnknownCategory:
		names := strings.Join(CategoryNames(l, r), ", ")
		return msgSheetUnknown.Format(l, commands.Quote(ie.Input), RulesName(l, r.Key), names), false
	case yacht.SheetImpossible:
		return msgSheetImpossible.Format(l, name(), ie.Value, runs(ie.Possible, msgRunTo.In(l))), false
	case yacht.SheetBonusNeedsYacht:
		return msgSheetBonusYacht.Format(l, name(), ie.Value), false
	case yacht.SheetTooManyBonuses:
		return msgSheetBonusMany.Format(l, ie.Value), false
	}
	return msgUnknown.In(l), true
}

// SheetExample is a sheet the rules accept, in the category names of
// locale l: aces 3, twos 6, and 22 in the last category that can score 22
// (Choice or Chance in every preset).
func SheetExample(l commands.Locale, r *yacht.Rules) string {
	name := func(i int) string { return CategoryName(l, r, i) }
	ex := fmt.Sprintf("%s:3 %s:6", name(0), name(1))
	for i := len(r.Categories) - 1; i > 1; i-- {
		for _, v := range r.PossibleScores(i) {
			if v == 22 {
				return ex + " " + name(i) + ":" + strconv.Itoa(22)
			}
		}
	}
	return ex
}

// spacedScore is a category name and a score with only a space between.
var spacedScore = regexp.MustCompile(`([^\s,;:][^,;:]*?)\s+(\d+)(\s*[,;]\s*|\s*$)`)

// withColons rewrites "Aces 3, Twos 6" as "Aces:3, Twos:6": what a player
// meant when they left out the colons. ok is false when there is no such pair.
func withColons(s string) (string, bool) {
	out := spacedScore.ReplaceAllString(s, "$1:$2$3")
	return out, out != s
}

// runs writes sorted numbers as runs joined by ", ", a run of three or
// more as "a" + to + "b": runs([]int{0, 5, 6, 7}, "–") is "0, 5–7".
func runs(ps []int, to string) string {
	var parts []string
	for i := 0; i < len(ps); {
		j := i
		for j+1 < len(ps) && ps[j+1] == ps[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, strconv.Itoa(ps[i]))
		case j == i+1:
			parts = append(parts, strconv.Itoa(ps[i]), strconv.Itoa(ps[j]))
		default:
			parts = append(parts, strconv.Itoa(ps[i])+to+strconv.Itoa(ps[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
