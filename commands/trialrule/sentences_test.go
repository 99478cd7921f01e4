package trialrule_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	trcmd "github.com/alea-bot/alea/commands/trialrule"
)

// labelsOf is n labels of 40 characters whose first ones are k Hangul
// syllables (three bytes each), to fill the message's text budget.
func labelsOf(n, k int) string {
	var ls []string
	for i := range n {
		l := strings.Repeat("가", k) + fmt.Sprintf("%02d", i)
		ls = append(ls, l+strings.Repeat("x", 40-len([]rune(l))))
	}
	return strings.Join(ls, ", ")
}

// TestSentencesWithCounts pins, in each language, the sentences whose
// count can be one (English "1 label", "1 more height", "the first roll",
// never "1 labels"; Korean and Japanese have no plural and read as
// before), and the one meaning of Re in both places it is explained: the
// paper's "처음부터 다시 시작", start the rule again from its beginning.
func TestSentencesWithCounts(t *testing.T) {
	twenty := `weights:"1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"`
	cases := []struct {
		line string
		want map[commands.Locale][]string
		not  []string
	}{
		{`/trialrule die:6 weights:"1 2" labels:"a"`, map[commands.Locale][]string{
			commands.English:  {"❌ 1 label for 2 weights: give one name per outcome, separated by commas, e.g. `miss, hit, critical`."},
			commands.Korean:   {"❌ 이름 1개, 비율 2개: 결과마다 이름 하나를 쉼표로 구분해 주세요. 예: `꽝, 당첨, 대박`."},
			commands.Japanese: {"❌ 名前1個、比率2個: 結果ごとに名前を一つ、カンマ区切りで。例: `はずれ, あたり, 大当たり`。"},
		}, []string{"1 labels"}},
		{`/trialrule die:6 weights:"1 2 3" labels:"a, b"`, map[commands.Locale][]string{
			commands.English: {"❌ 2 labels for 3 weights:"},
		}, nil},
		// A regression value: with these labels the table has room for all
		// heights but one (the message's text budget).
		{`/trialrule die:2 ` + twenty + ` labels:"` + labelsOf(20, 1) + `" extra_depth:40 mode:paper`, map[commands.Locale][]string{
			commands.English:  {"… 1 more height in `trialrule.txt`"},
			commands.Korean:   {"… 나머지 1개 높이는 `trialrule.txt`에"},
			commands.Japanese: {"… 残り1個の高さは `trialrule.txt` に"},
		}, []string{"1 more heights"}},
		{`/trialrule die:2 ` + twenty + ` labels:"` + labelsOf(20, 3) + `" extra_depth:40 mode:paper`, map[commands.Locale][]string{
			commands.English: {"… 3 more heights in `trialrule.txt`"},
		}, nil},
		{`/trialrule die:100 weights:"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 97" extra_depth:0`, map[commands.Locale][]string{
			commands.English:  {"The picture shows the first roll only; the full rule is in `trialrule.txt`."},
			commands.Korean:   {"그림은 첫 굴림까지만 보여 줍니다. 전체 규칙은 `trialrule.txt`에 있습니다."},
			commands.Japanese: {"図は最初の1回分だけです。規則の全体は `trialrule.txt` にあります。"},
		}, []string{"first 1 rolls", "first 1 roll", "처음 1번"}},
		// One bit on a two-sided die: the Shannon bound is exactly one roll.
		{`/trialrule die:2 weights:"1 1"`, map[commands.Locale][]string{
			commands.English:  {"Every rule needs at least one roll, which here is exactly the Shannon bound (1.000000 rolls)."},
			commands.Korean:   {"어떤 규칙이든 적어도 한 번은 굴려야 하며, 여기서는 그것이 섀넌 하한(1.000000회)과 같습니다."},
			commands.Japanese: {"どの規則も少なくとも1回は振ります。ここではそれがシャノン下界（1.000000回）とちょうど同じです。"},
		}, []string{"is lower", "그보다 낮아", "それより低い"}},
		{`/trialrule die:2 weights:"1 2"`, map[commands.Locale][]string{
			commands.English: {"`Re`: start again from the beginning.",
				"Re: start again from the beginning; `-> a b`"},
			commands.Korean: {"`Re`: 처음부터 다시 시작.",
				"Re: 처음부터 다시 시작; `-> a b`"},
			commands.Japanese: {"`Re`: 最初からやり直し。",
				"Re: 最初からやり直し。`-> a b`"},
		}, []string{"roll again", "振り直し"}},
	}
	h := bottest.New(t, trcmd.Command())
	for _, c := range cases {
		h.Says(c.line, c.want, c.not...)
	}
}
