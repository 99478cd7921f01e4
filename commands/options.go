package commands

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Coerce checks raw option values against their definitions and returns
// them typed. A raw value is a string (from `alea run`) or a JSON value as
// Discord sends it (string, float64, bool). Bad values, missing required
// options, unknown options, values out of bounds and values that are not
// among the choices are reported as a localised *UserError that says what
// a right value looks like. Every value typed as text is read in NFKC
// first (Normalize), so full-width digits and signs count as ASCII.
func Coerce(defs []Option, raw map[string]any) (Options, error) {
	out := Options{}
	known := map[string]*Option{}
	for i := range defs {
		known[defs[i].Name.En] = &defs[i]
	}
	for name, v := range raw {
		if s, ok := v.(string); ok {
			v = Normalize(s)
		}
		d, ok := known[name]
		if !ok {
			t := T("Unknown option %s. Options: %s.",
				"알 수 없는 옵션 %s입니다. 옵션: %s.",
				"不明なオプション %s です。オプション: %s。")
			return nil, RejectEach(func(l Locale) string { return t.Format(l, Quote(name), optionNames(defs, l)) })
		}
		tv, err := coerceValue(d, v)
		if err != nil {
			return nil, err
		}
		out[name] = tv
	}
	for i := range defs {
		if defs[i].Required && !out.Has(defs[i].Name.En) {
			d := &defs[i]
			t := T("The option `%s` is required (%s).",
				"`%s` 옵션이 필요합니다 (%s).",
				"オプション `%s` は必須です（%s）。")
			return nil, RejectEach(func(l Locale) string { return t.Format(l, d.Name.In(l), d.Description.In(l)) })
		}
	}
	return out, nil
}

func optionNames(defs []Option, l Locale) string {
	if len(defs) == 0 {
		return "-"
	}
	names := make([]string, len(defs))
	for i, d := range defs {
		names[i] = "`" + d.Name.In(l) + "`"
	}
	return l.List(names)
}

