package all_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// The players and server of the games the counting sentences read.
const (
	cntKai   = "100000000000000011"
	cntLee   = "100000000000000012"
	cntGuild = "300000000000000009"
)

// countingGames are two games of Kai against Lee: the first with dice
// dealt by Alea, where Kai took 10 of his 36 decisions with advice (which
// lost 1.00 of his 3.60) and won; the second with dice entered by hand,
// which counts toward skill only.
func countingGames() []store.Game {
	end := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	return []store.Game{
		{ID: "kaiaaaaaaaaa", Kind: store.KindYacht, Guild: cntGuild, Rules: "yacht", Started: end.Add(-30 * time.Minute), Ended: end,
			Seats: []store.Seat{
				{User: cntKai, Score: 250, Lost: 3.6, Decisions: 36, Assisted: 10, AssistedLost: 1, Hints: true, Luck: 10, Winner: true},
				{User: cntLee, Score: 200, Lost: 7.2, Decisions: 36, Luck: -5},
			}},
		{ID: "kaibbbbbbbbb", Kind: store.KindYacht, Guild: cntGuild, Rules: "yacht", Entered: true, Started: end.Add(time.Hour), Ended: end.Add(2 * time.Hour),
			Seats: []store.Seat{
				{User: cntKai, Score: 180, Lost: 3.6, Decisions: 36, Luck: -20},
				{User: cntLee, Score: 220, Lost: 3.6, Decisions: 36, Luck: 20, Winner: true},
			}},
	}
}

