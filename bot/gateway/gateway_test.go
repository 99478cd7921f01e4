package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/gateway"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// testBotToken looks like a bot token; the tests check it is never logged.
const testBotToken = "MTExMTIyMjIzMzMzNDQ0NDU1.GxYzAb.fake-token-for-loopback-tests_0123456789"

// loopbackOnly records every connection the bot opens and refuses any
// that is not to a loopback address (no name is resolved).
type loopbackOnly struct {
	mu    sync.Mutex
	addrs []string
}

func (l *loopbackOnly) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	l.mu.Lock()
	l.addrs = append(l.addrs, addr)
	l.mu.Unlock()
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("test: refused a connection to %s, which is not loopback", addr)
	}
	var d net.Dialer
	return d.DialContext(ctx, network, addr)
}

func (l *loopbackOnly) dialed() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.addrs...)
}

// gwFixture is a Gateway and its Dispatcher connected to a fake Discord.
type gwFixture struct {
	t     testing.TB
	fake  *fakediscord.Server
	d     *bot.Dispatcher
	gw    *gateway.Gateway
	log   *bottest.LogBuffer
	dials *loopbackOnly
	mu    sync.Mutex
	toks  []string // interaction tokens handed out
	// tokenRefused: the fake refuses the token, so the one call asking
	// for the session-start budget is refused too.
	tokenRefused bool
}

// newGatewayFixture starts a fake Discord and opens a gateway to it. edit
// may change the gateway's options (and fakeOpts the fake's) before.
func newGatewayFixture(t testing.TB, reg *commands.Registry, o bottest.Limits, fo fakediscord.Options, edit func(*gateway.Options)) *gwFixture {
	t.Helper()
	f := &gwFixture{t: t, log: &bottest.LogBuffer{}, dials: &loopbackOnly{}}
	if fo.Token == "" {
		fo.Token = testBotToken
	}
	f.fake = fakediscord.New(t, fo)
	log := slog.New(slog.NewJSONHandler(f.log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	o.Logger = log
	d, err := bot.NewDispatcher(reg, o.Options())
	if err != nil {
		t.Fatal(err)
	}
	f.d = d
	gopts := gateway.Options{Token: testBotToken, APIBase: f.fake.URL, Logger: log, Dial: f.dials.dial}
	if edit != nil {
		edit(&gopts)
	}
	f.gw, err = gateway.New(d, gopts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), bottest.Wait)
		defer cancel()
		_ = f.gw.Close(ctx)
		_ = d.Close(ctx)
		f.checkLog()
		if p := f.fake.Problems(); len(p) > 0 && !(f.tokenRefused && len(p) == 1 && strings.HasPrefix(p[0], "GET /gateway/bot: 401")) {
			t.Errorf("the fake Discord refused calls:\n%s", strings.Join(p, "\n"))
		}
	})
	return f
}

// open connects the gateway and fails the test on an error.
func (f *gwFixture) open() {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), bottest.Wait)
	defer cancel()
	if err := f.gw.Open(ctx); err != nil {
		f.t.Fatalf("Open: %v\nlog:\n%s", err, f.log)
	}
}

