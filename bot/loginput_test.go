package bot

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
)

// syncBuffer is a log destination safe for the dispatcher's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A request with kilobyte fields (a forged command name, user id and
// interaction id) is logged with each field cut to 64 runes and an
// ellipsis: the lines stay short, and the start of each field stays
// readable.
func TestLongRequestFieldsAreShortenedInTheLog(t *testing.T) {
	var buf syncBuffer
	o := quiet()
	o.Logger = slog.New(slog.NewJSONHandler(&buf, nil))
	boom := cmd("boom", func(context.Context, *commands.Request) (*commands.Reply, error) { panic("boom") })
	d := newTestDispatcher(t, o, cmd("a", ok("fine")), boom)
	long := strings.Repeat("가", 3000) // 9,000 bytes
	for _, req := range []*commands.Request{
		{Kind: commands.KindCommand, ID: "i" + long, Command: "c" + long, UserID: "u" + long, Locale: commands.English},
		{Kind: commands.KindCommand, ID: "i" + long, Command: "boom", UserID: "u" + long, Locale: commands.English},
		{Kind: commands.KindComponent, ID: "i" + long, Command: "a", CustomID: "a/" + long, UserID: "u" + long, Locale: commands.English},
	} {
		d.Handle(context.Background(), req, &recorder{})
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) < 3 {
		t.Fatalf("%d log lines:\n%s", len(lines), buf.String())
	}
	want := "i" + strings.Repeat("가", 63) + "…"
	for _, line := range lines {
		if strings.Contains(line, "\"stack\"") {
			line = line[:strings.Index(line, "\"stack\"")] // the panic's stack is ours, not the input
		}
		if utf8.RuneCountInString(line) > 1200 {
			t.Errorf("a log line of %d runes: %.300s…", utf8.RuneCountInString(line), line)
		}
		if !strings.Contains(line, want) {
			t.Errorf("the interaction id is not cut to 64 runes with an ellipsis: %.300s…", line)
		}
	}
	if got := LogInput("short"); got != "short" {
		t.Errorf("LogInput(short) = %q", got)
	}
	if got := LogInput(strings.Repeat("x", 64)); got != strings.Repeat("x", 64) {
		t.Errorf("64 runes were cut: %q", got)
	}
}
