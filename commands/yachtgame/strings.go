package yachtgame

import "github.com/alea-bot/alea/commands"

var (
	msgBadIdle  = commands.T("The idle time is 1 to %d minutes.", "대기 시간은 1~%d분입니다.", "待ち時間は1〜%d分です。")
	msgBadCoach = commands.T("Unknown coach mode %s: choose on, hints or off.", "알 수 없는 코치 모드 %s: on, hints, off 중에서 고르세요.", "不明なコーチモード %s: on、hints、off から選んでください。")
	msgOlder    = commands.T("This game is from an older version of Alea and cannot go on. Start a new one with `/yacht start`.",
		"이 게임은 이전 버전의 Alea에서 시작되어 더 이어갈 수 없습니다. `/요트 시작`으로 새 게임을 시작하세요.",
		"このゲームは以前のバージョンの Alea で始まったため、続けられません。`/ヨット 開始` で新しく始めてください。")
	msgNoMessage = commands.T("This button's game could not be read from its message. Start a new game with `/yacht start`.",
		"이 버튼의 게임을 메시지에서 읽을 수 없습니다. `/요트 시작`으로 새 게임을 시작하세요.",
		"このボタンのゲームをメッセージから読み取れませんでした。`/ヨット 開始` で新しいゲームを始めてください。")
	// msgPrivateTable refuses a table Discord would show its starter
	// alone (Alea installed to their account only, in a server whose
	// members may not use external apps).
	msgPrivateTable = commands.T("Here Discord would show the table to you alone: Alea is added to your account, not to this server, and members here may not use external apps. Ask an admin to add Alea to the server, or play in a DM with Alea.",
		"여기서는 Discord가 테이블을 나에게만 보여 줍니다. Alea가 이 서버가 아니라 내 계정에 추가되어 있고, 이 서버에서는 멤버가 외부 앱을 사용할 수 없기 때문입니다. 관리자에게 Alea를 서버에 추가해 달라고 하거나, Alea와의 DM에서 플레이해 주세요.",
		"ここでは Discord が卓をあなたにしか表示しません。Alea はこのサーバーではなくあなたのアカウントに追加されていて、このサーバーではメンバーが外部アプリを使えないためです。管理者に Alea をサーバーに追加してもらうか、Alea との DM で遊んでください。")
	// msgOtherKey refuses a press on a board sealed under another key.
	msgOtherKey = commands.T("This game was started before the bot's key changed, so it cannot go on. Start a new game with `/yacht start`.",
		"이 게임은 봇의 키가 바뀌기 전에 시작되어 더 이어갈 수 없습니다. `/요트 시작`으로 새 게임을 시작해 주세요.",
		"このゲームはボットのキーが変わる前に始まったため、続けられません。`/ヨット 開始` で新しいゲームを始めてください。")
	msgStale = commands.T("The game has moved on since this button was shown (someone pressed first). Use the buttons on the message as it is now.",
		"이 버튼이 표시된 뒤로 게임이 진행되었습니다 (다른 누군가가 먼저 눌렀습니다). 지금 메시지에 있는 버튼을 쓰세요.",
		"このボタンが表示されてからゲームが進みました（誰かが先に押しました）。今のメッセージのボタンを使ってください。")
	msgNotSeatedTurn = commands.T("You have no seat at this table; it is %s's turn.", "이 게임에 참가하고 있지 않습니다. 지금은 %s 님의 차례입니다.", "この卓に参加していません。今は %s さんの番です。")
	msgNamedTurn     = commands.T("It is %s's turn; %s, who opened the table, plays the seats given by name.", "지금은 %s 차례입니다. 이름으로 앉힌 자리는 테이블을 연 %s 님이 진행합니다.", "今は %s の番です。名前だけの席は、卓を開いた %s さんが進めます。")
	msgNotYourTurn   = commands.T("It is %s's turn: only they can press now.", "지금은 %s 님의 차례라 그분만 누를 수 있습니다.", "今は %s さんの番なので、ご本人しか押せません。")
	// msgNoUndo refuses an Undo: Alea's turns played right after the
	// score are taken back with it, so it lasts until the next person
	// acts (not the next player).
	msgNoUndo = commands.T("Only the player who just scored can undo it, until the next person acts (Alea's turns played right after it are undone with it).",
		"방금 기록한 플레이어만, 다음 사람이 움직이기 전까지 되돌릴 수 있습니다 (바로 뒤에 진행된 Alea의 턴도 함께 되돌아갑니다).",
		"取り消せるのは直前に記入したプレイヤーだけで、次の人が動くまでです（その直後に進んだ Alea の番もいっしょに取り消されます）。")
	msgTooEarly = commands.T("%s still has time: Alea can play for them in %d min.", "%s 님에게 아직 시간이 있습니다. %d분 뒤에 Alea가 대신 진행할 수 있습니다.", "%s さんにはまだ時間があります。%d分後に Alea が代わりに進められます。")
	msgBadState = commands.T("This game's state is damaged, so it cannot go on; start a new game with `/yacht start`.",
		"이 게임의 상태가 손상되어 더 이어갈 수 없습니다. `/요트 시작`으로 새 게임을 시작하세요.",
		"このゲームの状態が壊れているため、続けられません。`/ヨット 開始` で新しいゲームを始めてください。")
	msgNotNow = commands.T("That is not possible at this point of the turn (roll %d); press one of the buttons shown.",
		"지금 단계(굴림 %d)에서는 할 수 없습니다. 표시된 버튼을 누르세요.",
		"このターンのこの段階（%d投目）ではできません。表示されているボタンを押してください。")
	msgHeldMissing = commands.T("The dice %s do not contain the held dice %s: held dice stay on the table. Release them first, or enter dice that include them.",
		"입력한 주사위(%s)에 남겨 둔 주사위(%s)가 빠져 있습니다. 남긴 주사위는 그대로 있어야 합니다. 먼저 해제하거나 그 주사위를 포함해 입력하세요.",
		"サイコロ %s に残したサイコロ %s が含まれていません。残したサイコロはそのままです。先に解除するか、含めて入力してください。")
	msgBadCategory = commands.T("That category cannot be scored now; pick one from the menu.",
		"그 족보에는 지금 기록할 수 없습니다. 메뉴에서 고르세요.",
		"その役には今は記入できません。メニューから選んでください。")

	msgTitle      = commands.T("🎲 %s — %s · turn %d/%d", "🎲 %s — %s · %d/%d 턴", "🎲 %s — %s · %d/%dターン")
	msgBeforeRoll = commands.T("Roll the dice in Discord, or roll real dice and enter them.",
		"Discord에서 굴리거나, 실제 주사위를 굴려 입력하세요.",
		"Discord で振るか、本物のサイコロを振って入力してください。")
	msgExpectedNow = commands.T("Expected final score with perfect play from here: **%.2f**",
		"여기서 최적으로 플레이할 때 최종 점수 기댓값: **%.2f**",
		"ここから最適プレイでの最終得点の期待値: **%.2f**")
	msgBest     = commands.T("⭐ Best: %s — expected final %.2f", "⭐ 최선: %s — 최종 기댓값 %.2f", "⭐ 最善: %s — 最終期待値 %.2f")
	msgYourHold = commands.T("Your hold: %s — expected final %.2f (−%.2f)", "지금 선택: %s — 최종 기댓값 %.2f (−%.2f)", "今の選択: %s — 最終期待値 %.2f（−%.2f）")

	msgYou         = commands.T("You", "나", "あなた")
	msgAlea        = commands.T("🤖 Alea", "🤖 Alea", "🤖 Alea")
	msgStarter     = commands.T("the player who started the game", "게임을 시작한 사람", "ゲームを始めた人")
	msgSeatN       = commands.T("Player %d", "플레이어 %d", "プレイヤー %d")
	msgTurnOf      = commands.T("▶ %s's turn", "▶ %s의 차례", "▶ %s の番")
	msgYourTurn    = commands.T("%s, it's your turn. 🎲", "%s 님, 차례입니다. 🎲", "%s さん、あなたの番です。🎲")
	msgOverContent = commands.T("🏁 Game over.", "🏁 게임이 끝났습니다.", "🏁 ゲーム終了です。")
	// msgKeptRolled is a reroll in the account of a turn Alea played:
	// the dice it kept, then the dice after the roll.
	msgRerolledAll = commands.T("rerolled all → %s", "모두 다시 굴림 → %s", "すべて振り直し → %s")
	msgKeptRolled  = commands.T("kept %s → %s", "%s 남김 → %s", "%s を残す → %s")
	msgAleaTurn    = commands.T("🤖 Alea: %s", "🤖 Alea: %s", "🤖 Alea: %s")
	msgPlayedFor   = commands.T("⏱️ Alea played for %s: %s", "⏱️ Alea가 %s 님 대신 이번 턴을 진행했습니다: %s", "⏱️ Alea が %s さんの代わりにこのターンを進めました: %s")
	msgUndone      = commands.T("↩️ %s took back the last score.", "↩️ %s 님이 마지막 기록을 되돌렸습니다.", "↩️ %s さんが最後の記入を取り消しました。")
	msgBeat        = commands.T("🏆 To finish first: %s — a %.0f%% chance to win (expected final %.2f); the ⭐ move wins %.0f%% of the time.",
		"🏆 1등을 노린다면: %s — 이길 확률 %.0f%% (최종 점수 기댓값 %.2f). ⭐ 수로는 %.0f%%입니다.",
		"🏆 1位を狙うなら: %s — 勝つ確率 %.0f%%（最終得点の期待値 %.2f）。⭐ の手では %.0f%% です。")
	msgBeatSame = commands.T("🏆 The ⭐ move also gives the best chance to finish first: %.0f%%.",
		"🏆 ⭐ 수가 1등할 확률도 가장 높습니다: %.0f%%.",
		"🏆 1位になる確率も ⭐ の手が最も高く、%.0f%% です。")
	msgWinChances     = commands.T("Chance of winning as this turn began: %s", "이번 턴 시작 때 이길 확률: %s", "このターン開始時点の勝率: %s")
	msgHintTitle      = commands.T("💡 Every option, with its expected final score", "💡 모든 선택지와 최종 점수 기댓값", "💡 すべての選択肢と最終得点の期待値")
	msgPlayedForCount = commands.T("⏱️ Alea played %d of these turns for them.", "⏱️ 이 중 %d턴은 Alea가 대신 진행했습니다.", "⏱️ このうち%dターンは Alea が代わりに進めました。")
	msgTurnMarker     = commands.T("▶ %s", "▶ %s", "▶ %s")

	msgRollButton       = commands.T("Roll %d", "%d개 굴리기", "%d個振る")
	msgEnterButton      = commands.T("Enter dice", "주사위 입력", "出目を入力")
	msgHoldBest         = commands.T("Hold best", "최선 남기기", "最善を残す")
	msgJoinButton       = commands.T("Join", "참가", "参加")
	msgAddAleaButton    = commands.T("Add Alea", "Alea 추가", "Alea を追加")
	msgRemoveAleaButton = commands.T("Remove Alea", "Alea 빼기", "Alea を外す")
	msgLeaveButton      = commands.T("Leave", "나가기", "抜ける")
	msgStartButton      = commands.T("Start", "시작", "開始")
	msgPlayAloneButton  = commands.T("Play alone", "혼자 하기", "一人で遊ぶ")
	msgLobbyTitle       = commands.T("🎲 %s — who's playing?", "🎲 %s — 누가 할까요?", "🎲 %s — 誰が遊びますか？")
	msgLobbyText        = commands.T("Press Join to take a seat (up to %[2]d players). %[1]s starts the game when everyone is in.",
		"**참가**를 눌러 자리에 앉으세요 (최대 %[2]d명). 모두 모이면 %[1]s 님이 게임을 시작합니다.",
		"「参加」を押して席についてください（最大%[2]d人）。全員そろったら %[1]s さんがゲームを始めます。")
	msgAleaSeated      = commands.T("🤖 Alea took a seat.", "🤖 Alea가 자리에 앉았습니다.", "🤖 Alea が席に着きました。")
	msgAleaUnseated    = commands.T("🤖 Alea left its seat.", "🤖 Alea가 자리에서 빠졌습니다.", "🤖 Alea が抜けました。")
	msgJoined          = commands.T("%s joined.", "%s 님이 참가했습니다.", "%s さんが参加しました。")
	msgLeft            = commands.T("%s left.", "%s 님이 나갔습니다.", "%s さんが抜けました。")
	msgNotSeated       = commands.T("You have no seat at this table.", "이 게임에 참가하고 있지 않습니다.", "この卓に参加していません。")
	msgStarterStays    = commands.T("The player who opened the table keeps their seat; start the game, or let the message be.", "테이블을 연 사람은 자리를 지킵니다. 게임을 시작하거나 메시지를 그대로 두세요.", "卓を開いた人は席を離れられません。ゲームを始めるか、そのままにしておいてください。")
	msgLobbyFull       = commands.T("The table is full (%d players).", "테이블이 꽉 찼습니다 (%d명).", "卓は満席です（%d人）。")
	msgOnlyStarterAlea = commands.T("Only %s, who opened the table, can seat Alea or take its seat away.",
		"Alea를 앉히거나 빼는 것은 테이블을 연 %s 님만 할 수 있습니다.",
		"Alea を席に着かせたり外したりできるのは、卓を開いた %s さんだけです。")
	msgOnlyStarter   = commands.T("Only %s, who opened the table, can start the game.", "테이블을 연 %s 님만 게임을 시작할 수 있습니다.", "卓を開いた %s さんだけがゲームを始められます。")
	msgHintButton    = commands.T("Hint", "힌트", "ヒント")
	msgUndoButton    = commands.T("Undo", "되돌리기", "取り消す")
	msgPlayForButton = commands.T("Play for them", "대신 진행", "代わりに進める")
	// msgPlayForAt says from when Play for them works this turn; the
	// argument is a Discord timestamp (<t:…:T>), which Discord shows as
	// the time of day in the reader's own time zone.
	msgPlayForAt = commands.T("⏱️ From %s, **Play for them** lets Alea take this turn.",
		"⏱️ %s부터는 **대신 진행**으로 Alea가 이 턴을 맡을 수 있습니다.",
		"⏱️ %s 以降は「**代わりに進める**」を押すと、このターンを Alea に任せられます。")
	msgPick       = commands.T("Score a category…", "족보에 기록…", "役に記入…")
	msgOptLabel   = commands.T("%s: %d", "%s: %d", "%s: %d")
	msgOptBest    = commands.T("expected final %.2f — best", "최종 기댓값 %.2f — 최선", "最終期待値 %.2f — 最善")
	msgOptLoss    = commands.T("expected final %.2f (−%.2f)", "최종 기댓값 %.2f (−%.2f)", "最終期待値 %.2f（−%.2f）")
	msgModalTitle = commands.T("Dice of roll %d", "%d번째 굴림의 주사위", "%d投目の出目")
	msgModalLabel = commands.T("Five dice (held: %s)", "주사위 다섯 개 (남긴 것: %s)", "サイコロ5個（残したサイコロ: %s）")
	msgNone       = commands.T("none", "없음", "なし")

	msgOverTitle = commands.T("🏁 %s — game over", "🏁 %s — 게임 종료", "🏁 %s — ゲーム終了")
	msgFinal     = commands.T("Final score **%d** · perfect play from the start expects %.2f", "최종 점수 **%d** · 처음부터 최적 플레이 기댓값 %.2f", "最終得点 **%d** · 最初から最適プレイの期待値 %.2f")
	msgLostTotal = commands.T("Expected points lost by decisions: **%.2f**", "선택으로 잃은 기대 점수: **%.2f**", "判断で失った期待値: **%.2f**")
	msgLuck      = commands.T("Dice luck: %+.2f (final − expected + lost)", "주사위 운: %+.2f (최종 − 기댓값 + 손실)", "サイコロの運: %+.2f（最終 − 期待値 + 損失）")
	msgLostWhere = commands.T("Lost in the turns that scored: %s", "손실이 난 턴 (기록한 족보): %s", "損をしたターン（記入した役）: %s")
	msgNoLoss    = commands.T("Every decision was optimal. 🎯", "모든 선택이 최적이었습니다. 🎯", "すべての判断が最適でした。🎯")
	msgWinner    = commands.T("🏆 %s wins with %d.", "🏆 %s 승리 (%d점).", "🏆 %sの勝ち（%d点）。")
	// msgScoreLine is a seat's final score in the ranking: rank, seat, points.
	msgScoreLine    = commands.T("%d. %s — **%d**", "%d. %s — **%d**점", "%d. %s — **%d**点")
	msgSheetsButton = commands.T("Sheets", "점수표", "スコア表")
	msgTie          = commands.T("🏆 Tie at %d: %s.", "🏆 %d점 동점: %s.", "🏆 %d点で同点: %s。")
	msgFooter       = commands.T("Advice from exact best play. The game lives in this message, so it carries on even after the bot restarts.",
		"조언은 정확한 최선의 플레이 기준입니다. 게임은 이 메시지에 담겨 있어 봇이 다시 시작해도 이어집니다.",
		"助言は厳密な最善手に基づきます。ゲームはこのメッセージの中にあるので、ボットが再起動しても続きます。")
	msgOthers = commands.T("The others", "다른 플레이어", "ほかのプレイヤー")
	// msgFooterShort is the footer of a compact board (three seats or
	// more), which must fit a phone's screen.
	msgFooterShort = commands.T("Advice from exact best play.", "조언은 정확한 최선의 플레이 기준입니다.", "助言は厳密な最善手に基づきます。")
)
