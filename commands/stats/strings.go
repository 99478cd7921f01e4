package stats

import "github.com/alea-bot/alea/commands"

// Descriptions.
var (
	txtStatsDesc     = commands.T("Standings, history and your data in Alea's memory", "Alea가 기억하는 순위, 기록, 내 데이터", "Alea の記憶: 順位、履歴、自分のデータ")
	txtStandingsDesc = commands.T("This server's Yacht standings: wins, average or skill", "이 서버의 요트 순위: 승수, 평균 또는 실력", "このサーバーのヨット順位: 勝利数、平均点、実力")
	txtByDesc        = commands.T("Rank by (default wins)", "순위 기준 (기본 승수)", "順位の基準（既定は勝利数）")
	txtPeriodDesc    = commands.T("Which games (default all time)", "기간 (기본 전체 기간)", "期間（既定は全期間）")
	txtMinDesc       = commands.T("Games needed to be ranked (default 3)", "순위에 오르는 데 필요한 게임 수 (기본 3)", "順位に載るのに必要なゲーム数（既定は 3）")
	txtHistoryDesc   = commands.T("Your recent Yacht games, averages, skill, luck and a chart", "내 최근 요트 게임, 평균, 실력, 운과 그래프", "自分の最近のヨットのゲーム、平均、実力、運とグラフ")
	txtGamesDesc     = commands.T("Recent games to list (default 8)", "보여 줄 최근 게임 수 (기본 8)", "表示する最近のゲーム数（既定は 8）")
	txtMeDesc        = commands.T("See and export what Alea keeps about you", "Alea가 보관하는 내 데이터 보기와 내보내기", "Alea が保存している自分のデータを見る・書き出す")
	txtForgetDesc    = commands.T("Delete what Alea keeps about you", "Alea가 보관하는 내 데이터 삭제", "Alea が保存している自分のデータを削除")
	txtServerDesc    = commands.T("Recording in this server; admins can turn it off or delete the server's games",
		"이 서버의 기록 설정. 관리자는 기록을 끄거나 게임을 삭제할 수 있습니다",
		"このサーバーの記録設定。管理者はオフにしたりゲームを削除したりできます")
)

// Words of more than one subcommand.
var (
	msgNoSubcommand = commands.T("Choose one of the subcommands.", "하위 명령어를 하나 골라 주세요.", "サブコマンドを一つ選んでください。")
	msgServerOnly   = commands.T("This works in a server only: standings and recording are per server.",
		"서버에서만 쓸 수 있습니다. 순위와 기록 설정은 서버마다 따로입니다.",
		"サーバー内でのみ使えます。順位と記録の設定はサーバーごとです。")
	msgNotYourButton = commands.T("This button is not for you.", "이 버튼은 다른 사람을 위한 것입니다.", "このボタンはあなた用ではありません。")
)

