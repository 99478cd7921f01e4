package recordline_test

import (
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/recordline"
	"github.com/alea-bot/alea/game/record"
)

// Each outcome has its own sentence in every language, and the sentence
// of a recording that failed names the button that tries again, as the
// reader's language labels it.
func TestLines(t *testing.T) {
	for _, loc := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		seen := map[string]record.Outcome{}
		for _, o := range []record.Outcome{record.Off, record.Recorded, record.NotRecorded} {
			line := recordline.Line(o).In(loc)
			if line == "" || !strings.HasPrefix(line, "📒 ") {
				t.Errorf("%s outcome %d: %q", loc, o, line)
			}
			if prev, ok := seen[line]; ok {
				t.Errorf("%s: outcomes %d and %d say the same %q", loc, prev, o, line)
			}
			seen[line] = o
		}
		if button := recordline.Button.In(loc); !strings.Contains(recordline.Line(record.NotRecorded).In(loc), button) {
			t.Errorf("%s: %q does not name the button %q", loc, recordline.Line(record.NotRecorded).In(loc), button)
		}
	}
}
