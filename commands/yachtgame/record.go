package yachtgame

import (
	"context"
	"strconv"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/recordline"
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
// Alea's turns nor the turns played for them). Hints is set when advice was
// at hand (coach on or hints): a private hint leaves no trace in the
// message, so who asked is not known.
func gameResult(t *strategy.Table, g *game, req *commands.Request) store.Game {
	out := store.Game{ID: g.ID.String(), Kind: store.KindYacht, Rules: yachttable.PresetKeys[g.Preset], Seed: uint64(g.Seed),
		Chosen: g.Chosen, Started: yachttable.Time(g.Started), Ended: yachttable.Time(g.Started + g.Ended)}
	if req != nil {
		out.Guild, out.Channel = req.GuildID, req.ChannelID
	}
	top := -1
	for _, p := range g.Seats {
		top = max(top, p.Sheet.Total())
	}
	start := t.Start()
	for _, p := range g.Seats {
		s := store.Seat{Score: p.Sheet.Total(), Lost: float64(p.Lost) / 100, Decisions: p.Decisions,
			Winner: p.Sheet.Total() == top, Hints: g.Coach != yachttable.CoachOff, PlayedFor: p.Auto}
		s.Luck = float64(s.Score) - start + s.Lost
		switch p.Kind {
		case yachttable.SeatUser:
			s.User = strconv.FormatUint(p.User, 10)
		case yachttable.SeatAlea:
			s.Alea = true
		case yachttable.SeatName:
			s.Name = p.Name
			if p.Name == "" && g.Owner.Discord {
				s.User = strconv.FormatUint(g.Owner.ID, 10) // the unnamed starter
			}
		}
		out.Seats = append(out.Seats, s)
	}
	for _, d := range g.Log.Costly {
		out.Decisions = append(out.Decisions, d.Record(g.Rules))
	}
	return out
}

// record hands the finished game to the Recorder and waits for it, at
// most until RecordWait fires (record.Bounded does both).
func (d *Deps) record(ctx context.Context, t *strategy.Table, g *game, req *commands.Request) record.Outcome {
	if d.Recorder == nil {
		return record.Off
	}
	return record.Bounded{Recorder: d.Recorder, Wait: d.RecordWait}.Record(ctx, gameResult(t, g, req))
}

// finish turns the summary r into the final board: the line that says
// how recording the result went (rec), and the Record (when it was not
// recorded: the board carries the final state, so Record can try again),
// Play again and Review (once recorded) buttons.
func finish(loc commands.Locale, g *game, rec record.Outcome, r *commands.Reply) {
	e := &r.Embeds[0]
	e.Description = joinParagraphs(e.Description, recordline.Line(rec).In(loc))
	var row commands.ActionRow
	if rec == record.NotRecorded {
		row = append(row, commands.Component{Kind: commands.Button, CustomID: string(actRecord), Label: recordline.Button.In(loc), Emoji: "📒", Style: commands.Primary})
	}
	row = append(row, commands.Component{Kind: commands.Button, CustomID: string(actAgain), Label: msgAgainButton.In(loc), Emoji: "🎲", Style: commands.Success})
	if rec == record.Recorded {
		row = append(row, commands.Component{Kind: commands.Button, CustomID: reviewPrefix + g.ID.String(), Label: msgReviewButton.In(loc), Emoji: "🔍", Style: commands.Secondary})
	}
	r.Components = append(r.Components, row)
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
