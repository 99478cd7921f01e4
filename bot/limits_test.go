package bot

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
)

// TestErrorRepliesFitDiscordLimits: a rejection quoting a long input (200
// tag characters, as /coins pile once answered with 2,080 characters) is
// shortened to Discord's 2000, like any other reply.
func TestErrorRepliesFitDiscordLimits(t *testing.T) {
	input := strings.Repeat("\U000E0001", 200)
	d := newTestDispatcher(t, quiet(), cmd("quote", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		return nil, commands.Reject("`take` must be amounts such as \"1 2\"; got %q.", "%q", "%q", input)
	}))
	r, out := d.Do(context.Background(), request("quote", "u", commands.English))
	if out != Rejected {
		t.Fatalf("outcome %s", out)
	}
	if n := utf8.RuneCountInString(r.Content); n > commands.MaxContent || !strings.HasSuffix(r.Content, "…") || !strings.HasPrefix(r.Content, "❌ `take`") {
		t.Fatalf("rejection of %d characters: %.80q…", n, r.Content)
	}
	if err := commands.ValidateReply(r); err != nil {
		t.Fatal(err)
	}
}

// TestLongAnswersAreShortenedNotRefused: an answer over the text limits
// is shortened to them (embed texts, fields, the 6000 in all, labels);
// the handler's reply itself, which the cache may hold, is left whole.
func TestLongAnswersAreShortenedNotRefused(t *testing.T) {
	long := func(n int) string { return strings.Repeat("é", n) }
	var orig *commands.Reply
	o := quiet()
	var logs strings.Builder
	var mu sync.Mutex
	o.Logger = slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return logs.Write(p)
	}), nil))
	d := newTestDispatcher(t, o, cmd("big", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		e := commands.Embed{Title: long(300), Description: "```\n" + long(5000) + "\n```", Footer: long(3000)}
		for i := 0; i < 25; i++ {
			e.Fields = append(e.Fields, commands.Field{Name: long(300), Value: long(2000)})
		}
		orig = &commands.Reply{Content: long(2500), Embeds: []commands.Embed{e},
			Components: []commands.ActionRow{{{Kind: commands.Button, Style: commands.Primary, Label: long(100), CustomID: "big/1"}}}}
		return orig, nil
	}))
	r, out := d.Do(context.Background(), request("big", "u", commands.English))
	if out != OK {
		t.Fatalf("outcome %s: %q\n%s", out, r.Content, logs.String())
	}
	if err := commands.ValidateReply(r); err != nil {
		t.Fatalf("still over a limit: %v", err)
	}
	e := r.Embeds[0]
	if utf8.RuneCountInString(r.Content) != commands.MaxContent || utf8.RuneCountInString(e.Title) != commands.MaxEmbedTitle ||
		len(e.Fields) != 25 || utf8.RuneCountInString(r.Components[0][0].Label) != commands.MaxButtonLabel {
		t.Fatalf("shortened to %d content, %d title, %d fields", utf8.RuneCountInString(r.Content), utf8.RuneCountInString(e.Title), len(e.Fields))
	}
	if strings.Count(e.Description, "```")%2 != 0 {
		t.Fatalf("the code block of the description is left open: …%q", e.Description[len(e.Description)-20:])
	}
	if utf8.RuneCountInString(orig.Content) != 2500 || len(orig.Embeds[0].Description) < 5000 {
		t.Fatal("the handler's reply was changed")
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(logs.String(), "reply shortened") {
		t.Errorf("the shortening is not logged:\n%s", logs.String())
	}
}

// TestLongCustomIDsAreShortInLogsAndReplies: a 60 KB custom_id makes
// neither a 60 KB log line nor a reply over Discord's limits.
func TestLongCustomIDsAreShortInLogsAndReplies(t *testing.T) {
	var logs []string
	var mu sync.Mutex
	o := quiet()
	o.Logger = slog.New(slog.NewJSONHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		logs = append(logs, string(p))
		return len(p), nil
	}), nil))
	boom := cmd("boom", func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		return nil, fmt.Errorf("cannot read %q", req.Params["state"])
	})
	boom.Routes = []commands.Route{{Pattern: "boom/{state}", Handle: boom.Handle}}
	d := newTestDispatcher(t, o, boom)
	huge := strings.Repeat("Ab9/", 15000)
	for _, id := range []string{"nothing/" + huge, "boom/" + strings.ReplaceAll(huge, "/", "")} {
		r, out := d.Do(context.Background(), &commands.Request{Kind: commands.KindComponent, ID: "i", CustomID: id, UserID: "u", Locale: commands.English})
		if out != Rejected && out != Internal {
			t.Fatalf("outcome %s", out)
		}
		if n := utf8.RuneCountInString(r.Content); n > 300 {
			t.Errorf("%s: a reply of %d characters quotes the custom_id", out, n)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(logs) < 3 {
		t.Fatalf("%d log lines", len(logs))
	}
	for _, l := range logs {
		if len(l) > 2000 {
			t.Errorf("a log line of %d bytes: %.200s…", len(l), l)
		}
	}
}

func TestShorten(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "ab…"},
		{"日本語のテキスト", 4, "日本語…"},
		{"```\ncode code code\n```", 12, "```\ncod…\n```"},
		{"\U000E0001\U000E0001\U000E0001", 2, "\U000E0001…"},
	} {
		if got := shorten(c.in, c.max); got != c.want || utf8.RuneCountInString(got) > c.max {
			t.Errorf("shorten(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
	if got := logText("ab日本", 3); got != "ab…(8 bytes)" {
		t.Errorf("logText cut a character: %q", got)
	}
}
