package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtgame"
	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/internal/race"
)

const (
	gwAnn = "111111111111111111"
	gwBob = "222222222222222222"
)

// gwResponse is an interaction callback as the fake Discord recorded it.
type gwResponse struct {
	Type int            `json:"type"`
	Data map[string]any `json:"data"`
}

// gwTable drives a Yacht game of Ann and Bob through the fake Discord's
// gateway, keeping the game's message as Discord would.
type gwTable struct {
	t    *testing.T
	fake *fakediscord.Server
	msg  map[string]any // the game's message, as Discord sends it
}

// callback returns the callback of interaction tok and its later calls.
func (g *gwTable) callback(tok string, n int) (gwResponse, []fakediscord.Call) {
	g.t.Helper()
	calls := g.fake.Await(g.t, tok, n)
	var r gwResponse
	if err := json.Unmarshal(calls[0].JSON, &r); err != nil || calls[0].Status != 204 {
		g.t.Fatalf("callback %d %s (%s)", calls[0].Status, calls[0].JSON, calls[0].Problem)
	}
	return r, calls[1:]
}

// followedUp returns what interaction tok delivered when its reply
// followed up first: a deferred update, the follow-up, then the edit of
// the pressed message — returned as the update it amounts to (type 7),
// with the follow-up.
func (g *gwTable) followedUp(tok string) (gwResponse, []fakediscord.Call) {
	g.t.Helper()
	r, more := g.callback(tok, 3)
	if r.Type != 6 || more[0].Method != "POST" || more[1].Method != "PATCH" || !strings.HasSuffix(more[1].Route, "/messages/@original") {
		g.t.Fatalf("want a deferred update, a follow-up, then the edit; got %d, then %s %s, %s %s", r.Type, more[0].Method, more[0].Route, more[1].Method, more[1].Route)
	}
	edit := gwResponse{Type: 7}
	if err := json.Unmarshal(more[1].JSON, &edit.Data); err != nil {
		g.t.Fatal(err)
	}
	return edit, more[:1]
}

// keep makes a message response the game's message.
func (g *gwTable) keep(r gwResponse) {
	m := map[string]any{"id": "880000000000000001", "channel_id": "43", "type": 0,
		"author":    map[string]any{"id": g.fake.AppID(), "username": "Alea", "bot": true},
		"timestamp": "2026-11-23T17:00:00Z", "edited_timestamp": "2026-11-23T17:00:00Z"}
	for k, v := range g.msg {
		m[k] = v
	}
	for _, k := range []string{"content", "embeds", "components"} {
		if v, ok := r.Data[k]; ok {
			m[k] = v
		}
	}
	g.msg = m
}

// customID finds the game's component for action a ("r" roll, "s" menu).
func (g *gwTable) customID(a string) (id string, firstValue string) {
	g.t.Helper()
	rows, _ := g.msg["components"].([]any)
	for _, row := range rows {
		for _, c := range row.(map[string]any)["components"].([]any) {
			c := c.(map[string]any)
			id, _ := c["custom_id"].(string)
			if parts := strings.Split(id, "/"); len(parts) == 4 && parts[2] == a {
				if opts, ok := c["options"].([]any); ok && len(opts) > 0 {
					firstValue, _ = opts[0].(map[string]any)["value"].(string)
				}
				return id, firstValue
			}
		}
	}
	g.t.Fatalf("no %q component on %v", a, g.msg["components"])
	return "", ""
}

// press uses component id (with values for the menu) as user on msg and
// returns the interaction's token.
func (g *gwTable) press(user, id string, msg map[string]any, values ...string) string {
	data := map[string]any{"custom_id": id, "component_type": 2}
	if len(values) > 0 {
		data["component_type"], data["values"] = 3, values
	}
	return g.fake.Interact(g.t, fakediscord.Interaction{Type: 3, UserID: user, Data: data, Message: msg})
}

// refused checks that tok was answered with an ephemeral message
// containing want, and nothing else (the game's message unchanged).
func (g *gwTable) refused(tok, want string) {
	g.t.Helper()
	r, _ := g.callback(tok, 1)
	flags, _ := r.Data["flags"].(float64)
	if content, _ := r.Data["content"].(string); r.Type != 4 || int(flags)&64 == 0 || !strings.Contains(content, want) {
		g.t.Errorf("want an ephemeral refusal with %q, got %d %v", want, r.Type, r.Data)
	}
}

// checkPingOnly checks a message payload pings user alone.
func checkPingOnly(t *testing.T, what string, data map[string]any, user string) {
	t.Helper()
	content, _ := data["content"].(string)
	am, _ := json.Marshal(data["allowed_mentions"])
	var allowed struct {
		Parse *[]string `json:"parse"`
		Users []string  `json:"users"`
	}
	_ = json.Unmarshal(am, &allowed)
	if strings.Count(content, "<@") != 1 || !strings.Contains(content, "<@"+user+">") ||
		allowed.Parse == nil || len(*allowed.Parse) != 0 || fmt.Sprint(allowed.Users) != "["+user+"]" {
		t.Errorf("%s: content %q, allowed_mentions %s; want a ping of %s only", what, content, am, user)
	}
}

