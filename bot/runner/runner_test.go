package runner

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
)

func TestParseSlash(t *testing.T) {
	for _, c := range []struct {
		line  string
		words []string
		opts  map[string]string
	}{
		{"/help", []string{"help"}, map[string]string{}},
		{"  /HELP  ", []string{"help"}, map[string]string{}},
		{"help", []string{"help"}, map[string]string{}},
		{`/trialrule die:3 weights:"5 2" extra_depth:6`, []string{"trialrule"}, map[string]string{"die": "3", "weights": "5 2", "extra_depth": "6"}},
		{`/coins bw position:BWB`, []string{"coins", "bw"}, map[string]string{"position": "BWB"}},
		{`/orbs grid:"110/011/101"`, []string{"orbs"}, map[string]string{"grid": "110/011/101"}},
		{`/a s:"say \"hi\" \\ ok"`, []string{"a"}, map[string]string{"s": `say "hi" \ ok`}},
		{`/a s:"back\slash"`, []string{"a"}, map[string]string{"s": `back\slash`}},
		{`/a s:""`, []string{"a"}, map[string]string{"s": ""}},
		{`/a s:`, []string{"a"}, map[string]string{"s": ""}},
		{`/a s:x"y`, []string{"a"}, map[string]string{"s": `x"y`}},
		{"/a\ts:1\u3000n:2", []string{"a"}, map[string]string{"s": "1", "n": "2"}},        // tab and ideographic space
		{"/a s:\"x y\"\u3000n:2", []string{"a"}, map[string]string{"s": "x y", "n": "2"}}, // ideographic space after a quote
		{`/yacht-advise dice:"3 3 5 6 6" 점수:"1"`, []string{"yacht-advise"}, map[string]string{"dice": "3 3 5 6 6", "점수": "1"}},
	} {
		got, err := parseSlash(c.line)
		if err != nil {
			t.Errorf("%s: %v", c.line, err)
			continue
		}
		if !reflect.DeepEqual(got.Words, c.words) || !reflect.DeepEqual(got.Options, c.opts) {
			t.Errorf("%s: %q %q, want %q %q", c.line, got.Words, got.Options, c.words, c.opts)
		}
	}
	for _, line := range []string{
		"", "/", "   ", `/a s:"open`, `/a s:"x"y`, `/a s:1 s:2`, `/a s:1 word`, `/a :1`, `/"a"`, `/a "b"`,
	} {
		if _, err := parseSlash(line); err == nil {
			t.Errorf("%q: accepted", line)
		}
	}
}

func TestSlashRequest(t *testing.T) {
	sub := &commands.Command{
		Name:        commands.T("coins", "", ""),
		Description: commands.T("coin games", "", ""),
		Subcommands: []commands.Subcommand{{Name: commands.T("bw", "", ""), Description: commands.T("bw", "", "")},
			{Name: commands.T("pile", "", ""), Description: commands.T("pile", "", "")}},
		Handle: ok("x"),
	}
	reg := commands.NewRegistry(sub, &commands.Command{Name: commands.T("a", "", ""), Description: commands.T("a", "", ""), Handle: ok("x")})
	req, err := SlashRequest(reg, `/coins bw position:"B W"`, commands.Korean)
	if err != nil || req.Command != "coins bw" || req.Options["position"] != "B W" || req.Locale != commands.Korean || req.Kind != commands.KindCommand {
		t.Fatalf("subcommand: %v %+v", err, req)
	}
	if req, err := SlashRequest(reg, `/a n:3`, commands.English); err != nil || req.Command != "a" || req.Options["n"] != "3" {
		t.Fatalf("plain: %v %+v", err, req)
	}
	for _, line := range []string{`/coins`, `/a extra`, `/a s:"x`} {
		_, err := SlashRequest(reg, line, commands.Japanese)
		if err == nil || !isUserError(err) {
			t.Errorf("%s: %v, want a user error", line, err)
		}
	}
	// An unknown command parses; the router rejects it.
	if req, err := SlashRequest(reg, `/nope x:1`, commands.English); err != nil || req.Command != "nope" {
		t.Fatalf("unknown command: %v", err)
	}
}

// render writes a parsed line back in canonical form: every value quoted
// with \" and \\ escaped, options sorted.
func render(sl slashLine) string {
	var b strings.Builder
	b.WriteString("/" + strings.Join(sl.Words, " "))
	names := make([]string, 0, len(sl.Options))
	for n := range sl.Options {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		v := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(sl.Options[n])
		b.WriteString(" " + n + `:"` + v + `"`)
	}
	return b.String()
}

// FuzzParseSlash checks that any line either fails cleanly or parses to
// words and options that survive a round trip through the canonical form.
func FuzzParseSlash(f *testing.F) {
	for _, s := range []string{
		"/help", `/trialrule die:3 weights:"5 2" extra_depth:6`, `/coins bw position:BWB`,
		`/a s:"say \"hi\" \\ ok"`, `/a s:x"y`, `/a s:"x"y`, "/a\u3000s:1", `//x`, `/a s:`, `/a :`,
		"/\xff b:\x85", `/a s:"\"`, `/Ǆ`, "/a s:\"x\"\u3000n:1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		sl, err := parseSlash(line)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		if len(sl.Words) == 0 {
			t.Fatalf("%q: parsed without a command name", line)
		}
		for _, w := range sl.Words {
			if w == "" || strings.ContainsAny(w, ` :"`) || w != strings.ToLower(w) {
				t.Fatalf("%q: bad word %q", line, w)
			}
		}
		for n := range sl.Options {
			if n == "" || strings.ContainsAny(n, ` :"`) {
				t.Fatalf("%q: bad option name %q", line, n)
			}
		}
		again, err := parseSlash(render(sl))
		if err != nil {
			t.Fatalf("%q: canonical form %q does not parse: %v", line, render(sl), err)
		}
		if !reflect.DeepEqual(again, sl) {
			t.Fatalf("%q: round trip changed %+v into %+v", line, sl, again)
		}
		// The request built from it carries the values unchanged.
		if utf8.ValidString(line) {
			reg := commands.NewRegistry()
			req, err := SlashRequest(reg, line, commands.English)
			if err == nil {
				for k, v := range sl.Options {
					if req.Options[k] != v {
						t.Fatalf("%q: option %s=%q became %v", line, k, v, req.Options[k])
					}
				}
			}
		}
	})
}

func TestFormatJSON(t *testing.T) {
	req := &commands.Request{Kind: commands.KindCommand, Locale: commands.English}
	b, err := FormatJSON(req, &commands.Reply{Content: "hi", Ephemeral: true})
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &v); err != nil || v.Type != 4 || v.Data.Content != "hi" || v.Data.Flags != 64 {
		t.Fatalf("FormatJSON: %s %v", b, err)
	}
}

func ok(content string) commands.HandlerFunc {
	return func(context.Context, *commands.Request) (*commands.Reply, error) {
		return &commands.Reply{Content: content}, nil
	}
}

func isUserError(err error) bool {
	var ue *commands.UserError
	return errors.As(err, &ue)
}
