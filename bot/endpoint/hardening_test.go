package endpoint_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
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

// signed is an endpoint that the fake Discord posts signed interactions
// to, on one clock the test moves by hand.
type signed struct {
	t     *testing.T
	fake  *fakediscord.Server
	ep    *endpoint.Endpoint
	url   string
	log   *bottest.LogBuffer
	calls atomic.Int64 // handler runs

	mu  sync.Mutex
	now time.Time
}

func (s *signed) clock() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now
}

func (s *signed) advance(d time.Duration) {
	s.mu.Lock()
	s.now = s.now.Add(d)
	s.mu.Unlock()
}

// newSigned serves the endpoint (remembering at most remembered ids;
// 0: the default) over /echo and /perms, which says whether the member
// may manage the server.
func newSigned(t *testing.T, remembered int) *signed {
	s := &signed{t: t, log: &bottest.LogBuffer{}, now: time.Unix(1_790_000_000, 0)}
	s.fake = fakediscord.New(t, fakediscord.Options{Token: "unused", Now: s.clock})
	count := func(h commands.HandlerFunc) commands.HandlerFunc {
		return func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			s.calls.Add(1)
			return h(ctx, req)
		}
	}
	reg := commands.NewRegistry(
		&commands.Command{Name: commands.T("echo", "", ""), Description: commands.T("Echo", "", ""),
			Handle: count(func(context.Context, *commands.Request) (*commands.Reply, error) {
				return &commands.Reply{Content: "echo"}, nil
			})},
		&commands.Command{Name: commands.T("perms", "", ""), Description: commands.T("Permissions", "", ""),
			Handle: count(func(_ context.Context, req *commands.Request) (*commands.Reply, error) {
				return &commands.Reply{Content: fmt.Sprintf("manage:%v", req.CanManageServer())}, nil
			})})
	log := slog.New(slog.NewJSONHandler(s.log, nil))
	d, err := bot.NewDispatcher(reg, bottest.Limits{Logger: log, DeferAfter: time.Hour}.Options())
	if err != nil {
		t.Fatal(err)
	}
	s.ep, err = endpoint.New(d, endpoint.Options{PublicKey: fakediscord.SigningKey().Public().(ed25519.PublicKey),
		APIBase: s.fake.URL, Logger: log, Now: s.clock, Remembered: remembered})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.ep)
	t.Cleanup(srv.Close)
	s.url = srv.URL + endpoint.Path
	return s
}

func command(name string) fakediscord.Interaction {
	return fakediscord.Interaction{Type: 2, Data: map[string]any{"id": "1", "name": name, "type": 1}}
}

// content is the content of an answered interaction's response.
func (s *signed) content(p fakediscord.Posted) string {
	s.t.Helper()
	if p.Status != http.StatusOK {
		s.t.Fatalf("status %d: %s", p.Status, p.Response)
	}
	var r struct {
		Data struct {
			Content string `json:"content"`
		} `json:"data"`
	}
	if err := json.Unmarshal(p.Response, &r); err != nil {
		s.t.Fatal(err)
	}
	return r.Data.Content
}

// A signed request sent again while its signature is valid (a replay)
// is refused with 409 and never reaches a handler, its interaction id in
// the warning; once the signature's window is over it is refused as
// stale. The ids are remembered in bounded memory: at most Remembered,
// and none whose window is over.
func TestReplayedInteractionIsRefused(t *testing.T) {
	s := newSigned(t, 3)
	first := s.fake.Post(t, s.url, command("echo"))
	if got := s.content(first); got != "echo" {
		t.Fatalf("first: %q", got)
	}
	s.advance(4 * time.Minute) // within the 5 minutes a signature is valid
	again := s.fake.Repost(t, s.url, first)
	if again.Status != http.StatusConflict {
		t.Fatalf("replay: status %d %s, want 409", again.Status, again.Response)
	}
	if n := s.calls.Load(); n != 1 {
		t.Fatalf("the handler ran %d times, want once", n)
	}
	if !strings.Contains(s.log.String(), `"msg":"interaction refused: its id was received already (a replayed request)","interaction":"`+first.ID+`"`) {
		t.Errorf("the refusal is not logged with its interaction:\n%s", s.log)
	}
	s.advance(2 * time.Minute)
	if late := s.fake.Repost(t, s.url, first); late.Status != http.StatusUnauthorized {
		t.Fatalf("replay after the window: status %d, want 401", late.Status)
	}

	// Bounded: five more interactions, three ids remembered at most; the
	// newest are, so a replay of the last is refused.
	var last fakediscord.Posted
	for range 5 {
		last = s.fake.Post(t, s.url, command("echo"))
		s.content(last)
		if n := endpoint.Remembered(s.ep); n > 3 {
			t.Fatalf("%d ids remembered, bound 3", n)
		}
	}
	if p := s.fake.Repost(t, s.url, last); p.Status != http.StatusConflict {
		t.Fatalf("replay of the newest: %d", p.Status)
	}
	// Ten minutes on, the windows are over: one new id is all that is kept.
	s.advance(10 * time.Minute)
	s.content(s.fake.Post(t, s.url, command("echo")))
	if n := endpoint.Remembered(s.ep); n != 1 {
		t.Fatalf("%d ids remembered after their windows ended, want 1", n)
	}
}

// An interaction with no user at all (neither member nor user) is
// refused with 400, logged with its id, and never reaches a handler.
func TestInteractionWithoutUserIsRefused(t *testing.T) {
	s := newSigned(t, 0)
	for _, in := range []fakediscord.Interaction{{Type: 2, NoUser: true, Data: map[string]any{"name": "echo", "type": 1}},
		{Type: 2, NoUser: true, Context: 1, Data: map[string]any{"name": "echo", "type": 1}}} {
		p := s.fake.Post(t, s.url, in)
		if p.Status != http.StatusBadRequest || !strings.Contains(string(p.Response), "without a user") {
			t.Fatalf("status %d %s, want 400", p.Status, p.Response)
		}
		if !strings.Contains(s.log.String(), `"msg":"interaction refused: no user","interaction":"`+p.ID+`"`) {
			t.Errorf("the refusal is not logged with its interaction:\n%s", s.log)
		}
	}
	if n := s.calls.Load(); n != 0 {
		t.Fatalf("the handler ran %d times", n)
	}
}

// A member's permissions of any size are read, never failing the
// interaction: 2^63, 2^64 + 32 (Manage Server and a bit past 64), 2^100 +
// 8 (Administrator), 2^65 (none Alea reads); a value that is not a
// decimal string is answered too, as no permission, with a warning that
// names the interaction.
func TestPermissionsBeyond64Bits(t *testing.T) {
	s := newSigned(t, 0)
	for _, c := range []struct {
		perms  string
		manage bool
	}{
		{`"9223372036854775808"`, false},
		{`"18446744073709551648"`, true},
		{`"1267650600228229401496703205384"`, true},
		{`"36893488147419103232"`, false},
		{`"2251799813685247"`, true},
		{`"all of them"`, false},
	} {
		in := command("perms")
		in.Permissions = c.perms
		p := s.fake.Post(t, s.url, in)
		if got := s.content(p); got != fmt.Sprintf("manage:%v", c.manage) {
			t.Errorf("permissions %s: %q", c.perms, got)
		}
		if warned := strings.Contains(s.log.String(), `"member permissions are not a decimal string; read as none","interaction":"`+p.ID+`"`); warned != (c.perms == `"all of them"`) {
			t.Errorf("permissions %s: warned %v\n%s", c.perms, warned, s.log)
		}
	}
}
