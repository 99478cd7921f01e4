// Package stats is /stats: a server's standings, a player's history,
// what Alea keeps about a user (with their export and deletion), and the
// server's recording switch for admins. It only reads and deletes through
// package store; the games record themselves when they end. Its answers
// go parse → query → data view → render: the embed is drawn from the
// view whose data --format data prints.
package stats

import (
	"context"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/store"
)

// Deps are what /stats needs.
type Deps struct {
	// Store keeps the finished games; nil (or the store DATABASE_URL=off
	// opens) means memory is off, and every answer says so.
	Store store.Store
	// Now is the clock (the standings' week and month, the export's
	// time; nil: the wall clock).
	Now func() time.Time
	// StoreWait ends an answer's wait for the store, which then says the
	// memory is unavailable right now (nil: after records.StoreWait);
	// tests fire it by hand.
	StoreWait records.Wait
}

func (d Deps) now() time.Time {
	if d.Now == nil {
		return time.Now()
	}
	return d.Now()
}

// Bounds of the options.
const (
	minGamesLo, minGamesHi, minGamesDefault = 1, 50, 3
	recentLo, recentHi, recentDefault       = 1, 20, 8
)

// Command returns /stats: a server's standings, a player's history, what
// is kept about the user (with their export and deletion), and the
// server's recording switch for admins. Its buttons route under
// "stats/1/…".
func Command(d Deps) *commands.Command {
	mLo, mHi := commands.Between(minGamesLo, minGamesHi)
	rLo, rHi := commands.Between(recentLo, recentHi)
	c := &commands.Command{
		Name:        commands.T("stats", "전적", "戦績"),
		Description: txtStatsDesc,
		Subcommands: []commands.Subcommand{
			{
				Name: commands.T("standings", "순위", "順位"), Description: txtStandingsDesc,
				Options: []commands.Option{
					{Name: commands.T("game", "게임", "ゲーム"), Description: txtWhichGameDesc, Type: commands.String, Choices: []commands.Choice{
						{Name: gameNames[GameYacht], Value: GameYacht},
						{Name: gameNames[GameOrbs], Value: GameOrbs},
						{Name: gameNames[GameCoins], Value: GameCoins},
					}},
					yachtwords.RulesOption(),
					{Name: commands.T("by", "기준", "基準"), Description: txtByDesc, Type: commands.String, Choices: []commands.Choice{
						{Name: commands.T("wins", "승수", "勝利数"), Value: "wins"},
						{Name: commands.T("average score", "평균 점수", "平均点"), Value: "average"},
						{Name: commands.T("skill: points lost per decision", "실력: 선택 1회당 잃은 점수", "実力: 判断あたりの損失"), Value: "skill"},
					}},
					{Name: commands.T("period", "기간", "期間"), Description: txtPeriodDesc, Type: commands.String, Choices: []commands.Choice{
						{Name: periodNames[PeriodWeek], Value: PeriodWeek},
						{Name: periodNames[PeriodMonth], Value: PeriodMonth},
						{Name: periodNames[PeriodAll], Value: PeriodAll},
					}},
					{Name: commands.T("min", "최소", "最低"), Description: txtMinDesc, Type: commands.Integer, Min: mLo, Max: mHi},
				},
				Example: "/stats standings by:skill period:month",
			},
			{
				Name: commands.T("history", "기록", "履歴"), Description: txtHistoryDesc,
				Options: []commands.Option{
					{Name: commands.T("games", "게임수", "ゲーム数"), Description: txtGamesDesc, Type: commands.Integer, Min: rLo, Max: rHi},
				},
				Example: "/stats history",
			},
			{Name: commands.T("me", "내-데이터", "自分のデータ"), Description: txtMeDesc, Example: "/stats me"},
			{Name: commands.T("forget", "삭제", "削除"), Description: txtForgetDesc, Example: "/stats forget"},
			{Name: commands.T("server", "서버", "サーバー"), Description: txtServerDesc, Example: "/stats server"},
		},
	}
	guard := func(h commands.HandlerFunc) commands.HandlerFunc { return records.Guard(d.Store, d.StoreWait, h) }
	c.Handle = guard(func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		switch req.Subcommand() {
		case "standings":
			return d.standings(ctx, req)
		case "history":
			return d.history(ctx, req)
		case "me":
			return d.me(ctx, req)
		case "forget":
			return d.askForget(ctx, req)
		case "server":
			return d.server(ctx, req)
		}
		return nil, commands.Rejectf(msgNoSubcommand)
	})
	c.Routes = []commands.Route{
		{Pattern: "stats/1/forget/{user}", Handle: guard(d.askForget)},
		{Pattern: "stats/1/forgotten/{user}", Handle: guard(d.forget)},
		{Pattern: "stats/1/rec/{guild}/{on}", Handle: guard(d.setRecording)},
		{Pattern: "stats/1/wipe/{guild}", Handle: guard(d.askWipe)},
		{Pattern: "stats/1/wiped/{guild}", Handle: guard(d.wipe)},
	}
	return c
}
