// Package yachtboard writes the pieces of a Yacht board that every Yacht
// game shows in the same words (a table of /yacht start and the daily
// challenge): a seat's sheet, the dice rolled with the ones held, and
// which roll of the turn it is.
package yachtboard

import (
	"fmt"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/yachttable"
)

var (
	msgRollOf      = commands.T("roll %d of 3", "%d번째 굴림", "%d投目")
	msgDice        = commands.T("Dice: %s", "주사위: %s", "サイコロ: %s")
	msgHeldNote    = commands.T("(held dice in [brackets])", "([괄호] 안은 남긴 주사위)", "（[ ] 内は残したサイコロ）")
	msgUpperDone   = commands.T("Upper %d/%d ✓ +%d", "상단 %d/%d ✓ +%d", "上段 %d/%d ✓ +%d")
	msgUpperMissed = commands.T("Upper %d/%d: bonus missed", "상단 %d/%d: 보너스 실패", "上段 %d/%d: ボーナスならず")
	msgUpperToGo   = commands.T("Upper %d/%d: %d to go for +%d", "상단 %d/%d: +%[4]d까지 %[3]d점 남음", "上段 %d/%d: +%[4]d まであと%[3]d点")
	msgExtra       = commands.T("Yahtzee bonus +%d", "야찌 보너스 +%d", "ヤッツィーボーナス +%d")
	msgTotal       = commands.T("**Total %d**", "**합계 %d**", "**合計 %d**")
	msgLostSoFar   = commands.T("Expected points lost so far: %.2f", "지금까지 잃은 기대 점수: %.2f", "これまでに失った期待値: %.2f")
	msgLastOK      = commands.T("↩ %s: %s — optimal ✓", "↩ %s: %s — 최적 ✓", "↩ %s: %s — 最適 ✓")
	msgLastPlain   = commands.T("↩ %s: %s", "↩ %s: %s", "↩ %s: %s")
	msgLastCost    = commands.T("↩ %s: %s — cost **%.2f** expected points (best was %s)", "↩ %s: %s — 기댓값 **%.2f**점 손해 (최선: %s)", "↩ %s: %s — 期待値 **%.2f**点の損（最善: %s）")
	msgCompactSeat = commands.T("%s · upper %d/%d · %d open", "%s · 상단 %d/%d · %d칸 남음", "%s · 上段 %d/%d · 残り%d役")
)

// RollOf writes which roll of the turn it is ("roll 2 of 3").
func RollOf(loc commands.Locale, roll int) string { return msgRollOf.Format(loc, roll) }

// Rolled is the line of dice as rolled, none held.
func Rolled(loc commands.Locale, faces yachtwords.DiceFaces, d yacht.Dice) string {
	return msgDice.Format(loc, faces.Text(d[:]))
}

// Dice is a board's line of the dice rolled, those held (bit i of hold:
// die i) marked: with the registered dice emojis, or with the dice glyphs,
// the held in brackets, and the digits.
func Dice(loc commands.Locale, faces yachtwords.DiceFaces, d yacht.Dice, hold int) string {
	var line string
	if faces.Emojis() {
		held := make([]bool, len(d))
		for i := range d {
			held[i] = hold&(1<<uint(i)) != 0
		}
		line = msgDice.Format(loc, faces.Held(d[:], held))
	} else {
		var dice []string
		for i, f := range d {
			if hold&(1<<uint(i)) != 0 {
				dice = append(dice, "["+yachtwords.Glyph(f)+"]")
			} else {
				dice = append(dice, yachtwords.Glyph(f))
			}
		}
		line = msgDice.Format(loc, strings.Join(dice, " ")) + " (" + d.String() + ")"
	}
	if hold != 0 {
		line += " " + msgHeldNote.In(loc)
	}
	return line
}

// Layout is how a sheet is written: how many boxes of the upper and of
// the lower section share a line, the mark of an open box, and what goes
// between the total and the points lost so far.
type Layout struct {
	Upper, Lower  int
	Open, LostSep string
}

