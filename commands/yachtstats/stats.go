// Package yachtstats is /yacht-stats: the distribution of the final Yacht
// score under optimal play from a sheet, exact when it fits in time and
// memory, checked by a seeded simulation of the exact policy, with a chart
// and a comparison of every rule preset from the start. A request goes
// parse → query → data view → render: the embed and the chart are drawn
// from the view whose data --format data prints.
package yachtstats

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachttables"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

const colour = 0x2E86C1

// presetKeys are the rule sets the comparison runs, in menu order.
var presetKeys = yacht.Presets()

// Simulation sizes and time shares.
const (
	defaultGames = 20000
	maxGames     = 200000
	minGames     = 100
	compareGames = 4000
	statsBudget  = 2 * time.Minute
	// exactMaxBytes bounds the memory of the exact distribution (one fill
	// count's probabilities; every preset from the start stays below it).
	exactMaxBytes = 256 << 20
)

// statsMemory estimates the peak memory of one answer, for the heavy
// gate's memory budget: the exact distribution dominates, and Yatzy's
// (15 categories, large scores) holds about 200–300 MB at its peak
// (`alea run '/yacht-stats rules:yatzy'` peaks at 255 MB resident, tables
// included), the 12–13-category games' about 60 MB (measured, not
// bounded).
func statsMemory(r *yacht.Rules) int64 {
	if len(r.Categories) >= 15 {
		return 300 << 20
	}
	return 60 << 20
}

var statsQuantiles = []float64{0.05, 0.25, 0.5, 0.75, 0.95}

