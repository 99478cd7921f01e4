package playground_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/playground"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtgame"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/internal/race"
)

const (
	pgAnn = "111111111111111111"
	pgBob = "222222222222222222"
)

// asUser is the interaction the page posts for user (on msg, for a
// component), with a fresh token.
func (f *pgFixture) asUser(user string, msg map[string]any, typ int, data any) []byte {
	n := f.seq.Add(1)
	m := map[string]any{"id": fmt.Sprint(800000 + n), "application_id": "1", "type": typ, "token": fmt.Sprintf("yt-%d_x", n),
		"version": 1, "locale": "en", "channel_id": "2", "data": data,
		"user": map[string]any{"id": user, "username": "u" + user[:1], "global_name": "U" + user[:1]}}
	if msg != nil {
		m["message"] = msg
	}
	b, err := json.Marshal(m)
	if err != nil {
		f.t.Fatal(err)
	}
	return b
}

// pgComponent finds the game's component for action a and, for a menu,
// its first option's value.
func pgComponent(t *testing.T, msg map[string]any, a string) (id, value string) {
	t.Helper()
	rows, _ := msg["components"].([]any)
	for _, row := range rows {
		for _, c := range row.(map[string]any)["components"].([]any) {
			c := c.(map[string]any)
			id, _ := c["custom_id"].(string)
			if parts := strings.Split(id, "/"); len(parts) == 4 && parts[2] == a {
				if opts, ok := c["options"].([]any); ok && len(opts) > 0 {
					value, _ = opts[0].(map[string]any)["value"].(string)
				}
				return id, value
			}
		}
	}
	t.Fatalf("no %q component", a)
	return "", ""
}

// Two users at one Yacht table through the playground's API: the page
// posts each press with its user's id and the message it was pressed on.
func TestPlaygroundYachtTable(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("builds the Yacht table")
	}
	tables := &strategy.Tables{}
	if _, err := tables.Preset(context.Background(), yacht.Yacht); err != nil {
		t.Fatal(err)
	}
	cmd := yachtgame.Command(yachtgame.Deps{Tables: tables, Key: seal.Loopback(), Now: time.Now})
	cmd.Warm = nil
	f := newPlayground(t, commands.NewRegistry(cmd), noLimits(), playground.Options{})

	start := map[string]any{"id": "7", "name": "yacht", "type": 1, "options": []any{map[string]any{"name": "start", "type": 1,
		"options": []any{map[string]any{"name": "players", "type": 3, "value": "<@" + pgAnn + "> <@" + pgBob + ">"},
			map[string]any{"name": "seed", "type": 4, "value": 7}}}}}
	status, b := f.post(f.asUser(pgAnn, nil, 2, start))
	if r := f.decode(status, b); r.Type != 4 {
		t.Fatalf("start: %d %s", r.Type, r.Data)
	}
	msg := shown(t, b)
	press := func(user, id string, values ...string) (int, []byte) {
		data := map[string]any{"custom_id": id, "component_type": 2}
		if len(values) > 0 {
			data["component_type"], data["values"] = 3, values
		}
		return f.post(f.asUser(user, msg, 3, data))
	}

	// Bob on Ann's turn: refused privately, the message unchanged.
	roll, _ := pgComponent(t, msg, "r")
	status, b = press(pgBob, roll)
	var refusal struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	f.decode(status, b)
	_ = json.Unmarshal(b, &refusal)
	if refusal.Type != 4 || refusal.Data.Flags&64 == 0 || !strings.Contains(refusal.Data.Content, "<@"+pgAnn+">") {
		t.Errorf("out of turn: %s", b)
	}

	// Ann rolls (the message as it was still presses: it did not change)
	// and scores; the turn passes with a follow-up, a new message pinging
	// Bob alone.
	status, b = press(pgAnn, roll)
	if r := f.decode(status, b); r.Type != 7 {
		t.Fatalf("roll: %d %s", r.Type, r.Data)
	}
	msg = shown(t, b)
	menu, value := pgComponent(t, msg, "s")
	status, b = press(pgAnn, menu, value)
	f.decode(status, b)
	var scored struct {
		Type     int `json:"type"`
		FollowUp *struct {
			Type int `json:"type"`
			Data struct {
				Content         string `json:"content"`
				Components      []any  `json:"components"`
				AllowedMentions struct {
					Parse []string `json:"parse"`
					Users []string `json:"users"`
				} `json:"allowed_mentions"`
			} `json:"data"`
			Message struct {
				ID string `json:"id"`
			} `json:"message"`
		} `json:"follow_up"`
	}
	if err := json.Unmarshal(b, &scored); err != nil || scored.Type != 7 || scored.FollowUp == nil {
		t.Fatalf("score: %v %s", err, b)
	}
	fu := scored.FollowUp
	if fu.Type != 4 || fu.Message.ID == "" || fu.Message.ID == msg["id"] || strings.Count(fu.Data.Content, "<@") != 1 ||
		!strings.Contains(fu.Data.Content, "<@"+pgBob+">") || len(fu.Data.Components) != 0 ||
		len(fu.Data.AllowedMentions.Parse) != 0 || fmt.Sprint(fu.Data.AllowedMentions.Users) != "["+pgBob+"]" {
		t.Errorf("follow-up: %+v", fu)
	}
	msg = shown(t, b)

	// Ann's old roll on the updated message: refused (not on the message).
	if status, _ := press(pgAnn, roll); status != http.StatusForbidden {
		t.Errorf("a replayed press: %d", status)
	}
	// Bob plays on; his score pings Ann and takes the ping of him away
	// (one ping at a time: the page removes the messages listed).
	roll, _ = pgComponent(t, msg, "r")
	status, b = press(pgBob, roll)
	if r := f.decode(status, b); r.Type != 7 {
		t.Fatalf("Bob's roll: %d %s", r.Type, r.Data)
	}
	msg = shown(t, b)
	menu, value = pgComponent(t, msg, "s")
	status, b = press(pgBob, menu, value)
	f.decode(status, b)
	var next struct {
		Removed  []string `json:"removed"`
		FollowUp *struct {
			Data struct {
				Content string `json:"content"`
			} `json:"data"`
		} `json:"follow_up"`
	}
	if err := json.Unmarshal(b, &next); err != nil || next.FollowUp == nil || !strings.Contains(next.FollowUp.Data.Content, "<@"+pgAnn+">") ||
		fmt.Sprint(next.Removed) != "["+fu.Message.ID+"]" {
		t.Errorf("Bob's score: removed %v (want the ping of Bob, %s), then %+v", next.Removed, fu.Message.ID, next.FollowUp)
	}
}
