package playground_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/playground"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// pgFixture is a playground on loopback over a test registry.
type pgFixture struct {
	t   *testing.T
	srv *httptest.Server
	seq atomic.Int64
}

// playgroundRegistry is testRegistry with what it lacks: a select menu,
// an ephemeral reply, a button that opens a modal.
func playgroundRegistry(hold *bottest.Hold) *commands.Registry {
	reg := bottest.Commands(hold)
	reg.Add(&commands.Command{
		Name:        commands.T("pick", "고르기", "選ぶ"),
		Description: commands.T("A select menu", "선택 메뉴", "選択メニュー"),
		Options: []commands.Option{{Name: commands.T("secret", "", ""), Description: commands.T("answer privately", "", ""),
			Type: commands.Boolean}},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "pick one", Ephemeral: req.Options.Bool("secret", false),
				Components: []commands.ActionRow{{{Kind: commands.SelectMenu, CustomID: "pick/1/menu", Placeholder: "fruit",
					MinValues: 1, MaxValues: 2, Options: []commands.SelectOption{{Label: "Apple", Value: "apple"}, {Label: "Pear", Value: "pear"}}}}}}, nil
		},
		Routes: []commands.Route{{Pattern: "pick/1/menu", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "picked " + strings.Join(req.Values, "+")}, nil
		}}},
	})
	reg.Add(&commands.Command{
		Name:        commands.T("panel", "", ""),
		Description: commands.T("Buttons of the test commands", "", ""),
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "panel", Components: []commands.ActionRow{{
				{Kind: commands.Button, CustomID: "slow/update", Label: "slow update", Style: commands.Primary},
				{Kind: commands.Button, CustomID: "slow/new", Label: "slow new", Style: commands.Primary},
				{Kind: commands.Button, CustomID: "echo/form", Label: "form", Style: commands.Primary},
				{Kind: commands.Button, Style: commands.Link, URL: "https://example.com", Label: "link"},
			}}}, nil
		},
	})
	reg.Add(&commands.Command{
		Name:        commands.T("ask", "", ""),
		Description: commands.T("A button that opens a form", "", ""),
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "fill in the form",
				Components: []commands.ActionRow{{{Kind: commands.Button, CustomID: "echo/form", Label: "Open the form", Style: commands.Success}}}}, nil
		},
	})
	return reg
}

func newPlayground(t *testing.T, reg *commands.Registry, o bottest.Limits, po playground.Options) *pgFixture {
	t.Helper()
	d, err := bot.NewDispatcher(reg, o.Options())
	if err != nil {
		t.Fatal(err)
	}
	pg, err := playground.New(d, po)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(pg) // 127.0.0.1
	t.Cleanup(func() {
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), bottest.Wait)
		defer cancel()
		_ = d.Close(ctx)
	})
	return &pgFixture{t: t, srv: srv}
}

// interaction is the JSON the page posts (Discord's shape), with a fresh
// token, and that token.
func (f *pgFixture) interaction(typ int, locale string, data any) ([]byte, string) {
	return f.interactionOn(nil, typ, locale, data)
}

// shown is the message the page shows for the message response b, as it
// sends it back with a press: Discord's message fields (content, embeds,
// components) with the id and edit stamp the playground gave it.
func shown(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var r struct {
		Data    map[string]any `json:"data"`
		Message struct {
			ID       string `json:"id"`
			EditedAt string `json:"edited_timestamp"`
		} `json:"message"`
	}
	if err := json.Unmarshal(b, &r); err != nil || r.Data == nil || r.Message.ID == "" || r.Message.EditedAt == "" {
		t.Fatalf("not a message response with its id and stamp: %v %s", err, b)
	}
	m := r.Data
	m["id"], m["edited_timestamp"], m["channel_id"] = r.Message.ID, r.Message.EditedAt, "2"
	return m
}

// interactionOn is interaction with the message it was used on (a
// component's), as the page sends it.
func (f *pgFixture) interactionOn(msg map[string]any, typ int, locale string, data any) ([]byte, string) {
	n := f.seq.Add(1)
	token := fmt.Sprintf("pg-%d_x", n)
	m := map[string]any{"id": fmt.Sprint(700000 + n), "application_id": "1", "type": typ, "token": token,
		"version": 1, "locale": locale, "channel_id": "2",
		"user": map[string]any{"id": fmt.Sprint(6000 + n), "username": "you", "global_name": "You"}}
	if data != nil {
		m["data"] = data
	}
	if msg != nil {
		m["message"] = msg
	}
	b, err := json.Marshal(m)
	if err != nil {
		f.t.Fatal(err)
	}
	return b, token
}

