// Package recordline words what the final message of a game says of its
// recording: the outcomes of game/record, which hold no words, as one
// sentence each in the reader's language, and the label of the button
// that tries the recording again. Every game that records its results
// (the Yacht table, the orbs puzzle, the coin games) says the same.
package recordline

import (
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/record"
)

var (
	recorded    = commands.T("📒 Result recorded.", "📒 결과를 기록했습니다.", "📒 結果を記録しました。")
	memoryOff   = commands.T("📒 Recording is off here: this result is not kept.", "📒 여기서는 기록이 꺼져 있어 이 결과는 남지 않습니다.", "📒 ここでは記録がオフなので、この結果は残りません。")
	notRecorded = commands.T("📒 Not recorded — the database did not answer. Press Record to try again.",
		"📒 기록하지 못했습니다 — 데이터베이스가 응답하지 않았습니다. 기록을 눌러 다시 시도하세요.",
		"📒 記録できませんでした — データベースが応答しませんでした。「記録」を押してもう一度試してください。")
)

// Button is the label of the button that tries a recording again (shown
// beside the 📒 emoji when the outcome is record.NotRecorded).
var Button = commands.T("Record", "기록", "記録")

// Line returns the sentence that says outcome o.
func Line(o record.Outcome) commands.Text {
	switch o {
	case record.Recorded:
		return recorded
	case record.NotRecorded:
		return notRecorded
	}
	return memoryOff
}