// The layouts of a sheet: Full, a box a line (a board of one or two
// seats, the final board's sheets); Dense, the sheet of the player to play
// on a board of many seats, the upper boxes three to a line and the others
// two, an open box marked "–".
var (
	Full  = Layout{Upper: 1, Lower: 1, Open: "·", LostSep: "\n"}
	Dense = Layout{Upper: 3, Lower: 2, Open: "–", LostSep: " · "}
)

// NoLoss is the loss Sheet is given to show none.
const NoLoss = -1

// Sheet writes sheet s of rules r in layout lay: the boxes, the upper
// progress after the upper section, an extra bonus, the total and, unless
// lost is NoLoss, the expected points lost so far (lost in hundredths).
func Sheet(loc commands.Locale, r *yacht.Rules, s yacht.Sheet, lay Layout, lost int) string {
	upperOpen := 0
	for k := range r.Categories {
		if r.Categories[k].Upper() && s.Scores[k] < 0 {
			upperOpen++
		}
	}
	var lines, row []string
	flush := func() {
		if len(row) > 0 {
			lines = append(lines, strings.Join(row, " · "))
			row = nil
		}
	}
	for k := range r.Categories {
		c := &r.Categories[k]
		box := yachtwords.CategoryName(loc, r, k) + " " + lay.Open
		if s.Scores[k] >= 0 {
			box = fmt.Sprintf("%s **%d**", yachtwords.CategoryName(loc, r, k), s.Scores[k])
		}
		row = append(row, box)
		if per := map[bool]int{true: lay.Upper, false: lay.Lower}[c.Upper()]; len(row) == per {
			flush()
		}
		if c.Upper() && (k+1 == len(r.Categories) || !r.Categories[k+1].Upper()) {
			flush()
			up := s.UpperTotal()
			switch {
			case up >= r.BonusThreshold:
				lines = append(lines, msgUpperDone.Format(loc, up, r.BonusThreshold, r.BonusPoints))
			case upperOpen == 0:
				lines = append(lines, msgUpperMissed.Format(loc, up, r.BonusThreshold))
			default:
				lines = append(lines, msgUpperToGo.Format(loc, up, r.BonusThreshold, r.BonusThreshold-up, r.BonusPoints))
			}
		}
	}
	flush()
	if s.ExtraBonus > 0 {
		lines = append(lines, msgExtra.Format(loc, s.ExtraBonus))
	}
	total := msgTotal.Format(loc, s.Total())
	if lost != NoLoss {
		total += lay.LostSep + msgLostSoFar.Format(loc, float64(lost)/100)
	}
	return strings.Join(append(lines, total), "\n")
}

// Compact is the one line of a player who is not playing on a board of
// many seats: the total, the upper section and the boxes open.
func Compact(loc commands.Locale, r *yacht.Rules, s yacht.Sheet) string {
	return msgCompactSeat.Format(loc, msgTotal.Format(loc, s.Total()), s.UpperTotal(), r.BonusThreshold, len(s.Scores)-s.Filled())
}

// Move writes a move as a board tells it: the dice kept, or the box
// scored and its points.
func Move(loc commands.Locale, faces yachtwords.DiceFaces, r *yacht.Rules, a strategy.Action) string {
	if a.Kind == strategy.Keep {
		return yachtwords.Keep(loc, faces, a.Keep.Faces())
	}
	return yachtwords.Score(loc, r, a.Scoring.Category, a.Scoring.Points)
}

// Decided is the line that says what who decided (chosen) and, when
// judged (the coach is on), whether it was best, or what it cost (loss,
// expected points) against best.
func Decided(loc commands.Locale, faces yachtwords.DiceFaces, r *yacht.Rules, who string, judged bool, chosen, best strategy.Action, loss float64) string {
	switch {
	case !judged:
		return msgLastPlain.Format(loc, who, Move(loc, faces, r, chosen))
	case yachttable.Centi(loss) == 0:
		return msgLastOK.Format(loc, who, Move(loc, faces, r, chosen))
	}
	return msgLastCost.Format(loc, who, Move(loc, faces, r, chosen), loss, Move(loc, faces, r, best))
}
