package orbs

import (
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
)

// TestOneAndEmptySentences pins, in each language, the limit sentence when
// one press is needed (English "1 press", never "1 presses"; Korean and
// Japanese have no plural) and the answer to an empty random, which says
// it is empty instead of showing an empty code span.
func TestOneAndEmptySentences(t *testing.T) {
	cases := []struct {
		line string
		want map[commands.Locale]string
	}{
		{`/orbs grid:"11" limit:0`, map[commands.Locale]string{
			commands.English:  "⚠️ Needs 1 press, more than the limit of 0: this puzzle cannot be solved within its limit.",
			commands.Korean:   "⚠️ 1번 눌러야 해서 제한 0회를 넘습니다: 제한 안에서는 풀 수 없습니다.",
			commands.Japanese: "⚠️ 1回必要で、上限0回を超えます: 上限内では解けません。",
		}},
		{`/orbs grid:"11/11" limit:1`, map[commands.Locale]string{
			commands.English: "⚠️ Needs 2 presses, more than the limit of 1: this puzzle cannot be solved within its limit.",
		}},
		{`/orbs random:""`, map[commands.Locale]string{
			commands.English:  "❌ `random` is empty. Give a size rows×columns from 1x1 to 30x30, e.g. `random:5x5`.",
			commands.Korean:   "❌ `무작위`가 비어 있습니다. 1x1부터 30x30까지의 크기(행×열)를 써 주세요. 예: `무작위:5x5`.",
			commands.Japanese: "❌ `ランダム` が空です。1x1 から 30x30 までの大きさ（行×列）を書いてください。例: `ランダム:5x5`。",
		}},
		{`/orbs random:" "`, map[commands.Locale]string{
			commands.English: "❌ `random` is empty.",
		}},
	}
	h := harness(t)
	for _, c := range cases {
		for loc, want := range c.want {
			h.Locale = loc
			r, _ := h.Run(c.line)
			if text := bot.FormatTextIn(r, loc); !strings.Contains(text, want) || strings.Contains(text, "1 presses") {
				t.Errorf("%s %s: want %q in\n%s", loc, c.line, want, text)
			}
		}
	}
}
