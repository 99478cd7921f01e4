// Package yachtadvise is the /yacht-advise command: the exact best keep or
// category for a sheet, dice and roll, with the expected final score of
// every alternative, or with a target the best chance of reaching it. A
// request goes through four steps: parse (the options), query (the
// tables, the target calculation), the data view (what --format data
// prints, and beside it what the reader is told) and render (the embed,
// from the view alone). The mathematics is in engine/yacht, the words it
// shares with the other Yacht commands in commands/yachtwords; the tables
// are built in the background when the bot starts.
package yachtadvise

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachttables"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/reach"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
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
// without a target table, in the rows of needs reach.Estimate
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
func directTargetMemory(cost reach.Cost) int64 {
	m := 2*cost.Bytes + 80*cost.States
	if m < 16<<20 {
		return 0
	}
	return m + 32<<20
}

// keptTargetOpen is the fewest open boxes whose direct target calculation
// is kept whole (reach.Solution) for the later turns: from nine
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
func keptTargetMemory(cost reach.Cost) int64 {
	return cost.Kept + cost.Bytes + 40*cost.States + 32<<20
}

// Command returns /yacht-advise answering from tables, which are built
// once per rule set and shared with the other Yacht commands of the
// process, and writing dice with faces. Its target tables (exact target
// advice from any sheet) are its own, built on the first target asked
// under each rule set. The rule sets without a target table keep their
// direct target calculations from keptTargetOpen open boxes in solutions
// (nil: none kept), so that the later turns of a game toward the same
// target are answered from them.
func Command(tables *strategy.Tables, faces yachtwords.DiceFaces, solutions *reach.Solutions) *commands.Command {
	return newCommand(tables, faces, solutions, record.Asker{})
}

// CommandLogging is Command keeping, in asked's advice log for a day, the
// position of every question with dice and who asked it: a decision its
// player takes on that position in a game is assisted (it never counts
// toward skill). The log is written beside the reply, and a reply with
// dice is reused for the same user only, so that every asker is logged.
// Its breakdowns come from breakdowns, shared with the other Yacht
// commands (nil: its own).
func CommandLogging(tables *strategy.Tables, faces yachtwords.DiceFaces, solutions *reach.Solutions, asked record.Asker, breakdowns *yachtcoach.Tables) *commands.Command {
	return newCoached(tables, faces, solutions, asked, breakdowns)
}

// adviser answers /yacht-advise.
type adviser struct {
	tables    *strategy.Tables
	faces     yachtwords.DiceFaces
	targets   *reach.Tables
	solutions *reach.Solutions
	asked     record.Asker
	// breakdowns split each expected final score by box; while a rule
	// set's table is not built the reply goes without, and says so.
	breakdowns *yachtcoach.Tables
}

func newCommand(tables *strategy.Tables, faces yachtwords.DiceFaces, solutions *reach.Solutions, asked record.Asker) *commands.Command {
	return newCoached(tables, faces, solutions, asked, nil)
}

func newCoached(tables *strategy.Tables, faces yachtwords.DiceFaces, solutions *reach.Solutions, asked record.Asker, breakdowns *yachtcoach.Tables) *commands.Command {
	if solutions == nil {
		solutions = &reach.Solutions{}
	}
	if breakdowns == nil {
		breakdowns = &yachtcoach.Tables{}
	}
	a := &adviser{tables: tables, faces: faces, targets: &reach.Tables{}, solutions: solutions, asked: asked, breakdowns: breakdowns}
	// The answer depends on the options alone; one without its breakdown
	// (its table still being built) is not kept.
	caching := &commands.Caching{Keep: complete}
	if asked.Log != nil {
		caching.Key = logged
	}
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
				Description: commands.T(`Filled categories, e.g. "aces:3 twos:6 choice:22 yacht:0"`, `채운 족보, 예: "1:3 2:6 초이스:22 요트:0"`, `記入済みの役。例: "エース:3 デュース:6 チョイス:22 ヨット:0"`)},
			yachtwords.RulesOption(),
			{Name: optTop, Type: commands.Integer, Min: topLo, Max: topHi,
				Description: commands.T("How many actions to show (default 5)", "보여 줄 선택지 수 (기본 5)", "表示する候補の数（既定 5）")},
			{Name: optWhy, Type: commands.Boolean, Description: msgWhyDesc},
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
		Handle: a.handle,
		Budget: 2 * time.Minute,

		Caching: caching,
		Warm: func(ctx context.Context) error {
			if err := yachttables.Warm(tables)(ctx); err != nil {
				return err
			}
			breakdowns.Warm(tables) // in the background: the bot is ready without it
			return nil
		},
	}
}

