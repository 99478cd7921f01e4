package app

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/internal/fakediscord"
)

const lifecycleToken = "OTk5OTk5OTk5OTk5OTk5OTk5.GlIfEc.fake-token-of-the-lifecycle-test_24680"

// testPublicKey is an Ed25519 public key (nothing is signed with it here).
const testPublicKey = "e3c6a6b3d6f74be4c7e2a1b0a9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6"
const testStateSecret = "a-state-secret-of-the-app-tests"

// served is a Run in progress.
type served struct {
	cancel  context.CancelFunc
	done    chan error
	logs    *bottest.Log
	stopped bool // Run's result was received
}

// serve starts Run with env (the settings) and s, logging JSON into a
// buffer; the test stops it (stop) or cleanup cancels it.
func serve(t *testing.T, env map[string]string, s Settings) *served {
	t.Helper()
	cfg, err := config.FromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	logs := &bottest.Log{}
	ctx, cancel := context.WithCancel(context.Background())
	r := &served{cancel: cancel, done: make(chan error, 1), logs: logs}
	go func() {
		r.done <- Run(ctx, cfg, slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})), s)
	}()
	t.Cleanup(func() {
		cancel()
		if !r.stopped {
			select {
			case <-r.done:
			case <-time.After(fakediscord.Wait):
			}
		}
	})
	return r
}

// stop cancels Run's context, as SIGTERM does, and returns how long Run
// took to return and its error, failing the test if it has not
// returned within limit (a bound against a hang).
func (r *served) stop(t *testing.T, limit time.Duration) (time.Duration, error) {
	t.Helper()
	start := time.Now()
	r.cancel()
	select {
	case err := <-r.done:
		r.stopped = true
		return time.Since(start), err
	case <-time.After(limit):
		t.Fatalf("Run still running %s after its context ended:\n%s", limit, r.logs)
		return 0, nil
	}
}

// A gateway that accepts the websocket and never says HELLO leaves
// discordgo's Open holding the session's lock, and its Close waiting
// behind it forever. SIGTERM then still ends Run, cleanly, bounded by
// SHUTDOWN_GRACE: the session is abandoned at the deadline.
func TestShutdownIsBoundedWhenTheGatewayNeverSaysHello(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
	fake.InjectGateway(fakediscord.GatewayFaults{Silent: true})
	const grace = 300 * time.Millisecond
	r := serve(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL,
		"HEALTH_ADDR": "127.0.0.1:0", "SHUTDOWN_GRACE": grace.String()}, Settings{Registry: bottest.Commands(nil)})
	fake.AwaitConnections(t, 1)
	// Without the bound, Run never returns; 20 s is a bound against a
	// hang, far above the grace, not a speed requirement.
	took, err := r.stop(t, 20*time.Second)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	t.Logf("stopped %s after the context ended (SHUTDOWN_GRACE=%s)", took.Round(time.Millisecond), grace)
	logged := r.logs.String()
	for _, want := range []string{`"msg":"transports still closing at the deadline; abandoned"`, `"msg":"shutdown done"`} {
		if !strings.Contains(logged, want) {
			t.Errorf("the log lacks %s:\n%s", want, logged)
		}
	}
	if st := fake.Stats(); st.Identifies != 0 {
		t.Errorf("%d IDENTIFYs through a gateway that never said HELLO", st.Identifies)
	}
}

// Interactions acknowledged ("thinking…") and not answered when Alea
// stops get a last word in their language: a command's "thinking…" is
// edited, a button gets a private follow-up (its message is left as it
// was). Run still returns nil within the grace.
func TestShutdownTellsAcknowledgedInteractionsToAskAgain(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
	hold := bottest.NewHold() // never released before the stop: the work outlives Run,
	t.Cleanup(hold.Release)   // and every interaction is acknowledged once held
	r := serve(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL,
		// The notices get the last quarter of the grace: 1 s, room enough
		// for three REST calls on a loaded machine under -race.
		"HEALTH_ADDR": "127.0.0.1:0", "SHUTDOWN_GRACE": "4s"},
		Settings{Registry: bottest.Commands(hold), DeferClock: hold.DeferWhen})
	fake.AwaitReady(t, 1)

	cases := []struct {
		in      fakediscord.Interaction
		ack     int
		method  string
		suffix  string
		content string
		flags   int
	}{
		{fakediscord.Interaction{Type: 2, Locale: "ko", Data: bottest.CommandData("slow")}, 5,
			http.MethodPatch, "/messages/@original", "Alea가 다시 시작하는 중이라", 0},
		{fakediscord.Interaction{Type: 3, Locale: "ja", Data: map[string]any{"custom_id": "slow/update", "component_type": 2}}, 6,
			http.MethodPost, "", "Alea が再起動中のため", 64},
		{fakediscord.Interaction{Type: 2, Locale: "en-US", Data: bottest.CommandData("slow", map[string]any{"name": "mode", "type": 3, "value": "private"})}, 5,
			http.MethodPatch, "/messages/@original", "Alea is restarting — please ask again", 0},
	}
	tokens := make([]string, len(cases))
	for i, c := range cases {
		tokens[i] = fake.Interact(t, c.in)
		ack := fake.Await(t, tokens[i], 1)[0]
		if callbackType(t, ack) != c.ack {
			t.Fatalf("interaction %d acknowledged with %s", i, ack.JSON)
		}
	}
	if _, err := r.stop(t, 20*time.Second); err != nil {
		t.Fatalf("Run: %v", err)
	}
	for i, c := range cases {
		calls := fake.Await(t, tokens[i], 2)
		last := calls[len(calls)-1]
		var m struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		}
		_ = json.Unmarshal(last.JSON, &m)
		if len(calls) != 2 || last.Method != c.method || !strings.HasSuffix(last.Route, "/"+strings.Split(tokens[i], "/")[0]+c.suffix) ||
			!strings.Contains(m.Content, c.content) || m.Flags&64 != c.flags || last.Status >= 300 {
			t.Errorf("interaction %d (%s): %d calls, last %s %s %d %s", i, c.in.Locale, len(calls), last.Method, last.Route, last.Status, last.JSON)
		}
	}
	if p := fake.Problems(); len(p) > 0 {
		t.Errorf("the fake refused calls: %v", p)
	}
}

