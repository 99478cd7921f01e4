package commands

import (
	"fmt"
	"strings"
)

// Locale is the language of a reply: English, Korean or Japanese.
type Locale string

// The locales Alea speaks.
const (
	English  Locale = "en"
	Korean   Locale = "ko"
	Japanese Locale = "ja"
)

// Locales lists every supported locale, English first.
var Locales = []Locale{English, Korean, Japanese}

// ParseLocale maps a Discord locale ("ko", "ja", "en-US", "en-GB", ...) or a
// bare language code to the Locale Alea answers in; anything else is English.
func ParseLocale(s string) Locale {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case s == "ko" || strings.HasPrefix(s, "ko-"):
		return Korean
	case s == "ja" || strings.HasPrefix(s, "ja-"):
		return Japanese
	}
	return English
}

// List joins items as a list is written in l: with "、" in Japanese,
// with ", " in English and Korean.
func (l Locale) List(items []string) string {
	if l == Japanese {
		return strings.Join(items, "、")
	}
	return strings.Join(items, ", ")
}

// Text is one string in the three languages. Ko and Ja fall back to En when
// empty.
type Text struct {
	En, Ko, Ja string
}

// T builds a Text from its English, Korean and Japanese forms.
func T(en, ko, ja string) Text { return Text{En: en, Ko: ko, Ja: ja} }

// In returns the text in locale l (English when l has no translation).
func (t Text) In(l Locale) string {
	switch l {
	case Korean:
		if t.Ko != "" {
			return t.Ko
		}
	case Japanese:
		if t.Ja != "" {
			return t.Ja
		}
	}
	return t.En
}

// Format is fmt.Sprintf with the text in locale l as the format; in
// Korean particles written with both forms ("은(는)") take the form the
// word before them needs.
func (t Text) Format(l Locale, args ...any) string {
	s := fmt.Sprintf(t.In(l), args...)
	if l == Korean {
		s = ResolveParticles(s)
	}
	return s
}

// Plural returns one when n is 1 and many otherwise: the two English
// forms of a sentence with a count ("1 game", "3 games"), whose Korean
// and Japanese counters read the same either way.
func Plural(n int, one, many Text) Text {
	if n == 1 {
		return one
	}
	return many
}

// UserError is input the bot rejects: it is shown to the user as an
// ephemeral message in their language, and makes `alea run` exit with 1.
type UserError struct {
	Message Text
	Args    []any
}

// Rejectf returns a UserError whose message is t formatted with args.
func Rejectf(t Text, args ...any) *UserError { return &UserError{Message: t, Args: args} }

// Reject returns a UserError with the message in three languages.
func Reject(en, ko, ja string, args ...any) *UserError {
	return &UserError{Message: T(en, ko, ja), Args: args}
}

// Error returns the message in English.
func (e *UserError) Error() string { return e.Localize(English) }

// Localize returns the message in locale l.
func (e *UserError) Localize(l Locale) string { return e.Message.Format(l, e.Args...) }

// RejectEach returns a UserError whose message in each locale is what
// message returns for it: for messages whose parts (category names, lists)
// differ by language. The messages are taken as they are, not as formats.
func RejectEach(message func(Locale) string) *UserError {
	esc := func(l Locale) string { return strings.ReplaceAll(message(l), "%", "%%") }
	return &UserError{Message: Text{En: esc(English), Ko: esc(Korean), Ja: esc(Japanese)}}
}

// MaxQuoted is how many characters of a user's input a message repeats.
const MaxQuoted = 40

// Quote shows text a user wrote inside a message: in backticks, shortened
// to MaxQuoted characters and "…", with backticks and line breaks replaced
// so the quote stays one piece of code.
func Quote(s string) string {
	return "`" + Shorten(s, MaxQuoted) + "`"
}

// Shorten returns s on one line, cut to at most n characters with "…".
func Shorten(s string, n int) string {
	s = strings.NewReplacer("`", "ˋ", "\n", " ", "\r", " ").Replace(s)
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Sentences joins sentences as the language writes them: with a space in
// English and Korean, with nothing after Japanese "。".
func Sentences(l Locale, parts ...string) string {
	sep := " "
	if l == Japanese {
		sep = ""
	}
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}
