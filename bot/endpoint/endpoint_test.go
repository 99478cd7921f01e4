package endpoint_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/endpoint"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// testKey is a real Ed25519 key pair, from a fixed seed.
var testKey = ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))

const testApp = "111122223333444455"

// sign returns the signature headers Discord sends for body at ts.
func sign(priv ed25519.PrivateKey, ts string, body []byte) (sig string) {
	return hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), body...)))
}

// restCall is one request the fake REST API received.
type restCall struct {
	Method, Path string
	JSON         []byte   // the JSON body or payload_json part
	Files        []string // names of multipart files
	FileBytes    [][]byte
}

// restServer records webhook calls by interaction token.
type restServer struct {
	*httptest.Server
	mu    sync.Mutex
	calls map[string][]restCall
	cond  chan struct{} // closed and replaced on every call
}

func newRESTServer(t testing.TB) *restServer {
	rs := &restServer{calls: map[string][]restCall{}, cond: make(chan struct{})}
	rs.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// /api/v9/webhooks/{app}/{token}[/messages/@original]
		parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
		if len(parts) < 5 || parts[0] != "api" || parts[2] != "webhooks" || parts[3] != testApp {
			http.Error(w, "unknown route "+r.URL.Path, http.StatusNotFound)
			return
		}
		call := restCall{Method: r.Method, Path: r.URL.Path}
		ctype, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		switch ctype {
		case "multipart/form-data":
			mr := multipart.NewReader(r.Body, params["boundary"])
			for {
				p, err := mr.NextPart()
				if err != nil {
					break
				}
				b, _ := io.ReadAll(p)
				if p.FormName() == "payload_json" {
					call.JSON = b
				} else if strings.HasPrefix(p.FormName(), "files[") {
					call.Files = append(call.Files, p.FileName())
					call.FileBytes = append(call.FileBytes, b)
				}
			}
		default:
			call.JSON, _ = io.ReadAll(r.Body)
		}
		rs.mu.Lock()
		rs.calls[parts[4]] = append(rs.calls[parts[4]], call)
		close(rs.cond)
		rs.cond = make(chan struct{})
		rs.mu.Unlock()
		if r.Method == http.MethodDelete {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"1"}`))
	}))
	t.Cleanup(rs.Close)
	return rs
}

// await returns the calls for token once there are at least n.
func (rs *restServer) await(t testing.TB, token string, n int) []restCall {
	t.Helper()
	deadline := time.After(bottest.Wait)
	for {
		rs.mu.Lock()
		calls, cond := rs.calls[token], rs.cond
		rs.mu.Unlock()
		if len(calls) >= n {
			return calls
		}
		select {
		case <-cond:
		case <-deadline:
			t.Fatalf("token %s: %d REST calls, want %d", token, len(calls), n)
		}
	}
}

// fixture is an endpoint served over loopback with a recording REST API.
type fixture struct {
	t    testing.TB
	d    *bot.Dispatcher
	ep   *endpoint.Endpoint
	srv  *httptest.Server
	rest *restServer
	log  *bottest.LogBuffer
	now  time.Time
	seq  atomic.Int64
}

func newFixture(t testing.TB, reg *commands.Registry, o bottest.Limits) *fixture {
	t.Helper()
	f := &fixture{t: t, log: &bottest.LogBuffer{}, now: time.Unix(1_790_000_000, 0)}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewJSONHandler(f.log, nil))
	}
	d, err := bot.NewDispatcher(reg, o.Options())
	if err != nil {
		t.Fatal(err)
	}
	f.d = d
	f.rest = newRESTServer(t)
	f.ep, err = endpoint.New(d, endpoint.Options{PublicKey: testKey.Public().(ed25519.PublicKey),
		APIBase: f.rest.URL, Logger: o.Logger, Now: func() time.Time { return f.now }})
	if err != nil {
		t.Fatal(err)
	}
	f.srv = httptest.NewServer(f.ep)
	t.Cleanup(func() {
		f.srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), bottest.Wait)
		defer cancel()
		_ = d.Close(ctx)
	})
	return f
}

// post sends body signed at ts with the given signature (computed when
// empty) and returns the status and response body.
func (f *fixture) post(body []byte, ts, sig string) (int, []byte) {
	f.t.Helper()
	if sig == "" {
		sig = sign(testKey, ts, body)
	}
	req, err := http.NewRequest(http.MethodPost, f.srv.URL+endpoint.Path, bytes.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", sig)
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := bottest.Client().Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (f *fixture) ts() string { return strconv.FormatInt(f.now.Unix(), 10) }

// interaction is the JSON Discord posts, with a fresh id and token.
func (f *fixture) interaction(typ int, locale string, data any) (body []byte, token string) {
	n := f.seq.Add(1)
	token = fmt.Sprintf("tok%d", n)
	m := map[string]any{"id": fmt.Sprint(900000 + n), "application_id": testApp, "type": typ, "token": token,
		"version": 1, "locale": locale, "guild_id": "42", "channel_id": "43",
		"member": map[string]any{"user": map[string]any{"id": fmt.Sprint(5000 + n), "username": "player"}}}
	if data != nil {
		m["data"] = data
	}
	b, err := json.Marshal(m)
	if err != nil {
		f.t.Fatal(err)
	}
	return b, token
}

// decode decodes an interaction response and checks it against
// Discord's limits.
func (f *fixture) decode(status int, b []byte) bottest.Response {
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

// fastOptions: no cache, no rate limit, deferral exactly of the
// interactions hold holds (none when hold is nil).
func fastOptions(hold *bottest.Hold) bottest.Limits { return hold.Limits() }

func TestEndpointPing(t *testing.T) {
	f := newFixture(t, bottest.Commands(nil), fastOptions(nil))
	body := []byte(`{"id":"1","application_id":"` + testApp + `","type":1,"token":"t","version":1}`)
	status, b := f.post(body, f.ts(), "")
	if status != http.StatusOK || strings.TrimSpace(string(b)) != `{"type":1}` {
		t.Fatalf("PING: %d %s, want 200 {\"type\":1}", status, b)
	}
}

func TestEndpointRefusesBadSignatures(t *testing.T) {
	f := newFixture(t, bottest.Commands(nil), fastOptions(nil))
	body := []byte(`{"id":"1","application_id":"` + testApp + `","type":1,"token":"t","version":1}`)
	ts := f.ts()
	good := sign(testKey, ts, body)
	flip := func(s string, i int) string {
		b := []byte(s)
		b[i] ^= 0x01
		return string(b)
	}
	flipHex := func(s string, i int) string {
		raw, _ := hex.DecodeString(s)
		raw[i] ^= 0x80
		return hex.EncodeToString(raw)
	}
	other := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{9}, ed25519.SeedSize))
	for _, c := range []struct {
		name     string
		body     []byte
		ts, sig  string
		expected int
	}{
		{"valid", body, ts, good, 200},
		{"body byte flipped", []byte(flip(string(body), 10)), ts, good, 401},
		{"last body byte flipped", []byte(flip(string(body), len(body)-1)), ts, good, 401},
		{"signature byte flipped", body, ts, flipHex(good, 0), 401},
		{"last signature byte flipped", body, ts, flipHex(good, 63), 401},
		{"timestamp digit changed", body, strconv.FormatInt(f.now.Unix()-1, 10), good, 401},
		{"signed by another key", body, ts, sign(other, ts, body), 401},
		{"missing signature", body, ts, "-", 401},
		{"signature not hex", body, ts, strings.Repeat("zz", 64), 401},
		{"short signature", body, ts, good[:60], 401},
		{"missing timestamp", body, "", good, 401},
		{"timestamp not a number", body, "soon", sign(testKey, "soon", body), 401},
	} {
		sig := c.sig
		if sig == "-" {
			sig = ""
		}
		req, _ := http.NewRequest(http.MethodPost, f.srv.URL+endpoint.Path, bytes.NewReader(c.body))
		if sig != "" {
			req.Header.Set("X-Signature-Ed25519", sig)
		}
		if c.ts != "" {
			req.Header.Set("X-Signature-Timestamp", c.ts)
		}
		resp, err := bottest.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.expected {
			t.Errorf("%s: status %d (%s), want %d", c.name, resp.StatusCode, b, c.expected)
		}
		if resp.StatusCode == 401 && bytes.Contains(b, []byte("goroutine")) {
			t.Errorf("%s: the refusal carries a stack: %s", c.name, b)
		}
	}
}

func TestEndpointTimestampWindow(t *testing.T) {
	f := newFixture(t, bottest.Commands(nil), fastOptions(nil))
	body := []byte(`{"id":"1","application_id":"` + testApp + `","type":1,"token":"t","version":1}`)
	for _, c := range []struct {
		offset time.Duration
		want   int
	}{
		{0, 200}, {-299 * time.Second, 200}, {299 * time.Second, 200},
		{-5*time.Minute - time.Second, 401}, {5*time.Minute + time.Second, 401},
		{-time.Hour, 401}, {-24 * time.Hour * 365, 401},
	} {
		ts := strconv.FormatInt(f.now.Add(c.offset).Unix(), 10)
		// Correctly signed: only the age decides.
		if status, b := f.post(body, ts, ""); status != c.want {
			t.Errorf("timestamp now%+v: status %d (%s), want %d", c.offset, status, b, c.want)
		}
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	n, size int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.n >= c.size {
		return 0, io.EOF
	}
	k := min(int64(len(p)), c.size-c.n)
	for i := range p[:k] {
		p[i] = ' '
	}
	c.n += k
	return int(k), nil
}

func TestEndpointRefusesHugeBody(t *testing.T) {
	f := newFixture(t, bottest.Commands(nil), fastOptions(nil))
	const size = 10 << 20
	ts := f.ts()
	// A well-formed signature over a 10 MiB body: the size alone refuses it.
	big := bytes.Repeat([]byte{' '}, size)
	sig := sign(testKey, ts, big)
	for _, declared := range []bool{true, false} {
		src := &countingReader{size: size}
		req := httptest.NewRequest(http.MethodPost, endpoint.Path, src)
		if declared {
			req.ContentLength = size
		} else {
			req.ContentLength = -1 // chunked: the cap stops the read
		}
		req.Header.Set("X-Signature-Ed25519", sig)
		req.Header.Set("X-Signature-Timestamp", ts)
		w := httptest.NewRecorder()
		f.ep.ServeHTTP(w, req)
		if w.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("declared=%v: status %d, want 413", declared, w.Code)
		}
		if src.n > 64<<10+32<<10 {
			t.Errorf("declared=%v: read %d bytes of a 10 MiB body; the cap is 64 KiB", declared, src.n)
		}
	}
	// Over the network too, with the length declared.
	req, _ := http.NewRequest(http.MethodPost, f.srv.URL+endpoint.Path, bytes.NewReader(big))
	req.Header.Set("X-Signature-Ed25519", sig)
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := bottest.Client().Do(req)
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("over the network: status %d, want 413", resp.StatusCode)
		}
	} // else the server closed the connection before the client finished writing: refused too.
}

func TestEndpointMethodsPathsAndMalformedBodies(t *testing.T) {
	f := newFixture(t, bottest.Commands(nil), fastOptions(nil))
	for _, method := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
		req, _ := http.NewRequest(method, f.srv.URL+endpoint.Path, nil)
		resp, err := bottest.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
			t.Errorf("%s: status %d Allow %q, want 405 POST", method, resp.StatusCode, resp.Header.Get("Allow"))
		}
	}
	resp, err := bottest.Client().Post(f.srv.URL+"/other", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("POST /other: status %d, want 404", resp.StatusCode)
	}
	for _, body := range []string{
		`{"type":`, `[1,2]`, `"x"`, `{"type":"two"}`,
		`{"type":2,"application_id":"1","token":"t"}`,                     // command without data
		`{"type":99,"id":"1","application_id":"1","token":"t","data":{}}`, // unknown type
		`{"type":2,"id":"1","data":{"name":"echo","type":1}}`,             // no application id or token
		`{"type":5,"id":"1","application_id":"1","token":"t","data":{"components":[{"type":1,"components":"x"}]}}`,
	} {
		status, b := f.post([]byte(body), f.ts(), "")
		if status != http.StatusBadRequest {
			t.Errorf("%s: status %d (%s), want 400", body, status, b)
		}
		if bytes.Contains(b, []byte("goroutine")) || bytes.Contains(b, []byte(".go:")) {
			t.Errorf("%s: the answer shows internals: %s", body, b)
		}
	}
}

func TestEndpointAnswersEveryKind(t *testing.T) {
	f := newFixture(t, bottest.Commands(nil), bottest.Limits{})
	// A command, in Korean, answered in the HTTP response.
	body, _ := f.interaction(2, "ko", bottest.CommandData("echo",
		map[string]any{"name": "text", "type": 3, "value": "hi"}, map[string]any{"name": "n", "type": 4, "value": 3}))
	r := f.decode(f.post(body, f.ts(), ""))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Content != "hi×3" {
		t.Fatalf("command: type %d %s", r.Type, r.Data)
	}
	// Bad option: an ephemeral rejection in Korean.
	body, _ = f.interaction(2, "ko", bottest.CommandData("echo", map[string]any{"name": "n", "type": 4, "value": 3}))
	r = f.decode(f.post(body, f.ts(), ""))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Flags&64 == 0 || !strings.Contains(m.Content, "옵션이 필요합니다") {
		t.Fatalf("rejection: type %d %s", r.Type, r.Data)
	}
	// Autocomplete.
	body, _ = f.interaction(4, "ja", bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "he", "focused": true}))
	r = f.decode(f.post(body, f.ts(), ""))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 8 || len(m.Choices) != 1 || m.Choices[0].Name != "こんにちは" {
		t.Fatalf("autocomplete: type %d %s", r.Type, r.Data)
	}
	// Autocomplete of a command without suggestions: an empty choices
	// array, not a message.
	body, _ = f.interaction(4, "en", bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "x", "focused": true}))
	if status, b := f.post(body, f.ts(), ""); status != 200 || !bytes.Equal(b, []byte(`{"type":8,"data":{"choices":[]}}`)) {
		t.Fatalf("autocomplete without a handler: %d %s", status, b)
	}
	// A button that updates its message.
	body, _ = f.interaction(3, "en", map[string]any{"custom_id": "echo/1/again", "component_type": 2})
	r = f.decode(f.post(body, f.ts(), ""))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 7 || m.Content != "clicked again" {
		t.Fatalf("component: type %d %s", r.Type, r.Data)
	}
	// A button that opens a modal, and the modal's submission.
	body, _ = f.interaction(3, "en", map[string]any{"custom_id": "echo/form", "component_type": 2})
	r = f.decode(f.post(body, f.ts(), ""))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 9 || m.Title != "Say" {
		t.Fatalf("modal: type %d %s", r.Type, r.Data)
	}
	body, _ = f.interaction(5, "en", map[string]any{"custom_id": "echo/sent", "components": []any{
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 4, "custom_id": "say", "value": "ok"}}}}})
	r = f.decode(f.post(body, f.ts(), ""))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Content != "you said ok" {
		t.Fatalf("modal submit: type %d %s", r.Type, r.Data)
	}
	// An unknown command: an ephemeral hint, not an HTTP error.
	body, _ = f.interaction(2, "en", bottest.CommandData("nope"))
	r = f.decode(f.post(body, f.ts(), ""))
	if m := bottest.DecodeMessage(t, r.Data); r.Type != 4 || m.Flags&64 == 0 || !strings.Contains(m.Content, "/help") {
		t.Fatalf("unknown command: type %d %s", r.Type, r.Data)
	}
}

func TestEndpointFilesGoThroughTheWebhook(t *testing.T) {
	f := newFixture(t, bottest.Commands(nil), bottest.Limits{})
	body, token := f.interaction(2, "en", bottest.CommandData("file"))
	r := f.decode(f.post(body, f.ts(), ""))
	if r.Type != 5 {
		t.Fatalf("a reply with files: response type %d, want 5 (deferred) then an edit", r.Type)
	}
	call := f.rest.await(t, token, 1)[0]
	if call.Method != http.MethodPatch || call.Path != "/api/v9/webhooks/"+testApp+"/"+token+"/messages/@original" {
		t.Fatalf("REST call %s %s, want PATCH …/messages/@original", call.Method, call.Path)
	}
	if len(call.Files) != 1 || call.Files[0] != "a.png" || string(call.FileBytes[0]) != "\x89PNG" {
		t.Fatalf("multipart files %q %q", call.Files, call.FileBytes)
	}
	if err := fakediscord.CheckPayload(call.JSON, false, call.Files); err != nil {
		t.Fatalf("edit breaks a limit: %v\n%s", err, call.JSON)
	}
	if m := bottest.DecodeMessage(t, call.JSON); len(m.Attachments) != 1 || m.Attachments[0].Filename != "a.png" || m.Embeds[0].Title != "picture" {
		t.Fatalf("edit payload %s", call.JSON)
	}
}

func TestEndpointDeferredRepliesAreDeliveredByREST(t *testing.T) {
	type want struct {
		ack     int
		methods []string // REST calls in order
		suffix  string   // path suffix of the last call
		flags   int
		content string
		files   int
	}
	for _, c := range []struct {
		name string
		typ  int
		data map[string]any
		want want
	}{
		{"command", 2, bottest.CommandData("slow"), want{5, []string{"PATCH"}, "/messages/@original", 0, "done", 0}},
		{"command with a file", 2, bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "file"}),
			want{5, []string{"PATCH"}, "/messages/@original", 0, "done", 1}},
		{"ephemeral command", 2, bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "private"}),
			want{5, []string{"DELETE", "POST"}, "", 64, "done", 0}},
		{"rejected after deferral", 2, bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "reject"}),
			want{5, []string{"DELETE", "POST"}, "", 64, "❌ no", 0}},
		{"component update", 3, map[string]any{"custom_id": "slow/update", "component_type": 2},
			want{6, []string{"PATCH"}, "/messages/@original", 0, "slow update", 0}},
		{"component new message", 3, map[string]any{"custom_id": "slow/new", "component_type": 2},
			want{6, []string{"POST"}, "", 0, "slow new", 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hold := bottest.NewHold()
			f := newFixture(t, bottest.Commands(hold), fastOptions(hold))
			body, token := f.interaction(c.typ, "en", c.data)
			r := f.decode(f.post(body, f.ts(), ""))
			if r.Type != c.want.ack {
				t.Fatalf("acknowledgement type %d, want %d", r.Type, c.want.ack)
			}
			hold.Release() // only now may the handler finish
			calls := f.rest.await(t, token, len(c.want.methods))
			for i, m := range c.want.methods {
				if calls[i].Method != m {
					t.Fatalf("REST call %d is %s %s, want %s", i, calls[i].Method, calls[i].Path, m)
				}
			}
			last := calls[len(c.want.methods)-1]
			if last.Path != "/api/v9/webhooks/"+testApp+"/"+token+c.want.suffix {
				t.Fatalf("REST path %s", last.Path)
			}
			if err := fakediscord.CheckPayload(last.JSON, false, last.Files); err != nil {
				t.Fatalf("delivered payload breaks a limit: %v\n%s", err, last.JSON)
			}
			m := bottest.DecodeMessage(t, last.JSON)
			if m.Content != c.want.content || m.Flags != c.want.flags || len(last.Files) != c.want.files {
				t.Fatalf("delivered %s with %d files, want content %q flags %d files %d", last.JSON, len(last.Files), c.want.content, c.want.flags, c.want.files)
			}
		})
	}
}

func TestEndpointPanicIsAnEphemeralErrorAndServingGoesOn(t *testing.T) {
	f := newFixture(t, bottest.Commands(nil), bottest.Limits{})
	body, _ := f.interaction(2, "ja", bottest.CommandData("boom"))
	status, b := f.post(body, f.ts(), "")
	r := f.decode(status, b)
	m := bottest.DecodeMessage(t, r.Data)
	if r.Type != 4 || m.Flags&64 == 0 || !strings.Contains(m.Content, "内部エラー") {
		t.Fatalf("panic: type %d %s, want an ephemeral internal error in Japanese", r.Type, r.Data)
	}
	if bytes.Contains(b, []byte("goroutine")) || bytes.Contains(b, []byte("out of range")) {
		t.Fatalf("the user sees internals: %s", b)
	}
	logs := f.log.String()
	if !strings.Contains(logs, `"msg":"panic"`) || !strings.Contains(logs, "index out of range") || !strings.Contains(logs, "goroutine ") {
		t.Fatalf("the log lacks the panic and its stack:\n%s", logs)
	}
	// The bot keeps serving, the same command included.
	for i := 0; i < 3; i++ {
		body, _ = f.interaction(2, "en", bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "still"}))
		if m := bottest.DecodeMessage(t, f.decode(f.post(body, f.ts(), "")).Data); m.Content != "still×1" {
			t.Fatalf("after the panic: %+v", m)
		}
		body, _ = f.interaction(2, "en", bottest.CommandData("boom"))
		if r := f.decode(f.post(body, f.ts(), "")); r.Type != 4 {
			t.Fatalf("second panic: %+v", r)
		}
	}
}

func TestParsePublicKey(t *testing.T) {
	if _, err := endpoint.ParsePublicKey("abc"); err == nil {
		t.Fatal("a short key was accepted")
	}
	k, err := endpoint.ParsePublicKey(hex.EncodeToString(testKey.Public().(ed25519.PublicKey)))
	if err != nil || !k.Equal(testKey.Public()) {
		t.Fatalf("ParsePublicKey: %v", err)
	}
}
