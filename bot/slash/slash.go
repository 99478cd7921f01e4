// Package slash reads a slash command as typed in Discord's message box
// (`/yacht-advise dice:"3 3 5 6 6"`, in any language the command list
// shows) into a request: the one reading that `alea run` and the
// playground share, so a line means the same in both.
package slash

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/commands"
)

// slashLine is a slash command as typed in Discord, split into its parts.
type slashLine struct {
	// Words are the command name and any subcommand ("coins", "bw"), as
	// typed.
	Words []string
	// Options are the name:value pairs in the order typed.
	Options []slashOption
}

// slashOption is one name:value pair of a typed line.
type slashOption struct {
	// Name is the option's name as typed; Value its value, unquoted.
	Name, Value string
	// Quoted reports whether the value was written in double quotes.
	Quoted bool
	// Extra are the bare words (not name:value) that followed the value:
	// a value with spaces typed without quotes (dice:3 3 5 6 6).
	Extra []string
}

// parseSlash splits a line such as `/trialrule die:3 weights:"5 2"` into
// words and options. Values containing spaces are written in double
// quotes; \" and \\ escape inside them. Bare words after an option are
// kept as that option's Extra; SlashRequest decides what they mean.
func parseSlash(line string) (slashLine, error) {
	var out slashLine
	// The line is read in NFKC, like every typed value: a Japanese or
	// Korean keyboard's full-width slash, colon and quotes
	// (／ヨット助言 サイコロ：＂３ ３ ５ ６ ６＂) separate as the ASCII ones.
	s := strings.TrimSpace(commands.Normalize(line))
	s = strings.TrimPrefix(s, "/")
	for {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if s == "" {
			break
		}
		// Read a name up to ':', a space or a quote.
		end := strings.IndexFunc(s, func(r rune) bool { return r == ':' || unicode.IsSpace(r) || r == '"' })
		if end < 0 {
			end = len(s)
		}
		name := s[:end]
		s = s[end:]
		if s == "" || s[0] != ':' {
			if name == "" {
				return out, commands.Reject("Cannot read `%s`: options are written name:value, for example dice:\"3 3 5 6 6\".",
					"`%s` 부분을 읽을 수 없습니다. 옵션은 이름:값 으로 씁니다. 예: dice:\"3 3 5 6 6\"",
					"`%s` の部分を読めません。オプションは 名前:値 の形で書きます（例: dice:\"3 3 5 6 6\"）。", firstWord(s))
			}
			if n := len(out.Options); n > 0 {
				out.Options[n-1].Extra = append(out.Options[n-1].Extra, name)
				continue
			}
			out.Words = append(out.Words, name)
			continue
		}
		if name == "" {
			return out, commands.Reject("A value without an option name: write name:value.",
				"옵션 이름 없이 값만 있습니다. 이름:값 으로 써 주세요.",
				"オプション名のない値があります。名前:値 の形で書いてください。")
		}
		s = s[1:]
		opt := slashOption{Name: name}
		if strings.HasPrefix(s, "\"") {
			var b strings.Builder
			i := 1
			closed := false
			for i < len(s) {
				c := s[i]
				if c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					b.WriteByte(s[i+1])
					i += 2
					continue
				}
				if c == '"' {
					closed = true
					i++
					break
				}
				b.WriteByte(c)
				i++
			}
			if !closed {
				return out, commands.Reject("The quote after `%s:` is not closed.",
					"`%s:` 뒤의 따옴표가 닫히지 않았습니다.",
					"`%s:` の後の引用符が閉じていません。", name)
			}
			if r, _ := utf8.DecodeRuneInString(s[i:]); i < len(s) && !unicode.IsSpace(r) {
				return out, commands.Reject("Put a space after the closing quote of `%s:`.",
					"`%s:` 값의 닫는 따옴표 뒤에 공백을 넣어 주세요.",
					"`%s:` の値を閉じる引用符の後に空白を入れてください。", name)
			}
			opt.Value, opt.Quoted = b.String(), true
			s = s[i:]
		} else {
			end := strings.IndexFunc(s, unicode.IsSpace)
			if end < 0 {
				end = len(s)
			}
			opt.Value = s[:end]
			s = s[end:]
		}
		out.Options = append(out.Options, opt)
	}
	if len(out.Words) == 0 {
		return out, commands.Reject("No command name: write for example /help.",
			"명령어 이름이 없습니다. 예를 들어 /help 처럼 써 주세요.",
			"コマンド名がありません。たとえば /help のように書いてください。")
	}
	return out, nil
}

// firstWord is s up to its first space.
func firstWord(s string) string {
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return s[:i]
	}
	return s
}

