package daily

import "github.com/alea-bot/alea/commands"

// The definitions' descriptions.
var (
	txtDailyDesc = commands.T("One Yacht challenge a day, the same dice for everyone: play, share, and rank by points lost",
		"매일 하나, 모두 같은 주사위로 하는 요트 도전: 플레이하고, 공유하고, 잃은 점수로 순위를 겨룹니다",
		"毎日ひとつ、全員が同じサイコロで挑むヨット: 遊んで、共有して、失った点数で順位を競う")
	txtPlayDesc = commands.T("Play today's challenge privately (an earlier day's with date, as practice)",
		"오늘의 도전을 나만 보이게 플레이 (날짜를 주면 지난 도전을 연습으로)",
		"今日の挑戦を自分だけに見える形で遊ぶ（日付を指定すると過去の挑戦を練習として）")
	txtPlayDateDesc = commands.T("An earlier day's challenge, YYYY-MM-DD, played as practice (default: today, UTC)",
		"지난 날의 도전, YYYY-MM-DD 형식, 연습으로 진행 (기본: 오늘, UTC 기준)",
		"過去の日の挑戦（YYYY-MM-DD）を練習として遊ぶ（既定: 今日、UTC）")
	txtBoardDesc = commands.T("A day's official results ranked by points lost, here or for everyone, and the week's",
		"하루의 공식 기록을 잃은 점수가 적은 순으로: 이 서버 또는 전체, 그리고 그 주",
		"その日の本番の結果を失った点数の少ない順に: このサーバーまたは全体、そしてその週")
	txtBoardDateDesc = commands.T("The day, YYYY-MM-DD (default: today, UTC)", "날짜, YYYY-MM-DD 형식 (기본: 오늘, UTC 기준)", "日付（YYYY-MM-DD、既定: 今日、UTC）")
	txtScopeDesc     = commands.T("This server's players, or everyone (named only if they chose to be)",
		"이 서버의 플레이어, 또는 전체 (이름은 본인이 원한 경우에만 표시)",
		"このサーバーのプレイヤー、または全体（名前は本人が選んだ場合のみ表示）")
	txtMeDesc = commands.T("Your streak, today's results, and whether the board for everyone shows your name",
		"내 연속 기록, 오늘의 결과, 전체 순위에 내 이름을 보일지 설정",
		"自分の連続記録、今日の結果、全体ランキングに名前を出すかどうか")
)

