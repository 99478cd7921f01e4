package fakediscord_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/fakediscord"
)

func TestCheckCommandsAcceptsAlea(t *testing.T) {
	b, err := json.Marshal(payload.Definitions(all.Registry(all.Loopback())))
	if err != nil {
		t.Fatal(err)
	}
	if err := fakediscord.CheckCommands(b); err != nil {
		t.Fatal(err)
	}
}

func TestCheckCommandsRefusesWhatDiscordRefuses(t *testing.T) {
	opt := func(name string, required bool) string {
		return fmt.Sprintf(`{"type":3,"name":%q,"description":"d","required":%v}`, name, required)
	}
	choices := func(n int) string {
		var cs []string
		for i := 0; i < n; i++ {
			cs = append(cs, fmt.Sprintf(`{"name":"c%d","value":"v%d"}`, i, i))
		}
		return "[" + strings.Join(cs, ",") + "]"
	}
	many := func(n int) string {
		var os []string
		for i := 0; i < n; i++ {
			os = append(os, opt(fmt.Sprint("o", i), false))
		}
		return strings.Join(os, ",")
	}
	cmd := func(name, desc, options string) string {
		return fmt.Sprintf(`{"type":1,"name":%q,"description":%q,"options":[%s]}`, name, desc, options)
	}
	cases := map[string]string{
		"upper case":            "[" + cmd("Roll", "d", "") + "]",
		"space":                 "[" + cmd("roll dice", "d", "") + "]",
		"33 characters":         "[" + cmd(strings.Repeat("a", 33), "d", "") + "]",
		"empty description":     "[" + cmd("roll", "", "") + "]",
		"101-char description":  "[" + cmd("roll", strings.Repeat("é", 101), "") + "]",
		"required after":        "[" + cmd("roll", "d", opt("a", false)+","+opt("b", true)) + "]",
		"26 options":            "[" + cmd("roll", "d", many(26)) + "]",
		"26 choices":            "[" + cmd("roll", "d", `{"type":3,"name":"a","description":"d","choices":`+choices(26)+`}`) + "]",
		"autocomplete+choices":  "[" + cmd("roll", "d", `{"type":3,"name":"a","description":"d","autocomplete":true,"choices":`+choices(2)+`}`) + "]",
		"twice":                 "[" + cmd("roll", "d", "") + "," + cmd("roll", "d", "") + "]",
		"localized upper case":  `[{"type":1,"name":"roll","description":"d","name_localizations":{"ko":"Roll"}}]`,
		"localized description": `[{"type":1,"name":"roll","description":"d","description_localizations":{"ja":""}}]`,
		"option upper case":     "[" + cmd("roll", "d", opt("Die", true)) + "]",
		"mixed subcommands":     "[" + cmd("roll", "d", `{"type":1,"name":"s","description":"d"},`+opt("a", false)) + "]",
		"not an array":          `{"name":"roll"}`,
		"install type 2":        `[{"type":1,"name":"roll","description":"d","integration_types":[0,2]}]`,
		"no install types":      `[{"type":1,"name":"roll","description":"d","integration_types":[]}]`,
		"context 3":             `[{"type":1,"name":"roll","description":"d","contexts":[0,3]}]`,
		"context twice":         `[{"type":1,"name":"roll","description":"d","contexts":[1,1]}]`,
	}
	for name, body := range cases {
		if err := fakediscord.CheckCommands([]byte(body)); err == nil {
			t.Errorf("%s: accepted %s", name, body)
		}
	}
	if err := fakediscord.CheckCommands([]byte(`[{"type":1,"name":"roll","description":"d","integration_types":[0,1],"contexts":[0,1,2]}]`)); err != nil {
		t.Errorf("a valid command refused: %v", err)
	}
	if err := fakediscord.CheckCommands([]byte("[" + cmd("roll-2_é", "d", opt("a", true)+","+opt("b", false)) + "]")); err != nil {
		t.Errorf("a valid command refused: %v", err)
	}
}

