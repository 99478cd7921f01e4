package yachtgame

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/internal/race"
)

// midGame plays a few turns (virtual dice, seed fixed) and stops after the
// second roll of a turn with two dice held; it returns the message.
func midGame(t *testing.T, h *bottest.Harness) *commands.Reply {
	t.Helper()
	var r *commands.Reply
	if race.Enabled {
		r = click(t, h, mustFind(t, post(t, h, craft(t, []string{"Ann", "Bob"}, endGame, "tester")), 'r').CustomID)
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
func freshTables(t *testing.T) *strategy.Tables {
	ts := &strategy.Tables{}
	if race.Enabled {
		r, _ := yacht.Preset(yacht.Yacht)
		tb, err := strategy.BuildEndGame(context.Background(), r, yachttest.EndGameOpen)
		if err != nil {
			t.Fatal(err)
		}
		ts.Put(tb)
	}
	return ts
}

// A restart: every button of a message, pressed on a freshly started bot
// (new tables, registry and dispatcher, the same state key) with the
// message Discord sends, answers exactly as the first bot does.
func TestFreshBotContinuesTheGame(t *testing.T) {
	first := harness(t)
	r := midGame(t, first)
	fresh := bottest.New(t, newCommand(Deps{Tables: freshTables(t), Key: testKey, Now: first.Now}))
	msg := first.Message(mustFind(t, r, 'r').CustomID)
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
		req := func() *commands.Request {
			return &commands.Request{Kind: commands.KindComponent, CustomID: p.id, Values: p.values, UserID: "tester", Message: msg}
		}
		a, outA := first.Do(req())
		b, outB := fresh.Do(req())
		if outA != bot.OK || outB != bot.OK {
			t.Fatalf("%s: outcomes %s, %s", p.id, outA, outB)
		}
		ta, tb := bot.FormatText(a), bot.FormatText(b)
		if ta != tb || fmt.Sprint(a.Components) != fmt.Sprint(b.Components) || fmt.Sprint(a.Data) != fmt.Sprint(b.Data) {
			t.Errorf("%s %v: the fresh bot answers differently:\n%s\n---\n%s", p.id, p.values, ta, tb)
		}
	}
	// And it plays on from there: roll and score on the fresh bot only.
	r2, out := fresh.Do(&commands.Request{Kind: commands.KindComponent, CustomID: mustFind(t, r, 'r').CustomID, UserID: "tester", Message: msg})
	if out != bot.OK || gdata(t, r2).Roll != 3 {
		t.Fatalf("fresh bot after roll: %s %s", out, bot.FormatText(r2))
	}
	menu := mustFind(t, r2, 's')
	r3 := click(t, fresh, menu.CustomID, menu.Options[0].Value)
	if d := gdata(t, r3); d.Roll != 0 || d.Current != 1-gdata(t, r).Current {
		t.Fatalf("fresh bot after scoring: %+v", d)
	}
}

// as presses a component as user.
func as(h *bottest.Harness, user, id string, values ...string) (*commands.Reply, bot.Outcome) {
	return h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, UserID: user, Values: values})
}

func asOK(t *testing.T, h *bottest.Harness, user, id string, values ...string) *commands.Reply {
	t.Helper()
	r, out := as(h, user, id, values...)
	if out != bot.OK || !r.Update {
		t.Fatalf("%s presses %s: %s %s", user, id, out, bot.FormatText(r))
	}
	return r
}

func TestOnlyTheOwnerPresses(t *testing.T) {
	h := harness(t)
	var r *commands.Reply
	if race.Enabled {
		r = post(t, h, craft(t, nil, endGame, "123456789012345678"))
	} else {
		r = startAs(t, h, `/yacht start seed:5`, "123456789012345678")
	}
	id := mustFind(t, r, 'r').CustomID
	r2, out := as(h, "987654321098765432", id)
	if out != bot.Rejected || !r2.Ephemeral || !strings.Contains(r2.Content, "<@123456789012345678>") {
		t.Errorf("another user: %s %q", out, bot.FormatText(r2))
	}
	if _, out := as(h, "123456789012345678", id); out != bot.OK {
		t.Errorf("owner: %s", out)
	}
	// A non-numeric owner (the local runner) is named without a mention.
	r = post(t, h, craft(t, nil, endGame, "someone"))
	if r2, out := h.Click(mustFind(t, r, 'r').CustomID); out != bot.Rejected || !strings.Contains(r2.Content, "the player who started") {
		t.Errorf("hashed owner: %s %q", out, bot.FormatText(r2))
	}
}

