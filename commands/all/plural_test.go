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

// TestOneIsSingular: a count of one is written in the singular in
// English ("1 game", "1 point"), while Korean and Japanese counters read
// as they do for any count: one Yacht game Kai won over Lee with a
// single point, and one coins game against the perfect bot.
func TestOneIsSingular(t *testing.T) {
	const kai, lee, guild = "100000000000000021", "100000000000000022", "300000000000000021"
	end := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	s := storetest.SQLite(t)
	for _, g := range []store.Game{
		{ID: "onepointgame", Kind: store.KindYacht, Guild: guild, Rules: "yacht", Started: end.Add(-time.Hour), Ended: end,
			Seats: []store.Seat{{User: kai, Score: 1, Lost: 3.6, Decisions: 36, Winner: true}, {User: lee, Score: 0, Lost: 7.2, Decisions: 36}}},
		{ID: "onecoinsgame", Kind: store.KindCoins, Guild: guild, Rules: "bw-perfect", Started: end, Ended: end, Size: 7, Puzzle: "3-4/perfect",
			Seats: []store.Seat{{User: kai, Score: 1, Winner: true}, {Alea: true}}},
	} {
		if _, err := s.Record(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	deps := all.Loopback()
	deps.Store, deps.Now = s, func() time.Time { return time.Date(2026, 11, 19, 12, 0, 0, 0, time.UTC) }
	reg := all.Registry(deps)
	h := bottest.New(t, reg.Commands()...)
	for line, want := range map[string]map[commands.Locale]string{
		`/stats standings min:1`: {
			commands.English:  "**Leader: <@100000000000000021> — 1/1 game won.**",
			commands.Korean:   "**1위: <@100000000000000021> — 1게임 1승**",
			commands.Japanese: "**1位: <@100000000000000021> — 1戦1勝**",
		},
		`/review game:onepointgame`: {
			commands.English:  "🏆 <@100000000000000021> — 1 point · 0.10 lost per decision over 36 decisions · **Expert**",
			commands.Korean:   "🏆 <@100000000000000021> — 1점 · 선택 36번, 선택 1회당 손실 0.10 · **",
			commands.Japanese: "🏆 <@100000000000000021> — 1点 · 判断36回、1回あたり損失 0.10 · **",
		},
		`/yacht-advise sheet:"aces:1" target:1`: {
			commands.English:  "The sheet already has 1 point, so the target of 1 is reached whatever happens: every action has a 100% chance.",
			commands.Korean:   "점수표에 이미 1점이 있어 목표 1점은 무슨 일이 있어도 달성됩니다. 어떤 선택지든 확률이 100%입니다.",
			commands.Japanese: "スコア表にすでに1点あるので、目標の1点はどうなっても達成されます。どの選択肢も確率は100%です。",
		},
		`/stats history`: {
			commands.English:  "🪙 Coins against the perfect bot: 1 game · 1 won",
			commands.Korean:   "🪙 완벽한 봇과 동전 게임: 1판 · 1승",
			commands.Japanese: "🪙 完全なボットとのコイン対戦: 1戦 · 1勝",
		},
	} {
		for loc, w := range want {
			h.Locale = loc
			req, err := runner.SlashRequest(reg, line, loc)
			if err != nil {
				t.Fatal(err)
			}
			req.GuildID, req.UserID = guild, kai
			r, out := h.Do(req)
			if text := replyText(r); out != bot.OK || !strings.Contains(text, w) {
				t.Errorf("%s %s: %s, no %q in\n%s", loc, line, out, w, text)
			}
		}
	}
}
