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
	"github.com/alea-bot/alea/internal/yachtkit"
	"github.com/alea-bot/alea/store"
)

// The actions of a finished game's board.
const (
	actRecord = 'R' // record the result again (idempotent)
	actAgain  = 'A' // a new game: same seats and rules, a fresh seed
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
// that cost points.
func result(t *strategy.Table, g *game, req *commands.Request) store.Game {
	out := store.Game{ID: yachttable.IDString(g.id), Kind: store.KindYacht, Rules: presetKeys[g.preset], Seed: uint64(g.seed),
		Chosen: g.chosen, Started: yachttable.Time(g.started), Ended: yachttable.Time(g.started + g.ended)}
	if req != nil {
		out.Guild, out.Channel = req.GuildID, req.ChannelID
	}
	top := -1
	for _, p := range g.players {
		top = max(top, p.sheet.Total())
	}
	start := t.Start()
	for _, p := range g.players {
		s := store.Seat{Score: p.sheet.Total(), Lost: float64(p.lost) / 100, Decisions: p.decisions,
			Winner: p.sheet.Total() == top, Hints: g.coach != coachOff, PlayedFor: p.auto}
		s.Luck = float64(s.Score) - start + s.Lost
		switch p.kind {
		case seatUser:
			s.User = strconv.FormatUint(p.user, 10)
		case seatAlea:
			s.Alea = true
		case seatName:
			s.Name = p.name
			if p.name == "" && g.owner.Discord {
				s.User = strconv.FormatUint(g.owner.ID, 10) // the unnamed starter
			}
		}
		out.Seats = append(out.Seats, s)
	}
	for _, d := range g.log.Costly {
		out.Decisions = append(out.Decisions, d.Record(g.rules))
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
	if !g.endedSet {
		g.ended, g.endedSet = max(0, yachttable.Minute(d.now())-g.started), true
	}
	rec := d.record(ctx, t, g, req)
	c := sealGame(d.Key, g, nil)
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
		row = append(row, commands.Component{Kind: commands.Button, CustomID: reviewPrefix + yachttable.IDString(g.id), Label: msgReviewButton.In(loc), Emoji: "🔍", Style: commands.Secondary})
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

// overPress answers the buttons of a finished game: Record and Play again,
// for the people seated at it.
func overPress(ctx context.Context, d *Deps, loc commands.Locale, g *game, a byte, req *commands.Request) (*commands.Reply, error) {
	if !g.seated(req.UserID) {
		return nil, commands.Rejectf(msgNotSeated)
	}
	t, err := yachtkit.Table(ctx, d.Tables, g.rules)
	if err != nil {
		return nil, err
	}
	switch a {
	case actRecord:
		r, err := render(ctx, d, loc, t, g, nil, req, "")
		if err != nil {
			return nil, err
		}
		r.Update = true
		return r, nil
	case actAgain:
		seats := make([]player, len(g.players))
		for i, p := range g.players {
			seats[i] = player{kind: p.kind, user: p.user, name: p.name}
		}
		ng, err := newGame(g.preset, g.owner, randomSeed(), seats)
		if err != nil {
			return nil, err
		}
		d.begin(ng)
		ng.coach, ng.idle = g.coach, g.idle
		last, err := aleaTurns(loc, t, ng)
		if err != nil {
			return nil, err
		}
		return render(ctx, d, loc, t, ng, nil, req, last)
	}
	return nil, commands.Rejectf(msgBadState)
}

// stateID is the identity of a game begun without one (a version 2
// state): drawn from the MAC of its sealed state, so that every press on
// that message gives it the same identity.
func stateID(key seal.Key, sealed string) uint64 {
	sum := key.Sum("alea yacht game id", sealed)
	id := binary.BigEndian.Uint64(sum[:8]) >> (64 - yachttable.IDBits)
	return max(id, 1)
}
