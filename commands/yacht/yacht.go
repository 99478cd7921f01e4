// Package yacht is the /yacht-advise command: the exact best keep or category
// for a sheet, dice and roll, with the expected final score of every
// alternative. The mathematics is in engine/yacht; the tables are built in
// the background when the bot starts.
package yacht

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtkit"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

const (
	colour     = 0x2E86C1 // the sea under a yacht
	defaultTop = 5
	maxTop     = 20
	// maxTarget bounds the target option: above every preset's best game
	// (Yahtzee with a Yahtzee bonus on every turn makes 1575).
	maxTarget = 2000
	// lightTargetOpen is the most open categories whose exact target
	// calculation is light work (milliseconds) without the target table.
	lightTargetOpen = 3
	// directTargetOpen is the most open categories whose exact target
	// calculation is done directly (well under a second) while the
	// rule set's target table is not built; earlier sheets use the table.
	directTargetOpen = 6
	// targetBudget is the time the exact target calculation (or the
	// target table's build, which goes on after it) may take.
	targetBudget = 30 * time.Second
	// targetTableBudget is how long the first target asked from an early
	// sheet waits for its rule set's target table (about 3.5 CPU-seconds
	// for Yacht, 7.7 for Pancht, on two cores), within the command's budget:
	// the reply is deferred meanwhile, and a one-shot `alea run` gets its
	// answer instead of a request to try again. A build that takes longer
	// goes on in the background.
	targetTableBudget = 100 * time.Second
)

// targetTableRules are the rule sets whose target table is built on the
// first target asked from an early sheet (Yacht: 82 MB and about 3.5
// CPU-seconds; see the README). The others would need several times that
// memory and time: their exact target advice stays direct, from every
// sheet for every target (within maxTargetRows).
var targetTableRules = map[string]bool{
	yacht.Yacht:                              true,
	yacht.Yacht + "+" + yacht.FullHouseYacht: true,
	yacht.Pancht:                             true,
}

// maxTargetRows bounds the direct target calculation of the rule sets
// without a target table, in the rows of needs finalscore.EstimateTarget
// counts. It runs 2.5–3.3 µs a row (25 November 2026, 2-core Intel Xeon,
// AVX-512; an AVX2-only processor takes about 1.5 times as long): from the
// empty Yatzy sheet a target of 230, 5.55 million rows, 17.3 CPU-s; of 150,
// 5.45 million, 16.2 CPU-s; from the empty Yahtzee sheet a target of 255,
// 2.86 million, 7.5 CPU-s. The most any preset asks is 5.92 million rows
// (Yatzy from the empty sheet, a target of 194: 17.3 CPU-s), so every
// preset is answered from every sheet for every target
// (TestEveryTargetWithinRows), and even one busy core answers within
// targetBudget. A calculation beyond it would be refused, naming the
// targets that are answered now.
const maxTargetRows = 6_000_000

// directTargetMemory estimates the peak memory of a direct target
// calculation of the given cost, so that the heavy-work gate keeps such
// work within its memory budget (work alone runs whatever its estimate):
// twice the chances held at once (the garbage collector's headroom), 80
// bytes for each state listed (the lists of every fill count, made before
// the induction starts, and the levels' indexes) and 32 MB. Measured above
// the process's own (TestTargetAsksForMemory): from the empty Yatzy sheet,
// 129 MB at a target of 30 (10 MB of chances, 1.43 million states) and
// 386 MB at 249 (134 MB); from the empty Yahtzee sheet 48 MB at 30. Under
// 16 MB (up to nine or ten open boxes) nothing is counted.
func directTargetMemory(cost finalscore.TargetCost) int64 {
	m := 2*cost.Bytes + 80*cost.States
	if m < 16<<20 {
		return 0
	}
	return m + 32<<20
}

// keptTargetOpen is the fewest open boxes whose direct target calculation
// is kept whole (finalscore.TargetSolution) for the later turns: from nine
// open boxes it takes a twentieth of a second or more (Yatzy from the
// empty sheet 4–5 s) and keeps its chances in single precision, from 4 MB
// with nine open Yatzy boxes to about 370 MB from the empty sheet at its
// expected final.
const keptTargetOpen = 9

