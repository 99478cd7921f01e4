package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"reflect"
	"strings"
	"testing"

	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/internal/race"
)

// TestServeUserInstall runs the bot against a fake Discord whose
// application has the twelve dice emojis: the global commands carry
// integration_types [0,1] and contexts [0,1,2]; a player who installed
// Alea to their account calls /help in a group DM (no guild, "user" and
// no "member") and /yacht-advise in a DM, whose dice come back as the
// application's emojis, listed at start.
func TestServeUserInstall(t *testing.T) {
	const token = "OTk5OTk5OTk5OTk5OTk5OTk5.GuSeR1.fake-token-of-the-user-install-test_42"
	fake := fakediscord.New(t, fakediscord.Options{Token: token})
	ids := map[string]string{}
	for _, n := range []string{"alea_d1", "alea_d2", "alea_d3", "alea_d4", "alea_d5", "alea_d6",
		"alea_h1", "alea_h2", "alea_h3", "alea_h4", "alea_h5", "alea_h6"} {
		ids[n] = fake.AddEmoji(n, nil)
	}
	env := map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_BASE": fake.URL, "HEALTH_ADDR": "127.0.0.1:0"}
	cfg, err := config.FromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), Settings{}) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()

	var cmds []struct {
		Name             string `json:"name"`
		IntegrationTypes []int  `json:"integration_types"`
		Contexts         []int  `json:"contexts"`
	}
	if err := json.Unmarshal(fake.AwaitRegistered(t, "global"), &cmds); err != nil || len(cmds) == 0 {
		t.Fatalf("%v %d commands", err, len(cmds))
	}
	for _, c := range cmds {
		if !reflect.DeepEqual(c.IntegrationTypes, []int{0, 1}) || !reflect.DeepEqual(c.Contexts, []int{0, 1, 2}) {
			t.Errorf("/%s: %v %v", c.Name, c.IntegrationTypes, c.Contexts)
		}
	}
	fake.AwaitReady(t, 1)

	answer := func(tok string) (int, string) {
		t.Helper()
		call := fake.Await(t, tok, 1)[0]
		var r struct {
			Type int `json:"type"`
		}
		if err := json.Unmarshal(call.JSON, &r); err != nil || call.Status != 204 {
			t.Fatalf("answered %d with %s (%s)", call.Status, call.JSON, call.Problem)
		}
		return r.Type, string(call.JSON)
	}
	tok := fake.Interact(t, fakediscord.Interaction{Type: 2, Context: 2, UserInstall: true,
		Data: map[string]any{"id": "1", "name": "help", "type": 1}})
	if typ, body := answer(tok); typ != 4 || !strings.Contains(body, "yacht") {
		t.Errorf("/help in a group DM: %s", body)
	}
	if testing.Short() || race.Enabled {
		return // the Yacht table takes long to build there
	}
	tok = fake.Interact(t, fakediscord.Interaction{Type: 2, Context: 1, UserInstall: true,
		Data: map[string]any{"id": "2", "name": "yacht-advise", "type": 1,
			"options": []any{map[string]any{"name": "dice", "type": 3, "value": "66662"}}}})
	typ, body := answer(tok)
	if typ == 5 { // deferred while the table is built: the edit carries it
		calls := fake.Await(t, tok, 2)
		body = string(calls[1].JSON)
	}
	want := "<:alea_d2:" + ids["alea_d2"] + "><:alea_d6:" + ids["alea_d6"] + ">"
	body = strings.NewReplacer(`\u003c`, "<", `\u003e`, ">").Replace(body)
	if !strings.Contains(body, want) || strings.Contains(body, "⚅") {
		t.Errorf("/yacht-advise in a DM: %s\nwant %s", body, want)
	}
}
