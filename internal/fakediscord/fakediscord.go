// Package fakediscord is a fake of Discord for loopback tests of Alea's
// transports: an HTTP server on 127.0.0.1 serving the REST routes the bot
// uses (gateway discovery, the bulk overwrite of application commands,
// interaction callbacks, the interaction webhook, /users/@me, the
// application's emojis, removing a channel's message with the bot
// token), keeping the channels' messages as the responses, follow-ups,
// edits and removals leave them (Messages), a gateway websocket speaking Discord's protocol
// (HELLO, IDENTIFY, heartbeats, READY, INTERACTION_CREATE, RECONNECT,
// RESUME, INVALID SESSION), and interactions signed with a key of its own
// and posted to an HTTP interactions endpoint (Post; Repost replays one).
// Faults can be injected (InjectREST: 429 and 5xx answers; InjectGateway:
// a gateway that never says HELLO, INVALID SESSION up to a storm, close
// codes, a session-start budget; Revoke: a refused token). Every payload
// the bot sends is checked against Discord's documented limits by
// [CheckPayload] and [CheckCommands], which read the JSON only,
// independently of the bot's own checks; a payload breaking one is
// refused with 400 as Discord would, and recorded with the reason.
//
// Routes are served under any API version (/api/v9/… and /api/v10/…).
package fakediscord

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Options configure a [Server]. Zero values take the defaults noted.
type Options struct {
	// Token is the bot token IDENTIFY, RESUME and the bot's REST calls
	// must carry (with or without the "Bot " prefix). Required.
	Token string
	// AppID is the application id sent in READY and interactions
	// (default "100000000000000001").
	AppID string
	// ShardCount is how many shards the bot must identify with; when it is
	// more than 1, IDENTIFY must carry [shard_id, ShardCount] (default 1).
	ShardCount int
	// HeartbeatInterval is announced in HELLO (default 41.25 s, Discord's).
	HeartbeatInterval time.Duration
	// Now is the clock of the signatures of interactions posted to an
	// endpoint (Post; default time.Now).
	Now func() time.Time
}

// Call is one REST request the fake received.
type Call struct {
	Method string
	Path   string // as received, e.g. /api/v9/webhooks/{app}/{token}/messages/@original
	Route  string // the path without its API version, e.g. /webhooks/{app}/{token}/messages/@original
	Auth   string // the Authorization header
	JSON   []byte // the JSON body, or the payload_json part of a multipart body
	// Files are the names of the multipart files[n] parts, FileBytes their contents.
	Files     []string
	FileBytes [][]byte
	Status    int       // the status the fake answered
	Problem   string    // why the fake refused the call ("" when accepted)
	At        time.Time // when the request reached the fake
}

// interaction is an interaction the fake dispatched.
type interaction struct {
	id, token    string
	acknowledged bool
	original     bool // a message stands as the original response
	channel      string
	pressed      string // the id of the message pressed on ("" : none)
	originalID   string // the original response's message
	// posting, for an interaction Post sends, is closed once the
	// endpoint's HTTP response is read: Discord has the response before
	// it serves the interaction's webhook.
	posting chan struct{}
}

// Server is a running fake Discord.
type Server struct {
	// URL is the fake's base URL (http://127.0.0.1:port), the value of
	// DISCORD_API_BASE.
	URL string

	opts Options
	srv  *httptest.Server

	mu           sync.Mutex
	changed      chan struct{} // closed and replaced on every change
	calls        []Call
	byToken      map[string][]int // interaction token -> indexes into calls
	interactions map[string]*interaction
	registered   map[string][]byte // scope ("global" or guild id) -> last bulk overwrite body
	registers    int
	seq          int
	gw           gateway
	faults       []Fault             // injected REST failures (InjectREST)
	gwFaults     GatewayFaults       // injected gateway failures (InjectGateway)
	revoked      bool                // the token is refused (Revoke)
	emojis       []Emoji             // the application's emojis
	msgs         map[string]*Message // the channels' messages by id
	msgOrder     []string            // their ids, oldest first
	msgSeq       int
}

