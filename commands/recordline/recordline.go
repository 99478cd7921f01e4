// Package recordline words what the final message of a game says of its
// recording: the outcomes of game/record, which hold no words, as one
// sentence each in the reader's language (the store's failure told
// apart, a result stored before that differs), and the label of the
// button that tries the recording again. Every game that records its
// results (the Yacht table, the orbs puzzle, the coin games) says the
// same.
package recordline

import (
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/store"
)

var (
	recorded    = commands.T("📒 Result recorded.", "📒 결과를 기록했습니다.", "📒 結果を記録しました。")
	memoryOff   = commands.T("📒 Recording is off here: this result is not kept.", "📒 여기서는 기록이 꺼져 있어 이 결과는 남지 않습니다.", "📒 ここでは記録がオフなので、この結果は残りません。")
	notRecorded = commands.T("📒 Not recorded — the database did not answer. Press Record to try again.",
		"📒 기록하지 못했습니다 — 데이터베이스가 응답하지 않았습니다. 기록을 눌러 다시 시도하세요.",
		"📒 記録できませんでした — データベースが応答しませんでした。「記録」を押してもう一度試してください。")
	differs = commands.T("📒 This game was already recorded from another board, with other results: the record keeps those.",
		"📒 이 게임은 다른 보드에서 다른 결과로 이미 기록되어 있어, 그 결과가 남습니다.",
		"📒 このゲームは別のボードから別の結果ですでに記録されているため、そちらが残ります。")
	full = commands.T("📒 Not recorded — the database is full. Once the bot's host frees space, press Record.",
		"📒 기록하지 못했습니다 — 데이터베이스 공간이 가득 찼습니다. 봇 운영자가 공간을 확보한 뒤 기록을 누르세요.",
		"📒 記録できませんでした — データベースの容量がいっぱいです。ボットの運営者が空きを作ったら「記録」を押してください。")
	damaged = commands.T("📒 Not recorded — the database is damaged. Once the bot's host repairs it, press Record.",
		"📒 기록하지 못했습니다 — 데이터베이스가 손상되었습니다. 봇 운영자가 복구한 뒤 기록을 누르세요.",
		"📒 記録できませんでした — データベースが壊れています。ボットの運営者が修復したら「記録」を押してください。")
	readOnly = commands.T("📒 Not recorded — the database is read-only. Once the bot's host makes it writable, press Record.",
		"📒 기록하지 못했습니다 — 데이터베이스가 읽기 전용입니다. 봇 운영자가 쓸 수 있게 바꾼 뒤 기록을 누르세요.",
		"📒 記録できませんでした — データベースが読み取り専用です。ボットの運営者が書き込めるようにしたら「記録」を押してください。")
	refused = commands.T("📒 Not recorded — the database refused it. Press Record to try again; if it fails again, tell the bot's host.",
		"📒 기록하지 못했습니다 — 데이터베이스가 거부했습니다. 기록을 눌러 다시 시도하고, 또 실패하면 봇 운영자에게 알려 주세요.",
		"📒 記録できませんでした — データベースに拒否されました。「記録」を押してもう一度試し、また失敗したらボットの運営者に知らせてください。")
)

// Button is the label of the button that tries a recording again (shown
// beside the 📒 emoji when the outcome is record.NotRecorded).
var Button = commands.T("Record", "기록", "記録")

// Line returns the sentence that says outcome o (a failure as the
// database not answering).
func Line(o record.Outcome) commands.Text {
	return Say(record.Report{Outcome: o, Failure: store.FailureUnavailable})
}

// Say returns the sentence that says how recording went: recorded (or
// recorded before with another result), off, or not recorded and why.
func Say(r record.Report) commands.Text {
	switch r.Outcome {
	case record.Recorded:
		if r.Differs {
			return differs
		}
		return recorded
	case record.NotRecorded:
		switch r.Failure {
		case store.FailureUnavailable:
			return notRecorded
		case store.FailureFull:
			return full
		case store.FailureCorrupt:
			return damaged
		case store.FailureReadOnly:
			return readOnly
		}
		return refused
	}
	return memoryOff
}
