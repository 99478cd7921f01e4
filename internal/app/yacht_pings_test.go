package app

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtgame"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/internal/race"
)

// endpointTable is a bot of /yacht alone on the signed HTTP endpoint,
// against a fake Discord that keeps the channel's messages.
type endpointTable struct {
	t    *testing.T
	fake *fakediscord.Server
	url  string
	r    *served
}

// serveEndpointTable runs /yacht on the HTTP endpoint (with a bot token,
// the gateway off) until the test ends.
func serveEndpointTable(t *testing.T) *endpointTable {
	t.Helper()
	return serveEndpointTableOn(t, fakediscord.New(t, fakediscord.Options{Token: lifecycleToken}), testStateSecret)
}

// serveEndpointTableOn is serveEndpointTable against fake, sealing with
// secret; presses on boards sealed under another key are warned of in its
// log, as alea serve warns of them.
func serveEndpointTableOn(t *testing.T, fake *fakediscord.Server, secret string) *endpointTable {
	t.Helper()
	tables := &strategy.Tables{}
	if _, err := tables.Preset(context.Background(), yacht.Yacht); err != nil {
		t.Fatal(err)
	}
	var warn *keyWarning
	cmd := yachtgame.Command(yachtgame.Deps{Tables: tables, Key: seal.NewKey(secret), Now: time.Now,
		OtherKey: func(id string) { warn.seen(id) }})
	cmd.Warm = nil
	r := serve(t, map[string]string{"DISCORD_PUBLIC_KEY": fakediscord.PublicKeyHex(), "HTTP_ADDR": "127.0.0.1:0", "STATE_SECRET": secret,
		"DISCORD_TOKEN": lifecycleToken, "DISCORD_GATEWAY": "false", "DISCORD_API_BASE": fake.URL, "HEALTH_ADDR": "127.0.0.1:0",
		"RATE_PER_USER": "1000", "RATE_GLOBAL": "100000"},
		Settings{Registry: commands.NewRegistry(cmd), DeferClock: func(*commands.Request) <-chan time.Time { return nil }})
	r.logs.Await(t, `"msg":"health endpoints"`)
	warn = newKeyWarning(slog.New(slog.NewJSONHandler(r.logs, nil)), time.Now)
	m := endpointAddr.FindStringSubmatch(r.logs.String())
	if m == nil {
		t.Fatalf("no endpoint address in the log:\n%s", r.logs)
	}
	return &endpointTable{t: t, fake: fake, url: "http://" + m[1] + "/interactions", r: r}
}

// post sends an interaction by user through the signed endpoint and
// waits for the REST calls it makes (calls of them), then returns the
// response's type and the interaction's token.
func (e *endpointTable) post(user string, typ int, data map[string]any, msg *fakediscord.Message, calls int) (int, string) {
	e.t.Helper()
	in := fakediscord.Interaction{Type: typ, UserID: user, Data: data}
	if msg != nil {
		in.Message = msg.Object()
	}
	p := e.fake.Post(e.t, e.url, in)
	if p.Status != http.StatusOK {
		e.t.Fatalf("the endpoint answered %d %s", p.Status, p.Response)
	}
	var r struct {
		Type int `json:"type"`
	}
	_ = json.Unmarshal(p.Response, &r)
	if calls > 0 {
		e.fake.Await(e.t, p.Token, calls)
	}
	return r.Type, p.Token
}

// board is the channel's message that carries the game (the last one with
// an embed linking to a game's state).
func (e *endpointTable) board() fakediscord.Message {
	e.t.Helper()
	ms := e.fake.Messages("43")
	for i := len(ms) - 1; i >= 0; i-- {
		if strings.Contains(string(ms[i].JSON), "alea.invalid/yacht#") {
			return ms[i]
		}
	}
	e.t.Fatal("no board in the channel")
	return fakediscord.Message{}
}

// pings are the channel's messages that only ping a player.
func (e *endpointTable) pings() []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range e.fake.Messages("43") {
		if !strings.Contains(string(m.JSON), `"embeds":[{`) && strings.Contains(m.Text(), "your turn") {
			out = append(out, m)
		}
	}
	return out
}

// component is the custom_id of the message's first component whose
// custom_id starts with prefix, and a menu's first value.
func component(t *testing.T, m fakediscord.Message, prefix string) (string, string) {
	t.Helper()
	var v struct {
		Components []struct {
			Components []struct {
				CustomID string `json:"custom_id"`
				Options  []struct {
					Value string `json:"value"`
				} `json:"options"`
			} `json:"components"`
		} `json:"components"`
	}
	_ = json.Unmarshal(m.JSON, &v)
	for _, row := range v.Components {
		for _, c := range row.Components {
			if strings.HasPrefix(c.CustomID, prefix) {
				value := ""
				if len(c.Options) > 0 {
					value = c.Options[0].Value
				}
				return c.CustomID, value
			}
		}
	}
	t.Fatalf("no %s on\n%s", prefix, m.JSON)
	return "", ""
}

