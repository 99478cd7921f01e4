package trialrule

import "github.com/alea-bot/alea/commands"

// Strings shown to people, in English, Korean and Japanese.
var (
	txtName = commands.T("trialrule", "시행규칙", "試行規則")
	txtDesc = commands.T(
		"Realise exact probabilities with a die or coin: the paper's rules and the optimal one",
		"주사위나 동전으로 정확한 확률 구현: 논문의 시행 규칙과 최적 규칙",
		"サイコロやコインで正確な確率を実現: 論文の試行規則と最適な規則")

	optDie        = commands.T("die", "주사위", "サイコロ")
	optDieDesc    = commands.T("Faces of the die: 2 for a coin, 6 for a d6 (2–100)", "주사위 면의 수: 동전 2, 육면체 6 (2–100)", "サイコロの面の数: コインは 2、d6 は 6（2〜100）")
	optWeights    = commands.T("weights", "비율", "比率")
	optWeightsDsc = commands.T(`Wanted ratio: "1 4 15", "3:7", "5% 20% 75%" or "0.05 0.2 0.75" (2–20 events)`,
		`원하는 비율: "1 4 15", "3:7", "5% 20% 75%", "0.05 0.2 0.75" (사건 2–20개)`,
		`欲しい比率: "1 4 15"、"3:7"、"5% 20% 75%"、"0.05 0.2 0.75"（事象2〜20個）`)
	optLabels     = commands.T("labels", "이름", "名前")
	optLabelsDesc = commands.T(`Names of the events, e.g. "miss, hit, critical" (default E_1, E_2, …)`,
		`사건의 이름, 예: "꽝, 당첨, 대박" (기본 E_1, E_2, …)`,
		`事象の名前。例: "はずれ, あたり, 大当たり"（既定は E_1, E_2, …）`)
	optExtra     = commands.T("extra_depth", "추가깊이", "追加の深さ")
	optExtraDesc = commands.T("Heights searched beyond the least one (0–40, default 6)", "최소 높이보다 더 탐색할 높이 (0–40, 기본 6)", "最小の高さから追加で探す高さ（0〜40、既定 6）")
	optMode      = commands.T("mode", "모드", "モード")
	optModeDesc  = commands.T("paper: the paper's rules; optimal: Knuth–Yao; both (default)", "논문: 논문의 규칙, 최적: Knuth–Yao, 둘 다 (기본)", "論文: 論文の規則、最適: Knuth–Yao、両方（既定）")

	chPaper   = commands.T("paper: the paper's rules by height", "논문: 논문의 높이별 규칙", "論文: 論文の高さ別の規則")
	chOptimal = commands.T("optimal: the Knuth–Yao rule", "최적: Knuth–Yao 규칙", "最適: Knuth–Yao の規則")
	chBoth    = commands.T("both", "둘 다", "両方")

	txtTitle = commands.T("Trial rule: d%d for %s", "시행 규칙: d%d로 %s", "試行規則: d%d で %s")
	txtProbs = commands.T("**Probabilities**", "**확률**", "**確率**")
	txtTable = commands.T("**Paper rules by height** (least E[X] over c; ✓ = recommended)",
		"**높이별 논문의 규칙** (c에 대한 최소 E[X]; ✓ = 추천)",
		"**高さごとの論文の規則**（c についての最小 E[X]; ✓ = おすすめ）")
	txtNoCase      = commands.T("no case", "경우 없음", "該当なし")
	txtMoreRows    = commands.T("… %d more heights in %s", "… 나머지 %d개 높이는 %s에", "… 残り%d個の高さは %s に")
	txtMoreRowsOne = commands.T("… %d more height in %s", "… 나머지 %d개 높이는 %s에", "… 残り%d個の高さは %s に")
	txtRecommend   = commands.T("Recommended paper rules", "추천하는 논문의 규칙", "おすすめの論文の規則")
	txtRecLine     = commands.T("height %d · c = %s · E[X] = %s ≈ %s rolls", "높이 %d · c = %s · E[X] = %s ≈ %s회", "高さ %d · c = %s · E[X] = %s ≈ %s回")
	txtBestIs      = commands.T("Best: height %d (the listing below; also in %s and %s).", "최선: 높이 %d (아래 목록; %s, %s에도 있음).", "最良: 高さ %d（下の一覧。%s と %s にもあります）。")
	txtBestLong    = commands.T("Best: height %d — its listing has %d lines: see %s and %s.", "최선: 높이 %d — 목록이 %d줄이라 %s, %s을(를) 보세요.", "最良: 高さ %d — 一覧が%d行あるので %s と %s を見てください。")
	txtNoRuleRaise = commands.T("No height up to %[1]d has a paper rule; raise `%[2]s` (up to %[3]d) to search taller trees.",
		"높이 %[1]d까지는 논문의 규칙이 없습니다. 더 높은 트리를 찾으려면 `%[2]s` 값을 늘려 보세요 (최대 %[3]d).",
		"高さ %[1]d までに論文の規則はありません。もっと高い木を探すには `%[2]s` を増やしてください（最大 %[3]d）。")
	txtNoRuleRound = commands.T("No paper rule was found: this ratio needs trees too tall to search, and searching further cannot help. Round the weights to fewer digits to get a short rule.",
		"논문의 규칙을 찾지 못했습니다. 이 비율에는 탐색할 수 없을 만큼 높은 트리가 필요해서 더 찾아도 소용이 없습니다. 짧은 규칙을 얻으려면 비율을 더 적은 자릿수로 반올림하세요.",
		"論文の規則は見つかりませんでした。この比率には探索できないほど高い木が必要で、さらに探しても見つかりません。短い規則が欲しいときは、比率を少ない桁に丸めてください。")
	txtTryOptimal = commands.T("The optimal rule works for any ratio: `%s:optimal`.", "최적 규칙은 어떤 비율에도 쓸 수 있습니다: `%s:최적`.", "最適な規則はどんな比率にも使えます: `%s:最適`。")
	txtPercentSum = commands.T("The percentages add up to %[1]s%%, not 100%%, so they were read as the ratio %[2]s.",
		"백분율의 합이 100%%가 아니라 %[1]s%%라서 %[2]s 비율로 읽었습니다.",
		"百分率の合計が 100%% ではなく %[1]s%% なので、比率 %[2]s として読みました。")
	txtOptimal   = commands.T("Optimal rule (Knuth–Yao)", "최적 규칙 (Knuth–Yao)", "最適な規則（Knuth–Yao）")
	txtOptLine   = commands.T("E[X] = %s ≈ %s rolls · pre-period %d, period %d", "E[X] = %s ≈ %s회 · 전주기 %d, 주기 %d", "E[X] = %s ≈ %s回 · 前周期 %d、周期 %d")
	txtOptApprox = commands.T("E[X] ≈ %s rolls · pre-period %d, period %d (too long for an exact fraction or a listing)",
		"E[X] ≈ %s회 · 전주기 %d, 주기 %d (정확한 분수나 목록으로 쓰기엔 너무 깁니다)",
		"E[X] ≈ %s回 · 前周期 %d、周期 %d（厳密な分数や一覧には長すぎます）")
	txtSaving = commands.T("Saves %[1]s ≈ %[2]s rolls on average against the best paper rule (%[3]s).",
		"논문의 최선 규칙(%[3]s)보다 평균 %[1]s ≈ %[2]s회 적게 굴립니다.",
		"論文の最良の規則（%[3]s）より平均 %[1]s ≈ %[2]s回少なく振ります。")
	txtSavingApprox = commands.T("Saves about %[1]s rolls on average against the best paper rule (%[2]s).",
		"논문의 최선 규칙(%[2]s)보다 평균 약 %[1]s회 적게 굴립니다.",
		"論文の最良の規則（%[2]s）より平均で約%[1]s回少なく振ります。")
	txtNoSaving = commands.T("The best paper rule (%s) is already optimal.", "논문의 최선 규칙(%s)이 이미 최적입니다.", "論文の最良の規則（%s）はすでに最適です。")
	// txtJumpHelp and txtLegendText say what Re means in the same words:
	// the paper's "처음부터 다시 시작" (go back to the root and start over).
	txtJumpHelp = commands.T("`a b c → a b` means: continue as if you had rolled `a b`. `Re`: start again from the beginning.",
		"`a b c → a b`는 `a b`를 굴린 것처럼 계속하라는 뜻입니다. `Re`: 처음부터 다시 시작.",
		"`a b c → a b` は `a b` を振ったものとして続ける、という意味です。`Re`: 最初からやり直し。")
	txtOptLong      = commands.T("The listing has %d lines: see %s.", "목록이 %d줄이라 %s을(를) 보세요.", "一覧は%d行あるので %s を見てください。")
	txtOptNone      = commands.T("The optimal rule was not computed in time.", "최적 규칙을 시간 안에 계산하지 못했습니다.", "最適な規則を時間内に計算できませんでした。")
	txtShannon      = commands.T("Shannon bound: no rule can average fewer than %.6f rolls.", "섀넌 하한: 어떤 규칙도 평균 %.6f회보다 적게 굴릴 수 없습니다.", "シャノン下界: どの規則も平均%.6f回より少なくはできません。")
	txtOneRollBound = commands.T("Every rule needs at least one roll, which here is exactly the Shannon bound (%.6f rolls).",
		"어떤 규칙이든 적어도 한 번은 굴려야 하며, 여기서는 그것이 섀넌 하한(%.6f회)과 같습니다.",
		"どの規則も少なくとも1回は振ります。ここではそれがシャノン下界（%.6f回）とちょうど同じです。")
	txtOneRoll = commands.T("Every rule needs at least one roll; the Shannon bound (%.6f rolls) is lower, so it adds nothing here.",
		"어떤 규칙이든 적어도 한 번은 굴려야 합니다. 섀넌 하한(%.6f회)은 그보다 낮아 여기서는 의미가 없습니다.",
		"どの規則も少なくとも1回は振ります。シャノン下界（%.6f回）はそれより低いので、ここでは意味がありません。")
	txtLegend     = commands.T("Legend (picture)", "범례 (그림)", "凡例（図）")
	txtLegendText = commands.T("Boxes E1, E2, … are the events listed under **Probabilities**; Re: start again from the beginning; `-> a b`: continue as if you had rolled `a b`. Numbers on the edges are the faces rolled.",
		"상자 E1, E2, …는 **확률**에 적힌 사건입니다. Re: 처음부터 다시 시작; `-> a b`: `a b`를 굴린 것처럼 계속. 선 위의 수는 나온 눈입니다.",
		"箱 E1, E2, … は **確率** に並べた事象です。Re: 最初からやり直し。`-> a b`: `a b` を振ったものとして続ける。線の上の数は出た目です。")
	// txtPicCutOne is txtPicCut when the picture shows one roll.
	txtPicCutOne = commands.T("The picture shows the first roll only; the full rule is in %s.", "그림은 첫 굴림까지만 보여 줍니다. 전체 규칙은 %s에 있습니다.", "図は最初の1回分だけです。規則の全体は %s にあります。")
	txtPicCut    = commands.T("The picture shows the first %d rolls only; the full rule is in %s.", "그림은 처음 %d번의 굴림까지만 보여 줍니다. 전체 규칙은 %s에 있습니다.", "図は最初の%d回分だけです。規則の全体は %s にあります。")
	txtCutShort  = commands.T("⚠️ The search stopped at height %[1]d (%[2]s): taller trees were not searched; the heights above are exact.",
		"⚠️ 높이 %[1]d에서 탐색을 멈췄습니다 (%[2]s). 더 높은 트리는 찾지 않았고, 위의 높이는 정확합니다.",
		"⚠️ 高さ %[1]d で探索を止めました（%[2]s）。それより高い木は探しておらず、上の高さは厳密です。")
	txtCutNone = commands.T("⚠️ The search stopped at height %[1]d (%[2]s) before any height was finished, so there is no table of heights.",
		"⚠️ 높이 %[1]d에서 탐색을 멈췄습니다 (%[2]s). 끝까지 탐색한 높이가 없어 높이별 표가 없습니다.",
		"⚠️ 高さ %[1]d で探索を止めました（%[2]s）。探索を終えた高さがないので、高さごとの表はありません。")
	txtReasonTime = commands.T("the time budget of one answer ran out", "한 번의 답에 주어진 시간이 다 됨", "一回の回答の時間予算が尽きた")
	txtReasonMem  = commands.T("the exact search would need too much memory for this ratio", "이 비율은 정확한 탐색에 메모리가 너무 많이 필요", "この比率の厳密な探索にはメモリが足りない")
	txtFooter     = commands.T("Paper rules as in the Korean paper on trial rules (k-ary trees with restarts); every value is an exact fraction.",
		"시행 규칙 논문(재시작이 있는 k진 트리)의 방법으로 만든 규칙입니다. 모든 값은 정확한 분수입니다.",
		"論文の規則は試行規則の韓国語論文（やり直しのある k 分木）の方法で作っています。値はすべて厳密な分数です。")
	txtSheetTrunc = commands.T("(listing truncated at %d MB)", "(목록을 %d MB에서 잘랐습니다)", "（一覧を %d MB で切りました）")

	// Rejections.
	errEmpty = commands.T("`weights` is empty. Give the ratio of the outcomes, e.g. `1 4 15`, `3:7`, `5%% 20%% 75%%` or `0.05 0.2 0.75`.",
		"`비율`이 비어 있습니다. 결과들의 비율을 써 주세요. 예: `1 4 15`, `3:7`, `5%% 20%% 75%%`, `0.05 0.2 0.75`.",
		"`比率` が空です。結果の比率を書いてください。例: `1 4 15`、`3:7`、`5%% 20%% 75%%`、`0.05 0.2 0.75`。")
	errSyntax = commands.T("Weight %d (`%s`) is not a number. Use integers, decimals, percentages or fractions, e.g. `1 4 15`, `5%% 20%% 75%%`, `1/6 1/3 1/2`.",
		"%d번째 비율(`%s`)이 수가 아닙니다. 정수, 소수, 백분율, 분수를 써 주세요. 예: `1 4 15`, `5%% 20%% 75%%`, `1/6 1/3 1/2`.",
		"%d番目の比率（`%s`）が数ではありません。整数・小数・百分率・分数を使ってください。例: `1 4 15`、`5%% 20%% 75%%`、`1/6 1/3 1/2`。")
	errZero = commands.T("Weight %d (`%s`) is zero: every outcome needs a positive weight (leave out outcomes that never happen), e.g. `1 4 15`.",
		"%d번째 비율(`%s`)이 0입니다. 모든 결과는 양의 비율이어야 합니다 (일어나지 않는 결과는 빼 주세요). 예: `1 4 15`.",
		"%d番目の比率（`%s`）が 0 です。すべての結果に正の比率が必要です（起こらない結果は外してください）。例: `1 4 15`。")
	errNegative = commands.T("Weight %d (`%s`) is negative: weights are positive numbers, e.g. `1 4 15`.",
		"%d번째 비율(`%s`)이 음수입니다. 비율은 양수여야 합니다. 예: `1 4 15`.",
		"%d番目の比率（`%s`）が負です。比率は正の数です。例: `1 4 15`。")
	errTooMany = commands.T("%d weights given; at most %d events are allowed.", "비율이 %d개입니다. 사건은 최대 %d개까지입니다.", "比率が%d個あります。事象は最大%d個までです。")
	errTooFew  = commands.T("Only %d weight given; give at least %d outcomes, e.g. `3:7`.", "비율이 %d개뿐입니다. 결과를 %d개 이상 주세요. 예: `3:7`.", "比率が%d個だけです。結果を%d個以上にしてください。例: `3:7`。")
	errTooFine = commands.T("The ratio is too fine: as whole numbers its weights sum to %s (at most %s). Round it, e.g. `33.3%% 66.7%%`.",
		"비율이 너무 세밀합니다: 정수로 바꾸면 합이 %s입니다 (최대 %s). 반올림해 주세요. 예: `33.3%% 66.7%%`.",
		"比率が細かすぎます: 整数にすると合計 %s です（最大 %s）。丸めてください。例: `33.3%% 66.7%%`。")
	errTooLong = commands.T("A weight is too long; use at most 12 significant digits, e.g. `33.3%% 66.7%%`.",
		"비율의 자릿수가 너무 깁니다. 유효숫자 12자리 이하로 써 주세요. 예: `33.3%% 66.7%%`.",
		"比率の桁が長すぎます。有効数字12桁以下にしてください。例: `33.3%% 66.7%%`。")
	errDie        = commands.T("`die` must be 2 to %d faces (2 for a coin, 6 for a d6); got %d.", "`주사위`는 면이 2~%d개여야 합니다 (동전 2, 육면체 6). 입력: %d", "`サイコロ` は2〜%d面にしてください（コインは2、d6は6）。入力: %d")
	errExtra      = commands.T("`extra_depth` must be 0 to %d; got %d.", "`추가깊이`는 0~%d여야 합니다. 입력: %d", "`追加の深さ` は 0〜%d にしてください。入力: %d")
	errMode       = commands.T("`mode` must be `paper`, `optimal` or `both`; got `%s`.", "`모드`는 `논문`, `최적`, `둘 다` 중 하나여야 합니다. 입력: `%s`", "`モード` は `論文`、`最適`、`両方` のいずれかです。入力: `%s`")
	errLabelCount = commands.T("%d labels for %d weights: give one name per outcome, separated by commas, e.g. `miss, hit, critical`.",
		"이름 %d개, 비율 %d개: 결과마다 이름 하나를 쉼표로 구분해 주세요. 예: `꽝, 당첨, 대박`.",
		"名前%d個、比率%d個: 結果ごとに名前を一つ、カンマ区切りで。例: `はずれ, あたり, 大当たり`。")
	errLabelCountOne = commands.T("%d label for %d weights: give one name per outcome, separated by commas, e.g. `miss, hit, critical`.",
		"이름 %d개, 비율 %d개: 결과마다 이름 하나를 쉼표로 구분해 주세요. 예: `꽝, 당첨, 대박`.",
		"名前%d個、比率%d個: 結果ごとに名前を一つ、カンマ区切りで。例: `はずれ, あたり, 大当たり`。")
	errLabelLong = commands.T("Label %d is longer than %d characters.", "%d번째 이름이 %d자보다 깁니다.", "%d番目の名前が%d文字より長いです。")
)
