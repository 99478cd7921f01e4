package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gorilla/websocket"
)

// Gateway opcodes.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opReconnect      = 7
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

// frame is one gateway message.
type frame struct {
	Op   int             `json:"op"`
	D    json.RawMessage `json:"d"`
	S    *int            `json:"s,omitempty"`
	Type string          `json:"t,omitempty"`
}

// session is a gateway session: its shard, and every event dispatched in
// it (events[i] has sequence number i+1), so a RESUME can replay them.
type session struct {
	id     string
	shard  [2]int
	events [][]byte
	conn   *conn // the live connection, nil while disconnected
}

// conn is one websocket connection.
type conn struct {
	ws   *websocket.Conn
	wmu  sync.Mutex
	sess *session
}

func (c *conn) write(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.WriteMessage(websocket.TextMessage, b)
}

// GatewayStats counts what happened on the gateway.
type GatewayStats struct {
	Connections int // websocket connections accepted
	Identifies  int // IDENTIFYs accepted (each starts a session)
	Received    int // IDENTIFYs received, whatever the answer
	Resumes     int // RESUMEs accepted
	Ready       int // handshakes completed (READY or RESUMED sent)
	Heartbeats  int // heartbeats answered
	Invalidated int // IDENTIFYs answered INVALID SESSION (InjectGateway)
	OverBudget  int // IDENTIFYs beyond the session-start budget (GatewayFaults.SessionStarts)
	Refused     []string
	Shards      [][2]int // the shard of each accepted IDENTIFY
	Intents     []int    // the intents of each accepted IDENTIFY
}

// gateway is the fake's websocket side; its fields are guarded by the
// Server's mutex.
type gateway struct {
	upgrader websocket.Upgrader
	sessions map[string]*session
	byShard  map[int]*session // the latest session of each shard
	conns    map[*conn]bool
	stats    GatewayStats
}

func (g *gateway) init() {
	g.sessions = map[string]*session{}
	g.byShard = map[int]*session{}
	g.conns = map[*conn]bool{}
}

// closeAll closes every connection; s.mu is not held.
func (g *gateway) closeAll(s *Server) {
	s.mu.Lock()
	conns := make([]*conn, 0, len(g.conns))
	for c := range g.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		_ = c.ws.Close()
	}
}

func marshalFrame(op int, d any, seq int, typ string) []byte {
	raw, _ := json.Marshal(d)
	f := frame{Op: op, D: raw, Type: typ}
	if seq > 0 {
		f.S = &seq
	}
	b, _ := json.Marshal(f)
	return b
}

// serveWS speaks the gateway protocol on one connection.
func (g *gateway) serveWS(s *Server, w http.ResponseWriter, r *http.Request) {
	if !websocket.IsWebSocketUpgrade(r) {
		http.Error(w, "the gateway speaks websocket", http.StatusBadRequest)
		return
	}
	if v := r.URL.Query().Get("v"); v != "" && v != "9" && v != "10" {
		http.Error(w, "unsupported gateway version "+v, http.StatusBadRequest)
		return
	}
	ws, err := g.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &conn{ws: ws}
	s.mu.Lock()
	g.conns[c] = true
	g.stats.Connections++
	s.notify()
	s.mu.Unlock()
	defer func() {
		_ = ws.Close()
		s.mu.Lock()
		delete(g.conns, c)
		if c.sess != nil && c.sess.conn == c {
			c.sess.conn = nil
		}
		s.notify()
		s.mu.Unlock()
	}()
	s.mu.Lock()
	silent := s.gwFaults.Silent
	s.mu.Unlock()
	if silent {
		// Never HELLO: read (and drop) until the client goes away.
		for {
			if _, _, err := ws.ReadMessage(); err != nil {
				return
			}
		}
	}
	if c.write(marshalFrame(opHello, map[string]any{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds()}, 0, "")) != nil {
		return
	}
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var f frame
		if err := json.Unmarshal(msg, &f); err != nil {
			g.refuse(s, c, 4002, "Error while decoding payload.")
			return
		}
		switch f.Op {
		case opHeartbeat:
			s.mu.Lock()
			g.stats.Heartbeats++
			s.notify()
			s.mu.Unlock()
			if c.write(marshalFrame(opHeartbeatAck, nil, 0, "")) != nil {
				return
			}
		case opIdentify:
			if !g.identify(s, c, f.D) {
				return
			}
		case opResume:
			if !g.resume(s, c, f.D) {
				return
			}
		default:
			// Presence and voice updates are accepted and ignored.
		}
	}
}

