package orbs

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/recordline"
	"github.com/alea-bot/alea/engine/orbs"
	"github.com/alea-bot/alea/game/orbspuzzle"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

// A random puzzle keeps all its state in the custom_ids of its buttons and
// menus (package orbspuzzle writes and reads it), sealed on the route
// orbs/3/ with the bot's state key (package seal's Kit); the tag covers
// the whole custom_id, so a state built by hand is refused. Version 2's
// custom_ids (the state before the action) are played on; version 1's
// (unsealed, no owner) get txtOlder.

// route is the puzzle's custom_ids (version 3).
var route = seal.Route{Game: "orbs", Version: 3}

// route2 is version 2's custom_ids, still played on.
var route2 = seal.Route{Game: "orbs", Version: 2}

// kit seals the puzzles' states under key.
func kit(key seal.Key) seal.Kit { return seal.Kit{Route: route, Key: key} }

// parseSize reads a size such as "5x5", "3×7" or "4*6" (rows first) with
// both sides between 1 and orbs.MaxSize.
func parseSize(s string) (rows, cols int, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	var a, b string
	for _, sep := range []string{"x", "×", "*"} {
		if x, y, found := strings.Cut(s, sep); found {
			a, b = x, y
			break
		}
	}
	r, err1 := strconv.Atoi(strings.TrimSpace(a))
	c, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || r < 1 || c < 1 || r > orbs.MaxSize || c > orbs.MaxSize {
		return 0, 0, false
	}
	return r, c, true
}

// game is a random puzzle being played (package orbspuzzle).
type game = orbspuzzle.Puzzle

// customID is the sealed custom_id of a component of g doing action.
func customID(key seal.Key, g game, action string) string { return kit(key).ID(action, g.State()) }

// menu is one select menu of a large grid: the orbs of one kind ('r' or
// 'c') from lo to hi−1.
type menu struct {
	kind   byte
	lo, hi int
}

// menus splits a large grid's row and column orbs into select menus of at
// most 25 options (at most two of each for 30×30).
func menus(rows, cols int) []menu {
	var out []menu
	for _, k := range []struct {
		kind byte
		n    int
	}{{'r', rows}, {'c', cols}} {
		for lo := 0; lo < k.n; lo += commands.MaxSelectOptions {
			out = append(out, menu{k.kind, lo, min(lo+commands.MaxSelectOptions, k.n)})
		}
	}
	return out
}

// useButtons reports whether every orb gets its own button (at most 25).
func useButtons(rows, cols int) bool {
	return rows+cols+1 <= commands.MaxActionRows*commands.MaxButtonsPerRow
}

func newSeed() uint64 { return rand.Uint64() }

// deal answers /orbs random:<rows>x<cols>.
func deal(l commands.Locale, key seal.Key, owner seal.Owner, rows, cols int, seed uint64) (*commands.Reply, error) {
	g := game{Rows: rows, Cols: cols, Seed: seed, Owner: owner, ID: seal.NewGameID()}
	r, err := gameReply(l, g, record.Off)
	if err != nil {
		return nil, err
	}
	sealReply(key, g, r)
	return r, nil
}

// recordAction is the action of a solved puzzle's Record button.
const recordAction = "rec"

// press answers a button or menu of a random puzzle, in one pipeline:
// open the custom_id (refused when forged) → authorise the presser (who
// dealt it) → read the orb pressed → apply the move → record the result
// when the puzzle is solved (or Record is pressed) → render → seal.
// version2 says the custom_id is of version 2.
func press(ctx context.Context, key seal.Key, rec record.Bounded, req *commands.Request, version2 bool) (*commands.Reply, error) {
	g, action, ok := open(key, req.CustomID, version2)
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	if err := g.Authorise(req.UserID); err != nil {
		who, _ := g.Owner.Stranger(req.UserID, txtSomeone.In(req.Locale))
		return nil, commands.Rejectf(txtNotYours, who)
	}
	m, ok := move(g, action, req.Values)
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	events, err := g.Apply(m)
	if err != nil {
		return nil, commands.Rejectf(txtBadState) // no buttons were shown for it
	}
	outcome := record.Off
	if orbspuzzle.Ended(events) {
		outcome = rec.Record(ctx, solved(key, rec, g, req))
	}
	r, err := gameReply(req.Locale, g, outcome)
	if err != nil {
		return nil, err
	}
	sealReply(key, g, r)
	r.Update = true
	return r, nil
}

// open opens a puzzle's custom_id: the puzzle and the action.
func open(key seal.Key, customID string, version2 bool) (game, string, bool) {
	if version2 {
		s, ok := route2.Open(key, customID)
		if !ok {
			return game{}, "", false
		}
		return orbspuzzle.ParseVersion2(s)
	}
	p, err := kit(key).OpenID(customID)
	if err != nil {
		return game{}, "", false
	}
	g, ok := orbspuzzle.ParseState(p.State)
	return g, p.Action, ok
}