func button(id, value string) map[string]any {
	if value != "" {
		return map[string]any{"custom_id": id, "component_type": 3, "values": []string{value}}
	}
	return map[string]any{"custom_id": id, "component_type": 2}
}

var turnOfUser = regexp.MustCompile(`<@(\d+)>, it's your turn`)

// Over a whole game of Ann and Bob played through the signed endpoint,
// at most one ping is alive in the channel at any time: each score pings
// the next player in a new message posted before the board is edited
// (the board keeps its id, sealed), and removes the ping before it —
// through the interaction's webhook, or, when Discord refuses that, with
// the bot token; a ping Discord will not remove at all is left, and the
// game goes on. The end removes the last ping, and a closing post ends
// the channel.
func TestOnePingAtATime(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("builds the Yacht table")
	}
	e := serveEndpointTable(t)
	start := map[string]any{"id": "1", "name": "yacht", "type": 1, "options": []any{map[string]any{"name": "start", "type": 1, "options": []any{
		map[string]any{"name": "players", "type": 3, "value": "<@" + gwAnn + "> <@" + gwBob + ">"},
		map[string]any{"name": "seed", "type": 4, "value": 7}}}}}
	if typ, _ := e.post(gwAnn, 2, start, nil, 0); typ != 4 {
		t.Fatalf("start answered %d", typ)
	}
	boardID := e.board().ID
	board := func() fakediscord.Message { m, _ := e.fake.Message(boardID); return m }
	pingsSeen, leftOnPurpose := 0, ""
	for turn := 0; ; turn++ {
		b := board()
		if strings.Contains(b.Text(), "Game over") {
			break
		}
		if turn > 30 {
			t.Fatal("the game does not end")
		}
		who := turnOfUser.FindStringSubmatch(b.Text())
		if who == nil {
			t.Fatalf("whose turn?\n%s", b.Text())
		}
		roll, _ := component(t, b, "yacht/2/r/")
		if typ, _ := e.post(who[1], 3, button(roll, ""), &b, 0); typ != 7 {
			t.Fatalf("turn %d: the roll answered %d", turn, typ)
		}
		b = board()
		menu, value := component(t, b, "yacht/2/s/")
		before := e.pings()
		calls := 2 // the ping, then the board's edit
		if len(before) > 0 {
			calls++ // the old ping's removal
		}
		switch turn {
		case 3:
			// Discord will not remove it through the webhook: the bot
			// token does.
			e.fake.InjectREST(fakediscord.Fault{Method: http.MethodDelete, Route: "/webhooks/", Status: 503, Times: 2})
		case 6:
			// Nor with the bot token: it is left, and the game goes on.
			e.fake.InjectREST(fakediscord.Fault{Method: http.MethodDelete, Route: "/webhooks/", Status: 503, Times: 2})
			e.fake.InjectREST(fakediscord.Fault{Method: http.MethodDelete, Route: "/channels/", Status: 503, Times: 2})
			leftOnPurpose = before[0].ID
		}
		typ, tok := e.post(who[1], 3, button(menu, value), &b, 0)
		switch {
		case typ == 7 && strings.Contains(board().Text(), "Game over"):
			calls = 2 // the closing post, and the last ping's removal
		case typ != 6:
			t.Fatalf("turn %d: the score answered %d, want a deferred update (6)", turn, typ)
		}
		e.fake.Await(t, tok, calls)
		if turn == 3 || turn == 6 {
			e.fake.Await(t, tok, calls+1) // the refused attempts
			e.fake.AwaitCalls(t, "the removal with the bot token", func(cs []fakediscord.Call) bool {
				n := 0
				for _, c := range cs {
					if c.Method == http.MethodDelete && strings.HasPrefix(c.Route, "/channels/43/messages/"+before[0].ID) {
						n++
					}
				}
				return turn == 3 && n == 1 || turn == 6 && n == 2
			})
		}
		var alive []fakediscord.Message
		for _, p := range e.pings() {
			if p.ID != leftOnPurpose {
				alive = append(alive, p)
			}
		}
		if len(alive) > 1 {
			t.Fatalf("turn %d: %d pings alive: %v", turn, len(alive), alive)
		}
		if len(alive) == 1 {
			pingsSeen++
			next := turnOfUser.FindStringSubmatch(board().Text())
			if next == nil || !strings.Contains(alive[0].Text(), "<@"+next[1]+">") {
				t.Errorf("turn %d: the ping alive %s does not name the player to play", turn, alive[0].Text())
			}
		}
	}
	// The last message of the channel is the closing post: every score,
	// and Play again.
	ms := e.fake.Messages("43")
	closing := ms[len(ms)-1]
	if closing.ID == boardID || !strings.Contains(closing.Text(), "<@"+gwAnn+"> — **") || !strings.Contains(closing.Text(), "<@"+gwBob+"> — **") ||
		!strings.Contains(string(closing.JSON), `"custom_id":"yacht/2/A/`) {
		t.Errorf("the channel does not end with the closing post:\n%s", closing.JSON)
	}
	if pingsSeen < 20 {
		t.Errorf("%d pings over the game, want one each turn", pingsSeen)
	}
	if m, ok := e.fake.Message(leftOnPurpose); !ok || m.Deleted {
		t.Errorf("the ping Discord would not remove: %+v %v", m, ok)
	}
	for _, p := range e.pings() {
		if p.ID != leftOnPurpose {
			t.Errorf("a ping outlives the game: %s", p.Text())
		}
	}
	if p := e.fake.Problems(); len(p) > 0 {
		for _, x := range p {
			if !strings.Contains(x, "injected") {
				t.Errorf("the fake refused a call: %s", x)
			}
		}
	}
}