// Standings.
var (
	msgStandingsTitle = commands.T("Standings · %s · %s", "순위 · %s · %s", "順位 · %s · %s")
	msgLeadWins       = commands.T("**Leader: %s — %d/%d games won.**", "**1위: %[1]s — %[3]d게임 %[2]d승**", "**1位: %[1]s — %[3]d戦%[2]d勝**")
	msgLeadWinsOne    = commands.T("**Leader: %s — %d/%d game won.**", "**1위: %[1]s — %[3]d게임 %[2]d승**", "**1位: %[1]s — %[3]d戦%[2]d勝**")
	msgLeadAverage    = commands.T("**Leader: %s — average %.1f (games: %d).**", "**1위: %[1]s — %[3]d게임 평균 %.1[2]f점**", "**1位: %[1]s — %[3]d戦で平均%.1[2]f点**")
	msgLeadSkill      = commands.T("**Leader: %s — %.2f points lost per decision (games: %d).**",
		"**1위: %[1]s — %[3]d게임 동안 선택 1회당 %.2[2]f점 손실**",
		"**1位: %[1]s — %[3]d戦で判断あたり%.2[2]f点の損失**")
	msgNobodyRanked = commands.T("Nobody has played %d games yet; players on their way: %d (below).",
		"아직 %d게임을 채운 사람이 없습니다. %d명이 순위에 오르는 중입니다 (아래).",
		"まだ%d戦に達した人はいません。%d人が順位入りを目指しています（下記）。")
	msgNobodyRankedOne = commands.T("Nobody has played %d game yet; players on their way: %d (below).",
		"아직 %d게임을 채운 사람이 없습니다. %d명이 순위에 오르는 중입니다 (아래).",
		"まだ%d戦に達した人はいません。%d人が順位入りを目指しています（下記）。")
	msgNoGames  = commands.T("No counted games in this server (%s).", "이 서버에는 집계된 게임이 없습니다 (%s).", "このサーバーには集計対象のゲームがありません（%s）。")
	msgYourRank = commands.T("You are ranked %d of %d.", "내 순위: %[2]d명 중 %[1]d위.", "あなたは%[2]d人中%[1]d位です。")
	msgYouNeed  = commands.T("Games you still need to be ranked: %d (at least %d in all).",
		"순위에 오르려면 %d게임 더 필요합니다 (최소 %d게임).",
		"順位に載るにはあと%d戦必要です（最低%d戦）。")
	// msgStandingRow is a Yacht player's line: wins of the games that
	// count toward wins, the average, skill and luck.
	msgStandingRow = commands.T("`%d.` %s · %d/%d wins · avg %.1f · %.2f lost/decision · luck %s",
		"`%[1]d.` %[2]s · %[4]d게임 %[3]d승 · 평균 %.1[5]f점 · 선택 1회당 손실 %.2[6]f · 운 %[7]s",
		"`%[1]d.` %[2]s · %[4]d戦%[3]d勝 · 平均%.1[5]f点 · 判断あたり損失 %.2[6]f · 運 %[7]s")
	// msgSkillStandingRow is a Yacht player's line ranked by skill: the
	// points lost per decision over the unassisted decisions it counts.
	msgSkillStandingRow = commands.T("`%d.` %s · %.2f lost/decision over %d decisions · %d/%d wins · avg %.1f",
		"`%[1]d.` %[2]s · 선택 %[4]d번, 선택 1회당 손실 %.2[3]f · %[6]d게임 %[5]d승 · 평균 %.1[7]f점",
		"`%[1]d.` %[2]s · 判断%[4]d回、判断あたり損失 %.2[3]f · %[6]d戦%[5]d勝 · 平均%.1[7]f点")
	// msgAssistedLeftOut follows a player's line when some of their
	// decisions took advice.
	msgAssistedLeftOut = commands.T(" · 💡 %d assisted, not counted", " · 💡 조언받은 선택 %d번은 제외", " · 💡 助言ありの判断%d回は除外")
	msgMoreRows        = commands.T("…and %d more", "…외 %d명", "…ほか%d人")
	msgNeedsRow        = commands.T("%s — %d played, %d to go", "%s — %d게임, %d게임 남음", "%s — %d戦済み、あと%d戦")
	msgUnrankedField   = commands.T("Not ranked yet (fewer than %d games)", "아직 순위 밖 (%d게임 미만)", "まだ順位外（%d戦未満）")
	msgStandingsHow    = commands.T(
		"Skill is the expected points lost per decision against perfect play, over the decisions taken without advice, so the dice's luck does not count; luck is what the dice gave above or below the average. A win counts only against another player; games with hand-entered dice count toward skill only; games with a chosen seed are not counted.",
		"실력은 조언 없이 내린 선택마다 완벽한 플레이와 비교해 잃은 기대 점수라서 주사위 운이 들어가지 않습니다. 운은 주사위가 평균보다 더 주거나 덜 준 점수입니다. 승리는 다른 플레이어와 겨뤘을 때만 집계하고, 주사위를 직접 입력한 게임은 실력에만 반영하며, 시드를 고른 게임은 집계하지 않습니다.",
		"実力は助言なしの判断ごとに完璧なプレイと比べて失った期待点で、サイコロの運は入りません。運は、出目が平均と比べて何点多く（少なく）もたらしたかです。勝利は他のプレイヤーとの対戦だけを数え、サイコロを手入力したゲームは実力にだけ反映し、シードを選んだゲームは集計しません。")
	msgPeriodUTC        = commands.T("Counted since %s 00:00 UTC.", "%s 00:00 (UTC)부터 집계합니다.", "%s 00:00（UTC）から集計しています。")
	msgRecordingOffNote = commands.T("Recording is off in this server, so new games are not added.",
		"이 서버는 기록이 꺼져 있어 새 게임은 더해지지 않습니다.",
		"このサーバーは記録がオフなので、新しいゲームは加わりません。")
)