// move reads the move of action on g: Record, an orb's button, or a
// select menu of a large grid given the orb chosen (values).
func move(g game, action string, values []string) (orbspuzzle.Move, bool) {
	if action == recordAction {
		return orbspuzzle.Move{Kind: orbspuzzle.MoveRecord}, true
	}
	orb := action
	if len(action) >= 2 && action[0] == 'm' {
		k, err := strconv.Atoi(action[1:])
		ms := menus(g.Rows, g.Cols)
		if err != nil || strconv.Itoa(k) != action[1:] || k < 0 || k >= len(ms) || useButtons(g.Rows, g.Cols) || len(values) != 1 {
			return orbspuzzle.Move{}, false
		}
		orb = values[0]
		bit, ok := g.OrbBit(orb)
		n, _ := strconv.Atoi(orb[min(1, len(orb)):])
		if !ok || orb[0] != ms[k].kind || n < ms[k].lo || n >= ms[k].hi || bit == 0 {
			return orbspuzzle.Move{}, false
		}
	}
	bit, ok := g.OrbBit(orb)
	return orbspuzzle.Move{Kind: orbspuzzle.MovePress, Orb: bit}, ok
}

// sealReply seals a reply gameReply drew for g: each component it named
// by its action alone gets the sealed custom_id of that action on g.
func sealReply(key seal.Key, g game, r *commands.Reply) {
	for _, row := range r.Components {
		for i := range row {
			row[i].CustomID = customID(key, g, row[i].CustomID)
		}
	}
}

// mustApply presses p (whose orbs are known to be on g) on g.
func mustApply(g orbs.Grid, p orbs.Presses) orbs.Grid {
	out, err := orbs.Apply(g, p)
	if err != nil {
		panic(err)
	}
	return out
}

// GameData is the --format data of a random puzzle and of each press:
// the size, the dealing seed (base 36), the dealt puzzle and the current
// grid in the canonical '#'/'.' form, the player's presses so far, whether
// the grid is clear, the fewest presses that solve the dealt puzzle and the
// fewest that clear the current grid.
type GameData struct {
	Rows      int    `json:"rows"`
	Cols      int    `json:"cols"`
	Seed      string `json:"seed"`
	Puzzle    string `json:"puzzle"`
	Grid      string `json:"grid"`
	Presses   int    `json:"presses"`
	Clear     bool   `json:"clear"`
	Minimum   int    `json:"minimum"`
	Remaining int    `json:"remaining"`
}

// solved is the result of the solved puzzle g as the store records it:
// one seat, the player (a Discord user; an unnamed seat otherwise), whose
// score is the presses used and whose loss is the presses over the
// fewest; a solve in the fewest presses counts as a win. The state keeps
// no start, so the game starts and ends when it was solved.
func solved(key seal.Key, rec record.Bounded, g game, req *commands.Request) store.Game {
	best := orbs.Solve(orbspuzzle.Deal(g.Rows, g.Cols, g.Seed), orbs.NoLimit)
	now := rec.Time().UTC()
	seat := store.Seat{Score: g.Clicks, Lost: float64(max(g.Clicks-best.Count, 0)), Decisions: g.Clicks, Winner: g.Clicks <= best.Count}
	if g.Owner.Discord {
		seat.User = strconv.FormatUint(g.Owner.ID, 10)
	}
	// The puzzle is the grid as dealt, whatever seed dealt it.
	dealt := sha256.Sum256([]byte(orbspuzzle.Deal(g.Rows, g.Cols, g.Seed).String()))
	return store.Game{ID: g.GameID(key).String(), Kind: store.KindOrbs, Guild: req.GuildID, Channel: req.ChannelID,
		Rules: fmt.Sprintf("%dx%d", g.Rows, g.Cols), Seed: g.Seed, Started: now, Ended: now, Seats: []store.Seat{seat},
		Size: g.Rows * g.Cols, Puzzle: fmt.Sprintf("%dx%d/%x", g.Rows, g.Cols, dealt[:8])}
}