// A game of two Discord users through the gateway: a press out of turn is
// refused privately; the turn passes with a follow-up pinging only the
// next player; forged and replayed presses are refused; and a restarted
// bot with the same STATE_SECRET carries the game on from its message.
func TestYachtTableThroughGateway(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("builds the Yacht table")
	}
	tables := &strategy.Tables{}
	if _, err := tables.Preset(context.Background(), yacht.Yacht); err != nil {
		t.Fatal(err)
	}
	const token = "OTk5OTk5OTk5OTk5OTk5OTk5.GsErVe.fake-token-of-the-yacht-test_12345678"
	fake := fakediscord.New(t, fakediscord.Options{Token: token})
	env := map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_BASE": fake.URL, "DISCORD_GUILD_ID": "4242",
		"HEALTH_ADDR": "127.0.0.1:0", "STATE_SECRET": "a-state-secret-of-the-yacht-gateway-test"}
	cfg, err := config.FromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	never := func(*commands.Request) <-chan time.Time { return nil }
	// serve runs a bot process with a registry of its own (its state key
	// from STATE_SECRET), as a restart does; the tables are only a cache.
	serve := func() (stop func()) {
		key := stateKey(cfg)
		cmd := yachtgame.Command(yachtgame.Deps{Tables: tables, Key: key, Now: time.Now})
		cmd.Warm = nil
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)),
				Settings{Registry: commands.NewRegistry(cmd), DeferClock: never})
		}()
		return func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run: %v", err)
				}
			case <-time.After(fakediscord.Wait):
				t.Fatal("Run did not return")
			}
		}
	}
	stop := serve()
	fake.AwaitReady(t, 1)
	g := &gwTable{t: t, fake: fake}

	tok := fake.Interact(t, fakediscord.Interaction{Type: 2, UserID: gwAnn, Data: map[string]any{"id": "1", "name": "yacht", "type": 1,
		"options": []any{map[string]any{"name": "start", "type": 1, "options": []any{
			map[string]any{"name": "players", "type": 3, "value": "<@" + gwAnn + "> <@" + gwBob + ">"},
			map[string]any{"name": "seed", "type": 4, "value": 7}}}}}})
	r, _ := g.callback(tok, 1)
	if r.Type != 4 {
		t.Fatalf("start: %d %v", r.Type, r.Data)
	}
	checkPingOnly(t, "start", r.Data, gwAnn)
	g.keep(r)

	// Bob presses on Ann's turn: refused, privately.
	roll, _ := g.customID("r")
	g.refused(g.press(gwBob, roll, g.msg), "<@"+gwAnn+">")

	// Ann rolls and scores: a follow-up pings Bob alone, then the message
	// is updated (keeping the ping's id).
	r, _ = g.callback(g.press(gwAnn, roll, g.msg), 1)
	if r.Type != 7 {
		t.Fatalf("roll: %d %v", r.Type, r.Data)
	}
	g.keep(r)
	menu, value := g.customID("s")
	tok = g.press(gwAnn, menu, g.msg, value)
	r, more := g.followedUp(tok)
	if r.Type != 7 || len(more) != 1 {
		t.Fatalf("score: %d %v, then %d calls", r.Type, r.Data, len(more))
	}
	g.keep(r)
	f := more[0]
	if f.Method != "POST" || !strings.HasPrefix(f.Route, "/webhooks/"+fake.AppID()+"/") || strings.Contains(f.Route, "/messages/") {
		t.Errorf("follow-up sent as %s %s", f.Method, f.Route)
	}
	var fdata map[string]any
	if err := json.Unmarshal(f.JSON, &fdata); err != nil {
		t.Fatal(err)
	}
	checkPingOnly(t, "follow-up", fdata, gwBob)
	if c, ok := fdata["components"].([]any); ok && len(c) > 0 {
		t.Errorf("the follow-up has components: %v", c)
	}

	// A replay of Ann's score on the message as it was, and a press on a
	// forged state: refused.
	g.refused(g.press(gwAnn, menu, g.msg, value), "")
	forged := map[string]any{}
	for k, v := range g.msg {
		forged[k] = v
	}
	b, _ := json.Marshal(g.msg["embeds"])
	var embeds []map[string]any
	_ = json.Unmarshal(b, &embeds)
	u := embeds[0]["url"].(string)
	embeds[0]["url"] = u[:len(u)-3] + map[bool]string{true: "AAA", false: "BBB"}[!strings.HasSuffix(u, "AAA")]
	forged["embeds"] = embeds
	bobRoll, _ := g.customID("r")
	g.refused(g.press(gwBob, bobRoll, forged), "")

	// The bot restarts; Bob carries on from the message.
	stop()
	stop = serve()
	defer stop()
	fake.AwaitReady(t, 2)
	r, _ = g.callback(g.press(gwBob, bobRoll, g.msg), 1)
	if r.Type != 7 {
		t.Fatalf("after the restart: %d %v", r.Type, r.Data)
	}
	if p := fake.Problems(); len(p) > 0 {
		t.Errorf("the fake refused calls: %v", p)
	}
	for _, c := range fake.Calls() {
		if strings.Contains(fmt.Sprint(c.Route), "/webhooks/") && c.Method == "POST" && c.Route != f.Route {
			t.Errorf("another follow-up: %s %s", c.Route, c.JSON)
		}
	}
}
