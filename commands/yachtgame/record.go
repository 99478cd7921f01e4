package yachtgame

import (
	"context"
	"strconv"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/recordline"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
)

// reviewPrefix begins the custom_id of the Review button; the review
// command owns the route.
const reviewPrefix = "review/1/"

// gameResult is the finished game g as the store records it: the seats'
// scores, what their decisions cost, their luck (final − expected from
// the start + lost, as the summary shows), the winners, and the decisions
// that cost points (the state keeps those, within its budget, and counts
// the rest: Seat.Decisions counts a player's own keeps and scorings, not
// Alea's turns nor the turns played for them). A seat is linked to a user
// only if that user made its decisions (ownSeat); the starter's seat is
// marked, and dice entered by hand. The assisted decisions are counted
// just before recording (Deps.complete).
func gameResult(t *strategy.Table, g *game, req *commands.Request) store.Game {
	out := store.Game{ID: g.ID.String(), Kind: store.KindYacht, Rules: yachttable.PresetKeys[g.Preset], Seed: uint64(g.Seed),
		Chosen: g.Chosen, Entered: g.Entered, Started: yachttable.Time(g.Started), Ended: yachttable.Time(g.Started + g.Ended)}
	if req != nil {
		out.Guild, out.Channel = req.GuildID, req.ChannelID
	}
	top := -1
	for _, p := range g.Seats {
		top = max(top, p.Sheet.Total())
	}
	start := t.Start()
	for i := range g.Seats {
		p := &g.Seats[i]
		s := store.Seat{Score: p.Sheet.Total(), Lost: float64(p.Lost) / 100, Decisions: p.Decisions,
			Winner: p.Sheet.Total() == top, PlayedFor: p.Auto}
		s.Luck = float64(s.Score) - start + s.Lost
		switch p.Kind {
		case yachttable.SeatUser:
			s.User = strconv.FormatUint(p.User, 10)
			s.Starter = g.Owner.Discord && g.Owner.ID == p.User
		case yachttable.SeatAlea:
			s.Alea = true
		case yachttable.SeatName:
			s.Name = p.Name
			if p.Name == "" && g.Owner.Discord {
				s.User, s.Starter = strconv.FormatUint(g.Owner.ID, 10), true // the unnamed starter
			}
		}
		if ownSeat(g, i) != seatOwn {
			s.User = "" // linked to nobody
		}
		out.Seats = append(out.Seats, s)
	}
	for _, d := range g.Log.Costly {
		out.Decisions = append(out.Decisions, d.Record(g.Rules))
	}
	return out
}

// seatLink is whether a seat of a person is recorded under their id.
type seatLink int

const (
	seatOwn       seatLink = iota // its player made its decisions
	seatNeverDone                 // its player never decided: Alea played every turn for them
	seatMostlyFor                 // Alea played more than half its turns for them
)

// ownSeat says whether seat i's player made its decisions: decided at
// least once, and played at least half its turns themself (Alea's seats
// and named seats, never linked, are seatOwn here).
func ownSeat(g *game, i int) seatLink {
	p := &g.Seats[i]
	switch {
	case p.Kind == yachttable.SeatAlea || p.Kind == yachttable.SeatName && p.Name != "":
		return seatOwn
	case p.Decisions == 0:
		return seatNeverDone
	case 2*p.Auto > len(g.Rules.Categories):
		return seatMostlyFor
	}
	return seatOwn
}

// pressers are the Discord users who press for g's seats: its users, and
// its starter when a seat is given by name (or is the unnamed starter's).
func pressers(g *game) []string {
	var out []string
	named := false
	for _, p := range g.Seats {
		switch p.Kind {
		case yachttable.SeatUser:
			out = append(out, strconv.FormatUint(p.User, 10))
		case yachttable.SeatName:
			named = true
		}
	}
	if named && g.Owner.Discord {
		out = append(out, strconv.FormatUint(g.Owner.ID, 10))
	}
	return out
}

// complete counts the assisted decisions of g's seats into its result,
// just before it is recorded (CountAssisted, with d's advice log).
func (d *Deps) complete(g *game) func(ctx context.Context, res store.Game) (store.Game, error) {
	return CountAssisted(d.Advice, g)
}

// CountAssisted returns what completes the result of the finished table
// g just before it is recorded (record.Bounded.Complete): the assisted
// decisions of its seats (Seat.Assisted, AssistedLost and Hints) — under
// the public coach every decision; otherwise those taken on positions
// their players asked advice on while it was played (a hint,
// /yacht-advise, a practice of the same daily challenge), read from log
// (nil: memory is off, none known) by the people who press for its seats
// between its start and a minute after its end. g is a copy nothing else
// touches. A daily challenge's official attempt counts its own this way,
// from the start of its day: its dice are everyone's, so its positions
// can be asked about before it starts.
func CountAssisted(log store.AdviceLog, g *yachttable.Table) func(ctx context.Context, res store.Game) (store.Game, error) {
	return func(ctx context.Context, res store.Game) (store.Game, error) {
		var asked []store.Advice
		if g.Coach != yachttable.CoachOn && log != nil {
			since := yachttable.Time(g.Started)
			if g.Daily != nil {
				since = yachttable.DayStart(g.Daily.Day)
			}
			var err error
			asked, err = log.AdviceAsked(ctx, store.AdviceQuery{Users: pressers(g), Rules: yachttable.PresetKeys[g.Preset],
				Since: since, Until: yachttable.Time(g.Started + g.Ended).Add(time.Minute)})
			if err != nil {
				return res, err
			}
		}
		res.Seats = append([]store.Seat(nil), res.Seats...)
		for i, a := range g.Assisted(asked) {
			res.Seats[i].Assisted, res.Seats[i].AssistedLost, res.Seats[i].Hints = a.Decisions, float64(a.Lost)/100, a.Decisions > 0
		}
		return res, nil
	}
}

