package stats_test

import (
	"context"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands/stats"
)

// BenchmarkAnswers times /stats end to end (router, store
// queries on a real SQLite file, rendering, limit checks) over 2000
// recorded games.
func BenchmarkAnswers(b *testing.B) {
	s, err := openStoreB(b)
	if err != nil {
		b.Fatal(err)
	}
	gs := games(2000, 3)
	for _, g := range gs {
		if _, err := s.Record(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
	h := bottest.New(b, stats.Command(stats.Deps{Store: s, Now: func() time.Time { return now }}))
	for _, line := range []string{"/stats standings by:skill period:all", "/stats standings period:week", "/stats history games:20", "/stats me"} {
		b.Run(line, func(b *testing.B) {
			for range b.N {
				req, err := runner.SlashRequest(h.Registry, line, h.Locale)
				if err != nil {
					b.Fatal(err)
				}
				req.GuildID, req.UserID = guildA, users[0]
				if r, out := h.Do(req); out != bot.OK {
					b.Fatalf("%s: %s %s", line, out, bot.FormatText(r))
				}
			}
		})
	}
}