func (f *pgFixture) post(body []byte) (int, []byte) {
	f.t.Helper()
	resp, err := bottest.Client().Post(f.srv.URL+"/api/interactions", "application/json", bytes.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (f *pgFixture) get(path string) (*http.Response, []byte) {
	f.t.Helper()
	resp, err := bottest.Client().Get(f.srv.URL + path)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// decode reads a 200 interaction response and checks Discord's limits.
func (f *pgFixture) decode(status int, b []byte) bottest.Response {
	f.t.Helper()
	if status != http.StatusOK {
		f.t.Fatalf("status %d: %s", status, b)
	}
	var r bottest.Response
	if err := json.Unmarshal(b, &r); err != nil {
		f.t.Fatalf("response %s: %v", b, err)
	}
	if err := fakediscord.CheckPayload(b, true, nil); err != nil {
		f.t.Fatalf("response breaks a Discord limit: %v\n%s", err, b)
	}
	return r
}

// awaitReply fetches a deferred reply, asking again on 204.
func (f *pgFixture) awaitReply(token string) bottest.Response {
	f.t.Helper()
	deadline := time.Now().Add(bottest.Wait)
	for time.Now().Before(deadline) {
		resp, b := f.get("/api/interactions/" + token + "/reply")
		if resp.StatusCode == http.StatusNoContent {
			continue
		}
		return f.decode(resp.StatusCode, b)
	}
	f.t.Fatalf("no deferred reply for %s", token)
	return bottest.Response{}
}

func noLimits() bottest.Limits { return bottest.Limits{} }

func TestPlaygroundServesThePageAndTheDefinitions(t *testing.T) {
	f := newPlayground(t, playgroundRegistry(nil), noLimits(), playground.Options{})
	resp, page := f.get("/")
	if resp.StatusCode != 200 || !strings.Contains(string(page), `<script src="app.js"`) || !strings.Contains(string(page), `id="input"`) {
		t.Fatalf("page: %d %s", resp.StatusCode, page)
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("no content security policy: %q", csp)
	}
	for _, asset := range []string{"/app.js", "/app.css"} {
		resp, b := f.get(asset)
		if resp.StatusCode != 200 || len(b) < 1000 {
			t.Errorf("%s: %d, %d bytes", asset, resp.StatusCode, len(b))
		}
		// No CDN: the page loads nothing from elsewhere.
		if bytes.Contains(b, []byte("https://cdn")) || bytes.Contains(b, []byte("//unpkg")) {
			t.Errorf("%s refers to a CDN", asset)
		}
	}
	resp, b := f.get("/api/commands")
	var defs []struct {
		Name              string            `json:"name"`
		NameLocalizations map[string]string `json:"name_localizations"`
		Options           []struct {
			Name         string `json:"name"`
			Autocomplete bool   `json:"autocomplete"`
		} `json:"options"`
	}
	if err := json.Unmarshal(b, &defs); err != nil || resp.StatusCode != 200 {
		t.Fatalf("definitions: %d %v %s", resp.StatusCode, err, b)
	}
	var names []string
	for _, d := range defs {
		names = append(names, d.Name)
	}
	if strings.Join(names, " ") != "echo slow file boom pick panel ask" || defs[4].NameLocalizations["ko"] != "고르기" || !defs[0].Options[0].Autocomplete {
		t.Fatalf("definitions: %s", b)
	}
	if resp, _ := f.get("/nope.js"); resp.StatusCode != 404 {
		t.Errorf("unknown asset: %d", resp.StatusCode)
	}
}

func TestPlaygroundAnswersEveryKind(t *testing.T) {
	f := newPlayground(t, playgroundRegistry(nil), noLimits(), playground.Options{})
	// PING.
	if status, b := f.post([]byte(`{"id":"1","type":1,"token":"t"}`)); status != 200 || string(b) != `{"type":1}` {
		t.Fatalf("ping: %d %s", status, b)
	}
	// A slash command, in Korean.
	body, _ := f.interaction(2, "ko", bottest.CommandData("echo",
		map[string]any{"name": "text", "type": 3, "value": "hi"}, map[string]any{"name": "n", "type": 4, "value": 3}))
	status, echoed := f.post(body)
	r := f.decode(status, echoed)
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Content != "hi×3" || m.Flags != 0 {
		t.Fatalf("command: type %d %s", r.Type, r.Data)
	}
	// A missing option: the router's ephemeral rejection, in Korean.
	body, _ = f.interaction(2, "ko", bottest.CommandData("echo", map[string]any{"name": "n", "type": 4, "value": 3}))
	r = f.decode(f.post(body))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Flags&64 == 0 || !strings.Contains(m.Content, "옵션이 필요합니다") {
		t.Fatalf("rejection: type %d %s", r.Type, r.Data)
	}
	// Autocomplete (type 4), in Japanese.
	body, _ = f.interaction(4, "ja", bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "he", "focused": true}))
	r = f.decode(f.post(body))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 8 || len(m.Choices) != 1 || m.Choices[0].Name != "こんにちは" || m.Choices[0].Value != "hello" {
		t.Fatalf("autocomplete: type %d %s", r.Type, r.Data)
	}
	// Autocomplete of an option without suggestions: an empty array.
	body, _ = f.interaction(4, "en", bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "x", "focused": true}))
	if status, b := f.post(body); status != 200 || string(b) != `{"type":8,"data":{"choices":[]}}` {
		t.Fatalf("autocomplete without a handler: %d %s", status, b)
	}
	// A button that updates its message.
	body, _ = f.interactionOn(shown(t, echoed), 3, "en", map[string]any{"custom_id": "echo/1/again", "component_type": 2})
	r = f.decode(f.post(body))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 7 || m.Content != "clicked again" {
		t.Fatalf("button: type %d %s", r.Type, r.Data)
	}
	// A select menu: the command shows it, choosing answers.
	body, _ = f.interaction(2, "en", bottest.CommandData("pick"))
	status, picker := f.post(body)
	r = f.decode(status, picker)
	var menu struct {
		Components []struct {
			Components []struct {
				Type      int    `json:"type"`
				CustomID  string `json:"custom_id"`
				MaxValues int    `json:"max_values"`
			} `json:"components"`
		} `json:"components"`
	}
	if err := json.Unmarshal(r.Data, &menu); err != nil || len(menu.Components) != 1 || menu.Components[0].Components[0].Type != 3 ||
		menu.Components[0].Components[0].CustomID != "pick/1/menu" || menu.Components[0].Components[0].MaxValues != 2 {
		t.Fatalf("select menu: %v %s", err, r.Data)
	}
	body, _ = f.interactionOn(shown(t, picker), 3, "en", map[string]any{"custom_id": "pick/1/menu", "component_type": 3, "values": []string{"pear", "apple"}})
	r = f.decode(f.post(body))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Content != "picked pear+apple" {
		t.Fatalf("select: type %d %s", r.Type, r.Data)
	}
	// A button that opens a modal, and the modal's submission.
	body, _ = f.interaction(2, "en", bottest.CommandData("panel"))
	status, panel := f.post(body)
	f.decode(status, panel)
	body, _ = f.interactionOn(shown(t, panel), 3, "en", map[string]any{"custom_id": "echo/form", "component_type": 2})
	r = f.decode(f.post(body))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 9 || m.Title != "Say" || !strings.Contains(string(r.Data), `"custom_id":"say"`) {
		t.Fatalf("modal: type %d %s", r.Type, r.Data)
	}
	body, _ = f.interaction(5, "en", map[string]any{"custom_id": "echo/sent", "components": []any{
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 4, "custom_id": "say", "value": "ok"}}}}})
	r = f.decode(f.post(body))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Content != "you said ok" {
		t.Fatalf("modal submit: type %d %s", r.Type, r.Data)
	}
	// The ephemeral flag passes through, and only when asked for.
	body, _ = f.interaction(2, "en", bottest.CommandData("pick", map[string]any{"name": "secret", "type": 5, "value": true}))
	r = f.decode(f.post(body))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Flags != 64 || m.Content != "pick one" {
		t.Fatalf("ephemeral: type %d %s", r.Type, r.Data)
	}
	// An unknown command: an ephemeral hint, not an HTTP error.
	body, _ = f.interaction(2, "en", bottest.CommandData("nope"))
	r = f.decode(f.post(body))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Flags&64 == 0 || !strings.Contains(m.Content, "/help") {
		t.Fatalf("unknown command: type %d %s", r.Type, r.Data)
	}
	// A panic in a handler: an ephemeral error, and serving goes on.
	body, _ = f.interaction(2, "en", bottest.CommandData("boom"))
	r = f.decode(f.post(body))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Flags&64 == 0 || !strings.Contains(m.Content, "💥") {
		t.Fatalf("panic: type %d %s", r.Type, r.Data)
	}
}