// countingSentences are whole sentences of the answers over
// countingGames, asked by Kai in the server (regression values from the
// answers, read by a Korean and a Japanese speaker; the numbers are
// proven against brute force in package store).
var countingSentences = []struct {
	line string
	want map[commands.Locale][]string
}{
	{`/stats standings by:skill min:1`, map[commands.Locale][]string{
		commands.English: {"`1.` <@100000000000000011> · 0.10 lost/decision over 62 decisions · 1/1 wins · avg 250.0 · 💡 10 assisted, not counted",
			"`2.` <@100000000000000012> · 0.15 lost/decision over 72 decisions · 0/1 wins · avg 200.0",
			"Skill is the expected points lost per decision against perfect play, over the decisions taken without advice, so the dice's luck does not count; luck is what the dice gave above or below the average. A win counts only against another player; games with hand-entered dice count toward skill only; games with a chosen seed are not counted."},
		commands.Korean: {"`1.` <@100000000000000011> · 선택 62번, 선택 1회당 손실 0.10 · 1게임 1승 · 평균 250.0점 · 💡 조언받은 선택 10번은 제외",
			"`2.` <@100000000000000012> · 선택 72번, 선택 1회당 손실 0.15 · 1게임 0승 · 평균 200.0점",
			"실력은 조언 없이 내린 선택마다 완벽한 플레이와 비교해 잃은 기대 점수라서 주사위 운이 들어가지 않습니다. 운은 주사위가 평균보다 더 주거나 덜 준 점수입니다. 승리는 다른 플레이어와 겨뤘을 때만 집계하고, 주사위를 직접 입력한 게임은 실력에만 반영하며, 시드를 고른 게임은 집계하지 않습니다."},
		commands.Japanese: {"`1.` <@100000000000000011> · 判断62回、判断あたり損失 0.10 · 1戦1勝 · 平均250.0点 · 💡 助言ありの判断10回は除外",
			"`2.` <@100000000000000012> · 判断72回、判断あたり損失 0.15 · 1戦0勝 · 平均200.0点",
			"実力は助言なしの判断ごとに完璧なプレイと比べて失った期待点で、サイコロの運は入りません。運は、出目が平均と比べて何点多く（少なく）もたらしたかです。勝利は他のプレイヤーとの対戦だけを数え、サイコロを手入力したゲームは実力にだけ反映し、シードを選んだゲームは集計しません。"},
	}},
	{`/stats history`, map[commands.Locale][]string{
		commands.English:  {"Yacht (51 Worldwide Games): games 2, wins 1 · avg 250.0 · best 250 · 0.10 lost/decision · luck +10.0/game · 💡 10 assisted, not counted"},
		commands.Korean:   {"요트 (세계의 아소비 대전 51): 2게임 1승 · 평균 250.0 · 최고 250 · 선택 1회당 손실 0.10 · 게임당 운 +10.0 · 💡 조언받은 선택 10번은 제외"},
		commands.Japanese: {"ヨット（世界のアソビ大全51）: 2戦1勝 · 平均 250.0 · 最高 250 · 判断あたり損失 0.10 · 1戦あたりの運 +10.0 · 💡 助言ありの判断10回は除外"},
	}},
	{`/review game:kaiaaaaaaaaa`, map[commands.Locale][]string{
		commands.English:  {"🏆 <@100000000000000011> — 250 points · 0.10 lost per decision over 36 decisions · **Expert** · 💡 10 of 36 decisions assisted"},
		commands.Korean:   {"🏆 <@100000000000000011> — 250점 · 선택 36번, 선택 1회당 손실 0.10 · **전문가** · 💡 선택 36번 중 10번은 조언을 받음"},
		commands.Japanese: {"🏆 <@100000000000000011> — 250点 · 判断36回、1回あたり損失 0.10 · **エキスパート** · 💡 判断36回のうち10回は助言あり"},
	}},
	{`/review game:kaibbbbbbbbb`, map[commands.Locale][]string{
		commands.English:  {"This game had hand-entered dice, so it counts toward skill only, not wins or average."},
		commands.Korean:   {"이 게임은 주사위를 직접 입력해서 실력에만 반영되고 승수와 평균에는 들어가지 않습니다."},
		commands.Japanese: {"このゲームはサイコロを手入力したので、実力にだけ反映され、勝利数と平均点には入りません。"},
	}},
	{`/stats standings game:orbs`, map[commands.Locale][]string{
		commands.English:  {"Solved random puzzles of at least 16 cells count, one result per puzzle per player per hour; a win is a solve in the fewest presses the puzzle allows."},
		commands.Korean:   {"16칸 이상인 무작위 퍼즐을 완성하면 집계하며, 같은 퍼즐은 한 사람당 한 시간에 한 번만 셉니다. 그 퍼즐의 최소 횟수로 완성하면 1승입니다."},
		commands.Japanese: {"16マス以上のランダムパズルのクリアを集計し、同じパズルは一人1時間に1回だけ数えます。そのパズルの最少回数でクリアすると1勝です。"},
	}},
	{`/stats standings game:coins`, map[commands.Locale][]string{
		commands.English:  {"Games against Alea from at least 6 coins count, whichever bot played, one result per starting position and bot per player per hour."},
		commands.Korean:   {"동전 6개 이상으로 시작한 Alea와의 게임을 어떤 봇과 했든 집계하며, 같은 시작 배치와 봇은 한 사람당 한 시간에 한 번만 셉니다."},
		commands.Japanese: {"コイン6枚以上から始めた Alea との対戦を、どのボットが相手でも集計します。同じ初期配置とボットは一人1時間に1回だけ数えます。"},
	}},
}

// TestCountingSentences pins the sentences that say what counts, over a
// real SQLite store, and checks that the Korean and Japanese answers hold
// no English fragment.
func TestCountingSentences(t *testing.T) {
	s := storetest.SQLite(t)
	for _, g := range countingGames() {
		if _, err := s.Record(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	deps := all.Loopback()
	deps.Store, deps.Now = s, func() time.Time { return time.Date(2026, 11, 19, 12, 0, 0, 0, time.UTC) }
	reg := all.Registry(deps)
	h := bottest.New(t, reg.Commands()...)
	for _, c := range countingSentences {
		for _, loc := range commands.Locales {
			h.Locale = loc
			req, err := runner.SlashRequest(reg, c.line, loc)
			if err != nil {
				t.Fatal(err)
			}
			req.GuildID, req.UserID = cntGuild, cntKai
			r, out := h.Do(req)
			if out == bot.Internal {
				t.Fatalf("%s %s: internal error", loc, c.line)
			}
			text := replyText(r)
			for _, w := range c.want[loc] {
				if !strings.Contains(text, w) {
					t.Errorf("%s %s: no %q in\n%s", loc, c.line, w, text)
				}
			}
			if loc != commands.English {
				if frags := englishFragments(text); frags != nil {
					t.Errorf("%s %s: English in the answer: %q", loc, c.line, frags)
				}
			}
		}
	}
}
