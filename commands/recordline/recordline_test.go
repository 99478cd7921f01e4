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

// The sentences of the store's failures, whole, in each language
// (regression values, read by a Korean and a Japanese speaker).
func TestFailureSentences(t *testing.T) {
	want := map[store.Failure][3]string{
		store.FailureCorrupt: {"📒 Not recorded — the database is damaged. Once the bot's host repairs it, press Record.",
			"📒 기록하지 못했습니다 — 데이터베이스가 손상되었습니다. 봇 운영자가 복구한 뒤 기록을 누르세요.",
			"📒 記録できませんでした — データベースが壊れています。ボットの運営者が修復したら「記録」を押してください。"},
		store.FailureReadOnly: {"📒 Not recorded — the database is read-only. Once the bot's host makes it writable, press Record.",
			"📒 기록하지 못했습니다 — 데이터베이스가 읽기 전용입니다. 봇 운영자가 쓸 수 있게 바꾼 뒤 기록을 누르세요.",
			"📒 記録できませんでした — データベースが読み取り専用です。ボットの運営者が書き込めるようにしたら「記録」を押してください。"},
		store.FailureOther: {"📒 Not recorded — the database refused it. Press Record to try again; if it fails again, tell the bot's host.",
			"📒 기록하지 못했습니다 — 데이터베이스가 거부했습니다. 기록을 눌러 다시 시도하고, 또 실패하면 봇 운영자에게 알려 주세요.",
			"📒 記録できませんでした — データベースに拒否されました。「記録」を押してもう一度試し、また失敗したらボットの運営者に知らせてください。"},
	}
	for f, lines := range want {
		for i, loc := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
			if got := recordline.Say(record.Report{Outcome: record.NotRecorded, Failure: f}).In(loc); got != lines[i] {
				t.Errorf("failure %d, %s: %q", f, loc, got)
			}
		}
	}
}
