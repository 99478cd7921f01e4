package yachtgame

import "github.com/alea-bot/alea/commands"

// The table's sentences of the turn ping's link, the short hint and the
// board brought down.
var (
	msgToGame       = commands.T("[Back to the game](%s)", "[게임으로 돌아가기](%s)", "[ゲームに戻る](%s)")
	msgHintMore     = commands.T("…and %d more.", "…외 %d개가 더 있습니다.", "…ほかに%d件あります。")
	msgHintAll      = commands.T("Show all", "모두 보기", "すべて表示")
	msgHintBest     = commands.T("💡 The best options, with their expected final score", "💡 가장 좋은 선택지와 최종 점수 기댓값", "💡 上位の選択肢と最終得点の期待値")
	msgBringDown    = commands.T("Bring down", "아래로 옮기기", "最新の位置に出し直す")
	msgMovedAlready = commands.T("This board was just brought down: the game carries on in the message below.",
		"이 보드는 방금 아래로 옮겨졌습니다. 게임은 아래 메시지에서 이어집니다.",
		"このボードはたった今、下に移動しました。続きは下のメッセージです。")
	msgBoardMoved = commands.T("🎲 The game moved down: it carries on below.", "🎲 게임을 아래로 옮겼습니다. 아래에서 이어집니다.", "🎲 ゲームを下に移動しました。続きは下のメッセージです。")
)