// boards are the channel's messages that carry a game (with its buttons).
func (e *endpointTable) boards() []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range e.fake.Messages("43") {
		if strings.Contains(string(m.JSON), "alea.invalid/yacht#") && strings.Contains(string(m.JSON), `"custom_id":"yacht/2/`) {
			out = append(out, m)
		}
	}
	return out
}

// Bring down through the signed endpoint while Discord answers 5xx: the
// new message cannot be posted, so the old board keeps the game (its
// state and buttons), the warning names the interaction and the game, and
// the game goes on; once Discord answers, the board comes down. Two
// presses of Bring down at once on one board leave one live board.
func TestBringDownIsSafeAndSingle(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("builds the Yacht table")
	}
	e := serveEndpointTable(t)
	start := map[string]any{"id": "1", "name": "yacht", "type": 1, "options": []any{map[string]any{"name": "start", "type": 1, "options": []any{
		map[string]any{"name": "players", "type": 3, "value": "<@" + gwAnn + "> <@" + gwBob + ">"},
		map[string]any{"name": "seed", "type": 4, "value": 7}}}}}
	e.post(gwAnn, 2, start, nil, 0)
	b := e.board()
	roll, _ := component(t, b, "yacht/2/r/")
	e.post(gwAnn, 3, button(roll, ""), &b, 0)
	b = e.board()

	// Discord fails every attempt of the new message.
	e.fake.InjectREST(fakediscord.Fault{Method: http.MethodPost, Route: "/webhooks/", Status: 503, Times: 5})
	down, _ := component(t, b, "yacht/2/D/")
	typ, tok := e.post(gwBob, 3, button(down, ""), &b, 5)
	if typ != 6 {
		t.Fatalf("Bring down answered %d, want a deferred update", typ)
	}
	e.r.logs.Await(t, "follow-up message not sent")
	warn := regexp.MustCompile(`"level":"WARN","msg":"follow-up message not sent[^"]*","interaction":"(\d+)","about":"([0-9a-zA-Z]+)"`).FindStringSubmatch(e.r.logs.String())
	if warn == nil {
		t.Errorf("the warning does not name the interaction and the game:\n%s", e.r.logs)
	}
	if calls := e.fake.Await(t, tok, 5); len(calls) != 5 {
		t.Errorf("after the failed follow-up: %d calls (the old board must not be retired)", len(calls))
	}
	if bs := e.boards(); len(bs) != 1 || bs[0].ID != b.ID || string(bs[0].JSON) != string(b.JSON) {
		t.Fatalf("the old board did not keep the game: %v", bs)
	}
	// The game goes on from it: Ann scores.
	menu, value := component(t, b, "yacht/2/s/")
	if typ, tok := e.post(gwAnn, 3, button(menu, value), &b, 2); typ != 6 {
		t.Fatalf("Ann's score on the board kept: %d (%v)", typ, e.fake.Await(t, tok, 1))
	}
	b = e.board()
	if !strings.Contains(b.Text(), "<@"+gwBob+">, it's your turn") {
		t.Fatalf("after Ann's score:\n%s", b.Text())
	}

	// Discord answers again: Bob's Bring down works, once. Two presses at
	// once on the board as it is: one new board, the other told it came
	// down.
	down, _ = component(t, b, "yacht/2/D/")
	var wg sync.WaitGroup
	types := make([]int, 2)
	for i := range types {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := e.fake.Post(t, e.url, fakediscord.Interaction{Type: 3, UserID: []string{gwAnn, gwBob}[i], Data: button(down, ""), Message: b.Object()})
			var r struct {
				Type int `json:"type"`
				Data struct {
					Flags   int    `json:"flags"`
					Content string `json:"content"`
				} `json:"data"`
			}
			_ = json.Unmarshal(p.Response, &r)
			types[i] = r.Type
			if r.Type == 4 && (r.Data.Flags&64 == 0 || !strings.Contains(r.Data.Content, "just brought down")) {
				t.Errorf("the second Bring down: %s", p.Response)
			}
		}()
	}
	wg.Wait()
	if !(types[0] == 6 && types[1] == 4 || types[0] == 4 && types[1] == 6) {
		t.Fatalf("two Bring down presses answered %v, want one deferred update and one refusal", types)
	}
	e.fake.AwaitMessage(t, b.ID, "the old board retired", func(m fakediscord.Message) bool {
		return !strings.Contains(string(m.JSON), `"custom_id"`)
	})
	bs := e.boards()
	if len(bs) != 1 || bs[0].ID == b.ID {
		t.Fatalf("%d live boards after two Bring down presses (want the new one alone): %v", len(bs), bs)
	}
	// The game carries on below.
	nb := bs[0]
	roll, _ = component(t, nb, "yacht/2/r/")
	if typ, _ := e.post(gwBob, 3, button(roll, ""), &nb, 0); typ != 7 {
		t.Fatalf("Bob's roll on the board below: %d", typ)
	}
}

