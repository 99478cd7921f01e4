// Package coins is the /coins command: the coin games of the lecture 게임 트리
// 개요와 확률적 탐색 (game-tree overview and probabilistic search) solved exactly for
// any size (bw, pile, marbles), its probabilistic tree search printed in the
// lecture's format (tree), a game against the bot with buttons (play) and
// runBWGame as a tournament (match). The mathematics is in engine/coins.
package coins

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/coins"
	"github.com/alea-bot/alea/game/coinsplay"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
)

// Bounds of the options that run games or searches (the exact answers of
// bw, pile and marbles take counts up to 10^18).
const (
	maxBoard       = coinsplay.MaxBoard // most coins of each colour for tree, play and match
	maxTreeSims    = 5000               // most simulations for tree
	maxMatchSims   = 2000               // most simulations of an mcts player in a match
	maxMatchGames  = 1000               // most games of a match
	maxMatchWork   = 3e7                // bound on games·(b+w)²·k, the play-out moves of a match
	defaultTreeSim = coins.DefaultSimulations
)

const colour = 0xC9A227 // a coin's gold

func countOpt(en, ko, ja string, desc commands.Text) commands.Option {
	return commands.Option{Name: commands.T(en, ko, ja), Description: desc, Type: commands.String, Required: true, MinLength: 1, MaxLength: 40}
}

func boardOpt(en, ko, ja string, desc commands.Text) commands.Option {
	lo, hi := commands.Between(0, maxBoard)
	return commands.Option{Name: commands.T(en, ko, ja), Description: desc, Type: commands.Integer, Required: true, Min: lo, Max: hi}
}

// Command returns /coins without recording; key seals the games of /coins
// play.
func Command(key seal.Key) *commands.Command { return CommandRecording(key, record.Bounded{}) }