// Request turns a typed slash line into a request for reg: the first
// word is the command, the next its subcommand when it has subcommands.
// Names may be typed in any language the picker shows them in; the
// request carries the canonical ones, as Discord sends them. Bare words
// after an unquoted string value continue that value. The caller sets who
// asks (ID, UserID, UserName).
func Request(reg *commands.Registry, line string, locale commands.Locale) (*commands.Request, error) {
	sl, err := parseSlash(line)
	if err != nil {
		return nil, err
	}
	path := strings.ToLower(sl.Words[0])
	var defs []commands.Option
	c, known := payload.LookupCommand(reg, sl.Words[0])
	if known {
		path, defs = c.Name.En, c.Options
		if len(c.Subcommands) > 0 {
			var subs []string
			for _, s := range c.Subcommands {
				subs = append(subs, "`"+s.Name.In(locale)+"`")
			}
			if len(sl.Words) < 2 {
				return nil, commands.Reject("`/%s` needs a subcommand: %s.", "`/%s`에는 하위 명령어가 필요합니다: %s.",
					"`/%s` にはサブコマンドが必要です: %s。", c.Name.In(locale), locale.List(subs))
			}
			s, ok := payload.LookupSubcommand(c, sl.Words[1])
			if !ok {
				return nil, commands.Reject("`/%s` has no subcommand `%s`; it has %s.", "`/%s`에는 `%s` 하위 명령어가 없습니다. 하위 명령어: %s.",
					"`/%s` にサブコマンド `%s` はありません。サブコマンド: %s。", c.Name.In(locale), sl.Words[1], locale.List(subs))
			}
			path, defs = path+" "+s.Name.En, s.Options
			sl.Words = sl.Words[1:]
		}
	}
	if len(sl.Words) > 1 {
		return nil, commands.Reject("Unexpected word `%s`: options are written name:value.", "예상하지 못한 단어 `%s`이(가) 있습니다. 옵션은 `이름:값` 형태로 씁니다.",
			"予期しない語 `%s` があります。オプションは 名前:値 の形で書きます。", sl.Words[1])
	}
	req := &commands.Request{Kind: commands.KindCommand, Command: path, Locale: locale, Options: commands.Options{}}
	typedAs := map[string]string{}
	for _, o := range sl.Options {
		name := o.Name
		def, ok := payload.LookupOption(defs, o.Name)
		if ok {
			name = def.Name.En
		}
		if prev, dup := typedAs[name]; dup && prev == o.Name {
			return nil, commands.Reject("Option `%s` is given twice.", "`%s` 옵션이 두 번 있습니다.", "オプション `%s` が二度あります。", o.Name)
		} else if dup {
			return nil, commands.Reject("Option `%s` is given twice (as `%s` and `%s`).", "`%s` 옵션이 두 번 있습니다 (`%s`, `%s`).",
				"オプション `%s` が二度あります（`%s` と `%s`）。", name, prev, o.Name)
		}
		typedAs[name] = o.Name
		v := o.Value
		if len(o.Extra) > 0 && ok {
			// (An unknown option is refused by name by the router.)
			if def.Type != commands.String {
				return nil, commands.Reject("`%s` follows `%s:%s` but is not name:value: `%s` takes a single value.",
					"`%s`이(가) `%s:%s` 뒤에 있지만 이름:값 형태가 아닙니다. `%s`에는 값을 하나만 씁니다.",
					"`%s` が `%s:%s` の後にありますが、名前:値 の形ではありません。`%s` に書ける値は一つです。",
					o.Extra[0], o.Name, o.Value, o.Name)
			}
			if o.Quoted {
				return nil, quoteHint(o)
			}
			v = strings.Join(append([]string{v}, o.Extra...), " ")
		}
		req.Options[name] = v
	}
	return req, nil
}

// quoteHint refuses bare words after an option whose value they cannot
// continue, showing the line with the value in quotes.
func quoteHint(o slashOption) error {
	whole := strings.Join(append([]string{o.Value}, o.Extra...), " ")
	return commands.Reject("`%s` follows `%s:` but is not name:value. A value with spaces goes in quotes: %s:\"%s\".",
		"`%s`이(가) `%s:` 뒤에 있지만 이름:값 형태가 아닙니다. 공백이 들어간 값은 따옴표로 묶어 주세요: %s:\"%s\"",
		"`%s` が `%s:` の後にありますが、名前:値 の形ではありません。空白を含む値は引用符で囲んでください: %s:\"%s\"",
		o.Extra[0], o.Name, o.Name, whole)
}
