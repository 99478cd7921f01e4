package app

import (
	"context"
	"encoding/json"
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

// TestYachtTableInAChannel plays a table of Ann and Bob through the fake
// Discord's gateway as issue 25 asks of a real channel. Ann starts it in
// Korean; Bob's English Discord is refused out of turn in English, and
// Ann's English presses leave the board Korean. The ping of Bob that
// follows Ann's score links to the board's message. Bob brings the board
// down: the new message — a follow-up that pings nobody — is posted
// first and carries the same game, then the old one is retired (no
// state, no buttons, its buttons refused); Bob plays on from the new one,
// and the next ping links to it.
func TestYachtTableInAChannel(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("builds the Yacht table")
	}
	fake := serveYachtTable(t)
	g := &gwTable{t: t, fake: fake}
	press := func(user, locale, id string, msg map[string]any, values ...string) string {
		data := map[string]any{"custom_id": id, "component_type": 2}
		if len(values) > 0 {
			data["component_type"], data["values"] = 3, values
		}
		return fake.Interact(t, fakediscord.Interaction{Type: 3, UserID: user, Locale: locale, Data: data, Message: msg})
	}
	korean := func(what string) {
		t.Helper()
		b, _ := json.Marshal(g.msg["embeds"])
		title := string(b)
		if i := strings.Index(title, `"title":"`); i >= 0 {
			title = title[i:]
		}
		if !strings.Contains(title, "턴") || strings.Contains(title, "turn") {
			t.Errorf("%s: the board is not Korean: %s", what, b)
		}
	}
	followUp := func(calls []fakediscord.Call) map[string]any {
		t.Helper()
		if len(calls) != 1 || calls[0].Method != "POST" || strings.Contains(calls[0].Route, "/messages/") {
			t.Fatalf("want one follow-up, got %d calls", len(calls))
		}
		var f map[string]any
		if err := json.Unmarshal(calls[0].JSON, &f); err != nil {
			t.Fatal(err)
		}
		return f
	}

	// Ann starts the table in Korean.
	tok := fake.Interact(t, fakediscord.Interaction{Type: 2, UserID: gwAnn, Locale: "ko", Data: map[string]any{"id": "1", "name": "yacht", "type": 1,
		"options": []any{map[string]any{"name": "start", "type": 1, "options": []any{
			map[string]any{"name": "players", "type": 3, "value": "<@" + gwAnn + "> <@" + gwBob + ">"},
			map[string]any{"name": "seed", "type": 4, "value": 7}}}}}})
	r, _ := g.callback(tok, 1)
	if r.Type != 4 {
		t.Fatalf("start: %d %v", r.Type, r.Data)
	}
	g.keep(r)
	korean("start")
	boardID := g.msg["id"].(string)

	// Bob, in English, out of turn: refused in English.
	roll, _ := g.customID("r")
	g.refused(press(gwBob, "en-US", roll, g.msg), "turn")
	// Ann, in English, rolls and scores: the board stays Korean.
	r, _ = g.callback(press(gwAnn, "en-US", roll, g.msg), 1)
	if r.Type != 7 {
		t.Fatalf("roll: %d %v", r.Type, r.Data)
	}
	g.keep(r)
	korean("after Ann's English roll")
	menu, value := g.customID("s")
	r, more := g.followedUp(press(gwAnn, "en-US", menu, g.msg, value))
	if r.Type != 7 {
		t.Fatalf("score: %d %v", r.Type, r.Data)
	}
	g.keep(r)
	korean("after Ann's English score")
	ping := followUp(more)
	checkPingOnly(t, "the ping of Bob", ping, gwBob)
	link := "(https://discord.com/channels/42/43/" + boardID + ")"
	if c, _ := ping["content"].(string); !strings.Contains(c, link) || !strings.Contains(c, "게임으로 돌아가기") {
		t.Errorf("the ping %q does not link back to the board %s", c, link)
	}

	// Bob brings the board down.
	down, _ := g.customID("D")
	oldRoll, _ := g.customID("r")
	oldMsg := g.msg
	r, more = g.followedUp(press(gwBob, "en-US", down, g.msg))
	if r.Type != 7 {
		t.Fatalf("bring down: %d %v", r.Type, r.Data)
	}
	if e, _ := r.Data["embeds"].([]any); len(e) != 0 {
		t.Errorf("the retired message keeps its board: %v", r.Data)
	}
	if c, _ := r.Data["components"].([]any); len(c) != 0 {
		t.Errorf("the retired message keeps its buttons: %v", r.Data)
	}
	board := followUp(more)
	if am, _ := json.Marshal(board["allowed_mentions"]); !strings.Contains(string(am), `"parse":[]`) || strings.Contains(string(am), gwAnn) || strings.Contains(string(am), gwBob) {
		t.Errorf("the board brought down may ping: %s", am)
	}
	retired := map[string]any{}
	for k, v := range oldMsg {
		retired[k] = v
	}
	retired["content"], retired["embeds"], retired["components"] = r.Data["content"], []any{}, []any{}
	g.refused(press(gwBob, "en-US", oldRoll, retired), "")
	// The new message, as Discord keeps it, carries the game on.
	g.msg = map[string]any{"id": "880000000000000002"}
	g.keep(gwResponse{Type: 4, Data: board})
	korean("the board brought down")
	roll, _ = g.customID("r")
	if roll != oldRoll {
		t.Errorf("the board brought down is another game: %s, was %s", roll, oldRoll)
	}
	r, _ = g.callback(press(gwBob, "en-US", roll, g.msg), 1)
	if r.Type != 7 {
		t.Fatalf("Bob's roll on the board brought down: %d %v", r.Type, r.Data)
	}
	g.keep(r)
	korean("after Bob's roll below")
	menu, value = g.customID("s")
	r, more = g.followedUp(press(gwBob, "en-US", menu, g.msg, value))
	if r.Type != 7 {
		t.Fatalf("Bob's score below: %d %v", r.Type, r.Data)
	}
	ping = followUp(more)
	checkPingOnly(t, "the ping of Ann", ping, gwAnn)
	if c, _ := ping["content"].(string); !strings.Contains(c, "(https://discord.com/channels/42/43/880000000000000002)") {
		t.Errorf("the ping %q does not link to the board brought down", c)
	}
	if p := fake.Problems(); len(p) > 0 {
		t.Errorf("the fake refused calls: %v", p)
	}
}

