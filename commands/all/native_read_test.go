package all_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// TestNativeReadWording pins, in the three languages, the lines a
// Korean and a Japanese speaker's read rewrote: /yacht's description and
// its seed option's, and the personal best of a player whose every game
// was unlucky.
func TestNativeReadWording(t *testing.T) {
	const kai, guild = "100000000000000031", "300000000000000031"
	end := time.Date(2026, 11, 18, 20, 0, 0, 0, time.UTC)
	s := storetest.SQLite(t)
	for i, luck := range []float64{-4, -12.5} {
		g := store.Game{ID: []string{"unluckygame1", "unluckygame2"}[i], Kind: store.KindYacht, Guild: guild, Rules: "yacht",
			Started: end.Add(time.Duration(i)*time.Hour - 20*time.Minute), Ended: end.Add(time.Duration(i) * time.Hour),
			Seats: []store.Seat{{User: kai, Score: 180, Lost: 3.6, Decisions: 36, Luck: luck, Winner: true}}}
		if _, err := s.Record(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	deps := all.Loopback()
	deps.Store, deps.Now = s, func() time.Time { return time.Date(2026, 11, 19, 12, 0, 0, 0, time.UTC) }
	reg := all.Registry(deps)
	h := bottest.New(t, reg.Commands()...)
	for line, want := range map[string]map[commands.Locale][]string{
		`/help command:yacht`: {
			commands.English: {"Play Yacht with an exact scoresheet: dice, holds, categories, the cost of each choice",
				"`seed` — Seed of the virtual dice, for a game you can replay (default random)"},
			commands.Korean: {"정확한 점수표로 요트 하기: 주사위, 남길 주사위, 족보, 선택마다의 손실",
				"`시드` — 가상 주사위 시드: 같은 게임을 다시 하고 싶을 때 (기본: 무작위)"},
			commands.Japanese: {"厳密なスコア表でヨットを遊ぶ: サイコロ、残すサイコロ、役、各判断の損失",
				"`シード` — 仮想サイコロのシード。同じゲームを再現するとき（既定はランダム）"},
		},
		`/stats history`: {
			commands.English:  {"Least unlucky game: luck −4.0 (`unluckygame1`)."},
			commands.Korean:   {"운이 가장 덜 나빴던 게임: 운 −4.0 (`unluckygame1`)."},
			commands.Japanese: {"不運が最も小さかったゲーム: 運 −4.0（`unluckygame1`）。"},
		},
	} {
		for loc, ws := range want {
			h.Locale = loc
			req, err := runner.SlashRequest(reg, line, loc)
			if err != nil {
				t.Fatal(err)
			}
			req.GuildID, req.UserID = guild, kai
			r, _ := h.Do(req)
			text := replyText(r)
			for _, w := range ws {
				if !strings.Contains(text, w) {
					t.Errorf("%s %s: no %q in\n%s", loc, line, w, text)
				}
			}
		}
	}
}
