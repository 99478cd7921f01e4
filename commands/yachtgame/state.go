package yachtgame

import (
	"fmt"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
)

// A game lives in the bot's own message, which Discord sends with every
// press and which only the bot can edit. The board embed's URL carries it
// after stateURL:
//
//	<state>~<tag>[.<previous state>~<tag>]
//
// each state (yachttable.Table.Encode: its format is there) sealed with
// the bot's state key (package seal); the previous
// state, kept until the next player acts, is what Undo returns to. Every
// component's custom_id is
//
//	yacht/2/<action>/<tag of the action and the message's state>
//
// so a button is good only on the message as it is now: a button pressed
// on a state that has moved on, or made by hand, is refused, and two
// presses racing on one message both start from the same state (the dice
// are a function of the seed, the state and the key), so at most one of them
// counts. Version 1 (the whole state in the custom_id) gets msgOlder.
//
// route is the custom_ids of a table (version 2; the state's own version
// is inside it).
var route = seal.Route{Game: "yacht", Version: 2}

// idPrefix is the custom_id's prefix before the action.
var idPrefix = route.Prefix()

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

// carrier is what a message carries (as seal.Carrier): the sealed state,
// and the sealed state before the last score while it may be undone;
// and the board's language, the starter's, in which the board is
// written whoever presses (private replies are in the presser's). A
// board before languages were kept has none (Board ""): it is written
// in the presser's. The language leads the carrier ("ko:<state>…"), so
// it is part of what every custom_id's tag binds. Pinged says that the
// person the turn passes to next was already pinged for this turn (the
// score an Undo took back pinged them), so passing it again pings nobody;
// it is written "!" after the language.
type carrier struct {
	State, Prev string
	Board       commands.Locale
	Pinged      bool
}

// String is the carrier as a message holds it.
func (c carrier) String() string {
	s := c.Sealed()
	if c.Pinged {
		s = "!" + s
	}
	if c.Board != "" {
		s = string(c.Board) + ":" + s
	}
	return s
}

// Sealed is the carrier's sealed states without the board's language,
// as --format data shows them.
func (c carrier) Sealed() string { return seal.Carrier{State: c.State, Prev: c.Prev}.String() }

// parseCarrier reads what carrier.String writes.
func parseCarrier(s string) (carrier, bool) {
	var board commands.Locale
	for _, l := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		if rest, ok := strings.CutPrefix(s, string(l)+":"); ok {
			board, s = l, rest
		}
	}
	s, pinged := strings.CutPrefix(s, "!")
	sc, ok := seal.ParseCarrier(s)
	return carrier{State: sc.State, Prev: sc.Prev, Board: board, Pinged: pinged}, ok
}

// sealGame returns the carrier of g (and of prev, when set) on a board
// written in board.
func sealGame(key seal.Key, g, prev *game, board commands.Locale) carrier {
	c := carrier{State: key.Seal(g.Encode()), Board: board}
	if prev != nil {
		c.Prev = key.Seal(prev.Encode())
	}
	return c
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

// openGame opens and decodes a sealed state.
func openGame(key seal.Key, sealed string) (*game, error) {
	s, ok := key.Open(sealed)
	if !ok {
		return nil, fmt.Errorf("%w: seal", yachttable.ErrState)
	}
	return yachttable.Decode(s)
}

// customID returns the custom_id of an action on the message carrying c.
func customID(key seal.Key, action byte, c carrier) string {
	return idPrefix + string(action) + "/" + key.Tag(9, idPrefix+string(action), c.String())
}

// game and player are the table and its seats (package yachttable).
type (
	game   = yachttable.Table
	player = yachttable.Seat
)
