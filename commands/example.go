package commands

import (
	"fmt"
	"strings"
)

// LocalizeExample rewrites an example invocation of c ("/coins bw black:2
// white:1") with the names a player sees in Discord's picker in locale l
// ("/동전 흑백 흑:2 백:1"): the command's, the subcommand's and every
// option's, taken from the definitions. A choice's value is written as
// the choice's name in l, a yes or no as 예/아니요 or はい/いいえ (words
// Coerce reads back); other values are kept as written. A word it cannot
// match to the definitions is kept as it is.
func LocalizeExample(c *Command, example string, l Locale) string {
	words := splitExample(example)
	if len(words) == 0 || words[0] != "/"+c.Name.En {
		return example
	}
	out := []string{"/" + c.Name.In(l)}
	opts := c.Options
	rest := words[1:]
	if len(c.Subcommands) > 0 && len(rest) > 0 {
		for _, s := range c.Subcommands {
			if s.Name.En == rest[0] {
				out = append(out, s.Name.In(l))
				opts, rest = s.Options, rest[1:]
				break
			}
		}
	}
	for _, w := range rest {
		name, value, ok := strings.Cut(w, ":")
		if ok {
			for _, o := range opts {
				if o.Name.En == name {
					w = o.Name.In(l) + ":" + choiceWord(o, value, l)
					break
				}
			}
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// splitExample splits an invocation at spaces outside double quotes.
func splitExample(s string) []string {
	var words []string
	var cur strings.Builder
	quoted := false
	for _, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
			cur.WriteRune(r)
		case r == ' ' && !quoted:
			if cur.Len() > 0 {
				words = append(words, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		words = append(words, cur.String())
	}
	return words
}

// ExampleNames reports whether every word of an example names the command,
// its subcommand or one of their options, so that LocalizeExample can
// rewrite all of it: the words it does not know are returned.
func ExampleNames(c *Command, example string) (unknown []string) {
	words := splitExample(example)
	if len(words) == 0 || words[0] != "/"+c.Name.En {
		return []string{example}
	}
	opts := c.Options
	rest := words[1:]
	if len(c.Subcommands) > 0 {
		found := false
		if len(rest) > 0 {
			for _, s := range c.Subcommands {
				if s.Name.En == rest[0] {
					opts, rest, found = s.Options, rest[1:], true
					break
				}
			}
		}
		if !found {
			return []string{example}
		}
	}
	for _, w := range rest {
		name, _, ok := strings.Cut(w, ":")
		known := false
		for _, o := range opts {
			if ok && o.Name.En == name {
				known = true
			}
		}
		if !known {
			unknown = append(unknown, w)
		}
	}
	return unknown
}

// choiceWord writes value as the reader in l types it: a yes or no as
// BoolWord writes it, a choice as Discord's menu shows it (its name in l
// up to a parenthesis, when that short name stands for this choice alone
// (see Coerce), else its whole name); value as it is otherwise.
func choiceWord(o Option, value string, l Locale) string {
	if l == English {
		return value
	}
	if o.Type == Boolean {
		if b, ok := ParseBool(value); ok {
			return BoolWord(b, l)
		}
		return value
	}
	for _, c := range o.Choices {
		if fmt.Sprint(c.Value) != value {
			continue
		}
		name := c.Name.In(l)
		short := shortChoiceName(name)
		if found, ok := shortChoice(o.Choices, short); !ok || fmt.Sprint(found.Value) != value {
			short = name // another choice has that short name too: the whole name
		}
		if short == "" || strings.Contains(short, `"`) {
			return value
		}
		if strings.ContainsAny(short, " 　") {
			return `"` + short + `"`
		}
		return short
	}
	return value
}

// shortChoiceName is a choice's name up to a parenthesis or a colon
// ("실력" for "실력: 선택 1회당 잃은 점수").
func shortChoiceName(n string) string {
	for _, sep := range []string{" (", "（", "(", ":", "："} {
		n, _, _ = strings.Cut(n, sep)
	}
	return strings.TrimSpace(n)
}