// attachment is what the page reads of data.attachments.
type attachment struct {
	Filename    string `json:"filename"`
	URL         string `json:"url"`
	ContentType string `json:"content_type"`
	Size        int    `json:"size"`
}

type filesMessage struct {
	Attachments []attachment `json:"attachments"`
	Embeds      []struct {
		Image struct {
			URL string `json:"url"`
		} `json:"image"`
	} `json:"embeds"`
}

func TestPlaygroundServesAttachments(t *testing.T) {
	f := newPlayground(t, playgroundRegistry(nil), noLimits(), playground.Options{})
	body, _ := f.interaction(2, "en", bottest.CommandData("file"))
	r := f.decode(f.post(body))
	var m filesMessage
	if err := json.Unmarshal(r.Data, &m); err != nil || r.Type != 4 || len(m.Attachments) != 1 || len(m.Embeds) != 1 {
		t.Fatalf("files: %v type %d %s", err, r.Type, r.Data)
	}
	a := m.Attachments[0]
	if a.Filename != "a.png" || a.ContentType != "image/png" || a.Size != 4 || !strings.HasPrefix(a.URL, "/api/files/") || !strings.HasSuffix(a.URL, "/a.png") {
		t.Fatalf("attachment: %+v", a)
	}
	// The embed's attachment://a.png points at the same file.
	if m.Embeds[0].Image.URL != a.URL {
		t.Fatalf("embed image %q, attachment %q", m.Embeds[0].Image.URL, a.URL)
	}
	resp, b := f.get(a.URL)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" || !bytes.Equal(b, []byte{0x89, 'P', 'N', 'G'}) {
		t.Fatalf("download: %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
	// Another name, or an id never given, is not found.
	if resp, _ := f.get(strings.TrimSuffix(a.URL, "a.png") + "b.png"); resp.StatusCode != 404 {
		t.Errorf("wrong name: %d", resp.StatusCode)
	}
	if resp, _ := f.get("/api/files/00000000000000000000000000000000/a.png"); resp.StatusCode != 404 {
		t.Errorf("unknown id: %d", resp.StatusCode)
	}
}

func TestPlaygroundFileStoreIsBounded(t *testing.T) {
	// Each reply of /file stores 4 bytes; a bound of 10 bytes keeps the
	// two newest.
	f := newPlayground(t, playgroundRegistry(nil), noLimits(), playground.Options{MaxFileBytes: 10})
	var urls []string
	for i := 0; i < 4; i++ {
		body, _ := f.interaction(2, "en", bottest.CommandData("file"))
		r := f.decode(f.post(body))
		var m filesMessage
		if err := json.Unmarshal(r.Data, &m); err != nil || len(m.Attachments) != 1 {
			t.Fatalf("files: %v %s", err, r.Data)
		}
		urls = append(urls, m.Attachments[0].URL)
	}
	for i, u := range urls {
		resp, _ := f.get(u)
		if want := map[bool]int{true: 200, false: 404}[i >= 2]; resp.StatusCode != want {
			t.Errorf("file %d: status %d, want %d", i, resp.StatusCode, want)
		}
	}
}

func TestPlaygroundDeferredRepliesReachThePage(t *testing.T) {
	cases := []struct {
		name     string
		typ      int
		data     map[string]any
		ack      int    // the POST's response type
		final    int    // the reply's type
		content  string // the reply's content
		flags    int
		filename string
	}{
		{"command", 2, bottest.CommandData("slow"), 5, 4, "done", 0, ""},
		{"ephemeral command", 2, bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "private"}), 5, 4, "done", 64, ""},
		{"command with a file", 2, bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "file"}), 5, 4, "done", 0, "sheet.txt"},
		{"button that updates", 3, map[string]any{"custom_id": "slow/update", "component_type": 2}, 6, 7, "slow update", 0, ""},
		{"button that follows up", 3, map[string]any{"custom_id": "slow/new", "component_type": 2}, 6, 4, "slow new", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hold := bottest.NewHold()
			o := noLimits()
			o.DeferWhen = hold.DeferWhen
			f := newPlayground(t, playgroundRegistry(hold), o, playground.Options{ReplyWait: 30 * time.Millisecond})
			var on map[string]any
			if c.typ == 3 {
				panel, _ := f.interaction(2, "en", bottest.CommandData("panel"))
				status, b := f.post(panel)
				f.decode(status, b)
				on = shown(t, b)
			}
			body, token := f.interactionOn(on, c.typ, "en", c.data)
			status, b := f.post(body)
			if status != 200 {
				t.Fatalf("status %d: %s", status, b)
			}
			var ack bottest.Response
			if err := json.Unmarshal(b, &ack); err != nil || ack.Type != c.ack {
				t.Fatalf("acknowledgement: %v %s", err, b)
			}
			// Not ready yet: 204, ask again.
			if resp, b := f.get("/api/interactions/" + token + "/reply"); resp.StatusCode != http.StatusNoContent {
				t.Fatalf("before the reply: %d %s", resp.StatusCode, b)
			}
			hold.Release()
			r := f.awaitReply(token)
			m := bottest.DecodeMessage(t, r.Data)
			if r.Type != c.final || m.Content != c.content || m.Flags != c.flags {
				t.Fatalf("reply: type %d %s", r.Type, r.Data)
			}
			if c.filename != "" {
				var fm filesMessage
				if err := json.Unmarshal(r.Data, &fm); err != nil || len(fm.Attachments) != 1 || fm.Attachments[0].Filename != c.filename {
					t.Fatalf("file: %v %s", err, r.Data)
				}
				if resp, b := f.get(fm.Attachments[0].URL); resp.StatusCode != 200 || string(b) != "one two" {
					t.Fatalf("download: %d %q", resp.StatusCode, b)
				}
			}
			// Fetched once: then it is gone.
			if resp, _ := f.get("/api/interactions/" + token + "/reply"); resp.StatusCode != http.StatusNotFound {
				t.Fatalf("second fetch: %d", resp.StatusCode)
			}
		})
	}
}