// complete reports whether a reply holds its breakdowns (a rejection or
// an answer without them is not kept).
func complete(_ *commands.Request, r *commands.Reply) bool {
	d, ok := r.Data.(Data)
	return ok && d.Breakdown != nil
}

// Data is the --format data schema of /yacht-advise (docs/data.md). With
// a target, Target and PReach are set and the actions are sorted by
// PReach (ties by ExpectedFinal).
type Data struct {
	Rules         string   `json:"rules"`
	Dice          []int    `json:"dice"`
	Roll          int      `json:"roll"`
	Score         int      `json:"score"`
	UpperTotal    int      `json:"upper_total"`
	ExpectedFinal float64  `json:"expected_final"`
	Target        *int     `json:"target,omitempty"`
	PReach        *float64 `json:"p_reach,omitempty"`
	// Breakdown splits ExpectedFinal by box (absent while the rule set's
	// breakdown table is being built; the reply says so).
	Breakdown *yachtcoach.Breakdown `json:"breakdown,omitempty"`
	Actions   []DataAction          `json:"actions"`
}

// DataAction is one action of Data: a keep (Keep set, [] for rerolling all
// five) or a score (Category and Points set). The fields without a JSON
// name are not in the data output: the reply says them beside it.
type DataAction struct {
	Type          string   `json:"type"`
	Keep          *[]int   `json:"keep,omitempty"`
	Category      string   `json:"category,omitempty"`
	Points        *int     `json:"points,omitempty"`
	ExpectedFinal float64  `json:"expected_final"`
	PReach        *float64 `json:"p_reach,omitempty"`
	// Breakdown splits ExpectedFinal by box, as Data's.
	Breakdown *yachtcoach.Breakdown `json:"breakdown,omitempty"`
	// UpperBonus and ExtraBonus are the bonuses a score earns; Joker is
	// set when five of a kind scores by the joker rule.
	UpperBonus int  `json:"-"`
	ExtraBonus int  `json:"-"`
	Joker      bool `json:"-"`
}

// question is a request read: the options, checked (step one).
type question struct {
	rules *yacht.Rules
	sheet yacht.Sheet
	dice  *yacht.Dice // nil: the value of the sheet
	roll  int
	top   int
	// whyAll asks why the best action beats each alternative shown, not
	// only the runner-up.
	whyAll bool
	// target is the final score to reach (-1: none, the best average).
	target int
}

// parse reads the options; Coerce has checked their bounds and choices.
func parse(req *commands.Request) (question, error) {
	q := question{roll: int(req.Options.Int("roll", 1)), top: int(req.Options.Int("top", defaultTop)), target: -1,
		whyAll: req.Options.Bool("why", false)}
	key := req.Options.String("rules", yacht.Yacht)
	rules, err := yacht.Preset(key)
	if err != nil {
		return q, yachtwords.RejectRules(key)
	}
	q.rules = rules
	if q.sheet, err = yachtwords.ParseSheet(rules, req.Options.String("sheet", "")); err != nil {
		return q, yachtwords.RejectSheet(rules, err)
	}
	if s := strings.TrimSpace(req.Options.String("dice", "")); s != "" {
		d, err := yacht.ParseDice(s)
		if err != nil {
			return q, yachtwords.RejectDice(err)
		}
		q.dice = &d
	}
	if q.dice != nil && q.sheet.Filled() == len(rules.Categories) {
		return q, commands.Rejectf(msgSheetFull, q.sheet.Total()) // a full sheet has 5 points at least (Choice, Chance)
	}
	if req.Options.Has("target") {
		q.target = int(req.Options.Int("target", 0))
	}
	return q, nil
}

