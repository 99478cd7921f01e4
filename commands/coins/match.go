package coins

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/coins"
)

// matchData is match's --format data.
type matchData struct {
	Game      string `json:"game"`
	Black     int64  `json:"black"`
	White     int64  `json:"white"`
	First     string `json:"first"`
	Second    string `json:"second"`
	Games     int    `json:"games"`  // games asked for
	Played    int    `json:"played"` // games played (fewer when the time budget ran out)
	Wins      [2]int `json:"wins"`   // wins of the first and the second player
	Seed      uint64 `json:"seed"`
	MoverWins bool   `json:"mover_wins"` // whether the first player wins with perfect play
}

var (
	txtMatchTitle = commands.T("%[3]s vs %[4]s from (%[1]d, %[2]d), %[5]d games", "%[3]s 대 %[4]s, (%[1]d, %[2]d)에서 %[5]d판", "%[3]s 対 %[4]s、(%[1]d, %[2]d) から%[5]d回")
	txtMatchWins  = commands.T("Out of %[1]d games, the first player (%[2]s) won %[3]d and the second (%[4]s) won %[5]d.", "%[1]d판 중 선공(%[2]s)이 %[3]d번, 후공(%[4]s)이 %[5]d번 이겼습니다.", "%[1]d回の対戦で、先手（%[2]s）が%[3]d勝、後手（%[4]s）が%[5]d勝でした。")
	// txtMatchTitleOne, txtMatchWinsOne and txtMatchSeedOne are the
	// sentences of a one-game match (English has a singular; Korean and
	// Japanese read the same, but Korean drops the plural 들 of 판들).
	txtMatchTitleOne = commands.T("%[3]s vs %[4]s from (%[1]d, %[2]d), %[5]d game", "%[3]s 대 %[4]s, (%[1]d, %[2]d)에서 %[5]d판", "%[3]s 対 %[4]s、(%[1]d, %[2]d) から%[5]d回")
	txtMatchWinsOne  = commands.T("Out of %[1]d game, the first player (%[2]s) won %[3]d and the second (%[4]s) won %[5]d.", "%[1]d판 중 선공(%[2]s)이 %[3]d번, 후공(%[4]s)이 %[5]d번 이겼습니다.", "%[1]d回の対戦で、先手（%[2]s）が%[3]d勝、後手（%[4]s）が%[5]d勝でした。")
	txtMatchSeedOne  = commands.T("Play the same game again with `seed:%d`.", "`시드:%d`(으)로 같은 판을 다시 할 수 있습니다.", "`シード:%d` で同じ対戦を再現できます。")
	txtMatchFirst    = commands.T("With perfect play the first player %s from (%d, %d).", "둘 다 최선을 다하면 (%[2]d, %[3]d)에서 선공이 %[1]s.", "最善を尽くせば (%[2]d, %[3]d) から先手が%[1]s。")
	txtMatchWinV     = commands.T("wins", "이깁니다", "勝ちます")
	txtMatchLoseV    = commands.T("loses", "집니다", "負けます")
	txtMatchCut      = commands.T("⏱️ The time budget ran out after %d of %d games; the counts are for those games.", "⏱️ 시간 제한으로 %[2]d판 중 %[1]d판만 했습니다. 그 판들의 결과입니다.", "⏱️ 時間切れのため%[2]d回中%[1]d回だけ対戦しました。その結果です。")
	txtMatchSeed     = commands.T("Play the same games again with `seed:%d`.", "`시드:%d`(으)로 같은 판들을 다시 할 수 있습니다.", "`シード:%d` で同じ対戦を再現できます。")
	txtMatchSims     = commands.T("An mcts player may use at most %d simulations in a match (got %s).", "시합에서 mcts는 최대 %d번의 시뮬레이션만 쓸 수 있습니다 (입력 %s).", "試合での mcts のシミュレーションは%d回までです（入力 %s）。")
	txtMatchEmpty    = commands.T("`%s` is empty. Name a player: `perfect`, `random` or `mcts:<k>` (e.g. `mcts:50`).", "`%s` 값이 비어 있습니다. 플레이어를 쓰세요: `perfect`(완벽), `random`(무작위), `mcts:<k>` (예: `mcts:50`).", "`%s` が空です。プレイヤーを指定してください: `perfect`（完全）、`random`（ランダム）、`mcts:<k>`（例: `mcts:50`）。")
	txtMatchWork     = commands.T("That match is too big to finish in time (games × (black+white)² × simulations ≈ %.0f, limit %.0f); use fewer games, coins or simulations.", "시합이 너무 커서 시간 안에 끝낼 수 없습니다 (판 수 × (흑+백)² × 시뮬레이션 ≈ %.0f, 한도 %.0f). 판 수, 동전 수, 시뮬레이션 수를 줄이세요.", "試合が大きすぎて時間内に終わりません（対戦数 × (黒+白)² × シミュレーション ≈ %.0f、上限 %.0f）。対戦数、コイン、シミュレーションを減らしてください。")
)

