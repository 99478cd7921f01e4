package yachtwords

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
)

// The phrases of a move, shared by the advice and the table.
var (
	msgKeep      = commands.T("keep %s, reroll %d dice", "%s 남기고 %d개 다시 굴리기", "%s を残して%d個振り直す")
	msgKeepOne   = commands.T("keep %s, reroll 1 die", "%s 남기고 1개 다시 굴리기", "%s を残して1個振り直す")
	msgKeepAll   = commands.T("keep all five", "다섯 개 모두 남기기", "5個すべて残す")
	msgRerollAll = commands.T("reroll all five", "다섯 개 모두 다시 굴리기", "5個すべて振り直す")
	msgScore     = commands.T("score %s for %d", "%s 칸에 %d점", "%sに%d点")
)

// Keep writes the move that keeps the faces keep and rerolls the others:
// "keep ⚅⚅ (66), reroll 3 dice", "keep all five", "reroll all five".
func Keep(l commands.Locale, f DiceFaces, keep []int) string {
	switch n := len(keep); {
	case n == 0:
		return msgRerollAll.In(l)
	case n == yacht.NumDice:
		return msgKeepAll.In(l)
	case n == yacht.NumDice-1:
		return msgKeepOne.Format(l, f.Text(keep))
	default:
		return msgKeep.Format(l, f.Text(keep), yacht.NumDice-n)
	}
}

// Score writes the move that scores points in category i of r: "score
// Sixes for 18".
func Score(l commands.Locale, r *yacht.Rules, i, points int) string {
	return msgScore.Format(l, CategoryName(l, r, i), points)
}

// The phrases of a sheet.
var (
	// SheetField names the field that shows a sheet.
	SheetField     = commands.T("Sheet", "점수표", "スコア表")
	msgTotal       = commands.T("Total **%d** · %d of %d categories filled", "합계 **%[1]d** · %[3]d칸 중 %[2]d칸 채움", "合計 **%[1]d** · %[3]d役中%[2]d役記入済み")
	msgUpperDone   = commands.T("Upper %d/%d ✓ bonus +%d earned", "상단 %d/%d ✓ 보너스 +%d 획득", "上段 %d/%d ✓ ボーナス +%d 獲得")
	msgUpperMissed = commands.T("Upper %d/%d: bonus missed", "상단 %d/%d: 보너스 실패", "上段 %d/%d: ボーナス獲得ならず")
	msgUpperToGo   = commands.T("Upper %d/%d: %d to go for +%d (%d boxes open)", "상단 %d/%d: +%[4]d까지 %[3]d점 남음 (빈 칸 %[5]d개)", "上段 %d/%d: +%[4]d まであと%[3]d点（空き%[5]d枠）")
	// msgUpperToGoOne is msgUpperToGo with one box open (English has a
	// singular; Korean and Japanese count the same way).
	msgUpperToGoOne = commands.T("Upper %d/%d: %d to go for +%d (%d box open)", "상단 %d/%d: +%[4]d까지 %[3]d점 남음 (빈 칸 %[5]d개)", "上段 %d/%d: +%[4]d まであと%[3]d点（空き%[5]d枠）")
	msgExtraBonus   = commands.T("+%d Yahtzee bonus", "+%d 야찌 보너스", "+%d ヤッツィーボーナス")
)

// ExtraBonus writes the extra five-of-a-kind bonuses: "+100 Yahtzee
// bonus".
func ExtraBonus(l commands.Locale, points int) string { return msgExtraBonus.Format(l, points) }