// keptTargetMemory estimates the peak memory of a direct target
// calculation kept whole: what it keeps, the chances of the two fill
// counts being computed again (the garbage collector's headroom), 40
// bytes a state listed and 32 MB. Measured above the process's own
// (TestTargetAsksForMemory, 28 November 2026): from the empty Yatzy sheet
// 153 MB at a target of 30, 516 MB at 194, 473 MB at 249 (350 MB kept);
// from the empty Yahtzee sheet 234 MB at 255 (187 MB kept).
func keptTargetMemory(cost finalscore.TargetCost) int64 {
	return cost.Kept + cost.Bytes + 40*cost.States + 32<<20
}

// ruleChoices are the values of the rules option, in menu order.
var ruleChoices = []struct {
	value string
	name  commands.Text
}{
	{yacht.Yacht, commands.T("Yacht (51 Worldwide Games)", "요트 (세계의 아소비 대전 51)", "ヨット（世界のアソビ大全51）")},
	{yacht.Yacht + "+" + yacht.FullHouseYacht, commands.T("Yacht, five of a kind is a full house", "요트 (같은 눈 5개도 풀 하우스)", "ヨット（5つ揃いもフルハウス）")},
	{yacht.Pancht, commands.T("Pancht (13 categories)", "Pancht (13개 족보)", "Pancht（13役）")},
	{yacht.Yahtzee, commands.T("Yahtzee (Hasbro, forced joker)", "야찌 (해즈브로, 강제 조커)", "ヤッツィー（ハズブロ、強制ジョーカー）")},
	{yacht.Yahtzee + "+" + yacht.FreeJokerOption, commands.T("Yahtzee, free joker (Verhoeff)", "야찌 (자유 조커, Verhoeff)", "ヤッツィー（自由ジョーカー、Verhoeff）")},
	{yacht.Yatzy, commands.T("Yatzy (Scandinavian)", "야찌 (스칸디나비아)", "ヤッツィー（北欧）")},
}

// Command returns /yacht-advise answering from tables, which are built
// once per rule set and shared with the other Yacht commands of the
// process, and writing dice with faces. Its target tables (exact target
// advice from any sheet) are its own, built on the first target asked
// under each rule set. The rule sets without a target table keep their
// direct target calculations from keptTargetOpen open boxes in solutions
// (nil: none kept), so that the later turns of a game toward the same
// target are answered from them.
func Command(tables *strategy.Tables, faces DiceFaces, solutions *finalscore.TargetSolutions) *commands.Command {
	return newCommand(tables, faces, solutions)
}

func newCommand(tables *strategy.Tables, faces DiceFaces, solutions *finalscore.TargetSolutions) *commands.Command {
	if solutions == nil {
		solutions = &finalscore.TargetSolutions{}
	}
	targets := &finalscore.TargetTables{}
	rollLo, rollHi := commands.Between(1, 3)
	topLo, topHi := commands.Between(1, maxTop)
	targetLo, targetHi := commands.Between(0, maxTarget)
	return &commands.Command{
		Name: commands.T("yacht-advise", "요트-조언", "ヨット助言"),
		Description: commands.T("The exact best keep or category in Yacht, Yahtzee or Yatzy",
			"요트·야찌에서 남길 주사위와 기록할 족보의 정확한 최선",
			"ヨット・ヤッツィーで残すサイコロと記入する役の厳密な最善手"),
		Options: []commands.Option{
			{Name: commands.T("dice", "주사위", "サイコロ"), Type: commands.String, MaxLength: 40,
				Description: commands.T(`Five dice just rolled, "3 3 5 6 6" or "33566" (none: value of the sheet)`,
					`방금 굴린 주사위 다섯 개, "3 3 5 6 6" 또는 "33566" (비우면 점수표의 기댓값)`,
					`振ったサイコロ5個。"3 3 5 6 6" か "33566"（空ならスコア表の期待値）`)},
			{Name: commands.T("roll", "굴림", "何投目"), Type: commands.Integer, Min: rollLo, Max: rollHi,
				Description: commands.T("Which roll was just made: 1, 2 or 3 (default 1)", "방금 몇 번째 굴림인지: 1, 2, 3 (기본 1)", "何投目か: 1・2・3（既定 1）")},
			{Name: commands.T("sheet", "점수표", "スコア表"), Type: commands.String, MaxLength: 1000,
				Description: commands.T(`Filled categories, e.g. "aces:3 twos:6 choice:22 yacht:0"`, `채운 족보, 예: "하나:3 둘:6 초이스:22 요트:0"`, `記入済みの役。例: "エース:3 デュース:6 チョイス:22 ヨット:0"`)},
			RulesOption(),
			{Name: optTop, Type: commands.Integer, Min: topLo, Max: topHi,
				Description: commands.T("How many actions to show (default 5)", "보여 줄 선택지 수 (기본 5)", "表示する候補の数（既定 5）")},
			{Name: commands.T("target", "목표", "目標"), Type: commands.Integer, Min: targetLo, Max: targetHi,
				Description: commands.T("Play to reach this final score: the best chance of it instead of the best average",
					"이 최종 점수에 도달하는 것이 목표: 평균 대신 도달 확률이 가장 높은 수",
					"この最終得点に届くのが目標: 平均ではなく届く確率が最も高い手")},
		},
		Examples: []string{
			`/yacht-advise dice:"3 3 5 6 6" roll:1`,
			`/yacht-advise dice:66612 roll:2 sheet:"aces:3 twos:6 choice:22 yacht:0"`,
			`/yacht-advise sheet:"sixes:24 fives:20" rules:yahtzee`,
			`/yacht-advise dice:"6 6 5 2 1" roll:2 sheet:"aces:2 twos:6 threes:9 fours:12 fives:15 choice:22 four_of_a_kind:24 small_straight:15" target:200`,
		},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return handle(ctx, tables, faces, targets, solutions, req)
		},
		Budget: 2 * time.Minute,

		Caching: &commands.Caching{}, // the answer depends on the options alone
		Warm:    yachtkit.Warm(tables, Presets()),
	}
}