// Forged, replayed and old states are refused, each with its message.
func TestForgedReplayedAndOldStates(t *testing.T) {
	h := harness(t)
	r := post(t, h, craft(t, []string{"Ann", "Bob"}, endGame, "tester"))
	roll := mustFind(t, r, 'r').CustomID
	msg := h.Message(roll)
	r2 := click(t, h, roll)
	// Replayed: the roll button of the message as it was.
	if r3, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: roll, Message: h.Message(mustFind(t, r2, 's').CustomID)}); out != bot.Rejected || !strings.Contains(r3.Content, "moved on") {
		t.Errorf("replayed button: %s %s", out, bot.FormatText(r3))
	}
	// Forged: a finished-looking sheet sealed with another key; the same
	// state sealed with our key but the buttons' tags made by hand; no tag.
	g := craft(t, []string{"Ann", "Bob"}, endGame, "tester")
	other := seal.NewKey("another bot's secret")
	forge := func(k seal.Key, idKey seal.Key) *commands.Request {
		c := carrier{State: k.Seal(g.Encode())}
		m := *msg
		m.Embeds = []commands.Embed{{Title: "x", URL: stateURL + c.String()}}
		return &commands.Request{Kind: commands.KindComponent, CustomID: customID(idKey, 'r', c), Message: &m}
	}
	for name, req := range map[string]*commands.Request{
		"other key":                             forge(other, other),
		"other key, our id":                     forge(other, testKey),
		"state and id by another bot, id by us": forge(other, testKey),
	} {
		if r, out := h.Do(req); out != bot.Rejected || !r.Ephemeral {
			t.Errorf("%s: %s %s", name, out, bot.FormatText(r))
		}
	}
	unsealed := *msg
	unsealed.Embeds = []commands.Embed{{Title: "x", URL: stateURL + g.Encode()}}
	if r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: customID(testKey, 'r', carrier{State: g.Encode()}), Message: &unsealed}); out != bot.Rejected {
		t.Errorf("unsealed state: %s %s", out, bot.FormatText(r))
	}
	// No message at all (a transport that does not send it).
	if r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: roll}); out != bot.Rejected || !strings.Contains(r.Content, "could not be read") {
		t.Errorf("no message: %s %s", out, bot.FormatText(r))
	}
	// A game of the previous version.
	for _, loc := range commands.Locales {
		h.Locale = loc
		want := map[commands.Locale]string{commands.English: "older version", commands.Korean: "이전 버전", commands.Japanese: "以前のバージョン"}[loc]
		if r, out := h.Click("yacht/1/r/AAAAAKcQ2cIgAAAAAACQAQ"); out != bot.Rejected || !strings.Contains(r.Content, want) {
			t.Errorf("%s: old game: %s %s", loc, out, bot.FormatText(r))
		}
	}
}

