package yachtgame

import (
	"context"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/internal/race"
)

// midGame plays a few turns (virtual dice, seed fixed) and stops after the
// second roll of a turn with two dice held; it returns the message.
func midGame(t *testing.T, h *bottest.Harness) *commands.Reply {
	t.Helper()
	var r *commands.Reply
	if race.Enabled {
		r = click(t, h, customID('r', craft(t, []string{"Ann", "Bob"}, endGame, "tester")))
	} else {
		r = startAs(t, h, `/yacht start seed:77 players:"Ann, Bob"`, "tester")
		for turn := 0; turn < 5; turn++ {
			r = click(t, h, mustFind(t, r, 'r').CustomID)
			menu := mustFind(t, r, 's')
			r = click(t, h, menu.CustomID, menu.Options[0].Value)
		}
		r = click(t, h, mustFind(t, r, 'r').CustomID)
	}
	r = click(t, h, mustFind(t, r, '1').CustomID)
	r = click(t, h, mustFind(t, r, 'r').CustomID)
	r = click(t, h, mustFind(t, r, '0').CustomID)
	r = click(t, h, mustFind(t, r, '3').CustomID)
	if d := gdata(t, r); d.Roll != 2 || len(d.Held) != 2 {
		t.Fatalf("mid game: %+v", d)
	}
	return r
}

// freshTables are tables of a newly started bot: nothing shared with the
// harness that made the message.
func freshTables(t *testing.T) *yacht.Tables {
	ts := &yacht.Tables{}
	if race.Enabled {
		r, _ := yacht.Preset(yacht.Yacht)
		tb, err := yacht.BuildEndGame(context.Background(), r, 3)
		if err != nil {
			t.Fatal(err)
		}
		ts.Put(tb)
	}
	return ts
}

// The same custom_ids answered by a freshly started bot (new tables, new
// registry, new dispatcher) continue the game exactly as the first bot does.
func TestFreshBotContinuesTheGame(t *testing.T) {
	first := harness(t)
	r := midGame(t, first)
	fresh := bottest.New(t, newCommand(freshTables(t)))
	type press struct {
		id     string
		values []string
	}
	var presses []press
	for _, row := range r.Components {
		for _, c := range row {
			if c.Kind == commands.SelectMenu {
				for _, o := range c.Options {
					presses = append(presses, press{c.CustomID, []string{o.Value}})
				}
				continue
			}
			presses = append(presses, press{id: c.CustomID})
		}
	}
	if len(presses) < 8 {
		t.Fatalf("only %d components", len(presses))
	}
	for _, p := range presses {
		a, outA := first.Click(p.id, p.values...)
		b, outB := fresh.Click(p.id, p.values...)
		if outA != bot.OK || outB != bot.OK {
			t.Fatalf("%s: outcomes %s, %s", p.id, outA, outB)
		}
		ta, tb := bot.FormatText(a), bot.FormatText(b)
		if ta != tb || fmt.Sprint(a.Components) != fmt.Sprint(b.Components) || fmt.Sprint(a.Data) != fmt.Sprint(b.Data) {
			t.Errorf("%s %v: the fresh bot answers differently:\n%s\n---\n%s", p.id, p.values, ta, tb)
		}
	}
	// And it plays on from there: roll and score on the fresh bot only.
	r2 := click(t, fresh, mustFind(t, r, 'r').CustomID)
	if d := gdata(t, r2); d.Roll != 3 {
		t.Fatalf("fresh bot after roll: %+v", d)
	}
	menu := mustFind(t, r2, 's')
	r3 := click(t, fresh, menu.CustomID, menu.Options[0].Value)
	if d := gdata(t, r3); d.Roll != 0 || d.Current != 1-gdata(t, r).Current {
		t.Fatalf("fresh bot after scoring: %+v", d)
	}
}