// Start runs a fake Discord on 127.0.0.1 until Close.
func Start(o Options) *Server {
	if o.AppID == "" {
		o.AppID = "100000000000000001"
	}
	if o.ShardCount <= 0 {
		o.ShardCount = 1
	}
	if o.HeartbeatInterval <= 0 {
		o.HeartbeatInterval = 41250 * time.Millisecond
	}
	s := &Server{opts: o, changed: make(chan struct{}), byToken: map[string][]int{},
		interactions: map[string]*interaction{}, registered: map[string][]byte{}}
	s.gw.init()
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	return s
}

// New starts a fake Discord closed when the test ends.
func New(t testing.TB, o Options) *Server {
	t.Helper()
	s := Start(o)
	t.Cleanup(s.Close)
	return s
}

// Close drops every gateway connection and stops the server.
func (s *Server) Close() {
	s.gw.closeAll(s)
	s.srv.Close()
}

// AppID is the application id the fake announces.
func (s *Server) AppID() string { return s.opts.AppID }

// GatewayURL is the websocket URL the fake hands out.
func (s *Server) GatewayURL() string { return "ws" + strings.TrimPrefix(s.URL, "http") }

// notify wakes everyone waiting for a change; s.mu is held.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// waitFor calls check under the lock until it reports true, or fails the
// test after timeout.
func (s *Server) waitFor(t testing.TB, timeout time.Duration, what func() string, check func() bool) {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		ok, ch := check(), s.changed
		s.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			s.mu.Lock()
			msg := what()
			s.mu.Unlock()
			t.Fatalf("fakediscord: gave up after %s waiting for %s", timeout, msg)
		}
	}
}

// Wait is how long the Await methods wait for something that must happen
// (a bound against hangs, not a speed requirement).
var Wait = 60 * time.Second

// Await returns the REST calls made for the interaction with token, once
// there are at least n.
func (s *Server) Await(t testing.TB, token string, n int) []Call {
	t.Helper()
	s.waitFor(t, Wait, func() string {
		return fmt.Sprintf("%d REST calls for interaction %s (have %d)", n, token, len(s.byToken[token]))
	}, func() bool { return len(s.byToken[token]) >= n })
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Call, 0, len(s.byToken[token]))
	for _, i := range s.byToken[token] {
		out = append(out, s.calls[i])
	}
	return out
}

// AwaitCalls waits until every REST call so far satisfies ok (what
// names it in a failure), and returns them.
func (s *Server) AwaitCalls(t testing.TB, what string, ok func([]Call) bool) []Call {
	t.Helper()
	s.waitFor(t, Wait, func() string { return what }, func() bool { return ok(s.calls) })
	return s.Calls()
}

// Calls returns every REST call so far.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// Problems returns the reasons of every refused REST call so far.
func (s *Server) Problems() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, c := range s.calls {
		if c.Problem != "" {
			out = append(out, c.Method+" "+c.Route+": "+c.Problem)
		}
	}
	return out
}

// Registered returns the last accepted bulk overwrite of the commands of
// scope ("global", or a guild id) and how many overwrites were accepted in
// all.
func (s *Server) Registered(scope string) (body []byte, overwrites int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.registered[scope], s.registers
}

// AwaitRegistered waits for an accepted bulk overwrite of scope and
// returns its body.
func (s *Server) AwaitRegistered(t testing.TB, scope string) []byte {
	t.Helper()
	s.waitFor(t, Wait, func() string { return "a bulk overwrite of the " + scope + " commands" },
		func() bool { return s.registered[scope] != nil })
	b, _ := s.Registered(scope)
	return b
}

// discordError answers like Discord's JSON errors.
func discordError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]any{"code": code, "message": msg})
	_, _ = w.Write(b)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// botAuth reports whether the request carries the bot token, and it is
// not revoked.
func (s *Server) botAuth(r *http.Request) bool {
	s.mu.Lock()
	revoked := s.revoked
	s.mu.Unlock()
	return !revoked && r.Header.Get("Authorization") == "Bot "+s.opts.Token
}