// answer is what the tables say of a question (step two): the advice for
// the best average, and with a target the advice for it.
type answer struct {
	adv strategy.Advice
	ta  *reach.Advice
	// bd breaks adv down (nil: the breakdown table is not built yet,
	// pending, or it holds no such position).
	bd      *finalscore.Breakdowns
	pending bool
}

// logged is the cache key of a command that logs its questions: a
// question with dice is reused for the user who asked it only (each
// asker is logged once, and their entry outlasts the cache); one
// without dice, which no decision is taken on, for anyone.
func logged(req *commands.Request) (string, bool) {
	if strings.TrimSpace(req.Options.String("dice", "")) == "" {
		return "", true
	}
	return commands.ByUser(req)
}

func (a *adviser) handle(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	q, err := parse(req)
	if err != nil {
		return nil, err
	}
	if q.dice != nil {
		// A decision taken on this position in a game is assisted.
		a.asked.Ask(store.Advice{User: req.UserID, Rules: q.rules.Key, Position: yachttable.Position(q.sheet, *q.dice, q.roll)})
	}
	ans, err := a.query(ctx, q)
	if err != nil {
		return nil, err
	}
	v := viewOf(q, ans)
	return &commands.Reply{Embeds: []commands.Embed{render(req.Locale, a.faces, v)}, Data: v.Data}, nil
}

// query answers q from the tables: building a table, or an exact target
// calculation with more than a few categories open and no target table
// yet, is heavy work and waits its turn; a lookup in a built table is not.
func (a *adviser) query(ctx context.Context, q question) (answer, error) {
	rules, sheet, target := q.rules, q.sheet, q.target
	_, built := a.tables.Ready(rules.Key)
	_, targetsBuilt := a.targets.Ready(rules.Key)
	// A request that only waits for a target table another one is
	// building takes no turn: the build is that one's work.
	waitsOnly := built && a.targets.Building(rules.Key) && sheet.State().Open(rules) > directTargetOpen
	// A target the sheet settles, or one asked too early for a rule set
	// without a target table, is answered without computing; so is one a
	// kept calculation covers (from keptTargetOpen open boxes, where a
	// calculation afresh would be in single precision too).
	open := sheet.State().Open(rules)
	var found *reach.Solution
	if target >= 0 && open >= keptTargetOpen {
		found = a.solutions.Find(sheet, target)
	}
	direct := target >= 0 && found == nil && !sheetDecided(sheet, target) && (open <= directTargetOpen || !targetTableRules[rules.Key])
	var cost reach.Cost
	if direct {
		cost = reach.Estimate(sheet, target)
	}
	settled := target >= 0 && (found != nil || sheetDecided(sheet, target) || !targetTableRules[rules.Key] && cost.Rows > maxTargetRows)
	// solveWhole: the calculation is kept whole for the later turns.
	solveWhole := direct && !settled && open >= keptTargetOpen && !targetTableRules[rules.Key] && a.solutions.Fits(cost.Kept)
	if !built || target >= 0 && !settled && !targetsBuilt && !waitsOnly && open > lightTargetOpen {
		var memory int64
		switch {
		case solveWhole:
			memory = keptTargetMemory(cost)
		case direct && !settled:
			memory = directTargetMemory(cost)
		}
		hctx, done, err := commands.HeavyMemory(ctx, memory)
		if err != nil {
			return answer{}, err
		}
		defer done()
		ctx = hctx
	}
	table, err := a.tables.Get(ctx, rules)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			return answer{}, err
		}
		return answer{}, fmt.Errorf("yacht table %s: %w", rules.Key, err)
	}
	var ans answer
	if target >= 0 {
		ta, err := a.queryTarget(ctx, table, targetPlan{cost, found, solveWhole}, q)
		if err != nil {
			return answer{}, err
		}
		ans.ta = &ta
	}
	if ans.adv, err = table.Advise(sheet, q.dice, q.roll); err != nil {
		return answer{}, fmt.Errorf("advise: %w", err)
	}
	ans.bd, ans.pending, err = a.breakdown(ctx, table, q, !built)
	if err != nil {
		return answer{}, err
	}
	return ans, nil
}

