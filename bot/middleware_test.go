package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
)

// only is a dispatcher of cmds through mw alone (routed: around the
// routed command), the reply sent by the dispatcher when mw is not
// Answer.
func only(t *testing.T, mw Middleware, routed bool, cmds ...*commands.Command) *Dispatcher {
	t.Helper()
	o := Options{Middleware: []Middleware{mw}}
	if routed {
		o = Options{Routed: []Middleware{mw}}
	}
	d, err := NewDispatcher(commands.NewRegistry(cmds...), o)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Chain runs the middleware in the order given, the first outermost, on
// the way in and back out.
func TestChainOrder(t *testing.T) {
	var trace []string
	mark := func(name string) Middleware {
		return func(next HandlerFunc) HandlerFunc {
			return func(ctx context.Context, req *commands.Request) Result {
				trace = append(trace, "in "+name)
				res := next(ctx, req)
				trace = append(trace, "out "+name)
				return res
			}
		}
	}
	h := Chain(mark("a"), mark("b"), mark("c"))(func(context.Context, *commands.Request) Result {
		trace = append(trace, "handler")
		return Result{Outcome: OK}
	})
	h(context.Background(), &commands.Request{})
	if got := strings.Join(trace, ", "); got != "in a, in b, in c, handler, out c, out b, out a" {
		t.Fatalf("order: %s", got)
	}
	if Chain()(nil) != nil {
		t.Fatal("an empty chain is not the handler itself")
	}
}

// Answer sends the reply once: at once when it is ready in time, after
// an acknowledgement when it is not; an autocomplete is never
// acknowledged; a modal after an acknowledgement becomes the time-out
// message; a failed send is Undelivered.
func TestAnswer(t *testing.T) {
	clk := newClock()
	release := map[string]chan struct{}{"held": make(chan struct{}), "form": make(chan struct{})}
	held := cmd("held", func(context.Context, *commands.Request) (*commands.Reply, error) {
		<-release["held"]
		return &commands.Reply{Content: "late"}, nil
	})
	form := cmd("form", func(context.Context, *commands.Request) (*commands.Reply, error) {
		<-release["form"]
		return &commands.Reply{Modal: &commands.Modal{CustomID: "f/1", Title: "Form"}}, nil
	})
	d := only(t, AnswerWhen(nil, clk.after), false, held, form, cmd("quick", ok("now")))
	// heldUntilDeferred answers command once its acknowledgement is sent.
	heldUntilDeferred := func(command string, l commands.Locale) (Outcome, *recorder) {
		rec := &recorder{deferred: make(chan struct{})}
		clk.fire()
		go func() { <-rec.deferred; close(release[command]) }()
		out := d.Handle(context.Background(), request(command, "u", l), rec)
		<-clk.asked
		return out, rec
	}

	if out, rec := heldUntilDeferred("held", commands.English); out != OK || rec.log() != "defer send(deferred=true)" || rec.reply.Content != "late" {
		t.Fatalf("held: %s, calls %q", out, rec.log())
	}
	if out, rec := heldUntilDeferred("form", commands.Japanese); out != TimedOut || rec.log() != "defer send(deferred=true)" ||
		rec.reply.Content != msgTimeout.Format(commands.Japanese, DefaultDeferAfter) {
		t.Fatalf("a modal after an acknowledgement: %s %q %q", out, rec.log(), rec.reply.Content)
	}

	rec := &recorder{}
	if out := d.Handle(context.Background(), request("quick", "u", commands.English), rec); out != OK || rec.log() != "send(deferred=false)" {
		t.Fatalf("quick: %s %q", out, rec.log())
	}
	<-clk.asked
	ac := request("quick", "u", commands.English)
	ac.Kind = commands.KindAutocomplete
	rec = &recorder{}
	d.Handle(context.Background(), ac, rec)
	if rec.log() != "send(deferred=false)" {
		t.Fatalf("autocomplete: %q", rec.log())
	}
	rec = &recorder{sendErr: fmt.Errorf("gone")}
	if out := d.Handle(context.Background(), request("quick", "u", commands.English), rec); out != Undelivered {
		t.Fatalf("failed send: %s", out)
	}
	<-clk.asked
	select {
	case c := <-clk.asked:
		t.Fatalf("the clock was asked about %s (an autocomplete?)", c)
	default:
	}
}

// LogInteractions writes one line per interaction with its id, command,
// user, outcome and whether it was served from the cache.
func TestLogInteractions(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	d := only(t, LogInteractions(log), false, cmd("a", ok("x")))
	d.Do(context.Background(), request("a", "u7", commands.Korean))
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("%v: %s", err, buf.String())
	}
	for k, v := range map[string]any{"msg": "interaction", "interaction": "i-u7", "command": "a", "user": "u7", "locale": "ko",
		"outcome": "ok", "kind": "command", "cached": false, "deferred": false, "level": "INFO"} {
		if line[k] != v {
			t.Errorf("%s = %v, want %v (%s)", k, line[k], v, buf.String())
		}
	}
}