// refuse closes c with a gateway close code, as Discord does.
func (g *gateway) refuse(s *Server, c *conn, code int, why string) {
	s.mu.Lock()
	g.stats.Refused = append(g.stats.Refused, fmt.Sprintf("%d %s", code, why))
	s.notify()
	s.mu.Unlock()
	c.wmu.Lock()
	_ = c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(code, why))
	c.wmu.Unlock()
}

func (s *Server) tokenOK(tok string) bool {
	s.mu.Lock()
	revoked := s.revoked
	s.mu.Unlock()
	return !revoked && strings.TrimPrefix(tok, "Bot ") == s.opts.Token && s.opts.Token != ""
}

func (g *gateway) identify(s *Server, c *conn, raw json.RawMessage) bool {
	var d struct {
		Token   string  `json:"token"`
		Intents *int    `json:"intents"`
		Shard   *[2]int `json:"shard"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		g.refuse(s, c, 4002, "Error while decoding payload.")
		return false
	}
	s.mu.Lock()
	g.stats.Received++
	s.notify()
	s.mu.Unlock()
	if c.sess != nil {
		g.refuse(s, c, 4005, "Already authenticated.")
		return false
	}
	if !s.tokenOK(d.Token) {
		g.refuse(s, c, 4004, "Authentication failed.")
		return false
	}
	if d.Intents == nil {
		g.refuse(s, c, 4013, "Invalid intent(s).")
		return false
	}
	s.mu.Lock()
	if ss := s.gwFaults.SessionStarts; ss != nil {
		if ss.Remaining--; ss.Remaining < 0 {
			g.stats.OverBudget++
		}
	}
	closeCode := s.gwFaults.CloseCode
	s.mu.Unlock()
	if closeCode != 0 {
		g.refuse(s, c, closeCode, "Injected close.")
		return false
	}
	s.mu.Lock()
	invalid := s.gwFaults.InvalidSessions > 0
	if invalid {
		s.gwFaults.InvalidSessions--
		g.stats.Invalidated++
		s.notify()
	}
	s.mu.Unlock()
	if invalid {
		return c.write(marshalFrame(opInvalidSession, false, 0, "")) == nil
	}
	shard := [2]int{0, 1}
	if d.Shard != nil {
		shard = *d.Shard
	}
	if shard[1] != s.opts.ShardCount || shard[0] < 0 || shard[0] >= shard[1] {
		g.refuse(s, c, 4010, "Invalid shard.")
		return false
	}
	s.mu.Lock()
	s.seq++
	sess := &session{id: "session-" + strconv.Itoa(s.seq), shard: shard, conn: c}
	g.sessions[sess.id] = sess
	g.byShard[shard[0]] = sess
	c.sess = sess
	g.stats.Identifies++
	g.stats.Shards = append(g.stats.Shards, shard)
	g.stats.Intents = append(g.stats.Intents, *d.Intents)
	ready := map[string]any{"v": 10, "session_id": sess.id, "resume_gateway_url": s.GatewayURL(),
		"user": botUser(s.opts.AppID), "application": map[string]any{"id": s.opts.AppID, "flags": 0},
		"guilds": []any{}, "shard": shard}
	// Events are written under the lock, so they go out in sequence order.
	defer s.mu.Unlock()
	if c.write(g.dispatchLocked(sess, "READY", ready)) != nil {
		return false
	}
	g.stats.Ready++
	s.notify()
	return true
}

func (g *gateway) resume(s *Server, c *conn, raw json.RawMessage) bool {
	var d struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int    `json:"seq"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		g.refuse(s, c, 4002, "Error while decoding payload.")
		return false
	}
	if !s.tokenOK(d.Token) {
		g.refuse(s, c, 4004, "Authentication failed.")
		return false
	}
	s.mu.Lock()
	closeCode := s.gwFaults.CloseCode
	s.mu.Unlock()
	if closeCode != 0 {
		g.refuse(s, c, closeCode, "Injected close.")
		return false
	}
	s.mu.Lock()
	sess := g.sessions[d.SessionID]
	if sess == nil || d.Seq < 0 || d.Seq > len(sess.events) {
		s.mu.Unlock()
		// Not resumable: the client must identify again.
		return c.write(marshalFrame(opInvalidSession, false, 0, "")) == nil
	}
	if old := sess.conn; old != nil && old != c {
		_ = old.ws.Close()
	}
	sess.conn = c
	c.sess = sess
	g.stats.Resumes++
	defer s.mu.Unlock()
	for _, b := range sess.events[d.Seq:] {
		if c.write(b) != nil {
			return false
		}
	}
	if c.write(g.dispatchLocked(sess, "RESUMED", map[string]any{})) != nil {
		return false
	}
	g.stats.Ready++
	s.notify()
	return true
}