// CommandRecording returns /coins; key seals the games of /coins play,
// and rec records each of them when it ends.
func CommandRecording(key seal.Key, rec record.Bounded) *commands.Command {
	simLo, simHi := commands.Between(1, maxTreeSims)
	seedLo, seedHi := commands.Between(0, 1<<53)
	gamesLo, gamesHi := commands.Between(1, maxMatchGames)
	blackDesc := commands.T("Black coins left (up to 10^18)", "남은 검은 동전 수 (10^18까지)", "残りの黒いコインの数（10^18 まで）")
	whiteDesc := commands.T("White coins left (up to 10^18)", "남은 흰 동전 수 (10^18까지)", "残りの白いコインの数（10^18 まで）")
	blackSmall := commands.T("Black coins (0–100)", "검은 동전 수 (0–100)", "黒いコインの数（0〜100）")
	whiteSmall := commands.T("White coins (0–100)", "흰 동전 수 (0–100)", "白いコインの数（0〜100）")
	c := &commands.Command{
		Name: commands.T("coins", "동전", "コイン"),
		Description: commands.T("Coin games and game trees: who wins, MCTS trees, play the bot",
			"동전 게임과 게임 트리: 누가 이기는지, MCTS 트리, 봇과 게임하기",
			"コインゲームとゲーム木: 勝者、MCTS の木、ボットと対戦"),
		Subcommands: []commands.Subcommand{
			{
				Name: commands.T("bw", "흑백", "白黒"),
				Description: commands.T("Black & white coins: take 1 or 2 of one colour; the last coin loses",
					"흑백 동전: 한 색에서 1~2개 가져가기, 마지막 동전을 가져가면 패배",
					"白黒コイン: 一色から1〜2枚取る。最後のコインを取ると負け"),
				Options: []commands.Option{countOpt("black", "흑", "黒", blackDesc), countOpt("white", "백", "白", whiteDesc)},
				Example: "/coins bw black:1000000000000000000 white:3",
			},
			{
				Name: commands.T("pile", "더미", "山"),
				Description: commands.T("One pile: take an amount from a set; the last coin loses or wins",
					"동전 한 더미: 정해진 개수만큼 가져가기, 마지막 동전이 지거나 이김",
					"一つの山: 決まった数を取る。最後のコインで負けまたは勝ち"),
				Options: []commands.Option{
					countOpt("coins", "동전", "コイン", commands.T("Coins in the pile (up to 10^18)", "더미의 동전 수 (10^18까지)", "山のコインの数（10^18 まで）")),
					{Name: commands.T("take", "가져가기", "取る数"), Type: commands.String, MaxLength: 200,
						Description: commands.T(`Amounts that may be taken, e.g. "1 2" (default) or "1 3 4"`, `가져갈 수 있는 개수, 예: "1 2" (기본) 또는 "1 3 4"`, `取れる数。例: "1 2"（既定）や "1 3 4"`)},
					{Name: commands.T("last", "마지막", "最後"), Type: commands.String,
						Description: commands.T("Whoever takes the last coin loses (default) or wins", "마지막 동전을 가져간 사람이 짐 (기본) 또는 이김", "最後のコインを取った人が負け（既定）か勝ち"),
						Choices: []commands.Choice{
							{Name: commands.T("loses", "진다", "負け"), Value: "loses"},
							{Name: commands.T("wins", "이긴다", "勝ち"), Value: "wins"},
						}},
				},
				Example: `/coins pile coins:20 take:"1 2" last:loses`,
			},
			{
				Name: commands.T("marbles", "구슬", "ビー玉"),
				Description: commands.T("Marbles: take 1 to half of them; the last marble wins",
					"구슬: 1개에서 절반까지 가져가기, 마지막 구슬을 가져가면 승리",
					"ビー玉: 1個から半分まで取る。最後のビー玉を取ると勝ち"),
				Options: []commands.Option{countOpt("count", "개수", "個数", commands.T("Marbles in the box (up to 10^18)", "상자의 구슬 수 (10^18까지)", "箱のビー玉の数（10^18 まで）"))},
				Example: "/coins marbles count:100",
			},
			{
				Name: commands.T("tree", "트리", "木"),
				Description: commands.T("A Monte-Carlo tree search beside the exact values",
					"몬테카를로 트리 탐색과 정확한 승패",
					"モンテカルロ木探索と厳密な勝敗"),
				Options: []commands.Option{
					boardOpt("black", "흑", "黒", blackSmall), boardOpt("white", "백", "白", whiteSmall),
					{Name: commands.T("simulations", "시뮬레이션", "シミュレーション"), Type: commands.Integer, Min: simLo, Max: simHi,
						Description: commands.T("k: most simulations under the root (default 50)", "k: 루트 아래 최대 시뮬레이션 수 (기본 50)", "k: ルート下の最大シミュレーション数（既定 50）")},
					{Name: commands.T("seed", "시드", "シード"), Type: commands.Integer, Min: seedLo, Max: seedHi,
						Description: commands.T("Random seed, to repeat a tree (default: a new one)", "같은 트리를 다시 만들 난수 시드 (기본: 새 시드)", "同じ木を作り直す乱数シード（既定: 新しいシード）")},
				},
				Example: "/coins tree black:2 white:1 seed:1",
			},
			{
				Name: commands.T("play", "게임", "対戦"),
				Description: commands.T("Play black & white coins against the bot with buttons",
					"버튼으로 봇과 흑백 동전 게임하기",
					"ボタンでボットと白黒コインを対戦"),
				Options: []commands.Option{
					boardOpt("black", "흑", "黒", blackSmall), boardOpt("white", "백", "白", whiteSmall),
					{Name: commands.T("opponent", "상대", "相手"), Type: commands.String,
						Description: commands.T("The bot's level (default: perfect)", "봇의 수준 (기본: 완벽)", "ボットの強さ（既定: 完全）"),
						Choices: []commands.Choice{
							{Name: commands.T("perfect", "완벽", "完全"), Value: "perfect"},
							{Name: commands.T("tree search (50 simulations)", "트리 탐색 (시뮬레이션 50회)", "木探索（シミュレーション50回）"), Value: "mcts"},
							{Name: commands.T("random", "무작위", "ランダム"), Value: "random"},
						}},
					{Name: commands.T("first", "선공", "先手"), Type: commands.String,
						Description: commands.T("Who moves first (default: me)", "누가 먼저 가져갈지 (기본: 나)", "どちらが先手か（既定: 自分）"),
						Choices: []commands.Choice{
							{Name: commands.T("me", "나", "自分"), Value: "me"},
							{Name: commands.T("bot", "봇", "ボット"), Value: "bot"},
						}},
				},
				Example: "/coins play black:3 white:4 opponent:perfect first:me",
			},
			{
				Name: commands.T("match", "시합", "試合"),
				Description: commands.T("Many games between two players: the wins of each",
					"두 플레이어가 여러 판을 겨루는 시합: 각자 이긴 판 수",
					"二人で何回も対戦し、それぞれの勝ち数を数える"),
				Options: []commands.Option{
					boardOpt("black", "흑", "黒", blackSmall), boardOpt("white", "백", "白", whiteSmall),
					{Name: commands.T("first", "선공", "先手"), Type: commands.String, Required: true, MaxLength: 20,
						Description: commands.T("First player: perfect, random or mcts:<k>", "선공: perfect, random 또는 mcts:<k>", "先手: perfect, random, mcts:<k>")},
					{Name: commands.T("second", "후공", "後手"), Type: commands.String, Required: true, MaxLength: 20,
						Description: commands.T("Second player: perfect, random or mcts:<k>", "후공: perfect, random 또는 mcts:<k>", "後手: perfect, random, mcts:<k>")},
					{Name: commands.T("games", "판수", "対戦数"), Type: commands.Integer, Required: true, Min: gamesLo, Max: gamesHi,
						Description: commands.T("Number of games (1–1000)", "판 수 (1–1000)", "対戦の回数（1〜1000）")},
					{Name: commands.T("seed", "시드", "シード"), Type: commands.Integer, Min: seedLo, Max: seedHi,
						Description: commands.T("Random seed, to repeat a match (default: a new one)", "같은 시합을 다시 할 난수 시드 (기본: 새 시드)", "同じ試合を再現する乱数シード（既定: 新しいシード）")},
				},
				Example: "/coins match black:5 white:4 first:mcts:50 second:random games:100 seed:7",
			},
		},
		Routes: append([]commands.Route{
			{Pattern: route.Prefix() + "move/{state}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return press(ctx, key, rec, req)
			}},
			{Pattern: route.Prefix() + "rec/{state}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return press(ctx, key, rec, req)
			}},
			{Pattern: route.Prefix() + "hint/{state}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return press(ctx, key, rec, req)
			}},
		}, commands.OlderVersions(route.Older(), txtOlder)...),
		Budget: 8 * time.Second,

		Caching: &commands.Caching{Key: cacheKey},
	}
	c.Handle = func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		switch req.Subcommand() {
		case "bw":
			return handleBW(req)
		case "pile":
			return handlePile(ctx, req)
		case "marbles":
			return handleMarbles(req)
		case "tree":
			return handleTree(ctx, req)
		case "play":
			return handlePlay(ctx, key, rec, req)
		case "match":
			return handleMatch(ctx, req)
		}
		return nil, fmt.Errorf("coins: unknown subcommand %q", req.Subcommand())
	}
	return c
}