// checkLog fails the test when a token appears in the log.
func (f *gwFixture) checkLog() {
	f.t.Helper()
	logged := f.log.String()
	if strings.Contains(logged, testBotToken) || strings.Contains(logged, strings.Split(testBotToken, ".")[2]) {
		f.t.Errorf("the bot token appears in the log:\n%s", logged)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, tok := range f.toks {
		if strings.Contains(logged, tok) {
			f.t.Errorf("interaction token %s appears in the log", tok)
		}
	}
}

func (f *gwFixture) interact(in fakediscord.Interaction) string {
	f.t.Helper()
	tok := f.fake.Interact(f.t, in)
	f.mu.Lock()
	f.toks = append(f.toks, tok)
	f.mu.Unlock()
	return tok
}

// answer dispatches an interaction and returns the response type of its
// callback and the message Discord ends up showing: the callback's data,
// or (after a deferred response) the payload of the edit or follow-up.
// The fake has checked every payload against Discord's limits.
func (f *gwFixture) answer(in fakediscord.Interaction) (ack int, payload []byte, calls []fakediscord.Call) {
	f.t.Helper()
	tok := f.interact(in)
	calls = f.fake.Await(f.t, tok, 1)
	first := calls[0]
	if first.Method != http.MethodPost || !strings.HasSuffix(first.Route, "/callback") || first.Status >= 300 {
		f.t.Fatalf("first call %s %s answered %d (%s), want an accepted callback", first.Method, first.Route, first.Status, first.Problem)
	}
	var r bottest.Response
	if err := json.Unmarshal(first.JSON, &r); err != nil {
		f.t.Fatalf("callback %s: %v", first.JSON, err)
	}
	switch r.Type {
	case 4, 7, 8, 9:
		return r.Type, r.Data, calls
	case 5, 6:
		calls = f.fake.Await(f.t, tok, 2)
		if calls[1].Method == http.MethodDelete {
			calls = f.fake.Await(f.t, tok, 3)
		}
		last := calls[len(calls)-1]
		if last.Status >= 300 {
			f.t.Fatalf("%s %s answered %d: %s", last.Method, last.Route, last.Status, last.Problem)
		}
		return r.Type, last.JSON, calls
	}
	f.t.Fatalf("callback type %d", r.Type)
	return 0, nil, nil
}

// firstExamples is one example per command of reg: its first (under the
// race detector, of the commands without start-up tables).
func firstExamples(reg *commands.Registry) []string {
	var out []string
	for _, c := range reg.Commands() {
		if bottest.RaceEnabled && c.Warm != nil {
			continue
		}
		switch {
		case len(c.Examples) > 0:
			out = append(out, c.Examples[0])
		case len(c.Subcommands) > 0 && c.Subcommands[0].Example != "":
			out = append(out, c.Subcommands[0].Example)
		}
	}
	return out
}

// TestGatewayAnswersEveryCommand runs the real registry through the
// gateway: it registers nothing (package registration does, over REST),
// then one example of every command is answered through the
// interaction's callback (or deferred and edited), with payloads within
// Discord's limits, and no connection leaving loopback.
func TestGatewayAnswersEveryCommand(t *testing.T) {
	// Memory on, as the bot runs: a real SQLite store, whose one game is
	// the one the /review example names.
	deps := all.Loopback()
	memory := storetest.SQLite(t)
	end := time.Date(2026, 3, 1, 21, 0, 0, 0, time.UTC)
	if _, err := memory.Record(context.Background(), store.Game{ID: "k7qm2xapb3dz", Kind: store.KindYacht, Guild: "42", Rules: "yacht",
		Started: end.Add(-30 * time.Minute), Ended: end,
		Seats: []store.Seat{{User: "600000000000000001", Score: 201, Decisions: 36, Winner: true}, {Alea: true, Score: 180}}}); err != nil {
		t.Fatal(err)
	}
	deps.Store, deps.Recorder = memory, memory
	reg := all.Registry(deps)
	f := newGatewayFixture(t, reg, bottest.Limits{CacheTTL: time.Minute}, fakediscord.Options{}, nil)
	f.open()
	if !f.gw.Ready() {
		t.Fatal("not ready after Open")
	}
	if _, overwrites := f.fake.Registered("global"); overwrites != 0 {
		t.Fatalf("the gateway made %d bulk overwrites; registration is not its job", overwrites)
	}
	st := f.fake.Stats()
	if st.Identifies != 1 || len(st.Intents) != 1 || st.Intents[0] != 0 || st.Shards[0] != [2]int{0, 1} {
		t.Errorf("gateway stats %+v: want one IDENTIFY of shard [0 1] with no intents", st)
	}
	lines := firstExamples(reg)
	if len(lines) < 2 || lines[len(lines)-1] != "/help" {
		t.Fatalf("examples %q: want one per command, /help last", lines)
	}
	locales := []string{"en-US", "ko", "ja"}
	for i, line := range lines {
		locale := locales[i%3]
		// One player asks and presses the answer's button (games answer
		// only the player who started them).
		player := fmt.Sprint(600000000000000000 + i)
		ack, payload, calls := f.answer(fakediscord.Interaction{Type: 2, Locale: locale, UserID: player, Data: bottest.ExampleData(t, reg, line)})
		m := bottest.DecodeMessage(t, payload)
		if m.Flags&64 != 0 || m.Content == "" && len(m.Embeds) == 0 {
			t.Errorf("%s: not a public answer: %s", line, payload)
		}
		t.Logf("%-50s callback type %d, %d calls, %d bytes", line, ack, len(calls), len(payload))
		// Press the answer's first button, if any.
		var comps struct {
			Components []struct {
				Components []struct {
					Type     int    `json:"type"`
					Style    int    `json:"style"`
					CustomID string `json:"custom_id"`
				} `json:"components"`
			} `json:"components"`
		}
		_ = json.Unmarshal(payload, &comps)
	rows:
		for _, row := range comps.Components {
			for _, c := range row.Components {
				if c.Type != 2 || c.Style == 5 || c.CustomID == "" {
					continue
				}
				ack, cp, _ := f.answer(fakediscord.Interaction{Type: 3, Locale: locale, UserID: player,
					Data: map[string]any{"custom_id": c.CustomID, "component_type": 2}, Message: json.RawMessage(payload)})
				if cm := bottest.DecodeMessage(t, cp); strings.Contains(cm.Content, "💥") || strings.HasPrefix(cm.Content, "❌") {
					t.Errorf("%s: pressing %s: %s", line, c.CustomID, cm.Content)
				}
				t.Logf("%-50s button %s: callback type %d", "", c.CustomID, ack)
				break rows
			}
		}
	}
	for _, c := range f.fake.Calls() {
		if !strings.HasPrefix(c.Path, "/api/v9/") {
			t.Errorf("REST call %s %s: want the API path kept (/api/v9/…)", c.Method, c.Path)
		}
	}
	port := strings.TrimPrefix(f.fake.URL, "http://127.0.0.1:")
	for _, a := range f.dials.dialed() {
		if a != "127.0.0.1:"+port {
			t.Errorf("the bot connected to %s, want only the fake at 127.0.0.1:%s", a, port)
		}
	}
}

// TestGatewayReplyPaths checks each way a reply travels: at once through
// the callback (JSON, or multipart with files), deferred then edited,
// deferred publicly then private (delete and ephemeral follow-up), a
// button updating its message at once or after a deferred update, a
// button answering with a new message after a deferred update, a modal,
// autocomplete, and a handler's panic.
func TestGatewayReplyPaths(t *testing.T) {
	hold := bottest.NewHold()
	f := newGatewayFixture(t, bottest.Commands(hold), fastOptions(hold), fakediscord.Options{}, nil)
	f.open()
	hold.Release() // slow handlers answer once the deferral has gone out
	type want struct {
		ack     int
		methods []string
		content string
		flags   int
		files   []string
	}
	cases := []struct {
		name string
		in   fakediscord.Interaction
		want want
	}{
		{"command", fakediscord.Interaction{Type: 2, Data: bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "hi"})},
			want{4, []string{"POST"}, "hi×1", 0, nil}},
		{"files", fakediscord.Interaction{Type: 2, Data: bottest.CommandData("file")},
			want{4, []string{"POST"}, "see the file", 0, []string{"a.png"}}},
		{"button update", fakediscord.Interaction{Type: 3, Data: map[string]any{"custom_id": "echo/1/again", "component_type": 2}},
			want{7, []string{"POST"}, "clicked again", 0, nil}},
		{"modal", fakediscord.Interaction{Type: 3, Data: map[string]any{"custom_id": "echo/form", "component_type": 2}},
			want{9, []string{"POST"}, "", 0, nil}},
		{"autocomplete", fakediscord.Interaction{Type: 4, Data: bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "h", "focused": true})},
			want{8, []string{"POST"}, "", 0, nil}},
		{"modal submit", fakediscord.Interaction{Type: 5, Data: map[string]any{"custom_id": "echo/sent", "components": []any{
			map[string]any{"type": 1, "components": []any{map[string]any{"type": 4, "custom_id": "say", "value": "yes"}}}}}},
			want{4, []string{"POST"}, "you said yes", 0, nil}},
		{"panic", fakediscord.Interaction{Type: 2, Data: bottest.CommandData("boom")},
			want{4, []string{"POST"}, "💥", 64, nil}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ack, payload, calls := f.answer(c.in)
			checkCalls(t, ack, payload, calls, c.want.ack, c.want.methods, c.want.content, c.want.flags, c.want.files)
		})
	}
}