// Refusals.
var (
	msgNoSubcommand = commands.T("Choose `/daily play`, `/daily board` or `/daily me`.",
		"`/데일리 도전`, `/데일리 순위`, `/데일리 내-기록` 중에서 고르세요.",
		"`/デイリー 挑戦`、`/デイリー ランキング`、`/デイリー 自分の記録` から選んでください。")
	msgStoreDown = commands.T("Alea cannot reach its records right now, so it cannot tell whether this is your official attempt. Try again in a moment.",
		"지금은 Alea가 기록 저장소에 연결할 수 없어 이번이 공식 시도인지 알 수 없습니다. 잠시 뒤에 다시 시도하세요.",
		"いま Alea が記録の保存先に接続できないため、これが本番の挑戦かどうか判断できません。少し待ってからもう一度試してください。")
	msgBadDate = commands.T("Not a date: %s. Write it YYYY-MM-DD, e.g. %s.",
		"날짜를 읽을 수 없습니다: %s. YYYY-MM-DD 형식으로 쓰세요 (예: %s).",
		"日付として読めません: %s。YYYY-MM-DD の形で書いてください（例: %s）。")
	msgFutureDate = commands.T("The challenge of %s is not out yet: today (UTC) is %s.",
		"%s의 도전은 아직 열리지 않았습니다. 오늘은 %s입니다 (UTC 기준).",
		"%s の挑戦はまだ始まっていません。今日は %s です（UTC）。")
	msgTooEarly  = commands.T("The daily challenges begin on %s.", "데일리 도전은 %s부터 있습니다.", "デイリーの挑戦は %s から始まっています。")
	msgNoMessage = commands.T("This button's game could not be read from its message. Start again with `/daily play`.",
		"이 버튼의 게임을 메시지에서 읽을 수 없습니다. `/데일리 도전`으로 다시 시작하세요.",
		"このボタンのゲームをメッセージから読み取れませんでした。`/デイリー 挑戦` でもう一度始めてください。")
	msgBadState = commands.T("This game's state is damaged, so it cannot go on; start again with `/daily play`.",
		"이 게임의 상태가 손상되어 더 이어갈 수 없습니다. `/데일리 도전`으로 다시 시작하세요.",
		"このゲームの状態が壊れているため、続けられません。`/デイリー 挑戦` でもう一度始めてください。")
	msgSomeone  = commands.T("the player who started it", "도전을 시작한 사람", "挑戦を始めた人")
	msgNotYours = commands.T("This daily challenge belongs to %s: start your own with `/daily play`.",
		"이 데일리 도전은 %s의 것입니다. `/데일리 도전`으로 내 도전을 시작하세요.",
		"このデイリー挑戦は %s のものです。`/デイリー 挑戦` で自分の挑戦を始めてください。")
	msgNotYourButton = commands.T("This button is someone else's: use `/daily me`.",
		"다른 사람의 버튼입니다. `/데일리 내-기록`을 쓰세요.",
		"ほかの人のボタンです。`/デイリー 自分の記録` を使ってください。")
	msgNoName = commands.T("Your display name has nothing the board can show (letters or digits): change it in Discord, or stay “a player”.",
		"표시 이름에 순위에 보일 수 있는 글자나 숫자가 없습니다. Discord에서 바꾸거나 “익명의 플레이어”로 남으세요.",
		"表示名に、ランキングに出せる文字や数字がありません。Discord で変えるか、「匿名のプレイヤー」のままにしてください。")
)

// The game's board.
var (
	msgTitle     = commands.T("📅 Daily %s · %s — turn %d/%d", "📅 데일리 %s · %s — %d/%d턴", "📅 デイリー %s · %s — %d/%dターン")
	msgOverTitle = commands.T("🏁 Daily %s · %s — done", "🏁 데일리 %s · %s — 완료", "🏁 デイリー %s · %s — 終了")
	msgRollNow   = commands.T("🎲 Roll the dice: everyone playing this challenge starts the turn with the same five.",
		"🎲 주사위를 굴리세요. 이 도전을 하는 모든 사람이 이번 턴을 같은 다섯 개로 시작합니다.",
		"🎲 サイコロを振ってください。この挑戦を遊ぶ全員が、このターンを同じ5個で始めます。")
	msgSoFar    = commands.T("Turns so far: %s", "지금까지의 턴: %s", "ここまでのターン: %s")
	msgOfficial = commands.T("🏅 Your official attempt at this challenge: no hints; each decision's cost shows after it as a square.",
		"🏅 이번이 이 도전의 공식 시도입니다. 힌트는 없고, 선택할 때마다 그 손실이 네모의 색으로 표시됩니다.",
		"🏅 この挑戦の本番です。ヒントはなく、判断のたびにその損失が四角の色で表示されます。")
	msgStartedOnce = commands.T("🎯 Practice: your official attempt at this challenge started at %s UTC, so this game is not ranked.",
		"🎯 연습: 이 도전의 공식 시도는 이미 %s(UTC)에 시작했으므로 이 게임은 순위에 들어가지 않습니다.",
		"🎯 練習: この挑戦の本番は %s（UTC）にすでに始めているので、このゲームは順位に入りません。")
	msgEarlierDay = commands.T("🎯 Practice of an earlier day's challenge: not ranked.", "🎯 지난 도전의 연습: 순위에 들어가지 않습니다.", "🎯 過去の挑戦の練習: 順位には入りません。")
	msgNoMemory   = commands.T("🎯 Practice: this bot keeps no records, so nothing is ranked.",
		"🎯 연습: 이 봇은 기록을 남기지 않아 순위가 없습니다.",
		"🎯 練習: このボットは記録を残さないので、順位はありません。")
	msgPractice   = commands.T("🎯 Practice: not ranked.", "🎯 연습: 순위에 들어가지 않습니다.", "🎯 練習: 順位には入りません。")
	msgLegend     = commands.T("🟩 no loss · 🟨 under 1 · 🟧 under 5 · 🟥 5 or more expected points lost", "🟩 손실 없음 · 🟨 1 미만 · 🟧 5 미만 · 🟥 5 이상 (잃은 기대 점수)", "🟩 損失なし · 🟨 1未満 · 🟧 5未満 · 🟥 5以上（失った期待値）")
	msgSheetField = commands.T("Sheet", "점수표", "スコア表")
	// msgDecided tells a decision (what was kept or scored, as the table
	// says it) and its square.
	msgDecided     = commands.T("↩ %s — %s", "↩ %s — %s", "↩ %s — %s")
	msgResult      = commands.T("Score **%d** · expected points lost **%.2f**", "점수 **%d** · 잃은 기대 점수 **%.2f**", "得点 **%d** · 失った期待値 **%.2f**")
	msgStreak      = commands.T("🔥 %d-day streak (longest: %d)", "🔥 %d일 연속 (최장 %d일)", "🔥 %d日連続（最長 %d日）")
	msgShareButton = commands.T("Share", "공유", "共有")
	msgAssisted    = commands.T("💡 Decisions taken on positions you asked advice on elsewhere: %d. This result is kept but not ranked.",
		"💡 다른 곳에서 조언을 구한 상황에서 내린 선택: %d번. 이 결과는 남지만 순위에는 들어가지 않습니다.",
		"💡 ほかの場所で助言を求めた局面での判断: %d回。この結果は残りますが、順位には入りません。")
)

