package app

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
)

// Presses on boards sealed under another key are warned of at most once a
// minute, each warning naming the interaction and counting the presses
// since the last (the clock is the test's).
func TestKeyWarningOnceAMinute(t *testing.T) {
	logs := &bottest.Log{}
	now := time.Unix(1_800_000_000, 0)
	w := newKeyWarning(slog.New(slog.NewJSONHandler(logs, nil)), func() time.Time { return now })
	count := func() int { return strings.Count(logs.String(), `"level":"WARN"`) }
	w.seen("701")
	for i := range 30 {
		now = now.Add(time.Second)
		w.seen("70" + string(rune('2'+i%8)))
	}
	if count() != 1 || !strings.Contains(logs.String(), `"interaction":"701","presses":1`) {
		t.Fatalf("after 31 presses in 30 s:\n%s", logs)
	}
	now = now.Add(30 * time.Second) // a minute after the first warning
	w.seen("799")
	if count() != 2 || !strings.Contains(logs.String(), `"interaction":"799","presses":31`) {
		t.Fatalf("a minute later:\n%s", logs)
	}
	now = now.Add(59 * time.Second)
	w.seen("800")
	if count() != 2 {
		t.Fatalf("59 s later:\n%s", logs)
	}
}
