package bottest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
)

// Wait is how long a test waits for something that must happen: a bound
// that fails a broken test, not a speed bound.
const Wait = 60 * time.Second

// Client is an HTTP client for tests against loopback servers: a request
// that hangs fails after Wait instead of holding the test until its
// timeout.
func Client() *http.Client { return &http.Client{Timeout: Wait} }

// LogBuffer is a log sink safe for concurrent writes.
type LogBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (s *LogBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String is everything written so far.
func (s *LogBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Response is an interaction response: its type, and its data undecoded.
type Response struct {
	Type int             `json:"type"`
	Data json.RawMessage `json:"data"`
}

// Message is the part of message data the tests read.
type Message struct {
	Content string `json:"content"`
	Flags   int    `json:"flags"`
	Embeds  []struct {
		Title string `json:"title"`
	} `json:"embeds"`
	Attachments []struct {
		Filename string `json:"filename"`
	} `json:"attachments"`
	Choices []struct {
		Name  string `json:"name"`
		Value any    `json:"value"`
	} `json:"choices"`
	Title string `json:"title"`
}

// DecodeMessage decodes message data, failing the test when it cannot.
func DecodeMessage(t testing.TB, raw []byte) Message {
	t.Helper()
	var m Message
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("message %s: %v", raw, err)
	}
	return m
}

// Hold holds the handlers of the slow command until Release, and is the
// dispatcher's deferral trigger (bot.AnswerWhen): an interaction is
// acknowledged exactly when its handler is being held, so no test races a
// timer. A nil Hold never releases and never defers.
type Hold struct {
	release chan struct{}
	once    sync.Once
	mu      sync.Mutex
	held    map[*commands.Request]chan time.Time
}

// NewHold returns a hold not yet released.
func NewHold() *Hold {
	return &Hold{release: make(chan struct{}), held: map[*commands.Request]chan time.Time{}}
}

// Release lets every held handler, and those that come later, finish.
func (h *Hold) Release() { h.once.Do(func() { close(h.release) }) }

// DeferWhen delivers once the handler of req is held.
func (h *Hold) DeferWhen(req *commands.Request) <-chan time.Time {
	if h == nil {
		return nil
	}
	return h.signal(req)
}

// Limits are a chain with no cache and no rate limit, deferring exactly
// the interactions h holds.
func (h *Hold) Limits() Limits { return Limits{DeferWhen: h.DeferWhen} }

func (h *Hold) signal(req *commands.Request) chan time.Time {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := h.held[req]
	if c == nil {
		c = make(chan time.Time, 1)
		h.held[req] = c
	}
	return c
}

// wait holds the handler of req until Release or ctx ends.
func (h *Hold) wait(ctx context.Context, req *commands.Request) error {
	var release chan struct{}
	if h != nil {
		release = h.release
		select {
		case <-release:
			return nil // released already: answered at once, not deferred
		default:
		}
		h.signal(req) <- time.Time{}
	}
	select {
	case <-release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Commands holds small commands that exercise every reply path: echo
// (options, autocomplete, a button, a modal), slow (held by hold:
// deferral, files, ephemeral, refusal), file, and boom (panics).
func Commands(hold *Hold) *commands.Registry {
	echo := &commands.Command{
		Name:        commands.T("echo", "메아리", "エコー"),
		Description: commands.T("Echo the text", "글을 되돌려 줍니다", "テキストを返します"),
		Options: []commands.Option{{Name: commands.T("text", "", ""), Description: commands.T("text", "", ""),
			Type: commands.String, Required: true, Autocomplete: true},
			{Name: commands.T("n", "", ""), Description: commands.T("a number", "", ""), Type: commands.Integer}},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: fmt.Sprintf("%s×%d", req.Options.String("text", ""), req.Options.Int("n", 1)),
				Components: []commands.ActionRow{{{Kind: commands.Button, CustomID: "echo/1/again", Label: "again", Style: commands.Primary}}}}, nil
		},
		Autocomplete: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Choices: []commands.Choice{{Name: commands.T("hello", "안녕", "こんにちは"), Value: "hello"}}}, nil
		},
		Routes: []commands.Route{
			{Pattern: "echo/1/{what}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return &commands.Reply{Content: "clicked " + req.Params["what"], Update: true}, nil
			}},
			{Pattern: "echo/form", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return &commands.Reply{Modal: &commands.Modal{CustomID: "echo/sent", Title: "Say",
					Inputs: []commands.TextInput{{CustomID: "say", Label: "Say", Required: true}}}}, nil
			}},
			{Pattern: "echo/sent", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return &commands.Reply{Content: "you said " + req.Fields["say"]}, nil
			}},
		},
	}
	slow := &commands.Command{
		Name:        commands.T("slow", "", ""),
		Description: commands.T("Answers once released", "", ""),
		Options: []commands.Option{{Name: commands.T("mode", "", ""), Description: commands.T("mode", "", ""),
			Type: commands.String}},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			if err := hold.wait(ctx, req); err != nil {
				return nil, err
			}
			r := &commands.Reply{Content: "done"}
			switch req.Options.String("mode", "") {
			case "file":
				r.Files = []commands.File{{Name: "sheet.txt", ContentType: "text/plain", Data: []byte("one two")}}
				r.Embeds = []commands.Embed{{Title: "sheet", Image: "sheet.txt"}}
			case "private":
				r.Ephemeral = true
			case "reject":
				return nil, commands.Reject("no", "아니요", "いいえ")
			}
			return r, nil
		},
		Routes: []commands.Route{{Pattern: "slow/{how}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			if err := hold.wait(ctx, req); err != nil {
				return nil, err
			}
			return &commands.Reply{Content: "slow " + req.Params["how"], Update: req.Params["how"] == "update"}, nil
		}}},
	}
	file := &commands.Command{
		Name:        commands.T("file", "", ""),
		Description: commands.T("Attaches a file at once", "", ""),
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "see the file", Files: []commands.File{{Name: "a.png", ContentType: "image/png", Data: []byte{0x89, 'P', 'N', 'G'}}},
				Embeds: []commands.Embed{{Title: "picture", Image: "a.png"}}}, nil
		},
	}
	boom := &commands.Command{
		Name:        commands.T("boom", "", ""),
		Description: commands.T("Panics", "", ""),
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			var empty []string
			// An index out of range: a real runtime panic.
			return &commands.Reply{Content: empty[len(req.Command)]}, nil
		},
	}
	return commands.NewRegistry(echo, slow, file, boom)
}

