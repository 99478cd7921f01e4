package yachtgame

import "github.com/alea-bot/alea/commands"

// The final board's buttons (the record's sentences are recordline's),
// the marker of a game whose dice a player chose, and what a recorded
// result counts toward.
var (
	msgAgainButton  = commands.T("Play again", "한 판 더", "もう一度遊ぶ")
	msgReviewButton = commands.T("Review", "복기", "振り返り")
	msgChosen       = commands.T("🔖 Chosen dice (a set seed or dice entered by hand)", "🔖 정해진 주사위 (시드 지정 또는 직접 입력)", "🔖 決められた出目（シード指定または手入力）")

	// msgEntered marks a board once dice were entered by hand.
	msgEntered = commands.T("✍️ Dice entered by hand: this game counts toward skill only.",
		"✍️ 주사위를 직접 입력했으므로 이 게임은 실력에만 반영됩니다.",
		"✍️ サイコロを手入力したので、このゲームは実力にだけ反映されます。")
	// msgModalCounts is the dice form's title while entering dice would
	// take the game out of wins and the average (Discord: 45 characters).
	msgModalCounts = commands.T("Roll %d · real dice count for skill only", "%d번째 굴림 · 실제 주사위는 실력에만 반영", "%d投目・実際のサイコロは実力のみに反映")

	msgNeverPlayed = commands.T("Never played this seat: it is recorded under nobody's name.",
		"이 자리를 한 번도 직접 두지 않아 누구의 기록으로도 남기지 않습니다.",
		"この席を一度も自分で進めなかったため、誰の記録にもしません。")
	msgMostlyPlayedFor = commands.T("⏱️ Alea played %d of %d turns for them: this seat counts for nobody.",
		"⏱️ %[2]d턴 중 %[1]d턴을 Alea가 대신 진행해 이 자리는 누구의 기록에도 들어가지 않습니다.",
		"⏱️ %[2]dターン中%[1]dターンを Alea が代わりに進めたため、この席は誰の記録にもなりません。")

	msgCountsFully = commands.T("📊 Counts toward wins, average and skill.",
		"📊 승수, 평균, 실력에 모두 반영됩니다.",
		"📊 勝利数・平均点・実力のすべてに反映されます。")
	msgCountsNoOpponent = commands.T("📊 Counts toward average and skill; a win counts only against another player.",
		"📊 평균과 실력에 반영됩니다. 승리는 다른 플레이어와 겨뤘을 때만 집계됩니다.",
		"📊 平均点と実力に反映されます。勝利は他のプレイヤーと対戦したときだけ数えます。")
	msgCountsEntered = commands.T("✍️ Real dice: counts toward skill only, not wins or average.",
		"✍️ 실제 주사위: 실력에만 반영되고 승수와 평균에는 들어가지 않습니다.",
		"✍️ 実際のサイコロ: 実力にだけ反映され、勝利数と平均点には入りません。")
	msgCountsChosen = commands.T("🔖 Chosen seed: kept in the history, counts toward no standing.",
		"🔖 시드 지정: 기록에는 남지만 어떤 순위에도 들어가지 않습니다.",
		"🔖 シード指定: 履歴には残りますが、どの順位にも入りません。")
	msgCountsPuppets = commands.T("🎭 The starter also played the seats given by name, so the starter's result counts toward no standing.",
		"🎭 시작한 사람이 이름으로 앉힌 자리까지 진행했으므로, 시작한 사람의 결과는 어떤 순위에도 들어가지 않습니다.",
		"🎭 開始した人が名前だけの席も進めたため、開始した人の結果はどの順位にも入りません。")
	msgCountsNobody = commands.T("📊 No seat was played by a Discord player of its own: nothing counts in the standings.",
		"📊 Discord 플레이어가 직접 진행한 자리가 없어 순위에 들어가는 것이 없습니다.",
		"📊 Discord のプレイヤー本人が進めた席がないため、順位に入るものはありません。")
)
