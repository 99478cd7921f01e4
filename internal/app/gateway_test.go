package app

import (
	"context"
	"encoding/json"
	"log"
	"log/slog"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// TestServeGateway runs Run with DISCORD_TOKEN and
// DISCORD_API_BASE pointing at a fake Discord on loopback: the commands
// are registered to DISCORD_GUILD_ID with one bulk overwrite equal to
// payload.Definitions, /help is answered through the interaction's callback,
// cancelling the context (SIGTERM) stops Run cleanly and closes the
// session, and the token never appears in the log.
func TestServeGateway(t *testing.T) {
	const token = "OTk5OTk5OTk5OTk5OTk5OTk5.GsErVe.fake-token-of-the-serve-test_987654321"
	fake := fakediscord.New(t, fakediscord.Options{Token: token})
	env := map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_BASE": fake.URL, "DISCORD_GUILD_ID": "4242",
		"HEALTH_ADDR": "127.0.0.1:0", "LOG_LEVEL": "debug", "LOG_FORMAT": "json"}
	cfg, err := config.FromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	logs := &bottest.Log{}
	// discordgo writes its own errors through the standard log package.
	stdlog := &bottest.Log{}
	log.SetOutput(stdlog)
	defer log.SetOutput(os.Stderr)
	slogger := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: cfg.LogLevel}))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, slogger, Settings{}) }()

	registered := fake.AwaitRegistered(t, "4242")
	want, err := json.Marshal(payload.Definitions(all.Registry(all.Loopback())))
	if err != nil {
		t.Fatal(err)
	}
	var got, exp any
	_ = json.Unmarshal(registered, &got)
	_ = json.Unmarshal(want, &exp)
	if !reflect.DeepEqual(got, exp) {
		t.Fatalf("registered\n%s\nwant\n%s", registered, want)
	}
	if _, n := fake.Registered("4242"); n != 1 {
		t.Errorf("%d bulk overwrites, want 1", n)
	}
	logs.Await(t, `"msg":"commands registered"`)
	fake.AwaitReady(t, 1)

	tok := fake.Interact(t, fakediscord.Interaction{Type: 2, Locale: "ko",
		Data: map[string]any{"id": "1", "name": "help", "type": 1}})
	call := fake.Await(t, tok, 1)[0]
	var resp struct {
		Type int `json:"type"`
		Data struct {
			Embeds []struct {
				Title string `json:"title"`
			} `json:"embeds"`
		} `json:"data"`
	}
	if err := json.Unmarshal(call.JSON, &resp); err != nil || call.Status != 204 || resp.Type != 4 || len(resp.Data.Embeds) == 0 {
		t.Fatalf("/help answered %d with %s (%s)", call.Status, call.JSON, call.Problem)
	}

	cancel() // as SIGTERM does
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(fakediscord.Wait):
		t.Fatal("Run did not return after its context ended")
	}
	fake.AwaitDisconnected(t, 0)
	if p := fake.Problems(); len(p) > 0 {
		t.Errorf("the fake refused calls: %v", p)
	}
	logged := logs.String() + stdlog.String()
	if strings.Contains(logged, token) || strings.Contains(logged, tok) {
		t.Errorf("a token appears in the log:\n%s", logged)
	}
	for _, want := range []string{`"msg":"gateway transport"`, `"msg":"commands registered"`, `"msg":"gateway connected"`} {
		if !strings.Contains(logged, want) {
			t.Errorf("the log lacks %s:\n%s", want, logged)
		}
	}
}
