package yachtadvise

import "github.com/alea-bot/alea/commands"

var (
	msgSheetFull = commands.T("Every category is filled: the game is over with %d points. Leave out dice to see the final score.",
		"모든 족보가 채워졌습니다: %d점으로 게임이 끝났습니다. 최종 점수를 보려면 주사위를 빼세요.",
		"すべての役が埋まっています: %d点でゲーム終了です。最終得点はサイコロなしで確認できます。")

	msgTitle       = commands.T("%s · roll %d of 3 · %s", "%s · %d번째 굴림 · %s", "%s · %d投目 · %s")
	msgTitleNoDice = commands.T("Start of the next turn · %s", "다음 턴 시작 · %s", "次のターンの開始 · %s")
	msgNoDice      = commands.T("Expected final score with perfect play: **%.2f**", "최적 플레이 시 최종 점수 기댓값: **%.2f**", "最適プレイでの最終得点の期待値: **%.2f**")
	msgBest        = commands.T("**Best: %s — expected final %.2f**", "**최선: %s — 최종 기댓값 %.2f**", "**最善: %s — 最終期待値 %.2f**")
	msgMore        = commands.T("…and %[1]d more: set `%[2]s` (up to %[3]d) to see more of them.", "…외 %[1]d개 (`%[2]s` 값을 늘리면 더 보입니다. 최대 %[3]d)", "…ほか%[1]d件（`%[2]s` を増やすともっと表示されます。最大 %[3]d）")
	msgMoreMax     = commands.T("…and %d more.", "…외 %d개", "…ほか%d件")
	optTop         = commands.T("top", "개수", "件数")
	msgUpperBonus  = commands.T("(+%d bonus)", "(+%d 보너스)", "（+%d ボーナス）")
	msgJoker       = commands.T(" (joker)", " (조커)", "（ジョーカー）") // full-width brackets take no space before them
	msgFooter      = commands.T("Exact best play: expected final scores include the points on the sheet and the bonuses.",
		"정확한 최선의 플레이 기준입니다. 최종 기댓값에는 점수표의 점수와 보너스가 포함됩니다.",
		"厳密な最善手に基づく値です。最終期待値にはスコア表の得点とボーナスを含みます。")
	msgTargetTitle       = commands.T("%s · roll %d of 3 · aiming for %d · %s", "%s · %d번째 굴림 · 목표 %d점 · %s", "%s · %d投目 · 目標%d点 · %s")
	msgTargetTitleNoDice = commands.T("Start of the next turn · aiming for %d · %s", "다음 턴 시작 · 목표 %d점 · %s", "次のターンの開始 · 目標%d点 · %s")
	msgTargetBest        = commands.T("**Best chance of %d or more: %s — %s**", "**%d점 이상을 낼 확률이 가장 높은 수: %s — %s**", "**%d点以上に届く確率が最も高い手: %s — %s**")
	msgTargetLine        = commands.T("%s · expected final %.2f", "%s · 최종 기댓값 %.2f", "%s · 最終期待値 %.2f")
	msgTargetNoDice      = commands.T("Chance of finishing with %d or more, playing for it from the next turn: **%s**",
		"다음 턴부터 목표를 노리고 플레이할 때 %d점 이상으로 끝낼 확률: **%s**",
		"次のターンから目標を狙ってプレイしたとき%d点以上で終える確率: **%s**")
	msgTargetMean = commands.T("Playing for the highest average instead: %s — %s, expected final %.2f",
		"평균이 가장 높은 수를 고르면: %s — %s, 최종 기댓값 %.2f",
		"平均を最大にする手なら: %s — %s、最終期待値 %.2f")
	msgTargetSame       = commands.T("It is also the move with the highest average.", "평균이 가장 높은 수와 같습니다.", "平均が最も高い手と同じです。")
	msgTargetMeanNoDice = commands.T("Expected final score when playing for the highest average: %.2f",
		"평균을 최대로 하는 플레이의 최종 기댓값: %.2f",
		"平均を最大にするプレイでの最終期待値: %.2f")
	msgTargetReached = commands.T("The sheet already has %d points, so the target of %d is reached whatever happens: every action has a 100%% chance.",
		"점수표에 이미 %d점이 있어 목표 %d점은 무슨 일이 있어도 달성됩니다. 어떤 선택지든 확률이 100%%입니다.",
		"スコア表にすでに%d点あるので、目標の%d点はどうなっても達成されます。どの選択肢も確率は100%%です。")
	msgTargetReachedOne = commands.T("The sheet already has %d point, so the target of %d is reached whatever happens: every action has a 100%% chance.",
		"점수표에 이미 %d점이 있어 목표 %d점은 무슨 일이 있어도 달성됩니다. 어떤 선택지든 확률이 100%%입니다.",
		"スコア表にすでに%d点あるので、目標の%d点はどうなっても達成されます。どの選択肢も確率は100%%です。")
	msgTargetUnreachable = commands.T("%d can no longer be reached: the most this sheet can still make is %d. Every action has a 0%% chance; the list shows the expected finals.",
		"%d점에는 더 이상 도달할 수 없습니다. 이 점수표로 낼 수 있는 최고 점수는 %d점입니다. 어떤 선택지든 확률이 0%%이며, 목록에는 최종 기댓값을 표시합니다.",
		"%d点にはもう届きません。このスコア表で取れる最高得点は%d点です。どの選択肢も確率 0%% で、一覧には最終期待値を示します。")
	msgTargetPreparing = commands.T("Exact target advice for these rules needs a table that is computed once, and it is being computed now; try again in a minute or two.",
		"이 규칙의 정확한 목표 조언에는 한 번만 계산하면 되는 표가 필요한데, 지금 계산하고 있습니다. 1~2분 뒤에 다시 시도하세요.",
		"このルールの厳密な目標助言には一度だけ計算する表が必要で、いま計算しています。1〜2分後にもう一度お試しください。")
	msgTargetTooEarly = commands.T("Too early for exact target advice: with %d categories open the calculation does not finish in time, so fill more boxes first (leave out target for the best average now).",
		"정확한 목표 조언을 하기에는 아직 이릅니다. 빈 족보가 %d개면 계산이 제한 시간 안에 끝나지 않으니, 먼저 족보를 더 채우세요 (지금 평균이 가장 높은 수를 보려면 `목표`를 빼세요).",
		"厳密な目標助言にはまだ早すぎます。空いている役が%d個だと計算が時間内に終わらないので、先に役をもっと埋めてください（今の平均最大の手は `目標` なしで確認できます）。")
	msgTargetAbove = commands.T("Too early for exact advice on a target of %d: with %d categories open that calculation does not finish in time. From this sheet it answers targets up to %d now; for higher ones, fill more boxes first (leave out target for the best average now).",
		"목표 %d점에 대한 정확한 조언을 하기에는 아직 이릅니다. 빈 족보가 %d개면 이 계산이 제한 시간 안에 끝나지 않습니다. 지금 이 점수표로는 목표 %d점까지 계산할 수 있고, 더 높은 목표는 먼저 족보를 더 채우세요 (지금 평균이 가장 높은 수를 보려면 `목표`를 빼세요).",
		"目標%d点の厳密な助言にはまだ早すぎます。空いている役が%d個だとこの計算は時間内に終わりません。今のスコア表では目標%d点までなら計算できます。それより高い目標は、先に役をもっと埋めてください（今の平均最大の手は `目標` なしで確認できます）。")
	msgTargetBelow = commands.T("Too early for exact advice on a target of %d: with %d categories open that calculation does not finish in time. From this sheet it answers targets of %d or more now; for lower ones, fill more boxes first (leave out target for the best average now).",
		"목표 %d점에 대한 정확한 조언을 하기에는 아직 이릅니다. 빈 족보가 %d개면 이 계산이 제한 시간 안에 끝나지 않습니다. 지금 이 점수표로는 목표 %d점 이상을 계산할 수 있고, 더 낮은 목표는 먼저 족보를 더 채우세요 (지금 평균이 가장 높은 수를 보려면 `목표`를 빼세요).",
		"目標%d点の厳密な助言にはまだ早すぎます。空いている役が%d個だとこの計算は時間内に終わりません。今のスコア表では目標%d点以上なら計算できます。それより低い目標は、先に役をもっと埋めてください（今の平均最大の手は `目標` なしで確認できます）。")
	msgTargetOutside = commands.T("Too early for exact advice on a target of %d: with %d categories open that calculation does not finish in time. From this sheet it answers targets up to %d, and of %d or more, now; for the others, fill more boxes first (leave out target for the best average now).",
		"목표 %d점에 대한 정확한 조언을 하기에는 아직 이릅니다. 빈 족보가 %d개면 이 계산이 제한 시간 안에 끝나지 않습니다. 지금 이 점수표로는 목표 %d점 이하와 %d점 이상을 계산할 수 있고, 그 사이의 목표는 먼저 족보를 더 채우세요 (지금 평균이 가장 높은 수를 보려면 `목표`를 빼세요).",
		"目標%d点の厳密な助言にはまだ早すぎます。空いている役が%d個だとこの計算は時間内に終わりません。今のスコア表では目標%d点以下と%d点以上なら計算できます。その間の目標は、先に役をもっと埋めてください（今の平均最大の手は `目標` なしで確認できます）。")
	msgTargetBusy = commands.T("The exact target calculation did not finish in time because the bot is busy; try again in a moment.",
		"봇이 바빠서 정확한 목표 계산이 제한 시간 안에 끝나지 않았습니다. 잠시 후 다시 시도하세요.",
		"ボットが混み合っていて、目標の厳密な計算が時間内に終わりませんでした。少し後でもう一度お試しください。")
	msgTargetFooter = commands.T("Exact: each chance assumes every later decision also aims at the target; expected finals assume play for the highest average. Both include the sheet and bonuses.",
		"정확한 값: 각 확률은 이후의 모든 결정도 목표를 노린다고 가정하고, 최종 기댓값은 평균을 최대로 하는 플레이를 가정합니다. 둘 다 현재 점수와 보너스를 포함합니다.",
		"厳密値: 各確率はこの先の判断もすべて目標を狙うものとし、最終期待値は平均を最大にするプレイを前提とします。どちらも現在の得点とボーナスを含みます。")
)