// record hands the finished game to the Recorder, its assisted decisions
// counted, and waits for it, at most until RecordWait fires
// (record.Bounded does both): the report says how it went.
func (d *Deps) record(ctx context.Context, t *strategy.Table, g *game, req *commands.Request) record.Report {
	if d.Recorder == nil {
		return record.Report{Outcome: record.Off}
	}
	return record.Bounded{Recorder: d.Recorder, Wait: d.RecordWait, Stored: d.Stored, Complete: d.complete(g.Clone())}.Report(ctx, gameResult(t, g, req))
}

// finish turns the summary r into the final board: the line that says
// how recording the result went (rec) and what it counts toward, and the
// Record (when it was not recorded: the board carries the final state, so
// Record can try again), Play again, Review (once recorded) and Sheets
// (every sheet, privately: the board itself shows the results) buttons.
func finish(loc commands.Locale, g *game, rec record.Report, r *commands.Reply) {
	e := &r.Embeds[0]
	e.Description = joinParagraphs(e.Description, recordline.Say(rec).In(loc))
	if rec.Outcome == record.Recorded {
		if line := countsLine(loc, g, rec); line != "" {
			e.Description += "\n" + line
		}
	}
	var row commands.ActionRow
	if rec.Outcome == record.NotRecorded {
		row = append(row, commands.Component{Kind: commands.Button, CustomID: string(actRecord), Label: recordline.Button.In(loc), Emoji: "📒", Style: commands.Primary})
	}
	row = append(row, commands.Component{Kind: commands.Button, CustomID: string(actAgain), Label: msgAgainButton.In(loc), Emoji: "🎲", Style: commands.Success})
	if rec.Outcome == record.Recorded {
		row = append(row, commands.Component{Kind: commands.Button, CustomID: reviewPrefix + g.ID.String(), Label: msgReviewButton.In(loc), Emoji: "🔍", Style: commands.Secondary})
	}
	row = append(row, commands.Component{Kind: commands.Button, CustomID: string(actSheets), Label: msgSheetsButton.In(loc), Emoji: "📋", Style: commands.Secondary})
	r.Components = append(r.Components, row)
}

// recorded is the game as the store holds it after rec (the one recorded
// before, when it differs), and what each seat counts toward; false when
// the store holds nothing of it.
func recorded(g *game, rec record.Report) (store.Game, []store.Counts, bool) {
	if rec.Outcome != record.Recorded {
		return store.Game{}, nil, false
	}
	if rec.Differs {
		counts := make([]store.Counts, len(rec.Stored.Seats))
		for i, s := range rec.Stored.Seats {
			counts[i] = s.Counts
		}
		return rec.Stored, counts, len(rec.Stored.Seats) == len(g.Seats)
	}
	return rec.Game, store.Count(rec.Game), len(rec.Game.Seats) == len(g.Seats)
}

// countsLine is the final board's line on what the recorded result counts
// toward, when every seat linked to a player counts alike ("" when they
// differ: each seat's field says it then).
func countsLine(loc commands.Locale, g *game, rec record.Report) string {
	stored, counts, ok := recorded(g, rec)
	if !ok {
		return ""
	}
	why, n := store.CountsFully, 0
	for i, s := range stored.Seats {
		if s.User == "" {
			continue
		}
		if n > 0 && counts[i].Why != why {
			return ""
		}
		why, n = counts[i].Why, n+1
	}
	if n == 0 {
		return msgCountsNobody.In(loc)
	}
	return countsText(why).In(loc)
}

// seatCounts is the lines of seat i's field on what the recorded result
// counts of it: its assisted decisions, a seat linked to nobody and why,
// and what it counts toward when the seats differ.
func seatCounts(loc commands.Locale, g *game, i int, rec record.Report) []string {
	stored, counts, ok := recorded(g, rec)
	if !ok {
		return nil
	}
	s, p := stored.Seats[i], &g.Seats[i]
	var out []string
	if s.Assisted > 0 {
		out = append(out, records.Assisted.Format(loc, s.Assisted, s.Decisions))
	}
	switch ownSeat(g, i) {
	case seatNeverDone:
		out = append(out, msgNeverPlayed.In(loc))
	case seatMostlyFor:
		out = append(out, msgMostlyPlayedFor.Format(loc, p.Auto, len(g.Rules.Categories)))
	}
	if s.User != "" && countsLine(loc, g, rec) == "" {
		out = append(out, countsText(counts[i].Why).In(loc))
	}
	return out
}

// countsText says what a seat counts toward, by the store's reason.
func countsText(why store.Reason) commands.Text {
	switch why {
	case store.Chosen:
		return msgCountsChosen
	case store.Puppets:
		return msgCountsPuppets
	case store.Entered:
		return msgCountsEntered
	case store.NoOpponent:
		return msgCountsNoOpponent
	}
	return msgCountsFully
}

// joinParagraphs joins a and b with a blank line ("" parts are left out).
func joinParagraphs(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n\n" + b
}

// stateID is the identity of a game begun without one (a version 2
// state): drawn from the MAC of its sealed state, so that every press on
// that message gives it the same identity.
func stateID(key seal.Key, sealed string) seal.GameID {
	return key.GameIDOf("alea yacht game id", sealed)
}
