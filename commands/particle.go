package commands

import "strings"

// koParticles are the Korean particles written with both forms, the form
// after a final consonant first: "은(는)" becomes "은" after 굴림 and "는"
// after 개수. "(으)로" is handled apart (ㄹ takes 로).
var koParticles = []struct{ marker, consonant, vowel string }{
	{"은(는)", "은", "는"},
	{"이(가)", "이", "가"},
	{"을(를)", "을", "를"},
	{"과(와)", "과", "와"},
	{"(으)로", "으로", "로"},
}

// ResolveParticles replaces every Korean two-form particle in s ("은(는)",
// "이(가)", "을(를)", "과(와)", "(으)로") by the form the word before it
// takes, read through closing quotes and brackets; digits and Latin letters
// are read as Korean speakers say them (7 칠, m 엠). A particle after
// something unreadable keeps both forms.
func ResolveParticles(s string) string {
	if !strings.Contains(s, "(") {
		return s
	}
	for _, p := range koParticles {
		var b strings.Builder
		rest := s
		for {
			i := strings.Index(rest, p.marker)
			if i < 0 {
				b.WriteString(rest)
				break
			}
			before := rest[:i]
			b.WriteString(before)
			form := p.marker
			if final, ok := finalSound(b.String()); ok {
				switch {
				case p.marker == "(으)로" && (final == 0 || final == 8):
					form = p.vowel // no final consonant, or ㄹ
				case final == 0:
					form = p.vowel
				default:
					form = p.consonant
				}
			}
			b.WriteString(form)
			rest = rest[i+len(p.marker):]
		}
		s = b.String()
	}
	return s
}

// finalSound returns the final consonant (jongseong index, 0 for none, 8
// for ㄹ) of the last word read aloud in s, skipping closing marks.
func finalSound(s string) (int, bool) {
	r := []rune(strings.TrimRight(s, "`'\")]」』"))
	if len(r) == 0 {
		return 0, false
	}
	c := r[len(r)-1]
	switch {
	case c >= 0xAC00 && c <= 0xD7A3:
		return int(c-0xAC00) % 28, true
	case c >= '0' && c <= '9':
		// 영 일 이 삼 사 오 육 칠 팔 구
		return [10]int{21, 8, 0, 16, 0, 0, 1, 8, 8, 0}[c-'0'], true
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		switch c | 0x20 {
		case 'l', 'r': // 엘, 알
			return 8, true
		case 'm': // 엠
			return 16, true
		case 'n': // 엔
			return 4, true
		}
		return 0, true
	}
	return 0, false
}
