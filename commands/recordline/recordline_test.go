package recordline_test

import (
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/recordline"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/store"
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

// Every report has its own sentence: the store's failures are told apart
// (full, damaged, read-only, not answering, anything else), each names
// the button that tries again, and a result recorded before that differs
// says so.
func TestSay(t *testing.T) {
	reports := []record.Report{{Outcome: record.Off}, {Outcome: record.Recorded}, {Outcome: record.Recorded, Differs: true}}
	for _, f := range []store.Failure{store.FailureOther, store.FailureUnavailable, store.FailureFull, store.FailureCorrupt, store.FailureReadOnly} {
		reports = append(reports, record.Report{Outcome: record.NotRecorded, Failure: f})
	}
	for _, loc := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		seen := map[string]int{}
		for i, r := range reports {
			line := recordline.Say(r).In(loc)
			if prev, ok := seen[line]; ok || !strings.HasPrefix(line, "📒 ") {
				t.Errorf("%s: reports %d and %d say %q", loc, prev, i, line)
			}
			seen[line] = i
			if r.Outcome == record.NotRecorded && !strings.Contains(line, recordline.Button.In(loc)) {
				t.Errorf("%s: %q does not name the button", loc, line)
			}
		}
	}
}
