package coins_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
)

// countSentences pins, in each language, the sentences whose count can be
// one: English says "1 game", "1 coin", "1 simulation", never "1 games";
// Korean and Japanese have no plural and read as before. They also pin
// what an empty value is answered with: no empty code span, which
// Discord shows as two literal backticks.
var countSentences = []struct {
	line string
	want map[commands.Locale][]string
}{
	{`/coins match black:2 white:1 first:perfect second:random games:1 seed:1`, map[commands.Locale][]string{
		commands.English:  {"== perfect vs random from (2, 1), 1 game ==", "Out of 1 game, the first player (perfect) won 1 and the second (random) won 0.", "Play the same game again with `seed:1`."},
		commands.Korean:   {"== 완벽 대 무작위, (2, 1)에서 1판 ==", "1판 중 선공(완벽)이 1번, 후공(무작위)이 0번 이겼습니다.", "`시드:1`로 같은 판을 다시 할 수 있습니다."},
		commands.Japanese: {"== 完全 対 ランダム、(2, 1) から1回 ==", "1回の対戦で、先手（完全）が1勝、後手（ランダム）が0勝でした。", "`シード:1` で同じ対戦を再現できます。"},
	}},
	{`/coins match black:2 white:1 first:perfect second:random games:2 seed:1`, map[commands.Locale][]string{
		commands.English:  {"== perfect vs random from (2, 1), 2 games ==", "Out of 2 games, the first player (perfect) won 2 and the second (random) won 0.", "Play the same games again with `seed:1`."},
		commands.Korean:   {"== 완벽 대 무작위, (2, 1)에서 2판 ==", "`시드:1`로 같은 판들을 다시 할 수 있습니다."},
		commands.Japanese: {"== 完全 対 ランダム、(2, 1) から2回 =="},
	}},
	{`/coins bw black:1 white:0`, map[commands.Locale][]string{
		commands.English:  {"⚫ 1 black, ⚪ 0 white (1 coin)"},
		commands.Korean:   {"⚫ 흑 1개, ⚪ 백 0개 (모두 1개)"},
		commands.Japanese: {"⚫ 黒1枚、⚪ 白0枚（計1枚）"},
	}},
	{`/coins bw black:1 white:1`, map[commands.Locale][]string{
		commands.English: {"⚫ 1 black, ⚪ 1 white (2 coins)"},
	}},
	{`/coins pile coins:1 take:"2 3"`, map[commands.Locale][]string{
		commands.English:  {"No amount of the take set fits in 1 coin, so the game is over: the player who moved last loses."},
		commands.Korean:   {"1개에서는 가져갈 수 있는 개수가 없어 게임이 끝났습니다: 마지막으로 가져간 사람이 집니다."},
		commands.Japanese: {"1枚からは取れる数がないのでゲームは終わりです: 最後に取った人が負け。"},
	}},
	{`/coins pile coins:1 take:"2 3" last:wins`, map[commands.Locale][]string{
		commands.English: {"No amount of the take set fits in 1 coin, so the game is over: the player who moved last wins."},
	}},
	{`/coins tree black:1 white:0 simulations:5 seed:1`, map[commands.Locale][]string{
		commands.English:  {"The search stopped at 1 simulation: the selection reached a finished game, where this search stops."},
		commands.Korean:   {"선택 단계가 끝난 게임에 닿아 시뮬레이션 1번 만에 탐색을 멈췄습니다."},
		commands.Japanese: {"選択が終局に達したため、1回のシミュレーションで探索を終えました。"},
	}},
	{`/coins match black:2 white:1 first:"" second:random games:3`, map[commands.Locale][]string{
		commands.English:  {"❌ `first` is empty. Name a player: `perfect`, `random` or `mcts:<k>` (e.g. `mcts:50`)."},
		commands.Korean:   {"❌ `선공` 값이 비어 있습니다. 플레이어를 쓰세요: `perfect`(완벽), `random`(무작위), `mcts:<k>` (예: `mcts:50`)."},
		commands.Japanese: {"❌ `先手` が空です。プレイヤーを指定してください: `perfect`（完全）、`random`（ランダム）、`mcts:<k>`（例: `mcts:50`）。"},
	}},
	{`/coins match black:2 white:1 first:perfect second:"  " games:3`, map[commands.Locale][]string{
		commands.English:  {"❌ `second` is empty."},
		commands.Korean:   {"❌ `후공` 값이 비어 있습니다."},
		commands.Japanese: {"❌ `後手` が空です。"},
	}},
	{`/coins bw black:"" white:1`, map[commands.Locale][]string{
		commands.English:  {"❌ `black` is empty. Give a whole number such as `20`, `10^18` or `1e9`."},
		commands.Korean:   {"❌ `흑` 값이 비어 있습니다. `20`, `10^18`, `1e9` 같은 정수를 쓰세요."},
		commands.Japanese: {"❌ `黒` が空です。`20`、`10^18`、`1e9` のような整数を指定してください。"},
	}},
	{`/coins pile coins:""`, map[commands.Locale][]string{
		commands.English:  {"❌ `coins` is empty."},
		commands.Korean:   {"❌ `동전` 값이 비어 있습니다."},
		commands.Japanese: {"❌ `コイン` が空です。"},
	}},
	{`/coins match black:2 white:1 first:bad second:random games:3`, map[commands.Locale][]string{
		commands.English:  {"❌ `first` must be `perfect`, `random` or `mcts:<k>` (e.g. `mcts:50`); got `bad`."},
		commands.Korean:   {"❌ `선공`에는 `perfect`(완벽), `random`(무작위), `mcts:<k>` (예: `mcts:50`) 중 하나를 쓰세요. 입력: `bad`"},
		commands.Japanese: {"❌ `先手` は `perfect`（完全）、`random`（ランダム）、`mcts:<k>`（例: `mcts:50`）のいずれかです。入力: `bad`"},
	}},
	// The tree-search bot is named for what it does, not by its
	// algorithm's abbreviation and parameter.
	{`/coins play black:2 white:1 opponent:mcts`, map[commands.Locale][]string{
		commands.English:  {"== Black & white coins vs the tree-search bot =="},
		commands.Korean:   {"== 흑백 동전 vs 트리 탐색 봇 =="},
		commands.Japanese: {"== 白黒コイン vs 木探索のボット =="},
	}},
}