func playerError(name, v string, err error) error {
	if strings.TrimSpace(v) == "" {
		return rejectOption(txtMatchEmpty, name, name)
	}
	v = commands.Quote(v)
	if errors.Is(err, coins.ErrSimulations) {
		return rejectOption(commands.T("`%s`: mcts needs 1 to %d simulations, e.g. `mcts:50`; got %s.", "`%s`: mcts의 시뮬레이션 수는 1~%d입니다. 예: `mcts:50`. 입력: %s", "`%s`: mcts のシミュレーション数は 1〜%d です。例: `mcts:50`。入力: %s"), name, name, maxMatchSims, v)
	}
	return rejectOption(commands.T("`%s` must be `perfect`, `random` or `mcts:<k>` (e.g. `mcts:50`); got %s.", "`%s`에는 `perfect`(완벽), `random`(무작위), `mcts:<k>` (예: `mcts:50`) 중 하나를 쓰세요. 입력: %s", "`%s` は `perfect`（完全）、`random`（ランダム）、`mcts:<k>`（例: `mcts:50`）のいずれかです。入力: %s"), name, name, v)
}

func handleMatch(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	b, w := req.Options.Int("black", 0), req.Options.Int("white", 0)
	if b+w == 0 {
		return nil, commands.Rejectf(txtNoCoin)
	}
	var specs [2]coins.PlayerSpec
	for i, name := range [2]string{"first", "second"} {
		v := req.Options.String(name, "")
		spec, err := parsePlayer(v)
		if err != nil {
			return nil, playerError(name, v, err)
		}
		if spec.Kind == coins.MCTS && spec.Simulations > maxMatchSims {
			return nil, commands.Rejectf(txtMatchSims, maxMatchSims, commands.Quote(v))
		}
		specs[i] = spec
	}
	games := int(req.Options.Int("games", 1))
	if games < 1 || games > maxMatchGames {
		return nil, commands.Reject("`games` must be 1 to %d.", "`games`는 1~%d입니다.", "`games` は 1〜%d です。", maxMatchGames)
	}
	work := 0.0
	for _, s := range specs {
		if s.Kind == coins.MCTS {
			n := float64(b + w)
			work += float64(games) * n * n * float64(s.Simulations)
		}
	}
	if work > maxMatchWork {
		return nil, commands.Rejectf(txtMatchWork, work, float64(maxMatchWork))
	}
	volatile := !req.Options.Has("seed")
	seed := uint64(req.Options.Int("seed", 0))
	if volatile {
		seed = randomSeed()
	}
	ctx, done, err := commands.Heavy(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	// Stop early enough to answer within the command's budget.
	wctx, cancel := context.WithTimeout(ctx, 6*time.Second)
	defer cancel()
	start := coins.BWState{Black: b, White: w}
	rng := rand.New(rand.NewPCG(seed, 0x3a7c4))
	res, err := coins.Match(wctx, start, specs[0], specs[1], games, rng)
	cut := false
	if err != nil {
		if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
			return nil, err
		}
		if res.Games == 0 {
			return nil, commands.Rejectf(txtTreeTime)
		}
		cut = true
	}
	l := req.Locale
	data := matchData{Game: "bw", Black: b, White: w, First: specs[0].String(), Second: specs[1].String(), Games: games,
		Played: res.Games, Wins: res.Wins, Seed: seed, MoverWins: coins.BW{}.MoverWins(start)}
	verb := txtMatchLoseV.In(l)
	if data.MoverWins {
		verb = txtMatchWinV.In(l)
	}
	wins, title, seedLine := txtMatchWins, txtMatchTitle, txtMatchSeed
	if res.Games == 1 {
		wins, seedLine = txtMatchWinsOne, txtMatchSeedOne
	}
	if games == 1 {
		title = txtMatchTitleOne
	}
	desc := wins.Format(l, res.Games, playerName(l, specs[0]), res.Wins[0], playerName(l, specs[1]), res.Wins[1]) + "\n" + txtMatchFirst.Format(l, verb, b, w)
	if cut {
		desc += "\n" + txtMatchCut.Format(l, res.Games, games)
	}
	return &commands.Reply{
		Embeds: []commands.Embed{{
			Title:       title.Format(l, b, w, playerName(l, specs[0]), playerName(l, specs[1]), games),
			Description: desc,
			Color:       colour,
			Footer:      seedLine.Format(l, seed),
		}},
		Data: data,
	}, nil
}

var (
	txtPlayerPerfect = commands.T("perfect", "완벽", "完全")
	txtPlayerRandom  = commands.T("random", "무작위", "ランダム")
)

// parsePlayer reads a match player as coins.ParsePlayerSpec does, and
// also by the name a match shows for it in any language (완벽, 完全):
// first and second are typed, not picked, so a player types the name
// they read.
func parsePlayer(v string) (coins.PlayerSpec, error) {
	t := strings.TrimSpace(v)
	for _, p := range []struct {
		name commands.Text
		spec coins.PlayerSpec
	}{{txtPlayerPerfect, coins.PlayerSpec{Kind: coins.Perfect}}, {txtPlayerRandom, coins.PlayerSpec{Kind: coins.Random}}} {
		for _, l := range commands.Locales {
			if strings.EqualFold(t, p.name.In(l)) {
				return p.spec, nil
			}
		}
	}
	return coins.ParsePlayerSpec(v)
}

// playerName is how a match names a player in the reader's language: the
// words of /coins play's choices, and "MCTS k=50" for a tree search.
func playerName(l commands.Locale, p coins.PlayerSpec) string {
	switch p.Kind {
	case coins.Perfect:
		return txtPlayerPerfect.In(l)
	case coins.Random:
		return txtPlayerRandom.In(l)
	default:
		return fmt.Sprintf("MCTS k=%d", p.Simulations)
	}
}