func TestPlaygroundRefusesBadRequests(t *testing.T) {
	f := newPlayground(t, playgroundRegistry(nil), noLimits(), playground.Options{MaxBody: 4 << 10})
	valid, _ := f.interaction(2, "en", bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "x"}))
	for _, c := range []struct {
		name   string
		body   string
		status int
	}{
		{"not JSON", `{"type":2,`, 400},
		{"not an object", `[1,2]`, 400},
		{"unknown type", `{"type":99,"token":"t","data":{}}`, 400},
		{"no token", strings.Replace(string(valid), `"token":"`, `"tok":"`, 1), 400},
		{"token with a slash", strings.Replace(string(valid), `"token":"`, `"token":"a/`, 1), 400},
		{"huge", `{"type":2,"token":"t","data":{"name":"echo","options":[{"name":"text","type":3,"value":"` + strings.Repeat("x", 5<<10) + `"}]}}`, 413},
	} {
		status, b := f.post([]byte(c.body))
		if status != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, status, c.status, b)
		}
	}
	// A huge body without Content-Length is cut off while read.
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write([]byte(`{"type":2,"token":"t","data":{"name":"`))
		for i := 0; i < 64; i++ {
			if _, err := pw.Write(bytes.Repeat([]byte("x"), 1<<10)); err != nil {
				break
			}
		}
		_ = pw.Close()
	}()
	req, _ := http.NewRequest(http.MethodPost, f.srv.URL+"/api/interactions", pr)
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = -1
	resp, err := bottest.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	_ = pr.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked huge body: %d", resp.StatusCode)
	}
	// Wrong method, unknown reply token.
	if resp, _ := f.get("/api/interactions"); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/interactions: %d", resp.StatusCode)
	}
	if resp, _ := f.get("/api/interactions/never/reply"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown token: %d", resp.StatusCode)
	}
	// And the playground still answers.
	if r := f.decode(f.post(valid)); r.Type != 4 {
		t.Fatalf("after the refusals: %d", r.Type)
	}
}

