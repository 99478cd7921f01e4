package commands

import "strings"

// Truncate cuts s to at most n characters (runes), ending with "…" when
// cut.
func Truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// JoinLines joins lines with newlines while the result stays within limit
// characters (runes), ending with "…" when some were left out: a list
// that fits an embed's description or field whatever its length.
func JoinLines(lines []string, limit int) string {
	var b strings.Builder
	n := 0
	for i, ln := range lines {
		w := len([]rune(ln)) + 1
		if n+w > limit-2 {
			if i < len(lines) {
				b.WriteString("…")
			}
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(ln)
		n += w
	}
	return b.String()
}