// breakdown breaks q's answer down by box, from the rule set's breakdown
// table: at once when it is built; within the request's heavy turn when
// the request holds one already (cold: it built the strategy table); else
// not at all (nil, pending), the table being built in the background
// meanwhile. A position the table does not hold (an end-game table's
// early sheet) goes without (nil, not pending).
func (a *adviser) breakdown(ctx context.Context, table *strategy.Table, q question, heavy bool) (bd *finalscore.Breakdowns, pending bool, err error) {
	bt, ok := a.breakdowns.Ready(table)
	if !ok && heavy {
		if bt, err = a.breakdowns.Get(ctx, table); err != nil {
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
				return nil, false, err
			}
			return nil, false, fmt.Errorf("breakdown table %s: %w", q.rules.Key, err)
		}
		ok = true
	}
	if !ok {
		return nil, true, nil
	}
	b, err := bt.Breakdowns(q.sheet, q.dice, q.roll)
	if err != nil {
		return nil, false, nil
	}
	return &b, false, nil
}

// view is the data view of a reply (step three): the data output, and
// beside it what the reader is told that the data leaves out. The embed
// is rendered from it alone.
type view struct {
	Data
	rules *yacht.Rules
	sheet yacht.Sheet
	top   int
	// With a target: whether the sheet already holds it or can no longer
	// reach it (the largest final score it can still make is maxFinal),
	// and where the move with the best average stands among the actions
	// (-1: no dice).
	reached, unreachable bool
	maxFinal             int
	mean                 int
	// bd breaks the actions down, in the order of the best average (nil:
	// the breakdown table is being built); whyAll as the question's.
	bd         *finalscore.Breakdowns
	whyPending bool
	whyAll     bool
	// moves are the actions of a target's list, in its order.
	moves []strategy.Action
}

// viewOf is the data view of q's answer.
func viewOf(q question, ans answer) view {
	v := view{Data: Data{Rules: q.rules.Key, Roll: q.roll, Score: q.sheet.Total(), UpperTotal: q.sheet.UpperTotal(),
		ExpectedFinal: ans.adv.Expected, Actions: []DataAction{}}, rules: q.rules, sheet: q.sheet, top: q.top, mean: -1,
		bd: ans.bd, whyPending: ans.pending, whyAll: q.whyAll}
	if q.dice != nil {
		v.Dice = q.dice.Counts().Faces()
	}
	if ans.bd != nil {
		v.Breakdown = yachtcoach.DataOf(q.rules, ans.bd.Position)
	}
	if ans.ta == nil {
		for i, a := range ans.adv.Actions {
			da := actionOf(q.rules, a)
			if ans.bd != nil {
				da.Breakdown = yachtcoach.DataOf(q.rules, ans.bd.Actions[i].Breakdown)
			}
			v.Actions = append(v.Actions, da)
		}
		return v
	}
	ta := ans.ta
	target, reach := ta.Target, ta.Reach
	v.Target, v.PReach = &target, &reach
	v.reached, v.unreachable, v.maxFinal = ta.Reached, ta.Unreachable, ta.Best
	mean, hasMean := ans.adv.Best()
	for i, a := range ta.Actions {
		da := actionOf(q.rules, a.Action)
		p := a.Reach
		da.PReach = &p
		v.moves = append(v.moves, a.Action)
		if ans.bd != nil {
			for _, b := range ans.bd.Actions {
				if b.Action.SameMove(a.Action) {
					da.Breakdown = yachtcoach.DataOf(q.rules, b.Breakdown)
				}
			}
		}
		v.Actions = append(v.Actions, da)
		if hasMean && v.mean < 0 && a.Action.SameMove(mean) {
			v.mean = i
		}
	}
	return v
}

// actionOf is one action of the data view.
func actionOf(r *yacht.Rules, a strategy.Action) DataAction {
	if a.Kind == strategy.Keep {
		keep := a.Keep.Faces()
		if keep == nil {
			keep = []int{}
		}
		return DataAction{Type: "keep", Keep: &keep, ExpectedFinal: a.Expected}
	}
	sc := a.Scoring
	pts := sc.Points
	return DataAction{Type: "score", Category: r.Categories[sc.Category].Key, Points: &pts, ExpectedFinal: a.Expected,
		UpperBonus: sc.UpperBonus, ExtraBonus: sc.ExtraBonus, Joker: sc.Joker}
}