// TestPlaygroundChecksThePressedMessage checks what Discord checks of a
// press: the custom_id must be on the message it claims to come from, as
// the playground rendered it; and that the handler receives the message.
func TestPlaygroundChecksThePressedMessage(t *testing.T) {
	reg := playgroundRegistry(nil)
	var got *commands.Message
	reg.Add(&commands.Command{
		Name: commands.T("peek", "", ""), Description: commands.T("Shows the message it was pressed on", "", ""),
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "peek", Embeds: []commands.Embed{{Title: "t", Description: "d"}},
				Components: []commands.ActionRow{{{Kind: commands.Button, CustomID: "peek/1", Label: "peek", Style: commands.Primary}}}}, nil
		},
		Routes: []commands.Route{{Pattern: "peek/{n}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			got = req.Message
			return &commands.Reply{Content: "peeked", Update: true,
				Components: []commands.ActionRow{{{Kind: commands.Button, CustomID: "peek/2", Label: "again", Style: commands.Primary}}}}, nil
		}}},
	})
	now := time.Date(2026, 11, 23, 16, 0, 0, 0, time.UTC)
	clock := func() time.Time { now = now.Add(time.Second); return now }
	f := newPlayground(t, reg, noLimits(), playground.Options{Now: clock})
	body, _ := f.interaction(2, "en", bottest.CommandData("peek"))
	status, b := f.post(body)
	f.decode(status, b)
	first := shown(t, b)

	// A forged custom_id on a real message: refused like Discord.
	body, _ = f.interactionOn(first, 3, "en", map[string]any{"custom_id": "peek/9", "component_type": 2})
	if status, b := f.post(body); status != http.StatusForbidden {
		t.Errorf("forged custom_id: %d %s", status, b)
	}
	// A message the playground never rendered: run the command again.
	forged := map[string]any{}
	for k, v := range first {
		forged[k] = v
	}
	forged["id"] = "00000000000000000000000000000000"
	body, _ = f.interactionOn(forged, 3, "ko", map[string]any{"custom_id": "peek/1", "component_type": 2})
	if r := f.decode(f.post(body)); r.Type != 4 || !strings.Contains(bottest.DecodeMessage(t, r.Data).Content, "명령어를 다시 실행") || got != nil {
		t.Errorf("unknown message: %d %s", r.Type, r.Data)
	}
	// No message at all.
	body, _ = f.interaction(3, "en", map[string]any{"custom_id": "peek/1", "component_type": 2})
	if status, b := f.post(body); status != http.StatusBadRequest {
		t.Errorf("no message: %d %s", status, b)
	}

	// The real press: the handler sees the message as rendered and stamped.
	body, _ = f.interactionOn(first, 3, "en", map[string]any{"custom_id": "peek/1", "component_type": 2})
	status, b = f.post(body)
	if r := f.decode(status, b); r.Type != 7 {
		t.Fatalf("press: %d %s", r.Type, r.Data)
	}
	if got == nil || got.ID != first["id"] || got.Content != "peek" || len(got.Embeds) != 1 || got.Embeds[0].Title != "t" ||
		len(commands.CustomIDs(got.Components)) != 1 || commands.CustomIDs(got.Components)[0] != "peek/1" || !got.EditedAt.Equal(time.Date(2026, 11, 23, 16, 0, 1, 0, time.UTC)) {
		t.Fatalf("the handler's message: %+v", got)
	}
	// The edit keeps the message's id and restamps it.
	second := shown(t, b)
	if second["id"] != first["id"] || second["edited_timestamp"] == first["edited_timestamp"] {
		t.Fatalf("edit: %v then %v", first, second)
	}
	// The old view of the message (the button before the edit) no longer
	// presses; the current one does.
	got = nil
	body, _ = f.interactionOn(first, 3, "en", map[string]any{"custom_id": "peek/1", "component_type": 2})
	if status, b := f.post(body); status != http.StatusForbidden || got != nil {
		t.Errorf("a button no longer on the message: %d %s", status, b)
	}
	stale := map[string]any{}
	for k, v := range second {
		stale[k] = v
	}
	stale["edited_timestamp"] = first["edited_timestamp"]
	body, _ = f.interactionOn(stale, 3, "ja", map[string]any{"custom_id": "peek/2", "component_type": 2})
	if r := f.decode(f.post(body)); r.Type != 4 || !strings.Contains(bottest.DecodeMessage(t, r.Data).Content, "メッセージが変わりました") || got != nil {
		t.Errorf("stale view: %d %s", r.Type, r.Data)
	}
	body, _ = f.interactionOn(second, 3, "en", map[string]any{"custom_id": "peek/2", "component_type": 2})
	if r := f.decode(f.post(body)); r.Type != 7 || got == nil || commands.CustomIDs(got.Components)[0] != "peek/2" {
		t.Errorf("current view: %d %s", r.Type, r.Data)
	}
}

