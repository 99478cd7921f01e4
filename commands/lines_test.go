package commands

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// JoinLines keeps within its limit whatever the lines, says when it left
// some out, and keeps every line when they fit.
func TestJoinLines(t *testing.T) {
	lines := []string{"한국어 한 줄", "second", strings.Repeat("x", 30)}
	if got := JoinLines(lines, 100); got != strings.Join(lines, "\n") {
		t.Errorf("all fit: %q", got)
	}
	for limit := 3; limit < 60; limit++ {
		got := JoinLines(lines, limit)
		if utf8.RuneCountInString(got) > limit {
			t.Errorf("limit %d: %d characters: %q", limit, utf8.RuneCountInString(got), got)
		}
		if got != strings.Join(lines, "\n") && !strings.HasSuffix(got, "…") {
			t.Errorf("limit %d: lines left out without …: %q", limit, got)
		}
	}
	if got := Truncate("Alea는 주사위", 6); got != "Alea는…" {
		t.Errorf("Truncate: %q", got)
	}
	if got := Truncate("short", 6); got != "short" {
		t.Errorf("Truncate of a short text: %q", got)
	}
}