var (
	msgStatsTitle = commands.T("Final score under optimal play — %s", "최적 플레이의 최종 점수 — %s", "最適プレイの最終得点 — %s")
	msgStatsExact = commands.T("Exact expected final score: **%.3f**", "정확한 최종 점수 기댓값: **%.3f**", "最終得点の厳密な期待値: **%.3f**")
	msgStatsSim   = commands.T("Simulated mean of %d games (seed %d): **%.3f ± %.3f** (standard error); the exact value is %.1f standard errors away",
		"게임 %d판 시뮬레이션 평균 (시드 %d): **%.3f ± %.3f** (표준오차). 정확한 값과의 차이는 표준오차의 %.1f배",
		"%dゲームのシミュレーション平均（シード %d）: **%.3f ± %.3f**（標準誤差）。厳密値との差は標準誤差の%.1f倍")
	msgStatsSpread = commands.T("Standard deviation %.2f · quantiles %s", "표준편차 %.2f · 분위수 %s", "標準偏差 %.2f · 分位点 %s")
	msgStatsBonus  = commands.T("P(upper bonus) = %.4f ± %.4f", "P(상단 보너스) = %.4f ± %.4f", "P(上段ボーナス) = %.4f ± %.4f")
	msgStatsYacht  = commands.T("P(at least one %s in its box) = %.4f ± %.4f", "P(%s 칸에 한 번 이상) = %.4f ± %.4f", "P(%sの欄に1回以上) = %.4f ± %.4f")
	msgStatsMethod = commands.T("Method: games played to the end with the exact best choice at every step, dice from a repeatable random generator (`seed`); ± is one standard error. Quantiles and probabilities are simulated; the expected value is exact.",
		"방법: 매 단계 정확히 최선인 선택으로 끝까지 플레이하고, 주사위는 다시 재현할 수 있는 난수(`시드`)로 굴립니다. ±는 표준오차 1배입니다. 분위수와 확률은 시뮬레이션 값이고, 기댓값은 정확한 값입니다.",
		"方法: 毎回厳密に最善の選択で最後までプレイし、サイコロは再現できる乱数（`シード`）で振ります。± は標準誤差1つ分です。分位点と確率はシミュレーション値で、期待値は厳密値です。")
	msgStatsChart     = commands.T("Chart: red, the simulated mean (%.2f); dashed black, the exact expected value (%.2f); orange, the quantiles p5 to p95.", "차트: 빨간 선은 시뮬레이션 평균(%.2f), 검은 점선은 정확한 기댓값(%.2f), 주황 선은 분위수 p5~p95입니다.", "グラフ: 赤はシミュレーション平均（%.2f）、黒の破線は厳密な期待値（%.2f）、オレンジは分位点 p5〜p95 です。")
	msgStatsStopped   = commands.T("⏱ The time budget stopped the simulation after %d of %d games.", "⏱ 시간 제한으로 %d/%d판에서 시뮬레이션을 멈췄습니다.", "⏱ 時間制限により%d/%dゲームでシミュレーションを止めました。")
	msgStatsPresets   = commands.T("Rule presets from the start (%d games each)", "규칙별 비교 — 처음부터, 규칙마다 %d판", "ルール別の比較 — 最初から、各%dゲーム")
	msgStatsPresetRow = commands.T("**%[1]s**: exact %.2[2]f · simulated %.2[3]f ± %.2[4]f · upper bonus %[5]s · %[6]s scored %[7]s",
		"**%[1]s**: 정확값 %.2[2]f · 시뮬레이션 %.2[3]f ± %.2[4]f · 상단 보너스 %[5]s · %[6]s 달성 %[7]s",
		"**%[1]s**: 厳密値 %.2[2]f · シミュレーション %.2[3]f ± %.2[4]f · 上段ボーナス %[5]s · %[6]s達成 %[7]s")
	msgStatsRowGames    = commands.T(" (%d games)", " (%d판)", "（%dゲーム）") // full-width brackets take no space before them
	msgStatsFull        = commands.T("Every category is filled: the final score is %d.", "모든 족보가 채워졌습니다: 최종 점수는 %d점입니다.", "すべての役が埋まっています: 最終得点は%d点です。")
	msgStatsCutShort    = commands.T("⏱ The time budget stopped the comparison here.", "⏱ 시간 제한으로 비교를 여기서 멈췄습니다.", "⏱ 時間制限により比較をここで止めました。")
	msgStatsExactSpread = commands.T("Standard deviation %.2f · median %d · quantiles %s",
		"표준편차 %.2f · 중앙값 %d · 분위수 %s",
		"標準偏差 %.2f · 中央値 %d · 分位点 %s")
	msgStatsExactChances = commands.T("Chance of the upper bonus: **%s** · chance that %s scores: **%s**",
		"상단 보너스를 받을 확률: **%s** · %s 칸에 점수가 들어갈 확률: **%s**",
		"上段ボーナスを取る確率: **%s** · %sに得点が入る確率: **%s**")
	msgStatsExactRange = commands.T("Final score from %d to %d; the chart shows the exact probabilities.",
		"최종 점수는 %d점부터 %d점까지이며, 차트는 정확한 확률을 보여 줍니다.",
		"最終得点は%d点から%d点まで。グラフは厳密な確率を示します。")
	msgStatsCheck = commands.T("Check by simulation: %d games (seed %d) average **%.3f ± %.3f**, %.1f standard errors from the exact value.",
		"시뮬레이션 검산: %d판 (시드 %d) 평균 **%.3f ± %.3f**, 정확한 값과의 차이는 표준오차의 %.1f배.",
		"シミュレーションによる検算: %dゲーム（シード %d）の平均 **%.3f ± %.3f**、厳密値との差は標準誤差の%.1f倍。")
	msgStatsExactMethod = commands.T("Exact: the probability of every final score is carried through every turn of perfect play for the highest average, bonuses included; no sampling. The simulation only checks it.",
		"정확한 값: 평균을 최대로 하는 최적 플레이의 모든 턴을 따라 각 최종 점수의 확률을 그대로 계산했습니다 (보너스 포함, 표본 추출 없음). 시뮬레이션은 검산용입니다.",
		"厳密値: 平均を最大にする最適プレイの全ターンを通して、各最終得点の確率をそのまま計算しました（ボーナス込み、標本抽出なし）。シミュレーションは検算用です。")
	msgStatsNoExact = commands.T("⏱ The exact distribution from this sheet did not finish in time; the figures below are simulated.",
		"⏱ 이 점수표에서 정확한 분포 계산이 제한 시간 안에 끝나지 않아 아래 수치는 시뮬레이션 결과입니다.",
		"⏱ このスコア表からの厳密な分布が時間内に終わらなかったため、以下の数値はシミュレーションです。")
	msgStatsTooLarge = commands.T("The exact distribution from a sheet this early needs more memory than the bot allows for these rules; the figures below are simulated. Exact figures come once a few more boxes are filled.",
		"이 규칙에서는 이렇게 이른 점수표의 정확한 분포를 계산하려면 봇이 허용하는 것보다 많은 메모리가 필요해서, 아래 수치는 시뮬레이션 결과입니다. 몇 칸 더 채우면 정확한 수치가 나옵니다.",
		"このルールでは、ここまで早い段階のスコア表から厳密な分布を出すにはボットの許容量を超えるメモリが必要なため、以下の数値はシミュレーションです。あと何役か埋まれば厳密な数値が出ます。")
	msgStatsChartExact = commands.T("Chart: bars, the exact probability of each final score; dashed black, the exact mean (%.2f); red, the simulated mean (%.2f); orange, the quantiles p5 to p95.",
		"차트: 막대는 각 최종 점수의 정확한 확률, 검은 점선은 정확한 평균(%.2f), 빨간 선은 시뮬레이션 평균(%.2f), 주황 선은 분위수 p5~p95입니다.",
		"グラフ: 棒は各最終得点の厳密な確率、黒の破線は厳密な平均（%.2f）、赤はシミュレーション平均（%.2f）、オレンジは分位点 p5〜p95 です。")
	msgStatsTooFew = commands.T("The time budget ran out before %d games were simulated; try again in a moment.", "시간 제한 안에 %d판을 시뮬레이션하지 못했습니다. 잠시 후 다시 시도하세요.", "時間内に%dゲームをシミュレーションできませんでした。少し後でもう一度お試しください。")
)

