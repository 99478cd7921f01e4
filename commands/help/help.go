// Package help is the /help command, generated from the registry: every
// command with its description and an example, in the user's language.
package help

import (
	"context"
	"fmt"
	"strings"

	"github.com/alea-bot/alea/commands"
)

// Colour of Alea's embeds.
const colour = 0x5865F2

// Command returns /help for the commands in reg (including itself once it
// is added). Its `command` option picks one command to explain in full.
func Command(reg *commands.Registry) *commands.Command {
	c := &commands.Command{
		Name: commands.T("help", "도움말", "ヘルプ"),
		Description: commands.T("What Alea can do: every command with an example",
			"Alea가 할 수 있는 일: 모든 명령과 예시",
			"Alea にできること: すべてのコマンドと例"),
		Options: []commands.Option{{
			Name:        commands.T("command", "명령", "コマンド"),
			Description: commands.T("Explain one command in full", "한 명령을 자세히 설명", "一つのコマンドを詳しく説明"),
			Type:        commands.String,
			MaxLength:   32,
		}},
		Examples: []string{"/help", "/help command:help"},

		Caching: &commands.Caching{}, // the answer depends on the options alone
	}
	c.Handle = func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		if name := strings.TrimPrefix(strings.TrimSpace(req.Options.String("command", "")), "/"); name != "" {
			cmd, ok := reg.Lookup(name)
			if !ok {
				return nil, commands.Reject("There is no command `/%s`. Commands: %s.",
					"`/%s` 명령은 없습니다. 명령: %s.",
					"`/%s` というコマンドはありません。コマンド: %s。", name, strings.Join(reg.Names(), ", "))
			}
			return detail(cmd, req.Locale), nil
		}
		return overview(reg, req.Locale), nil
	}
	return c
}

func overview(reg *commands.Registry, l commands.Locale) *commands.Reply {
	e := commands.Embed{
		Title: commands.T("Alea — exact board-game mathematics", "Alea — 보드게임의 정확한 수학", "Alea — ボードゲームの厳密な数学").In(l),
		Description: commands.T(
			"Type a command below, or `/help command:<name>` for its options.",
			"아래 명령을 입력하세요. 옵션은 `/help command:<이름>`으로 볼 수 있습니다.",
			"下のコマンドを入力してください。オプションは `/help command:<名前>` で見られます。").In(l),
		Color: colour,
	}
	for _, c := range reg.Commands() {
		val := c.Description.In(l)
		if ex := example(c); ex != "" {
			val += "\n`" + ex + "`"
		}
		e.Fields = append(e.Fields, commands.Field{Name: "/" + c.Name.En, Value: val})
	}
	return &commands.Reply{Embeds: []commands.Embed{e}, Data: helpData(reg)}
}

func example(c *commands.Command) string {
	if len(c.Examples) > 0 {
		return c.Examples[0]
	}
	for _, s := range c.Subcommands {
		if s.Example != "" {
			return s.Example
		}
	}
	return ""
}

func detail(c *commands.Command, l commands.Locale) *commands.Reply {
	e := commands.Embed{Title: "/" + c.Name.En, Description: c.Description.In(l), Color: colour}
	add := func(prefix string, opts []commands.Option, ex string) {
		var b strings.Builder
		for _, o := range opts {
			req := ""
			if o.Required {
				req = commands.T(" (required)", " (필수)", "（必須）").In(l)
			}
			fmt.Fprintf(&b, "`%s`%s — %s\n", o.Name.En, req, o.Description.In(l))
		}
		if ex != "" {
			fmt.Fprintf(&b, "`%s`\n", ex)
		}
		if b.Len() == 0 {
			b.WriteString("—")
		}
		e.Fields = append(e.Fields, commands.Field{Name: prefix, Value: truncate(b.String(), commands.MaxFieldValue)})
	}
	if len(c.Subcommands) == 0 {
		ex := strings.Join(c.Examples, "`\n`")
		add(commands.T("Options", "옵션", "オプション").In(l), c.Options, ex)
	}
	for _, s := range c.Subcommands {
		add("/"+c.Name.En+" "+s.Name.En+" — "+s.Description.In(l), s.Options, s.Example)
	}
	return &commands.Reply{Embeds: []commands.Embed{e}}
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Entry is one command in /help's --format data.
type Entry struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Example     string `json:"example"`
}

func helpData(reg *commands.Registry) []Entry {
	var out []Entry
	for _, c := range reg.Commands() {
		out = append(out, Entry{Name: c.Name.En, Description: c.Description.En, Example: example(c)})
	}
	return out
}
