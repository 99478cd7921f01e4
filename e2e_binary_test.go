package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// e2eToken is the fake's bot token: shaped like a real one, so that a
// leak into the log would be found, and valid nowhere but in the fake.
const e2eToken = "OTk5OTk5OTk5OTk5OTk5OTk5.GeToE.fake-token-of-the-binary-test_1234567"

// buildAlea builds the alea binary into dir with go build run from the
// module root (this package's directory) and returns its path.
func buildAlea(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the alea binary; skipped with -short")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH:", err)
	}
	bin := filepath.Join(dir, "alea")
	cmd := exec.Command(goTool, append(append([]string{"build"}, args...), "-o", bin, ".")...)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
	}
	return bin
}

// process is a running alea binary and its combined stdout and stderr.
type process struct {
	cmd    *exec.Cmd
	output *bottest.Log
	done   chan error // receives cmd.Wait's result once
	exited bool
}

// startAlea runs bin with args in dir with exactly env (nil is an empty
// environment, not the parent's). The process is killed when ctx ends or
// the test ends without having stopped it.
func startAlea(t *testing.T, ctx context.Context, bin, dir string, env []string, args ...string) *process {
	t.Helper()
	if env == nil {
		env = []string{}
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = env
	out := &bottest.Log{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, output: out, done: make(chan error, 1)}
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() {
		if !p.exited {
			_ = cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// terminate sends SIGTERM and returns the process's exit error (nil for
// status 0), failing the test if it has not exited within limit.
func (p *process) terminate(t *testing.T, limit time.Duration) error {
	t.Helper()
	start := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatalf("SIGTERM: %v", err)
	}
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case err := <-p.done:
		p.exited = true
		t.Logf("exited %s after SIGTERM", time.Since(start).Round(time.Millisecond))
		return err
	case <-timer.C:
		t.Fatalf("still running %s after SIGTERM; output:\n%s", limit, p.output)
		return nil
	}
}

// healthAddrInLog matches the address the health server logged, in the
// JSON and in the text log formats.
var healthAddrInLog = regexp.MustCompile(`(?:"msg":"health endpoints","addr":"|msg="health endpoints" addr=)([0-9.:\[\]]+)`)

// healthAddr waits for the process to log where its health server
// listens (HEALTH_ADDR=127.0.0.1:0 lets the kernel choose a free port)
// and returns that address.
func (p *process) healthAddr(t *testing.T) string {
	t.Helper()
	p.output.Await(t, "health endpoints")
	m := healthAddrInLog.FindStringSubmatch(p.output.String())
	if m == nil {
		t.Fatalf("no health address in the output:\n%s", p.output)
	}
	return m[1]
}

// httpStatus returns the status of GET url, or 0 when it fails.
func httpStatus(ctx context.Context, url string) int {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// binaryRegister runs `alea register` against fakes of its own: it
// prints the commands registered and exits 0; with the token refused it
// exits 1 with Discord's reason, never the token.
func binaryRegister(t *testing.T, ctx context.Context, bin, home string) {
	t.Helper()
	run := func(fake *fakediscord.Server) (int, string) {
		cmd := exec.CommandContext(ctx, bin, "register")
		cmd.Dir = home
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "DISCORD_TOKEN=" + e2eToken, "DISCORD_API_BASE=" + fake.URL}
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatalf("alea register: %v", err)
		}
		return cmd.ProcessState.ExitCode(), string(out)
	}
	fake := fakediscord.New(t, fakediscord.Options{Token: e2eToken})
	code, out := run(fake)
	if _, n := fake.Registered("global"); code != 0 || n != 1 || !strings.Contains(out, "/help") || !strings.Contains(out, "globally") {
		t.Errorf("alea register: exit %d, %d global overwrites, output:\n%s", code, n, out)
	}
	refusing := fakediscord.New(t, fakediscord.Options{Token: e2eToken})
	refusing.Revoke()
	code, out = run(refusing)
	if code != 1 || !strings.Contains(out, "401") || strings.Contains(out, e2eToken) {
		t.Errorf("alea register with a refused token: exit %d, output:\n%s", code, out)
	}
}

// callbackType returns the type of an interaction callback's payload.
func callbackType(t *testing.T, c fakediscord.Call) int {
	t.Helper()
	var resp struct {
		Type int `json:"type"`
	}
	if err := json.Unmarshal(c.JSON, &resp); err != nil {
		t.Fatalf("callback payload %s: %v", c.JSON, err)
	}
	return resp.Type
}

// helpData is /help as Discord sends it.
var helpData = map[string]any{"id": "1", "name": "help", "type": 1}

// answeredAtOnce dispatches /help and checks it is answered with a
// message (callback type 4, not a deferral) accepted by the fake. How long
// it took is logged, not asserted: speed is measured by benchmarks, and
// the tables build on the same cores meanwhile.
func answeredAtOnce(t *testing.T, fake *fakediscord.Server, what string) (token string) {
	t.Helper()
	sent := time.Now()
	tok := fake.Interact(t, fakediscord.Interaction{Type: 2, Data: helpData})
	c := fake.Await(t, tok, 1)[0]
	if c.Method != http.MethodPost || !strings.HasSuffix(c.Route, "/callback") || c.Status != 204 || callbackType(t, c) != 4 {
		t.Fatalf("%s: /help answered %s %s %d %s (%s)", what, c.Method, c.Route, c.Status, c.JSON, c.Problem)
	}
	t.Logf("%s: /help answered %s after its dispatch", what, c.At.Sub(sent).Round(time.Millisecond))
	return tok
}

// TestBinaryServesTheGateway builds the alea binary and runs `alea serve`
// as Discord would meet it, against a fake Discord on loopback, with an
// environment holding nothing but the settings it needs: the commands are
// registered valid and complete, /help is answered within 3 s, the Yatzy
// advice (whose table takes seconds to build) is deferred then edited,
// a dropped websocket and a requested reconnect are recovered from, the
// health endpoints answer, SIGTERM ends the process with status 0, and
// the token never appears in its output. First, `alea register` registers
// over REST alone, and exits 1 with Discord's reason on a refused token.
func TestBinaryServesTheGateway(t *testing.T) {
	bin := buildAlea(t, t.TempDir(), os.Environ())
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	// The Yatzy table takes ~10 s alone on a shared 2-core machine; give
	// every Await room on a busy CI runner too (the bound is against
	// hangs, not a speed requirement).
	defer func(w time.Duration) { fakediscord.Wait = w }(fakediscord.Wait)
	fakediscord.Wait = 3 * time.Minute

	fake := fakediscord.New(t, fakediscord.Options{Token: e2eToken})
	const guild = "4242"
	home := t.TempDir() // also the working directory: no .env there
	env := []string{
		"PATH=/usr/bin:/bin",
		"HOME=" + home,
		"DISCORD_TOKEN=" + e2eToken,
		"DISCORD_API_BASE=" + fake.URL,
		"DISCORD_GUILD_ID=" + guild,
		"HEALTH_ADDR=127.0.0.1:0",
		"LOG_LEVEL=debug", // the most the bot ever writes, searched for the token below
		"LOG_FORMAT=json",
	}
	binaryRegister(t, ctx, bin, home)
	p := startAlea(t, ctx, bin, home, env, "serve")

	// (a) One bulk overwrite to the guild, accepted by the fake's checks,
	// holding every command of the registry, as bot.Definitions builds it.
	registered := fake.AwaitRegistered(t, guild)
	var got []struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(registered, &got); err != nil {
		t.Fatalf("registered %s: %v", registered, err)
	}
	var names, want []string
	for _, c := range got {
		names = append(names, c.Name)
	}
	for _, c := range all.Registry(all.Loopback()).Commands() {
		want = append(want, c.Name.En)
	}
	sort.Strings(names)
	sort.Strings(want)
	if !reflect.DeepEqual(names, want) {
		t.Errorf("registered commands %v, want %v", names, want)
	}
	wantJSON, _ := json.Marshal(payload.Definitions(all.Registry(all.Loopback())))
	var gotDefs, wantDefs any
	_ = json.Unmarshal(registered, &gotDefs)
	_ = json.Unmarshal(wantJSON, &wantDefs)
	if !reflect.DeepEqual(gotDefs, wantDefs) {
		t.Errorf("registered\n%s\nwant bot.Definitions\n%s", registered, wantJSON)
	}
	if err := fakediscord.CheckCommands(registered); err != nil {
		t.Errorf("registered commands: %v", err)
	}
	fake.AwaitReady(t, 1)

	// (c) The tables are warmed only once the transports are up, Yatzy's
	// last: asked right after READY, the Yatzy advice waits for its table
	// (seconds), so the bot acknowledges (type 5) after DeferAfter and
	// edits the original response when the table is there.
	slowSent := time.Now()
	slow := fake.Interact(t, fakediscord.Interaction{Type: 2, Data: map[string]any{"id": "2", "name": "yacht-advise", "type": 1,
		"options": []map[string]any{{"name": "rules", "type": 3, "value": "yatzy"}}}})

	// (b) /help is answered at once, even while the table is being built.
	tokens := []string{slow, answeredAtOnce(t, fake, "after READY")}

	// (e) /healthz answers while the tables are being built.
	health := "http://" + p.healthAddr(t)
	if s := httpStatus(ctx, health+"/healthz"); s != 200 {
		t.Errorf("/healthz: status %d", s)
	}

	ack := fake.Await(t, slow, 1)[0]
	if ack.Status != 204 || callbackType(t, ack) != 5 {
		t.Fatalf("the Yatzy advice was first answered %d %s (%s), want a deferral (type 5)", ack.Status, ack.JSON, ack.Problem)
	}

	// (d) A dropped websocket, then a reconnect requested by Discord
	// (op 7): each time the bot resumes or identifies again, and answers
	// the next interaction.
	fake.Drop(t, 0)
	fake.AwaitReady(t, 2)
	tokens = append(tokens, answeredAtOnce(t, fake, "after a dropped connection"))
	fake.Reconnect(t, 0)
	fake.AwaitReady(t, 3)
	tokens = append(tokens, answeredAtOnce(t, fake, "after op 7"))
	if st := fake.Stats(); st.Resumes+st.Identifies < 3 || len(st.Refused) > 0 {
		t.Errorf("gateway: %+v", st)
	}

	// (c, continued) The deferred reply is edited in place.
	calls := fake.Await(t, slow, 2)
	edit := calls[1]
	if edit.Method != http.MethodPatch || !strings.HasSuffix(edit.Route, "/messages/@original") || edit.Status != 200 {
		t.Fatalf("after the deferral: %s %s %d %s (%s), want an edit of @original", edit.Method, edit.Route, edit.Status, edit.JSON, edit.Problem)
	}
	if err := fakediscord.CheckPayload(edit.JSON, false, edit.Files); err != nil {
		t.Errorf("the edited Yatzy advice breaks a limit: %v\n%s", err, edit.JSON)
	}
	if !strings.Contains(string(edit.JSON), "Yatzy") {
		t.Errorf("the edited reply does not name the Yatzy rules: %s", edit.JSON)
	}
	t.Logf("the Yatzy advice: deferred %s and edited %s after its dispatch",
		ack.At.Sub(slowSent).Round(time.Millisecond), edit.At.Sub(slowSent).Round(time.Millisecond))
	if len(calls) != 2 {
		t.Errorf("%d calls for the Yatzy advice, want the deferral and one edit", len(calls))
	}

	// (e) /readyz turns 200 once every table is built.
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for httpStatus(ctx, health+"/readyz") != 200 {
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("/readyz never answered 200; output:\n%s", p.output)
		}
	}

	// (f) SIGTERM: a clean stop, exit status 0, the session closed.
	if err := p.terminate(t, 30*time.Second); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Errorf("exit status %d after SIGTERM; output:\n%s", exit.ExitCode(), p.output)
		} else {
			t.Errorf("after SIGTERM: %v", err)
		}
	}
	fake.AwaitDisconnected(t, 0)
	if problems := fake.Problems(); len(problems) > 0 {
		t.Errorf("the fake refused calls: %v", problems)
	}

	// (g) Neither the bot token nor an interaction's token appears in the
	// output.
	out := p.output.String()
	if os.Getenv("E2E_DUMP") != "" {
		t.Log(out)
	}
	for _, secret := range append(tokens, e2eToken) {
		if strings.Contains(out, secret) {
			t.Errorf("the token %s appears in the output:\n%s", secret, out)
		}
	}
	for _, want := range []string{`"msg":"commands registered"`, `"msg":"gateway closed"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %s:\n%s", want, out)
		}
	}
	if !strings.HasSuffix(strings.TrimSpace(out), `"msg":"alea stopped cleanly"}`) || strings.Contains(out, `"level":"ERROR"`) {
		t.Errorf("the output does not end with a clean stop, or has errors:\n%s", out)
	}

	binaryRevokedToken(t, ctx, bin, home, env)
}

// binaryRevokedToken runs `alea serve` and revokes its token once it is
// connected, as a reset in the Developer Portal does: the gateway is
// closed with 4004, and the process exits 1 at once (for the restart
// policy and alerts), saying what to do, never the token.
func binaryRevokedToken(t *testing.T, ctx context.Context, bin, home string, env []string) {
	t.Helper()
	fake := fakediscord.New(t, fakediscord.Options{Token: e2eToken})
	env = append(slices.Clone(env), "DISCORD_API_BASE="+fake.URL) // the last value wins
	p := startAlea(t, ctx, bin, home, env, "serve")
	fake.AwaitReady(t, 1)
	p.healthAddr(t)
	fake.Revoke()
	fake.Drop(t, 0)
	var err error
	select {
	case err = <-p.done:
		p.exited = true
	case <-time.After(fakediscord.Wait):
		t.Fatalf("alea still serves with its token revoked; output:\n%s", p.output)
	}
	var exit *exec.ExitError
	out := p.output.String()
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("exit %v with the token revoked, want status 1", err)
	}
	if !strings.Contains(out, "reset it in the Developer Portal") || !strings.Contains(out, "DISCORD_TOKEN") || strings.Contains(out, e2eToken) {
		t.Errorf("the output does not say what to do, or shows the token:\n%s", out)
	}
}