// Data is the --format data schema of /yacht-advise (docs/data.md). With a target, Target and
// PReach are set and the actions are sorted by PReach (ties by
// ExpectedFinal).
type Data struct {
	Rules         string       `json:"rules"`
	Dice          []int        `json:"dice"`
	Roll          int          `json:"roll"`
	Score         int          `json:"score"`
	UpperTotal    int          `json:"upper_total"`
	ExpectedFinal float64      `json:"expected_final"`
	Target        *int         `json:"target,omitempty"`
	PReach        *float64     `json:"p_reach,omitempty"`
	Actions       []DataAction `json:"actions"`
}

// DataAction is one action of Data: a keep (Keep set, [] for rerolling all
// five) or a score (Category and Points set).
type DataAction struct {
	Type          string   `json:"type"`
	Keep          *[]int   `json:"keep,omitempty"`
	Category      string   `json:"category,omitempty"`
	Points        *int     `json:"points,omitempty"`
	ExpectedFinal float64  `json:"expected_final"`
	PReach        *float64 `json:"p_reach,omitempty"`
}

func handle(ctx context.Context, tables *strategy.Tables, faces DiceFaces, targets *finalscore.TargetTables, solutions *finalscore.TargetSolutions, req *commands.Request) (*commands.Reply, error) {
	loc := req.Locale
	rulesName := req.Options.String("rules", yacht.Yacht)
	rules, err := yacht.Preset(rulesName)
	if err != nil {
		return nil, RejectRules(rulesName)
	}
	roll := int(req.Options.Int("roll", 1))
	if roll < 1 || roll > 3 {
		return nil, commands.Rejectf(msgBadRoll, roll)
	}
	top := int(req.Options.Int("top", defaultTop))
	if top < 1 || top > maxTop {
		return nil, commands.Rejectf(msgBadTop, top, maxTop)
	}
	sheet, err := yacht.ParseSheet(rules, req.Options.String("sheet", ""))
	if err != nil {
		return nil, RejectSheet(rules, err)
	}
	var dice *yacht.Dice
	if s := strings.TrimSpace(req.Options.String("dice", "")); s != "" {
		d, err := yacht.ParseDice(s)
		if err != nil {
			return nil, RejectDice(err)
		}
		dice = &d
	}
	if dice != nil && sheet.Filled() == len(rules.Categories) {
		return nil, commands.Rejectf(msgSheetFull, sheet.Total())
	}
	target := -1
	if req.Options.Has("target") {
		v := req.Options.Int("target", 0)
		if v < 0 || v > maxTarget {
			return nil, commands.Rejectf(msgBadTarget, maxTarget, v)
		}
		target = int(v)
	}
	// Building a table, or an exact target calculation with more than a
	// few categories open and no target table yet, is heavy work; a
	// lookup in a built table is not.
	_, built := tables.Ready(rules.Key)
	_, targetsBuilt := targets.Ready(rules.Key)
	// A request that only waits for a target table another one is
	// building takes no turn: the build is that one's work.
	waitsOnly := built && targets.Building(rules.Key) && sheet.State().Open(rules) > directTargetOpen
	// A target the sheet settles, or one asked too early for a rule set
	// without a target table, is answered without computing; so is one a
	// kept calculation covers (from keptTargetOpen open boxes, where a
	// calculation afresh would be in single precision too).
	open := sheet.State().Open(rules)
	var found *finalscore.TargetSolution
	if target >= 0 && open >= keptTargetOpen {
		found = solutions.Find(sheet, target)
	}
	direct := target >= 0 && found == nil && !sheetDecided(sheet, target) && (open <= directTargetOpen || !targetTableRules[rules.Key])
	var cost finalscore.TargetCost
	if direct {
		cost = finalscore.EstimateTarget(sheet, target)
	}
	settled := target >= 0 && (found != nil || sheetDecided(sheet, target) || !targetTableRules[rules.Key] && cost.Rows > maxTargetRows)
	// solveWhole: the calculation is kept whole for the later turns.
	solveWhole := direct && !settled && open >= keptTargetOpen && !targetTableRules[rules.Key] && solutions.Fits(cost.Kept)
	if !built || target >= 0 && !settled && !targetsBuilt && !waitsOnly && open > lightTargetOpen {
		var memory int64
		switch {
		case solveWhole:
			memory = keptTargetMemory(cost)
		case direct && !settled:
			memory = directTargetMemory(cost)
		}
		var done func()
		if ctx, done, err = commands.HeavyMemory(ctx, memory); err != nil {
			return nil, err
		}
		defer done()
	}
	table, err := tables.Get(ctx, rules)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("yacht table %s: %w", rules.Key, err)
	}
	if target >= 0 {
		return handleTarget(ctx, table, faces, targets, solutions, targetPlan{cost, found, solveWhole}, req, sheet, dice, roll, top, target)
	}
	adv, err := table.Advise(sheet, dice, roll)
	if err != nil {
		return nil, fmt.Errorf("advise: %w", err)
	}
	data := toData(rules, sheet, dice, roll, adv)
	embed := render(loc, faces, rules, sheet, dice, roll, adv, top)
	return &commands.Reply{Embeds: []commands.Embed{embed}, Data: data}, nil
}

