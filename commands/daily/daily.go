// Package daily is /daily: one solo Yacht challenge a day (a UTC date)
// for every player of a deployment, in every server, DM and user install,
// with the same fresh dice for everyone (the tables' dice of source
// yachtdice.Daily, dealt by rule set, day, turn, roll and position
// under the deployment's secret).
//
//   - /daily play starts the day's challenge, played privately with the
//     table's buttons (the dice, Roll, the score menu; commands/yachtgame
//     draws them): the first start of a player, day and rule set is their
//     official attempt, kept in the store as it starts, so that any later
//     start, on any replica, is practice; an earlier day (date:) is
//     practice too. No hints: each decision's cost shows after it as a
//     coloured square (game/daily.Square). At the end, Share posts a
//     spoiler-free row of squares, the score, the points lost and the
//     streak in the channel.
//   - /daily board ranks a day's official results by the expected points
//     lost (fewest first; the score breaks ties), in this server or
//     everywhere (players named only by their choice), and the week's.
//   - /daily me shows the streak and today's results, and sets whether
//     the deployment-wide board shows the player's name.
//
// A game is a yachttable.Table marked Daily, sealed in its own message as
// /yacht start's are (route daily/1), and recorded like every game
// (store.KindDaily): exactly once, reviewable with /review, exported and
// forgotten with /stats.
package daily

import (
	"context"
	"github.com/alea-bot/alea/game/yachtdice"
	"io"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachttables"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

// Deps are what /daily needs from the process.
type Deps struct {
	// Tables are shared with the other Yacht commands.
	Tables *strategy.Tables
	// Key seals the games' states; the dice are derived from it (Dice).
	Key seal.Key
	// Dice deal the challenges' dice, the tables' own source of the
	// day's (yachtdice.Daily; zero: derived from Key).
	Dice yachtdice.Dice
	// Now is the clock: the day of a challenge is its UTC date (nil: the
	// wall clock).
	Now func() time.Time
	// Store keeps the official attempts and answers the boards; nil (or
	// the store DATABASE_URL=off opens) means memory is off: every game is
	// practice, and the boards say memory is off.
	Store store.Store
	// StoreWait ends a board's wait for the Store, which then says the
	// memory is unavailable right now (nil: after records.StoreWait);
	// tests fire it by hand.
	StoreWait records.Wait
	// Recorder records each finished game (nil: not recorded); the
	// wiring gives the Store.
	Recorder store.Recorder
	// RecordWait, when set, returns the channel that ends the wait for the
	// Recorder (default: record.DefaultWait); tests fire it by hand.
	RecordWait func() <-chan time.Time
	// IDs is where game identities are drawn from (nil: crypto/rand).
	IDs io.Reader
	// Faces write the dice (the zero value: glyphs with digits).
	Faces yachtwords.DiceFaces
	// Breakdowns, when set, say under a costly decision's square why the
	// best move beats it (nil: no whys; none while a table is being
	// built).
	Breakdowns *yachtcoach.Tables

	// Advice is the advice log (store.AdviceLog; nil: memory is off): a
	// finished official attempt reads it to count the decisions its
	// player took on positions they asked advice on elsewhere while it
	// was played (a hint at a table, /yacht-advise, a practice of the same
	// challenge), which keep it off the boards; a practice game writes to
	// it each position whose cost it showed. The wiring gives the Store.
	Advice store.AdviceLog
	// AdviceGo runs a write to the advice log (default: beside the reply,
	// in a new goroutine; tests run it at once).
	AdviceGo func(func())
}

func (d *Deps) now() time.Time {
	if d.Now == nil {
		return time.Now()
	}
	return d.Now()
}

// asker keeps the positions practice games showed the costs of, off the
// critical path.
func (d *Deps) asker() record.Asker {
	return record.Asker{Log: d.Advice, Now: d.Now, Go: d.AdviceGo}
}

// memory reports whether d keeps anything.
func (d *Deps) memory() bool { return !records.IsOff(d.Store) }

// Bounds of the options.
const (
	dateLen   = len("2006-01-02")
	boardTop  = 10 // the lines of a board shown
	weekMin   = 4  // the fewest dailies of a week's ranked player
	nameRunes = 32 // the longest name shown on the deployment-wide board
)

// The scopes of a board.
const (
	scopeServer   = "server"
	scopeEveryone = "everyone"
)

// Command returns /daily (subcommands play, board and me) and the routes
// of its games' buttons and of the name switch.
func Command(d Deps) *commands.Command {
	if !d.Dice.Valid() {
		d.Dice = yachtdice.New(d.Key)
	}
	dp := &d
	dateOption := commands.Option{Name: commands.T("date", "날짜", "日付"), Type: commands.String, MinLength: dateLen, MaxLength: dateLen}
	playDate, boardDate := dateOption, dateOption
	playDate.Description = txtPlayDateDesc
	boardDate.Description = txtBoardDateDesc
	c := &commands.Command{
		Name:        commands.T("daily", "데일리", "デイリー"),
		Description: txtDailyDesc,
		Subcommands: []commands.Subcommand{
			{Name: commands.T("play", "도전", "挑戦"), Description: txtPlayDesc,
				Options: []commands.Option{yachtwords.RulesOption(), playDate}, Example: "/daily play"},
			{Name: commands.T("board", "순위", "ランキング"), Description: txtBoardDesc,
				Options: []commands.Option{boardDate,
					{Name: commands.T("scope", "범위", "範囲"), Description: txtScopeDesc, Type: commands.String, Choices: []commands.Choice{
						{Name: commands.T("this server", "이 서버", "このサーバー"), Value: scopeServer},
						{Name: commands.T("everyone (names by choice)", "전체 (이름은 본인이 원할 때만)", "全体（名前は本人が選んだときだけ）"), Value: scopeEveryone},
					}},
					yachtwords.RulesOption()},
				Example: "/daily board"},
			{Name: commands.T("me", "내-기록", "自分の記録"), Description: txtMeDesc, Example: "/daily me"},
		},
		Examples: []string{"/daily board scope:everyone", "/daily play rules:yatzy", "/daily play date:2026-11-30"},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			switch req.Subcommand() {
			case "play":
				return dp.play(ctx, req)
			case "board":
				return records.Guard(dp.Store, dp.StoreWait, dp.board)(ctx, req)
			case "me":
				return records.Guard(dp.Store, dp.StoreWait, dp.me)(ctx, req)
			}
			return nil, commands.Rejectf(msgNoSubcommand)
		},
		Routes: []commands.Route{
			{Pattern: route.Prefix() + "{action}/{tag}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return dp.press(ctx, req)
			}},
			{Pattern: route.Prefix() + "name/{user}/{on}", Handle: records.Guard(dp.Store, dp.StoreWait, dp.setName)},
		},
		Budget: 2 * time.Minute,
		Warm:   yachttables.Warm(d.Tables),
	}
	return c
}