// readBody reads a JSON or multipart body into c.
func readBody(r *http.Request, c *Call) error {
	ctype, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ctype != "multipart/form-data" {
		b, err := io.ReadAll(io.LimitReader(r.Body, 26<<20))
		c.JSON = b
		return err
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("bad multipart body: %v", err)
		}
		b, err := io.ReadAll(p)
		if err != nil {
			return err
		}
		switch name := p.FormName(); {
		case name == "payload_json":
			c.JSON = b
		case strings.HasPrefix(name, "files["):
			c.Files = append(c.Files, p.FileName())
			c.FileBytes = append(c.FileBytes, b)
		default:
			return fmt.Errorf("unexpected multipart part %q", name)
		}
	}
	if c.JSON == nil {
		return fmt.Errorf("multipart body without payload_json")
	}
	return nil
}

// serve routes one HTTP request: the gateway websocket or a REST call.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	at := time.Now()
	if r.URL.Path == "/" || r.URL.Path == "" {
		s.gw.serveWS(s, w, r)
		return
	}
	// /api/v{N}/route…
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/v")
	version, route, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 || (version != "9" && version != "10") {
		discordError(w, http.StatusNotFound, 0, "404: Not Found")
		s.record(Call{Method: r.Method, Path: r.URL.Path, Status: 404, Problem: "not an API path", At: at}, "")
		return
	}
	c := Call{Method: r.Method, Path: r.URL.Path, Route: "/" + route, Auth: r.Header.Get("Authorization"), At: at}
	if err := readBody(r, &c); err != nil {
		c.Status, c.Problem = 400, err.Error()
		s.record(c, "")
		discordError(w, 400, 50109, "The request body contains invalid JSON.")
		return
	}
	if f, ok := s.takeFault(r.Method, c.Route); ok {
		c.Status, c.Problem = f.Status, "injected fault"
		s.record(c, tokenOf(segments(route)))
		answerFault(w, f)
		return
	}
	parts := segments(route)
	switch {
	case r.Method == http.MethodGet && route == "gateway":
		c.Status = 200
		s.record(c, "")
		writeJSON(w, 200, map[string]any{"url": s.GatewayURL()})
	case r.Method == http.MethodGet && route == "gateway/bot":
		if !s.botAuth(r) {
			s.refuse(w, c, "", 401, 0, "401: Unauthorized")
			return
		}
		c.Status = 200
		s.record(c, "")
		limit := map[string]any{"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
		s.mu.Lock()
		if ss := s.gwFaults.SessionStarts; ss != nil {
			limit = map[string]any{"total": ss.Total, "remaining": max(ss.Remaining, 0), "reset_after": ss.ResetAfter.Milliseconds(), "max_concurrency": ss.MaxConcurrency}
		}
		s.mu.Unlock()
		writeJSON(w, 200, map[string]any{"url": s.GatewayURL(), "shards": s.opts.ShardCount, "session_start_limit": limit})
	case r.Method == http.MethodGet && route == "users/@me":
		if !s.botAuth(r) {
			s.refuse(w, c, "", 401, 0, "401: Unauthorized")
			return
		}
		c.Status = 200
		s.record(c, "")
		writeJSON(w, 200, botUser(s.opts.AppID))
	case r.Method == http.MethodGet && (route == "applications/@me" || route == "oauth2/applications/@me"):
		if !s.botAuth(r) {
			s.refuse(w, c, "", 401, 0, "401: Unauthorized")
			return
		}
		c.Status = 200
		s.record(c, "")
		writeJSON(w, 200, map[string]any{"id": s.opts.AppID, "name": "Alea", "bot_public": true, "flags": 0})
	case len(parts) == 3 && parts[0] == "applications" && parts[2] == "emojis":
		s.appEmojis(w, r, c, parts[1])
	case r.Method == http.MethodPut && len(parts) >= 3 && parts[0] == "applications" && parts[len(parts)-1] == "commands":
		s.bulkOverwrite(w, c, parts)
	case r.Method == http.MethodPost && len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		s.callback(w, c, parts[1], parts[2])
	case len(parts) >= 3 && parts[0] == "webhooks":
		s.webhook(w, r, c, parts)
	case len(parts) == 4 && parts[0] == "channels" && parts[2] == "messages":
		s.channelMessage(w, r, c, parts[1], parts[3])
	default:
		s.refuse(w, c, "", 404, 0, "404: Not Found (the fake does not serve this route)")
	}
}