func coerceValue(d *Option, v any) (any, error) {
	name := d.Name.En
	var out any
	switch d.Type {
	case String:
		s, ok := v.(string)
		if !ok {
			s = fmt.Sprint(v)
		}
		n := utf8.RuneCountInString(s)
		// An empty value passes to the command, whose message for it says
		// what to write (`weights` is empty. Give the ratio…); the
		// length rule words only values too short or too long.
		if d.MinLength > 0 && n > 0 && n < d.MinLength || d.MaxLength > 0 && n > d.MaxLength {
			return nil, d.reject("`%s` must be %d to %d characters long.",
				"`%s`의 길이는 %d~%d자여야 합니다.",
				"`%s` は%d〜%d文字にしてください。", name, d.MinLength, d.MaxLength)
		}
		out = s
	case Integer:
		var i int64
		switch x := v.(type) {
		case string:
			p, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
			if errors.Is(err, strconv.ErrRange) && (d.Min != nil || d.Max != nil) {
				// A whole number, but past any bound: say the bounds.
				return nil, boundsError(d, Quote(strings.TrimSpace(x)))
			}
			if err != nil {
				return nil, d.reject("`%s` must be a whole number, such as `%s:3`; got %s.",
					"`%s`에는 정수를 써 주세요 (예: `%s:3`). 입력: %s",
					"`%s` には整数を指定してください（例: `%s:3`）。入力: %s", name, name, Quote(x))
			}
			i = p
		case float64:
			if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
				return nil, d.reject("`%s` must be a whole number.", "`%s`에는 정수를 써 주세요.", "`%s` には整数を指定してください。", name)
			}
			i = int64(x)
		case int64:
			i = x
		case int:
			i = int64(x)
		default:
			return nil, d.reject("`%s` must be a whole number.", "`%s`에는 정수를 써 주세요.", "`%s` には整数を指定してください。", name)
		}
		if err := checkBounds(d, float64(i)); err != nil {
			return nil, err
		}
		out = i
	case Number:
		var f float64
		switch x := v.(type) {
		case string:
			p, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil || math.IsNaN(p) || math.IsInf(p, 0) {
				return nil, d.reject("`%s` must be a number, such as `%s:2.5`; got %s.",
					"`%s`에는 수를 써 주세요 (예: `%s:2.5`). 입력: %s",
					"`%s` には数値を指定してください（例: `%s:2.5`）。入力: %s", name, name, Quote(x))
			}
			f = p
		case float64:
			f = x
		case int64:
			f = float64(x)
		default:
			return nil, d.reject("`%s` must be a number.", "`%s`에는 수를 써 주세요.", "`%s` には数値を指定してください。", name)
		}
		if err := checkBounds(d, f); err != nil {
			return nil, err
		}
		out = f
	case Boolean:
		switch x := v.(type) {
		case bool:
			out = x
		case string:
			b, ok := ParseBool(x)
			if !ok {
				return nil, d.reject(txtBadBool.En, txtBadBool.Ko, txtBadBool.Ja, name)
			}
			out = b
		default:
			return nil, d.reject(txtBadBool.En, txtBadBool.Ko, txtBadBool.Ja, name)
		}
	default:
		return nil, fmt.Errorf("commands: option %s has unknown type %d", name, d.Type)
	}
	if len(d.Choices) > 0 {
		for _, c := range d.Choices {
			if choiceEqual(c.Value, out) {
				return out, nil
			}
		}
		// A choice's name, as Discord's menu shows it in any language,
		// stands for its value where a value is typed (the runner, the
		// playground): Discord's own menu sends the value, but a player
		// typing in Korean or Japanese writes the word they read.
		// Its short name, before a parenthesis or a colon ("실력" for
		// "실력: 선택 1회당 잃은 점수"), stands for it when no other choice
		// has that short name in any language ("야찌" names both Yahtzee
		// and Yatzy: refused, with the choices listed).
		if x, ok := out.(string); ok {
			x = strings.TrimSpace(x)
			for _, c := range d.Choices {
				for _, n := range []string{c.Name.En, c.Name.Ko, c.Name.Ja} {
					if n != "" && strings.EqualFold(x, Normalize(n)) {
						return c.Value, nil
					}
				}
			}
			if c, ok := shortChoice(d.Choices, x); ok {
				return c.Value, nil
			}
			if c, ok := prefixChoice(d.Choices, x); ok {
				return c.Value, nil
			}
		}
		t := T("`%s` must be one of %s.", "`%s`은(는) 다음 중 하나여야 합니다: %s.", "`%s` は次のいずれかにしてください: %s。")
		return nil, RejectEach(func(l Locale) string {
			vals := make([]string, len(d.Choices))
			for i, c := range d.Choices {
				vals[i] = fmt.Sprintf("`%v`", c.Value)
				if n := c.Name.In(l); n != "" && n != fmt.Sprint(c.Value) {
					vals[i] = fmt.Sprintf("`%s` (%v)", n, c.Value)
				}
			}
			return t.Format(l, d.Name.In(l), l.List(vals))
		})
	}
	return out, nil
}

func choiceEqual(c, v any) bool {
	switch cv := c.(type) {
	case int:
		return v == any(int64(cv))
	case float64:
		if iv, ok := v.(int64); ok {
			return float64(iv) == cv
		}
	}
	return c == v
}

func checkBounds(d *Option, x float64) error {
	if d.Min != nil && x < *d.Min || d.Max != nil && x > *d.Max {
		return boundsError(d, strconv.FormatFloat(x, 'f', -1, 64))
	}
	return nil
}

