package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Fault is an injected failure of the fake's REST side: the next Times
// calls matching Method and Route are answered Status (429 with
// Retry-After, or a 5xx) instead of being served, as a flaky Discord
// would answer.
type Fault struct {
	// Method matches the call's method ("" matches any).
	Method string
	// Route is a prefix of the call's route without its API version,
	// e.g. "/applications/" or "/interactions/" ("" matches any).
	Route string
	// Status is the answer: 429, 500, 502, …
	Status int
	// RetryAfter is sent as Retry-After (seconds) with a 429, and in its
	// JSON body (retry_after).
	RetryAfter time.Duration
	// Times is how many calls get the fault (at least 1).
	Times int
}

// InjectREST adds a fault; faults are consumed in the order injected.
func (s *Server) InjectREST(f Fault) {
	if f.Times < 1 {
		f.Times = 1
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, f)
}

// takeFault returns the first fault matching the call and consumes one of
// its times.
func (s *Server) takeFault(method, route string) (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.faults {
		f := &s.faults[i]
		if f.Times > 0 && (f.Method == "" || f.Method == method) && strings.HasPrefix(route, f.Route) {
			f.Times--
			return *f, true
		}
	}
	return Fault{}, false
}

// answerFault answers a call with an injected fault, as Discord does.
func answerFault(w http.ResponseWriter, f Fault) {
	if f.Status == http.StatusTooManyRequests {
		secs := f.RetryAfter.Seconds()
		w.Header().Set("Retry-After", strconv.FormatFloat(secs, 'f', -1, 64))
		writeJSON(w, f.Status, map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": false})
		return
	}
	discordError(w, f.Status, 0, http.StatusText(f.Status))
}

// Revoke refuses the bot token from now on, as after a reset in the
// Developer Portal: REST calls authorised by it get 401, and the
// gateway closes IDENTIFY and RESUME with 4004.
func (s *Server) Revoke() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.revoked = true
}

// GatewayFaults are injected failures of the fake's gateway side.
type GatewayFaults struct {
	// Silent accepts the websocket and never says HELLO: the client
	// waits until it gives up or closes.
	Silent bool
	// InvalidSessions answers that many IDENTIFYs with INVALID SESSION
	// (op 9, not resumable) before accepting one; a large number is an
	// op 9 storm.
	InvalidSessions int
	// CloseCode, when set, closes the connection with that code (e.g.
	// 4010–4014) instead of answering IDENTIFY or RESUME.
	CloseCode int
	// SessionStarts, when set, is the session-start budget GET
	// /gateway/bot reports: every IDENTIFY spends one, and those beyond
	// it are counted (GatewayStats.OverBudget), as Discord would reset
	// the token over them. Unset: 1000 a day, never spent.
	SessionStarts *SessionStarts
}

// SessionStarts is the session_start_limit the fake reports.
type SessionStarts struct {
	Total, Remaining, MaxConcurrency int
	ResetAfter                       time.Duration
}

// InjectGateway sets the gateway's faults for the connections to come.
func (s *Server) InjectGateway(f GatewayFaults) {
	if f.SessionStarts != nil {
		ss := *f.SessionStarts
		f.SessionStarts = &ss
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gwFaults = f
}

// AwaitConnections waits until n websocket connections have been
// accepted in all (a Silent gateway accepts them, then says nothing).
func (s *Server) AwaitConnections(t testing.TB, n int) {
	t.Helper()
	s.waitFor(t, Wait, func() string {
		return fmt.Sprintf("%d gateway connections (have %d)", n, s.gw.stats.Connections)
	}, func() bool { return s.gw.stats.Connections >= n })
}

// HTTPInteraction returns in as Discord POSTs it to an HTTP interactions
// endpoint (the caller signs and sends it), and its token. The first
// response travels in the HTTP response, which the fake does not see:
// pass it to AnsweredOverHTTP, and the interaction's webhook is then
// served as after a callback. (Post signs and sends it itself.)
func (s *Server) HTTPInteraction(in Interaction) (body []byte, token string) {
	s.mu.Lock()
	ev, token := s.newInteractionLocked(in.withDefaults())
	// Its webhook waits for AnsweredOverHTTP, as Discord has the response
	// before it serves the webhook.
	s.interactions[token].posting = make(chan struct{})
	s.mu.Unlock()
	body, _ = json.Marshal(ev)
	return body, token
}

// AnsweredOverHTTP records the endpoint's HTTP response to the
// interaction with token, as Discord would take it, after checking it
// as a callback's payload.
func (s *Server) AnsweredOverHTTP(t testing.TB, token string, response []byte) {
	t.Helper()
	if err := CheckPayload(response, true, nil); err != nil {
		s.donePosting(token)
		t.Fatalf("fakediscord: the HTTP response %s: %v", response, err)
	}
	if !s.answered(token, response) {
		t.Fatalf("fakediscord: no interaction %s", token)
	}
	s.donePosting(token)
}

// answered records response as the first response to the interaction
// with token, and reports whether there is one.
func (s *Server) answered(token string, response []byte) bool {
	var resp struct {
		Type int `json:"type"`
	}
	_ = json.Unmarshal(response, &resp)
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.interactions[token]
	if in == nil {
		return false
	}
	in.acknowledged = true
	in.original = resp.Type == 4 || resp.Type == 5 || resp.Type == 7 || resp.Type == 6
	s.respondedLocked(in, response)
	s.notify()
	return true
}
