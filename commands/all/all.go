// Package all assembles every Alea command into one registry.
package all

import (
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/coins"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/commands/help"
	"github.com/alea-bot/alea/commands/orbs"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/commands/review"
	"github.com/alea-bot/alea/commands/stats"
	"github.com/alea-bot/alea/commands/trialrule"
	"github.com/alea-bot/alea/commands/yachtadvise"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachtgame"
	"github.com/alea-bot/alea/commands/yachtstats"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht/reach"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachtodds"
	"github.com/alea-bot/alea/store"
)

// Deps are what the commands need from the process that runs them.
type Deps struct {
	// Tables are the Yacht tables, one per rule set, shared by every Yacht
	// command (/yacht-advise, /yacht start, /yacht-stats).
	Tables *strategy.Tables
	// StateKey seals every game state in custom_ids and messages
	// (internal/app derives it from config.Config.StateMaterial).
	StateKey seal.Key
	// Now is the clock (how long a Yacht player has been idle).
	Now func() time.Time
	// WinProbabilities, when set, shows each Yacht player's chance of
	// winning on the scoreboard (nil: not shown).
	WinProbabilities yachtgame.WinProbabilities
	// Odds, when set, add the play-to-win move to the end game's hint.
	Odds *yachtodds.WinOdds
	// Recorder, when set, records every finished game: Yacht tables,
	// solved /orbs random puzzles, /coins play games (nil: memory off).
	Recorder store.Recorder
	// RecordWait, when set, ends the wait for the Recorder (default: a
	// 2-second timer); tests fire it by hand.
	RecordWait func() <-chan time.Time
	// Store keeps finished games (standings, history); nil: no memory
	// (the commands that read it say so).
	Store store.Store
	// StoreWait ends the wait of /stats, /review and the daily's boards
	// for the Store, which then say the memory is unavailable right now
	// (nil: after records.StoreWait); tests fire it by hand.
	StoreWait records.Wait
	// TargetSolutions keeps /yacht-advise's direct target calculations
	// for the later turns of a game (nil: none kept).
	TargetSolutions *reach.Solutions
	// DiceFaces writes the Yacht commands' dice: Alea's application
	// emojis when the bot found them registered, glyphs otherwise (the
	// zero value).
	DiceFaces yachtwords.DiceFaces
	// AdviceGo runs the writes of the advice log (default: beside the
	// reply; tests run them at once).
	AdviceGo func(func())
	// Breakdowns are the breakdown tables the Yacht commands share (what
	// every box will hold at the end: the why of a decision); nil: the
	// registry makes them.
	Breakdowns *yachtcoach.Tables
	// OtherKey, when set, hears of each press on a Yacht board sealed
	// under another state key, by interaction id (the bot warns).
	OtherKey func(interaction string)
}

// Loopback returns the dependencies of the local runner, the playground
// and tests: fresh tables, the loopback state key (no secret), the wall
// clock and live win odds (within a second per scoreboard, shared by the
// scoreboard and the hint). The bot
// replaces the state key.
func Loopback() Deps {
	odds := yachtodds.NewWinOdds(yachtodds.WinOddsOptions{})
	return Deps{Tables: &strategy.Tables{}, StateKey: seal.Loopback(), Now: time.Now,
		WinProbabilities: odds.Probabilities, Odds: odds}
}

// Registry returns a new registry with every command, /help last so that
// it lists all the others. Every field of d but WinProbabilities, Odds,
// Recorder, RecordWait, Store and TargetSolutions must be set.
func Registry(d Deps) *commands.Registry {
	// The solved orbs puzzles and the coins games against Alea record
	// themselves as the Yacht table does.
	mem := record.Bounded{Recorder: d.Recorder, Wait: d.RecordWait, Now: d.Now}
	if d.Breakdowns == nil {
		d.Breakdowns = &yachtcoach.Tables{}
	}
	// The advice asked outside a game's board, which marks the decisions
	// taken on it as assisted, is kept in the store (none without one).
	var advice store.AdviceLog
	if d.Store != nil && d.Recorder != nil {
		advice = d.Store
	}
	asked := record.Asker{Log: advice, Now: d.Now, Go: d.AdviceGo}
	reg := commands.NewRegistry(
		// One line per command package: name.Command(...),
		trialrule.Command(),
		yachtadvise.CommandLogging(d.Tables, d.DiceFaces, d.TargetSolutions, asked, d.Breakdowns),
		yachtgame.Command(yachtgame.Deps{Tables: d.Tables, Key: d.StateKey, Now: d.Now, WinProbabilities: d.WinProbabilities, Odds: d.Odds, Faces: d.DiceFaces, Breakdowns: d.Breakdowns,
			Recorder: d.Recorder, RecordWait: d.RecordWait, Stored: reader(d.Store), Advice: advice, AdviceGo: d.AdviceGo, OtherKey: d.OtherKey}),
		yachtstats.Command(d.Tables),
		orbs.CommandRecording(d.StateKey, mem),
		coins.CommandRecording(d.StateKey, mem),
		stats.Command(stats.Deps{Store: d.Store, Now: d.Now, StoreWait: d.StoreWait}),
		review.CommandCoached(d.Store, d.StoreWait, d.Tables, d.Breakdowns),
		daily.Command(daily.Deps{Tables: d.Tables, Key: d.StateKey, Now: d.Now, Store: d.Store, StoreWait: d.StoreWait, Recorder: d.Recorder, RecordWait: d.RecordWait, Faces: d.DiceFaces, Breakdowns: d.Breakdowns,
			Advice: advice, AdviceGo: d.AdviceGo}),
	)
	reg.Add(help.Command(reg))
	return reg
}

// reader is st as the reader of recorded games (nil without a store).
func reader(st store.Store) record.Reader {
	if st == nil {
		return nil
	}
	return st
}