// shortChoice returns the one choice whose short name, in any language,
// is x; false when none or several are.
func shortChoice(choices []Choice, x string) (Choice, bool) {
	var found []Choice
	for _, c := range choices {
		for _, n := range []string{c.Name.En, c.Name.Ko, c.Name.Ja} {
			if n := shortChoiceName(Normalize(n)); n != "" && strings.EqualFold(Normalize(x), n) {
				found = append(found, c)
				break
			}
		}
	}
	if len(found) != 1 {
		return Choice{}, false
	}
	return found[0], true
}

// boundsError says the bounds of option d, which the value written got
// is outside of.
func boundsError(d *Option, got string) error {
	lo, hi := "-∞", "∞"
	if d.Min != nil {
		lo = strconv.FormatFloat(*d.Min, 'f', -1, 64)
	}
	if d.Max != nil {
		hi = strconv.FormatFloat(*d.Max, 'f', -1, 64)
	}
	return d.reject("`%s` must be between %s and %s; got %s.",
		"`%s`은(는) %s 이상 %s 이하여야 합니다. 입력: %s",
		"`%s` は %s 以上 %s 以下にしてください。入力: %s", d.Name.En, lo, hi, got)
}

// reject is a UserError about option d whose arguments equal to d's
// canonical name are shown in each language as the name the player sees.
func (d *Option) reject(en, ko, ja string, args ...any) *UserError {
	t := T(en, ko, ja)
	return RejectEach(func(l Locale) string {
		a := make([]any, len(args))
		for i, x := range args {
			if s, ok := x.(string); ok && s == d.Name.En {
				x = d.Name.In(l)
			}
			a[i] = x
		}
		return t.Format(l, a...)
	})
}

// prefixChoice returns the one choice whose value or name, in any
// language, begins with x (at least two letters: "평균" for "평균 점수",
// "平均" for "平均点"); false when none or several do.
func prefixChoice(choices []Choice, x string) (Choice, bool) {
	x = strings.ToLower(Normalize(strings.TrimSpace(x)))
	if utf8.RuneCountInString(x) < 2 {
		return Choice{}, false
	}
	var found []Choice
	for _, c := range choices {
		for _, n := range []string{fmt.Sprint(c.Value), c.Name.En, c.Name.Ko, c.Name.Ja} {
			if n != "" && strings.HasPrefix(strings.ToLower(Normalize(n)), x) {
				found = append(found, c)
				break
			}
		}
	}
	if len(found) != 1 {
		return Choice{}, false
	}
	return found[0], true
}

// txtBadBool refuses a yes-or-no option's value, with the words that
// reader would type.
var txtBadBool = T("`%s` must be `true` or `false`.",
	"`%s`에는 `예`나 `아니요`를 써 주세요 (`참`/`거짓`, `true`/`false`도 됩니다).",
	"`%s` には `はい` か `いいえ` を指定してください（`true`/`false` も使えます）。")

// boolWords are the words a player types for a yes-or-no option, in
// every language: Discord's own picker sends true or false, but the
// runner and the playground read what was typed.
var boolWords = map[string]bool{
	"true": true, "yes": true, "y": true, "on": true, "1": true, "t": true,
	"false": false, "no": false, "n": false, "off": false, "0": false, "f": false,
	"참": true, "예": true, "네": true, "응": true, "켜기": true,
	"거짓": false, "아니요": false, "아니오": false, "아니": false, "끄기": false,
	"はい": true, "真": true, "オン": true,
	"いいえ": false, "偽": false, "オフ": false,
}

// ParseBool reads a typed yes or no in any of Alea's languages
// ("true", "예", "はい", "거짓", "いいえ"…).
func ParseBool(s string) (bool, bool) {
	b, ok := boolWords[strings.ToLower(Normalize(strings.TrimSpace(s)))]
	return b, ok
}

// BoolWord is how a reader in l writes b as an option's value: true or
// false in English, 예 or 아니요 in Korean, はい or いいえ in Japanese.
func BoolWord(b bool, l Locale) string {
	t := T("false", "아니요", "いいえ")
	if b {
		t = T("true", "예", "はい")
	}
	return t.In(l)
}