// History.
var (
	msgHistoryTitle     = commands.T("History · %s", "기록 · %s", "履歴 · %s")
	msgHistoryTitleAnon = commands.T("Your history", "내 기록", "あなたの履歴")
	msgNoHistory        = commands.T("No recorded games of yours here yet. Finish a `/yacht start` game and it will show up.",
		"아직 여기에 기록된 내 게임이 없습니다. `/요트 시작` 게임을 끝까지 하면 나타납니다.",
		"ここにはまだ記録されたあなたのゲームがありません。`/ヨット 開始` のゲームを最後まで遊ぶと表示されます。")
	msgHistoryLead = commands.T("**%[2]s — games: %[1]d, wins: %[3]d, average %.1[4]f, %.2[5]f points lost per decision (%[6]s).**",
		"**%[2]s %[1]d게임: %[3]d승, 평균 %.1[4]f점, 선택 1회당 손실 %.2[5]f점 (%[6]s)**",
		"**%[2]s %[1]d戦: %[3]d勝、平均%.1[4]f点、判断あたり損失%.2[5]f点（%[6]s）**")
	msgOnlyUncounted = commands.T("So far only games with a chosen seed or hand-entered dice: they are listed but not counted.",
		"지금까지는 시드를 고르거나 주사위를 직접 입력한 게임뿐이라 목록에만 있고 집계되지 않습니다.",
		"これまでのゲームはシードを選んだか手入力のものだけなので、一覧には出ますが集計はされません。")
	msgTrend = commands.T("Last %d games: %.2f lost per decision on average (the %d before: %.2f).",
		"최근 %[1]d게임: 선택 1회당 평균 손실 %.2[2]f (그 전 %[3]d게임: %.2[4]f).",
		"直近%[1]d戦: 判断あたり平均損失 %.2[2]f（その前の%[3]d戦: %.2[4]f）。")
	msgLuckTrend = commands.T("Luck over them: %s per game (before: %s).",
		"같은 게임의 운: 게임당 %s (그 전: %s).",
		"同じ期間の運: 1戦あたり %s（その前: %s）。")
	msgTotalsField = commands.T("By rule set", "규칙별", "ルール別")
	msgTotalsRow   = commands.T("%s: games %d, wins %d · avg %.1f · best %d · %.2f lost/decision · luck %s/game",
		"%[1]s: %[2]d게임 %[3]d승 · 평균 %.1[4]f · 최고 %[5]d · 선택 1회당 손실 %.2[6]f · 게임당 운 %[7]s",
		"%[1]s: %[2]d戦%[3]d勝 · 平均 %.1[4]f · 最高 %[5]d · 判断あたり損失 %.2[6]f · 1戦あたりの運 %[7]s")
	msgRecentField = commands.T("Recent games", "최근 게임", "最近のゲーム")
	msgRecentRow   = commands.T("%s · %s · %d (place %d of %d) · %.2f lost/decision · luck %s · `%s`",
		"%[1]s · %[2]s · %[3]d점 (%[5]d명 중 %[4]d위) · 선택 1회당 손실 %.2[6]f · 운 %[7]s · `%[8]s`",
		"%[1]s · %[2]s · %[3]d点（%[5]d人中%[4]d位）· 判断あたり損失 %.2[6]f · 運 %[7]s · `%[8]s`")
	msgNotCounted   = commands.T(" · not counted", " · 집계 제외", " · 集計外")
	msgBestsField   = commands.T("Personal bests", "개인 최고 기록", "自己ベスト")
	msgBestSkill    = commands.T("Cleanest game: %.2f lost per decision (`%s`).", "가장 정확했던 게임: 선택 1회당 손실 %.2f (`%s`).", "最も正確だったゲーム: 判断あたり損失 %.2f（`%s`）。")
	msgLeastUnlucky = commands.T("Least unlucky game: luck %s (`%s`).", "운이 가장 덜 나빴던 게임: 운 %s (`%s`).", "不運が最も小さかったゲーム: 運 %s（`%s`）。")
	msgBestLuck     = commands.T("Luckiest game: luck %s (`%s`).", "가장 운이 좋았던 게임: 운 %s (`%s`).", "最も運が良かったゲーム: 運 %s（`%s`）。")
	msgHistoryHow   = commands.T("Luck is what the dice gave above or below the average; skill (points lost per decision) leaves luck out.",
		"운은 주사위가 평균보다 더 주거나 덜 준 점수이고, 실력(선택 1회당 손실)에는 운이 들어가지 않습니다.",
		"運は、出目が平均と比べて何点多く（少なく）もたらしたかで、実力（判断あたりの損失）には運が入りません。")
	msgChartHow = commands.T("The chart shows your last %d counted games, oldest on the left: score above (blue), points lost per decision below (red; lower is better).",
		"그래프는 집계된 최근 %d게임을 왼쪽부터 오래된 순으로 보여 줍니다. 위는 점수(파랑), 아래는 선택 1회당 손실(빨강, 낮을수록 좋음)입니다.",
		"グラフは集計対象の直近%d戦を古い順に左から示します。上が点数（青）、下が判断あたりの損失（赤、低いほど良い）です。")
	msgReviewButton = commands.T("Review (%d)", "복기 (%d점)", "振り返り（%d点）")
)