func TestCheckPayloadRefusesWhatDiscordRefuses(t *testing.T) {
	button := func(id string) string { return fmt.Sprintf(`{"type":2,"style":1,"label":"b","custom_id":%q}`, id) }
	row := func(cs ...string) string { return `{"type":1,"components":[` + strings.Join(cs, ",") + `]}` }
	msg := func(fields string) string { return `{"type":4,"data":{` + fields + `}}` }
	embeds := func(n int, e string) string {
		var es []string
		for i := 0; i < n; i++ {
			es = append(es, e)
		}
		return `"embeds":[` + strings.Join(es, ",") + `]`
	}
	cases := map[string]string{
		"2001 characters":   msg(`"content":"` + strings.Repeat("가", 2001) + `"`),
		"11 embeds":         msg(embeds(11, `{"title":"t"}`)),
		"title 257":         msg(embeds(1, `{"title":"`+strings.Repeat("a", 257)+`"}`)),
		"field 1025":        msg(embeds(1, `{"fields":[{"name":"n","value":"`+strings.Repeat("a", 1025)+`"}]}`)),
		"6001 in embeds":    msg(embeds(2, `{"description":"`+strings.Repeat("a", 3001)+`"}`)),
		"6 rows":            msg(`"components":[` + strings.Repeat(row(button("x"))+",", 5) + row(button("y")) + `]`),
		"6 buttons":         msg(`"components":[` + row(button("1"), button("2"), button("3"), button("4"), button("5"), button("6")) + `]`),
		"custom_id 101":     msg(`"components":[` + row(button(strings.Repeat("x", 101))) + `]`),
		"custom_id twice":   msg(`"components":[` + row(button("x"), button("x")) + `]`),
		"unknown flags":     msg(`"content":"x","flags":2`),
		"image not sent":    msg(embeds(1, `{"image":{"url":"attachment://a.png"}}`)),
		"26 choices":        `{"type":8,"data":{"choices":[` + strings.Repeat(`{"name":"c","value":"v"},`, 25) + `{"name":"c","value":"v"}]}}`,
		"no choices":        `{"type":8,"data":{}}`,
		"modal title 46":    `{"type":9,"data":{"custom_id":"m","title":"` + strings.Repeat("a", 46) + `","components":[{"type":1,"components":[{"type":4,"custom_id":"i","label":"l"}]}]}}`,
		"unknown type":      `{"type":3,"data":{}}`,
		"message with none": `{"type":4}`,
	}
	for name, body := range cases {
		if err := fakediscord.CheckPayload([]byte(body), true, nil); err == nil {
			t.Errorf("%s: accepted %s", name, body)
		}
	}
	if err := fakediscord.CheckPayload([]byte(msg(`"content":"`+strings.Repeat("가", 2000)+`","components":[`+row(button("a"), button("b"))+`]`)), true, nil); err != nil {
		t.Errorf("a valid message refused: %v", err)
	}
}