// checkCalls compares what the fake received with what a path must send.
func checkCalls(t *testing.T, ack int, payload []byte, calls []fakediscord.Call, wantAck int, methods []string, content string, flags int, files []string) {
	t.Helper()
	var got []string
	for _, c := range calls {
		got = append(got, c.Method)
	}
	if ack != wantAck || !reflect.DeepEqual(got, methods) {
		t.Fatalf("callback type %d and calls %v, want %d and %v", ack, got, wantAck, methods)
	}
	m := bottest.DecodeMessage(t, payload)
	if !strings.Contains(m.Content, content) || m.Flags&64 != flags {
		t.Errorf("message %s: want content %q and flags %d", payload, content, flags)
	}
	last := calls[len(calls)-1]
	if !reflect.DeepEqual(last.Files, files) {
		t.Errorf("files %v, want %v", last.Files, files)
	}
}

// TestGatewayDefersSlowWork holds handlers until they are deferred: the
// interaction is acknowledged (type 5 or 6) and the reply delivered
// through the webhook once the handler returns.
func TestGatewayDefersSlowWork(t *testing.T) {
	cases := []struct {
		name    string
		in      fakediscord.Interaction
		ack     int
		methods []string
		route   string // of the last call, after the token
		content string
		flags   int
		files   []string
	}{
		{"edit", fakediscord.Interaction{Type: 2, Data: bottest.CommandData("slow")}, 5,
			[]string{"POST", "PATCH"}, "/messages/@original", "done", 0, nil},
		{"files", fakediscord.Interaction{Type: 2, Data: bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "file"})}, 5,
			[]string{"POST", "PATCH"}, "/messages/@original", "done", 0, []string{"sheet.txt"}},
		{"private after public", fakediscord.Interaction{Type: 2, Data: bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "private"})}, 5,
			[]string{"POST", "DELETE", "POST"}, "", "done", 64, nil},
		{"rejected", fakediscord.Interaction{Type: 2, Data: bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "reject"})}, 5,
			[]string{"POST", "DELETE", "POST"}, "", "no", 64, nil},
		{"button update", fakediscord.Interaction{Type: 3, Data: map[string]any{"custom_id": "slow/update", "component_type": 2}}, 6,
			[]string{"POST", "PATCH"}, "/messages/@original", "slow update", 0, nil},
		{"button new message", fakediscord.Interaction{Type: 3, Data: map[string]any{"custom_id": "slow/new", "component_type": 2}}, 6,
			[]string{"POST", "POST"}, "", "slow new", 0, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hold := bottest.NewHold()
			f := newGatewayFixture(t, bottest.Commands(hold), fastOptions(hold), fakediscord.Options{}, nil)
			f.open()
			tok := f.interact(c.in)
			// The acknowledgement comes while the handler is still held.
			ackCall := f.fake.Await(t, tok, 1)[0]
			var r bottest.Response
			if err := json.Unmarshal(ackCall.JSON, &r); err != nil || r.Type != c.ack {
				t.Fatalf("acknowledgement %s, want type %d", ackCall.JSON, c.ack)
			}
			hold.Release()
			calls := f.fake.Await(t, tok, len(c.methods))
			last := calls[len(calls)-1]
			checkCalls(t, r.Type, last.JSON, calls, c.ack, c.methods, c.content, c.flags, c.files)
			if !strings.HasSuffix(last.Route, tok+c.route) {
				t.Errorf("last call to %s, want …%s", last.Route, c.route)
			}
		})
	}
}