// StatsData is /yacht-stats' --format data.
type StatsData struct {
	Rules         string         `json:"rules"`
	Sheet         string         `json:"sheet"`
	Score         int            `json:"score"`
	ExpectedFinal float64        `json:"expected_final"`
	Games         int            `json:"games"`
	Seed          int64          `json:"seed"`
	Mean          float64        `json:"mean"`
	StdErr        float64        `json:"std_error"`
	StdDev        float64        `json:"std_dev"`
	Quantiles     map[string]int `json:"quantiles"`
	PUpperBonus   float64        `json:"p_upper_bonus"`
	PYacht        float64        `json:"p_yacht"`
	// Histogram counts final totals in bins [BinStart + i·BinWidth, +BinWidth).
	BinStart  int           `json:"bin_start"`
	BinWidth  int           `json:"bin_width"`
	Histogram []int         `json:"histogram"`
	Presets   []PresetStats `json:"presets,omitempty"`
	// Exact is the exact distribution of the final score (absent when it
	// did not finish in time).
	Exact *ExactStats `json:"exact,omitempty"`
	// exactCut is set when the time budget, not the input, stopped the
	// exact distribution: such a reply depends on the load, and is not
	// reused.
	exactCut bool
}

// ExactStats is the exact distribution of the final score under the
// max-expectation policy (the engine's exact distribution):
// Probabilities[i] = P(final = MinScore + i).
type ExactStats struct {
	Mean          float64        `json:"mean"`
	StdDev        float64        `json:"std_dev"`
	Median        int            `json:"median"`
	Quantiles     map[string]int `json:"quantiles"`
	PUpperBonus   float64        `json:"p_upper_bonus"`
	PYacht        float64        `json:"p_yacht"`
	MinScore      int            `json:"min_score"`
	Probabilities []float64      `json:"probabilities"`
}

// PresetStats compares a preset's exact start value with its simulation.
type PresetStats struct {
	Rules         string  `json:"rules"`
	ExpectedFinal float64 `json:"expected_final"`
	Games         int     `json:"games"`
	Mean          float64 `json:"mean"`
	StdErr        float64 `json:"std_error"`
	PUpperBonus   float64 `json:"p_upper_bonus"`
	PYacht        float64 `json:"p_yacht"`
}