// CountInteractions counts each outcome by command, the latencies, and
// nothing in flight once answered.
func TestCountInteractions(t *testing.T) {
	m := NewMetrics()
	d := only(t, CountInteractions(m), false, cmd("a", ok("x")), cmd("no", func(context.Context, *commands.Request) (*commands.Reply, error) {
		return nil, commands.Reject("no", "no", "no")
	}))
	d.Do(context.Background(), request("a", "u", commands.English))
	d.Do(context.Background(), request("no", "u", commands.English))
	d.Do(context.Background(), request("no", "u", commands.English))
	if counter(t, m.Interactions.WithLabelValues("a", "ok")) != 1 || counter(t, m.Interactions.WithLabelValues("no", "rejected")) != 2 ||
		counter(t, m.InFlight) != 0 {
		t.Fatal("interactions miscounted")
	}
}

// RecoverPanics answers a panic with the internal error, in the user's
// language, and logs its stack.
func TestRecoverPanics(t *testing.T) {
	var buf bytes.Buffer
	d := only(t, RecoverPanics(slog.New(slog.NewTextHandler(&buf, nil))), false, cmd("boom", func(context.Context, *commands.Request) (*commands.Reply, error) {
		panic("the handler broke")
	}))
	r, out := d.Do(context.Background(), request("boom", "u", commands.Korean))
	if out != Internal || !r.Ephemeral || r.Content != msgInternal.Format(commands.Korean, "i-u") {
		t.Fatalf("%s %+v", out, r)
	}
	if !strings.Contains(buf.String(), "the handler broke") || !strings.Contains(buf.String(), "interaction=i-u") || !strings.Contains(buf.String(), "stack=") {
		t.Fatalf("log: %s", buf.String())
	}
}

// FitDiscordLimits shortens a reply over a limit and replaces one it
// cannot mend (too many rows) by the internal error.
func TestFitDiscordLimits(t *testing.T) {
	rows := make([]commands.ActionRow, 6)
	for i := range rows {
		rows[i] = commands.ActionRow{{Kind: commands.Button, Style: commands.Primary, Label: "x", CustomID: fmt.Sprint("r/", i)}}
	}
	d := only(t, FitDiscordLimits(nil), false,
		cmd("long", ok(strings.Repeat("a", 3000))),
		cmd("rows", func(context.Context, *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Components: rows}, nil
		}))
	if r, out := d.Do(context.Background(), request("long", "u", commands.English)); out != OK || utf8.RuneCountInString(r.Content) != commands.MaxContent {
		t.Fatalf("long: %s, %d characters", out, utf8.RuneCountInString(r.Content))
	}
	if r, out := d.Do(context.Background(), request("rows", "u", commands.English)); out != Internal || r.Content != msgInternal.Format(commands.English, "i-u") {
		t.Fatalf("six rows: %s %+v", out, r)
	}
}

// RefuseWhileClosing answers "restarting" in the user's language once
// the dispatcher closes, without running the handler.
func TestRefuseWhileClosing(t *testing.T) {
	var ran atomic.Int64
	d := only(t, RefuseWhileClosing(), false, cmd("a", func(context.Context, *commands.Request) (*commands.Reply, error) {
		ran.Add(1)
		return &commands.Reply{Content: "x"}, nil
	}))
	if _, out := d.Do(context.Background(), request("a", "u", commands.English)); out != OK {
		t.Fatalf("open: %s", out)
	}
	if err := d.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, l := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		if r, out := d.Do(context.Background(), request("a", "u", l)); out != Busy || r.Content != msgClosing.In(l) {
			t.Fatalf("%s after Close: %s %+v", l, out, r)
		}
	}
	if ran.Load() != 1 {
		t.Fatalf("the handler ran %d times", ran.Load())
	}
}