func TestOnlyTheOwnerPresses(t *testing.T) {
	h := harness(t)
	var state string
	if race.Enabled {
		state = craft(t, nil, endGame, "123456789012345678")
	} else {
		r := startAs(t, h, `/yacht start seed:5`, "123456789012345678")
		state = gdata(t, r).State
	}
	id := customID('r', state)
	r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, UserID: "987654321098765432"})
	if out != bot.Rejected || !r.Ephemeral || !strings.Contains(r.Content, "<@123456789012345678>") {
		t.Errorf("another user: %s %q", out, bot.FormatText(r))
	}
	r, out = h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, UserID: "123456789012345678"})
	if out != bot.OK || !r.Update {
		t.Errorf("owner: %s %q", out, bot.FormatText(r))
	}
	// A non-numeric owner (the local runner) is named by nobody.
	r, out = h.Click(customID('r', craft(t, nil, endGame, "someone")))
	if out != bot.Rejected || !strings.Contains(r.Content, "someone else's") {
		t.Errorf("hashed owner: %s %q", out, bot.FormatText(r))
	}
}

// body writes a single-player yacht state field by field, for states the
// encoder would never write.
type body struct {
	preset, players, cur, roll, pattern, nameLen int
	sheet                                        uint64
	extraByte                                    bool
}

func (b body) seal() string {
	w := &bitWriter{}
	w.write(uint64(b.preset), 3)
	w.write(uint64(b.players-1), 2)
	w.write(uint64(b.cur), 2)
	w.write(uint64(b.roll), 2)
	if b.roll >= 1 {
		w.write(uint64(b.pattern), 8)
	}
	if b.roll == 1 || b.roll == 2 {
		w.write(0, 5)
	}
	if b.roll >= 2 {
		w.write(0, 16)
	}
	w.write(99, seedBits)
	w.write(0, 1)
	w.write(uint64(ownerOf("tester").id), 32)
	w.write(1, 1)
	r, _ := yacht.Preset(presetKeys[min(b.preset, len(presetKeys)-1)])
	_, _, nbits := radices(r)
	for p := 0; p < b.players; p++ {
		w.write(uint64(b.nameLen), 4)
		for i := 0; i < b.nameLen; i++ {
			w.write('A', 8)
		}
		w.write(b.sheet, nbits)
	}
	if b.extraByte {
		w.write(0, 8)
	}
	return seal(w.buf)
}

func TestTamperedStatesRejected(t *testing.T) {
	h := harness(t)
	valid := body{players: 1}.seal()
	if _, err := decode(valid); err != nil {
		t.Fatalf("the hand-written valid state is refused: %v", err)
	}
	if r, out := h.Click(customID('r', valid)); out != bot.OK {
		t.Fatalf("valid: %s %s", out, bot.FormatText(r))
	}
	r, _ := yacht.Preset(yacht.Yacht)
	rad, _, _ := radices(r)
	product := uint64(1)
	for _, x := range rad {
		product *= x
	}
	bad := map[string]string{
		"preset 6":                 body{preset: 6, players: 1}.seal(),
		"current player 1 of 1":    body{players: 1, cur: 1}.seal(),
		"pattern 252":              body{players: 1, roll: 1, pattern: 252}.seal(),
		"sheet number too large":   body{players: 1, sheet: product}.seal(),
		"sheet full":               body{players: 1, sheet: product - 1}.seal(),
		"fill counts disagree":     body{players: 2, nameLen: 1, sheet: 1}.seal(),
		"unnamed player of two":    body{players: 2}.seal(),
		"trailing byte":            body{players: 1, extraByte: true}.seal(),
		"garbage":                  "not-a-state",
		"empty":                    "",
		"padding":                  valid + "A",
		"truncated":                valid[:len(valid)-3],
		"non-canonical base64 end": valid[:len(valid)-1] + string(rune(valid[len(valid)-1]^1)),
	}
	for name, s := range bad {
		id := customID('r', s)
		if len(id) > commands.MaxCustomID {
			continue
		}
		r, out := h.Click(id)
		if out != bot.Rejected || !strings.Contains(bot.FormatText(r), "outdated or damaged") && !strings.Contains(bot.FormatText(r), "Unknown") {
			t.Errorf("%s (%s): %s %q", name, id, out, bot.FormatText(r))
		}
	}
	// Every single-character change of a real mid-game state is refused or
	// decodes to another valid state (never a failure).
	src := harness(t)
	g := gdata(t, midGame(t, src)).State
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	accepted := 0
	for i := 0; i < len(g); i++ {
		for _, c := range []byte{alphabet[(strings.IndexByte(alphabet, g[i])+1)%64], alphabet[(strings.IndexByte(alphabet, g[i])+17)%64]} {
			s := g[:i] + string(c) + g[i+1:]
			r, out := h.Click(customID('r', s))
			switch out {
			case bot.Rejected:
			case bot.OK:
				accepted++
			default:
				t.Fatalf("%s: %s %s", s, out, bot.FormatText(r))
			}
		}
	}
	if accepted > 0 {
		t.Errorf("%d one-character changes passed the checksum and the checks", accepted)
	}
	// Another version is not routed.
	if _, out := h.Click("yacht/2/r/" + g); out == bot.OK {
		t.Errorf("version 2 was answered")
	}
}