// describe writes one action for a person.
func describe(l commands.Locale, faces yachtwords.DiceFaces, r *yacht.Rules, a DataAction) string {
	if a.Type == "keep" {
		return yachtwords.Keep(l, faces, *a.Keep)
	}
	s := yachtwords.Score(l, r, r.CategoryIndex(a.Category), *a.Points)
	if a.UpperBonus > 0 {
		s += " " + msgUpperBonus.Format(l, a.UpperBonus)
	}
	if a.ExtraBonus > 0 {
		s += " " + yachtwords.ExtraBonus(l, a.ExtraBonus)
	}
	if a.Joker {
		s += msgJoker.In(l)
	}
	return s
}

// render writes the embed of a view (step four).
func render(l commands.Locale, faces yachtwords.DiceFaces, v view) commands.Embed {
	if v.Target != nil {
		return renderTarget(l, faces, v)
	}
	e := commands.Embed{Color: colour}
	var b strings.Builder
	if v.Dice == nil {
		e.Title = msgTitleNoDice.Format(l, yachtwords.RulesName(l, v.Rules))
		fmt.Fprintf(&b, msgNoDice.In(l), v.ExpectedFinal)
		b.WriteString("\n")
	} else {
		e.Title = msgTitle.Format(l, faces.Text(v.Dice), v.Roll, yachtwords.RulesName(l, v.Rules))
		best := v.Actions[0]
		fmt.Fprintf(&b, msgBest.In(l), describe(l, faces, v.rules, best), best.ExpectedFinal)
		b.WriteString("\n")
		var explain func(i int) string
		if v.whyAll && v.bd != nil {
			explain = func(i int) string { return whyOver(l, faces, v, i) }
		}
		b.WriteString(otherActions(l, faces, v, func(a DataAction) string {
			return fmt.Sprintf("%.2f (−%.2f)", a.ExpectedFinal, best.ExpectedFinal-a.ExpectedFinal)
		}, explain))
		if explain == nil || v.top < 2 {
			b.WriteString(whyLine(l, faces, v))
		}
	}
	e.Description = b.String()
	e.Fields = append(e.Fields, sheetField(l, v))
	e.Footer = msgFooter.In(l)
	return e
}

// otherActions lists the actions after the best one, as many as the top
// option shows, each with its figures and, when explain is set, why the
// best one beats it (as many as the embed has room for), and says how
// many are left out.
func otherActions(l commands.Locale, faces yachtwords.DiceFaces, v view, figures func(DataAction) string, explain func(i int) string) string {
	var b strings.Builder
	shown := min(v.top, len(v.Actions))
	for i := 1; i < shown; i++ {
		a := v.Actions[i]
		fmt.Fprintf(&b, "%d. %s — %s\n", i+1, describe(l, faces, v.rules, a), figures(a))
		if explain == nil {
			continue
		}
		// Room is kept for the other lines (each under 100 bytes) and
		// the best move's; bytes are never fewer than characters.
		if w := "  ↳ " + explain(i) + "\n"; b.Len()+len(w)+100*(shown-i)+whyReserve <= commands.MaxEmbedDescription {
			b.WriteString(w)
		}
	}
	if more := len(v.Actions) - shown; more > 0 {
		b.WriteString(moreLine(l, more, v.top) + "\n")
	}
	return b.String()
}

// sheetField shows the view's sheet.
func sheetField(l commands.Locale, v view) commands.Field {
	return commands.Field{Name: yachtwords.SheetField.In(l), Value: yachtwords.SheetSummary(l, v.rules, v.sheet), Inline: false}
}

// moreLine says how many actions the list leaves out, and how to see them
// while the top option can still grow.
func moreLine(l commands.Locale, more, top int) string {
	if top < maxTop {
		return msgMore.Format(l, more, optTop.In(l), maxTop)
	}
	return msgMoreMax.Format(l, more)
}
