package gateway

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"
)

// RouteLibraryLogs sends discordgo's own log messages, which it writes
// with the standard log package unless told otherwise, to log at the
// matching level, tokens removed (token is the bot token). discordgo
// has one logger per process, so the last call wins. The returned func
// drops what discordgo still says after the session is closed (its
// heartbeat goroutine may outlive Close by a beat), so a stopped bot's
// log ends with its own last line.
func RouteLibraryLogs(log *slog.Logger, token string) (quiet func()) {
	var off atomic.Bool
	discordgo.Logger = libraryLogger(log.With("library", "discordgo"), token, &off)
	return func() { off.Store(true) }
}

func libraryLogger(log *slog.Logger, token string, off *atomic.Bool) func(msgL, caller int, format string, a ...any) {
	return func(msgL, _ int, format string, a ...any) {
		if off.Load() {
			return
		}
		level := slog.LevelDebug
		switch msgL {
		case discordgo.LogError, discordgo.LogWarning:
			// discordgo reports as errors what every reconnect brings (a
			// heartbeat on a socket being closed); the transport logs its
			// own failures as errors, so the library's are warnings.
			level = slog.LevelWarn
		case discordgo.LogInformational:
			level = slog.LevelInfo
		}
		if strings.HasPrefix(format, "error unmarshalling %s event") && len(a) > 0 && a[0] == "INTERACTION_CREATE" {
			// The gateway reads interactions with its own decoder
			// (onEvent), which reads what discordgo's cannot.
			level = slog.LevelDebug
		}
		log.Log(context.Background(), level, redact(fmt.Sprintf(format, a...), token))
	}
}