func TestWrongMoments(t *testing.T) {
	h := harness(t)
	start := customID('r', craft(t, nil, endGame, "tester"))
	atStart := strings.TrimPrefix(start, idPrefix+"r/")
	for _, a := range []byte{'0', '4', 'b', 's'} {
		if r, out := h.Click(customID(a, atStart), "c6"); out != bot.Rejected || !strings.Contains(r.Content, "not possible") {
			t.Errorf("%c before the first roll: %s %q", a, out, r.Content)
		}
	}
	if _, out := h.Click(customID('z', atStart)); out != bot.Rejected {
		t.Errorf("unknown action: %s", out)
	}
	r := click(t, h, start)
	menu := mustFind(t, r, 's')
	for _, v := range [][]string{{"c0"}, {"c99"}, {"x"}, {}, {"c6", "c10"}} {
		if _, out := h.Click(menu.CustomID, v...); out != bot.Rejected {
			t.Errorf("menu value %v: %s", v, out)
		}
	}
	// Hold a six... any die, then enter dice without it.
	r = click(t, h, mustFind(t, r, '4').CustomID)
	held := gdata(t, r).Held[0]
	other := held%6 + 1
	enter, _ := h.Click(mustFind(t, r, 'e').CustomID)
	if enter.Modal == nil || !strings.Contains(enter.Modal.Inputs[0].Label, fmt.Sprint(held)) {
		t.Fatalf("modal %+v", enter.Modal)
	}
	without := strings.Repeat(fmt.Sprint(other), 5)
	if r, out := h.Submit(enter.Modal.CustomID, map[string]string{"dice": without}); out != bot.Rejected || !strings.Contains(r.Content, "held") {
		t.Errorf("dice without the held die: %s %q", out, r.Content)
	}
	for _, d := range []string{"1 2 3", "1 2 3 4 7", "abcde", ""} {
		if r, out := h.Submit(enter.Modal.CustomID, map[string]string{"dice": d}); out != bot.Rejected {
			t.Errorf("dice %q: %s %q", d, out, r.Content)
		}
	}
	// The third roll has no roll, enter or hold buttons.
	r = click(t, h, mustFind(t, r, 'r').CustomID)
	r = click(t, h, mustFind(t, r, 'r').CustomID)
	for _, a := range []byte{'0', 'r', 'e', 'b'} {
		if _, ok := find(r, a); ok {
			t.Errorf("roll 3 shows %c", a)
		}
		id := customID(a, gdata(t, r).State)
		if _, out := h.Click(id); out != bot.Rejected {
			t.Errorf("%c on roll 3: %s", a, out)
		}
	}
}

func TestStartBadInput(t *testing.T) {
	h := harness(t)
	cases := map[string]string{
		`/yacht start players:"Ann, Bob, Cy, Dee, Eve"`:                                 "at most 4",
		`/yacht start players:"Abcdefghijklmnop"`:                                       "bytes",
		`/yacht start players:"<@123>"`:                                                 "name",
		`/yacht start players:" , ,"`:                                                   "no name was given",
		`/yacht start rules:yatzy players:"Abcdefghijklmn, Bcdefghijklmno, Cdefgh, Dd"`: "does not fit",
		`/yacht start rules:bogus`:                                                      "",
		`/yacht start seed:-1`:                                                          "",
	}
	for line, want := range cases {
		r, out := h.Run(line)
		if out != bot.Rejected || !strings.Contains(bot.FormatText(r), want) {
			t.Errorf("%s: %s %q, want it to mention %q", line, out, bot.FormatText(r), want)
		}
	}
}