// CommandData is the data of an APPLICATION_COMMAND interaction for name
// with opts.
func CommandData(name string, opts ...map[string]any) map[string]any {
	d := map[string]any{"id": "7", "name": name, "type": 1}
	if len(opts) > 0 {
		d["options"] = opts
	}
	return d
}

// ExampleData turns a slash line into the data of an APPLICATION_COMMAND
// interaction as Discord sends it: subcommands nested as options of type 1,
// option values typed (integers and numbers as JSON numbers, booleans as
// JSON booleans, strings as strings).
func ExampleData(t testing.TB, reg *commands.Registry, line string) map[string]any {
	t.Helper()
	req, err := runner.SlashRequest(reg, line, commands.English)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	defs, ok := reg.OptionsFor(req.Command)
	if !ok {
		t.Fatalf("%s: no command %q", line, req.Command)
	}
	typeOf := map[string]commands.OptionType{}
	for _, d := range defs {
		typeOf[d.Name.En] = d.Type
	}
	var opts []map[string]any
	for name, raw := range req.Options {
		s := raw.(string)
		var v any = s
		typ, known := typeOf[name]
		if !known {
			t.Fatalf("%s: example uses unknown option %q", line, name)
		}
		switch typ {
		case commands.Integer:
			n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
			if err != nil {
				t.Fatalf("%s: %s=%q is not an integer", line, name, s)
			}
			v = n
		case commands.Number:
			x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil {
				t.Fatalf("%s: %s=%q is not a number", line, name, s)
			}
			v = x
		case commands.Boolean:
			b, err := strconv.ParseBool(strings.TrimSpace(s))
			if err != nil {
				t.Fatalf("%s: %s=%q is not a boolean", line, name, s)
			}
			v = b
		}
		opts = append(opts, map[string]any{"name": name, "type": int(typ), "value": v})
	}
	name, sub, _ := strings.Cut(req.Command, " ")
	if sub != "" {
		return CommandData(name, map[string]any{"name": sub, "type": 1, "options": opts})
	}
	return CommandData(name, opts...)
}

// Examples lists every example invocation of reg's commands (under the
// race detector, of those without start-up tables).
func Examples(reg *commands.Registry) []string {
	var out []string
	for _, c := range reg.Commands() {
		if RaceEnabled && c.Warm != nil {
			continue
		}
		out = append(out, c.Examples...)
		for _, s := range c.Subcommands {
			if s.Example != "" {
				out = append(out, s.Example)
			}
		}
	}
	return out
}