// serveYachtTable runs a bot of /yacht alone against a new fake Discord
// until the test ends, and returns the fake once the bot is ready.
func serveYachtTable(t *testing.T) *fakediscord.Server {
	t.Helper()
	tables := &strategy.Tables{}
	if _, err := tables.Preset(context.Background(), yacht.Yacht); err != nil {
		t.Fatal(err)
	}
	const token = "OTk5OTk5OTk5OTk5OTk5OTk5.GsErVe.fake-token-of-the-channel-test_123456789"
	fake := fakediscord.New(t, fakediscord.Options{Token: token})
	env := map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_BASE": fake.URL, "DISCORD_GUILD_ID": "4242",
		"HEALTH_ADDR": "127.0.0.1:0", "STATE_SECRET": "a-state-secret-of-the-yacht-channel-test"}
	cfg, err := config.FromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	cmd := yachtgame.Command(yachtgame.Deps{Tables: tables, Key: stateKey(cfg), Now: time.Now})
	cmd.Warm = nil
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), Settings{Registry: commands.NewRegistry(cmd),
			DeferClock: func(*commands.Request) <-chan time.Time { return nil }})
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(fakediscord.Wait):
			t.Error("Run did not return")
		}
	})
	fake.AwaitReady(t, 1)
	return fake
}

// TestYachtTableInAGroupDM: Ann, who installed Alea to her account,
// starts a table of Ann and Bob in a group DM (no server: "user", not
// "member"); the board pings her, her score pings Bob with a link to the
// board in "@me", and Bob plays on from the board.
func TestYachtTableInAGroupDM(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("builds the Yacht table")
	}
	fake := serveYachtTable(t)
	g := &gwTable{t: t, fake: fake}
	in := func(user string, data, msg map[string]any) string {
		typ := 2
		if msg != nil {
			typ = 3
		}
		in := fakediscord.Interaction{Type: typ, UserID: user, Context: 2, UserInstall: true, Data: data}
		if msg != nil {
			in.Message = msg
		}
		return fake.Interact(t, in)
	}
	button := func(id string, values ...string) map[string]any {
		if len(values) > 0 {
			return map[string]any{"custom_id": id, "component_type": 3, "values": values}
		}
		return map[string]any{"custom_id": id, "component_type": 2}
	}
	r, _ := g.callback(in(gwAnn, map[string]any{"id": "1", "name": "yacht", "type": 1,
		"options": []any{map[string]any{"name": "start", "type": 1, "options": []any{
			map[string]any{"name": "players", "type": 3, "value": "<@" + gwAnn + "> <@" + gwBob + ">"},
			map[string]any{"name": "seed", "type": 4, "value": 3}}}}}, nil), 1)
	if r.Type != 4 {
		t.Fatalf("start in a group DM: %d %v", r.Type, r.Data)
	}
	checkPingOnly(t, "start", r.Data, gwAnn)
	g.keep(r)
	roll, _ := g.customID("r")
	if r, _ = g.callback(in(gwAnn, button(roll), g.msg), 1); r.Type != 7 {
		t.Fatalf("roll: %d %v", r.Type, r.Data)
	}
	g.keep(r)
	menu, value := g.customID("s")
	r, more := g.followedUp(in(gwAnn, button(menu, value), g.msg))
	if r.Type != 7 || len(more) != 1 {
		t.Fatalf("score: %d %v, then %d calls", r.Type, r.Data, len(more))
	}
	g.keep(r)
	var ping map[string]any
	if err := json.Unmarshal(more[0].JSON, &ping); err != nil {
		t.Fatal(err)
	}
	checkPingOnly(t, "the ping of Bob", ping, gwBob)
	if c, _ := ping["content"].(string); !strings.Contains(c, "(https://discord.com/channels/@me/43/"+g.msg["id"].(string)+")") {
		t.Errorf("the ping %q does not link to the board in the group DM", c)
	}
	roll, _ = g.customID("r")
	if r, _ = g.callback(in(gwBob, button(roll), g.msg), 1); r.Type != 7 {
		t.Fatalf("Bob's roll: %d %v", r.Type, r.Data)
	}
	if p := fake.Problems(); len(p) > 0 {
		t.Errorf("the fake refused calls: %v", p)
	}
}
