package fakediscord_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/alea-bot/alea/internal/fakediscord"
)

// The fake keeps the channel's messages as Discord would: a response
// makes one, an update edits the pressed one, a follow-up makes another
// (its id in the answer), and the webhook or the bot token removes one;
// an ephemeral message is nobody's channel message.
func TestFakeKeepsTheChannelsMessages(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: "tok"})
	app := fake.AppID()
	call := func(method, path, auth string, body any) (int, map[string]any) {
		t.Helper()
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, fake.URL+"/api/v10"+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	_, tok := fake.HTTPInteraction(fakediscord.Interaction{Type: 2, Data: map[string]any{"name": "x"}})
	fake.AnsweredOverHTTP(t, tok, []byte(`{"type":4,"data":{"content":"board"}}`))
	ms := fake.Messages("43")
	if len(ms) != 1 || ms[0].Text() != `{"content":"board","embeds":null}` {
		t.Fatalf("after the response: %+v", ms)
	}
	board := ms[0].Object()

	_, tok = fake.HTTPInteraction(fakediscord.Interaction{Type: 3, Data: map[string]any{"custom_id": "p"}, Message: board})
	fake.AnsweredOverHTTP(t, tok, []byte(`{"type":7,"data":{"content":"board 2"}}`))
	status, ping := call("POST", "/webhooks/"+app+"/"+tok, "", map[string]any{"content": "ping"})
	if status != 200 || ping["id"] == nil {
		t.Fatalf("follow-up: %d %v", status, ping)
	}
	call("POST", "/webhooks/"+app+"/"+tok, "", map[string]any{"content": "secret", "flags": 64})
	ms = fake.Messages("43")
	if len(ms) != 2 || ms[0].ID != board["id"] || ms[0].Text() != `{"content":"board 2","embeds":null}` || ms[1].ID != ping["id"] {
		t.Fatalf("after the update and the follow-ups: %+v", ms)
	}
	if status, _ := call("DELETE", "/webhooks/"+app+"/"+tok+"/messages/"+ping["id"].(string), "", nil); status != 204 {
		t.Fatalf("removing the ping through the webhook: %d", status)
	}
	if status, _ := call("DELETE", "/webhooks/"+app+"/"+tok+"/messages/"+ping["id"].(string), "", nil); status != 404 {
		t.Fatalf("removing it twice: %d", status)
	}
	if status, _ := call("DELETE", "/channels/43/messages/"+board["id"].(string), "", nil); status != 401 {
		t.Fatalf("removing without the bot token: %d", status)
	}
	if status, _ := call("DELETE", "/channels/43/messages/"+board["id"].(string), "Bot tok", nil); status != 204 {
		t.Fatalf("removing with the bot token: %d", status)
	}
	if ms = fake.Messages("43"); len(ms) != 0 {
		t.Fatalf("messages left: %+v", ms)
	}
}
