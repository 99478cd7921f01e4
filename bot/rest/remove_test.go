package rest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
)

// Remove deletes a message through the interaction's webhook; when
// Discord refuses that, with the bot token through the channel — only
// where Alea is in the server and the client has the token; a message
// neither removes is left, never an error; ids that are not Discord ids
// are not sent.
func TestRemove(t *testing.T) {
	var mu sync.Mutex
	var calls []string
	webhook := http.StatusNoContent
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls = append(calls, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
		status := webhook
		mu.Unlock()
		if strings.Contains(r.URL.Path, "/channels/") {
			status = http.StatusNoContent
		}
		w.WriteHeader(status)
	}))
	defer srv.Close()
	ref := Ref{ID: "9", AppID: "1", Token: "tok"}
	inServer := &commands.Request{GuildID: "42", ChannelID: "43"}
	userInstall := &commands.Request{GuildID: "42", ChannelID: "43", UserInstalled: true}
	run := func(c *Client, req *commands.Request, ids ...string) []string {
		mu.Lock()
		calls = nil
		mu.Unlock()
		c.Remove(context.Background(), ref, req, &commands.Reply{Remove: ids})
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), calls...)
	}
	plain := NewClient(srv.URL, http.DefaultClient, "test", nil).WithClock(&fakeClock{now: time.Now()})
	withToken := NewClient(srv.URL, http.DefaultClient, "test", nil).WithClock(&fakeClock{now: time.Now()}).WithBotToken("bot-token")
	if got := run(withToken, inServer, "300", "not an id", ""); len(got) != 1 || got[0] != "DELETE /api/v9/webhooks/1/tok/messages/300 " {
		t.Errorf("through the webhook: %q", got)
	}
	mu.Lock()
	webhook = http.StatusNotFound
	mu.Unlock()
	if got := run(withToken, inServer, "300"); len(got) != 2 || got[1] != "DELETE /api/v9/channels/43/messages/300 Bot bot-token" {
		t.Errorf("refused by the webhook, in a server with Alea: %q", got)
	}
	if got := run(withToken, userInstall, "300"); len(got) != 1 {
		t.Errorf("refused by the webhook, a user install: %q", got)
	}
	if got := run(plain, inServer, "300"); len(got) != 1 {
		t.Errorf("refused by the webhook, no bot token: %q", got)
	}
}