// Share's public message.
var (
	msgShareHead     = commands.T("📅 Alea daily %s · %s", "📅 Alea 데일리 %s · %s", "📅 Alea デイリー %s · %s")
	msgSharePractice = commands.T("practice", "연습", "練習")
	msgShareResult   = commands.T("%d points · %.2f expected points lost", "%d점 · 잃은 기대 점수 %.2f", "%d点 · 失った期待値 %.2f")
	msgShareStreak   = commands.T("🔥 %d-day streak", "🔥 %d일 연속", "🔥 %d日連続")
)

// The boards.
var (
	msgBoardTitle  = commands.T("📅 Daily board %s · %s", "📅 데일리 순위 %s · %s", "📅 デイリーランキング %s · %s")
	msgScopeServer = commands.T("Official results played in this server, ranked by expected points lost (fewest first); the score breaks ties.",
		"이 서버에서 한 공식 기록을 잃은 기대 점수가 적은 순으로 나열합니다. 같으면 점수가 높은 쪽이 앞섭니다.",
		"このサーバーで遊んだ本番の結果を、失った期待値の少ない順に並べます。同じなら得点の高い方が上です。")
	msgScopeEveryone = commands.T("Official results from everywhere, ranked by expected points lost (fewest first; the score breaks ties). Players are named only if they chose to be (`/daily me`); the others show as “a player”.",
		"모든 곳의 공식 기록을 잃은 기대 점수가 적은 순으로 나열합니다 (같으면 점수가 높은 쪽이 앞). 이름은 본인이 원한 경우에만 보이고 (`/데일리 내-기록`), 나머지는 “익명의 플레이어”로 표시합니다.",
		"すべての場所の本番の結果を、失った期待値の少ない順に並べます（同じなら得点の高い方が上）。名前は本人が選んだ場合だけ表示し（`/デイリー 自分の記録`）、ほかは「匿名のプレイヤー」と表示します。")
	msgAPlayer   = commands.T("a player", "익명의 플레이어", "匿名のプレイヤー")
	msgYou       = commands.T("you", "나", "あなた")
	msgNoResults = commands.T("No official result for this day here yet.", "이 날의 공식 기록이 아직 없습니다.", "この日の本番の結果はまだありません。")
	msgDayLine   = commands.T("`%d.` %s — **%.2f** lost · %d points", "`%d.` %s — 손실 **%.2f** · %d점", "`%d.` %s — 損失 **%.2f** · %d点")
	msgPlayers   = commands.T("Players ranked: %d.", "모두 %d명이 순위에 있습니다.", "全部で%d人が順位に入っています。")
	msgWeekField = commands.T("The week %s to %s (at least %d dailies)", "%s~%s 주간 (데일리 %d회 이상)", "%s〜%s の週間（デイリー%d回以上）")
	msgWeekLine  = commands.T("`%d.` %s — **%.2f** lost a daily · %.1f points on average (dailies: %d)",
		"`%d.` %s — 데일리당 손실 **%.2f** · 평균 %.1f점 (%d회)",
		"`%d.` %s — 1回あたり損失 **%.2f** · 平均%.1f点（%d回）")
	msgNoWeek = commands.T("Nobody has %d official results in this week yet.",
		"이 주에 공식 기록이 %d회 이상인 사람이 아직 없습니다.",
		"この週に本番の結果が%d回以上ある人はまだいません。")
	msgBoardFooter = commands.T("Practice is never ranked. Your own results: /daily me", "연습은 순위에 들어가지 않습니다. 내 기록: /데일리 내-기록", "練習は順位に入りません。自分の記録: /デイリー 自分の記録")
)