// TestPlaygroundRefusesOtherOrigins checks that only the page's own
// origin drives the API, and only with JSON: a form or a text/plain
// fetch from another site cannot.
func TestPlaygroundRefusesOtherOrigins(t *testing.T) {
	f := newPlayground(t, playgroundRegistry(nil), noLimits(), playground.Options{})
	body, _ := f.interaction(2, "en", bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "x"}))
	for _, c := range []struct {
		name    string
		headers map[string]string
		status  int
	}{
		{"the page", map[string]string{"Content-Type": "application/json", "Origin": f.srv.URL, "Sec-Fetch-Site": "same-origin"}, 200},
		{"JSON with a charset", map[string]string{"Content-Type": "application/json; charset=utf-8"}, 200},
		{"no browser headers (curl)", map[string]string{"Content-Type": "application/json"}, 200},
		{"another site", map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, 403},
		{"another site, old browser", map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example"}, 403},
		{"another site, text/plain", map[string]string{"Content-Type": "text/plain", "Origin": "https://evil.example"}, 403},
		{"text/plain", map[string]string{"Content-Type": "text/plain;charset=UTF-8"}, 415},
		{"a form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"no type", map[string]string{}, 415},
	} {
		req, _ := http.NewRequest(http.MethodPost, f.srv.URL+"/api/interactions", bytes.NewReader(body))
		for k, v := range c.headers {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s: %d, want %d: %s", c.name, resp.StatusCode, c.status, b)
		}
	}
}

func TestListenPlaygroundOnlyOnLoopbackUnlessPublic(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "127.3.4.5:1": true, "[::1]:8080": true, "localhost:8080": true, "LOCALHOST:1": true,
		":8080": false, "0.0.0.0:8080": false, "[::]:8080": false, "192.168.1.2:8080": false, "example.com:80": false, "nonsense": false,
	} {
		if got := playground.IsLoopbackAddr(addr); got != want {
			t.Errorf("IsLoopbackAddr(%q) = %v", addr, got)
		}
	}
	ln, loopback, err := playground.Listen("127.0.0.1:0", false)
	if err != nil || !loopback {
		t.Fatalf("loopback: %v %v", loopback, err)
	}
	ln.Close()
	// Refused before anything listens.
	if _, _, err := playground.Listen("0.0.0.0:0", false); err == nil || !strings.Contains(err.Error(), "PLAYGROUND_PUBLIC=true") {
		t.Fatalf("non-loopback without PLAYGROUND_PUBLIC: %v", err)
	}
}

