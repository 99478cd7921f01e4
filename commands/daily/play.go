package daily

import (
	"context"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachttables"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/daily"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
)

// Why a game is practice, as its first board says (the later boards say
// only that it is practice).
type practice int

const (
	official    practice = iota // the player's official attempt
	startedOnce                 // the official attempt of this challenge was started before
	earlierDay                  // an earlier day's challenge
	noMemory                    // memory is off: nothing is kept, nothing ranked
)

// play answers /daily play: the day's challenge (or an earlier day's, as
// practice) under the rule set asked for, privately. The first start of
// a player, day and rule set is kept in the store as their official
// attempt; a later one, on any replica, finds it and is practice.
func (d *Deps) play(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	key := req.Options.String("rules", yacht.Yacht)
	preset := -1
	for i, k := range yachttable.PresetKeys {
		if k == key {
			preset = i
		}
	}
	if preset < 0 {
		return nil, yachtwords.RejectRules(key)
	}
	now := d.now()
	today := daily.Today(now)
	day, err := askedDay(req, today)
	if err != nil {
		return nil, err
	}
	r, err := yacht.Preset(key)
	if err != nil {
		return nil, err
	}
	t, err := yachttables.Table(ctx, d.Tables, r)
	if err != nil {
		return nil, err
	}
	owner := seal.OwnerOf(req.UserID)
	seat := yachttable.Seat{Kind: yachttable.SeatName}
	if owner.Discord {
		seat = yachttable.Seat{Kind: yachttable.SeatUser, User: owner.ID}
	}
	g, err := yachttable.New(preset, owner, 0, []yachttable.Seat{seat})
	if err != nil {
		return nil, err
	}
	g.ID = seal.DrawGameID(d.IDs)
	g.Started = yachttable.Minute(now)
	g.MarkDaily(int(day))
	g.Roller = d.Dice.For(g.Bound())

	why, kept := official, store.DailyAttempt{}
	switch {
	case day < today:
		why = earlierDay
	case !d.memory():
		why = noMemory
	default:
		claim := store.DailyAttempt{User: req.UserID, Rules: key, Day: int(day), Game: g.ID.String(), Started: now}
		var first bool
		kept, first, err = d.Store.ClaimDaily(ctx, claim)
		if err != nil {
			// Without the store nobody can tell whether this start is
			// the official attempt: neither is played.
			return nil, commands.Rejectf(msgStoreDown)
		}
		if !first {
			why = startedOnce
		}
	}
	g.Chosen = why != official
	loc := req.Locale
	rep, err := d.render(loc, t, g, req, "", intro(loc, why, kept), nil)
	if err != nil {
		return nil, err
	}
	sealReply(d.Key, rep, sealGame(d.Key, g.Encode(), loc))
	// Played privately: nobody is spoiled, nobody sees the dice to come
	// (a DM with Alea is private already, and keeps the message).
	rep.Ephemeral = req.Place != commands.InBotDM
	return rep, nil
}

// askedDay reads the date option: today when absent, else a day no later
// than today and no earlier than the first.
func askedDay(req *commands.Request, today daily.Day) (daily.Day, error) {
	raw := req.Options.String("date", "")
	if raw == "" {
		return today, nil
	}
	day, err := daily.ParseDay(strings.TrimSpace(commands.Normalize(raw)))
	switch {
	case err != nil:
		return 0, commands.Rejectf(msgBadDate, commands.Quote(raw), today.String())
	case day > today:
		return 0, commands.Rejectf(msgFutureDate, day.String(), today.String())
	case day < daily.First:
		return 0, commands.Rejectf(msgTooEarly, daily.First.String())
	}
	return day, nil
}

// intro is what the first board says of the game: an official attempt,
// or practice and why.
func intro(loc commands.Locale, why practice, kept store.DailyAttempt) string {
	switch why {
	case startedOnce:
		return msgStartedOnce.Format(loc, kept.Started.UTC().Format("15:04"))
	case earlierDay:
		return msgEarlierDay.In(loc)
	case noMemory:
		return msgNoMemory.In(loc)
	}
	return msgOfficial.In(loc)
}

// playerID is the store's id of g's player: the Discord id of the seat,
// or (a player known only by a hash: the runner's, a test's) the presser,
// who is the player, since only they may press.
func playerID(g *yachttable.Table, req *commands.Request) string {
	if s := g.Seats[0]; s.Kind == yachttable.SeatUser {
		return strconv.FormatUint(s.User, 10)
	}
	return req.UserID
}
