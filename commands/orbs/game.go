package orbs

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/seal"
	"github.com/alea-bot/alea/engine/orbs"
)

// A random puzzle keeps all its state in the custom_ids of its buttons and
// menus (version 2), sealed with the bot's state key (package seal):
//
//	orbs/2/<rows>x<cols>.<seed>.<pressed>.<clicks>.<owner>.<action>~<tag>
//
// rows and cols are the size (1…30, decimal); seed (base 36) deals the
// puzzle through dealGrid; pressed (base 36) is the set of orbs pressed an
// odd number of times so far (bit r: row orb r, bit 30+c: column orb c,
// bit 60: the diagonal orb); clicks (decimal, at most maxClicks) counts the
// player's presses; action is what the component does: "r<n>" presses row
// orb n, "c<n>" column orb n, "d" the diagonal orb, and "m<k>" marks select
// menu k, whose chosen value ("r<n>" or "c<n>") names the orb; owner
// (seal.Owner) is who dealt the puzzle and alone may press. The tag covers
// the whole custom_id, so a state built by hand is refused; version 1
// (unsealed, no owner) gets txtOlder. The longest custom_id (30x30, 13-digit
// seed and set, 4-digit clicks, 20-digit owner) is 83 characters. Every
// field is checked on the way in, and the state must be written exactly as
// customID writes it.

// gameVersion is the version segment of the puzzle's custom_ids.
const gameVersion = "2"

// gamePrefix begins every custom_id of a puzzle.
const gamePrefix = "orbs/" + gameVersion + "/"

// maxClicks caps the press counter (it stays there once reached).
const maxClicks = 9999

// Bits of the pressed set.
const (
	colShift = 30
	diagBit  = 60
)

// game is the state of a random puzzle being played.
type game struct {
	rows, cols int
	seed       uint64
	pressed    uint64
	clicks     int
	owner      string // seal.Owner of who dealt it
}

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

func (g game) state() string {
	return fmt.Sprintf("%dx%d.%s.%s.%d.%s", g.rows, g.cols, strconv.FormatUint(g.seed, 36), strconv.FormatUint(g.pressed, 36), g.clicks, g.owner)
}

// customID is the sealed custom_id of a component doing action.
func (g game) customID(key seal.Key, action string) string {
	return key.Seal(gamePrefix + g.state() + "." + action)
}

// validMask is the set of orb bits of a rows×cols grid.
func validMask(rows, cols int) uint64 {
	return (1<<uint(rows) - 1) | (1<<uint(cols)-1)<<colShift | 1<<diagBit
}

// parseState reads a component's state; it never trusts it: it must be
// exactly what customID writes, for a grid of an allowed size, with only
// that grid's orbs pressed and a valid action.
func parseState(s string) (game, string, bool) {
	f := strings.Split(s, ".")
	if len(f) != 6 || len(s) > commands.MaxCustomID || !seal.ValidOwner(f[4]) {
		return game{}, "", false
	}
	rs, cs, found := strings.Cut(f[0], "x")
	rows, err1 := strconv.Atoi(rs)
	cols, err2 := strconv.Atoi(cs)
	seed, err3 := strconv.ParseUint(f[1], 36, 64)
	pressed, err4 := strconv.ParseUint(f[2], 36, 64)
	clicks, err5 := strconv.Atoi(f[3])
	if !found || err1 != nil || err2 != nil || err3 != nil || err4 != nil || err5 != nil ||
		rows < 1 || cols < 1 || rows > orbs.MaxSize || cols > orbs.MaxSize ||
		pressed&^validMask(rows, cols) != 0 || clicks < 0 || clicks > maxClicks {
		return game{}, "", false
	}
	g := game{rows: rows, cols: cols, seed: seed, pressed: pressed, clicks: clicks, owner: f[4]}
	if g.state() != strings.Join(f[:5], ".") {
		return game{}, "", false // not canonical: leading zeros, signs, upper case
	}
	return g, f[5], true
}

