package playground_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/playground"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtgame"
	"github.com/alea-bot/alea/commands/yachtgame/players"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/internal/race"
)

// seatRegistry has /seat, which answers with the players option as the
// table reads it ("@Name" resolved through the request's known users)
// and who asked, and a button whose press edits the message and follows
// it up.
func seatRegistry() *commands.Registry {
	return commands.NewRegistry(&commands.Command{
		Name:        commands.T("seat", "", ""),
		Description: commands.T("Seats the players", "", ""),
		Options: []commands.Option{{Name: commands.T("players", "", ""), Description: commands.T("who plays", "", ""),
			Type: commands.String}},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: players.Mentions(req.Options.String("players", ""), req.KnownUsers) + " by <@" + req.UserID + ">",
				Components: []commands.ActionRow{{{Kind: commands.Button, CustomID: "seat/next", Label: "next", Style: commands.Primary}}}}, nil
		},
		Routes: []commands.Route{{Pattern: "seat/next", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Update: true, Content: "moved on",
				FollowUp: &commands.Reply{Content: "<@" + req.UserID + ">, your turn",
					Components: []commands.ActionRow{{{Kind: commands.Button, CustomID: "seat/again", Label: "again", Style: commands.Primary}}}}}, nil
		}}, {Pattern: "seat/again", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Update: true, Content: "again by <@" + req.UserID + ">"}, nil
		}}},
	})
}

// The page learns the users it can play as from GET /api/users (the
// runner's Ann, Bob and Chloe); an interaction posted as one of them is
// theirs, "@Name" in an option names that user, and a follow-up after a
// press is a reply to the pressed message.
func TestPlaygroundPlaysAsLocalUsers(t *testing.T) {
	f := newPlayground(t, seatRegistry(), noLimits(), playground.Options{})
	resp, b := f.get("/api/users")
	var users []struct{ ID, Name string }
	if err := json.Unmarshal(b, &users); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %s", resp.StatusCode, b)
	}
	local := bot.LocalUsers()
	if len(users) != 3 || len(local) != 3 {
		t.Fatalf("users %v", users)
	}
	for i, u := range users {
		if u.ID != local[i].ID || u.Name != local[i].Name {
			t.Errorf("user %d: %+v, want %+v", i, u, local[i])
		}
	}
	ann, bob, chloe := local[0].ID, local[1].ID, local[2].ID

	start := map[string]any{"id": "7", "name": "seat", "type": 1,
		"options": []any{map[string]any{"name": "players", "type": 3, "value": "@Ann, @bob, @Dora, alea"}}}
	status, b := f.post(f.asUser(chloe, nil, 2, start))
	r := f.decode(status, b)
	var data struct {
		Content string `json:"content"`
	}
	_ = json.Unmarshal(r.Data, &data)
	if want := "<@" + ann + ">, <@" + bob + ">, Dora, alea by <@" + chloe + ">"; data.Content != want {
		t.Errorf("content %q, want %q", data.Content, want)
	}
	msg := shown(t, b)
	status, b = f.post(f.asUser(bob, msg, 3, map[string]any{"custom_id": "seat/next", "component_type": 2}))
	f.decode(status, b)
	var pressed struct {
		Type     int `json:"type"`
		FollowUp *struct {
			Data struct {
				Content string `json:"content"`
			} `json:"data"`
			Message   struct{ ID string } `json:"message"`
			Reference struct {
				MessageID string `json:"message_id"`
			} `json:"message_reference"`
		} `json:"follow_up"`
	}
	if err := json.Unmarshal(b, &pressed); err != nil || pressed.Type != 7 || pressed.FollowUp == nil {
		t.Fatalf("press: %v %s", err, b)
	}
	if fu := pressed.FollowUp; fu.Reference.MessageID != msg["id"] || fu.Message.ID == msg["id"] || fu.Data.Content != "<@"+bob+">, your turn" {
		t.Errorf("follow-up %+v, want a reply to %v", fu, msg["id"])
	}
	// The follow-up's own button presses (a board carried on in it).
	var fb struct {
		FollowUp json.RawMessage `json:"follow_up"`
	}
	_ = json.Unmarshal(b, &fb)
	follow := shown(t, fb.FollowUp)
	status, b = f.post(f.asUser(ann, follow, 3, map[string]any{"custom_id": "seat/again", "component_type": 2}))
	if r := f.decode(status, b); r.Type != 7 || !strings.Contains(string(r.Data), "again by") {
		t.Errorf("the follow-up's button: %d %s", r.Type, r.Data)
	}
}

var (
	fullTablesOnce sync.Once
	fullTables     *strategy.Tables
)

// yachtTables returns the full Yacht table, built once for the test
// binary.
func yachtTables(t *testing.T) *strategy.Tables {
	fullTablesOnce.Do(func() {
		fullTables = &strategy.Tables{}
		if _, err := fullTables.Preset(context.Background(), yacht.Yacht); err != nil {
			t.Fatal(err)
		}
	})
	return fullTables
}

// The README's example, players:"@Ann, @Bob, alea", through the
// playground: Ann and Bob are seated as users (their mentions on the
// board, Ann's turn first), and only Ann may roll.
func TestPlaygroundReadmeTable(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("builds the Yacht table")
	}
	cmd := yachtgame.Command(yachtgame.Deps{Tables: yachtTables(t), Key: seal.Loopback(), Now: time.Now})
	cmd.Warm = nil
	f := newPlayground(t, commands.NewRegistry(cmd), noLimits(), playground.Options{})
	local := bot.LocalUsers()
	ann, bob := local[0].ID, local[1].ID
	start := map[string]any{"id": "7", "name": "yacht", "type": 1, "options": []any{map[string]any{"name": "start", "type": 1,
		"options": []any{map[string]any{"name": "players", "type": 3, "value": "@Ann, @Bob, alea"},
			map[string]any{"name": "seed", "type": 4, "value": 7}}}}}
	status, b := f.post(f.asUser(ann, nil, 2, start))
	if r := f.decode(status, b); r.Type != 4 {
		t.Fatalf("start: %d %s", r.Type, r.Data)
	}
	board := strings.ReplaceAll(strings.ReplaceAll(string(b), `\u003c`, "<"), `\u003e`, ">")
	if !strings.Contains(board, "<@"+ann+">, it's your turn") || !strings.Contains(board, "<@"+bob+"> — **Total 0**") {
		t.Fatalf("the board does not seat Ann and Bob: %s", b)
	}
	msg := shown(t, b)
	roll, _ := pgComponent(t, msg, "r")
	if status, b := f.post(f.asUser(bob, msg, 3, map[string]any{"custom_id": roll, "component_type": 2})); !strings.Contains(string(b), `"flags":64`) {
		t.Errorf("Bob rolled on Ann's turn: %d %s", status, b)
	}
	if r := f.decode(f.post(f.asUser(ann, msg, 3, map[string]any{"custom_id": roll, "component_type": 2}))); r.Type != 7 {
		t.Errorf("Ann's roll: %d %s", r.Type, r.Data)
	}
}