// TestFakeRefusesProtocolErrors shows the fake is strict where the bot
// could go wrong: a second callback, an edit before the acknowledgement,
// an unknown interaction, a bad token, a wrong shard, a RESUME of an
// unknown session.
func TestFakeRefusesProtocolErrors(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: "tok", ShardCount: 2})
	dial := func() *websocket.Conn {
		t.Helper()
		ws, _, err := websocket.DefaultDialer.Dial(fake.GatewayURL()+"/?v=9&encoding=json", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ws.Close() })
		var hello struct {
			Op int `json:"op"`
			D  struct {
				HeartbeatInterval int `json:"heartbeat_interval"`
			} `json:"d"`
		}
		if err := ws.ReadJSON(&hello); err != nil || hello.Op != 10 || hello.D.HeartbeatInterval != 41250 {
			t.Fatalf("hello %+v, %v", hello, err)
		}
		return ws
	}
	closeCode := func(ws *websocket.Conn, send any) int {
		t.Helper()
		if err := ws.WriteJSON(send); err != nil {
			t.Fatal(err)
		}
		for {
			var f map[string]any
			err := ws.ReadJSON(&f)
			if ce, ok := err.(*websocket.CloseError); ok {
				return ce.Code
			}
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			if f["op"] == float64(9) {
				return 9
			}
		}
	}
	identify := func(token string, shard []int) map[string]any {
		return map[string]any{"op": 2, "d": map[string]any{"token": token, "intents": 0, "shard": shard}}
	}
	if c := closeCode(dial(), identify("Bot wrong", []int{0, 2})); c != 4004 {
		t.Errorf("bad token: close %d, want 4004", c)
	}
	if c := closeCode(dial(), identify("Bot tok", []int{0, 1})); c != 4010 {
		t.Errorf("wrong shard count: close %d, want 4010", c)
	}
	if c := closeCode(dial(), map[string]any{"op": 6, "d": map[string]any{"token": "tok", "session_id": "nope", "seq": 1}}); c != 9 {
		t.Errorf("unknown session: %d, want op 9", c)
	}
	// A good IDENTIFY gets READY with the application and a resume URL.
	ws := dial()
	if err := ws.WriteJSON(identify("Bot tok", []int{0, 2})); err != nil {
		t.Fatal(err)
	}
	var ready struct {
		Op   int    `json:"op"`
		T    string `json:"t"`
		S    int    `json:"s"`
		Data struct {
			SessionID   string `json:"session_id"`
			ResumeURL   string `json:"resume_gateway_url"`
			Application struct {
				ID string `json:"id"`
			} `json:"application"`
		} `json:"d"`
	}
	if err := ws.ReadJSON(&ready); err != nil || ready.T != "READY" || ready.S != 1 || ready.Data.Application.ID != fake.AppID() || ready.Data.ResumeURL != fake.GatewayURL() {
		t.Fatalf("READY %+v, %v", ready, err)
	}
	if err := ws.WriteJSON(map[string]any{"op": 1, "d": 1}); err != nil {
		t.Fatal(err)
	}
	var ack map[string]any
	if err := ws.ReadJSON(&ack); err != nil || ack["op"] != float64(11) {
		t.Fatalf("heartbeat answered with %v, %v", ack, err)
	}

	// REST: the interaction's callback once, edits after it.
	tok := fake.Interact(t, fakediscord.Interaction{Type: 2, Data: map[string]any{"name": "x", "type": 1}})
	var ev struct {
		T string `json:"t"`
		D struct {
			ID string `json:"id"`
		} `json:"d"`
	}
	if err := ws.ReadJSON(&ev); err != nil || ev.T != "INTERACTION_CREATE" {
		t.Fatalf("event %+v, %v", ev, err)
	}
	do := func(method, path, body string) int {
		t.Helper()
		req, _ := http.NewRequest(method, fake.URL+path, bytes.NewReader([]byte(body)))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	hook := "/api/v10/webhooks/" + fake.AppID() + "/" + tok + "/messages/@original"
	callback := "/api/v10/interactions/" + ev.D.ID + "/" + tok + "/callback"
	steps := []struct {
		method, path, body string
		status             int
	}{
		{"PATCH", hook, `{"content":"early"}`, 404},
		{"POST", "/api/v10/interactions/1/" + tok + "/callback", `{"type":4,"data":{"content":"x"}}`, 404},
		{"POST", callback, `{"type":4,"data":{"content":"` + strings.Repeat("a", 2001) + `"}}`, 400},
		{"POST", callback, `{"type":5}`, 204},
		{"POST", callback, `{"type":4,"data":{"content":"again"}}`, 400},
		{"PATCH", hook, `{"content":"done"}`, 200},
		{"PUT", "/api/v10/applications/" + fake.AppID() + "/commands", `[]`, 401},
	}
	for _, s := range steps {
		if got := do(s.method, s.path, s.body); got != s.status {
			t.Errorf("%s %s: %d, want %d", s.method, s.path, got, s.status)
		}
	}
	if p := fake.Problems(); len(p) != 5 {
		t.Errorf("problems %q, want 5", p)
	}
}
