package orbs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/orbs"
	"github.com/alea-bot/alea/game/orbspuzzle"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/internal/race"
)

// The reference in this file is independent of the engine: a grid is a
// slice of rows of bools, a press set is (row bits, column bits, diagonal)
// and a cell (i, j) is flipped when its row orb, its column orb, or — for a
// cell on the diagonal from the bottom-left corner, i + j = rows − 1 — the
// diagonal orb is pressed an odd number of times.

type cells [][]bool

func readCells(t testing.TB, s string) cells {
	t.Helper()
	var out cells
	for _, row := range strings.Split(s, "/") {
		var r []bool
		for _, ch := range row {
			switch ch {
			case '#':
				r = append(r, true)
			case '.':
				r = append(r, false)
			default:
				t.Fatalf("bad reference grid %q", s)
			}
		}
		out = append(out, r)
	}
	return out
}

func (g cells) text() string {
	var rows []string
	for _, r := range g {
		var b strings.Builder
		for _, c := range r {
			if c {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows = append(rows, b.String())
	}
	return strings.Join(rows, "/")
}

// pressed reports whether the press set (rows, cols, diagonal) clears g.
func (g cells) clearedBy(rowSet, colSet uint64, diagonal bool) bool {
	n := len(g)
	for i, row := range g {
		for j, c := range row {
			flip := rowSet>>uint(i)&1 == 1
			flip = flip != (colSet>>uint(j)&1 == 1)
			flip = flip != (diagonal && i+j == n-1)
			if c != flip {
				return false
			}
		}
	}
	return true
}

// bruteMinimum tries every press set: the fewest presses clearing g, or -1.
func (g cells) bruteMinimum() int {
	rows, cols := len(g), len(g[0])
	best := -1
	for s := uint64(0); s < 1<<uint(rows+cols+1); s++ {
		rs, cs, d := s&(1<<uint(rows)-1), s>>uint(rows)&(1<<uint(cols)-1), s>>uint(rows+cols)&1 == 1
		if g.clearedBy(rs, cs, d) {
			if n := bits.OnesCount64(s); best < 0 || n < best {
				best = n
			}
		}
	}
	return best
}

func setOf(xs []int) uint64 {
	var s uint64
	for _, x := range xs {
		s |= 1 << uint(x)
	}
	return s
}

// harness clicks as the user that runs the slash lines, who owns the deals.
func harness(t testing.TB) *bottest.Harness {
	h := bottest.New(t, Command(seal.Loopback()))
	h.User = "local"
	return h
}

func description(r *commands.Reply) string {
	if len(r.Embeds) == 0 {
		return r.Content
	}
	return r.Embeds[0].Description
}

// checkPicture decodes the reply's PNG.
func checkPicture(t testing.TB, r *commands.Reply) {
	t.Helper()
	if len(r.Files) != 1 || r.Files[0].Name != filePicture || r.Files[0].ContentType != "image/png" {
		t.Fatalf("files %+v, want one %s", r.Files, filePicture)
	}
	img, err := png.Decode(bytes.NewReader(r.Files[0].Data))
	if err != nil {
		t.Fatalf("picture: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 40 || b.Dy() < 40 || b.Dx() > 4000 || b.Dy() > 4000 {
		t.Fatalf("picture is %v", b)
	}
	if r.Embeds[0].Image != filePicture {
		t.Fatalf("embed shows %q", r.Embeds[0].Image)
	}
}

func TestExamplesInEveryLocale(t *testing.T) {
	h := harness(t)
	for _, loc := range commands.Locales {
		h.Locale = loc
		for _, ex := range Command(seal.Loopback()).Examples {
			r := h.MustRun(ex)
			checkPicture(t, r)
			if strings.HasPrefix(description(r), "❌") {
				t.Errorf("%s %s: %s", loc, ex, description(r))
			}
		}
	}
}

// dataOf runs a line and returns its data as a JSON object.
func dataOf(t testing.TB, h *bottest.Harness, line string) (map[string]any, *commands.Reply) {
	t.Helper()
	r := h.MustRun(line)
	raw, err := json.Marshal(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m, r
}

func ints(t testing.TB, v any) []int {
	t.Helper()
	arr, ok := v.([]any)
	if !ok {
		t.Fatalf("%v is not an array", v)
	}
	out := []int{}
	for _, x := range arr {
		n, err := x.(json.Number).Int64()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, int(n))
	}
	return out
}

func num(t testing.TB, v any) int {
	t.Helper()
	n, err := v.(json.Number).Int64()
	if err != nil {
		t.Fatalf("%v: %v", v, err)
	}
	return int(n)
}

// checkGridData checks one grid's data and text against the reference.
func checkGridData(t testing.TB, h *bottest.Harness, g cells, limit int) {
	t.Helper()
	line := fmt.Sprintf("/orbs grid:%q", g.text())
	if limit >= 0 {
		line += fmt.Sprintf(" limit:%d", limit)
	}
	m, r := dataOf(t, h, line)
	keys := []string{"rows", "cols", "solvable", "count", "diagonal", "press_rows", "press_cols", "limit", "within_limit"}
	best := g.bruteMinimum()
	if best < 0 {
		keys = append(keys, "witness", "witness_after_diagonal")
	}
	var got []string
	for k := range m {
		got = append(got, k)
	}
	slices.Sort(got)
	slices.Sort(keys)
	if !slices.Equal(got, keys) {
		t.Fatalf("%s: fields %v, want %v", line, got, keys)
	}
	if num(t, m["rows"]) != len(g) || num(t, m["cols"]) != len(g[0]) {
		t.Fatalf("%s: size %v×%v", line, m["rows"], m["cols"])
	}
	if limit < 0 && m["limit"] != nil || limit >= 0 && num(t, m["limit"]) != limit {
		t.Fatalf("%s: limit %v", line, m["limit"])
	}
	if m["solvable"] != (best >= 0) {
		t.Fatalf("%s: solvable %v, brute force minimum %d", line, m["solvable"], best)
	}
	within := best >= 0 && (limit < 0 || best <= limit)
	if m["within_limit"] != within {
		t.Fatalf("%s: within_limit %v, brute force minimum %d", line, m["within_limit"], best)
	}
	desc := description(r)
	pr, pc := ints(t, m["press_rows"]), ints(t, m["press_cols"])
	diag := m["diagonal"].(bool)
	if best < 0 {
		if num(t, m["count"]) != 0 || len(pr) != 0 || len(pc) != 0 || diag {
			t.Fatalf("%s: unsolvable with presses %v", line, m)
		}
		for k, key := range []string{"witness", "witness_after_diagonal"} {
			w := m[key].(map[string]any)
			wr, wc := ints(t, w["rows"]), ints(t, w["cols"])
			h := g
			if k == 1 {
				h = flipDiagonal(g)
			}
			if len(wr) != 2 || len(wc) != 2 || wr[0] == wr[1] || wc[0] == wc[1] ||
				h[wr[0]][wc[0]] != h[wr[1]][wc[0]] || h[wr[0]][wc[1]] == h[wr[1]][wc[1]] {
				t.Fatalf("%s: %s %v does not hold", line, key, w)
			}
			cell := "(" + orbs.RowLabel(wr[1]) + ", " + orbs.ColLabel(wc[1]) + ")"
			if !strings.Contains(desc, cell) {
				t.Fatalf("%s: the text does not name the witness cell %s:\n%s", line, cell, desc)
			}
		}
		return
	}
	count := len(pr) + len(pc)
	if diag {
		count++
	}
	if num(t, m["count"]) != best || count != best {
		t.Fatalf("%s: count %v (%d presses listed), brute force %d", line, m["count"], count, best)
	}
	if !slices.IsSorted(pr) || !slices.IsSorted(pc) {
		t.Fatalf("%s: presses not in order %v %v", line, pr, pc)
	}
	if !g.clearedBy(setOf(pr), setOf(pc), diag) {
		t.Fatalf("%s: the listed presses do not clear the grid (reference)", line)
	}
	eg, err := orbs.Parse(g.text())
	if err != nil {
		t.Fatal(err)
	}
	after, err := orbs.Apply(eg, orbs.Presses{Diagonal: diag, Rows: pr, Cols: pc})
	if err != nil || !after.IsClear() {
		t.Fatalf("%s: the listed presses leave %s (engine Apply)", line, after)
	}
	for _, p := range pr {
		if !strings.Contains(desc, "row orb "+orbs.RowLabel(p)) {
			t.Fatalf("%s: text does not list row orb %s:\n%s", line, orbs.RowLabel(p), desc)
		}
	}
	for _, c := range pc {
		if !strings.Contains(desc, "column orb "+orbs.ColLabel(c)) {
			t.Fatalf("%s: text does not list column orb %s:\n%s", line, orbs.ColLabel(c), desc)
		}
	}
	if diag != strings.Contains(desc, "diagonal orb") {
		t.Fatalf("%s: diagonal %v but text:\n%s", line, diag, desc)
	}
	presses := "presses"
	if best == 1 {
		presses = "press" // English has a singular: "Needs 1 press"
	}
	if over := limit >= 0 && best > limit; over != strings.Contains(desc, fmt.Sprintf("Needs %d %s, more than the limit of %d", best, presses, limit)) {
		t.Fatalf("%s: over the limit %v, text:\n%s", line, over, desc)
	}
}

func flipDiagonal(g cells) cells {
	out := make(cells, len(g))
	for i := range g {
		out[i] = slices.Clone(g[i])
		if j := len(g) - 1 - i; j < len(g[i]) {
			out[i][j] = !out[i][j]
		}
	}
	return out
}

func gridOfBits(rows, cols int, m uint64) cells {
	g := make(cells, rows)
	for i := range g {
		g[i] = make([]bool, cols)
		for j := range g[i] {
			g[i][j] = m>>uint(i*cols+j)&1 == 1
		}
	}
	return g
}

// TestDataEveryGrid runs every 2×2, 2×3, 3×2 and 3×3 grid, and a few limits,
// through the command and checks its data and text against brute force.
func TestDataEveryGrid(t *testing.T) {
	h := harness(t)
	for _, sz := range [][2]int{{1, 1}, {1, 3}, {3, 1}, {2, 2}, {2, 3}, {3, 2}, {3, 3}} {
		for m := uint64(0); m < 1<<uint(sz[0]*sz[1]); m++ {
			if (race.Enabled || testing.Short()) && m%17 != 0 {
				continue // a sample; the full run checks every grid
			}
			g := gridOfBits(sz[0], sz[1], m)
			checkGridData(t, h, g, int(m%5)-1) // no limit, 0, 1, 2, 3
		}
	}
}

// TestDataSchema checks the documented shape (docs/data.md) and the three kinds of
// answer: within the limit, over it, and unsolvable.
func TestDataSchema(t *testing.T) {
	h := harness(t)
	m, _ := dataOf(t, h, `/orbs grid:"1001/0110/1001" limit:3`)
	raw, _ := json.Marshal(m)
	if want := `{"cols":4,"count":3,"diagonal":false,"limit":3,"press_cols":[0,3],"press_rows":[1],"rows":3,"solvable":true,"within_limit":true}`; string(raw) != want {
		t.Errorf("data %s, want %s", raw, want)
	}
	r := h.MustRun(`/orbs grid:"1001/0110/1001" limit:2`)
	if raw, _ := json.Marshal(r.Data); !strings.Contains(string(raw), `"limit":2,"within_limit":false`) {
		t.Errorf("over the limit: %s", raw)
	}
	if !strings.Contains(description(r), "Needs 3 presses, more than the limit of 2") {
		t.Errorf("over the limit text:\n%s", description(r))
	}
	r = h.MustRun(`/orbs grid:"#... .... .... ...."`)
	raw, _ = json.Marshal(r.Data)
	if !strings.Contains(string(raw), `"solvable":false,"count":0,"diagonal":false,"press_rows":[],"press_cols":[],"limit":null,"within_limit":false,"witness":{`) {
		t.Errorf("unsolvable data %s", raw)
	}
	checkPicture(t, r)
	// Random grids of sizes brute force can still try (at most 16 orbs).
	rng := rand.New(rand.NewPCG(3, 5))
	n := 300
	if race.Enabled || testing.Short() {
		n = 20
	}
	for range n {
		rows, cols := 1+rng.IntN(7), 1+rng.IntN(7)
		for rows+cols+1 > 16 {
			rows, cols = 1+rng.IntN(7), 1+rng.IntN(7)
		}
		g := gridOfBits(rows, cols, rng.Uint64())
		if rng.IntN(2) == 0 { // half solvable: presses on a clear grid
			g = gridOfBits(rows, cols, 0)
			rs, cs := rng.Uint64(), rng.Uint64()
			for i := range g {
				for j := range g[i] {
					g[i][j] = rs>>uint(i)&1 != cs>>uint(j)&1
				}
			}
			if rng.IntN(2) == 0 {
				g = flipDiagonal(g)
			}
		}
		checkGridData(t, h, g, rng.IntN(12)-1)
	}
}

func TestBadInput(t *testing.T) {
	h := harness(t)
	row31 := strings.Repeat("1", 31)
	cases := []struct{ line, want string }{
		{`/orbs grid:"` + strings.Repeat(row31+"/", 30) + row31 + `"`, "at most 30×30"},
		{`/orbs grid:"` + row31 + `"`, "1×31"},
		{`/orbs grid:"101/01"`, "Row 2 of the grid has 2 cells but row 1 has 3"},
		{`/orbs grid:"   "`, "no cells"},
		{`/orbs grid:"//"`, "Row 1 of the grid is empty"},
		{`/orbs grid:"10/0a"`, "`a` is not a cell"},
		{`/orbs grid:"●○/○●"`, "`●` is not a cell"},
		{`/orbs grid:"1 0 0 1"`, "could be one row or one column"},
		{`/orbs grid:"10/01" random:5x5`, "not both"},
		{`/orbs random:5x5 limit:3`, "`limit` goes with `grid`"},
		{`/orbs random:0x5`, "1x1 to 30x30"},
		{`/orbs random:31x2`, "1x1 to 30x30"},
		{`/orbs random:5`, "1x1 to 30x30"},
		{`/orbs random:axb`, "1x1 to 30x30"},
		{`/orbs random:5x5x5`, "1x1 to 30x30"},
		{`/orbs random:-3x4`, "1x1 to 30x30"},
		{`/orbs limit:3`, "Give a `grid`"},
		{`/orbs`, "Give a `grid`"},
		{`/orbs grid:"10/01" limit:-1`, "between 0 and 999"},
		{`/orbs grid:"10/01" limit:1000`, "between 0 and 999"},
	}
	for _, c := range cases {
		for _, loc := range commands.Locales {
			h.Locale = loc
			r, out := h.Run(c.line)
			if out != bot.Rejected || !r.Ephemeral {
				t.Errorf("%s %s: outcome %s, want an ephemeral rejection: %s", loc, c.line, out, bot.FormatText(r))
				continue
			}
			if loc == commands.English && !strings.Contains(r.Content, c.want) {
				t.Errorf("%s: %q does not say %q", c.line, r.Content, c.want)
			}
			if loc == commands.Korean && !strings.ContainsAny(r.Content, "가나다라마바사아자차카타파하이는을를의에서입니다세요") {
				t.Errorf("%s: not Korean: %q", c.line, r.Content)
			}
		}
	}
	h.Locale = commands.English
	for _, ok := range []string{"5x5", "5×5", " 3 X 7 ", "30*30", "1x1"} {
		if _, out := h.Run(fmt.Sprintf("/orbs random:%q", ok)); out != bot.OK {
			t.Errorf("random:%q: %s", ok, out)
		}
	}
}

// findOrb returns the custom_id and menu values that press orb ("r3",
// "c0", "d") in a game reply.
func findOrb(t testing.TB, r *commands.Reply, orb string) (string, []string) {
	t.Helper()
	for _, row := range r.Components {
		for _, c := range row {
			if c.Kind == commands.Button && strings.HasPrefix(c.CustomID, route.Prefix()+orb+"/") {
				return c.CustomID, nil
			}
			if c.Kind == commands.SelectMenu {
				for _, o := range c.Options {
					if o.Value == orb {
						return c.CustomID, []string{orb}
					}
				}
			}
		}
	}
	t.Fatalf("no component presses %s", orb)
	return "", nil
}

func gameDataOf(t testing.TB, r *commands.Reply) GameData {
	t.Helper()
	d, ok := r.Data.(GameData)
	if !ok {
		t.Fatalf("data %T", r.Data)
	}
	return d
}

func orbIDs(p orbs.Presses) []string {
	var out []string
	if p.Diagonal {
		out = append(out, "d")
	}
	for _, r := range p.Rows {
		out = append(out, "r"+strconv.Itoa(r))
	}
	for _, c := range p.Cols {
		out = append(out, "c"+strconv.Itoa(c))
	}
	return out
}

// TestGameThroughButtons deals random puzzles of many sizes (buttons in
// rows, packed buttons, select menus), presses a wrong orb twice and then
// the engine's answer for the dealt grid, and checks the final message.
func TestGameThroughButtons(t *testing.T) {
	h := harness(t)
	for _, sz := range [][2]int{{1, 1}, {2, 2}, {3, 3}, {4, 3}, {5, 5}, {9, 9}, {12, 12}, {1, 24}, {24, 1}, {1, 25}, {13, 12}, {30, 30}, {26, 3}, {7, 30}} {
		if (race.Enabled || testing.Short()) && sz[0]*sz[1] > 144 && sz != [2]int{26, 3} {
			continue // pictures of large grids are slow under -race
		}
		for k, loc := range commands.Locales {
			if k > 0 && (race.Enabled || testing.Short()) {
				break // English only
			}
			h.Locale = loc
			line := fmt.Sprintf("/orbs random:%dx%d", sz[0], sz[1])
			r := h.MustRun(line)
			if h.Reusable() {
				t.Fatalf("%s: a random deal must not be cached", line)
			}
			d := gameDataOf(t, r)
			if d.Clear || d.Presses != 0 || d.Puzzle != d.Grid || d.Rows != sz[0] || d.Cols != sz[1] {
				t.Fatalf("%s: dealt %+v", line, d)
			}
			ref := readCells(t, d.Puzzle)
			if sz[0]+sz[1]+1 <= 16 && ref.bruteMinimum() != d.Minimum {
				t.Fatalf("%s: minimum %d, brute force %d", line, d.Minimum, ref.bruteMinimum())
			}
			puzzle, _ := orbs.Parse(d.Puzzle)
			sol := orbs.Solve(puzzle, orbs.NoLimit)
			if !sol.Solvable || sol.Count != d.Minimum || d.Minimum == 0 {
				t.Fatalf("%s: %s has minimum %d, solve %+v", line, d.Puzzle, d.Minimum, sol)
			}
			// A detour: the last column orb twice.
			// A detour first: an orb pressed twice, one whose single press
			// does not clear the grid (there is none on a 1×1 puzzle).
			presses, detour := orbIDs(sol.Presses), 0
			for _, p := range []orbs.Presses{{Cols: []int{sz[1] - 1}}, {Rows: []int{0}}, {Diagonal: true}} {
				if once, _ := orbs.Apply(puzzle, p); !once.IsClear() {
					extra := orbIDs(p)[0]
					presses, detour = append([]string{extra, extra}, presses...), 2
					break
				}
			}
			for i, orb := range presses {
				id, vals := findOrb(t, r, orb)
				if len(id) > commands.MaxCustomID {
					t.Fatalf("custom_id %q too long", id)
				}
				var out bot.Outcome
				r, out = h.Click(id, vals...)
				if out != bot.OK || !r.Update || h.Reusable() {
					t.Fatalf("%s press %s: outcome %s update %v: %s", line, orb, out, r.Update, bot.FormatText(r))
				}
				d = gameDataOf(t, r)
				if d.Presses != i+1 || d.Clear != (i == len(presses)-1) {
					t.Fatalf("%s after %d presses: %+v", line, i+1, d)
				}
				checkPicture(t, r)
			}
			if len(r.Components) != 0 {
				t.Fatalf("%s: buttons left on a clear grid", line)
			}
			if loc == commands.English {
				presses := "presses"
				if d.Minimum+detour == 1 {
					presses = "press" // "1 press", never "1 presses"
				}
				want := fmt.Sprintf("You used %d %s; the fewest possible for this puzzle is %d.", d.Minimum+detour, presses, d.Minimum)
				if !strings.Contains(description(r), want) {
					t.Fatalf("%s: final message lacks %q:\n%s", line, want, description(r))
				}
			}
		}
	}
}

// TestGamePerfect plays the minimum and is told so.
func TestGamePerfect(t *testing.T) {
	h := harness(t)
	r := h.MustRun("/orbs random:4x4")
	puzzle, _ := orbs.Parse(gameDataOf(t, r).Puzzle)
	for _, orb := range orbIDs(orbs.Solve(puzzle, orbs.NoLimit).Presses) {
		id, vals := findOrb(t, r, orb)
		r, _ = h.Click(id, vals...)
	}
	if d := gameDataOf(t, r); !d.Clear || d.Presses != d.Minimum || !strings.Contains(description(r), "perfect") {
		t.Fatalf("%+v\n%s", d, description(r))
	}
}

// TestGameLayout checks that every allowed size gets controls for every
// orb within Discord's limits.
func TestGameLayout(t *testing.T) {
	for rows := 1; rows <= orbs.MaxSize; rows++ {
		for cols := 1; cols <= orbs.MaxSize; cols++ {
			g := game{Rows: rows, Cols: cols, Seed: uint64(rows*31 + cols), Pressed: orbspuzzle.ValidMask(rows, cols), Owner: seal.Owner{Discord: true, ID: 18446744073709551615}}
			reply := &commands.Reply{Content: "x", Components: gameComponents(commands.English, g)}
			sealReply(seal.Loopback(), g, reply)
			if err := commands.ValidateReply(reply); err != nil {
				t.Fatalf("%d×%d: %v", rows, cols, err)
			}
			seen := map[string]bool{}
			for _, row := range reply.Components {
				for _, c := range row {
					p, err := kit(seal.Loopback()).OpenID(c.CustomID)
					back, ok := orbspuzzle.ParseState(p.State)
					action := p.Action
					if err != nil || !ok || back != g {
						t.Fatalf("%d×%d: custom_id %q does not read back", rows, cols, c.CustomID)
					}
					if c.Kind == commands.SelectMenu {
						for _, o := range c.Options {
							seen[o.Value] = true
						}
					} else {
						seen[action] = true
					}
				}
			}
			if len(seen) != rows+cols+1 || !seen["d"] || !seen["r"+strconv.Itoa(rows-1)] || !seen["c"+strconv.Itoa(cols-1)] {
				t.Fatalf("%d×%d: controls for %d orbs", rows, cols, len(seen))
			}
		}
	}
}

func TestTampering(t *testing.T) {
	h := harness(t)
	r := h.MustRun("/orbs random:5x5")
	good, _ := findOrb(t, r, "r0")
	key := seal.Loopback()
	opened, _ := key.Open(good)
	state := strings.TrimPrefix(opened, route.Prefix()+"r0/")
	f := strings.Split(state, ".")
	me := seal.OwnerOf("local")
	// join seals a state built by hand and its action (the last part), so
	// that the parser sees it.
	join := func(parts ...string) string {
		p := append(append([]string(nil), parts[:len(parts)-1]...), me.String())
		return kit(key).ID(parts[len(parts)-1], strings.Join(p, "."))
	}
	big := game{Rows: 30, Cols: 30, Seed: 7, Owner: me}
	bad := []struct {
		id     string
		values []string
	}{
		{join("05x5", f[1], f[2], f[3], "r0"), nil},
		{join("5x5", strings.ToUpper(f[1])+"!", f[2], f[3], "r0"), nil},
		{join("5x5", f[1], f[2], f[3], "r5"), nil},
		{join("5x5", f[1], strconv.FormatUint(1<<5, 36), f[3], "r0"), nil},  // row orb 5 of 5 rows pressed
		{join("5x5", f[1], strconv.FormatUint(1<<61, 36), f[3], "r0"), nil}, // no such orb
		{join("5x5", f[1], f[2], "10000", "r0"), nil},
		{join("5x5", f[1], f[2], "-1", "r0"), nil},
		{join("5x5", f[1], f[2], f[3], "c5"), nil},
		{join("5x5", f[1], f[2], f[3], "r01"), nil},
		{join("5x5", f[1], f[2], f[3], "x"), nil},
		{join("5x5", f[1], f[2], f[3], "m0"), []string{"r0"}},                                               // menus only on large grids
		{key.Seal(route.Prefix() + strings.Join([]string{"5x5", f[1], f[2], f[3], me.String()}, ".")), nil}, // no action
		{kit(key).ID("r0", strings.Join([]string{"5x5", f[1], f[2], f[3], "x"}, ".")), nil},                 // bad owner
		{kit(key).ID("", strings.Join([]string{"5x5", f[1], f[2], f[3], me.String()}, ".")), nil},           // empty action
		{kit(key).ID("r0", strings.Join([]string{"5x5", f[1], f[2], f[3], me.String(), "r0"}, ".")), nil},   // an action after the state
		{join("31x5", f[1], f[2], f[3], "r0"), nil},
		{join("0x5", f[1], f[2], f[3], "r0"), nil},
		{customID(key, big, "m0"), []string{"c0"}}, // a row menu given a column
		{customID(key, big, "m1"), []string{"r3"}}, // the second row menu holds z–ad
		{customID(key, big, "m4"), []string{"r0"}}, // no fifth menu
		{customID(key, big, "m0"), nil},            // no value
		{customID(key, big, "m0"), []string{"r0", "r1"}},
		{customID(key, big, "m2"), []string{"c99"}},
		// Forged: no tag, another key's tag, an action or a state changed
		// after sealing, a version 2 custom_id of a version 3 state.
		{route.Prefix() + "r0/" + state, nil},
		{seal.NewKey("another bot's secret").Seal(opened), nil},
		{strings.Replace(good, "/r0/", "/r1/", 1), nil},
		{strings.Replace(good, ".0.0.", ".0.1.", 1), nil},
		{key.Seal(route2.Prefix() + "r0/" + state), nil},
		{"orbs/2/", nil},
		{"orbs/3/r0/", nil},
	}
	for _, b := range bad {
		r, out := h.Click(b.id, b.values...)
		if out != bot.Rejected || !r.Ephemeral {
			t.Errorf("%q %v: outcome %s, want a rejection: %s", b.id, b.values, out, bot.FormatText(r))
		}
	}
	// A finished puzzle's state takes no more presses.
	dealt := orbspuzzle.Deal(5, 5, 9)
	sol := orbs.Solve(dealt, orbs.NoLimit)
	done := game{Rows: 5, Cols: 5, Seed: 9, Pressed: bitsOf(sol.Presses), Clicks: sol.Count, Owner: me}
	if _, out := h.Click(customID(key, done, "r0")); out != bot.Rejected {
		t.Errorf("a finished puzzle took a press: %s", out)
	}
	// The good one still works, and the menus of a large grid too.
	if _, out := h.Click(good); out != bot.OK {
		t.Errorf("%s: %s", good, out)
	}
	if _, out := h.Click(customID(key, big, "m1"), "r26"); out != bot.OK {
		t.Errorf("menu m1 r26: %s", out)
	}
	// Another user may not press; a puzzle dealt before states were sealed
	// gets the older-version message.
	if r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: good, UserID: "123456789012345678"}); out != bot.Rejected || !strings.Contains(r.Content, "only they can press") {
		t.Errorf("another user's press: %s %s", out, bot.FormatText(r))
	}
	for _, loc := range commands.Locales {
		h.Locale = loc
		r, out := h.Click("orbs/1/5x5.abc.0.0.r0")
		want := map[commands.Locale]string{commands.English: "older version", commands.Korean: "이전 버전", commands.Japanese: "以前のバージョン"}[loc]
		if out != bot.Rejected || !strings.Contains(r.Content, want) {
			t.Errorf("%s: old puzzle: %s %s", loc, out, bot.FormatText(r))
		}
	}
}

func bitsOf(p orbs.Presses) uint64 {
	s := setOf(p.Rows) | setOf(p.Cols)<<orbspuzzle.ColShift
	if p.Diagonal {
		s |= 1 << orbspuzzle.DiagBit
	}
	return s
}

// TestDealSolvable: every deal is solvable and not clear.
func TestDealSolvable(t *testing.T) {
	for seed := uint64(0); seed < 300; seed++ {
		rows, cols := 1+int(seed%30), 1+int(seed*7%30)
		g := orbspuzzle.Deal(rows, cols, seed)
		if g.Rows() != rows || g.Cols() != cols || g.IsClear() || !orbs.Solve(g, orbs.NoLimit).Solvable {
			t.Fatalf("seed %d: dealt %s", seed, g)
		}
		if orbspuzzle.Deal(rows, cols, seed) != g {
			t.Fatalf("seed %d: two deals differ", seed)
		}
	}
}

// TestLargest runs 30×30 grids (solvable with many presses, unsolvable,
// in ■/□) and checks the replies keep the text grid within the limits.
func TestLargest(t *testing.T) {
	h := harness(t)
	rng := rand.New(rand.NewPCG(30, 30))
	for k := range 6 {
		if (race.Enabled || testing.Short()) && k%3 != 0 {
			continue
		}
		g, _ := orbs.New(30, 30)
		var p orbs.Presses
		for i := range 30 {
			if i%2 == 0 || rng.IntN(2) == 0 {
				p.Rows = append(p.Rows, i)
			}
			if i%3 == 0 || rng.IntN(2) == 0 {
				p.Cols = append(p.Cols, i)
			}
		}
		p.Diagonal = k%2 == 0
		g, _ = orbs.Apply(g, p)
		if k >= 4 {
			g.Set(k, k, !g.Cloudy(k, k)) // unsolvable
		}
		text := strings.NewReplacer("#", "■", ".", "□", "/", " ").Replace(g.String())
		for i, loc := range commands.Locales {
			if i > 0 && (race.Enabled || testing.Short()) {
				break
			}
			h.Locale = loc
			r := h.MustRun(fmt.Sprintf("/orbs grid:%q limit:999", text))
			checkPicture(t, r)
			if !strings.Contains(description(r), "```") {
				t.Errorf("30×30 %s: no text grid:\n%s", loc, description(r))
			}
		}
	}
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"5x5", "30x30", "1×1", "0x0", "31x1", "5", "x", "5x", "-1x3", " 4 * 6 ", "5x5x5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rows, cols, ok := parseSize(s)
		if !ok {
			return
		}
		if rows < 1 || cols < 1 || rows > orbs.MaxSize || cols > orbs.MaxSize {
			t.Fatalf("parseSize(%q) = %d, %d", s, rows, cols)
		}
		if r2, c2, ok2 := parseSize(fmt.Sprintf("%dx%d", rows, cols)); !ok2 || r2 != rows || c2 != cols {
			t.Fatalf("parseSize(%q) does not read back", s)
		}
	})
}