// FuzzPlaygroundInteraction posts arbitrary bodies: the playground answers
// 200 with JSON, or refuses with 400, and never panics.
func FuzzPlaygroundInteraction(f *testing.F) {
	for _, s := range []string{
		`{"type":1}`,
		`{"type":2,"token":"t","locale":"ko","data":{"name":"echo","type":1,"options":[{"name":"text","type":3,"value":"a"}]}}`,
		`{"type":4,"token":"t","data":{"name":"echo","options":[{"name":"text","type":3,"value":"a","focused":true}]}}`,
		`{"type":3,"token":"t","data":{"custom_id":"pick/1/menu","component_type":3,"values":["a"]}}`,
		`{"type":5,"token":"t","data":{"custom_id":"echo/sent","components":[{"type":1,"components":[{"type":4,"custom_id":"say","value":"x"}]}]}}`,
		`{"type":2,"token":"t","data":{"name":"pick","options":[{"name":"secret","type":5,"value":"yes"}]}}`,
		`{"type":3,"token":"t","data":{"custom_id":"","component_type":2}}`,
	} {
		f.Add([]byte(s))
	}
	d, err := bot.NewDispatcher(playgroundRegistry(nil), noLimits().Options())
	if err != nil {
		f.Fatal(err)
	}
	pg, err := playground.New(d, playground.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if bytes.Contains(body, []byte("slow")) || bytes.Contains(body, []byte("boom")) {
			return // the held and the panicking test commands
		}
		w := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodPost, "/api/interactions", bytes.NewReader(body))
		r.Host = "127.0.0.1:8080"
		r.Header.Set("Content-Type", "application/json")
		pg.ServeHTTP(w, r)
		switch w.Code {
		case http.StatusOK:
			if !json.Valid(w.Body.Bytes()) {
				t.Fatalf("invalid JSON: %s", w.Body.Bytes())
			}
		case http.StatusBadRequest, http.StatusConflict, http.StatusRequestEntityTooLarge, http.StatusForbidden:
		default:
			t.Fatalf("status %d for %q", w.Code, body)
		}
	})
}