func TestWrongMoments(t *testing.T) {
	h := harness(t)
	r := post(t, h, craft(t, nil, endGame, "tester"))
	// Actions the message does not show are stale or refused.
	c, _ := readCarrier(h.Message(mustFind(t, r, 'r').CustomID))
	for _, a := range []byte{'0', '4', 'b', 's', 'z', 'u', 'p', 'h'} {
		if r, out := h.Click(customID(testKey, a, c), "c6"); out != bot.Rejected || r.Content == "" {
			t.Errorf("%c before the first roll: %s %q", a, out, r.Content)
		}
	}
	r = click(t, h, mustFind(t, r, 'r').CustomID)
	menu := mustFind(t, r, 's')
	for _, v := range [][]string{{"c0"}, {"c99"}, {"x"}, {}, {"c6", "c10"}} {
		if _, out := h.Click(menu.CustomID, v...); out != bot.Rejected {
			t.Errorf("menu value %v: %s", v, out)
		}
	}
	r = click(t, h, mustFind(t, r, '4').CustomID)
	held := gdata(t, r).Held[0]
	other := held%6 + 1
	enter, _ := h.Click(mustFind(t, r, 'e').CustomID)
	if enter.Modal == nil || !strings.Contains(enter.Modal.Inputs[0].Label, fmt.Sprint(held)) {
		t.Fatalf("modal %+v", enter.Modal)
	}
	if r, out := h.Submit(enter.Modal.CustomID, map[string]string{"dice": strings.Repeat(fmt.Sprint(other), 5)}); out != bot.Rejected || !strings.Contains(r.Content, "held") {
		t.Errorf("dice without the held die: %s %q", out, r.Content)
	}
	for _, d := range []string{"1 2 3", "1 2 3 4 7", "abcde", ""} {
		if r, out := h.Submit(enter.Modal.CustomID, map[string]string{"dice": d}); out != bot.Rejected {
			t.Errorf("dice %q: %s %q", d, out, r.Content)
		}
	}
	r = click(t, h, mustFind(t, r, 'r').CustomID)
	r = click(t, h, mustFind(t, r, 'r').CustomID)
	c, _ = readCarrier(h.Message(mustFind(t, r, 's').CustomID))
	for _, a := range []byte{'0', 'r', 'e', 'b'} {
		if _, ok := find(r, a); ok {
			t.Errorf("roll 3 shows %c", a)
		}
		if _, out := h.Click(customID(testKey, a, c)); out != bot.Rejected {
			t.Errorf("%c on roll 3: %s", a, out)
		}
	}
}

func TestStartBadInput(t *testing.T) {
	h := harness(t)
	cases := map[string]string{
		`/yacht start players:"Ann, Bob, Cy, Dee, Eve, Fay, Gus"`: "at most 6",
		`/yacht start players:"Abcdefghijklmnop"`:                 "too long",
		`/yacht start players:"<@123> <@!123>"`:                   "twice",
		`/yacht start players:"<@123456789012345678901>"`:         "",
		`/yacht start players:" , ,"`:                             "no name was given",
		`/yacht start players:"Ann@Bob"`:                          "",
		`/yacht start rules:bogus`:                                "",
		`/yacht start seed:-1`:                                    "",
		`/yacht start idle:0`:                                     "",
		`/yacht start coach:loud`:                                 "",
	}
	for line, want := range cases {
		r, out := h.Run(line)
		if out != bot.Rejected || !strings.Contains(bot.FormatText(r), want) {
			t.Errorf("%s: %s %q, want it to mention %q", line, out, bot.FormatText(r), want)
		}
	}
}

func TestParseSeats(t *testing.T) {
	seats, err := parseSeats("<@111111111111111111> <@!222222222222222222>, Ann, alea,ALEA")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range seats {
		got = append(got, fmt.Sprintf("%d:%d:%s", s.Kind, s.User, s.Name))
	}
	want := "1:111111111111111111: 1:222222222222222222: 0:0:Ann 2:0: 2:0:"
	if strings.Join(got, " ") != want {
		t.Errorf("seats %v, want %s", got, want)
	}
}

// sixUsers is a game of six Discord users with 20-digit ids.
func sixUsers(t *testing.T, filled map[string]int) *game {
	var seats []player
	for i := 0; i < yachttable.MaxPlayers; i++ {
		seats = append(seats, player{Kind: yachttable.SeatUser, User: 1<<64 - 1 - uint64(i)})
	}
	g, err := yachttable.New(0, seal.Owner{Discord: true, ID: 1<<64 - 1}, 1<<yachttable.SeedBits-1, seats)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Seats {
		for k, v := range filled {
			g.Seats[i].Sheet.Scores[indexOf(k)] = v
			g.Seats[i].Loss[indexOf(k)] = 99999
			g.Seats[i].Lost += 99999
		}
	}
	return g
}