// callbackType is the type of an interaction callback's payload.
func callbackType(t *testing.T, c fakediscord.Call) int {
	t.Helper()
	var resp struct {
		Type int `json:"type"`
	}
	if err := json.Unmarshal(c.JSON, &resp); err != nil {
		t.Fatalf("callback %s: %v", c.JSON, err)
	}
	return resp.Type
}

// An HTTP-only bot with a token (DISCORD_GATEWAY=false) registers its
// commands over REST at start and never opens the gateway.
func TestServeHTTPOnlyRegistersOverREST(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
	r := serve(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL, "DISCORD_GATEWAY": "false",
		"DISCORD_PUBLIC_KEY": testPublicKey, "HTTP_ADDR": "127.0.0.1:0", "HEALTH_ADDR": "127.0.0.1:0"},
		Settings{Registry: bottest.Commands(nil)})
	fake.AwaitRegistered(t, "global")
	r.logs.Await(t, `"msg":"health endpoints"`)
	if _, err := r.stop(t, 20*time.Second); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if st := fake.Stats(); st.Connections != 0 {
		t.Errorf("%d gateway connections with DISCORD_GATEWAY=false", st.Connections)
	}
	for _, c := range fake.Calls() {
		if strings.HasPrefix(c.Route, "/gateway") {
			t.Errorf("asked %s %s with DISCORD_GATEWAY=false", c.Method, c.Route)
		}
	}
	logged := r.logs.String()
	if !strings.Contains(logged, `"msg":"commands registered"`) || strings.Contains(logged, "gateway transport") {
		t.Errorf("the log:\n%s", logged)
	}
	// No STATE_SECRET: the key comes from the token, and the log says
	// what that costs.
	if !strings.Contains(logged, `"level":"WARN","msg":"game states are sealed with a key derived from DISCORD_TOKEN: rotating the token ends every game in progress; set STATE_SECRET`) {
		t.Errorf("no warning about the key derived from the token:\n%s", logged)
	}
}

// An HTTP-only bot without a token cannot register its commands: serve
// says so, and how to do it.
func TestServeHTTPOnlyWithoutTokenWarns(t *testing.T) {
	r := serve(t, map[string]string{"DISCORD_PUBLIC_KEY": testPublicKey, "HTTP_ADDR": "127.0.0.1:0", "HEALTH_ADDR": "127.0.0.1:0",
		"STATE_SECRET": testStateSecret},
		Settings{Registry: bottest.Commands(nil)})
	r.logs.Await(t, `"msg":"health endpoints"`)
	if _, err := r.stop(t, 20*time.Second); err != nil {
		t.Fatalf("Run: %v", err)
	}
	var warned bool
	for _, line := range strings.Split(r.logs.String(), "\n") {
		if strings.Contains(line, `"level":"WARN"`) && strings.Contains(line, "not registered") && strings.Contains(line, "alea register") &&
			strings.Contains(line, "DISCORD_GATEWAY=false") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning saying how to register:\n%s", r.logs)
	}
}

