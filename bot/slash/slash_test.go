package slash

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/alea-bot/alea/bot/slash/slashtest"
	"github.com/alea-bot/alea/commands"
)

// opts builds the options of a parsed line from name, value pairs.
func opts(nv ...string) []slashOption {
	var out []slashOption
	for i := 0; i < len(nv); i += 2 {
		out = append(out, slashOption{Name: nv[i], Value: nv[i+1]})
	}
	return out
}

func TestParseSlash(t *testing.T) {
	for _, c := range []struct {
		line  string
		words []string
		opts  []slashOption
	}{
		{"/help", []string{"help"}, nil},
		{"  /HELP  ", []string{"HELP"}, nil},
		{"help", []string{"help"}, nil},
		{`/trialrule die:3 weights:"5 2" extra_depth:6`, []string{"trialrule"}, []slashOption{{Name: "die", Value: "3"}, {Name: "weights", Value: "5 2", Quoted: true}, {Name: "extra_depth", Value: "6"}}},
		{`/coins bw position:BWB`, []string{"coins", "bw"}, opts("position", "BWB")},
		{`/a s:"say \"hi\" \\ ok"`, []string{"a"}, []slashOption{{Name: "s", Value: `say "hi" \ ok`, Quoted: true}}},
		{`/a s:"back\slash"`, []string{"a"}, []slashOption{{Name: "s", Value: `back\slash`, Quoted: true}}},
		{`/a s:`, []string{"a"}, opts("s", "")},
		{`/a s:x"y`, []string{"a"}, opts("s", `x"y`)},
		{"/a\ts:1\u3000n:2", []string{"a"}, opts("s", "1", "n", "2")}, // tab and ideographic space
		{`/yacht-advise dice:3 3 5 6 6`, []string{"yacht-advise"}, []slashOption{{Name: "dice", Value: "3", Extra: []string{"3", "5", "6", "6"}}}},
		{`/요트-조언 주사위:3 3 점수:1`, []string{"요트-조언"}, []slashOption{{Name: "주사위", Value: "3", Extra: []string{"3"}}, {Name: "점수", Value: "1"}}},
		{`/a s:1 s:2`, []string{"a"}, opts("s", "1", "s", "2")}, // SlashRequest refuses the repeat
		// Full width, as a Japanese or Korean keyboard types it.
		{`／ヨット助言　サイコロ：＂３ ３ ５ ６ ６＂　投目：２`, []string{"ヨット助言"}, []slashOption{{Name: "サイコロ", Value: "3 3 5 6 6", Quoted: true}, {Name: "投目", Value: "2"}}},
	} {
		got, err := parseSlash(c.line)
		if err != nil {
			t.Errorf("%s: %v", c.line, err)
			continue
		}
		if !reflect.DeepEqual(got.Words, c.words) || !reflect.DeepEqual(got.Options, c.opts) {
			t.Errorf("%s: %q %+v, want %q %+v", c.line, got.Words, got.Options, c.words, c.opts)
		}
	}
	for _, line := range []string{
		"", "/", "   ", `/a s:"open`, `/a s:"x"y`, `/a :1`, `/"a"`, `/a "b"`,
	} {
		_, err := parseSlash(line)
		if err == nil || !isUserError(err) {
			t.Errorf("%q: %v, want a user error", line, err)
		}
	}
}

