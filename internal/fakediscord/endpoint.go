package fakediscord

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// signingSeed makes the fake's signing key: fixed, so that a test may
// configure an endpoint before starting the fake.
var signingSeed = bytes.Repeat([]byte{0xa1}, ed25519.SeedSize)

// SigningKey returns the fake's Ed25519 key, whose public half an
// interactions endpoint checks the fake's posts with (the application's
// public key of the Developer Portal).
func SigningKey() ed25519.PrivateKey { return ed25519.NewKeyFromSeed(signingSeed) }

// PublicKeyHex is the public half of SigningKey in hexadecimal, as
// DISCORD_PUBLIC_KEY takes it.
func PublicKeyHex() string {
	return hex.EncodeToString(SigningKey().Public().(ed25519.PublicKey))
}

// Posted is an interaction the fake posted to an interactions endpoint,
// and the endpoint's answer.
type Posted struct {
	ID, Token string
	// Body is the interaction as posted; Timestamp and Signature its
	// signature headers.
	Body                 []byte
	Timestamp, Signature string
	// Status and Response are the endpoint's answer.
	Status   int
	Response []byte
}

// Post signs the interaction with SigningKey at the fake's clock
// (Options.Now) and posts it to the interactions endpoint at url, as
// Discord does for an application with an interactions endpoint URL; the
// interaction's webhook (edits and follow-ups of a deferred reply) is
// then the fake's. An answer of 200 acknowledges the interaction; a
// response breaking Discord's limits fails the test.
func (s *Server) Post(t testing.TB, url string, in Interaction) Posted {
	t.Helper()
	s.mu.Lock()
	ev, token := s.newInteractionLocked(in.withDefaults())
	s.interactions[token].posting = make(chan struct{})
	s.mu.Unlock()
	defer s.donePosting(token)
	body, err := json.Marshal(ev)
	if err != nil {
		t.Fatalf("fakediscord: %v", err)
	}
	ts := strconv.FormatInt(s.now().Unix(), 10)
	sig := hex.EncodeToString(ed25519.Sign(SigningKey(), append([]byte(ts), body...)))
	p := Posted{ID: ev["id"].(string), Token: token, Body: body, Timestamp: ts, Signature: sig}
	return s.send(t, url, p)
}

// Repost sends p's request again, byte for byte and with its signature:
// a replay, as someone who captured it would send it.
func (s *Server) Repost(t testing.TB, url string, p Posted) Posted {
	t.Helper()
	p.Status, p.Response = 0, nil
	return s.send(t, url, p)
}

func (s *Server) send(t testing.TB, url string, p Posted) Posted {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(p.Body))
	if err != nil {
		t.Fatalf("fakediscord: %v", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", p.Signature)
	req.Header.Set("X-Signature-Timestamp", p.Timestamp)
	resp, err := (&http.Client{Timeout: Wait}).Do(req)
	if err != nil {
		t.Fatalf("fakediscord: posting the interaction: %v", err)
	}
	defer resp.Body.Close()
	p.Status = resp.StatusCode
	p.Response, _ = io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if p.Status != http.StatusOK {
		return p
	}
	if err := CheckPayload(p.Response, true, nil); err != nil {
		t.Errorf("fakediscord: the endpoint's response breaks a limit: %v\n%s", err, p.Response)
	}
	s.answered(p.Token, p.Response)
	return p
}

// donePosting lets the webhook of the interaction with token be served:
// its HTTP response is in (or will never be).
func (s *Server) donePosting(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in := s.interactions[token]; in != nil && in.posting != nil {
		close(in.posting)
		in.posting = nil
	}
}

// now is the fake's clock.
func (s *Server) now() time.Time {
	if s.opts.Now != nil {
		return s.opts.Now()
	}
	return time.Now()
}
