package gateway

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// identifySpacing is the least time between two IDENTIFYs of one shard:
// Discord allows max_concurrency IDENTIFYs per 5 s, one per bucket
// (shard_id % max_concurrency), so one shard identifies once per 5 s.
const identifySpacing = 5 * time.Second

// The wait Discord asks for before identifying again after INVALID
// SESSION (op 9): a random time from 1 to 5 s.
const (
	invalidWaitMin = time.Second
	invalidWaitMax = 5 * time.Second
)

// Clock is what the gateway waits with before an IDENTIFY; tests inject
// one that records the waits instead of sleeping.
type Clock interface {
	// Now is the current time.
	Now() time.Time
	// Sleep waits d, or until ctx ends (then it returns ctx's error).
	Sleep(ctx context.Context, d time.Duration) error
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// SessionStartLimit is the session_start_limit of GET /gateway/bot: how
// many sessions the bot may still start (remaining) before Discord's
// daily budget resets (after ResetAfter), and how many IDENTIFYs may go
// out per 5 s (MaxConcurrency).
type SessionStartLimit struct {
	Total          int `json:"total"`
	Remaining      int `json:"remaining"`
	ResetAfter     int `json:"reset_after"` // milliseconds
	MaxConcurrency int `json:"max_concurrency"`
}

// identifyGate holds every IDENTIFY of the gateway until Discord's rules
// allow it: 1–5 s after an INVALID SESSION, 5 s after the previous
// IDENTIFY, and only while the session-start budget is not spent
// (otherwise until it resets). discordgo answers op 9 at once with a new
// IDENTIFY on the same connection, so the gate sits under it, on the
// websocket's connection (gatedConn).
type identifyGate struct {
	clock  Clock
	jitter func(n time.Duration) time.Duration // a random duration in [0, n)
	limits func(ctx context.Context) (SessionStartLimit, error)
	log    *slog.Logger
	ctx    context.Context // ends when the gateway closes

	invalidated atomic.Bool // INVALID SESSION came since the previous IDENTIFY

	mu        sync.Mutex
	last      time.Time // when the previous IDENTIFY went out
	remaining int       // the budget left as last known (-1: unknown)
}

// sawInvalidSession records an INVALID SESSION from Discord.
func (g *identifyGate) sawInvalidSession() {
	g.invalidated.Store(true)
}

// before waits until an IDENTIFY may go out. It returns an error only
// when the gateway closes meanwhile.
func (g *identifyGate) before() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.invalidated.Swap(false) {
		wait := invalidWaitMin + g.jitter(invalidWaitMax-invalidWaitMin)
		g.log.Warn("Discord invalidated the session; identifying again after the wait it asks for", "wait", wait)
		if err := g.clock.Sleep(g.ctx, wait); err != nil {
			return err
		}
	}
	if !g.last.IsZero() {
		if d := identifySpacing - g.clock.Now().Sub(g.last); d > 0 {
			if err := g.clock.Sleep(g.ctx, d); err != nil {
				return err
			}
		}
	}
	for {
		lim, err := g.limits(g.ctx)
		if err != nil {
			if g.ctx.Err() != nil {
				return g.ctx.Err()
			}
			// Discord did not say: count down what it said last.
			g.log.Warn("could not read the session-start budget from Discord", "err", err)
			if g.remaining < 0 {
				break
			}
			lim = SessionStartLimit{Remaining: g.remaining, ResetAfter: int(time.Hour / time.Millisecond)}
		}
		g.remaining = lim.Remaining
		if lim.Remaining > 0 {
			break
		}
		wait := max(time.Duration(lim.ResetAfter)*time.Millisecond, time.Second)
		g.log.Error("the session-start budget Discord allows per day is spent; waiting until it resets (more IDENTIFYs would get the token reset)",
			"total", lim.Total, "wait", wait)
		if err := g.clock.Sleep(g.ctx, wait); err != nil {
			return err
		}
		g.remaining = -1 // ask again
	}
	if g.remaining > 0 {
		g.remaining--
	}
	g.last = g.clock.Now()
	return nil
}

