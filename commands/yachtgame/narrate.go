package yachtgame

import (
	"strconv"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtboard"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/game/yachttable"
)

// narrate tells events (Told's) in the reader's language: a player's
// decision and an Undo each on its line; Alea's moves, in its own turn or
// one it played for someone, as one line per turn.
func narrate(loc commands.Locale, faces yachtwords.DiceFaces, g *game, req *commands.Request, events []yachttable.Event) string {
	var lines, steps []string
	var head func(string) string
	flush := func() {
		if head != nil {
			lines = append(lines, head(strings.Join(steps, " · ")))
		}
		head, steps = nil, nil
	}
	for _, e := range events {
		switch e.Kind {
		case yachttable.EventUndone:
			flush()
			lines = append(lines, msgUndone.Format(loc, seatLabel(loc, g, e.Seat, req)))
		case yachttable.EventPlayedFor:
			flush()
			who := seatLabel(loc, g, e.Seat, req)
			head = func(s string) string { return msgPlayedFor.Format(loc, who, s) }
		case yachttable.EventAleaTurn:
			flush()
			head = func(s string) string { return msgAleaTurn.Format(loc, s) }
		case yachttable.EventRolled:
			switch {
			case e.ByAlea && e.Decided:
				if e.Chosen.Keep.Size() == 0 {
					steps = append(steps, msgRerolledAll.Format(loc, faces.Text(e.Dice[:])))
				} else {
					steps = append(steps, msgKeptRolled.Format(loc, faces.Text(e.Chosen.Keep.Faces()), faces.Text(e.Dice[:])))
				}
			case e.ByAlea:
				steps = append(steps, faces.Text(e.Dice[:]))
			default:
				// A person's roll ends their press: the board's dice
				// line below shows it, so it is not written twice.
				if e.Decided {
					lines = append(lines, yachtboard.Decided(loc, faces, g.Rules, seatLabel(loc, g, e.Seat, req), g.Coach == yachttable.CoachOn, e.Chosen, e.Best, e.Loss))
				}
			}
		case yachttable.EventScored:
			if e.ByAlea {
				steps = append(steps, yachtboard.Move(loc, faces, g.Rules, e.Chosen))
			} else {
				lines = append(lines, yachtboard.Decided(loc, faces, g.Rules, seatLabel(loc, g, e.Seat, req), g.Coach == yachttable.CoachOn, e.Chosen, e.Best, e.Loss))
			}
		}
	}
	flush()
	return strings.Join(lines, "\n")
}

// lobbyNews is the line a lobby board tells of events: who joined or
// left.
func lobbyNews(loc commands.Locale, events []yachttable.Event) string {
	for _, e := range events {
		switch e.Kind {
		case yachttable.EventJoined:
			return msgJoined.Format(loc, "<@"+strconv.FormatUint(e.User, 10)+">")
		case yachttable.EventLeft:
			return msgLeft.Format(loc, "<@"+strconv.FormatUint(e.User, 10)+">")
		case yachttable.EventAleaSeated:
			return msgAleaSeated.In(loc)
		case yachttable.EventAleaUnseated:
			return msgAleaUnseated.In(loc)
		}
	}
	return ""
}