// gameReply draws the puzzle g; rec is how recording it went when it is
// solved (said on the final message, with a Record button when it
// failed). It touches no store and no key: each component is named by its
// action alone, and sealReply makes the custom_ids.
func gameReply(l commands.Locale, g game, rec record.Outcome) (*commands.Reply, error) {
	dealt := orbspuzzle.Deal(g.Rows, g.Cols, g.Seed)
	p := g.Presses()
	cur := mustApply(dealt, p)
	best := orbs.Solve(dealt, orbs.NoLimit)
	rest := orbs.Solve(cur, orbs.NoLimit)
	if !best.Solvable || !rest.Solvable {
		return nil, fmt.Errorf("orbs: dealt puzzle %s not solvable", dealt)
	}
	clear := cur.IsClear()
	desc := txtGameIntro.In(l) + "\n\n" + txtPressesSoFar.Format(l, g.Clicks)
	if clear {
		clear := txtGameClear
		if g.Clicks == 1 {
			clear = txtGameClearOne
		}
		desc += "\n" + clear.Format(l, g.Clicks, best.Count)
		if g.Clicks <= best.Count {
			desc += " " + txtGamePerfect.In(l)
		}
		desc += "\n" + recordline.Line(rec).In(l)
	}
	desc = withGridText(l, desc+"\n"+txtPicGame.In(l), txtLegend.In(l), gridText(cur))
	pic, err := renderGame(cur, p)
	if err != nil {
		return nil, err
	}
	r := &commands.Reply{
		Embeds: []commands.Embed{{Title: txtGameTitle.Format(l, g.Rows, g.Cols), Description: desc, Color: colour, Image: filePicture}},
		Files:  []commands.File{{Name: filePicture, ContentType: "image/png", Data: pic}},
		Data: GameData{
			Rows: g.Rows, Cols: g.Cols, Seed: strconv.FormatUint(g.Seed, 36), Puzzle: dealt.String(), Grid: cur.String(),
			Presses: g.Clicks, Clear: clear, Minimum: best.Count, Remaining: rest.Count,
		},
	}
	switch {
	case !clear:
		r.Components = gameComponents(l, g)
	case rec == record.NotRecorded:
		r.Components = []commands.ActionRow{{{Kind: commands.Button, CustomID: recordAction,
			Label: recordline.Button.In(l), Emoji: "📒", Style: commands.Primary}}}
	}
	return r, nil
}

// gameComponents are the orbs' buttons (one each when they fit in 25,
// rows, then columns, then the diagonal, each kind starting a new action
// row when there is room) or, for larger grids, select menus of row and
// column orbs and a diagonal button, each named by its action. An orb
// pressed an odd number of times so far is shown in the primary colour.
func gameComponents(l commands.Locale, g game) []commands.ActionRow {
	style := func(bit uint64) commands.ButtonStyle {
		if g.Pressed&bit != 0 {
			return commands.Primary
		}
		return commands.Secondary
	}
	diag := commands.Component{Kind: commands.Button, CustomID: "d", Emoji: "↗️", Label: txtDiagButton.In(l), Style: style(1 << orbspuzzle.DiagBit)}
	if !useButtons(g.Rows, g.Cols) {
		var rows []commands.ActionRow
		for k, m := range menus(g.Rows, g.Cols) {
			c := commands.Component{Kind: commands.SelectMenu, CustomID: "m" + strconv.Itoa(k), MinValues: 1, MaxValues: 1}
			for n := m.lo; n < m.hi; n++ {
				o := commands.SelectOption{Value: string(m.kind) + strconv.Itoa(n)}
				bit := uint64(1) << uint(n)
				if m.kind == 'r' {
					o.Label = txtRowButton.Format(l, orbs.RowLabel(n))
				} else {
					o.Label = txtColButton.Format(l, orbs.ColLabel(n))
					bit <<= orbspuzzle.ColShift
				}
				if g.Pressed&bit != 0 {
					o.Emoji = "🟠"
				}
				c.Options = append(c.Options, o)
			}
			if m.kind == 'r' {
				c.Placeholder = txtRowMenu.Format(l, orbs.RowLabel(m.lo), orbs.RowLabel(m.hi-1))
			} else {
				c.Placeholder = txtColMenu.Format(l, orbs.ColLabel(m.lo), orbs.ColLabel(m.hi-1))
			}
			rows = append(rows, commands.ActionRow{c})
		}
		return append(rows, commands.ActionRow{diag})
	}
	var rowBtns, colBtns []commands.Component
	for r := 0; r < g.Rows; r++ {
		rowBtns = append(rowBtns, commands.Component{Kind: commands.Button, CustomID: "r" + strconv.Itoa(r),
			Label: txtRowButton.Format(l, orbs.RowLabel(r)), Style: style(1 << uint(r))})
	}
	for c := 0; c < g.Cols; c++ {
		colBtns = append(colBtns, commands.Component{Kind: commands.Button, CustomID: "c" + strconv.Itoa(c),
			Label: txtColButton.Format(l, orbs.ColLabel(c)), Style: style(1 << uint(orbspuzzle.ColShift+c))})
	}
	chunk := func(bs []commands.Component) []commands.ActionRow {
		var out []commands.ActionRow
		for len(bs) > 0 {
			n := min(len(bs), commands.MaxButtonsPerRow)
			out = append(out, commands.ActionRow(bs[:n:n]))
			bs = bs[n:]
		}
		return out
	}
	var out []commands.ActionRow
	if sep := append(chunk(rowBtns), chunk(colBtns)...); len(sep) < commands.MaxActionRows {
		out = append(sep, commands.ActionRow{diag})
	} else if last := sep[len(sep)-1]; len(sep) == commands.MaxActionRows && len(last) < commands.MaxButtonsPerRow {
		sep[len(sep)-1] = append(last, diag)
		out = sep
	} else {
		out = chunk(append(append(rowBtns, colBtns...), diag))
	}
	return out
}