// Command returns /yacht-stats answering from tables (shared with the
// other Yacht commands).
func Command(tables *strategy.Tables) *commands.Command { return newStatsCommand(tables) }

func newStatsCommand(tables *strategy.Tables) *commands.Command {
	gLo, gHi := commands.Between(minGames, maxGames)
	sLo, sHi := commands.Between(0, 1<<31-1)
	return &commands.Command{
		Name: commands.T("yacht-stats", "요트-통계", "ヨット統計"),
		Description: commands.T("Distribution of the final Yacht score under optimal play, with a chart",
			"최적 플레이에서 요트 최종 점수의 분포와 차트",
			"最適プレイでのヨット最終得点の分布とグラフ"),
		Options: []commands.Option{
			yachtwords.RulesOption(),
			{Name: commands.T("sheet", "점수표", "スコア表"), Type: commands.String, MaxLength: 1000,
				Description: commands.T(`Filled categories, e.g. "aces:3 twos:6" (default: the start of a game)`, `채운 족보, 예: "1:3 2:6" (기본: 게임 시작)`, `記入済みの役。例: "エース:3 デュース:6"（既定: ゲーム開始）`)},
			{Name: commands.T("games", "게임수", "ゲーム数"), Type: commands.Integer, Min: gLo, Max: gHi,
				Description: commands.T("Games to simulate (default 20000)", "시뮬레이션할 게임 수 (기본 20000)", "シミュレーションするゲーム数（既定 20000）")},
			{Name: commands.T("seed", "시드", "シード"), Type: commands.Integer, Min: sLo, Max: sHi,
				Description: commands.T("Seed of the simulated dice (default 1)", "시뮬레이션 주사위의 시드 (기본 1)", "シミュレーションのサイコロのシード（既定 1）")},
			{Name: commands.T("compare", "비교", "比較"), Type: commands.Boolean,
				Description: commands.T("Compare every rule preset from the start (default true)", "모든 규칙을 처음부터 비교 (기본: 비교함)", "全ルールを最初から比較（既定: 比較する）")},
		},
		// The examples stay light (they run in every locale under the race
		// detector too); the preset comparison is on by default.
		Examples: []string{
			`/yacht-stats games:5000 compare:false`,
			`/yacht-stats sheet:"aces:3 twos:6 threes:9 fours:12 fives:15 sixes:18 four_of_a_kind:0 full_house:0 small_straight:15" compare:false`,
			`/yacht-stats rules:yahtzee games:2000 compare:false`,
		},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return stats(ctx, tables, req)
		},
		Budget: statsBudget,
		Warm:   yachttables.Warm(tables),

		Caching: &commands.Caching{Keep: complete},
	}
}

// binomialSE is the standard error of a simulated probability.
func binomialSE(k, n int) (p, se float64) {
	p = float64(k) / float64(n)
	return p, math.Sqrt(p * (1 - p) / float64(n))
}

// stats answers /yacht-stats: parse, query, data view, render.
func stats(ctx context.Context, tables *strategy.Tables, req *commands.Request) (*commands.Reply, error) {
	q, err := parse(req)
	if err != nil {
		return nil, err
	}
	res, err := query(ctx, tables, q)
	if err != nil {
		return nil, err
	}
	v := viewOf(q, res)
	e := render(req.Locale, v)
	png, err := drawChart(chartOf(req.Locale, v))
	if err != nil {
		return nil, err
	}
	return &commands.Reply{Embeds: []commands.Embed{e},
		Files: []commands.File{{Name: "yacht-stats.png", ContentType: "image/png", Data: png}}, Data: v.StatsData}, nil
}

// question is a request read; Coerce has checked the options' bounds
// and choices.
type question struct {
	rules   *yacht.Rules
	sheet   yacht.Sheet
	games   int
	seed    int64
	compare bool
}

