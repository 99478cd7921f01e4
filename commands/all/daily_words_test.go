package all_test

import (
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// TestDailyWords: /daily's answers over a real store, and the answers of
// their buttons, hold no English fragment in Korean and Japanese and none
// of the words a player would not write there (the sentences themselves
// are pinned in package daily).
func TestDailyWords(t *testing.T) {
	if race.Enabled {
		t.Skip("a daily from its first turn needs the full table; played in the non-race run")
	}
	s := storetest.SQLite(t)
	noon := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	day := int(noon.Unix() / 86400)
	for i, u := range []string{memMina, memJun} {
		id := "daily-" + u
		if _, _, err := s.ClaimDaily(t.Context(), store.DailyAttempt{User: u, Rules: "yacht", Day: day - i, Game: id, Started: noon.AddDate(0, 0, -i)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Record(t.Context(), store.Game{ID: id, Kind: store.KindDaily, Guild: memGuild, Rules: "yacht", Seed: uint64(day - i),
			Started: noon.AddDate(0, 0, -i), Ended: noon.AddDate(0, 0, -i).Add(time.Hour), Seats: []store.Seat{{User: u, Score: 190, Lost: 2.5, Decisions: 34}}}); err != nil {
			t.Fatal(err)
		}
	}
	deps := all.Loopback()
	deps.Store, deps.Recorder, deps.Now = s, s, func() time.Time { return noon }
	reg := all.Registry(deps)
	h := bottest.New(t, reg.Commands()...)
	for _, loc := range []commands.Locale{commands.Korean, commands.Japanese} {
		for _, line := range []string{"/daily play", "/daily play date:2026-11-30", "/daily board", "/daily board scope:everyone", "/daily me"} {
			req, err := runner.SlashRequest(reg, line, loc)
			if err != nil {
				t.Fatal(err)
			}
			req.GuildID, req.UserID, req.UserName = memGuild, memJun, "Jun"
			r, out := h.Do(req)
			if out != bot.OK {
				t.Fatalf("%s %s: %s", loc, line, out)
			}
			texts := []string{replyText(r)}
			for _, row := range r.Components {
				for _, b := range row {
					cr, _ := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: b.CustomID, GuildID: memGuild, UserID: memJun, UserName: "Jun",
						Locale: loc, Message: bottest.MessageOf(r, noon)})
					texts = append(texts, replyText(cr))
				}
			}
			for _, tx := range texts {
				if frags := englishFragments(strings.ReplaceAll(tx, "Jun", "")); frags != nil {
					t.Errorf("%s %s: English %q:\n%s", loc, line, frags, tx)
				}
				if bad := unidiomatic[loc].FindAllString(codeSpan.ReplaceAllString(tx, " "), -1); bad != nil {
					t.Errorf("%s %s: %q is not what a player writes:\n%s", loc, line, bad, tx)
				}
			}
		}
	}
}
