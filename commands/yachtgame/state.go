package yachtgame

import (
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
)

// A game lives in the bot's own message, which Discord sends with every
// press and which only the bot can edit: the board embed's URL carries,
// after stateURL, the sealed board (package seal's Board: the state and,
// until the next player acts, the state Undo returns to, their form
// yachttable's, and the fingerprint of the key that sealed them) with the
// board's language before it. Every component's
// custom_id is
//
//	yacht/2/<action>/<tag of the action and the message's board>
//
// (seal.Kit.ActionID), so a button is good only on the message as it is
// now: a button pressed on a state that has moved on, or made by hand, is
// refused, and two presses racing on one message both start from the same
// state (the dice are a function of the seed, the state and the key), so
// at most one of them counts. Version 1 (the whole state in the
// custom_id) gets msgOlder.
//
// route is the custom_ids of a table (version 2; the state's own version
// is inside it).
var route = seal.Route{Game: "yacht", Version: 2}

// idPrefix is the custom_id's prefix before the action.
var idPrefix = route.Prefix()

// kit seals the tables' boards under key.
func kit(key seal.Key) seal.Kit { return seal.Kit{Route: route, Key: key} }

// stateURL begins the board embed's URL; the game's state follows it.
// The host is reserved (RFC 2606): nothing is served there, so carry
// keeps the URL out of sight.
const stateURL = "https://alea.invalid/yacht#"

// carry makes e carry c: c goes in the embed's URL, which Discord keeps
// with the message and shows only as the link of a title. A link to a
// page that does not exist would be a dead end, so the title, if any,
// becomes the description's first line, in bold (names cannot hold
// markdown: yachttable.CheckName), and e is left without one.
func carry(e *commands.Embed, c carrier) {
	e.URL = stateURL + c.String()
	if e.Title != "" {
		e.Description = joinLines("**"+e.Title+"**", e.Description)
		e.Title = ""
	}
}

// carrier is what a message carries: the sealed board (State, and Prev
// while the last pass of the turn may be undone); and the board's
// language, the starter's, in which the board is written whoever presses
// (private replies are in the presser's). A board before languages were
// kept has none (Board ""): it is written in the presser's. The language
// leads the carrier ("ko:<state>…"), so it is part of what every
// custom_id's tag binds. Pinged says that the person the turn passes to
// next was already pinged for this turn (the score an Undo took back
// pinged them), so passing it again pings nobody; it is written "!"
// after the language.
type carrier struct {
	State, Prev string
	// Key is the fingerprint of the key that sealed the board ("" on a
	// board sealed before fingerprints).
	Key    string
	Board  commands.Locale
	Pinged bool
}

// String is the carrier as a message holds it.
func (c carrier) String() string {
	s := c.sealed().String()
	if c.Pinged {
		s = "!" + s
	}
	if c.Board != "" {
		s = string(c.Board) + ":" + s
	}
	return s
}

// sealed is the carrier's sealed board.
func (c carrier) sealed() seal.Board { return seal.Board{State: c.State, Prev: c.Prev, Key: c.Key} }

// Sealed is the carrier's sealed states without the board's language or
// the key's fingerprint, as --format data shows them.
func (c carrier) Sealed() string { return seal.Board{State: c.State, Prev: c.Prev}.String() }

// parseCarrier reads what carrier.String writes.
func parseCarrier(s string) (carrier, bool) {
	var board commands.Locale
	for _, l := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		if rest, ok := strings.CutPrefix(s, string(l)+":"); ok {
			board, s = l, rest
		}
	}
	s, pinged := strings.CutPrefix(s, "!")
	b, ok := seal.ParseBoard(s)
	return carrier{State: b.State, Prev: b.Prev, Key: b.Key, Board: board, Pinged: pinged}, ok
}

// sealGame returns the carrier of g and the state its Undo returns to,
// on a board written in board (pinged: see carrier).
func sealGame(key seal.Key, g *game, board commands.Locale, pinged bool) carrier {
	b := kit(key).Seal(g.EncodeBoard())
	return carrier{State: b.State, Prev: b.Prev, Key: b.Key, Board: board, Pinged: pinged}
}

// readCarrier finds the carrier in a message's embeds.
func readCarrier(m *commands.Message) (carrier, bool) {
	if m == nil {
		return carrier{}, false
	}
	for _, e := range m.Embeds {
		if s, ok := strings.CutPrefix(e.URL, stateURL); ok {
			return parseCarrier(s)
		}
	}
	return carrier{}, false
}

// customID returns the custom_id of an action on the message carrying c.
func customID(key seal.Key, action byte, c carrier) string {
	return kit(key).ActionID(string(action), c.String())
}

// sealReply seals a reply render drew, on the message that will carry c:
// each component (and a modal) render named by its action's letter alone
// gets the custom_id of that action on c, and the embed, when carries is
// set, carries c; a board's data shows the sealed states it carries.
func sealReply(key seal.Key, r *commands.Reply, c carrier, carries bool) {
	for _, row := range r.Components {
		for i := range row {
			if id := row[i].CustomID; len(id) == 1 {
				row[i].CustomID = customID(key, id[0], c)
			}
		}
	}
	if r.Modal != nil && len(r.Modal.CustomID) == 1 {
		r.Modal.CustomID = customID(key, r.Modal.CustomID[0], c)
	}
	if !carries || len(r.Embeds) == 0 {
		return
	}
	carry(&r.Embeds[0], c)
	if d, ok := r.Data.(GameData); ok && !d.Over {
		d.State = c.Sealed()
		r.Data = d
	}
}

// game and player are the table and its seats (package yachttable).
type (
	game   = yachttable.Table
	player = yachttable.Seat
)