func parse(req *commands.Request) (question, error) {
	q := question{games: int(req.Options.Int("games", defaultGames)), seed: req.Options.Int("seed", 1), compare: req.Options.Bool("compare", true)}
	key := req.Options.String("rules", yacht.Yacht)
	rules, err := yacht.Preset(key)
	if err != nil {
		return q, yachtwords.RejectRules(key)
	}
	q.rules = rules
	if q.sheet, err = yachtwords.ParseSheet(rules, req.Options.String("sheet", "")); err != nil {
		return q, yachtwords.RejectSheet(rules, err)
	}
	if q.sheet.Filled() == len(rules.Categories) {
		return q, commands.Rejectf(msgStatsFull, q.sheet.Total())
	}
	return q, nil
}

// result is what the tables give for a question: the exact distribution
// (nil when it did not fit: tooLarge says it would take too much memory,
// exactCut that the time budget stopped it), the simulation that checks
// it, and the comparison of the presets (compareCut: the time budget
// stopped it before the last).
type result struct {
	expected   float64
	exact      *finalscore.Distribution
	tooLarge   bool
	exactCut   bool
	sim        finalscore.Simulation
	presets    []presetRun
	compareCut bool
}

// presetRun is one preset of the comparison: its value from the start
// and its simulation.
type presetRun struct {
	rules *yacht.Rules
	start float64
	sim   finalscore.Simulation
}

// query computes the answer: the exact distribution first (at most half
// the time left), then the simulation that checks it, then the
// comparison. All of it is heavy work.
func query(ctx context.Context, tables *strategy.Tables, q question) (result, error) {
	var res result
	ctx, done, err := commands.HeavyMemory(ctx, statsMemory(q.rules)) // the distribution and simulation are heavy
	if err != nil {
		return res, err
	}
	defer done()
	t, err := yachttables.Table(ctx, tables, q.rules)
	if err != nil {
		return res, err
	}
	{
		dctx := ctx
		if dl, ok := ctx.Deadline(); ok {
			var cancel context.CancelFunc
			dctx, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(dl)/2))
			defer cancel()
		}
		d, err := finalscore.OfLimit(dctx, t, q.sheet, exactMaxBytes)
		var tooLarge *finalscore.DistributionTooLargeError
		switch {
		case err == nil:
			res.exact = &d
		case ctx.Err() != nil:
			return res, ctx.Err()
		case errors.As(err, &tooLarge):
			res.tooLarge = true
		case !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled):
			return res, err
		default:
			res.exactCut = true
		}
	}
	// The main simulation gets most of the time left; the comparison the rest.
	mainCtx := ctx
	if dl, ok := ctx.Deadline(); ok && q.compare {
		var cancel context.CancelFunc
		mainCtx, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(dl)*6/10))
		defer cancel()
	}
	res.sim, err = finalscore.Simulate(mainCtx, t, q.sheet, q.games, uint64(q.seed))
	if err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return res, err
	}
	if res.sim.Games < minGames {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, commands.Rejectf(msgStatsTooFew, minGames)
	}
	res.expected = float64(q.sheet.Total()) + t.Value(q.sheet.State())
	if !q.compare {
		return res, nil
	}
	for _, k := range presetKeys {
		pr, err := yacht.Preset(k)
		if err != nil {
			return res, err
		}
		pt, err := yachttables.Table(ctx, tables, pr)
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			res.compareCut = true
			break
		}
		if err != nil {
			return res, err
		}
		ps, err := finalscore.Simulate(ctx, pt, yacht.NewSheet(pr), compareGames, uint64(q.seed))
		if err != nil && ps.Games < minGames {
			res.compareCut = true
			break
		}
		res.presets = append(res.presets, presetRun{rules: pr, start: pt.Start(), sim: ps})
	}
	return res, nil
}

// view is the data view of a reply: the data output, and beside it what
// the reader is told that the data leaves out. The embed and the chart
// are drawn from it alone.
type view struct {
	StatsData
	rules *yacht.Rules
	sheet yacht.Sheet
	// asked is the number of games asked for; tooLarge and compareCut
	// are the result's.
	asked                int
	tooLarge, compareCut bool
}

