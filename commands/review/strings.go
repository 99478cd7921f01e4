package review

import "github.com/alea-bot/alea/commands"

var (
	txtReviewDesc = commands.T("Review a finished Yacht game: every costly decision and a grade",
		"끝난 요트 게임 복기: 점수를 잃은 선택과 등급",
		"終わったヨットのゲームを振り返る: 点を失った判断と等級")
	txtGameDesc = commands.T("The game's id (from its Review button or /stats history)",
		"게임 ID (복기 버튼이나 /전적 기록에서)",
		"ゲーム ID（振り返りボタンか /戦績 履歴 から）")
	msgNoGameID = commands.T("`game` is empty: give a game id. Copy it from the game's Review button or from `/stats history` (e.g. `k7qm2xapb3dz`).",
		"`게임`이 비어 있습니다. 게임 ID를 게임의 복기 버튼이나 `/전적 기록`에서 복사해 넣어 주세요 (예: `k7qm2xapb3dz`).",
		"`ゲーム` が空です。ゲーム ID をゲームの振り返りボタンか `/戦績 履歴` からコピーして入れてください（例: `k7qm2xapb3dz`）。")
	msgBadGameID = commands.T("Not a game id: %s. Copy it from the game's Review button or from `/stats history` (e.g. `k7qm2xapb3dz`).",
		"게임 ID가 아닙니다: %s. 게임의 복기 버튼이나 `/전적 기록`에서 복사해 주세요 (예: `k7qm2xapb3dz`).",
		"ゲーム ID ではありません: %s。ゲームの振り返りボタンか `/戦績 履歴` からコピーしてください（例: `k7qm2xapb3dz`）。")
	msgNoSuchGame = commands.T("No finished game %s is kept here. Only games played in this server, or that you played, can be reviewed.",
		"여기에는 %s 게임의 기록이 없습니다. 이 서버에서 했거나 내가 참가한 게임만 복기할 수 있습니다.",
		"ここにはゲーム %s の記録がありません。このサーバーで遊んだゲームか、自分が参加したゲームだけ振り返れます。")
	msgNotYacht      = commands.T("Only Yacht games can be reviewed.", "복기는 요트 게임만 할 수 있습니다.", "振り返りができるのはヨットのゲームだけです。")
	msgReviewTitle   = commands.T("Review · %s · %s", "복기 · %s · %s", "振り返り · %s · %s")
	msgSeat          = commands.T("Seat %d", "%d번 자리", "%d番席")
	msgSeatNamed     = commands.T("Seat %d · %s", "%d번 자리 · %s", "%d番席 · %s")
	msgReviewAlea    = commands.T("%s — %d points · plays every decision perfectly", "%s — %d점 · 모든 선택이 최선입니다", "%s — %d点 · 常に最善の判断をします")
	msgReviewAleaOne = commands.T("%s — %d point · plays every decision perfectly", "%s — %d점 · 모든 선택이 최선입니다", "%s — %d点 · 常に最善の判断をします")
	msgReviewSeatOne = commands.T("%s — %d point · %.2f lost per decision over %d decisions · **%s**",
		"%[1]s — %[2]d점 · 선택 %[4]d번, 선택 1회당 손실 %.2[3]f · **%[5]s**",
		"%[1]s — %[2]d点 · 判断%[4]d回、1回あたり損失 %.2[3]f · **%[5]s**")
	msgReviewSeat = commands.T("%s — %d points · %.2f lost per decision over %d decisions · **%s**",
		"%[1]s — %[2]d점 · 선택 %[4]d번, 선택 1회당 손실 %.2[3]f · **%[5]s**",
		"%[1]s — %[2]d点 · 判断%[4]d回、1回あたり損失 %.2[3]f · **%[5]s**")
	msgNoCostly   = commands.T("Every decision was the best one.", "모든 선택이 최선이었습니다.", "すべての判断が最善でした。")
	msgMoreCostly = commands.T("…and %d more in `review.txt`", "…외 %d개는 `review.txt`에", "…ほか%d件は `review.txt` に")
	msgSeatField  = commands.T("Seat %d · decisions that cost points: %d", "%d번 자리 · 점수를 잃은 선택 %d개", "%d番席 · 点を失った判断%d件")
	msgChosenNote = commands.T("This game had a chosen seed or hand-entered dice, so it does not count in standings.",
		"이 게임은 시드를 고르거나 주사위를 직접 입력해서 순위에 들어가지 않습니다.",
		"このゲームはシードを選んだかサイコロを手入力したので、順位には入りません。")
	msgEnteredNote = commands.T("This game had hand-entered dice, so it counts toward skill only, not wins or average.",
		"이 게임은 주사위를 직접 입력해서 실력에만 반영되고 승수와 평균에는 들어가지 않습니다.",
		"このゲームはサイコロを手入力したので、実力にだけ反映され、勝利数と平均点には入りません。")
	msgDecisionLine = commands.T("Turn %d, roll %d: %s — %s; best: %s (−%.2f)",
		"%[1]d턴 %[2]d번째 굴림: %[3]s — %[4]s, 최선: %[5]s (−%.2[6]f)",
		"%[1]dターン目%[2]d投目: %[3]s — %[4]s、最善: %[5]s（−%.2[6]f）")
	// msgScoringLine is a scoring decision, whichever roll it followed (the
	// record does not keep which; the best move may be to roll again).
	msgScoringLine = commands.T("Turn %d, scoring: %s — %s; best: %s (−%.2f)",
		"%d턴 점수 기록: %s — %s, 최선: %s (−%.2f)",
		"%dターン目の記入: %s — %s、最善: %s（−%.2f）")
)