// /daily me.
var (
	msgMeTitle     = commands.T("📅 Your dailies", "📅 내 데일리", "📅 あなたのデイリー")
	msgNeverPlayed = commands.T("You have not played a daily challenge yet: start today's with `/daily play`.",
		"아직 데일리 도전을 한 적이 없습니다. `/데일리 도전`으로 오늘의 도전을 시작하세요.",
		"まだデイリーの挑戦を遊んでいません。`/デイリー 挑戦` で今日の挑戦を始めましょう。")
	msgNoStreak      = commands.T("No streak running (your longest: %d).", "이어지는 연속 기록이 없습니다 (최장 %d일).", "続いている連続記録はありません（最長 %d日）。")
	msgTodayWaiting  = commands.T("Today's challenge (%s) is waiting: `/daily play`.", "오늘의 도전(%s)이 기다리고 있습니다: `/데일리 도전`.", "今日の挑戦（%s）が待っています: `/デイリー 挑戦`。")
	msgTodayHead     = commands.T("Today (%s):", "오늘 (%s):", "今日（%s）:")
	msgTodayStarted  = commands.T("%s — started at %s UTC, not finished", "%s — %s(UTC)에 시작, 아직 끝나지 않음", "%s — %s（UTC）に開始、まだ終わっていません")
	msgTodayDone     = commands.T("%s — %d points · %.2f expected points lost", "%s — %d점 · 잃은 기대 점수 %.2f", "%s — %d点 · 失った期待値 %.2f")
	msgTodayAssisted = commands.T("%s — %d points · %.2f expected points lost · 💡 advice asked elsewhere: not ranked",
		"%s — %d점 · 잃은 기대 점수 %.2f · 💡 다른 곳에서 조언을 구해 순위에서 빠짐",
		"%s — %d点 · 失った期待値 %.2f · 💡 ほかで助言を求めたため順位外")
	msgNamed    = commands.T("On the board for everyone you show as **%s**.", "전체 순위에 표시되는 이름: **%s**", "全体ランキングでの表示名: **%s**")
	msgUnnamed  = commands.T("On the board for everyone you show as “a player”.", "전체 순위에는 “익명의 플레이어”로 표시됩니다.", "全体ランキングでは「匿名のプレイヤー」と表示されます。")
	msgShowName = commands.T("Show my name", "내 이름 보이기", "名前を表示する")
	msgHideName = commands.T("Hide my name", "내 이름 숨기기", "名前を隠す")
)