func TestRequest(t *testing.T) {
	reg := slashtest.Registry()
	req, err := Request(reg, `/coins bw position:"B W"`, commands.Korean)
	if err != nil || req.Command != "coins bw" || req.Options["position"] != "B W" || req.Locale != commands.Korean || req.Kind != commands.KindCommand {
		t.Fatalf("subcommand: %v %+v", err, req)
	}
	if req, err := Request(reg, `/a n:3`, commands.English); err != nil || req.Command != "a" || req.Options["n"] != "3" {
		t.Fatalf("plain: %v %+v", err, req)
	}
	// The names the picker shows, in every language and any case, and
	// bare words continuing an unquoted string value.
	for _, c := range []struct {
		line, path string
		want       commands.Options
	}{
		{`/요트-조언 주사위:"3 3 5 6 6"`, "yacht-advise", commands.Options{"dice": "3 3 5 6 6"}},
		{`/ヨット助言 サイコロ:"3 3 5 6 6" 何投目:2`, "yacht-advise", commands.Options{"dice": "3 3 5 6 6", "roll": "2"}},
		{`/YACHT-ADVISE DICE:1`, "yacht-advise", commands.Options{"dice": "1"}},
		{`/yacht-advise dice:3 3 5 6 6`, "yacht-advise", commands.Options{"dice": "3 3 5 6 6"}},
		{`/yacht-advise dice:3 3 5 6 6 roll:2`, "yacht-advise", commands.Options{"dice": "3 3 5 6 6", "roll": "2"}},
		{`/요트-조언 굴림:2 주사위:3 3 5 6 6`, "yacht-advise", commands.Options{"dice": "3 3 5 6 6", "roll": "2"}},
		{`/동전 흑백 배치:BWB`, "coins bw", commands.Options{"position": "BWB"}},
		{`/コイン 白黒 配置:B W B`, "coins bw", commands.Options{"position": "B W B"}},
		{`/coins pile`, "coins pile", commands.Options{}},
	} {
		req, err := Request(reg, c.line, commands.Japanese)
		if err != nil || req.Command != c.path || !reflect.DeepEqual(req.Options, c.want) {
			t.Errorf("%s: %v %+v, want %s %v", c.line, err, req, c.path, c.want)
		}
	}
	// Refusals, each a localised user error that names what to do.
	for _, c := range []struct{ line, en, ko string }{
		{`/coins`, "needs a subcommand: `白黒`、`山`", "하위 명령어가 필요합니다: `白黒`、`山`"}, // named and listed as a Japanese player sees them
		{`/coins heads`, "has no subcommand `heads`", "`heads` 하위 명령어가 없습니다"},
		{`/a extra`, "Unexpected word `extra`", "예상하지 못한 단어 `extra`"},
		{`/a s:"x`, "quote after `s:` is not closed", "따옴표가 닫히지 않았습니다"},
		{`/yacht-advise dice:"3 3" 5 6 6`, `A value with spaces goes in quotes: dice:"3 3 5 6 6"`, `따옴표로 묶어 주세요: dice:"3 3 5 6 6"`},
		{`/yacht-advise roll:2 3 dice:1`, "`3` follows `roll:2` but is not name:value", "`3`이 `roll:2` 뒤에 있지만"},
		{`/yacht-advise dice:1 주사위:2`, "`dice` is given twice (as `dice` and `주사위`)", "두 번"},
		{`/yacht-advise dice:1 dice:2`, "Option `dice` is given twice.", "`dice` 옵션이 두 번 있습니다."},
	} {
		_, err := Request(reg, c.line, commands.Japanese)
		var ue *commands.UserError
		if !errors.As(err, &ue) {
			t.Errorf("%s: %v, want a user error", c.line, err)
			continue
		}
		if en, ko := ue.Localize(commands.English), ue.Localize(commands.Korean); !strings.Contains(en, c.en) || !strings.Contains(ko, c.ko) {
			t.Errorf("%s:\n%s\n%s\nwant %q / %q", c.line, en, ko, c.en, c.ko)
		}
		if ja := ue.Localize(commands.Japanese); ja == ue.Localize(commands.English) {
			t.Errorf("%s: the Japanese message is the English one: %s", c.line, ja)
		}
	}
	// An unknown command or option parses; the router refuses it by name.
	if req, err := Request(reg, `/Nope x:1 2`, commands.English); err != nil || req.Command != "nope" || req.Options["x"] != "1" {
		t.Fatalf("unknown command: %v %+v", err, req)
	}
}

// render writes a parsed line back in canonical form: every value quoted
// with \" and \\ escaped, extra words after it.
func render(sl slashLine) string {
	var b strings.Builder
	b.WriteString("/" + strings.Join(sl.Words, " "))
	for _, o := range sl.Options {
		v := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(o.Value)
		b.WriteString(" " + o.Name + `:"` + v + `"`)
		for _, e := range o.Extra {
			b.WriteString(" " + e)
		}
	}
	return b.String()
}

// FuzzParseSlash checks that any line either fails cleanly or parses to
// words and options that survive a round trip through the canonical form.
func FuzzParseSlash(f *testing.F) {
	for _, s := range []string{
		"/help", `/trialrule die:3 weights:"5 2" extra_depth:6`, `/coins bw position:BWB`,
		`/a s:"say \"hi\" \\ ok"`, `/a s:x"y`, `/a s:"x"y`, "/a\u3000s:1", `//x`, `/a s:`, `/a :`,
		"/\xff b:\x85", `/a s:"\"`, `/Ǆ`, "/a s:\"x\"\u3000n:1", `/yacht-advise dice:3 3 5 6 6`, `/요트-조언 주사위:3 3`,
	} {
		f.Add(s)
	}
	reg := slashtest.Registry()
	f.Fuzz(func(t *testing.T, line string) {
		sl, err := parseSlash(line)
		if err != nil {
			if !isUserError(err) || err.Error() == "" {
				t.Fatalf("%q: %v, want a user error with a message", line, err)
			}
			return
		}
		if len(sl.Words) == 0 {
			t.Fatalf("%q: parsed without a command name", line)
		}
		for _, w := range sl.Words {
			if w == "" || strings.ContainsAny(w, ` :"`) {
				t.Fatalf("%q: bad word %q", line, w)
			}
		}
		for _, o := range sl.Options {
			if o.Name == "" || strings.ContainsAny(o.Name, ` :"`) {
				t.Fatalf("%q: bad option name %q", line, o.Name)
			}
		}
		again, err := parseSlash(render(sl))
		if err != nil {
			t.Fatalf("%q: canonical form %q does not parse: %v", line, render(sl), err)
		}
		for i := range sl.Options {
			sl.Options[i].Quoted = true // render quotes every value
		}
		if !reflect.DeepEqual(again, sl) {
			t.Fatalf("%q: round trip changed %+v into %+v", line, sl, again)
		}
		// The request built from it carries the values unchanged, or is
		// refused with a user error.
		if utf8.ValidString(line) {
			req, err := Request(reg, line, commands.English)
			if err != nil && !isUserError(err) {
				t.Fatalf("%q: %v", line, err)
			}
			if err == nil {
				for _, o := range sl.Options {
					if v, ok := req.Options[o.Name]; ok && len(o.Extra) == 0 && v != o.Value {
						t.Fatalf("%q: option %s=%q became %v", line, o.Name, o.Value, v)
					}
				}
			}
		}
	})
}

func isUserError(err error) bool {
	var ue *commands.UserError
	return errors.As(err, &ue)
}