// Through the signed endpoint, Alea installed to Ann's account only: in a
// server denying members Use External Apps, /yacht start says the table
// would be private instead of opening one Discord shows Ann alone; where
// members may use external apps, the lobby opens for everyone.
func TestPrivateTableIsSaid(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("builds the Yacht table")
	}
	e := serveEndpointTable(t)
	for _, c := range []struct {
		perms   string
		private bool
	}{{`"1024"`, true}, {`"1125899906842624"`, false}} {
		p := e.fake.Post(t, e.url, fakediscord.Interaction{Type: 2, UserID: gwAnn, UserInstall: true, Permissions: c.perms,
			Data: map[string]any{"id": "1", "name": "yacht", "type": 1, "options": []any{map[string]any{"name": "start", "type": 1}}}})
		var r struct {
			Type int `json:"type"`
			Data struct {
				Flags   int    `json:"flags"`
				Content string `json:"content"`
			} `json:"data"`
		}
		if err := json.Unmarshal(p.Response, &r); err != nil || r.Type != 4 {
			t.Fatalf("permissions %s: %s", c.perms, p.Response)
		}
		said := r.Data.Flags&64 != 0 && strings.Contains(r.Data.Content, "Discord would show the table to you alone")
		if said != c.private {
			t.Errorf("permissions %s: %s", c.perms, p.Response)
		}
	}
}

// A press reaching a replica whose STATE_SECRET differs from the one that
// sealed the board (a rotated secret, or a misconfigured replica) is told
// that the game began before the bot's key changed — not that someone
// pressed first — and the replica warns, once for a burst of presses.
func TestPressUnderAnotherKey(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("builds the Yacht table")
	}
	fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
	before := serveEndpointTableOn(t, fake, "the-state-secret-before-it-was-rotated")
	after := serveEndpointTableOn(t, fake, testStateSecret)
	start := map[string]any{"id": "1", "name": "yacht", "type": 1, "options": []any{map[string]any{"name": "start", "type": 1, "options": []any{
		map[string]any{"name": "players", "type": 3, "value": "<@" + gwAnn + "> <@" + gwBob + ">"}}}}}
	before.post(gwAnn, 2, start, nil, 0)
	b := before.board()
	roll, _ := component(t, b, "yacht/2/r/")
	for range 3 {
		p := fake.Post(t, after.url, fakediscord.Interaction{Type: 3, UserID: gwAnn, Data: button(roll, ""), Message: b.Object()})
		var r struct {
			Type int `json:"type"`
			Data struct {
				Flags   int    `json:"flags"`
				Content string `json:"content"`
			} `json:"data"`
		}
		if err := json.Unmarshal(p.Response, &r); err != nil || r.Type != 4 || r.Data.Flags&64 == 0 ||
			!strings.Contains(r.Data.Content, "This game was started before the bot's key changed") {
			t.Fatalf("a press under another key: %s", p.Response)
		}
	}
	after.r.logs.Await(t, "sealed under another state key")
	if n := strings.Count(after.r.logs.String(), "sealed under another state key"); n != 1 {
		t.Errorf("%d warnings for three presses in a moment, want 1", n)
	}
	// The replica that sealed it carries the game on.
	if typ, _ := before.post(gwAnn, 3, button(roll, ""), &b, 0); typ != 7 {
		t.Errorf("the game on its own key: %d", typ)
	}
}