// press is a press of user on a button of command "a".
func press(user string, l commands.Locale) *commands.Request {
	return &commands.Request{Kind: commands.KindComponent, ID: "p-" + user, CustomID: "a/1/x", UserID: user, Locale: l}
}

// pressable is command "a" with a button route.
func pressable() *commands.Command {
	c := cmd("a", ok("fine"))
	c.Routes = []commands.Route{{Pattern: "a/1/{x}", Handle: ok("pressed")}}
	return c
}

// LimitRate prices a press at a quarter of a request: with a burst of
// one request, four presses are taken at once and the fifth is refused
// with "this press was not taken"; a slash command then is told to slow
// down. The refusals are ephemeral, in the user's language, and counted.
func TestLimitRatePricesPresses(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	m := NewMetrics()
	d := only(t, LimitRate(RateLimits{UserRate: 0.001, UserBurst: 1, Now: func() time.Time { return now }}, m), false, pressable())
	for i := range PressesPerRequest {
		if r, out := d.Do(context.Background(), press("u", commands.English)); out != OK || r.Content != "pressed" {
			t.Fatalf("press %d: %s %+v", i, out, r)
		}
	}
	for _, l := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		r, out := d.Do(context.Background(), press("u", l))
		if out != Limited || !r.Ephemeral || r.Content != msgPressRefused.In(l) {
			t.Fatalf("%s: press over the limit: %s %+v", l, out, r)
		}
		r, out = d.Do(context.Background(), request("a", "u", l))
		if out != Limited || !r.Ephemeral || r.Content != msgLimited.In(l) {
			t.Fatalf("%s: command over the limit: %s %+v", l, out, r)
		}
	}
	if got := counter(t, m.RateLimited); got != 6 {
		t.Fatalf("alea_rate_limited_total = %v, want 6", got)
	}
}

// The sentence a refused press gets, in each language.
func TestPressRefusedWording(t *testing.T) {
	for l, want := range map[commands.Locale]string{
		commands.English:  "⏳ Pressed too fast — this press was not taken. Wait a moment, then press again.",
		commands.Korean:   "⏳ 버튼을 너무 빠르게 눌러서 이번 입력은 처리되지 않았습니다. 잠시 뒤에 다시 눌러 주세요.",
		commands.Japanese: "⏳ ボタンを押すのが速すぎたため、今回の操作は受け付けられませんでした。少し待ってからもう一度押してください。",
	} {
		if got := msgPressRefused.In(l); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}

// A player at the table presses at a human pace and is never refused,
// under alea serve's limits: thirteen turns in a row of nine presses in
// two seconds each (holds, rolls, the score 0.3 s after the last hold),
// with a slash command between some turns; the same player pressing
// without pause is held to their burst and rate.
func TestHumanPaceIsNeverRefused(t *testing.T) {
	start := time.Unix(1_800_000_000, 0)
	var clock atomic.Int64
	l := DefaultRateLimits()
	l.Now = func() time.Time { return start.Add(time.Duration(clock.Load())) }
	d := only(t, LimitRate(l, nil), false, pressable())
	ctx := context.Background()
	at := time.Duration(0)
	// Within a turn: roll, hold, hold, hold, roll, hold, hold, roll at
	// even steps, then the score 0.3 s after: nine presses in 2 s.
	steps := []time.Duration{0, 200, 400, 600, 900, 1100, 1300, 1700, 2000}
	for turn := range 13 {
		if turn%4 == 0 {
			clock.Store(int64(at))
			if _, out := d.Do(ctx, request("a", "player", commands.English)); out != OK {
				t.Fatalf("turn %d: the slash command was refused", turn)
			}
		}
		for i, ms := range steps {
			clock.Store(int64(at + ms*time.Millisecond))
			if _, out := d.Do(ctx, press("player", commands.English)); out != OK {
				t.Fatalf("turn %d, press %d at %s: %s", turn, i, at+ms*time.Millisecond, out)
			}
		}
		at += 2 * time.Second
	}
	// A flood of presses from another player: the burst, then the rate.
	taken := 0
	for ms := range 10_000 { // a press every millisecond for 10 s
		clock.Store(int64(at + time.Duration(ms)*time.Millisecond))
		if _, out := d.Do(ctx, press("flooder", commands.English)); out == OK {
			taken++
		}
	}
	burst, perSecond := l.UserBurst*PressesPerRequest, int(l.UserRate)*PressesPerRequest
	if want := burst + 10*perSecond - 1; taken < want || taken > want+1 {
		t.Fatalf("a flood of presses took %d in 10 s, want its burst of %d and %d a second", taken, burst, perSecond)
	}
}

// CacheReplies serves a command's reply again, marked Cached.
func TestCacheReplies(t *testing.T) {
	var calls atomic.Int64
	c := cmd("a", func(context.Context, *commands.Request) (*commands.Reply, error) {
		return &commands.Reply{Content: fmt.Sprint(calls.Add(1))}, nil
	})
	c.Caching = &commands.Caching{}
	var cached []bool
	var mu sync.Mutex
	seeCached := func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			res := next(ctx, req)
			mu.Lock()
			cached = append(cached, res.Cached)
			mu.Unlock()
			return res
		}
	}
	d, err := NewDispatcher(commands.NewRegistry(c), Options{Routed: []Middleware{seeCached, CacheReplies(CacheOptions{TTL: time.Minute})}})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if r, _ := d.Do(context.Background(), request("a", "u", commands.English)); r.Content != "1" {
			t.Fatalf("reply %q, want the first one again", r.Content)
		}
	}
	if fmt.Sprint(cached) != "[false true true]" {
		t.Fatalf("cached %v", cached)
	}
}

