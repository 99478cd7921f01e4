package yacht

import "github.com/alea-bot/alea/commands"

var (
	msgBadRules = commands.T("Unknown rules %s: choose one of %s.",
		"알 수 없는 규칙 %s: 다음 중 하나를 고르세요: %s.",
		"不明なルール %s: 次から選んでください: %s。")
	msgBadRoll = commands.T("`roll` must be 1, 2 or 3 (the roll just made), not %d.",
		"`굴림`은 1, 2, 3 중 하나여야 합니다 (방금 몇 번째 굴림인지). %d은(는) 안 됩니다.",
		"`ロール` は 1・2・3 のいずれか（今のロール）です。%d は使えません。")
	msgBadTop = commands.T("`top` must be between 1 and %[2]d, not %[1]d.",
		"`개수`는 1부터 %[2]d 사이여야 합니다 (%[1]d 불가).",
		"`件数` は 1 から %[2]d の間です（%[1]d は不可）。")
	msgSheetFull = commands.T("Every category is filled: the game is over with %d points. Leave out dice to see the final score.",
		"모든 족보가 채워졌습니다: %d점으로 게임이 끝났습니다. 최종 점수를 보려면 주사위를 빼세요.",
		"すべての役が埋まっています: %d 点でゲーム終了です。最終得点はサイコロなしで確認できます。")

	msgTitle       = commands.T("%s · roll %d of 3 · %s", "%s · %d번째 굴림 · %s", "%s · %d 投目 · %s")
	msgTitleNoDice = commands.T("Start of the next turn · %s", "다음 턴 시작 · %s", "次のターンの開始 · %s")
	msgNoDice      = commands.T("Expected final score with perfect play: **%.2f**", "최적 플레이 시 최종 점수 기댓값: **%.2f**", "最適プレイでの最終得点の期待値: **%.2f**")
	msgBest        = commands.T("**Best: %s — expected final %.2f**", "**최선: %s — 최종 기댓값 %.2f**", "**最善: %s — 最終期待値 %.2f**")
	msgMore        = commands.T("…and %[1]d more: set `%[2]s` (up to %[3]d) to see them.", "…외 %[1]d개 (`%[2]s` 값을 늘리면 보입니다. 최대 %[3]d)", "…ほか %[1]d 件（`%[2]s` を増やすと表示されます。最大 %[3]d）")
	msgMoreMax     = commands.T("…and %d more.", "…외 %d개", "…ほか %d 件")
	msgKeep        = commands.T("keep %s, reroll %d dice", "%s 남기고 %d개 다시 굴리기", "%s を残して %d 個振り直す")
	msgKeepOne     = commands.T("keep %s, reroll 1 die", "%s 남기고 1개 다시 굴리기", "%s を残して 1 個振り直す")
	optTop         = commands.T("top", "개수", "件数")
	msgKeepAll     = commands.T("keep all five", "다섯 개 모두 남기기", "5 個すべて残す")
	msgRerollAll   = commands.T("reroll all five", "다섯 개 모두 다시 굴리기", "5 個すべて振り直す")
	msgScore       = commands.T("score %s for %d", "%s에 %d점", "%sに %d 点")
	msgUpperBonus  = commands.T("(+%d bonus)", "(+%d 보너스)", "（+%d ボーナス）")
	msgExtraBonus  = commands.T("+%d Yahtzee bonus", "+%d 야찌 보너스", "+%d ヤッツィーボーナス")
	msgJoker       = commands.T("(joker)", "(조커)", "（ジョーカー）")
	msgSheet       = commands.T("Sheet", "점수표", "スコア表")
	msgTotal       = commands.T("Total **%d** · %d of %d categories filled", "합계 **%d** · 족보 %d/%d개 채움", "合計 **%d** · %d/%d 役記入済み")
	msgUpperDone   = commands.T("Upper %d/%d ✓ bonus +%d earned", "상단 %d/%d ✓ 보너스 +%d 획득", "上段 %d/%d ✓ ボーナス +%d 獲得")
	msgUpperMissed = commands.T("Upper %d/%d: bonus missed", "상단 %d/%d: 보너스 실패", "上段 %d/%d: ボーナス獲得ならず")
	msgUpperToGo   = commands.T("Upper %d/%d: %d to go for +%d (%d boxes open)", "상단 %d/%d: +%[4]d까지 %[3]d점 남음 (빈 칸 %[5]d개)", "上段 %d/%d: +%[4]d まであと %[3]d 点（空き %[5]d 枠）")
	msgFooter      = commands.T("Exact best play: expected final scores include the points on the sheet and the bonuses.",
		"정확한 최선의 플레이 기준입니다. 최종 기댓값에는 점수표의 점수와 보너스가 포함됩니다.",
		"厳密な最善手に基づく値です。最終期待値にはスコア表の得点とボーナスを含みます。")
)
