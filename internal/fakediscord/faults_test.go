package fakediscord_test

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/alea-bot/alea/internal/fakediscord"
)

// get sends GET route with the bot token and returns the status, the
// Retry-After header and the body.
func get(t *testing.T, fake *fakediscord.Server, route, token string) (int, string, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, fake.URL+"/api/v10"+route, nil)
	req.Header.Set("Authorization", "Bot "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Retry-After"), b
}

// Injected REST faults answer the matching calls, in order, as many times
// as asked, then the route is served again; Revoke refuses the token on
// REST (401) and on the gateway (4004).
func TestFakeFaults(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: "tok"})
	fake.InjectREST(fakediscord.Fault{Route: "/applications/@me", Status: 429, RetryAfter: 1500 * time.Millisecond})
	fake.InjectREST(fakediscord.Fault{Route: "/applications/@me", Status: 500, Times: 2})
	fake.InjectREST(fakediscord.Fault{Method: http.MethodPut, Status: 502}) // another method: untouched by GETs
	var statuses []int
	for range 4 {
		status, retryAfter, body := get(t, fake, "/applications/@me", "tok")
		statuses = append(statuses, status)
		if status == 429 {
			var rl struct {
				RetryAfter float64 `json:"retry_after"`
			}
			if retryAfter != "1.5" || json.Unmarshal(body, &rl) != nil || rl.RetryAfter != 1.5 {
				t.Errorf("429 with Retry-After %q and body %s", retryAfter, body)
			}
		}
	}
	if want := []int{429, 500, 500, 200}; !slices.Equal(statuses, want) {
		t.Errorf("statuses %v, want %v", statuses, want)
	}
	if status, _, body := get(t, fake, "/oauth2/applications/@me", "tok"); status != 200 || !json.Valid(body) {
		t.Errorf("/oauth2/applications/@me: %d %s", status, body)
	}

	fake.Revoke()
	if status, _, _ := get(t, fake, "/applications/@me", "tok"); status != 401 {
		t.Errorf("revoked token on REST: %d, want 401", status)
	}
	ws, _, err := websocket.DefaultDialer.Dial(fake.GatewayURL()+"/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	var hello map[string]any
	if err := ws.ReadJSON(&hello); err != nil {
		t.Fatal(err)
	}
	_ = ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot tok", "intents": 0}})
	var f map[string]any
	err = ws.ReadJSON(&f)
	if ce, ok := err.(*websocket.CloseError); !ok || ce.Code != 4004 {
		t.Errorf("revoked token on the gateway: %v, want close 4004", err)
	}
}

// InvalidSessions answers IDENTIFY with op 9 (not resumable) that many
// times; the next IDENTIFY on the same connection gets READY.
func TestFakeInvalidSession(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: "tok"})
	fake.InjectGateway(fakediscord.GatewayFaults{InvalidSessions: 1})
	ws, _, err := websocket.DefaultDialer.Dial(fake.GatewayURL()+"/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	var hello map[string]any
	if err := ws.ReadJSON(&hello); err != nil {
		t.Fatal(err)
	}
	identify := map[string]any{"op": 2, "d": map[string]any{"token": "Bot tok", "intents": 0}}
	for i, want := range []string{"op 9", "READY"} {
		if err := ws.WriteJSON(identify); err != nil {
			t.Fatal(err)
		}
		var f struct {
			Op int             `json:"op"`
			T  string          `json:"t"`
			D  json.RawMessage `json:"d"`
		}
		if err := ws.ReadJSON(&f); err != nil {
			t.Fatal(err)
		}
		got := f.T
		if f.Op == 9 {
			got = "op 9"
			if string(f.D) != "false" {
				t.Errorf("op 9 with d=%s, want false (not resumable)", f.D)
			}
		}
		if got != want {
			t.Errorf("IDENTIFY %d answered %s, want %s", i+1, got, want)
		}
	}
	if st := fake.AwaitReady(t, 1); st.Invalidated != 1 || st.Identifies != 1 {
		t.Errorf("stats %+v", st)
	}
}

// dialHello opens a gateway connection and reads HELLO.
func dialHello(t *testing.T, fake *fakediscord.Server) *websocket.Conn {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(fake.GatewayURL()+"/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	var hello map[string]any
	if err := ws.ReadJSON(&hello); err != nil {
		t.Fatal(err)
	}
	return ws
}

// CloseCode closes IDENTIFY and RESUME with the code injected.
func TestFakeCloseCode(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: "tok"})
	fake.InjectGateway(fakediscord.GatewayFaults{CloseCode: 4014})
	for _, op := range []map[string]any{
		{"op": 2, "d": map[string]any{"token": "Bot tok", "intents": 0}},
		{"op": 6, "d": map[string]any{"token": "Bot tok", "session_id": "x", "seq": 0}},
	} {
		ws := dialHello(t, fake)
		_ = ws.WriteJSON(op)
		var f map[string]any
		err := ws.ReadJSON(&f)
		if ce, ok := err.(*websocket.CloseError); !ok || ce.Code != 4014 {
			t.Errorf("op %v: %v, want close 4014", op["op"], err)
		}
	}
	if st := fake.Stats(); st.Received != 1 || st.Identifies != 0 {
		t.Errorf("stats %+v: want 1 IDENTIFY received, none accepted", st)
	}
}

// SessionStarts is what GET /gateway/bot reports; every IDENTIFY spends
// one, and those beyond the budget are counted.
func TestFakeSessionStarts(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: "tok"})
	fake.InjectGateway(fakediscord.GatewayFaults{SessionStarts: &fakediscord.SessionStarts{Total: 1000, Remaining: 1, ResetAfter: 90 * time.Second, MaxConcurrency: 1}})
	limit := func() (remaining, resetAfter int) {
		_, _, body := get(t, fake, "/gateway/bot", "tok")
		var b struct {
			Limit struct {
				Remaining  int `json:"remaining"`
				ResetAfter int `json:"reset_after"`
			} `json:"session_start_limit"`
		}
		if err := json.Unmarshal(body, &b); err != nil {
			t.Fatalf("GET /gateway/bot: %s", body)
		}
		return b.Limit.Remaining, b.Limit.ResetAfter
	}
	if r, after := limit(); r != 1 || after != 90000 {
		t.Errorf("remaining %d, reset_after %d; want 1 and 90000", r, after)
	}
	for range 2 {
		ws := dialHello(t, fake)
		_ = ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot tok", "intents": 0}})
		var f map[string]any
		if err := ws.ReadJSON(&f); err != nil {
			t.Fatal(err)
		}
	}
	if r, _ := limit(); r != 0 {
		t.Errorf("remaining %d after the budget was spent, want 0", r)
	}
	if st := fake.Stats(); st.Received != 2 || st.OverBudget != 1 {
		t.Errorf("stats %+v: want 2 IDENTIFYs, 1 over the budget", st)
	}
}