// Measured custom_id lengths: the largest state of each rule set for one
// player (every loss at its cap, which forces the compact form) and for four
// players with the longest names that fit.
func TestCustomIDLengths(t *testing.T) {
	for p := range presetKeys {
		for _, names := range [][]string{{""}, {"Ann", "Bob"}, {"Ann", "Bob", "Cy", "Dee"}} {
			g, err := newGame(p, owner{numeric: true, id: 1<<64 - 1}, 1<<seedBits-1, names)
			if err != nil {
				t.Fatal(err)
			}
			g.roll, g.dice, g.turnLoss = 2, yacht.Dice{1, 2, 3, 4, 6}, maxTurnLoss
			n := len(g.rules.Categories)
			for i := range g.players {
				for c := 0; c < n-1; c++ {
					ps := g.rules.PossibleScores(c)
					g.players[i].sheet.Scores[c] = ps[len(ps)-1]
					g.players[i].loss[c] = 250 // 2.50 points lost in every turn
					g.players[i].lost += 250
				}
			}
			detail := len(customID('x', g.encode()))
			g.detail = false
			compact := len(customID('x', g.encode()))
			t.Logf("%-22s %d player(s): %d characters with per-turn losses, %d compact", presetKeys[p], len(names), detail, compact)
			if compact > commands.MaxCustomID {
				t.Errorf("%s, %d players: compact state is %d characters", presetKeys[p], len(names), compact)
			}
			back, err := decode(g.encode())
			if err != nil || back.encode() != g.encode() {
				t.Errorf("round trip: %v", err)
			}
		}
	}
}

// FuzzCustomID presses every action with arbitrary states: the decoder
// must answer or reject, never fail.
func FuzzCustomID(f *testing.F) {
	g, _ := newGame(0, ownerOf("fuzzer"), 3, []string{"Ann", "Bob"})
	f.Add(g.encode())
	g.roll, g.dice, g.hold = 2, yacht.Dice{2, 2, 3, 5, 6}, 3
	f.Add(g.encode())
	f.Add(body{players: 1}.seal())
	f.Add("AAAAAKcQ2cIgAAAAAACQAQ")
	f.Add("")
	f.Add("____")
	h := harness(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, a := range []byte{'r', '0', 'b', 's', 'm', 'e'} {
			id := customID(a, s)
			if len(id) > commands.MaxCustomID || strings.Contains(s, "/") {
				return
			}
			req := &commands.Request{Kind: commands.KindComponent, CustomID: id, Locale: commands.English, ID: "fuzz", UserID: "fuzzer", Values: []string{"c3"}}
			if a == 'm' {
				req.Kind, req.Values, req.Fields = commands.KindModal, nil, map[string]string{"dice": "6 6 6 6 6"}
			}
			r, out := h.Dispatcher.Do(context.Background(), req)
			if out != bot.OK && out != bot.Rejected {
				t.Fatalf("%s: outcome %s: %s", id, out, bot.FormatText(r))
			}
		}
	})
}

