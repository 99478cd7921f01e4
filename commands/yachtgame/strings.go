package yachtgame

import "github.com/alea-bot/alea/commands"

var (
	msgBadRules = commands.T("Unknown rules %s: choose one of %s.",
		"알 수 없는 규칙 %s: 다음 중 하나를 고르세요: %s.",
		"不明なルール %s: 次から選んでください: %s。")
	msgBadPlayers = commands.T("Bad players: %s. Write up to %d names separated by commas, like \"Ann, Bob, Cy\".",
		"플레이어가 잘못되었습니다: %s. 이름을 쉼표로 구분해 최대 %d명까지 쓰세요. 예: \"민수, 지영\".",
		"プレイヤーが正しくありません: %s。名前をカンマ区切りで最大 %d 人まで書いてください。例: \"太郎, 花子\"。")
	msgTooManyPlayers = commands.T("%d players, at most %d", "%d명 (최대 %d명)", "%d 人（最大 %d 人）")
	msgNoFit          = commands.T("The game with these names does not fit in a Discord button id (%d of %d characters): the bot keeps every game in its buttons, not in memory. Use shorter names (at most %d bytes in all).",
		"이 이름들로는 게임이 Discord 버튼 id에 들어가지 않습니다 (%d/%d자). 봇은 게임을 메모리가 아니라 버튼에 보관합니다. 더 짧은 이름을 쓰세요 (모두 합쳐 %d바이트 이하).",
		"この名前ではゲームが Discord のボタン id に収まりません（%d/%d 文字）。ボットはゲームをメモリではなくボタンに保存します。短い名前にしてください（合計 %d バイト以内）。")
	msgStateLost = commands.T("This game no longer fits in a Discord button id (%d of %d characters), so it cannot go on: the bot keeps games only in their buttons. The sheets so far are below; continue with `/yacht-advise sheet:\"…\"`.",
		"이 게임은 더 이상 Discord 버튼 id에 들어가지 않아 (%d/%d자) 계속할 수 없습니다. 봇은 게임을 버튼에만 보관합니다. 지금까지의 점수표는 아래에 있습니다. `/요트-조언 점수표:\"…\"`로 이어가세요.",
		"このゲームはもう Discord のボタン id に収まらないため（%d/%d 文字）続けられません。ボットはゲームをボタンにのみ保存します。ここまでのスコア表は下にあります。`/ヨット助言 スコア表:\"…\"` で続けてください。")
	msgBadState = commands.T("This game button is outdated or damaged; start a new game with `/yacht start`.",
		"이 게임 버튼은 오래되었거나 손상되었습니다. `/요트 시작`으로 새 게임을 시작하세요.",
		"このゲームのボタンは古いか壊れています。`/ヨット 開始` で新しいゲームを始めてください。")
	msgNotYours = commands.T("This is %s sheet: only the player who started the game presses its buttons. Start your own with `/yacht start`.",
		"이것은 %s 점수표입니다. 게임을 시작한 사람만 버튼을 누를 수 있습니다. `/요트 시작`으로 직접 시작하세요.",
		"これは%sのスコア表です。ゲームを始めた人だけがボタンを押せます。`/ヨット 開始` で自分のゲームを始めてください。")
	msgSomeoneElse = commands.T("someone else's", "다른 사람의", "他の人")
	msgOwnersSheet = commands.T("%s's", "%s님의", "%sさん")
	msgNotNow      = commands.T("That is not possible at this point of the turn (roll %d); press one of the buttons shown.",
		"지금 단계(굴림 %d)에서는 할 수 없습니다. 표시된 버튼을 누르세요.",
		"このターンのこの段階（ロール %d）ではできません。表示されているボタンを押してください。")
	msgHeldMissing = commands.T("The dice %s do not contain the held dice %s: held dice stay on the table. Release them first, or enter dice that include them.",
		"주사위 %s에 남긴 주사위 %s가 없습니다. 남긴 주사위는 그대로 있어야 합니다. 먼저 해제하거나 포함해서 입력하세요.",
		"サイコロ %s に残したサイコロ %s が含まれていません。残したサイコロはそのままです。先に解除するか、含めて入力してください。")
	msgBadCategory = commands.T("That category cannot be scored now; pick one from the menu.",
		"그 족보에는 지금 기록할 수 없습니다. 메뉴에서 고르세요.",
		"その役には今は記入できません。メニューから選んでください。")

	msgTitle      = commands.T("🎲 %s — %s · turn %d/%d", "🎲 %s — %s · %d/%d 턴", "🎲 %s — %s · %d/%d ターン")
	msgRollOf     = commands.T("roll %d of 3", "%d번째 굴림", "%d 投目")
	msgBeforeRoll = commands.T("Roll the dice in Discord, or roll real dice and enter them.",
		"Discord에서 굴리거나, 실제 주사위를 굴려 입력하세요.",
		"Discord で振るか、本物のサイコロを振って入力してください。")
	msgExpectedNow = commands.T("Expected final score with perfect play from here: **%.2f**",
		"여기서 최적으로 플레이할 때 최종 점수 기댓값: **%.2f**",
		"ここから最適プレイでの最終得点の期待値: **%.2f**")
	msgDice      = commands.T("Dice: %s", "주사위: %s", "サイコロ: %s")
	msgHeldNote  = commands.T("(held dice in [brackets])", "([괄호] 안은 남긴 주사위)", "（[ ] 内は残したサイコロ）")
	msgBest      = commands.T("⭐ Best: %s — expected final %.2f", "⭐ 최선: %s — 최종 기댓값 %.2f", "⭐ 最善: %s — 最終期待値 %.2f")
	msgYourHold  = commands.T("Your hold: %s — expected final %.2f (−%.2f)", "지금 남긴 것: %s — 최종 기댓값 %.2f (−%.2f)", "今の保留: %s — 最終期待値 %.2f（−%.2f）")
	msgKeep      = commands.T("keep %s, reroll %d dice", "%s 남기고 %d개 다시 굴리기", "%s を残して %d 個振り直す")
	msgKeepOne   = commands.T("keep %s, reroll 1 die", "%s 남기고 1개 다시 굴리기", "%s を残して 1 個振り直す")
	msgKeepAll   = commands.T("keep all five", "다섯 개 모두 남기기", "5 個すべて残す")
	msgRerollAll = commands.T("reroll all five", "다섯 개 모두 다시 굴리기", "5 個すべて振り直す")
	msgScore     = commands.T("score %s for %d", "%s에 %d점", "%sに %d 点")
	msgLastOK    = commands.T("↩ %s: %s — optimal ✓", "↩ %s: %s — 최적 ✓", "↩ %s: %s — 最適 ✓")
	msgLastCost  = commands.T("↩ %s: %s — cost **%.2f** expected points (best was %s)", "↩ %s: %s — 기댓값 **%.2f**점 손해 (최선: %s)", "↩ %s: %s — 期待値 **%.2f** 点の損（最善: %s）")
	msgRolled    = commands.T("rolled %s", "굴림 %s", "出目 %s")

	msgUpperDone   = commands.T("Upper %d/%d ✓ +%d", "상단 %d/%d ✓ +%d", "上段 %d/%d ✓ +%d")
	msgUpperMissed = commands.T("Upper %d/%d: bonus missed", "상단 %d/%d: 보너스 실패", "上段 %d/%d: ボーナスならず")
	msgUpperToGo   = commands.T("Upper %d/%d: %d to go for +%d", "상단 %d/%d: +%[4]d까지 %[3]d점", "上段 %d/%d: +%[4]d まであと %[3]d 点")
	msgExtra       = commands.T("Yahtzee bonus +%d", "야찌 보너스 +%d", "ヤッツィーボーナス +%d")
	msgTotal       = commands.T("**Total %d**", "**합계 %d**", "**合計 %d**")
	msgLostSoFar   = commands.T("Expected points lost so far: %.2f", "지금까지 잃은 기댓값: %.2f", "これまでに失った期待値: %.2f")
	msgYou         = commands.T("You", "나", "あなた")
	msgTurnMarker  = commands.T("▶ %s", "▶ %s", "▶ %s")

	msgRollButton  = commands.T("Roll %d", "%d개 굴리기", "%d 個振る")
	msgEnterButton = commands.T("Enter dice", "주사위 입력", "出目を入力")
	msgHoldBest    = commands.T("Hold best", "최선 남기기", "最善を残す")
	msgPick        = commands.T("Score a category…", "족보에 기록…", "役に記入…")
	msgOptLabel    = commands.T("%s: %d", "%s: %d", "%s: %d")
	msgOptBest     = commands.T("expected final %.2f — best", "최종 기댓값 %.2f — 최선", "最終期待値 %.2f — 最善")
	msgOptLoss     = commands.T("expected final %.2f (−%.2f)", "최종 기댓값 %.2f (−%.2f)", "最終期待値 %.2f（−%.2f）")
	msgModalTitle  = commands.T("Dice of roll %d", "%d번째 굴림의 주사위", "%d 投目の出目")
	msgModalLabel  = commands.T("Five dice (held: %s)", "주사위 다섯 개 (남긴 것: %s)", "サイコロ5個（保留: %s）")
	msgNone        = commands.T("none", "없음", "なし")

	msgOverTitle = commands.T("🏁 %s — game over", "🏁 %s — 게임 종료", "🏁 %s — ゲーム終了")
	msgFinal     = commands.T("Final score **%d** · perfect play from the start expects %.2f", "최종 점수 **%d** · 처음부터 최적 플레이 기댓값 %.2f", "最終得点 **%d** · 最初から最適プレイの期待値 %.2f")
	msgLostTotal = commands.T("Expected points lost by decisions: **%.2f**", "결정으로 잃은 기댓값: **%.2f**", "判断で失った期待値: **%.2f**")
	msgLuck      = commands.T("Dice luck: %+.2f (final − expected + lost)", "주사위 운: %+.2f (최종 − 기댓값 + 손실)", "サイコロの運: %+.2f（最終 − 期待値 + 損失）")
	msgLostWhere = commands.T("Lost in the turns that scored: %s", "손실이 난 턴 (기록한 족보): %s", "損をしたターン（記入した役）: %s")
	msgNoLoss    = commands.T("Every decision was optimal. 🎯", "모든 결정이 최적이었습니다. 🎯", "すべての判断が最適でした。🎯")
	msgNoDetail  = commands.T("(per-turn detail was dropped to keep the game in its buttons)", "(게임을 버튼에 담기 위해 턴별 내역은 생략됨)", "（ゲームをボタンに収めるためターン別の内訳は省略）")
	msgWinner    = commands.T("🏆 %s wins with %d.", "🏆 %s 승리 (%d점).", "🏆 %sの勝ち（%d 点）。")
	msgTie       = commands.T("🏆 Tie at %d: %s.", "🏆 %d점 동점: %s.", "🏆 %d 点で同点: %s。")
	msgFooter    = commands.T("Advice from exact best play. The game lives in its buttons, so it carries on even after the bot restarts.",
		"조언은 정확한 최선의 플레이 기준입니다. 게임은 버튼에 담겨 있어 봇이 다시 시작해도 이어집니다.",
		"助言は厳密な最善手に基づきます。ゲームはボタンの中にあるので、ボットが再起動しても続きます。")
)
