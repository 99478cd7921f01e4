package gateway

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// discordgo's messages reach the configured slog logger as JSON lines (its
// errors as warnings: every reconnect makes some), without the bot token
// or interaction tokens, and nothing goes through the standard log package.
func TestLibraryLogsGoThroughSlog(t *testing.T) {
	const token = "MTIz.secret.bot-token"
	var buf bytes.Buffer
	t.Cleanup(func() { discordgo.Logger = nil })
	quiet := RouteLibraryLogs(slog.New(slog.NewJSONHandler(&buf, nil)), token)
	discordgo.Logger(discordgo.LogError, 1, "error connecting to gateway %s, %s", token, "https://discord.com/api/v10/webhooks/123/interaction-token/messages")
	discordgo.Logger(discordgo.LogWarning, 1, "resuming")
	discordgo.Logger(discordgo.LogDebug, 1, "heartbeat")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 { // debug is below the handler's info level
		t.Fatalf("%d lines: %s", len(lines), buf.String())
	}
	var levels []string
	for _, l := range lines {
		var rec map[string]any
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("not a JSON line: %q", l)
		}
		levels = append(levels, rec["level"].(string))
		if rec["library"] != "discordgo" {
			t.Errorf("line without its source: %s", l)
		}
	}
	if strings.Join(levels, " ") != "WARN WARN" {
		t.Errorf("levels %v", levels)
	}
	if strings.Contains(buf.String(), "secret") || strings.Contains(buf.String(), "interaction-token") {
		t.Errorf("a token reached the log: %s", buf.String())
	}
	// After quiet (the session closed), the library's late words are dropped.
	n := buf.Len()
	quiet()
	discordgo.Logger(discordgo.LogError, 1, "error sending heartbeat to gateway")
	if buf.Len() != n {
		t.Errorf("a message after quiet: %s", buf.String()[n:])
	}
}
