package orbs

import (
	"context"
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
// orbs/2/ with the bot's state key (package seal); the tag covers the whole
// custom_id, so a state built by hand is refused; version 1 (unsealed, no
// owner) gets txtOlder.

// route is the puzzle's custom_ids (version 2).
var route = seal.Route{Game: "orbs", Version: 2}

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
func customID(key seal.Key, g game, action string) string {
	return route.Seal(key, g.State()+"."+action)
}

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
	r, err := gameReply(l, key, game{Rows: rows, Cols: cols, Seed: seed, Owner: owner, ID: seal.NewGameID()}, record.Off)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// recordAction is the action of a solved puzzle's Record button.
const recordAction = "rec"

// press answers a button or menu of a random puzzle: an orb's press
// (which records the puzzle when it solves it), or Record on a solved
// puzzle whose result was not recorded.
func press(ctx context.Context, key seal.Key, mem record.Bounded, req *commands.Request) (*commands.Reply, error) {
	id, ok := route.Open(key, req.CustomID)
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	g, action, ok := orbspuzzle.Parse(id)
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	if who, no := g.Owner.Stranger(req.UserID, txtSomeone.In(req.Locale)); no {
		return nil, commands.Rejectf(txtNotYours, who)
	}
	if action == recordAction {
		if !g.Solved() {
			return nil, commands.Rejectf(txtBadState)
		}
		r, err := gameReply(req.Locale, key, g, mem.Record(ctx, solved(key, mem, g, req)))
		if err != nil {
			return nil, err
		}
		r.Update = true
		return r, nil
	}
	orb := action
	if len(action) >= 2 && action[0] == 'm' {
		k, err := strconv.Atoi(action[1:])
		ms := menus(g.Rows, g.Cols)
		if err != nil || strconv.Itoa(k) != action[1:] || k < 0 || k >= len(ms) || useButtons(g.Rows, g.Cols) || len(req.Values) != 1 {
			return nil, commands.Rejectf(txtBadState)
		}
		orb = req.Values[0]
		bit, ok := g.OrbBit(orb)
		n, _ := strconv.Atoi(orb[min(1, len(orb)):])
		if !ok || orb[0] != ms[k].kind || n < ms[k].lo || n >= ms[k].hi || bit == 0 {
			return nil, commands.Rejectf(txtBadState)
		}
	}
	bit, ok := g.OrbBit(orb)
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	if dealt := orbspuzzle.Deal(g.Rows, g.Cols, g.Seed); mustApply(dealt, g.Presses()).IsClear() {
		return nil, commands.Rejectf(txtBadState) // the puzzle is over: no buttons were shown
	}
	g.Press(bit)
	rec := record.Off
	if g.Solved() {
		rec = mem.Record(ctx, solved(key, mem, g, req))
	}
	r, err := gameReply(req.Locale, key, g, rec)
	if err != nil {
		return nil, err
	}
	r.Update = true
	return r, nil
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
func solved(key seal.Key, mem record.Bounded, g game, req *commands.Request) store.Game {
	best := orbs.Solve(orbspuzzle.Deal(g.Rows, g.Cols, g.Seed), orbs.NoLimit)
	now := mem.Time().UTC()
	seat := store.Seat{Score: g.Clicks, Lost: float64(max(g.Clicks-best.Count, 0)), Decisions: g.Clicks, Winner: g.Clicks <= best.Count}
	if g.Owner.Discord {
		seat.User = strconv.FormatUint(g.Owner.ID, 10)
	}
	return store.Game{ID: g.GameID(key).String(), Kind: store.KindOrbs, Guild: req.GuildID, Channel: req.ChannelID,
		Rules: fmt.Sprintf("%dx%d", g.Rows, g.Cols), Seed: g.Seed, Started: now, Ended: now, Seats: []store.Seat{seat}}
}

// gameReply draws the puzzle g; rec is how recording it went when it is
// solved (said on the final message, with a Record button when it failed).
func gameReply(l commands.Locale, key seal.Key, g game, rec record.Outcome) (*commands.Reply, error) {
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
		r.Components = gameComponents(l, key, g)
	case rec == record.NotRecorded:
		r.Components = []commands.ActionRow{{{Kind: commands.Button, CustomID: customID(key, g, recordAction),
			Label: recordline.Button.In(l), Emoji: "📒", Style: commands.Primary}}}
	}
	return r, nil
}

// gameComponents are the orbs' buttons (one each when they fit in 25,
// rows, then columns, then the diagonal, each kind starting a new action
// row when there is room) or, for larger grids, select menus of row and
// column orbs and a diagonal button. An orb pressed an odd number of times
// so far is shown in the primary colour.
func gameComponents(l commands.Locale, key seal.Key, g game) []commands.ActionRow {
	style := func(bit uint64) commands.ButtonStyle {
		if g.Pressed&bit != 0 {
			return commands.Primary
		}
		return commands.Secondary
	}
	diag := commands.Component{Kind: commands.Button, CustomID: customID(key, g, "d"), Emoji: "↗️", Label: txtDiagButton.In(l), Style: style(1 << orbspuzzle.DiagBit)}
	if !useButtons(g.Rows, g.Cols) {
		var rows []commands.ActionRow
		for k, m := range menus(g.Rows, g.Cols) {
			c := commands.Component{Kind: commands.SelectMenu, CustomID: customID(key, g, "m"+strconv.Itoa(k)), MinValues: 1, MaxValues: 1}
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
		rowBtns = append(rowBtns, commands.Component{Kind: commands.Button, CustomID: customID(key, g, "r"+strconv.Itoa(r)),
			Label: txtRowButton.Format(l, orbs.RowLabel(r)), Style: style(1 << uint(r))})
	}
	for c := 0; c < g.Cols; c++ {
		colBtns = append(colBtns, commands.Component{Kind: commands.Button, CustomID: customID(key, g, "c"+strconv.Itoa(c)),
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