// TestGatewaySurvivesReconnects answers interactions after Discord asks
// for a reconnect (op 7), after the connection drops, and one dispatched
// while the bot was disconnected (replayed on RESUME): the session is
// resumed each time, never identified again.
func TestGatewaySurvivesReconnects(t *testing.T) {
	f := newGatewayFixture(t, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{}, nil)
	f.open()
	echo := func(text string) fakediscord.Interaction {
		return fakediscord.Interaction{Type: 2, Data: bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": text})}
	}
	expect := func(in fakediscord.Interaction, content string) {
		t.Helper()
		_, payload, _ := f.answer(in)
		if m := bottest.DecodeMessage(t, payload); m.Content != content {
			t.Fatalf("content %q, want %q", m.Content, content)
		}
	}
	expect(echo("before"), "before×1")

	f.fake.Reconnect(t, 0)
	f.fake.AwaitReady(t, 2)
	expect(echo("after op 7"), "after op 7×1")

	f.fake.Drop(t, 0)
	f.fake.AwaitDisconnected(t, 0)
	// Dispatched while no connection is live: Discord keeps it for the
	// resumed session.
	expect(echo("while away"), "while away×1")
	st := f.fake.AwaitReady(t, 3)
	expect(echo("after the drop"), "after the drop×1")

	if st.Identifies != 1 || st.Resumes != 2 || st.Heartbeats < 1 {
		t.Errorf("gateway stats %+v: want 1 IDENTIFY, 2 RESUMEs and heartbeats answered", st)
	}
	logged := f.log.String()
	for _, want := range []string{"gateway disconnected", "gateway connected", "gateway session resumed"} {
		if !strings.Contains(logged, want) {
			t.Errorf("the log does not say %q", want)
		}
	}
	if !f.gw.Ready() {
		t.Error("not ready after the reconnects")
	}
}

// TestGatewayShard checks that a second shard identifies as [1, 2] and
// answers its guilds' interactions.
func TestGatewayShard(t *testing.T) {
	t.Run("shard 1 of 2", func(t *testing.T) {
		f := newGatewayFixture(t, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{ShardCount: 2}, func(o *gateway.Options) {
			o.ShardID, o.ShardCount = 1, 2
		})
		f.open()
		st := f.fake.Stats()
		if len(st.Shards) != 1 || st.Shards[0] != [2]int{1, 2} {
			t.Fatalf("identified as %v, want [1 2]", st.Shards)
		}
		if !f.gw.Ready() {
			t.Fatal("shard 1 not ready")
		}
		// Guild 1<<22 belongs to shard (1<<22 >> 22) % 2 = 1.
		_, payload, _ := f.answer(fakediscord.Interaction{Type: 2, GuildID: fmt.Sprint(1 << 22),
			Data: bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "s1"})})
		if m := bottest.DecodeMessage(t, payload); m.Content != "s1×1" {
			t.Fatalf("content %q", m.Content)
		}
	})
}

