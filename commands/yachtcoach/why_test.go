package yachtcoach

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// breakdowns returns the breakdowns of a position under a preset, from
// the tests' shared tables (full tables: not under the race detector).
func breakdowns(t *testing.T, key, sheet, dice string, roll int) (*yacht.Rules, finalscore.Breakdowns) {
	t.Helper()
	r, err := yacht.Preset(key)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := yachttest.Tables().Get(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	bt, err := testTables.Get(context.Background(), tb)
	if err != nil {
		t.Fatal(err)
	}
	s, err := yachtwords.ParseSheet(r, sheet)
	if err != nil {
		t.Fatal(err)
	}
	d, err := yacht.ParseDice(dice)
	if err != nil {
		t.Fatal(err)
	}
	bd, err := bt.Breakdowns(s, &d, roll)
	if err != nil {
		t.Fatal(err)
	}
	return r, bd
}

var testTables Tables

// The why of the best action against the runner-up, pinned in the three
// languages for positions that cover a player's aims: the upper section
// and its bonus, a straight, Yacht, a tie, and a dump into Chance
// (regression values: the figures are the engine's breakdowns, checked
// in engine/yacht/finalscore; the words are what is pinned).
func TestWhyPinned(t *testing.T) {
	if race.Enabled {
		t.Skip("full tables take too long under the race detector")
	}
	cases := []struct {
		name, rules, sheet, dice string
		roll                     int
		want                     [3]string
	}{
		{"upper", yacht.Yahtzee, "", "3 3 4 5 6", 1, [3]string{
			"Keeping ⚂⚂ (33) aims at the bonus and Threes: a 3% better chance of the bonus (+1.0) and +0.5 in Threes, for −1.3 in Lg. Straight.",
			"⚂⚂ (33)을 남기면 보너스와 3 칸을 노릴 수 있습니다. 보너스 확률 3%p 상승(+1.0), 3 칸 +0.5, 대신 라지 스트레이트 −1.3.",
			"⚂⚂ (33) を残せばボーナスとスリーを狙えます。ボーナスの確率 +3ポイント（+1.0）、スリー +0.5、その代わりL.ストレート −1.3。"}},
		{"straight", yacht.Yacht, "", "2 3 4 5 5", 2, [3]string{
			"Keeping ⚁⚂⚃⚄ (2345) aims at B. Straight and Yacht: +1.5 in B. Straight and +0.7 in Yacht, for −0.1 in Fives.",
			"⚁⚂⚃⚄ (2345)를 남기면 라지 스트레이트와 요트를 노릴 수 있습니다. 라지 스트레이트 +1.5, 요트 +0.7, 대신 5 칸 −0.1.",
			"⚁⚂⚃⚄ (2345) を残せばB.ストレートとヨットを狙えます。B.ストレート +1.5、ヨット +0.7、その代わりファイブ −0.1。"}},
		{"yacht", yacht.Yacht, "", "6 6 6 2 3", 2, [3]string{
			"Keeping ⚅⚅⚅ (666) aims at Yacht and the bonus: +1.1 in Yacht and a 3% better chance of the bonus (+1.0), for −0.1 in Full House.",
			"⚅⚅⚅ (666)을 남기면 요트와 보너스를 노릴 수 있습니다. 요트 +1.1, 보너스 확률 3%p 상승(+1.0), 대신 풀 하우스 −0.1.",
			"⚅⚅⚅ (666) を残せばヨットとボーナスを狙えます。ヨット +1.1、ボーナスの確率 +3ポイント（+1.0）、その代わりフルハウス −0.1。"}},
		{"pairs", yacht.Yatzy, "", "6 6 5 5 1", 1, [3]string{
			"Keeping ⚄⚄⚅⚅ (5566) aims at Full House and Two Pairs: +2.6 in Full House and +1.0 in Two Pairs, for −0.8 in Three of a Kind.",
			"⚄⚄⚅⚅ (5566)을 남기면 풀 하우스와 투 페어를 노릴 수 있습니다. 풀 하우스 +2.6, 투 페어 +1.0, 대신 트리플 −0.8.",
			"⚄⚄⚅⚅ (5566) を残せばフルハウスとツーペアを狙えます。フルハウス +2.6、ツーペア +1.0、その代わりスリーカード −0.8。"}},
		{"tie", yacht.Yacht, "", "1 1 1 1 1", 1, [3]string{
			"Scoring 50 in Yacht is worth the same as the other move in every box.",
			"요트 칸에 50점을 기록하는 수는 다른 수와 모든 칸의 기대 점수가 같습니다.",
			"ヨットに50点を記入する手は、もう一方の手とどの欄の期待値も同じです。"}},
		{"chance", yacht.Yahtzee, "", "2 3 4 4 6", 3, [3]string{
			"Scoring 19 in Chance pays off in the bonus and Fours: a 16% better chance of the bonus (+5.4) and +3.6 in Fours, for −3.2 in Chance.",
			"찬스 칸에 19점을 기록하면 보너스와 4 칸에서 이득을 봅니다. 보너스 확률 16%p 상승(+5.4), 4 칸 +3.6, 대신 찬스 −3.2.",
			"チャンスに19点を記入すればボーナスとフォーで得をします。ボーナスの確率 +16ポイント（+5.4）、フォー +3.6、その代わりチャンス −3.2。"}},
		{"extra", yacht.Yahtzee, "aces:3 twos:6 threes:9 fours:12 sixes:24", "1 1 3 6 6", 3, [3]string{
			"Scoring 17 in Chance pays off in Yahtzee and Yahtzee bonuses: +5.9 in Yahtzee and +1.6 in Yahtzee bonuses, for −4.3 in Chance.",
			"찬스 칸에 17점을 기록하면 야찌와 야찌 보너스에서 이득을 봅니다. 야찌 +5.9, 야찌 보너스 +1.6, 대신 찬스 −4.3.",
			"チャンスに17点を記入すればヤッツィーとヤッツィーボーナスで得をします。ヤッツィー +5.9、ヤッツィーボーナス +1.6、その代わりチャンス −4.3。"}},
	}
	for _, c := range cases {
		r, bd := breakdowns(t, c.rules, c.sheet, c.dice, c.roll)
		x := Compare(bd.Actions[0].Breakdown, bd.Actions[1].Breakdown)
		for i, l := range commands.Locales {
			if got := Why(l, yachtwords.DiceFaces{}, r, bd.Actions[0].Action, x); got != c.want[i] {
				t.Errorf("%s %s:\n got %s\nwant %s", c.name, l, got, c.want[i])
			}
		}
	}
}

// The sentences of differences under 0.05 in every box, and of a loss
// made up in many small gains, on breakdowns written by hand.
func TestWhySmallDifferences(t *testing.T) {
	r, _ := yacht.Preset(yacht.Yacht)
	n := len(r.Categories)
	base := finalscore.Breakdown{Boxes: make([]float64, n)}
	small := finalscore.Breakdown{Boxes: make([]float64, n)}
	spread := finalscore.Breakdown{Boxes: make([]float64, n)}
	for c := range small.Boxes {
		small.Boxes[c] = 0.004
		spread.Boxes[c] = 0.04
	}
	spread.Boxes[6] = -0.3                                              // Choice
	a := strategy.Action{Kind: strategy.Keep, Keep: yacht.Counts{5: 2}} // ⚅⚅
	want := map[string][3]string{
		"small": {
			"Keeping ⚅⚅ (66) is the same in every box to within 0.05; it only keeps more options open (+0.05 in all).",
			"⚅⚅ (66)을 남기는 수는 어느 칸에서도 차이가 0.05 미만입니다. 선택지를 더 남겨 두는 것뿐입니다(합계 +0.05).",
			"⚅⚅ (66) を残す手は、どの欄も差が0.05未満で、選択肢を多く残せるだけです（合計 +0.05）。"},
		"spread": {
			"Keeping ⚅⚅ (66) gives up −0.3 in Choice and makes it up a little in many boxes (+0.14 in all).",
			"⚅⚅ (66)을 남기는 수는 초이스 −0.3을 내주지만 여러 칸에서 조금씩 만회합니다(합계 +0.14).",
			"⚅⚅ (66) を残す手はチョイス −0.3を手放しますが、多くの欄で少しずつ取り戻します（合計 +0.14）。"},
	}
	for name, b := range map[string]finalscore.Breakdown{"small": small, "spread": spread} {
		x := Compare(b, base)
		for i, l := range commands.Locales {
			if got := Why(l, yachtwords.DiceFaces{}, r, a, x); got != want[name][i] {
				t.Errorf("%s %s:\n got %s\nwant %s", name, l, got, want[name][i])
			}
		}
	}
}

// A why never contradicts the breakdowns: over every legal action of many
// positions of every base preset, against the best, the part named first
// is the largest gain of the breakdowns' own difference, every named gain
// is a gain and every named loss a loss, each shown with its rounded
// figure and its sign, the first before the others; with no part of 0.05
// or more the sentence says so.
func TestWhyNeverContradicts(t *testing.T) {
	type pos struct{ key, sheet string }
	var positions []pos
	if race.Enabled {
		positions = []pos{{yacht.Yacht, "aces:3 twos:6 threes:9 fours:12 fives:15 sixes:18 four_of_a_kind:0 full_house:0 small_straight:15"}}
	} else {
		for _, k := range yacht.PresetNames() {
			positions = append(positions, pos{k, ""})
		}
		positions = append(positions, pos{yacht.Yacht, "aces:3 twos:6 sixes:24 choice:20"}, pos{yacht.Yahtzee, "yahtzee:50 fours:12 chance:22"})
	}
	checked := 0
	for _, p := range positions {
		for _, dice := range []string{"1 1 2 4 6", "3 3 4 5 6", "6 6 6 2 3", "2 3 4 5 5", "5 5 5 5 5", "1 2 3 4 5", "2 2 3 3 6"} {
			for roll := 1; roll <= 3; roll++ {
				r, bd := breakdowns(t, p.key, p.sheet, dice, roll)
				best := bd.Actions[0]
				for _, other := range bd.Actions[1:] {
					checkWhy(t, r, best, other)
					checked++
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d pairs checked", checked)
	}
}

func checkWhy(t *testing.T, r *yacht.Rules, best, other finalscore.ActionBreakdown) {
	t.Helper()
	// The differences, worked out here from the breakdowns.
	diff := map[int]float64{UpperBonus: best.Breakdown.UpperBonus - other.Breakdown.UpperBonus, ExtraBonus: best.Breakdown.ExtraBonus - other.Breakdown.ExtraBonus}
	largest, largestPart := math.Inf(-1), 0
	for _, c := range []int{UpperBonus, ExtraBonus} {
		if diff[c] > largest {
			largest, largestPart = diff[c], c
		}
	}
	anyShown := false
	for c := range best.Breakdown.Boxes {
		diff[c] = best.Breakdown.Boxes[c] - other.Breakdown.Boxes[c]
		if diff[c] > largest || diff[c] == largest && largestPart < 0 {
			largest, largestPart = diff[c], c
		}
	}
	for _, d := range diff {
		anyShown = anyShown || math.Abs(d) >= Shown
	}
	x := Compare(best.Breakdown, other.Breakdown)
	what := fmt.Sprintf("%+v against %+v", best.Action, other.Action)
	if math.Abs(x.Total-(best.Expected-other.Expected)) > 1e-9 {
		t.Errorf("%s: total %v, the expected finals differ by %v", what, x.Total, best.Expected-other.Expected)
	}
	en := Why(commands.English, yachtwords.DiceFaces{}, r, best.Action, x)
	if len(x.Gains) > 0 {
		if g := x.Gains[0]; g.Points != largest && !(largestPart == g.Box) {
			t.Errorf("%s: first named %d (%+.3f), the largest gain is %d (%+.3f)", what, g.Box, g.Points, largestPart, largest)
		}
	}
	at := -1
	for i, p := range append(append([]Part(nil), x.Gains...), x.Losses...) {
		if p.Points != diff[p.Box] {
			t.Errorf("%s: part %d at %v, the breakdowns differ by %v", what, p.Box, p.Points, diff[p.Box])
		}
		gain := i < len(x.Gains)
		if gain != (p.Points > 0) || math.Abs(p.Points) < Shown {
			t.Errorf("%s: part %d (%+.3f) named as a gain: %v", what, p.Box, p.Points, gain)
		}
		fig := fmt.Sprintf("+%.1f", p.Points)
		if !gain {
			fig = fmt.Sprintf("−%.1f", -p.Points)
		}
		k := strings.Index(en, fig)
		if k < 0 || !strings.Contains(en, partName(commands.English, r, p)[min(4, len(partName(commands.English, r, p))):]) {
			t.Errorf("%s: %q lacks %s of part %d", what, en, fig, p.Box)
		}
		if i == 0 {
			at = k
		} else if k >= 0 && k < at && fig != fmt.Sprintf("+%.1f", x.Gains[0].Points) {
			t.Errorf("%s: %q names %s before the first part", what, en, fig)
		}
	}
	if !anyShown && (len(x.Gains) > 0 || len(x.Losses) > 0) {
		t.Errorf("%s: parts named under %v: %+v", what, Shown, x)
	}
	if !anyShown && !strings.Contains(en, "the same") {
		t.Errorf("%s: %q does not say the moves are the same in every box", what, en)
	}
	for _, l := range commands.Locales {
		if s := Why(l, yachtwords.DiceFaces{}, r, best.Action, x); strings.Contains(s, "%!") || strings.Contains(s, "(를)") {
			t.Errorf("%s %s: %q", what, l, s)
		}
	}
}

// The why of a target, in its terms, pinned in three languages for a move
// that reaches it more often for less on average, one more often and
// better on average, and one as often.
func TestTargetWhyPinned(t *testing.T) {
	r, _ := yacht.Preset(yacht.Yacht)
	a := strategy.Action{Kind: strategy.Keep, Keep: yacht.Counts{5: 2}} // ⚅⚅
	cases := []struct {
		pa, po, ea, eo float64
		want           [3]string
	}{
		{0.2134, 0.1875, 160.12, 161.78, [3]string{
			"Keeping ⚅⚅ (66) reaches 200 or more 21.34% of the time (the other move: 18.75%), for 1.66 less on average.",
			"⚅⚅ (66)을 남기는 수는 200점 이상에 도달할 확률이 21.34%입니다(다른 수는 18.75%). 대신 평균은 1.66점 낮습니다.",
			"⚅⚅ (66) を残す手は200点以上に届く確率が21.34%です（もう一方の手は18.75%）。その代わり平均は1.66点低くなります。"}},
		{0.2134, 0.1875, 161.78, 160.12, [3]string{
			"Keeping ⚅⚅ (66) reaches 200 or more 21.34% of the time (the other move: 18.75%), and 1.66 more on average.",
			"⚅⚅ (66)을 남기는 수는 200점 이상에 도달할 확률이 21.34%입니다(다른 수는 18.75%). 평균도 1.66점 높습니다.",
			"⚅⚅ (66) を残す手は200点以上に届く確率が21.34%です（もう一方の手は18.75%）。平均も1.66点高くなります。"}},
		{0.2134, 0.21341, 161.78, 161.78, [3]string{
			"Keeping ⚅⚅ (66) reaches 200 or more as often as the other move (21.34%), and the same on average.",
			"⚅⚅ (66)을 남기는 수는 200점 이상에 도달할 확률이 다른 수와 같습니다(21.34%). 평균은 같습니다.",
			"⚅⚅ (66) を残す手は200点以上に届く確率がもう一方の手と同じです（21.34%）。平均は同じです。"}},
	}
	for _, c := range cases {
		for i, l := range commands.Locales {
			if got := TargetWhy(l, yachtwords.DiceFaces{}, r, a, 200, c.pa, c.po, c.ea, c.eo); got != c.want[i] {
				t.Errorf("%s:\n got %s\nwant %s", l, got, c.want[i])
			}
		}
	}
}