// SheetSummary writes sheet s of rules r for a person: the total, how the
// upper bonus stands, and every filled box by its name in l.
func SheetSummary(l commands.Locale, r *yacht.Rules, s yacht.Sheet) string {
	var b strings.Builder
	fmt.Fprintf(&b, msgTotal.In(l), s.Total(), s.Filled(), len(r.Categories))
	b.WriteString("\n")
	up := s.UpperTotal()
	upperOpen := 0
	for i, c := range r.Categories {
		if c.Upper() && s.Scores[i] < 0 {
			upperOpen++
		}
	}
	switch {
	case up >= r.BonusThreshold:
		fmt.Fprintf(&b, msgUpperDone.In(l), up, r.BonusThreshold, r.BonusPoints)
	case upperOpen == 0:
		fmt.Fprintf(&b, msgUpperMissed.In(l), up, r.BonusThreshold)
	default:
		toGo := msgUpperToGo
		if upperOpen == 1 {
			toGo = msgUpperToGoOne
		}
		fmt.Fprintf(&b, toGo.In(l), up, r.BonusThreshold, r.BonusThreshold-up, r.BonusPoints, upperOpen)
	}
	var filled []string
	for i, v := range s.Scores {
		if v >= 0 {
			filled = append(filled, BoxFigure(l, CategoryName(l, r, i), strconv.Itoa(v)))
		}
	}
	if s.ExtraBonus > 0 {
		filled = append(filled, ExtraBonus(l, s.ExtraBonus))
	}
	if len(filled) > 0 {
		b.WriteString("\n")
		b.WriteString(strings.Join(filled, " · "))
	}
	return b.String()
}

// Percent writes a probability for a person: 0% and 100% only when exact.
func Percent(p float64) string {
	switch {
	case p <= 0:
		return "0%"
	case p >= 1:
		return "100%"
	case p < 0.0001:
		return "<0.01%"
	case p > 0.9999:
		return ">99.99%"
	}
	return fmt.Sprintf("%.2f%%", 100*p)
}

// The phrases of a move as a record keeps it (a review's lines), shorter
// than the moves offered at the table.
var (
	msgKeptNone = commands.T("reroll all", "모두 다시 굴리기", "全部振り直す")
	msgKeptAll  = commands.T("keep all", "모두 남기기", "全部残す")
	msgKept     = commands.T("keep %s", "%s 남기기", "%s を残す")
	// msgFilledBox is a box of a sheet with a figure: its name and its
	// score or loss (a colon in Korean, whose upper boxes are named by
	// their numbers: "6: 18", not "6 18").
	msgFilledBox  = commands.T("%s %s", "%s: %s", "%s %s")
	msgScoredInto = commands.T("score %s", "%s에 기록", "%sに記入")
)

// Move writes a move in the store's form (store.Decision's Chosen and
// Best: the dice kept as digits, "336", "" for none, or a category key)
// for a reader: "keep ⚂⚂⚅ (336)", "reroll all", "score Fives". A key r
// does not know (r nil: an unknown rule set) is shown as it is.
func Move(l commands.Locale, r *yacht.Rules, m string) string {
	if !isDigits(m) {
		return msgScoredInto.Format(l, CategoryKeyName(l, r, m))
	}
	switch len(m) {
	case 0:
		return msgKeptNone.In(l)
	case yacht.NumDice:
		return msgKeptAll.In(l)
	}
	return msgKept.Format(l, DigitsText(m))
}

// DigitsText writes dice given as digits, "33566", as DiceText does:
// "⚂⚂⚄⚅⚅ (33566)"; "-" for none, and anything but faces as it is.
func DigitsText(digits string) string {
	if !isDigits(digits) {
		return digits
	}
	if digits == "" {
		return "-"
	}
	faces := make([]int, 0, len(digits))
	for _, c := range digits {
		faces = append(faces, int(c-'0'))
	}
	return DiceText(faces)
}

// isDigits reports whether s holds die faces 1–6 only ("" included).
func isDigits(s string) bool {
	for _, c := range s {
		if c < '1' || c > '6' {
			return false
		}
	}
	return true
}

// BoxFigure writes a box's name with a figure of it (its score, what it
// lost) as l's reader reads them apart: "Sixes 18", "6: 18", "シックス 18".
func BoxFigure(l commands.Locale, name, figure string) string {
	return msgFilledBox.Format(l, name, figure)
}
