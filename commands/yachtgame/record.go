package yachtgame

import (
	"context"
	"encoding/binary"
	"strconv"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
)

// reviewPrefix begins the custom_id of the Review button; the review
// command owns the route.
const reviewPrefix = "review/1/"

// recording is how recording a finished game went.
type recording int

const (
	recordOff    recording = iota // no Recorder: memory is off
	recordDone                    // stored (now or before)
	recordFailed                  // an error, or no answer within the wait
)

// result is the finished game g as the store records it: the seats'
// scores, what their decisions cost, their luck (final − expected from
// the start + lost, as the summary shows), the winners, and the decisions
// that cost points (the state keeps those, within its budget, and counts
// the rest: Seat.Decisions counts a player's own keeps and scorings, not
// Alea's turns nor the turns played for them). Hints is set when advice was
// at hand (coach on or hints): a private hint leaves no trace in the
// message, so who asked is not known.
func result(t *strategy.Table, g *game, req *commands.Request) store.Game {
	out := store.Game{ID: yachttable.IDString(g.ID), Kind: store.KindYacht, Rules: yachttable.PresetKeys[g.Preset], Seed: uint64(g.Seed),
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
// most until RecordWait fires.
func (d *Deps) record(ctx context.Context, t *strategy.Table, g *game, req *commands.Request) recording {
	if d.Recorder == nil {
		return recordOff
	}
	game := result(t, g, req)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := d.Recorder.Record(ctx, game)
		done <- err
	}()
	var wait <-chan time.Time
	if d.RecordWait != nil {
		wait = d.RecordWait()
	} else {
		timer := time.NewTimer(defaultRecordWait)
		defer timer.Stop()
		wait = timer.C
	}
	select {
	case err := <-done:
		if err != nil {
			return recordFailed
		}
		return recordDone
	case <-wait:
	case <-ctx.Done():
	}
	return recordFailed
}

// finish is where a game ends: it notes the end time, records the result
// and turns the summary r into the final board, which carries the final
// state (so that Record can try again) and the Record, Play again and
// Review buttons.
func finish(ctx context.Context, d *Deps, loc commands.Locale, t *strategy.Table, g *game, req *commands.Request, r *commands.Reply) {
	rec := d.record(ctx, t, g, req)
	c := sealGame(d.Key, g, nil, loc)
	e := &r.Embeds[0]
	e.URL = stateURL + c.String()
	line := map[recording]commands.Text{recordOff: msgMemoryOff, recordDone: msgRecorded, recordFailed: msgNotRecorded}[rec].In(loc)
	e.Description = joinParagraphs(e.Description, line)
	var row commands.ActionRow
	if rec == recordFailed {
		row = append(row, commands.Component{Kind: commands.Button, CustomID: customID(d.Key, actRecord, c), Label: msgRecordButton.In(loc), Emoji: "📒", Style: commands.Primary})
	}
	row = append(row, commands.Component{Kind: commands.Button, CustomID: customID(d.Key, actAgain, c), Label: msgAgainButton.In(loc), Emoji: "🎲", Style: commands.Success})
	if rec == recordDone {
		row = append(row, commands.Component{Kind: commands.Button, CustomID: reviewPrefix + yachttable.IDString(g.ID), Label: msgReviewButton.In(loc), Emoji: "🔍", Style: commands.Secondary})
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
func stateID(key seal.Key, sealed string) uint64 {
	sum := key.Sum("alea yacht game id", sealed)
	id := binary.BigEndian.Uint64(sum[:8]) >> (64 - yachttable.IDBits)
	return max(id, 1)
}