// TestGatewayRefusedToken reports Discord's refusal of the token without
// the token.
func TestGatewayRefusedToken(t *testing.T) {
	f := newGatewayFixture(t, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{Token: "another-token"}, nil)
	f.tokenRefused = true
	ctx, cancel := context.WithTimeout(context.Background(), bottest.Wait)
	defer cancel()
	err := f.gw.Open(ctx)
	if err == nil {
		t.Fatal("Open succeeded with a token the fake refuses")
	}
	if strings.Contains(err.Error(), testBotToken) || f.gw.Ready() {
		t.Fatalf("error %q (ready %v)", err, f.gw.Ready())
	}
	if st := f.fake.Stats(); len(st.Refused) != 1 || !strings.HasPrefix(st.Refused[0], "4004") {
		t.Fatalf("refused %v, want a 4004", st.Refused)
	}
	t.Logf("Open: %v", err)
}

// TestGatewayShutdownFinishesInFlightWork closes the gateway and the
// dispatcher while a deferred interaction is being computed: the session
// closes (no more work taken) and both Close calls return only after the
// reply was delivered.
func TestGatewayShutdownFinishesInFlightWork(t *testing.T) {
	hold := bottest.NewHold()
	f := newGatewayFixture(t, bottest.Commands(hold), fastOptions(hold), fakediscord.Options{}, nil)
	f.open()
	tok := f.interact(fakediscord.Interaction{Type: 2, Data: bottest.CommandData("slow")})
	f.fake.Await(t, tok, 1) // deferred, the handler is held
	closed := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), bottest.Wait)
		defer cancel()
		err := f.gw.Close(ctx)
		if err == nil {
			err = f.d.Close(ctx)
		}
		closed <- err
	}()
	f.fake.AwaitDisconnected(t, 0)
	if f.gw.Ready() {
		t.Error("ready while closing")
	}
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) while an interaction was in flight", err)
	default:
	}
	hold.Release()
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	// Logged by Close itself, not later by a goroutine of discordgo's.
	if n := strings.Count(f.log.String(), `"msg":"gateway closed"`); n != 1 {
		t.Errorf("the log says \"gateway closed\" %d times when Close has returned, want once:\n%s", n, f.log)
	}
	calls := f.fake.Await(t, tok, 2)
	if calls[1].Method != http.MethodPatch || bottest.DecodeMessage(t, calls[1].JSON).Content != "done" {
		t.Fatalf("after Close: %s %s %s", calls[1].Method, calls[1].Route, calls[1].JSON)
	}
}

