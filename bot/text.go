package bot

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
)

// The words FormatTextIn adds around a reply, in each language.
var (
	textOnlyYou    = commands.T("(only you can see this)", "(나만 볼 수 있음)", "(あなただけに表示されています)")
	textForm       = commands.T("form", "입력 양식", "フォーム")
	textDisabled   = commands.T("disabled", "비활성", "無効")
	textMenu       = commands.T("menu", "메뉴", "メニュー")
	textImage      = commands.T("image", "이미지", "画像")
	textAttachment = commands.T("attachment: %s, %d bytes", "첨부 파일: %s, %d바이트", "添付ファイル: %s、%dバイト")
	textFollowUp   = commands.T("(then a new message:)", "(이어서 새 메시지:)", "（続けて新しいメッセージ:）")
)

// FormatText renders a reply as a person reads it: content, embeds,
// buttons and menus, attachments by name; the words around it in English.
func FormatText(r *commands.Reply) string { return FormatTextIn(r, commands.English) }

// FormatTextIn is FormatText with the words around the reply ("only you
// can see this", "attachment") in locale l.
func FormatTextIn(r *commands.Reply, l commands.Locale) string {
	var b strings.Builder
	if r.Ephemeral {
		b.WriteString(textOnlyYou.In(l) + "\n")
	}
	if r.Modal != nil {
		fmt.Fprintf(&b, "[%s] %s\n", textForm.In(l), r.Modal.Title)
		for _, in := range r.Modal.Inputs {
			fmt.Fprintf(&b, "  %s: %s\n", in.Label, in.Value)
		}
	}
	if r.Content != "" {
		b.WriteString(r.Content)
		b.WriteString("\n")
	}
	for _, e := range r.Embeds {
		if e.Title != "" {
			fmt.Fprintf(&b, "\n== %s ==\n", e.Title)
		}
		if e.Description != "" {
			b.WriteString(e.Description)
			b.WriteString("\n")
		}
		for _, f := range e.Fields {
			fmt.Fprintf(&b, "\n-- %s --\n%s\n", f.Name, f.Value)
		}
		if e.Image != "" {
			fmt.Fprintf(&b, "[%s: %s]\n", textImage.In(l), e.Image)
		}
		if e.Footer != "" {
			fmt.Fprintf(&b, "\n%s\n", e.Footer)
		}
	}
	for _, row := range r.Components {
		var parts []string
		for _, c := range row {
			switch c.Kind {
			case commands.Button:
				label := strings.TrimSpace(c.Emoji + " " + c.Label)
				if c.Disabled {
					label += " (" + textDisabled.In(l) + ")"
				}
				parts = append(parts, "["+label+"]")
			case commands.SelectMenu:
				var opts []string
				for _, o := range c.Options {
					opts = append(opts, o.Label)
				}
				parts = append(parts, fmt.Sprintf("[%s: %s ▾ %s]", textMenu.In(l), c.Placeholder, strings.Join(opts, " | ")))
			}
		}
		b.WriteString(strings.Join(parts, " "))
		b.WriteString("\n")
	}
	for _, c := range r.Choices {
		fmt.Fprintf(&b, "• %s = %v\n", c.Name.In(l), c.Value)
	}
	for _, f := range r.Files {
		b.WriteString("[" + textAttachment.Format(l, f.Name, len(f.Data)) + "]\n")
	}
	if r.FollowUp != nil {
		// A new message after this one.
		b.WriteString("\n" + textFollowUp.In(l) + "\n" + FormatTextIn(r.FollowUp, l))
	}
	return showTimestamps(strings.TrimRight(b.String(), "\n")+"\n", time.Local)
}

// timestamp is Discord's timestamp markup: <t:UNIX> or <t:UNIX:STYLE>.
var timestamp = regexp.MustCompile(`<t:(-?[0-9]{1,12})(?::([tTdDfFR]))?>`)

// showTimestamps writes each Discord timestamp in s as Discord shows it,
// in time zone loc: the time of day for styles t and T, the date for d
// and D, both otherwise (R, a relative time, too).
func showTimestamps(s string, loc *time.Location) string {
	return timestamp.ReplaceAllStringFunc(s, func(m string) string {
		sub := timestamp.FindStringSubmatch(m)
		sec, err := strconv.ParseInt(sub[1], 10, 64)
		if err != nil {
			return m
		}
		t := time.Unix(sec, 0).In(loc)
		switch sub[2] {
		case "t":
			return t.Format("15:04")
		case "T":
			return t.Format("15:04:05")
		case "d", "D":
			return t.Format("2006-01-02")
		}
		return t.Format("2006-01-02 15:04")
	})
}