// Privacy and control.
var (
	msgMeTitle          = commands.T("What Alea keeps about you", "Alea가 보관하는 내 데이터", "Alea が保存しているあなたのデータ")
	msgMeGames          = commands.T("Games of yours kept: %d.", "보관 중인 내 게임: %d개.", "保存されているあなたのゲーム: %d件。")
	msgMeHere           = commands.T("In this server: %d.", "이 서버에서: %d개.", "このサーバーでは%d件。")
	msgRecordingOffHere = commands.T("This server has recording off: its new games are not kept.",
		"이 서버는 기록이 꺼져 있어 새 게임을 보관하지 않습니다.",
		"このサーバーは記録がオフなので、新しいゲームは保存されません。")
	msgMeWhat = commands.T(
		"For each finished game Alea keeps your seat (score, win, what your decisions cost, luck, and your costly decisions) with the server, channel and time. Named seats and Alea's seats are never linked to you.",
		"게임이 끝날 때마다 Alea는 내 자리(점수, 승패, 선택으로 잃은 점수, 운, 점수를 잃은 선택)를 서버·채널·시각과 함께 보관합니다. 이름으로 앉은 자리와 Alea의 자리는 나와 연결되지 않습니다.",
		"ゲームが終わるたびに、Alea はあなたの席（点数、勝敗、判断で失った点、運、点を失った判断）をサーバー・チャンネル・時刻とともに保存します。名前で座った席と Alea の席があなたに結び付けられることはありません。")
	msgMeExport     = commands.T("Everything is in the attached `%s`.", "전부 첨부한 `%s`에 있습니다.", "すべて添付の `%s` にあります。")
	msgMeTooBig     = commands.T("Your data is too big for one attachment; ask the bot's host for it.", "데이터가 너무 커서 첨부할 수 없습니다. 봇을 운영하는 사람에게 요청해 주세요.", "データが大きすぎて添付できません。ボットの運営者に依頼してください。")
	msgMeDelete     = commands.T("The button below deletes it.", "아래 버튼으로 삭제할 수 있습니다.", "下のボタンで削除できます。")
	msgForgetButton = commands.T("Delete my data", "내 데이터 삭제", "自分のデータを削除")
	msgNothingKept  = commands.T("Alea keeps nothing about you.", "Alea가 보관하는 내 데이터는 없습니다.", "Alea が保存しているあなたのデータはありません。")
	msgForgetAsk    = commands.T(
		"Delete your data from the games you played (%d)? You are unlinked from every seat you played: the games stay for the other players, without your name, and your standings and history are gone. This cannot be undone.",
		"게임 %d개에서 내 데이터를 삭제할까요? 내가 앉았던 모든 자리에서 나와의 연결이 끊깁니다. 게임은 다른 플레이어를 위해 이름 없이 남고, 내 순위와 기록은 사라집니다. 되돌릴 수 없습니다.",
		"%d件のゲームからあなたのデータを削除しますか？あなたが座ったすべての席からあなたとの結び付きが外れます。ゲームは他のプレイヤーのために名前なしで残り、あなたの順位と履歴は消えます。元には戻せません。")
	msgForgetConfirm = commands.T("Yes, delete", "삭제하기", "削除する")
	msgForgotten     = commands.T("Done: you are unlinked from every seat you played (%d), and your standings and history are deleted.",
		"완료: 내가 앉았던 모든 자리(%d개)에서 연결을 끊고 내 순위와 기록을 삭제했습니다.",
		"完了: あなたが座ったすべての席（%d席）との結び付きを外し、あなたの順位と履歴を削除しました。")
	msgServerTitle = commands.T("Recording in this server", "이 서버의 기록", "このサーバーの記録")
	msgRecordingOn = commands.T("**Recording is on:** finished games are kept for standings, histories and reviews.",
		"**기록 켜짐:** 끝난 게임을 순위, 기록, 복기를 위해 보관합니다.",
		"**記録オン:** 終わったゲームを順位・履歴・振り返りのために保存します。")
	msgRecordingOff = commands.T("**Recording is off:** new games are not kept; what was kept stays until deleted.",
		"**기록 꺼짐:** 새 게임은 보관하지 않으며, 이미 보관된 것은 삭제할 때까지 남습니다.",
		"**記録オフ:** 新しいゲームは保存しません。保存済みのものは削除するまで残ります。")
	msgServerWhat = commands.T("Each player can see, export and delete their own data with `/stats me`.",
		"플레이어는 `/전적 내-데이터`로 자기 데이터를 보고, 내보내고, 삭제할 수 있습니다.",
		"各プレイヤーは `/戦績 自分のデータ` で自分のデータを見て、書き出し、削除できます。")
	msgAdminsOnly = commands.T("Only members with the Manage Server or Administrator permission can change this.",
		"서버 관리 또는 관리자 권한이 있는 멤버만 바꿀 수 있습니다.",
		"サーバー管理または管理者の権限を持つメンバーだけが変更できます。")
	msgTurnOff    = commands.T("Turn recording off", "기록 끄기", "記録をオフにする")
	msgTurnOn     = commands.T("Turn recording on", "기록 켜기", "記録をオンにする")
	msgTurnedOff  = commands.T("Recording turned off.", "기록을 껐습니다.", "記録をオフにしました。")
	msgTurnedOn   = commands.T("Recording turned on.", "기록을 켰습니다.", "記録をオンにしました。")
	msgWipeButton = commands.T("Delete this server's games", "이 서버의 게임 삭제", "このサーバーのゲームを削除")
	msgWipeAsk    = commands.T(
		"Delete every game kept from this server, for every player? Their standings, histories and reviews are gone for good. The recording setting stays as it is.",
		"이 서버에서 보관한 모든 게임을 모든 플레이어에 대해 삭제할까요? 이 게임들의 순위, 기록, 복기가 영구히 사라집니다. 기록 설정은 그대로입니다.",
		"このサーバーで保存したすべてのゲームを、全プレイヤーについて削除しますか？これらのゲームの順位・履歴・振り返りは完全に消えます。記録の設定はそのままです。")
	msgWipeConfirm = commands.T("Yes, delete them all", "모두 삭제하기", "すべて削除する")
	msgWiped       = commands.T("Done: games deleted: %d.", "완료: 게임 %d개를 삭제했습니다.", "完了: %d件のゲームを削除しました。")
)

