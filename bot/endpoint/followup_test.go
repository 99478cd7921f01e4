package endpoint_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// A reply's follow-up is posted through the interaction's webhook once
// the HTTP response is written: a new message, with its allowed mentions.
func TestEndpointPostsTheFollowUp(t *testing.T) {
	reg := commands.NewRegistry(&commands.Command{
		Name: commands.T("board", "", ""), Description: commands.T("A board", "", ""),
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "board"}, nil
		},
		Routes: []commands.Route{{Pattern: "board/pass", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "<@42>, your turn", Update: true, AllowedMentions: &commands.AllowedMentions{Users: []string{"42"}},
				FollowUp: &commands.Reply{Content: "<@42>, your turn", AllowedMentions: &commands.AllowedMentions{Users: []string{"42"}}}}, nil
		}}},
	})
	f := newFixture(t, reg, bottest.Limits{})
	body, token := f.interaction(3, "en", map[string]any{"custom_id": "board/pass", "component_type": 2})
	if r := f.decode(f.post(body, f.ts(), "")); r.Type != 7 {
		t.Fatalf("response type %d, want 7 (the update)", r.Type)
	}
	call := f.rest.await(t, token, 1)[0]
	if call.Method != http.MethodPost || call.Path != "/api/v9/webhooks/"+testApp+"/"+token {
		t.Fatalf("follow-up sent as %s %s", call.Method, call.Path)
	}
	if err := fakediscord.CheckPayload(call.JSON, false, nil); err != nil {
		t.Fatalf("follow-up breaks a limit: %v\n%s", err, call.JSON)
	}
	var m struct {
		Content         string `json:"content"`
		Flags           int    `json:"flags"`
		Components      []any  `json:"components"`
		AllowedMentions struct {
			Parse []string `json:"parse"`
			Users []string `json:"users"`
		} `json:"allowed_mentions"`
	}
	if err := json.Unmarshal(call.JSON, &m); err != nil || m.Content != "<@42>, your turn" || m.Flags != 0 || len(m.Components) != 0 ||
		m.AllowedMentions.Parse == nil || len(m.AllowedMentions.Parse) != 0 || fmt.Sprint(m.AllowedMentions.Users) != "[42]" {
		t.Errorf("follow-up %s (%v)", call.JSON, err)
	}
}