// Serve stops with Discord's reason when the token is refused at start
// (401 on the registration), and rides out the gateway's faults: an
// INVALID SESSION (op 9) before READY, a 500 and a 429 on the
// registration.
func TestServeUnderDiscordFaults(t *testing.T) {
	t.Run("refused token", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
		fake.Revoke()
		r := serve(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL, "HEALTH_ADDR": "127.0.0.1:0"},
			Settings{Registry: bottest.Commands(nil)})
		var err error
		select {
		case err = <-r.done:
			r.stopped = true
		case <-time.After(fakediscord.Wait):
			t.Fatal("Run did not stop on a refused token")
		}
		if err == nil || !strings.Contains(err.Error(), "401") || strings.Contains(err.Error(), lifecycleToken) {
			t.Fatalf("Run: %v, want Discord's 401 without the token", err)
		}
	})
	// A token revoked while the bot serves closes the gateway with 4004:
	// Run ends with an error saying what to do (main exits non-zero),
	// rather than retrying forever while /readyz answers 200.
	t.Run("token revoked while serving", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
		r := serve(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL, "HEALTH_ADDR": "127.0.0.1:0"},
			Settings{Registry: bottest.Commands(nil), GatewayClock: noWaitClock{}})
		fake.AwaitReady(t, 1)
		r.logs.Await(t, `"msg":"health endpoints"`)
		fake.Revoke()
		fake.Drop(t, 0)
		var err error
		select {
		case err = <-r.done:
			r.stopped = true
		case <-time.After(fakediscord.Wait):
			t.Fatalf("Run did not stop on a revoked token:\n%s", r.logs)
		}
		if err == nil || !strings.Contains(err.Error(), "4004") || !strings.Contains(err.Error(), "reset it in the Developer Portal") ||
			strings.Contains(err.Error(), lifecycleToken) {
			t.Fatalf("Run: %v, want the 4004 and what to do, without the token", err)
		}
	})
	t.Run("invalid session, 429 and 500", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
		fake.InjectGateway(fakediscord.GatewayFaults{InvalidSessions: 1})
		fake.InjectREST(fakediscord.Fault{Method: http.MethodPut, Route: "/applications/", Status: 429, RetryAfter: time.Millisecond})
		fake.InjectREST(fakediscord.Fault{Method: http.MethodGet, Route: "/applications/@me", Status: 500})
		r := serve(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL, "HEALTH_ADDR": "127.0.0.1:0"},
			Settings{Registry: bottest.Commands(nil), GatewayClock: noWaitClock{}})
		fake.AwaitRegistered(t, "global")
		st := fake.AwaitReady(t, 1)
		if st.Invalidated != 1 {
			t.Errorf("%d IDENTIFYs invalidated, want 1", st.Invalidated)
		}
		tok := fake.Interact(t, fakediscord.Interaction{Type: 2, Data: bottest.CommandData("echo", map[string]any{"name": "text", "type": 3, "value": "hi"})})
		if c := fake.Await(t, tok, 1)[0]; c.Status != 204 || !bytes.Contains(c.JSON, []byte("hi×1")) {
			t.Errorf("answered %d %s", c.Status, c.JSON)
		}
		if _, err := r.stop(t, 20*time.Second); err != nil {
			t.Fatalf("Run: %v", err)
		}
	})
}

// endpointAddr matches the address the HTTP endpoint logged.
var endpointAddr = regexp.MustCompile(`"msg":"HTTP interactions endpoint","addr":"([0-9.:]+)"`)

// The same through the HTTP interactions endpoint: acknowledged in the
// HTTP response, the interaction is told through its webhook that Alea
// is restarting.
func TestShutdownTellsEndpointInteractionsToAskAgain(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	hold := bottest.NewHold() // never released before the stop: the work outlives Run,
	t.Cleanup(hold.Release)   // and every interaction is acknowledged once held
	r := serve(t, map[string]string{"DISCORD_PUBLIC_KEY": hex.EncodeToString(pub), "HTTP_ADDR": "127.0.0.1:0", "STATE_SECRET": testStateSecret,
		"DISCORD_API_BASE": fake.URL, "HEALTH_ADDR": "127.0.0.1:0", "SHUTDOWN_GRACE": "4s"},
		Settings{Registry: bottest.Commands(hold), DeferClock: hold.DeferWhen})
	r.logs.Await(t, `"msg":"health endpoints"`)
	m := endpointAddr.FindStringSubmatch(r.logs.String())
	if m == nil {
		t.Fatalf("no endpoint address in the log:\n%s", r.logs)
	}
	body, token := fake.HTTPInteraction(fakediscord.Interaction{Type: 2, Locale: "ko", Data: bottest.CommandData("slow")})
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest(http.MethodPost, "http://"+m[1]+"/interactions", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), body...))))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	ack, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var a struct {
		Type int `json:"type"`
	}
	if resp.StatusCode != 200 || json.Unmarshal(ack, &a) != nil || a.Type != 5 {
		t.Fatalf("the endpoint answered %d %s, want a deferral (type 5)", resp.StatusCode, ack)
	}
	fake.AnsweredOverHTTP(t, token, ack)
	if _, err := r.stop(t, 20*time.Second); err != nil {
		t.Fatalf("Run: %v", err)
	}
	c := fake.Await(t, token, 1)[0]
	var msg struct {
		Content string `json:"content"`
	}
	_ = json.Unmarshal(c.JSON, &msg)
	if c.Method != http.MethodPatch || !strings.HasSuffix(c.Route, "/messages/@original") || c.Status != 200 ||
		!strings.Contains(msg.Content, "Alea가 다시 시작하는 중이라") {
		t.Errorf("the webhook got %s %s %d %s (%s)", c.Method, c.Route, c.Status, c.JSON, c.Problem)
	}
}

// noWaitClock paces the gateway without sleeping: every wait is over at
// once (the waits themselves are tested in package gateway).
type noWaitClock struct{}

func (noWaitClock) Now() time.Time { return time.Now() }

func (noWaitClock) Sleep(ctx context.Context, _ time.Duration) error { return ctx.Err() }