func toData(r *yacht.Rules, s yacht.Sheet, dice *yacht.Dice, roll int, adv strategy.Advice) Data {
	d := Data{Rules: r.Key, Roll: roll, Score: s.Total(), UpperTotal: s.UpperTotal(),
		ExpectedFinal: adv.Expected, Actions: []DataAction{}}
	if dice != nil {
		d.Dice = dice.Counts().Faces()
	}
	for _, a := range adv.Actions {
		if a.Kind == strategy.Keep {
			keep := a.Keep.Faces()
			if keep == nil {
				keep = []int{}
			}
			d.Actions = append(d.Actions, DataAction{Type: "keep", Keep: &keep, ExpectedFinal: a.Expected})
			continue
		}
		pts := a.Scoring.Points
		d.Actions = append(d.Actions, DataAction{Type: "score", Category: r.Categories[a.Scoring.Category].Key, Points: &pts, ExpectedFinal: a.Expected})
	}
	return d
}

// DiceText writes faces as die glyphs followed by their digits,
// "⚄⚅⚅ (566)" (the glyphs alone are hard to tell apart in Discord's
// font): how DiceFaces writes dice without emojis.
func DiceText(faces []int) string {
	var g, d strings.Builder
	for _, f := range faces {
		g.WriteString(yacht.Glyph(f))
		d.WriteString(strconv.Itoa(f))
	}
	return g.String() + " (" + d.String() + ")"
}

// RuleNames returns the names of every rule choice in locale loc.
func RuleNames(loc commands.Locale) []string {
	out := make([]string, len(ruleChoices))
	for i, c := range ruleChoices {
		out[i] = c.name.In(loc)
	}
	return out
}

// RulesName returns a rule set's display name ("Yacht (51 Worldwide
// Games)") for a preset key, or the key itself.
func RulesName(loc commands.Locale, key string) string {
	for _, c := range ruleChoices {
		if c.value == key {
			return c.name.In(loc)
		}
	}
	return key
}

