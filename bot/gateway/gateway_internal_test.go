package gateway

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestRedact(t *testing.T) {
	const tok = "MTk.Gx.secret"
	cases := map[string]string{
		`Post "https://discord.com/api/v9/interactions/123/aW50ZXJhY3Rpb246MTIz:abc/callback": EOF`: `Post "https://discord.com/api/v9/interactions/123/…/callback": EOF`,
		`PATCH http://127.0.0.1:1/api/v10/webhooks/99/tok-en_1/messages/@original`:                  `PATCH http://127.0.0.1:1/api/v10/webhooks/99/…/messages/@original`,
		"authorization Bot " + tok:                    "authorization Bot [redacted]",
		"GET https://discord.com/api/v9/gateway: 502": "GET https://discord.com/api/v9/gateway: 502",
	}
	for in, want := range cases {
		if got := redact(in, tok); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAPIBaseTransport sends discordgo-style URLs through the transport:
// discord.com goes to the base, path and query kept; other hosts pass.
func TestAPIBaseTransport(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Host+" "+r.URL.RequestURI())
	}))
	defer srv.Close()
	base, _ := url.Parse(srv.URL)
	var passed []string
	next := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		if r.URL.Host != base.Host {
			passed = append(passed, r.URL.String())
			return &http.Response{StatusCode: 204, Body: io.NopCloser(strings.NewReader("")), Request: r}, nil
		}
		return http.DefaultTransport.RoundTrip(r)
	})
	c := &http.Client{Transport: &apiBaseTransport{base: base, next: next}}
	for _, u := range []string{"https://discord.com/api/v9/gateway", "https://discord.com/api/v9/applications/1/commands?with_localizations=true",
		"https://cdn.discordapp.com/avatars/1/2.png"} {
		resp, err := c.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	want := []string{base.Host + " /api/v9/gateway", base.Host + " /api/v9/applications/1/commands?with_localizations=true"}
	if strings.Join(got, "|") != strings.Join(want, "|") || len(passed) != 1 {
		t.Fatalf("base got %q (want %q); passed on %q", got, want, passed)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestGatewayRecoversHandlerPanics makes the interaction handler panic (a
// gateway without a dispatcher): the panic is logged with its stack and
// the user gets a bare ephemeral error through the callback.
func TestGatewayRecoversHandlerPanics(t *testing.T) {
	got := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- r.Method + " " + r.URL.Path + " " + string(b)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	var logs strings.Builder
	g, err := New(nil, Options{Token: "tok", APIBase: srv.URL, Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	g.onEvent(g.session, &discordgo.Event{Type: "INTERACTION_CREATE", RawData: []byte(`{"id":"1","application_id":"2","token":"t0k",
		"type":2,"user":{"id":"5","username":"ann"},"data":{"name":"help"}}`)})
	call := <-got
	if !strings.HasPrefix(call, "POST /api/v"+discordgo.APIVersion+"/interactions/1/t0k/callback ") || !strings.Contains(call, `"flags":64`) || !strings.Contains(call, "💥") {
		t.Errorf("callback %s", call)
	}
	if !strings.Contains(logs.String(), `"msg":"panic in the gateway"`) || !strings.Contains(logs.String(), `"stack":"goroutine`) {
		t.Errorf("log %s", logs.String())
	}
}