// dispatchLocked appends an event to sess and returns its frame; s.mu is held.
func (g *gateway) dispatchLocked(sess *session, typ string, d any) []byte {
	b := marshalFrame(opDispatch, d, len(sess.events)+1, typ)
	sess.events = append(sess.events, b)
	return b
}

// Stats returns the gateway's counters.
func (s *Server) Stats() GatewayStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.gw.stats
	st.Refused = append([]string(nil), st.Refused...)
	st.Shards = append([][2]int(nil), st.Shards...)
	st.Intents = append([]int(nil), st.Intents...)
	return st
}

// AwaitReady waits until n gateway handshakes (READY or RESUMED) have
// completed in all.
func (s *Server) AwaitReady(t testing.TB, n int) GatewayStats {
	t.Helper()
	s.waitFor(t, Wait, func() string {
		return fmt.Sprintf("%d gateway handshakes (have %d; refused: %v)", n, s.gw.stats.Ready, s.gw.stats.Refused)
	}, func() bool { return s.gw.stats.Ready >= n })
	return s.Stats()
}

// AwaitIdentifies waits until n IDENTIFYs have been received in all,
// whatever the answer.
func (s *Server) AwaitIdentifies(t testing.TB, n int) GatewayStats {
	t.Helper()
	s.waitFor(t, Wait, func() string {
		return fmt.Sprintf("%d IDENTIFYs (have %d)", n, s.gw.stats.Received)
	}, func() bool { return s.gw.stats.Received >= n })
	return s.Stats()
}

// AwaitDisconnected waits until shard has no live connection.
func (s *Server) AwaitDisconnected(t testing.TB, shard int) {
	t.Helper()
	s.waitFor(t, Wait, func() string { return fmt.Sprintf("shard %d to disconnect", shard) }, func() bool {
		sess := s.gw.byShard[shard]
		return sess == nil || sess.conn == nil
	})
}

// Interaction is the part of an interaction a test chooses; the fake adds
// the id, application id, token, version and user.
type Interaction struct {
	Type    int    // 2 command, 3 component, 4 autocomplete, 5 modal submit
	Locale  string // e.g. "en-US", "ko", "ja"
	GuildID string // default "42"; selects the shard
	UserID  string // default: a new id per interaction
	Data    any    // the interaction's data object
	// Message is the message holding the pressed component, as Discord
	// sends it with component and modal interactions (nil: none).
	Message any
	// Context is where it happens: 0 a server (default), 1 a DM with the
	// bot, 2 a group DM. Outside a server there is no guild_id (the
	// event goes to shard 0) and the user comes as "user", not "member".
	Context int
	// UserInstall sends it through the user's installation of the app:
	// authorizing_integration_owners names the user ("1") rather than the
	// server ("0").
	UserInstall bool
	// Permissions is the member's permissions in a server as raw JSON,
	// e.g. `"2048"` (default `"0"`).
	Permissions string
	// NoUser sends it without member or user, as no real interaction is.
	NoUser bool
}

