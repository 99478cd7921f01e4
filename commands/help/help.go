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
			"Alea가 할 수 있는 일: 모든 명령어와 예시",
			"Alea にできること: すべてのコマンドと例"),
		Options: []commands.Option{{
			Name:        commands.T("command", "명령어", "コマンド"),
			Description: commands.T("Explain one command in full", "명령어 하나를 자세히 설명", "一つのコマンドを詳しく説明"),
			Type:        commands.String,
			MaxLength:   32,
		}},
		Examples: []string{"/help", "/help command:help"},

		Caching: &commands.Caching{}, // the answer depends on the options alone
	}
	c.Handle = func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		l := req.Locale
		if name := strings.TrimPrefix(strings.TrimSpace(req.Options.String("command", "")), "/"); name != "" {
			cmd, ok := lookup(reg, name)
			if !ok {
				if near := reg.Nearest(name); near != nil {
					return nil, commands.RejectEach(func(l commands.Locale) string {
						return txtDidYouMean.Format(l, commands.Quote("/"+name), "`/"+near.Name.In(l)+"`", commandList(reg, l))
					})
				}
				return nil, commands.RejectEach(func(l commands.Locale) string {
					return txtNoCommand.Format(l, commands.Quote("/"+name), commandList(reg, l))
				})
			}
			return detail(cmd, l), nil
		}
		return overview(reg, c, l), nil
	}
	return c
}

// Words of /help.
var (
	txtNoCommand = commands.T("There is no command %s. Commands: %s.",
		"%s 명령어는 없습니다. 명령어: %s.",
		"%s というコマンドはありません。コマンド: %s。")
	txtDidYouMean = commands.T("There is no command %s. Did you mean %s? Commands: %s.",
		"%s 명령어는 없습니다. %s을(를) 찾으셨나요? 명령어: %s.",
		"%s というコマンドはありません。%s のことですか？コマンド: %s。")
	txtTitle    = commands.T("Alea — exact board-game mathematics", "Alea — 보드게임의 정확한 수학", "Alea — ボードゲームの厳密な数学")
	txtOverview = commands.T("Type a command below, or `%s` for its options.",
		"아래 명령어를 입력하세요. 옵션은 `%s`으로 볼 수 있습니다.",
		"下のコマンドを入力してください。オプションは `%s` で見られます。")
	txtOptionList      = commands.T("Options: %s", "옵션: %s", "オプション: %s")
	txtSubcommandList  = commands.T("Subcommands: %s", "하위 명령어: %s", "サブコマンド: %s")
	txtNamePlaceholder = commands.T("<name>", "<이름>", "<名前>")
	txtRequired        = commands.T(" (required)", " (필수)", "（必須）")
	txtOptions         = commands.T("Options", "옵션", "オプション")
	txtAbout           = commands.T("About", "출처", "出典")
	txtAboutText       = commands.T(
		"The answers are exact and follow these sources: the Korean paper on trial rules (k-ary trees with restarts); 最大期待値戦略の計算手法の整理 (Yacht); [Pancht] 요트 다이스 최적 선택 알고리즘을 구현한 방법 (Pancht); 알고리즘 덕후의 「투 더 문」 퍼즐 푸는 방법 (orbs); 게임 트리 개요와 확률적 탐색 (coins); and the published results of Verhoeff, Glenn, Larsson & Sjöberg, and Knuth & Yao.",
		"모든 답은 정확한 값이며 다음 자료를 따릅니다: 시행 규칙에 관한 한국어 논문(재시작이 있는 k진 트리), 最大期待値戦略の計算手法の整理 (요트), [Pancht] 요트 다이스 최적 선택 알고리즘을 구현한 방법 (Pancht), 알고리즘 덕후의 「투 더 문」 퍼즐 푸는 방법 (오브), 게임 트리 개요와 확률적 탐색 (동전), 그리고 Verhoeff, Glenn, Larsson & Sjöberg, Knuth & Yao가 발표한 결과.",
		"答えはすべて厳密で、次の資料に基づいています: 試行規則についての韓国語論文（やり直しのある k 分木）、最大期待値戦略の計算手法の整理（ヨット）、[Pancht] 요트 다이스 최적 선택 알고리즘을 구현한 방법（Pancht）、알고리즘 덕후의 「투 더 문」 퍼즐 푸는 방법（オーブ）、게임 트리 개요와 확률적 탐색（コイン）、そして Verhoeff、Glenn、Larsson & Sjöberg、Knuth & Yao の発表した結果。")
	txtPolicies     = commands.T("Privacy", "개인정보", "プライバシー")
	txtPoliciesText = commands.T("[Privacy policy](%s) · [Terms of service](%s)",
		"[개인정보 처리방침](%s) · [이용약관](%s)",
		"[プライバシーポリシー](%s) · [利用規約](%s)")
)