func TestPlaygroundBoundsPendingReplies(t *testing.T) {
	// With room for one deferred reply, a second slow interaction is not
	// acknowledged: its POST waits and carries the reply itself.
	hold := bottest.NewHold()
	o := noLimits()
	o.DeferWhen = hold.DeferWhen
	f := newPlayground(t, playgroundRegistry(hold), o, playground.Options{MaxPending: 1})
	body, token := f.interaction(2, "en", bottest.CommandData("slow"))
	status, b := f.post(body)
	if r := f.decode(status, b); r.Type != 5 {
		t.Fatalf("first: %s", b)
	}
	second := make(chan bottest.Response, 1)
	body2, _ := f.interaction(2, "en", bottest.CommandData("slow"))
	go func() {
		resp, err := bottest.Client().Post(f.srv.URL+"/api/interactions", "application/json", bytes.NewReader(body2))
		if err != nil {
			second <- bottest.Response{}
			return
		}
		defer resp.Body.Close()
		var r bottest.Response
		_ = json.NewDecoder(resp.Body).Decode(&r)
		second <- r
	}()
	select {
	case r := <-second:
		t.Fatalf("the second POST answered before the reply was ready: type %d", r.Type)
	case <-time.After(200 * time.Millisecond):
	}
	hold.Release()
	if r := <-second; r.Type != 4 || bottest.DecodeMessage(t, r.Data).Content != "done" {
		t.Fatalf("second: type %d %s", r.Type, r.Data)
	}
	if r := f.awaitReply(token); r.Type != 4 || bottest.DecodeMessage(t, r.Data).Content != "done" {
		t.Fatalf("first's reply: type %d %s", r.Type, r.Data)
	}
}

// The playground answers only requests naming this machine in Host: a
// page of another site that points its own name at 127.0.0.1 (DNS
// rebinding) gets 403, whatever it asks.
func TestPlaygroundAnswersLoopbackHostsOnly(t *testing.T) {
	d, err := bot.NewDispatcher(bottest.Commands(nil), bottest.Limits{}.Options())
	if err != nil {
		t.Fatal(err)
	}
	pg, err := playground.New(d, playground.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for host, want := range map[string]int{
		"localhost:8080": 200, "LOCALHOST": 200, "127.0.0.1:8080": 200, "127.0.0.1": 200, "[::1]:8080": 200, "[::1]": 200,
		"attacker.example:8080": 403, "attacker.example": 403, "127.0.0.1.attacker.example": 403, "localhost.attacker.example:8080": 403,
		"192.168.1.10:8080": 403, "": 403,
	} {
		for _, path := range []string{"/", "/api/commands"} {
			w := httptest.NewRecorder()
			r := httptest.NewRequest(http.MethodGet, path, nil)
			r.Host = host
			pg.ServeHTTP(w, r)
			if w.Code != want {
				t.Errorf("Host %q, GET %s: %d, want %d", host, path, w.Code, want)
			}
		}
	}
	// Served beyond this machine on purpose (PLAYGROUND_PUBLIC), any name.
	open, err := playground.New(d, playground.Options{AnyHost: true})
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodGet, "/api/commands", nil)
	r.Host = "alea.example:8080"
	open.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Errorf("AnyHost: %d", w.Code)
	}
}