// orbBit reads an orb ("r<n>", "c<n>" or "d") of g's grid as its bit.
func (g game) orbBit(s string) (uint64, bool) {
	if s == "d" {
		return 1 << diagBit, true
	}
	if len(s) < 2 || (s[0] != 'r' && s[0] != 'c') {
		return 0, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 || strconv.Itoa(n) != s[1:] {
		return 0, false
	}
	if s[0] == 'r' && n < g.rows {
		return 1 << uint(n), true
	}
	if s[0] == 'c' && n < g.cols {
		return 1 << uint(colShift+n), true
	}
	return 0, false
}

// presses is g's pressed set as engine presses.
func (g game) presses() orbs.Presses {
	p := orbs.Presses{Diagonal: g.pressed>>diagBit&1 == 1, Rows: []int{}, Cols: []int{}}
	for r := 0; r < g.rows; r++ {
		if g.pressed>>uint(r)&1 == 1 {
			p.Rows = append(p.Rows, r)
		}
	}
	for c := 0; c < g.cols; c++ {
		if g.pressed>>uint(colShift+c)&1 == 1 {
			p.Cols = append(p.Cols, c)
		}
	}
	return p
}

// dealGrid deals the puzzle of a seed: a random set of presses on a clear
// grid, so it is always solvable, drawn again until the grid is not clear
// (pressing row 0 if 64 draws in a row were all clear, which does not
// happen in practice).
func dealGrid(rows, cols int, seed uint64) orbs.Grid {
	rng := rand.New(rand.NewPCG(seed, uint64(rows)<<8|uint64(cols)))
	clear, err := orbs.New(rows, cols)
	if err != nil {
		panic(err) // sizes are checked before dealing
	}
	for range 64 {
		var p orbs.Presses
		p.Diagonal = rng.IntN(2) == 1
		for r := 0; r < rows; r++ {
			if rng.IntN(2) == 1 {
				p.Rows = append(p.Rows, r)
			}
		}
		for c := 0; c < cols; c++ {
			if rng.IntN(2) == 1 {
				p.Cols = append(p.Cols, c)
			}
		}
		g, _ := orbs.Apply(clear, p)
		if !g.IsClear() {
			return g
		}
	}
	g := clear
	g.PressRow(0)
	return g
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
func deal(l commands.Locale, key seal.Key, owner string, rows, cols int, seed uint64) (*commands.Reply, error) {
	r, err := gameReply(l, key, game{rows: rows, cols: cols, seed: seed, owner: owner})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// press answers a button or menu of a random puzzle.
func press(_ context.Context, key seal.Key, req *commands.Request) (*commands.Reply, error) {
	id, ok := key.Open(req.CustomID)
	if !ok || !strings.HasPrefix(id, gamePrefix) {
		return nil, commands.Rejectf(txtBadState)
	}
	g, action, ok := parseState(id[len(gamePrefix):])
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	if seal.Owner(req.UserID) != g.owner {
		who := txtSomeone.In(req.Locale)
		if !strings.HasPrefix(g.owner, "h") {
			who = "<@" + g.owner + ">"
		}
		return nil, commands.Rejectf(txtNotYours, who)
	}
	orb := action
	if len(action) >= 2 && action[0] == 'm' {
		k, err := strconv.Atoi(action[1:])
		ms := menus(g.rows, g.cols)
		if err != nil || strconv.Itoa(k) != action[1:] || k < 0 || k >= len(ms) || useButtons(g.rows, g.cols) || len(req.Values) != 1 {
			return nil, commands.Rejectf(txtBadState)
		}
		orb = req.Values[0]
		bit, ok := g.orbBit(orb)
		n, _ := strconv.Atoi(orb[min(1, len(orb)):])
		if !ok || orb[0] != ms[k].kind || n < ms[k].lo || n >= ms[k].hi || bit == 0 {
			return nil, commands.Rejectf(txtBadState)
		}
	}
	bit, ok := g.orbBit(orb)
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	if dealt := dealGrid(g.rows, g.cols, g.seed); mustApply(dealt, g.presses()).IsClear() {
		return nil, commands.Rejectf(txtBadState) // the puzzle is over: no buttons were shown
	}
	g.pressed ^= bit
	g.clicks = min(g.clicks+1, maxClicks)
	r, err := gameReply(req.Locale, key, g)
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

func gameReply(l commands.Locale, key seal.Key, g game) (*commands.Reply, error) {
	dealt := dealGrid(g.rows, g.cols, g.seed)
	p := g.presses()
	cur := mustApply(dealt, p)
	best := orbs.Solve(dealt, orbs.NoLimit)
	rest := orbs.Solve(cur, orbs.NoLimit)
	if !best.Solvable || !rest.Solvable {
		return nil, fmt.Errorf("orbs: dealt puzzle %s not solvable", dealt)
	}
	clear := cur.IsClear()
	desc := txtGameIntro.In(l) + "\n\n" + txtPressesSoFar.Format(l, g.clicks)
	if clear {
		clear := txtGameClear
		if g.clicks == 1 {
			clear = txtGameClearOne
		}
		desc += "\n" + clear.Format(l, g.clicks, best.Count)
		if g.clicks <= best.Count {
			desc += " " + txtGamePerfect.In(l)
		}
	}
	desc = withGridText(l, desc+"\n"+txtPicGame.In(l), txtLegend.In(l), gridText(cur))
	pic, err := renderGame(cur, p)
	if err != nil {
		return nil, err
	}
	r := &commands.Reply{
		Embeds: []commands.Embed{{Title: txtGameTitle.Format(l, g.rows, g.cols), Description: desc, Color: colour, Image: filePicture}},
		Files:  []commands.File{{Name: filePicture, ContentType: "image/png", Data: pic}},
		Data: GameData{
			Rows: g.rows, Cols: g.cols, Seed: strconv.FormatUint(g.seed, 36), Puzzle: dealt.String(), Grid: cur.String(),
			Presses: g.clicks, Clear: clear, Minimum: best.Count, Remaining: rest.Count,
		},
	}
	if !clear {
		r.Components = gameComponents(l, key, g)
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
		if g.pressed&bit != 0 {
			return commands.Primary
		}
		return commands.Secondary
	}
	diag := commands.Component{Kind: commands.Button, CustomID: g.customID(key, "d"), Emoji: "↗️", Label: txtDiagButton.In(l), Style: style(1 << diagBit)}
	if !useButtons(g.rows, g.cols) {
		var rows []commands.ActionRow
		for k, m := range menus(g.rows, g.cols) {
			c := commands.Component{Kind: commands.SelectMenu, CustomID: g.customID(key, "m"+strconv.Itoa(k)), MinValues: 1, MaxValues: 1}
			for n := m.lo; n < m.hi; n++ {
				o := commands.SelectOption{Value: string(m.kind) + strconv.Itoa(n)}
				bit := uint64(1) << uint(n)
				if m.kind == 'r' {
					o.Label = txtRowButton.Format(l, orbs.RowLabel(n))
				} else {
					o.Label = txtColButton.Format(l, orbs.ColLabel(n))
					bit <<= colShift
				}
				if g.pressed&bit != 0 {
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
	for r := 0; r < g.rows; r++ {
		rowBtns = append(rowBtns, commands.Component{Kind: commands.Button, CustomID: g.customID(key, "r"+strconv.Itoa(r)),
			Label: txtRowButton.Format(l, orbs.RowLabel(r)), Style: style(1 << uint(r))})
	}
	for c := 0; c < g.cols; c++ {
		colBtns = append(colBtns, commands.Component{Kind: commands.Button, CustomID: g.customID(key, "c"+strconv.Itoa(c)),
			Label: txtColButton.Format(l, orbs.ColLabel(c)), Style: style(1 << uint(colShift+c))})
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
