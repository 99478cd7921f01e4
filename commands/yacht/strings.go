package yacht

import "github.com/alea-bot/alea/commands"

var (
	msgBadRules = commands.T("Unknown rules %s: choose one of %s.",
		"알 수 없는 규칙 %s: 다음 중 하나를 고르세요: %s.",
		"不明なルール %s: 次から選んでください: %s。")
	msgBadRoll = commands.T("roll must be 1, 2 or 3 (the roll just made), not %d.",
		"roll은 1, 2, 3 중 하나여야 합니다 (방금 한 굴림). %d은(는) 안 됩니다.",
		"roll は 1・2・3 のいずれか（今のロール）です。%d は使えません。")
	msgBadTop = commands.T("top must be between 1 and %[2]d, not %[1]d.",
		"top은 1부터 %[2]d 사이여야 합니다 (%[1]d 불가).",
		"top は 1 から %[2]d の間です（%[1]d は不可）。")
	msgSheetFull = commands.T("Every category is filled: the game is over with %d points. Leave out dice to see the final score.",
		"모든 족보가 채워졌습니다: %d점으로 게임이 끝났습니다. 최종 점수를 보려면 주사위를 빼세요.",
		"すべての役が埋まっています: %d 点でゲーム終了です。最終得点はサイコロなしで確認できます。")

	msgTitle       = commands.T("%s (%s) · roll %d of 3 · %s", "%s (%s) · %d번째 굴림 · %s", "%s (%s) · %d 投目 · %s")
	msgTitleNoDice = commands.T("Start of the next turn · %s", "다음 턴 시작 · %s", "次のターンの開始 · %s")
	msgNoDice      = commands.T("Expected final score with perfect play: **%.2f**", "최적 플레이 시 최종 점수 기댓값: **%.2f**", "最適プレイでの最終得点の期待値: **%.2f**")
	msgBest        = commands.T("**Best: %s — expected final %.2f**", "**최선: %s — 최종 기댓값 %.2f**", "**最善: %s — 最終期待値 %.2f**")
	msgMore        = commands.T("…and %d more (all in --format data)", "…외 %d개", "…ほか %d 件")
	msgKeep        = commands.T("keep %s, roll %d", "%s 남기고 %d개 굴리기", "%s を残して %d 個振る")
	msgKeepAll     = commands.T("keep all five", "다섯 개 모두 남기기", "5 個すべて残す")
	msgRerollAll   = commands.T("reroll all five", "다섯 개 모두 다시 굴리기", "5 個すべて振り直す")
	msgScore       = commands.T("score %s for %d", "%s에 %d점", "%s に %d 点")
	msgUpperBonus  = commands.T("(+%d bonus)", "(+%d 보너스)", "（+%d ボーナス）")
	msgExtraBonus  = commands.T("+%d Yahtzee bonus", "+%d 야찌 보너스", "+%d ヤッツィーボーナス")
	msgJoker       = commands.T("(joker)", "(조커)", "（ジョーカー）")
	msgSheet       = commands.T("Sheet", "점수표", "スコア表")
	msgTotal       = commands.T("Total **%d** · %d of %d categories filled", "합계 **%d** · 족보 %d/%d개 채움", "合計 **%d** · %d/%d 役記入済み")
	msgUpperDone   = commands.T("Upper %d/%d ✓ bonus +%d earned", "상단 %d/%d ✓ 보너스 +%d 획득", "上段 %d/%d ✓ ボーナス +%d 獲得")
	msgUpperMissed = commands.T("Upper %d/%d: bonus missed", "상단 %d/%d: 보너스 실패", "上段 %d/%d: ボーナス獲得ならず")
	msgUpperToGo   = commands.T("Upper %d/%d: %d to go for +%d (%d boxes open)", "상단 %d/%d: +%[4]d까지 %[3]d점 남음 (빈 칸 %[5]d개)", "上段 %d/%d: +%[4]d まであと %[3]d 点（空き %[5]d 枠）")
	msgFooter      = commands.T("Exact optimal strategy (seed 001): expected final scores include the sheet and bonuses.",
		"정확한 최적 전략 (시드 001): 최종 기댓값에는 현재 점수와 보너스가 포함됩니다.",
		"厳密な最適戦略（シード 001）: 最終期待値は現在の得点とボーナスを含みます。")
)
