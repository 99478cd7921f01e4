package daily

import (
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/seal"
)

// A daily game lives in the bot's own message, as a /yacht start table
// does: the board embed's URL carries, after stateURL, the board's
// language and the sealed state (yachttable's form, marked Daily); every
// component's custom_id is
//
//	daily/1/<action>/<tag of the action and the message's board>
//
// (seal.Kit.ActionID), good only on the message as it is now. A daily
// takes no Undo, so its board carries no state before it.
var route = seal.Route{Game: "daily", Version: 1}

// kit seals the daily boards under key.
func kit(key seal.Key) seal.Kit { return seal.Kit{Route: route, Key: key} }

// stateURL begins the board embed's URL (a reserved host: nothing is
// served there).
const stateURL = "https://alea.invalid/daily#"

// carrier is what a daily's message carries: its language (the
// player's, as the game started) and the sealed state.
type carrier struct {
	Board commands.Locale
	State string
}

// String is the carrier as the message holds it: "<locale>:<state>~<tag>".
func (c carrier) String() string { return string(c.Board) + ":" + c.State }

// readCarrier finds the carrier in a message's embeds.
func readCarrier(m *commands.Message) (carrier, bool) {
	if m == nil {
		return carrier{}, false
	}
	for _, e := range m.Embeds {
		s, ok := strings.CutPrefix(e.URL, stateURL)
		if !ok {
			continue
		}
		loc, state, ok := strings.Cut(s, ":")
		l := commands.Locale(loc)
		if !ok || state == "" || l != commands.English && l != commands.Korean && l != commands.Japanese {
			return carrier{}, false
		}
		return carrier{Board: l, State: state}, true
	}
	return carrier{}, false
}

// sealGame returns the carrier of g's state on a board in loc.
func sealGame(key seal.Key, state string, loc commands.Locale) carrier {
	return carrier{Board: loc, State: kit(key).Seal(state, "").State}
}

// sealReply seals a reply the renderer drew, on the message that will
// carry c: each component named by its action's letter alone gets the
// custom_id of that action on c, and the first embed carries c (its
// title moved into the description's first line, in bold, as the table
// does, so that the link to nowhere is out of sight).
func sealReply(key seal.Key, r *commands.Reply, c carrier) {
	for _, row := range r.Components {
		for i := range row {
			if id := row[i].CustomID; len(id) == 1 {
				row[i].CustomID = kit(key).ActionID(id, c.String())
			}
		}
	}
	if len(r.Embeds) == 0 {
		return
	}
	e := &r.Embeds[0]
	e.URL = stateURL + c.String()
	if e.Title != "" {
		e.Description = "**" + e.Title + "**" + "\n" + e.Description
		e.Title = ""
	}
	if d, ok := r.Data.(GameData); ok && !d.Over {
		d.State = c.State
		r.Data = d
	}
}
