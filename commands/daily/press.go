package daily

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachtgame"
	"github.com/alea-bot/alea/commands/yachttables"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/daily"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
)

// The daily's own actions, by their letter in the custom_ids (the dice,
// Roll and the score menu keep the table's letters, yachtgame.Action*).
const (
	actRecord = 'R' // final board: record the result again (idempotent)
	actShare  = 'X' // final board: post the spoiler-free result in the channel
)

// moves are the moves of the letters a daily's board shows.
func moveOf(letter byte) (yachttable.MoveKind, bool) {
	switch {
	case letter >= yachtgame.ActionDie0 && letter < yachtgame.ActionDie0+yacht.NumDice:
		return yachttable.MoveToggle, true
	case letter == yachtgame.ActionRoll:
		return yachttable.MoveRoll, true
	case letter == yachtgame.ActionScore:
		return yachttable.MoveScore, true
	case letter == actRecord:
		return yachttable.MoveRecord, true
	}
	return 0, false
}

// pressing is one press being answered.
type pressing struct {
	d   *Deps
	req *commands.Request
	loc commands.Locale // the board's language
	c   carrier
	g   *yachttable.Table
}

// press answers every button and the score menu of a daily's board in one
// pipeline: open the board (the custom_id must be one the bot put on the
// message as it is now) → authorise the player → apply the move → record
// the result when the game ended → render → seal. Share is a view: it
// changes nothing.
func (d *Deps) press(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	letter := req.Params["action"]
	c, ok := readCarrier(req.Message)
	if !ok || len(letter) != 1 {
		return nil, commands.Rejectf(msgNoMessage)
	}
	opened, err := kit(d.Key).OpenOn(req.CustomID, c.String(), seal.Board{State: c.State})
	if errors.Is(err, seal.ErrStale) {
		return nil, yachtgame.RejectStale()
	}
	if err != nil {
		return nil, commands.Rejectf(msgBadState)
	}
	g, err := yachttable.OpenBoard(opened.State, "")
	if err != nil || g.Daily == nil {
		return nil, commands.Rejectf(msgBadState)
	}
	g.Roller = d.Dice.For(g.Bound())
	if who, stranger := g.Owner.Stranger(req.UserID, msgSomeone.In(req.Locale)); stranger {
		return nil, commands.Rejectf(msgNotYours, who)
	}
	p := &pressing{d: d, req: req, loc: c.Board, c: c, g: g}
	if letter[0] == actShare {
		if !g.Over() {
			return nil, yachtgame.RejectNotNow(g.Roll)
		}
		return p.share(ctx)
	}
	kind, ok := moveOf(letter[0])
	if !ok {
		return nil, commands.Rejectf(msgBadState)
	}
	return p.play(ctx, yachttable.Move{Kind: kind, By: req.UserID, At: d.now()})
}