// viewOf is the data view of a question's result.
func viewOf(q question, res result) view {
	sim := res.sim
	v := view{StatsData: StatsData{exactCut: res.exactCut, Rules: q.rules.Key, Sheet: q.sheet.String(), Score: q.sheet.Total(), ExpectedFinal: res.expected,
		Games: sim.Games, Seed: q.seed, Mean: sim.Mean(), StdErr: sim.StdErr(), StdDev: sim.StdDev(), Quantiles: map[string]int{}},
		rules: q.rules, sheet: q.sheet, asked: q.games, tooLarge: res.tooLarge, compareCut: res.compareCut}
	if exact := res.exact; exact != nil {
		v.Exact = &ExactStats{Mean: exact.Mean(), StdDev: exact.StdDev(), Median: exact.Median(), Quantiles: map[string]int{},
			PUpperBonus: exact.UpperBonus, PYacht: exact.Yacht, MinScore: exact.Min, Probabilities: exact.P}
	}
	for _, q := range statsQuantiles {
		name := quantileName(q)
		v.Quantiles[name] = sim.Quantile(q)
		if v.Exact != nil {
			v.Exact.Quantiles[name] = res.exact.Quantile(q)
		}
	}
	v.PUpperBonus, _ = binomialSE(sim.UpperBonus, sim.Games)
	v.PYacht, _ = binomialSE(sim.Yacht, sim.Games)
	h := newHistogram(sim.Finals, histogramWidth)
	v.BinStart, v.BinWidth, v.Histogram = h.lo, h.binWidth, h.counts
	for _, p := range res.presets {
		row := PresetStats{Rules: p.rules.Key, ExpectedFinal: p.start, Games: p.sim.Games, Mean: p.sim.Mean(), StdErr: p.sim.StdErr()}
		row.PUpperBonus, _ = binomialSE(p.sim.UpperBonus, p.sim.Games)
		row.PYacht, _ = binomialSE(p.sim.Yacht, p.sim.Games)
		v.Presets = append(v.Presets, row)
	}
	return v
}

// histogramWidth is the width of the chart's bins, in points.
const histogramWidth = 5

// quantileName names quantile q in the data: "p5", "p50".
func quantileName(q float64) string { return fmt.Sprintf("p%d", int(math.Round(q*100))) }

// quantiles writes the named quantiles in order: "p5 150 · p25 170 · …".
func quantiles(qs map[string]int) string {
	parts := make([]string, len(statsQuantiles))
	for i, q := range statsQuantiles {
		name := quantileName(q)
		parts[i] = fmt.Sprintf("%s %d", name, qs[name])
	}
	return strings.Join(parts, " · ")
}

// proportion is a simulated probability of the view with its standard
// error.
func (v view) proportion(p float64) (float64, float64) {
	return p, math.Sqrt(p * (1 - p) / float64(v.Games))
}

// yachtName names the Yacht box (five of a kind) of r in l, "" without one.
func yachtName(l commands.Locale, r *yacht.Rules) string {
	if y := r.YachtIndex(); y >= 0 {
		return yachtwords.CategoryName(l, r, y)
	}
	return ""
}