// emptyCode is an empty code span: two backticks not part of a fence.
var emptyCode = regexp.MustCompile("(^|[^`])``($|[^`])")

func TestCountSentences(t *testing.T) {
	h := harness(t)
	for _, c := range countSentences {
		for loc, text := range h.Says(c.line, c.want, " 1 games", " 1 coins", " 1 simulations") {
			if emptyCode.MatchString(text) {
				t.Errorf("%s %s: an empty code span in\n%s", loc, c.line, text)
			}
		}
	}
}

// TestMatchPlayersByTheirShownNames: first and second are typed, not
// picked from a menu, so a player types the name a match shows for a
// player in their language (완벽, 完全, perfect) and is understood, in any
// language; the match then names them as /coins play does.
func TestMatchPlayersByTheirShownNames(t *testing.T) {
	h := harness(t)
	names := map[commands.Locale][2]string{
		commands.English:  {"perfect", "random"},
		commands.Korean:   {"완벽", "무작위"},
		commands.Japanese: {"完全", "ランダム"},
	}
	for loc, typed := range names {
		h.Locale = loc
		line := `/coins match black:2 white:1 first:` + typed[0] + ` second:` + typed[1] + ` games:3 seed:4`
		r, outcome := h.Run(line)
		text := bot.FormatTextIn(r, loc)
		if outcome != bot.OK || len(r.Embeds) == 0 {
			t.Fatalf("%s %s: refused (%v):\n%s", loc, line, outcome, text)
		}
		if want := typed[0]; !strings.Contains(r.Embeds[0].Title, want) {
			t.Errorf("%s %s: title %q names no %q", loc, line, r.Embeds[0].Title, want)
		}
		got := dataJSON(t, r)
		if !strings.Contains(got, `"first":"perfect","second":"random"`) {
			t.Errorf("%s %s: data %s, want the players perfect and random", loc, line, got)
		}
		// The names of another language are understood too.
		for other, n := range names {
			h.Locale = loc
			if r, outcome := h.Run(`/coins match black:2 white:1 first:` + n[0] + ` second:` + n[1] + ` games:1 seed:4`); outcome != bot.OK {
				t.Errorf("%s with %s names: refused:\n%s", loc, other, bot.FormatTextIn(r, loc))
			}
		}
	}
}