// describe writes one action for a person.
func describe(loc commands.Locale, faces DiceFaces, r *yacht.Rules, dice *yacht.Dice, a strategy.Action) string {
	if a.Kind == strategy.Keep {
		n := a.Keep.Size()
		switch {
		case n == 0:
			return msgRerollAll.In(loc)
		case n == yacht.NumDice:
			return msgKeepAll.In(loc)
		}
		if yacht.NumDice-n == 1 {
			return msgKeepOne.Format(loc, faces.Text(a.Keep.Faces()))
		}
		return msgKeep.Format(loc, faces.Text(a.Keep.Faces()), yacht.NumDice-n)
	}
	sc := a.Scoring
	c := &r.Categories[sc.Category]
	s := msgScore.Format(loc, c.Name(string(loc)), sc.Points)
	if sc.UpperBonus > 0 {
		s += " " + msgUpperBonus.Format(loc, sc.UpperBonus)
	}
	if sc.ExtraBonus > 0 {
		s += " " + msgExtraBonus.Format(loc, sc.ExtraBonus)
	}
	if sc.Joker {
		s += msgJoker.In(loc)
	}
	return s
}

func render(loc commands.Locale, faces DiceFaces, r *yacht.Rules, s yacht.Sheet, dice *yacht.Dice, roll int, adv strategy.Advice, top int) commands.Embed {
	e := commands.Embed{Color: colour}
	var b strings.Builder
	if dice == nil {
		e.Title = msgTitleNoDice.Format(loc, RulesName(loc, r.Key))
		fmt.Fprintf(&b, msgNoDice.In(loc), adv.Expected)
		b.WriteString("\n")
	} else {
		e.Title = msgTitle.Format(loc, faces.Text(dice.Counts().Faces()), roll, RulesName(loc, r.Key))
		best := adv.Actions[0]
		fmt.Fprintf(&b, msgBest.In(loc), describe(loc, faces, r, dice, best), best.Expected)
		b.WriteString("\n")
		shown := min(top, len(adv.Actions))
		for i := 1; i < shown; i++ {
			a := adv.Actions[i]
			fmt.Fprintf(&b, "%d. %s — %.2f (−%.2f)\n", i+1, describe(loc, faces, r, dice, a), a.Expected, best.Expected-a.Expected)
		}
		if more := len(adv.Actions) - shown; more > 0 {
			b.WriteString(moreLine(loc, more, top) + "\n")
		}
	}
	e.Description = b.String()
	e.Fields = append(e.Fields, commands.Field{Name: msgSheet.In(loc), Value: SheetSummary(loc, r, s), Inline: false})
	e.Footer = msgFooter.In(loc)
	return e
}

// SheetSummary writes sheet s for a person: the total, how the upper
// bonus stands, and every filled box by its name in loc.
func SheetSummary(loc commands.Locale, r *yacht.Rules, s yacht.Sheet) string {
	var b strings.Builder
	fmt.Fprintf(&b, msgTotal.In(loc), s.Total(), s.Filled(), len(r.Categories))
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
		fmt.Fprintf(&b, msgUpperDone.In(loc), up, r.BonusThreshold, r.BonusPoints)
	case upperOpen == 0:
		fmt.Fprintf(&b, msgUpperMissed.In(loc), up, r.BonusThreshold)
	default:
		toGo := msgUpperToGo
		if upperOpen == 1 {
			toGo = msgUpperToGoOne
		}
		fmt.Fprintf(&b, toGo.In(loc), up, r.BonusThreshold, r.BonusThreshold-up, r.BonusPoints, upperOpen)
	}
	var filled []string
	for i, v := range s.Scores {
		if v >= 0 {
			filled = append(filled, fmt.Sprintf("%s %d", r.Categories[i].Name(string(loc)), v))
		}
	}
	if s.ExtraBonus > 0 {
		filled = append(filled, msgExtraBonus.Format(loc, s.ExtraBonus))
	}
	if len(filled) > 0 {
		b.WriteString("\n")
		b.WriteString(strings.Join(filled, " · "))
	}
	return b.String()
}

// moreLine says how many actions the list leaves out, and how to see them
// while the top option can still grow.
func moreLine(loc commands.Locale, more, top int) string {
	if top < maxTop {
		return msgMore.Format(loc, more, optTop.In(loc), maxTop)
	}
	return msgMoreMax.Format(loc, more)
}