// Random states round-trip through encode and decode.
func TestStateRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := 0; trial < 300; trial++ {
		p := rng.IntN(len(presetKeys))
		names := []string{""}
		if rng.IntN(2) == 0 {
			names = []string{"Ann", "민수", "Cy"}[:1+rng.IntN(3)]
		}
		g, _ := newGame(p, ownerOf(fmt.Sprint(rng.Uint64())), rng.Uint32(), names)
		n := len(g.rules.Categories)
		k := rng.IntN(n)
		g.cur = rng.IntN(len(names))
		for i := range g.players {
			fill := k
			if i < g.cur {
				fill = k + 1
			}
			for _, c := range rng.Perm(n)[:min(fill, n)] {
				ps := g.rules.PossibleScores(c)
				g.players[i].sheet.Scores[c] = ps[rng.IntN(len(ps))]
				g.players[i].loss[c] = rng.IntN(3000)
				g.players[i].lost += g.players[i].loss[c]
			}
		}
		if g.cur > 0 && k+1 > n || g.players[g.cur].sheet.Filled() == n {
			continue
		}
		g.roll = rng.IntN(4)
		if g.roll > 0 {
			copy(g.dice[:], yacht.Pattern(rng.IntN(yacht.NumPatterns)).Faces())
		}
		if g.roll == 1 || g.roll == 2 {
			g.hold = uint8(rng.IntN(32))
		}
		if g.roll >= 2 {
			g.turnLoss = rng.IntN(5000)
		}
		g.detail = rng.IntN(2) == 0
		s := g.encode()
		if !fits(s) {
			continue
		}
		back, err := decode(s)
		if err != nil {
			t.Fatalf("%s: %v (%+v)", s, err, g)
		}
		same := back.encode() == s && back.cur == g.cur && back.roll == g.roll && back.hold == g.hold && back.turnLoss == g.turnLoss && back.dice == g.dice
		for i := range g.players {
			a, b := g.players[i], back.players[i]
			same = same && a.name == b.name && fmt.Sprint(a.sheet.Scores) == fmt.Sprint(b.sheet.Scores) && a.lost == b.lost
			same = same && (!g.detail || fmt.Sprint(a.loss) == fmt.Sprint(b.loss))
		}
		if !same {
			t.Fatalf("round trip differs:\n%+v\n%+v", g, back)
		}
	}
}

// A table whose state cannot fit any more says so and shows the sheets
// instead of keeping the game anywhere else. (The start refuses such
// tables, so only a hand-made game reaches this.)
func TestStateThatCannotFitIsSaidSo(t *testing.T) {
	names := []string{"Abcdefghijklmno", "Bcdefghijklmnop", "Cdefghijklmnopq", "Ddefghijklmnopq"}
	g, err := newGame(5, ownerOf("tester"), 1, names)
	if err != nil {
		t.Fatal(err)
	}
	g.players[0].sheet.Scores[0] = 3
	g.cur = 1
	r, err := render(commands.English, nil, g, &commands.Request{}, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := commands.ValidateReply(r); err != nil {
		t.Fatal(err)
	}
	text := bot.FormatText(r)
	if len(r.Components) != 0 || !strings.Contains(text, "no longer fits") || !strings.Contains(text, "ones:3") {
		t.Errorf("reply:\n%s", text)
	}
}

// FuzzStateBody seals arbitrary bits with a valid checksum, so the checks
// behind the checksum are fuzzed: a state is refused, or it re-encodes to
// itself and the game answers every action without failing.
func FuzzStateBody(f *testing.F) {
	g, _ := newGame(0, ownerOf("fuzzer"), 3, []string{"Ann", "Bob"})
	b, _ := base64Body(g.encode())
	f.Add(b)
	g.roll, g.dice, g.hold = 2, yacht.Dice{2, 2, 3, 5, 6}, 3
	b, _ = base64Body(g.encode())
	f.Add(b)
	f.Add([]byte{0, 0, 0, 0})
	h := harness(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		s := seal(body)
		if !fits(s) {
			return
		}
		g, err := decode(s)
		if err != nil {
			return
		}
		if g.encode() != s {
			t.Fatalf("%s decodes but re-encodes as %s", s, g.encode())
		}
		if g.preset != 0 || g.owner != ownerOf("fuzzer") {
			return
		}
		for _, a := range []byte{'r', '0', 'b', 's'} {
			req := &commands.Request{Kind: commands.KindComponent, CustomID: customID(a, s), Locale: commands.English, ID: "fuzz", UserID: "fuzzer", Values: []string{"c6"}}
			if r, out := h.Dispatcher.Do(context.Background(), req); out != bot.OK && out != bot.Rejected {
				t.Fatalf("%s: outcome %s: %s", req.CustomID, out, bot.FormatText(r))
			}
		}
	})
}

// base64Body returns a state's bits without the checksum.
func base64Body(s string) ([]byte, error) {
	buf, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, err
	}
	return buf[:len(buf)-checksumBytes], nil
}
