package yachtgame

import "github.com/alea-bot/alea/commands"

// The final board's buttons (the record's sentences are recordline's),
// and the marker of a game whose dice a player chose.
var (
	msgAgainButton  = commands.T("Play again", "한 판 더", "もう一度遊ぶ")
	msgReviewButton = commands.T("Review", "복기", "振り返り")
	msgChosen       = commands.T("🔖 Chosen dice (a set seed or dice entered by hand)", "🔖 정해진 주사위 (시드 지정 또는 직접 입력)", "🔖 決められた出目（シード指定または手入力）")
)