// gatewayBotLimits asks GET /gateway/bot for the session-start budget.
func gatewayBotLimits(client *http.Client, apiBase, token, userAgent string) func(ctx context.Context) (SessionStartLimit, error) {
	return func(ctx context.Context) (SessionStartLimit, error) {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, apiBase+"/api/v9/gateway/bot", nil)
		if err != nil {
			return SessionStartLimit{}, err
		}
		req.Header.Set("Authorization", "Bot "+token)
		req.Header.Set("User-Agent", userAgent)
		resp, err := client.Do(req)
		if err != nil {
			return SessionStartLimit{}, errors.New(redact(err.Error(), token))
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return SessionStartLimit{}, fmt.Errorf("GET /gateway/bot: %s", resp.Status)
		}
		var body struct {
			Limit *SessionStartLimit `json:"session_start_limit"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(nil, resp.Body, 1<<16)).Decode(&body); err != nil || body.Limit == nil {
			return SessionStartLimit{}, fmt.Errorf("GET /gateway/bot: no session_start_limit (%v)", err)
		}
		return *body.Limit, nil
	}
}

// Close codes after which Discord will not take the session back: the
// bot must stop, and a person must act.
var fatalCloseCodes = map[int]string{
	4004: "the token was refused (authentication failed): reset it in the Developer Portal (Bot page) and set DISCORD_TOKEN",
	4010: "Discord refused the shard: check SHARD_ID and SHARD_COUNT",
	4011: "Discord requires sharding for this bot: set SHARD_COUNT (GET /gateway/bot says how many) and run one process per shard",
	4012: "Discord no longer accepts this gateway API version: upgrade Alea",
	4013: "Discord refused the gateway intents as invalid: upgrade Alea",
	4014: "Discord refused the gateway intents as not allowed: enable them in the Developer Portal (Bot page) or upgrade Alea",
}

// CloseError is a gateway close code after which the bot cannot go on
// (4004 and 4010–4014), with what a person must do.
type CloseError struct {
	Code   int
	Action string
}

// Error names the close code and what to do.
func (e *CloseError) Error() string {
	return fmt.Sprintf("gateway closed with code %d: %s", e.Code, e.Action)
}

// gatedConn is the websocket's network connection, watched in both
// directions: Discord's frames for INVALID SESSION and close codes, ours
// for IDENTIFY, which waits at the gate first.
type gatedConn struct {
	net.Conn
	gate  *identifyGate
	fatal func(code int)
	in    frameScanner
}

// Read passes Discord's bytes on, noting op 9 and close codes.
func (c *gatedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.in.feed(p[:n], func(opcode byte, payload []byte) {
		switch opcode {
		case 0x8: // close
			if len(payload) >= 2 {
				code := int(binary.BigEndian.Uint16(payload))
				if _, ok := fatalCloseCodes[code]; ok {
					c.fatal(code)
				}
			}
		case 0x1: // text
			if gatewayOp(payload) == 9 {
				c.gate.sawInvalidSession()
			}
		}
	})
	return n, err
}

// Write holds an IDENTIFY at the gate; everything else passes at once.
// The websocket library writes each small frame whole, in one Write.
func (c *gatedConn) Write(p []byte) (int, error) {
	if isIdentify(p) {
		if err := c.gate.before(); err != nil {
			return 0, fmt.Errorf("IDENTIFY not sent: %w", err)
		}
	}
	return c.Conn.Write(p)
}

// gatewayOp is the op of a gateway payload, or -1.
func gatewayOp(payload []byte) int {
	var f struct {
		Op *int `json:"op"`
	}
	if json.Unmarshal(payload, &f) != nil || f.Op == nil {
		return -1
	}
	return *f.Op
}

// isIdentify reports whether p is one whole masked client text frame
// carrying op 2.
func isIdentify(p []byte) bool {
	if len(p) < 6 || p[0]&0x0f != 0x1 || p[0]&0x80 == 0 || p[1]&0x80 == 0 {
		return false
	}
	n, h := int(p[1]&0x7f), 2
	switch n {
	case 126:
		if len(p) < 4 {
			return false
		}
		n, h = int(binary.BigEndian.Uint16(p[2:])), 4
	case 127:
		return false // IDENTIFY is far smaller
	}
	if len(p) != h+4+n || n > 1<<14 {
		return false
	}
	key := p[h : h+4]
	payload := make([]byte, n)
	for i := range payload {
		payload[i] = p[h+4+i] ^ key[i%4]
	}
	return gatewayOp(payload) == 2
}

// frameScanner follows the websocket frames of a byte stream from
// Discord (unmasked), handing over the payload of each whole small
// frame (control frames, and text frames up to keepMax bytes).
type frameScanner struct {
	upgraded bool // the HTTP response to the upgrade is behind
	crlf     int  // how much of "\r\n\r\n" has just been seen
	hdr      []byte
	opcode   byte
	fin      bool
	left     uint64 // payload bytes still to come in the current frame
	keep     bool
	payload  []byte
}

const keepMax = 512

func (s *frameScanner) feed(p []byte, on func(opcode byte, payload []byte)) {
	for !s.upgraded && len(p) > 0 {
		// The frames begin after the HTTP response's blank line.
		if p[0] == "\r\n\r\n"[s.crlf] {
			s.crlf++
		} else if p[0] == '\r' {
			s.crlf = 1
		} else {
			s.crlf = 0
		}
		s.upgraded = s.crlf == 4
		p = p[1:]
	}
	for len(p) > 0 {
		if s.left == 0 && !s.headerDone() {
			s.hdr = append(s.hdr, p[0])
			p = p[1:]
			if s.headerDone() {
				s.startFrame(on)
			}
			continue
		}
		n := min(uint64(len(p)), s.left)
		if s.keep {
			s.payload = append(s.payload, p[:n]...)
		}
		s.left -= n
		p = p[n:]
		if s.left == 0 {
			s.endFrame(on)
		}
	}
}

// headerLen is the length of the header begun in s.hdr (0: not known yet).
func (s *frameScanner) headerLen() int {
	if len(s.hdr) < 2 {
		return 0
	}
	h := 2
	switch s.hdr[1] & 0x7f {
	case 126:
		h += 2
	case 127:
		h += 8
	}
	if s.hdr[1]&0x80 != 0 {
		h += 4
	}
	return h
}

func (s *frameScanner) headerDone() bool {
	h := s.headerLen()
	return h > 0 && len(s.hdr) == h
}

func (s *frameScanner) startFrame(on func(byte, []byte)) {
	s.opcode, s.fin = s.hdr[0]&0x0f, s.hdr[0]&0x80 != 0
	switch n := s.hdr[1] & 0x7f; n {
	case 126:
		s.left = uint64(binary.BigEndian.Uint16(s.hdr[2:]))
	case 127:
		s.left = binary.BigEndian.Uint64(s.hdr[2:])
	default:
		s.left = uint64(n)
	}
	s.keep = s.fin && s.left <= keepMax && (s.opcode == 0x1 || s.opcode >= 0x8)
	s.payload = s.payload[:0]
	if s.left == 0 {
		s.endFrame(on)
	}
}

func (s *frameScanner) endFrame(on func(byte, []byte)) {
	if s.keep {
		on(s.opcode, s.payload)
	}
	s.hdr, s.keep = s.hdr[:0], false
}