// Measured custom_id lengths with six 20-digit user ids: the custom_ids
// carry only an action and a tag, so they are the same length whatever
// the seats; the message carries the state and stays within Discord's
// limits.
func TestCustomIDLengths(t *testing.T) {
	h := harness(t)
	g := sixUsers(t, endGame)
	g.Coach = yachttable.CoachHints
	r := post(t, h, g)
	r = asOK(t, h, "18446744073709551615", mustFind(t, r, 'r').CustomID)
	longest := 0
	for _, row := range r.Components {
		for _, c := range row {
			longest = max(longest, len(c.CustomID))
		}
	}
	if err := commands.ValidateReply(r); err != nil {
		t.Fatal(err)
	}
	c, _ := readCarrier(h.Message(mustFind(t, r, 's').CustomID))
	t.Logf("six 20-digit ids: longest custom_id %d characters; state in the message %d characters", longest, len(c.String()))
	if longest > commands.MaxCustomID {
		t.Errorf("custom_id of %d characters", longest)
	}
	// The summary of six players fits too.
	full := sixUsers(t, map[string]int{})
	for i := range full.Seats {
		for k := range full.Rules.Categories {
			full.Seats[i].Sheet.Scores[k] = 0
			full.Seats[i].Loss[k] = 99999
		}
		full.Seats[i].Lost = 99999 * len(full.Rules.Categories)
		full.Seats[i].Auto = 15
	}
	s := post(t, h, full)
	if err := commands.ValidateReply(s); err != nil {
		t.Errorf("six players' summary: %v", err)
	}
}

// FuzzPress presses every action on messages carrying arbitrary states,
// sealed so that they reach the decoder, and arbitrary carriers: the game
// answers or refuses, never fails.
func FuzzPress(f *testing.F) {
	g, _ := yachttable.New(0, seal.OwnerOf("fuzzer"), 3, nameSeats([]string{"Ann", "Bob"}))
	f.Add(g.Encode(), "")
	g.Roll, g.Dice, g.Hold = 2, yacht.Dice{2, 2, 3, 5, 6}, 3
	f.Add(g.Encode(), "x~y")
	f.Add("AAAA", "")
	h := harness(f)
	f.Fuzz(func(t *testing.T, s, prev string) {
		for _, c := range []carrier{{State: testKey.Seal(s)}, {State: testKey.Seal(s), Prev: prev}, {State: s, Prev: prev}} {
			msg := &commands.Message{Embeds: []commands.Embed{{URL: stateURL + c.String()}}}
			for _, a := range []byte{'r', '0', 'b', 's', 'm', 'e', 'h', 'u', 'p'} {
				req := &commands.Request{Kind: commands.KindComponent, CustomID: customID(testKey, a, c), Locale: commands.English, ID: "fuzz",
					UserID: "fuzzer", Values: []string{"c3"}, Message: msg}
				if a == 'm' {
					req.Kind, req.Values, req.Fields = commands.KindModal, nil, map[string]string{"dice": "6 6 6 6 6"}
				}
				r, out := h.Dispatcher.Do(context.Background(), req)
				if out != bot.OK && out != bot.Rejected {
					t.Fatalf("%s on %q: outcome %s: %s", string(a), c.String(), out, bot.FormatText(r))
				}
			}
		}
	})
}

// checkNoLinkedTitle fails when an embed of r that carries a game has a
// title: Discord links an embed's title to its URL, and that URL is no
// page (stateURL). The heading is the description's first line, in bold.
func checkNoLinkedTitle(t *testing.T, r *commands.Reply) {
	t.Helper()
	carried := false
	for _, e := range r.Embeds {
		if !strings.HasPrefix(e.URL, stateURL) {
			continue
		}
		carried = true
		head, _, _ := strings.Cut(e.Description, "\n")
		if e.Title != "" || len(head) < 5 || !strings.HasPrefix(head, "**") || !strings.HasSuffix(head, "**") {
			t.Errorf("a message carrying a game has title %q and heading %q", e.Title, head)
		}
	}
	if !carried {
		t.Errorf("no embed carries the game: %+v", r.Embeds)
	}
}
