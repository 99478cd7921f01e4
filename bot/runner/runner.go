// Package runner is the local runner (alea run): it reads a slash command
// as typed in Discord, answers it through the dispatcher and prints the
// reply as text, as Discord's JSON, or as the reply's data.
package runner

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/commands"
)

// slashLine is a slash command as typed in Discord, split into its parts.
type slashLine struct {
	// Words are the command name and any subcommand ("coins", "bw").
	Words []string
	// Options are the option:value pairs, values unquoted.
	Options map[string]string
}

// parseSlash splits a line such as `/trialrule die:3 weights:"5 2"` into
// words and options. Values containing spaces are written in double
// quotes; \" and \\ escape inside them. An option may not repeat.
func parseSlash(line string) (slashLine, error) {
	out := slashLine{Options: map[string]string{}}
	s := strings.TrimSpace(line)
	s = strings.TrimPrefix(s, "/")
	for {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if s == "" {
			break
		}
		// Read a name up to ':' or space.
		end := strings.IndexFunc(s, func(r rune) bool { return r == ':' || unicode.IsSpace(r) || r == '"' })
		if end < 0 {
			end = len(s)
		}
		name := s[:end]
		s = s[end:]
		if s == "" || s[0] != ':' {
			if name == "" {
				return out, fmt.Errorf("unexpected %q; options are written name:value", firstRune(s))
			}
			if len(out.Options) > 0 {
				return out, fmt.Errorf("%q after options: subcommands come right after the command name", name)
			}
			out.Words = append(out.Words, strings.ToLower(name))
			continue
		}
		if name == "" {
			return out, fmt.Errorf("an option value without a name; write name:value")
		}
		s = s[1:]
		var val string
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
				return out, fmt.Errorf("option %s: the quote is not closed", name)
			}
			if r, _ := utf8.DecodeRuneInString(s[i:]); i < len(s) && !unicode.IsSpace(r) {
				return out, fmt.Errorf("option %s: put a space after the closing quote", name)
			}
			val = b.String()
			s = s[i:]
		} else {
			end := strings.IndexFunc(s, unicode.IsSpace)
			if end < 0 {
				end = len(s)
			}
			val = s[:end]
			s = s[end:]
		}
		if _, dup := out.Options[name]; dup {
			return out, fmt.Errorf("option %s is given twice", name)
		}
		out.Options[name] = val
	}
	if len(out.Words) == 0 {
		return out, fmt.Errorf("no command name; write for example /help")
	}
	return out, nil
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

// SlashRequest turns a typed slash line into a request for reg: the first
// word is the command, the next its subcommand when it has subcommands.
func SlashRequest(reg *commands.Registry, line string, locale commands.Locale) (*commands.Request, error) {
	sl, err := parseSlash(line)
	if err != nil {
		return nil, commands.Reject("Cannot read the command: %s.", "명령을 읽을 수 없습니다: %s.", "コマンドを読めません: %s。", err.Error())
	}
	path := sl.Words[0]
	if c, ok := reg.Lookup(sl.Words[0]); ok && len(c.Subcommands) > 0 && len(sl.Words) > 1 {
		path += " " + sl.Words[1]
		sl.Words = sl.Words[1:]
	} else if ok && len(c.Subcommands) > 0 {
		var subs []string
		for _, s := range c.Subcommands {
			subs = append(subs, s.Name.En)
		}
		return nil, commands.Reject("`/%s` needs a subcommand: %s.", "`/%s`에는 하위 명령이 필요합니다: %s.", "`/%s` にはサブコマンドが必要です: %s。", c.Name.En, strings.Join(subs, ", "))
	}
	if len(sl.Words) > 1 {
		return nil, commands.Reject("Unexpected word `%s`; options are written name:value.", "예상하지 못한 단어 `%s`; 옵션은 이름:값 으로 씁니다.", "予期しない語 `%s`。オプションは 名前:値 と書きます。", sl.Words[1])
	}
	req := &commands.Request{Kind: commands.KindCommand, ID: "local", Command: path, Locale: locale, UserID: "local", UserName: "you", Options: commands.Options{}}
	for k, v := range sl.Options {
		req.Options[k] = v
	}
	return req, nil
}

// FormatJSON renders the interaction response exactly as it is sent to
// Discord ({"type":4,"data":{...}}); files travel beside it as multipart
// parts named in data.attachments.
func FormatJSON(req *commands.Request, r *commands.Reply) ([]byte, error) {
	return json.MarshalIndent(payload.Response(req, r), "", "  ")
}