// segments splits a route into its segments.
func segments(route string) []string { return strings.Split(route, "/") }

// tokenOf returns the interaction token of an interaction or webhook
// route, so a fault injected into one is awaited like its other calls.
func tokenOf(p []string) string {
	if len(p) >= 3 && (p[0] == "interactions" || p[0] == "webhooks") {
		return p[2]
	}
	return ""
}

// record stores c (under token when it belongs to an interaction).
func (s *Server) record(c Call, token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, c)
	if token != "" {
		s.byToken[token] = append(s.byToken[token], len(s.calls)-1)
	}
	s.notify()
}

// refuse answers with a Discord error and records why.
func (s *Server) refuse(w http.ResponseWriter, c Call, token string, status, code int, msg string) {
	c.Status, c.Problem = status, msg
	s.record(c, token)
	discordError(w, status, code, msg)
}

func botUser(appID string) map[string]any {
	return map[string]any{"id": appID, "username": "Alea", "discriminator": "0", "global_name": "Alea", "bot": true}
}

// bulkOverwrite handles PUT /applications/{app}/commands and
// /applications/{app}/guilds/{guild}/commands.
func (s *Server) bulkOverwrite(w http.ResponseWriter, c Call, parts []string) {
	if !s.botAuth(c.request()) {
		s.refuse(w, c, "", 401, 0, "401: Unauthorized")
		return
	}
	scope := ""
	switch {
	case len(parts) == 3:
		scope = "global"
	case len(parts) == 5 && parts[2] == "guilds":
		scope = parts[3]
	default:
		s.refuse(w, c, "", 404, 0, "404: Not Found")
		return
	}
	if parts[1] != s.opts.AppID {
		s.refuse(w, c, "", 403, 50001, "Missing Access (application id "+parts[1]+" is not this bot's)")
		return
	}
	if err := CheckCommands(c.JSON); err != nil {
		s.refuse(w, c, "", 400, 50035, "Invalid Form Body: "+err.Error())
		return
	}
	var cmds []map[string]any
	_ = json.Unmarshal(c.JSON, &cmds)
	for i, cmd := range cmds {
		cmd["id"] = fmt.Sprint(200000000000000000 + i)
		cmd["application_id"] = s.opts.AppID
		cmd["version"] = "1"
		if scope != "global" {
			cmd["guild_id"] = scope
		}
	}
	c.Status = 200
	s.mu.Lock()
	s.registered[scope] = c.JSON
	s.registers++
	s.mu.Unlock()
	s.record(c, "")
	writeJSON(w, 200, cmds)
}

// request rebuilds the headers a check needs from a recorded call.
func (c Call) request() *http.Request {
	r := &http.Request{Header: http.Header{}}
	r.Header.Set("Authorization", c.Auth)
	return r
}

// callback handles POST /interactions/{id}/{token}/callback.
func (s *Server) callback(w http.ResponseWriter, c Call, id, token string) {
	s.mu.Lock()
	in := s.interactions[token]
	s.mu.Unlock()
	if in == nil || in.id != id {
		s.refuse(w, c, token, 404, 10062, "Unknown interaction")
		return
	}
	if err := CheckPayload(c.JSON, true, c.Files); err != nil {
		s.refuse(w, c, token, 400, 50035, "Invalid Form Body: "+err.Error())
		return
	}
	var resp struct {
		Type int `json:"type"`
	}
	_ = json.Unmarshal(c.JSON, &resp)
	s.mu.Lock()
	if in.acknowledged {
		s.mu.Unlock()
		s.refuse(w, c, token, 400, 40060, "Interaction has already been acknowledged.")
		return
	}
	in.acknowledged = true
	in.original = resp.Type == 4 || resp.Type == 5 || resp.Type == 7 || resp.Type == 6
	s.respondedLocked(in, c.JSON)
	s.mu.Unlock()
	c.Status = 204
	s.record(c, token)
	w.WriteHeader(http.StatusNoContent)
}