// Interact dispatches INTERACTION_CREATE to the session of the shard that
// owns the interaction's guild ((guild_id >> 22) % shard_count) and
// returns the interaction's token. While that session is disconnected the
// event waits in it, and is replayed when the bot resumes.
func (s *Server) Interact(t testing.TB, in Interaction) (token string) {
	t.Helper()
	in = in.withDefaults()
	guild, err := strconv.ParseUint(in.GuildID, 10, 64)
	if err != nil && in.GuildID != "" {
		t.Fatalf("fakediscord: guild id %q", in.GuildID)
	}
	shard := int((guild >> 22) % uint64(s.opts.ShardCount))
	s.mu.Lock()
	ev, token := s.newInteractionLocked(in)
	sess := s.gw.byShard[shard]
	if sess == nil {
		s.mu.Unlock()
		t.Fatalf("fakediscord: no session for shard %d", shard)
	}
	b := s.gw.dispatchLocked(sess, "INTERACTION_CREATE", ev)
	if c := sess.conn; c != nil {
		// A write error means the connection is going away; the event
		// stays in the session for the RESUME.
		_ = c.write(b)
	}
	s.mu.Unlock()
	return token
}

// withDefaults fills in what a test left unset: guild 42 in a server, no
// guild elsewhere, the locale en-US.
func (in Interaction) withDefaults() Interaction {
	if in.GuildID == "" && in.Context == 0 {
		in.GuildID = "42"
	}
	if in.Context != 0 {
		in.GuildID = ""
	}
	if in.Locale == "" {
		in.Locale = "en-US"
	}
	return in
}

// newInteractionLocked records a new interaction and returns it as
// Discord sends it, and its token; s.mu is held.
func (s *Server) newInteractionLocked(in Interaction) (ev map[string]any, token string) {
	s.seq++
	n := s.seq
	id := strconv.Itoa(700000000000000000 + n)
	token = fmt.Sprintf("aW50ZXJhY3Rpb246%d:fake-interaction-token", n)
	user := in.UserID
	if user == "" {
		user = strconv.Itoa(500000000000000000 + n)
	}
	pressed := ""
	if m, ok := in.Message.(map[string]any); ok {
		pressed, _ = m["id"].(string)
	}
	s.interactions[token] = &interaction{id: id, token: token, channel: "43", pressed: pressed}
	owners := map[string]any{"0": in.GuildID}
	switch {
	case in.UserInstall:
		owners = map[string]any{"1": user}
	case in.Context != 0:
		owners = map[string]any{"0": "0"}
	}
	ev = map[string]any{"id": id, "application_id": s.opts.AppID, "type": in.Type, "token": token, "version": 1,
		"locale": in.Locale, "channel_id": "43", "app_permissions": "0", "context": in.Context,
		"authorizing_integration_owners": owners}
	u := map[string]any{"id": user, "username": "player", "global_name": "Player"}
	var perms any = "0"
	if in.Permissions != "" {
		perms = json.RawMessage(in.Permissions)
	}
	switch {
	case in.Context == 0:
		ev["guild_id"] = in.GuildID
		if !in.NoUser {
			ev["member"] = map[string]any{"user": u, "roles": []string{}, "permissions": perms}
		}
	case !in.NoUser:
		ev["user"] = u
	}
	if in.Data != nil {
		ev["data"] = in.Data
	}
	if in.Message != nil {
		ev["message"] = in.Message
	}
	return ev, token
}

// Reconnect asks shard's live connection to reconnect (op 7), as Discord
// does before moving a session.
func (s *Server) Reconnect(t testing.TB, shard int) {
	t.Helper()
	c := s.liveConn(t, shard)
	if err := c.write(marshalFrame(opReconnect, nil, 0, "")); err != nil {
		t.Fatalf("fakediscord: sending op 7: %v", err)
	}
}

// Drop closes shard's live connection abruptly (no close frame), as a
// network failure would.
func (s *Server) Drop(t testing.TB, shard int) {
	t.Helper()
	_ = s.liveConn(t, shard).ws.NetConn().Close()
}

func (s *Server) liveConn(t testing.TB, shard int) *conn {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.gw.byShard[shard]
	if sess == nil || sess.conn == nil {
		t.Fatalf("fakediscord: shard %d has no live connection", shard)
	}
	return sess.conn
}