// BenchmarkGatewayInteraction measures one /echo interaction through the
// gateway: the fake's INTERACTION_CREATE over the websocket, the
// dispatcher, and the callback over loopback HTTP, checked by the fake.
func BenchmarkGatewayInteraction(b *testing.B) {
	f := newGatewayFixture(b, bottest.Commands(nil), fastOptions(nil), fakediscord.Options{}, nil)
	f.open()
	in := fakediscord.Interaction{Type: 2, Data: bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "hi"})}
	b.ResetTimer()
	for b.Loop() {
		tok := f.fake.Interact(b, in)
		if c := f.fake.Await(b, tok, 1)[0]; c.Status != http.StatusNoContent {
			b.Fatalf("callback answered %d: %s", c.Status, c.Problem)
		}
	}
}

// fastOptions: no cache, no rate limit, deferral exactly of the
// interactions hold holds (none when hold is nil).
func fastOptions(hold *bottest.Hold) bottest.Limits { return hold.Limits() }

// The gateway reads interactions with the one decoder of package
// payload, from the event's raw JSON: a member's permissions past 2^63
// (which discordgo's decoding cannot read) are answered, Manage Server
// kept; an interaction without a user is not answered, and the warning
// names it.
func TestGatewayPermissionsAndUsers(t *testing.T) {
	perms := &commands.Command{Name: commands.T("perms", "", ""), Description: commands.T("Permissions", "", ""),
		Handle: func(_ context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: fmt.Sprintf("manage:%v", req.CanManageServer())}, nil
		}}
	f := newGatewayFixture(t, commands.NewRegistry(perms), fastOptions(nil), fakediscord.Options{}, nil)
	f.open()
	for _, c := range []struct {
		perms string
		want  string
	}{{`"18446744073709551648"`, "manage:true"}, {`"36893488147419103232"`, "manage:false"}, {`"x"`, "manage:false"}} {
		tok := f.fake.Interact(t, fakediscord.Interaction{Type: 2, Permissions: c.perms, Data: map[string]any{"id": "1", "name": "perms", "type": 1}})
		calls := f.fake.Await(t, tok, 1)
		if !strings.Contains(string(calls[0].JSON), `"content":"`+c.want+`"`) {
			t.Errorf("permissions %s: %s", c.perms, calls[0].JSON)
		}
	}
	tok := f.fake.Interact(t, fakediscord.Interaction{Type: 2, NoUser: true, Data: map[string]any{"id": "1", "name": "perms", "type": 1}})
	// The fake's tokens and ids share the interaction's number.
	var n int
	if _, err := fmt.Sscanf(tok, "aW50ZXJhY3Rpb246%d:", &n); err != nil {
		t.Fatal(err)
	}
	id := fmt.Sprint(700000000000000000 + n)
	deadline := time.Now().Add(bottest.Wait)
	warned := func() bool {
		for _, line := range strings.Split(f.log.String(), "\n") {
			if strings.Contains(line, `"msg":"interaction without a user; not answered"`) && strings.Contains(line, `"interaction":"`+id+`"`) {
				return true
			}
		}
		return false
	}
	for !warned() {
		if time.Now().After(deadline) {
			t.Fatalf("no warning for the interaction without a user:\n%s", f.log)
		}
		time.Sleep(time.Millisecond)
	}
	for _, c := range f.fake.Calls() {
		if strings.Contains(c.Path, tok) {
			t.Fatalf("the interaction without a user was answered: %s %s", c.Method, c.Route)
		}
	}
}