// webhook handles PATCH and DELETE /webhooks/{app}/{token}/messages/@original
// and POST /webhooks/{app}/{token} (follow-ups).
func (s *Server) webhook(w http.ResponseWriter, r *http.Request, c Call, parts []string) {
	app, token := parts[1], parts[2]
	s.mu.Lock()
	in := s.interactions[token]
	s.mu.Unlock()
	if app != s.opts.AppID || in == nil {
		s.refuse(w, c, token, 404, 10015, "Unknown Webhook")
		return
	}
	s.mu.Lock()
	posting := in.posting
	s.mu.Unlock()
	if posting != nil {
		select {
		case <-posting:
		case <-time.After(Wait):
		}
	}
	s.mu.Lock()
	acked, original := in.acknowledged, in.original
	s.mu.Unlock()
	if !acked {
		s.refuse(w, c, token, 404, 10015, "Unknown Webhook (the interaction was not acknowledged)")
		return
	}
	message := func(id string) {
		s.record(c, token)
		s.mu.Lock()
		body := []byte("{}")
		if m := s.msgs[id]; m != nil {
			body = m.JSON
		}
		s.mu.Unlock()
		out := map[string]any{}
		_ = json.Unmarshal(body, &out)
		out["id"], out["channel_id"], out["author"] = id, in.channel, botUser(s.opts.AppID)
		if _, ok := out["attachments"]; !ok {
			out["attachments"] = []any{}
		}
		if _, ok := out["embeds"]; !ok {
			out["embeds"] = []any{}
		}
		writeJSON(w, 200, out)
	}
	switch {
	case len(parts) == 5 && parts[3] == "messages" && parts[4] == "@original" && r.Method == http.MethodPatch:
		if !original {
			s.refuse(w, c, token, 404, 10008, "Unknown Message")
			return
		}
		if err := CheckPayload(c.JSON, false, c.Files); err != nil {
			s.refuse(w, c, token, 400, 50035, "Invalid Form Body: "+err.Error())
			return
		}
		s.mu.Lock()
		_, id := s.webhookMessageLocked(in, http.MethodPatch, "@original", c.JSON)
		s.mu.Unlock()
		c.Status = 200
		message(id)
	case len(parts) == 5 && parts[3] == "messages" && parts[4] == "@original" && r.Method == http.MethodDelete:
		if !original {
			s.refuse(w, c, token, 404, 10008, "Unknown Message")
			return
		}
		s.mu.Lock()
		in.original = false
		s.webhookMessageLocked(in, http.MethodDelete, "@original", nil)
		s.mu.Unlock()
		c.Status = 204
		s.record(c, token)
		w.WriteHeader(http.StatusNoContent)
	case len(parts) == 5 && parts[3] == "messages" && (r.Method == http.MethodPatch || r.Method == http.MethodDelete):
		// A follow-up's message, by id: the application's messages in the
		// interaction's channel.
		if r.Method == http.MethodPatch {
			if err := CheckPayload(c.JSON, false, c.Files); err != nil {
				s.refuse(w, c, token, 400, 50035, "Invalid Form Body: "+err.Error())
				return
			}
		}
		s.mu.Lock()
		status, id := 404, ""
		if m := s.msgs[parts[4]]; m != nil && m.ChannelID == in.channel {
			status, id = s.webhookMessageLocked(in, r.Method, parts[4], c.JSON)
		}
		s.mu.Unlock()
		switch {
		case status == 404:
			s.refuse(w, c, token, 404, 10008, "Unknown Message")
		case r.Method == http.MethodDelete:
			c.Status = 204
			s.record(c, token)
			w.WriteHeader(http.StatusNoContent)
		default:
			c.Status = 200
			message(id)
		}
	case len(parts) == 3 && r.Method == http.MethodPost:
		if err := CheckPayload(c.JSON, false, c.Files); err != nil {
			s.refuse(w, c, token, 400, 50035, "Invalid Form Body: "+err.Error())
			return
		}
		s.mu.Lock()
		id := s.newMessageLocked(token, in.channel, c.JSON)
		s.mu.Unlock()
		c.Status = 200
		message(id)
	default:
		s.refuse(w, c, token, 405, 0, "405: Method Not Allowed")
	}
}