// render writes the embed of a view.
func render(l commands.Locale, v view) commands.Embed {
	var b strings.Builder
	line := func(s string) { b.WriteString(s + "\n") }
	sigmas := math.Abs(v.Mean-v.ExpectedFinal) / v.StdErr
	line(msgStatsExact.Format(l, v.ExpectedFinal))
	if x := v.Exact; x != nil {
		line(msgStatsExactSpread.Format(l, x.StdDev, x.Median, quantiles(x.Quantiles)))
		line(msgStatsExactChances.Format(l, yachtwords.Percent(x.PUpperBonus), yachtName(l, v.rules), yachtwords.Percent(x.PYacht)))
		line(msgStatsExactRange.Format(l, x.MinScore, x.MinScore+len(x.Probabilities)-1))
		line(msgStatsCheck.Format(l, v.Games, v.Seed, v.Mean, v.StdErr, sigmas))
		if v.Games < v.asked {
			line(msgStatsStopped.Format(l, v.Games, v.asked))
		}
	} else {
		note := msgStatsNoExact
		if v.tooLarge {
			note = msgStatsTooLarge
		}
		line(note.In(l))
		line(msgStatsSim.Format(l, v.Games, v.Seed, v.Mean, v.StdErr, sigmas))
		if v.Games < v.asked {
			line(msgStatsStopped.Format(l, v.Games, v.asked))
		}
		line(msgStatsSpread.Format(l, v.StdDev, quantiles(v.Quantiles)))
		pb, seb := v.proportion(v.PUpperBonus)
		py, sey := v.proportion(v.PYacht)
		line(msgStatsBonus.Format(l, pb, seb))
		line(msgStatsYacht.Format(l, yachtName(l, v.rules), py, sey))
	}
	footer, chart := msgStatsMethod.In(l), msgStatsChart.Format(l, v.Mean, v.ExpectedFinal)
	if v.Exact != nil {
		footer, chart = msgStatsExactMethod.In(l), msgStatsChartExact.Format(l, v.ExpectedFinal, v.Mean)
	}
	e := commands.Embed{Color: colour, Title: msgStatsTitle.Format(l, yachtwords.RulesName(l, v.Rules)),
		Description: b.String() + "\n" + chart, Footer: footer, Image: "yacht-stats.png"}
	if v.sheet.Filled() > 0 {
		e.Fields = append(e.Fields, commands.Field{Name: yachtwords.SheetField.In(l), Value: yachtwords.SheetSummary(l, v.rules, v.sheet)})
	}
	if v.Presets != nil || v.compareCut {
		var rows []string
		for _, p := range v.Presets {
			pr, err := yacht.Preset(p.Rules)
			if err != nil {
				continue
			}
			row := msgStatsPresetRow.Format(l, yachtwords.RulesName(l, p.Rules), p.ExpectedFinal, p.Mean, p.StdErr,
				yachtwords.Percent(p.PUpperBonus), yachtName(l, pr), yachtwords.Percent(p.PYacht))
			if p.Games < compareGames { // the time budget stopped it early
				row += msgStatsRowGames.Format(l, p.Games)
			}
			rows = append(rows, row)
		}
		if v.compareCut {
			rows = append(rows, msgStatsCutShort.In(l))
		}
		e.Fields = append(e.Fields, commands.Field{Name: msgStatsPresets.Format(l, compareGames), Value: strings.Join(rows, "\n")})
	}
	return e
}

// chartOf is the chart of a view: the simulated histogram, or the exact
// probabilities binned alike, with the means and the quantiles.
func chartOf(l commands.Locale, v view) histogram {
	h := histogram{lo: v.BinStart, binWidth: v.BinWidth, counts: v.Histogram, games: v.Games, mean: v.Mean, exact: v.ExpectedFinal}
	qs := v.Quantiles
	if v.Exact != nil {
		qs = v.Exact.Quantiles
	}
	for _, q := range statsQuantiles {
		name := quantileName(q)
		h.quantiles = append(h.quantiles, quantileMark{label: fmt.Sprintf("%s=%d", name, qs[name]), value: qs[name]})
	}
	h.title = msgChartTitleSim.Format(l, yachtwords.RulesName(l, v.Rules), v.Games)
	h.legend = [3]string{msgChartMean.Format(l, v.Mean), msgChartExact.Format(l, v.ExpectedFinal), msgChartQuantiles.In(l)}
	if x := v.Exact; x != nil {
		h = exactHistogram(x.MinScore, x.Probabilities, v.BinWidth, h)
		h.title = msgChartTitleExact.Format(l, yachtwords.RulesName(l, v.Rules), x.StdDev)
	}
	return h
}

// exactHistogram bins exact probabilities p of the final scores from min
// on like newHistogram (bins of width w aligned to multiples of w),
// keeping the marks of h.
func exactHistogram(min int, p []float64, w int, h histogram) histogram {
	lo := min / w * w
	out := h
	out.lo, out.binWidth = lo, w
	out.counts = nil
	out.probs = make([]float64, (min+len(p)-1-lo)/w+1)
	for i, x := range p {
		out.probs[(min+i-lo)/w] += x
	}
	return out
}
