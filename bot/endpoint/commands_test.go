package endpoint_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// answer posts a signed interaction and returns the message Discord ends
// up showing, as JSON: the HTTP response's data, or (for a deferred
// response) the payload delivered through the webhook. Every payload is
// checked against Discord's limits.
func (f *fixture) answer(typ int, locale string, data map[string]any) (ack int, payload []byte) {
	f.t.Helper()
	body, token := f.interaction(typ, locale, data)
	r := f.decode(f.post(body, f.ts(), ""))
	switch r.Type {
	case 4, 7, 8, 9:
		return r.Type, r.Data
	case 5, 6:
		calls := f.rest.await(f.t, token, 1)
		last := calls[len(calls)-1]
		if last.Method == "DELETE" {
			calls = f.rest.await(f.t, token, 2)
			last = calls[1]
		}
		if err := fakediscord.CheckPayload(last.JSON, false, last.Files); err != nil {
			f.t.Fatalf("delivered payload breaks a Discord limit: %v\n%s", err, last.JSON)
		}
		return r.Type, last.JSON
	}
	f.t.Fatalf("response type %d", r.Type)
	return 0, nil
}

// TestEndpointAnswersEveryCommand runs every example of every registered
// command as a signed APPLICATION_COMMAND through the endpoint, in each
// locale, and presses the first button and select menu of each answer: all
// must be answered (not refused, not an internal error) with payloads
// within Discord's limits.
func TestEndpointAnswersEveryCommand(t *testing.T) {
	reg := all.Registry(all.Loopback())
	f := newFixture(t, reg, bottest.Limits{CacheTTL: time.Minute})
	lines := bottest.Examples(reg)
	if len(lines) == 0 {
		t.Fatal("no examples registered")
	}
	locales := []string{"en-US", "ko", "ja"}
	for i, line := range lines {
		data := bottest.ExampleData(t, reg, line)
		locale := locales[i%len(locales)]
		ack, payload := f.answer(2, locale, data)
		m := bottest.DecodeMessage(t, payload)
		if m.Flags&64 != 0 && (strings.Contains(m.Content, "💥") || strings.HasPrefix(m.Content, "❌") || strings.HasPrefix(m.Content, "⌛")) {
			t.Errorf("%s (%s): refused or failed: %s", line, locale, m.Content)
			continue
		}
		var comps struct {
			Components []struct {
				Components []struct {
					Type     int    `json:"type"`
					Style    int    `json:"style"`
					CustomID string `json:"custom_id"`
					Options  []struct {
						Value string `json:"value"`
					} `json:"options"`
				} `json:"components"`
			} `json:"components"`
		}
		_ = json.Unmarshal(payload, &comps)
		pressed := map[int]bool{}
		for _, row := range comps.Components {
			for _, c := range row.Components {
				if pressed[c.Type] || c.Style == 5 || c.CustomID == "" {
					continue
				}
				pressed[c.Type] = true
				click := map[string]any{"custom_id": c.CustomID, "component_type": c.Type}
				if c.Type == 3 && len(c.Options) > 0 {
					click["values"] = []string{c.Options[0].Value}
				}
				_, cp := f.answer(3, locale, click)
				if cm := bottest.DecodeMessage(t, cp); strings.Contains(cm.Content, "💥") {
					t.Errorf("%s: pressing %s: %s", line, c.CustomID, cm.Content)
				}
			}
		}
		t.Logf("%-50s %s: response type %d, %d bytes", line, locale, ack, len(payload))
	}
}
