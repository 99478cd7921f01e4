package yachtgame

import (
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
)

// Players' names are refused in the user's language, and a name given
// twice is refused.
func TestBadPlayersInEveryLanguage(t *testing.T) {
	h := harness(t)
	cases := []struct {
		line string
		want map[commands.Locale]string
	}{
		{`/yacht start players:"Ann, Ann"`, map[commands.Locale]string{
			commands.English:  "`Ann` is given twice; give every player a different name",
			commands.Korean:   "`Ann`이 두 번 있습니다. 플레이어마다 다른 이름을 써 주세요",
			commands.Japanese: "`Ann` が2回あります。プレイヤーごとに違う名前にしてください",
		}},
		{`/yacht start players:"Ann, ann"`, map[commands.Locale]string{
			commands.English: "`ann` is given twice",
		}},
		{`/yacht start players:"A*n, Bob"`, map[commands.Locale]string{
			commands.English:  "the name `A*n` has `*`, which names may not contain",
			commands.Korean:   "이름에는 `*` 문자를 쓸 수 없습니다(`A*n`)",
			commands.Japanese: "名前に `*` は使えません（`A*n`）",
		}},
	}
	for _, c := range cases {
		for loc, want := range c.want {
			h.Locale = loc
			r, out := h.Run(c.line)
			if out != bot.Rejected || !strings.Contains(r.Content, want) {
				t.Errorf("%s %s: %s %q, want %q", loc, c.line, out, r.Content, want)
			}
		}
	}
}