// PrivacyURL and TermsURL are Alea's privacy policy and terms of service
// (docs/privacy.md and docs/terms.md), the pages the Developer Portal
// links as the application's Privacy Policy and Terms of Service URLs.
const (
	PrivacyURL = "https://github.com/alea-bot/alea/blob/main/docs/privacy.md"
	TermsURL   = "https://github.com/alea-bot/alea/blob/main/docs/terms.md"
)

// lookup finds a command by its name in any language.
func lookup(reg *commands.Registry, name string) (*commands.Command, bool) {
	for _, c := range reg.Commands() {
		for _, n := range []string{c.Name.En, c.Name.Ko, c.Name.Ja} {
			if n != "" && strings.EqualFold(n, name) {
				return c, true
			}
		}
	}
	return nil, false
}

// commandList lists the commands as a player sees them in locale l.
func commandList(reg *commands.Registry, l commands.Locale) string {
	var names []string
	for _, c := range reg.Commands() {
		names = append(names, "`/"+c.Name.In(l)+"`")
	}
	return l.List(names)
}

func overview(reg *commands.Registry, self *commands.Command, l commands.Locale) *commands.Reply {
	usage := commands.LocalizeExample(self, "/"+self.Name.En+" command:"+txtNamePlaceholder.In(l), l)
	e := commands.Embed{
		Title:       txtTitle.In(l),
		Description: txtOverview.Format(l, usage),
		Color:       colour,
	}
	for _, c := range reg.Commands() {
		val := c.Description.In(l)
		if opts := optionSummary(c, l); opts != "" {
			val += "\n" + opts
		}
		if ex := example(c); ex != "" {
			val += "\n`" + commands.LocalizeExample(c, ex, l) + "`"
		}
		e.Fields = append(e.Fields, commands.Field{Name: "/" + c.Name.In(l), Value: val})
	}
	e.Fields = append(e.Fields, commands.Field{Name: txtAbout.In(l), Value: txtAboutText.In(l)},
		commands.Field{Name: txtPolicies.In(l), Value: txtPoliciesText.Format(l, PrivacyURL, TermsURL)})
	return &commands.Reply{Embeds: []commands.Embed{e}, Data: helpData(reg)}
}

// optionSummary names a command's options (and subcommands with theirs)
// in locale l, so the overview shows everything a command can take:
// "Options: `dice`, `roll`, `sheet`, `rules`, `top`, `target`".
func optionSummary(c *commands.Command, l commands.Locale) string {
	names := func(opts []commands.Option) string {
		out := make([]string, len(opts))
		for i, o := range opts {
			out[i] = "`" + o.Name.In(l) + "`"
		}
		return l.List(out)
	}
	if len(c.Subcommands) == 0 {
		if len(c.Options) == 0 {
			return ""
		}
		return txtOptionList.Format(l, names(c.Options))
	}
	var subs []string
	for _, s := range c.Subcommands {
		if len(s.Options) == 0 {
			subs = append(subs, "`"+s.Name.In(l)+"`")
			continue
		}
		subs = append(subs, "`"+s.Name.In(l)+"` ("+names(s.Options)+")")
	}
	return txtSubcommandList.Format(l, l.List(subs))
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
	e := commands.Embed{Title: "/" + c.Name.In(l), Description: c.Description.In(l), Color: colour}
	add := func(prefix string, opts []commands.Option, ex string) {
		var b strings.Builder
		for _, o := range opts {
			req := ""
			if o.Required {
				req = txtRequired.In(l)
			}
			fmt.Fprintf(&b, "`%s`%s — %s\n", o.Name.In(l), req, o.Description.In(l))
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
		var exs []string
		for _, ex := range c.Examples {
			exs = append(exs, commands.LocalizeExample(c, ex, l))
		}
		add(txtOptions.In(l), c.Options, strings.Join(exs, "`\n`"))
	}
	for _, s := range c.Subcommands {
		ex := ""
		if s.Example != "" {
			ex = commands.LocalizeExample(c, s.Example, l)
		}
		add("/"+c.Name.In(l)+" "+s.Name.In(l)+" — "+s.Description.In(l), s.Options, ex)
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
