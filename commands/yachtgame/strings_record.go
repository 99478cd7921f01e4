package yachtgame

import "github.com/alea-bot/alea/commands"

// The sentences of a finished game's record, and the marker of a game
// whose dice a player chose.
var (
	msgRecorded    = commands.T("📒 Result recorded.", "📒 결과를 기록했습니다.", "📒 結果を記録しました。")
	msgMemoryOff   = commands.T("📒 Recording is off here: this result is not kept.", "📒 여기서는 기록이 꺼져 있어 이 결과는 남지 않습니다.", "📒 ここでは記録がオフなので、この結果は残りません。")
	msgNotRecorded = commands.T("📒 Not recorded — the database did not answer. Press Record to try again.",
		"📒 기록하지 못했습니다 — 데이터베이스가 응답하지 않았습니다. 기록을 눌러 다시 시도하세요.",
		"📒 記録できませんでした — データベースが応答しませんでした。「記録」を押してもう一度試してください。")
	msgRecordButton = commands.T("Record", "기록", "記録")
	msgAgainButton  = commands.T("Play again", "한 판 더", "もう一度遊ぶ")
	msgReviewButton = commands.T("Review", "복기", "振り返り")
	msgChosen       = commands.T("🔖 Chosen dice (a set seed or dice entered by hand)", "🔖 정해진 주사위 (시드 지정 또는 직접 입력)", "🔖 決められた出目（シード指定または手入力）")
)