// FuzzButtons presses the puzzle's buttons and menus with arbitrary states
// through the dispatcher: the custom_id parser must answer or reject, never
// fail, and an accepted state must be canonical.
func FuzzButtons(f *testing.F) {
	for _, s := range []string{"5x5.abc.0.0.h1.r0", "30x30.zzzzzzzzzzzz.0.3.123.m1", "1x1.0.0.0.h0.d", "5x5.abc.1b.9999.5.c4", "5x5.abc.0.0.r0", "05x5.a.0.0.1.r0", "5x5..0.0.r0", "3x3.1.1.1.r1"} {
		f.Add(s, "r26", false)
		f.Add(s, "r26", true)
	}
	key := seal.Loopback()
	h := bottest.New(f, Command(key))
	f.Fuzz(func(t *testing.T, s, value string, version2 bool) {
		// s is "<state>.<action>", sealed as version 2 or 3 writes it, to
		// reach the parser.
		i := strings.LastIndexByte(s, '.')
		if i < 0 || strings.Contains(s, "/") || strings.Contains(s, seal.Separator) {
			return
		}
		id := kit(key).ID(s[i+1:], s[:i])
		if version2 {
			id = key.Seal(route2.Prefix() + s)
		}
		if len(id) > commands.MaxCustomID {
			return
		}
		r, out := h.Dispatcher.Do(context.Background(), &commands.Request{
			Kind: commands.KindComponent, CustomID: id, Values: []string{value}, Locale: commands.English, ID: "fuzz", UserID: "fuzzer"})
		if out != bot.OK && out != bot.Rejected {
			t.Fatalf("%s %q: outcome %s: %s", id, value, out, bot.FormatText(r))
		}
		if g, ok := orbspuzzle.ParseState(s[:i]); ok && g.State() != s[:i] {
			t.Fatalf("%s accepted but not canonical (%s)", id, g.State())
		}
	})
}

// BenchmarkSolve30x30 is the engine's solve on random 30×30 grids, for the
// command's worst size.
func BenchmarkSolve30x30(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 30))
	var grids []orbs.Grid
	for range 64 {
		g, _ := orbs.New(30, 30)
		for r := range 30 {
			for c := range 30 {
				g.Set(r, c, rng.IntN(2) == 1)
			}
		}
		grids = append(grids, g)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		orbs.Solve(grids[i%len(grids)], orbs.NoLimit)
	}
}

// BenchmarkCommand30x30 is a whole /orbs answer for a 30×30 grid: solve,
// text and picture.
func BenchmarkCommand30x30(b *testing.B) {
	h := harness(b)
	g := orbspuzzle.Deal(30, 30, 1)
	line := fmt.Sprintf("/orbs grid:%q", g.String())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.MustRun(line)
	}
}

// A row of one cell is "1 cell".
func TestRaggedOneCell(t *testing.T) {
	h := harness(t)
	h.Locale = commands.English
	r, _ := h.Run(`/orbs grid:"11/1"`)
	if text := bot.FormatText(r); !strings.Contains(text, "Row 2 of the grid has 1 cell but row 1 has 2") {
		t.Errorf("%s", text)
	}
}