// countError turns a parse error of a count option into a clear rejection.
func countError(name, value string, err error) error {
	if strings.TrimSpace(value) == "" {
		return rejectOption(commands.T("`%s` is empty. Give a whole number such as `20`, `10^18` or `1e9`.", "`%s` 값이 비어 있습니다. `20`, `10^18`, `1e9` 같은 정수를 쓰세요.", "`%s` が空です。`20`、`10^18`、`1e9` のような整数を指定してください。"), name, name)
	}
	value = commands.Quote(value)
	switch {
	case errors.Is(err, coins.ErrNegative):
		return rejectOption(commands.T("`%s` cannot be negative (got %s); use a whole number from 0 to 10^18.", "`%s` 값은 음수일 수 없습니다 (입력 %s). 0부터 10^18까지의 정수를 쓰세요.", "`%s` は負にできません（入力 %s）。0 から 10^18 までの整数にしてください。"), name, name, value)
	case errors.Is(err, coins.ErrTooLarge):
		return rejectOption(commands.T("`%s` is larger than 10^18 (got %s); the largest allowed is 1000000000000000000.", "`%s` 값이 10^18보다 큽니다 (입력 %s). 최대 1000000000000000000입니다.", "`%s` が 10^18 を超えています（入力 %s）。最大は 1000000000000000000 です。"), name, name, value)
	}
	return rejectOption(commands.T("`%s` must be a whole number such as `20`, `10^18` or `1e9`; got %s.", "`%s`에는 `20`, `10^18`, `1e9` 같은 정수를 쓰세요. 입력: %s", "`%s` には `20`、`10^18`、`1e9` のような整数を指定してください。入力: %s"), name, name, value)
}

func parseCount(req *commands.Request, name string) (int64, error) {
	v := req.Options.String(name, "")
	n, err := coins.ParseCount(v)
	if err != nil {
		return 0, countError(name, v, err)
	}
	return n, nil
}

// formatInt writes n with thin grouping only when long, so 10^18 stays readable.
func formatInt(n int64) string {
	s := fmt.Sprint(n)
	if len(s) <= 6 {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// optionName is the name a player sees for the option named en, in
// locale l, from the command's definitions.
func optionName(l commands.Locale, en string) string {
	for _, s := range Command(seal.Key{}).Subcommands { // the definitions need no key
		for _, o := range s.Options {
			if o.Name.En == en {
				return o.Name.In(l)
			}
		}
	}
	return en
}

// rejectOption is a rejection about option name: arguments equal to name
// are shown in each language as the option's name there.
func rejectOption(t commands.Text, name string, args ...any) *commands.UserError {
	return commands.RejectEach(func(l commands.Locale) string {
		a := make([]any, len(args))
		for i, x := range args {
			if s, ok := x.(string); ok && s == name {
				x = optionName(l, name)
			}
			a[i] = x
		}
		return t.Format(l, a...)
	})
}