// The history's lines of solved /orbs puzzles and /coins games against
// Alea (recorded beside the Yacht games).
var (
	msgOtherField = commands.T("Orbs and coins", "오브와 동전", "オーブとコイン")
	msgOrbsRow    = commands.T("🔮 Orb puzzles %s: %d solved · %d in the fewest presses · %.1f presses on average · best %d",
		"🔮 오브 퍼즐 %s: %d개 완성 · 최소 횟수로 %d개 · 평균 %.1f회 · 최고 %d회",
		"🔮 オーブパズル %s: %d問クリア · 最少回数で%d問 · 平均%.1f回 · 最高%d回")
	msgCoinsRow = commands.T("🪙 Coins against the %s bot: %d games · %d won",
		"🪙 %s 봇과 동전 게임: %d판 · %d승",
		"🪙 %sとのコイン対戦: %d戦 · %d勝")
	msgCoinsRowOne = commands.T("🪙 Coins against the %s bot: %d game · %d won",
		"🪙 %s 봇과 동전 게임: %d판 · %d승",
		"🪙 %sとのコイン対戦: %d戦 · %d勝")
	msgNoYachtYet = commands.T("No Yacht game of yours recorded here yet.", "아직 여기에 기록된 내 요트 게임이 없습니다.", "ここにはまだ記録されたあなたのヨットのゲームがありません。")
	coinsBotNames = map[string]commands.Text{
		"perfect": commands.T("perfect", "완벽한", "完全なボット"),
		"mcts":    commands.T("tree-search", "트리 탐색", "木探索のボット"),
		"random":  commands.T("random", "무작위", "ランダムなボット"),
	}
)