// play makes move m: authorise, read the press's input, check, apply,
// record when the game ended, then draw and seal the board.
func (p *pressing) play(ctx context.Context, m yachttable.Move) (*commands.Reply, error) {
	g := p.g
	if err := g.Authorise(m); err != nil {
		return nil, commands.Rejectf(msgNotYours, g.Owner.Mention())
	}
	switch m.Kind {
	case yachttable.MoveToggle:
		m.Die = int(p.req.Params["action"][0] - yachtgame.ActionDie0)
	case yachttable.MoveScore:
		if !g.Allowed(m.Kind) || len(p.req.Values) != 1 {
			return nil, yachtgame.RejectNotNow(g.Roll)
		}
		cat, err := strconv.Atoi(strings.TrimPrefix(p.req.Values[0], "c"))
		if err != nil || "c"+strconv.Itoa(cat) != p.req.Values[0] {
			return nil, yachtgame.RejectCategory()
		}
		m.Category = cat
	}
	if err := g.Check(m); err != nil {
		return nil, yachtgame.RejectNotNow(g.Roll)
	}
	t, err := yachttables.Table(ctx, p.d.Tables, g.Rules)
	if err != nil {
		return nil, err
	}
	// A practice decision's cost shows on the board: the position it was
	// taken on is advice its player asked about (kept while an official
	// attempt of the challenge may be open: today's, or yesterday's
	// played past midnight).
	var position string
	if m.Kind == yachttable.MoveScore || m.Kind == yachttable.MoveRoll && g.Roll > 0 {
		position = yachttable.Position(g.Seats[0].Sheet, g.Dice, g.Roll)
	}
	before := yachtcoach.Before(g)
	events, err := g.Apply(t, m)
	switch {
	case errors.Is(err, yachttable.ErrNoCategory):
		return nil, yachtgame.RejectCategory()
	case errors.Is(err, yachttable.ErrNotNow):
		return nil, yachtgame.RejectNotNow(g.Roll)
	case err != nil:
		return nil, err
	}
	if position != "" && g.Chosen && daily.Day(g.Daily.Day) >= daily.Today(m.At)-1 {
		p.d.asker().Ask(store.Advice{User: playerID(g, p.req), Rules: g.Rules.Key, Position: position})
	}
	var end *ending
	if yachttable.Ended(events) {
		end = &ending{rec: p.d.record(ctx, t, g, p.req)}
		if !g.Chosen {
			end.streak = p.streak(ctx)
		}
	}
	last := p.d.narrate(p.loc, g, events)
	if why := p.d.Breakdowns.CostWhy(p.loc, p.d.Faces, t, before, events); why != "" {
		last += "\n" + why // after the decision, as its square: never a hint
	}
	if m.Kind == yachttable.MoveRecord {
		last = "" // nothing was decided: the board tells the result again
	}
	r, err := p.d.render(p.loc, t, g, p.req, last, "", end)
	if err != nil {
		return nil, err
	}
	sealReply(p.d.Key, r, sealGame(p.d.Key, g.Encode(), p.loc))
	r.Update = true
	return r, nil
}

// streak is the player's streak now, nil when the store does not answer
// (the board then says nothing of it).
func (p *pressing) streak(ctx context.Context) *daily.Streak {
	if !p.d.memory() {
		return nil
	}
	dp, err := p.d.Store.DailyPlayer(ctx, playerID(p.g, p.req))
	if err != nil {
		return nil
	}
	s := daily.StreakOf(attemptDays(dp.Attempts), daily.Today(p.d.now()))
	return &s
}

// attemptDays are the days of attempts.
func attemptDays(as []store.DailyAttempt) []daily.Day {
	out := make([]daily.Day, len(as))
	for i, a := range as {
		out[i] = daily.Day(a.Day)
	}
	return out
}

// result is the finished game g as the store records it: one seat, its
// score, what its decisions cost, its luck (final − expected from the
// start + lost) and its decisions that cost points; the day as the seed,
// practice as chosen.
func result(t *strategy.Table, g *yachttable.Table, req *commands.Request) store.Game {
	p := g.Seats[0]
	out := store.Game{ID: g.ID.String(), Kind: store.KindDaily, Guild: req.GuildID, Channel: req.ChannelID, Rules: g.Rules.Key,
		Seed: uint64(g.Daily.Day), Chosen: g.Chosen, Started: yachttable.Time(g.Started), Ended: yachttable.Time(g.Started + g.Ended)}
	s := store.Seat{User: playerID(g, req), Score: p.Sheet.Total(), Lost: float64(p.Lost) / 100, Decisions: p.Decisions}
	s.Luck = float64(s.Score) - t.Start() + s.Lost
	out.Seats = []store.Seat{s}
	for _, dc := range g.Log.Costly {
		out.Decisions = append(out.Decisions, dc.Record(g.Rules))
	}
	return out
}

// record hands the finished game to the Recorder and waits for it, at
// most until RecordWait fires (record.Bounded); an official attempt's
// decisions taken on positions its player asked advice on elsewhere are
// counted first, as a table counts its own (yachtgame.CountAssisted), and
// keep it off the boards. The report says how it went, and holds the
// game as recorded.
func (d *Deps) record(ctx context.Context, t *strategy.Table, g *yachttable.Table, req *commands.Request) record.Report {
	if d.Recorder == nil {
		return record.Report{Outcome: record.Off}
	}
	b := record.Bounded{Recorder: d.Recorder, Wait: d.RecordWait}
	if d.memory() {
		b.Stored = d.Store
	}
	if !g.Chosen {
		// Practice counts toward nothing: its own positions, asked
		// about as it is played, are not its advice.
		b.Complete = yachtgame.CountAssisted(d.Advice, g.Clone())
	}
	return b.Report(ctx, result(t, g, req))
}