// GateHeavyWork refuses heavy work beyond the user's share, in the
// user's language, and counts the refusal.
func TestGateHeavyWork(t *testing.T) {
	m := NewMetrics()
	g := newGated()
	q := newHeavyQueue(HeavyLimits{Slots: 1, PerUser: 1, UserQueue: 1})
	d := only(t, q.gate(m), true, g.command("heavy"))
	answers := make(chan Outcome, 2)
	for range 2 {
		go func() {
			_, out := d.Do(context.Background(), request("heavy", "u", commands.English))
			answers <- out
		}()
	}
	g.awaitStart(t)
	awaitWaiting(t, q, 1)
	// The third asks while one runs and one waits: refused at once.
	r, out := d.Do(context.Background(), request("heavy", "u", commands.Japanese))
	if out != Busy || r.Content != msgYours.Ja || counter(t, m.Busy) != 1 {
		t.Fatalf("%s %q, %v counted", out, r.Content, counter(t, m.Busy))
	}
	close(g.release)
	for range 2 {
		if out := <-answers; out != OK {
			t.Fatalf("within the share: %s", out)
		}
	}
}

// LimitTime gives the handler the command's budget as its deadline; a
// reply made after it is Partial.
func TestLimitTime(t *testing.T) {
	var left time.Duration
	c := cmd("a", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		deadline, ok := ctx.Deadline()
		if !ok {
			return nil, fmt.Errorf("no deadline")
		}
		left = time.Until(deadline)
		return &commands.Reply{Content: "x"}, nil
	})
	c.Budget = time.Hour
	late := cmd("late", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		<-ctx.Done()
		return &commands.Reply{Content: "what was found"}, nil
	})
	late.Budget = time.Millisecond
	var partial []bool
	see := func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			res := next(ctx, req)
			partial = append(partial, res.Partial)
			return res
		}
	}
	d, err := NewDispatcher(commands.NewRegistry(c, late), Options{Routed: []Middleware{see, LimitTime()}})
	if err != nil {
		t.Fatal(err)
	}
	if _, out := d.Do(context.Background(), request("a", "u", commands.English)); out != OK || left <= 59*time.Minute || left > time.Hour {
		t.Fatalf("%s, %s left of a budget of an hour", out, left)
	}
	if _, out := d.Do(context.Background(), request("late", "u", commands.English)); out != OK {
		t.Fatalf("late: %s", out)
	}
	if fmt.Sprint(partial) != "[false true]" {
		t.Fatalf("partial %v", partial)
	}
}