// The standings of the solved /orbs puzzles and of the /coins games
// against Alea.
var (
	txtWhichGameDesc = commands.T("Which game (default Yacht)", "어떤 게임 (기본 요트)", "どのゲーム（既定はヨット）")
	gameNames        = map[string]commands.Text{
		GameYacht: commands.T("Yacht", "요트", "ヨット"),
		GameOrbs:  commands.T("orb puzzles", "오브 퍼즐", "オーブパズル"),
		GameCoins: commands.T("coins against Alea", "Alea와 동전 게임", "Alea とのコイン対戦"),
	}
	gameTitles = map[string]commands.Text{
		GameOrbs:  commands.T("Orb puzzles", "오브 퍼즐", "オーブパズル"),
		GameCoins: commands.T("Coins against Alea", "Alea와 동전 게임", "Alea とのコイン対戦"),
	}
	msgRulesYachtOnly = commands.T("`rules` is for Yacht: orb puzzles and coins are ranked over every size and every bot.",
		"`규칙`은 요트에만 씁니다. 오브 퍼즐과 동전 게임은 모든 크기와 모든 봇을 합쳐 순위를 냅니다.",
		"`ルール` はヨット用です。オーブパズルとコインはすべての大きさ・すべてのボットをまとめて順位を出します。")
	msgByNotFor = commands.T("%s are ranked by wins only, not by %s.", "%s은 승수로만 순위를 냅니다 (%s 기준은 없습니다).", "%sは勝利数でのみ順位を出します（%s は使えません）。")
	msgByOrbs   = commands.T("Orb puzzles are ranked by wins (solved in the fewest presses) or by average presses, not by skill.",
		"오브 퍼즐은 승수(최소 횟수로 완성)나 평균 누른 횟수로 순위를 냅니다. 실력 기준은 없습니다.",
		"オーブパズルは勝利数（最少回数でクリア）か平均回数で順位を出します。実力は使えません。")
	msgLeadPerfect = commands.T("**Leader: %s — %d of %d puzzles solved in the fewest presses.**",
		"**1위: %[1]s — 퍼즐 %[3]d개 중 %[2]d개를 최소 횟수로 완성**",
		"**1位: %[1]s — %[3]d問中%[2]d問を最少回数でクリア**")
	msgLeadPerfectOne = commands.T("**Leader: %s — %d of %d puzzle solved in the fewest presses.**",
		"**1위: %[1]s — 퍼즐 %[3]d개 중 %[2]d개를 최소 횟수로 완성**",
		"**1位: %[1]s — %[3]d問中%[2]d問を最少回数でクリア**")
	msgLeadPresses = commands.T("**Leader: %s — %.1f presses on average (puzzles: %d).**",
		"**1위: %[1]s — 퍼즐 %[3]d개 평균 %.1[2]f회**",
		"**1位: %[1]s — %[3]d問で平均%.1[2]f回**")
	msgOrbsStandingRow = commands.T("`%d.` %s · %d of %d in the fewest presses · %.1f presses on average",
		"`%[1]d.` %[2]s · 최소 횟수 풀이 %[3]d/%[4]d · 평균 %.1[5]f회",
		"`%[1]d.` %[2]s · %[4]d問中%[3]d問が最少回数 · 平均%.1[5]f回")
	msgCoinsStandingRow = commands.T("`%d.` %s · %d/%d wins", "`%[1]d.` %[2]s · %[4]d게임 %[3]d승", "`%[1]d.` %[2]s · %[4]d戦%[3]d勝")
	msgOrbsHow          = commands.T("Solved random puzzles of at least 16 cells count, one result per puzzle per player per hour; a win is a solve in the fewest presses the puzzle allows.",
		"16칸 이상인 무작위 퍼즐을 완성하면 집계하며, 같은 퍼즐은 한 사람당 한 시간에 한 번만 셉니다. 그 퍼즐의 최소 횟수로 완성하면 1승입니다.",
		"16マス以上のランダムパズルのクリアを集計し、同じパズルは一人1時間に1回だけ数えます。そのパズルの最少回数でクリアすると1勝です。")
	msgCoinsHow = commands.T("Games against Alea from at least 6 coins count, whichever bot played, one result per starting position and bot per player per hour.",
		"동전 6개 이상으로 시작한 Alea와의 게임을 어떤 봇과 했든 집계하며, 같은 시작 배치와 봇은 한 사람당 한 시간에 한 번만 셉니다.",
		"コイン6枚以上から始めた Alea との対戦を、どのボットが相手でも集計します。同じ初期配置とボットは一人1時間に1回だけ数えます。")
)
