package endpoint_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/endpoint"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// Through the signed endpoint, under alea serve's rate limits (the test's
// clock): a player pressing at a human pace — thirteen turns of nine
// presses in two seconds each (holds, rolls, the score 0.3 s after the
// last hold), a slash command between some — is never refused, while a
// flooding player is held to their burst and rate, each refusal saying
// the press was not taken.
func TestHumanPaceThroughTheEndpoint(t *testing.T) {
	s := &signed{t: t, log: &bottest.LogBuffer{}, now: time.Unix(1_790_000_000, 0)}
	s.fake = fakediscord.New(t, fakediscord.Options{Token: "unused", Now: s.clock})
	ok := func(content string) commands.HandlerFunc {
		return func(context.Context, *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: content, Update: content == "pressed"}, nil
		}
	}
	table := &commands.Command{Name: commands.T("table", "", ""), Description: commands.T("A table", "", ""), Handle: ok("table"),
		Routes: []commands.Route{{Pattern: "table/1/{x}", Handle: ok("pressed")}}}
	rates := bot.DefaultRateLimits()
	rates.Now = s.clock
	d, err := bot.NewDispatcher(commands.NewRegistry(table), bottest.Limits{Rates: rates, DeferAfter: time.Hour,
		Logger: slog.New(slog.NewJSONHandler(s.log, nil))}.Options())
	if err != nil {
		t.Fatal(err)
	}
	ep, err := endpoint.New(d, endpoint.Options{PublicKey: fakediscord.SigningKey().Public().(ed25519.PublicKey), APIBase: s.fake.URL, Now: s.clock})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ep)
	t.Cleanup(srv.Close)
	url := srv.URL + endpoint.Path
	answer := func(user string, typ int, data map[string]any) string {
		t.Helper()
		p := s.fake.Post(t, url, fakediscord.Interaction{Type: typ, UserID: user, Data: data})
		if p.Status != http.StatusOK {
			t.Fatalf("status %d: %s", p.Status, p.Response)
		}
		var r struct {
			Data struct {
				Content string `json:"content"`
			} `json:"data"`
		}
		_ = json.Unmarshal(p.Response, &r)
		return r.Data.Content
	}
	press := map[string]any{"custom_id": "table/1/x", "component_type": 2}
	command := map[string]any{"id": "1", "name": "table", "type": 1}
	start := s.clock()
	steps := []time.Duration{0, 200, 400, 600, 900, 1100, 1300, 1700, 2000}
	for turn := range 13 {
		at := start.Add(time.Duration(turn) * 2 * time.Second)
		if turn%4 == 0 {
			s.mu.Lock()
			s.now = at
			s.mu.Unlock()
			if got := answer("411111111111111111", 2, command); got != "table" {
				t.Fatalf("turn %d: the slash command got %q", turn, got)
			}
		}
		for i, ms := range steps {
			s.mu.Lock()
			s.now = at.Add(ms * time.Millisecond)
			s.mu.Unlock()
			if got := answer("411111111111111111", 3, press); got != "pressed" {
				t.Fatalf("turn %d, press %d: %q", turn, i, got)
			}
		}
	}
	// Another player presses 200 times in 2 s: the burst (32 presses) and
	// the rate (8 a second) are taken, the rest refused as not taken.
	taken, refused := 0, 0
	flood := s.clock().Add(time.Second)
	for i := range 200 {
		s.mu.Lock()
		s.now = flood.Add(time.Duration(i) * 10 * time.Millisecond)
		s.mu.Unlock()
		switch got := answer("422222222222222222", 3, press); {
		case got == "pressed":
			taken++
		case strings.Contains(got, "this press was not taken"):
			refused++
		default:
			t.Fatalf("a flooding press got %q", got)
		}
	}
	if taken < 32+15 || taken > 32+17 || taken+refused != 200 {
		t.Errorf("a flood of 200 presses in 2 s: %d taken, %d refused; want the burst of 32 and 8 a second", taken, refused)
	}
}
