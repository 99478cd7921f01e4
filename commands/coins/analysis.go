package coins

import (
	"context"
	"errors"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/coins"
)

// bwMoveData is a move in --format data: {"color":"black","take":2}.
type bwMoveData struct {
	Color string `json:"color"`
	Take  int64  `json:"take"`
}

func moveData(m coins.BWMove) bwMoveData { return bwMoveData{Color: m.Color.String(), Take: m.Take} }

// bwData is the --format data of /coins bw (docs/data.md).
type bwData struct {
	Game         string       `json:"game"`
	Black        int64        `json:"black"`
	White        int64        `json:"white"`
	MoverWins    bool         `json:"mover_wins"`
	WinningMoves []bwMoveData `json:"winning_moves"`
}

// pileData is the --format data of /coins pile (docs/data.md).
type pileData struct {
	Game         string  `json:"game"`
	Coins        int64   `json:"coins"`
	Take         []int64 `json:"take"`
	Last         string  `json:"last"`
	MoverWins    bool    `json:"mover_wins"`
	WinningMoves []int64 `json:"winning_moves"`
}

// marblesData is the --format data of /coins marbles (docs/data.md).
type marblesData struct {
	Game         string  `json:"game"`
	Count        int64   `json:"count"`
	MoverWins    bool    `json:"mover_wins"`
	WinningMoves []int64 `json:"winning_moves"`
}

var (
	txtWins = commands.T("**The player to move wins** with perfect play.",
		"**지금 가져갈 차례인 사람이 이깁니다** (최선을 다할 때).",
		"**手番のプレイヤーが勝ちます**（最善を尽くした場合）。")
	txtLoses = commands.T("**The player to move loses** against perfect play: every move leaves a winning position.",
		"**지금 가져갈 차례인 사람이 집니다** (상대가 최선을 다하면): 어떻게 가져가도 상대가 이기는 상태가 됩니다.",
		"**手番のプレイヤーが負けます**（相手が最善なら）: どの手も相手の勝ちの局面を残します。")
	txtWinningMoves = commands.T("Winning moves", "이기는 수", "勝ちになる手")
	txtNone         = commands.T("none", "없음", "なし")
	txtWhy          = commands.T("Why", "이유", "理由")
	txtPosition     = commands.T("Position", "상태", "局面")
)

func analysisReply(l commands.Locale, title, position string, wins bool, moves []string, reason string, data any) *commands.Reply {
	desc := txtLoses.In(l)
	if wins {
		desc = txtWins.In(l)
	}
	mv := txtNone.In(l)
	if len(moves) > 0 {
		mv = strings.Join(moves, "\n")
	}
	e := commands.Embed{
		Title:       title,
		Description: desc,
		Color:       colour,
		Fields: []commands.Field{
			{Name: txtPosition.In(l), Value: position},
			{Name: txtWinningMoves.In(l), Value: mv},
			{Name: txtWhy.In(l), Value: reason},
		},
	}
	return &commands.Reply{Embeds: []commands.Embed{e}, Data: data}
}

var (
	txtBWTitle = commands.T("Black & white coins — the last coin loses", "흑백 동전 — 마지막 동전을 가져가면 패배", "白黒コイン — 最後のコインを取ると負け")
	txtBWPos   = commands.T("⚫ %s black, ⚪ %s white (%s coins)", "⚫ 흑 %s개, ⚪ 백 %s개 (모두 %s개)", "⚫ 黒%s枚、⚪ 白%s枚（計%s枚）")
	// txtBWPosOne is txtBWPos with one coin in all (English has a singular;
	// Korean and Japanese read the same).
	txtBWPosOne = commands.T("⚫ %s black, ⚪ %s white (%s coin)", "⚫ 흑 %s개, ⚪ 백 %s개 (모두 %s개)", "⚫ 黒%s枚、⚪ 白%s枚（計%s枚）")
	txtBWMove   = commands.T("take %d %s → leaves (%s, %s)", "%[2]s %[1]d개 가져가기 → (%[3]s, %[4]s) 남김", "%[2]sを%[1]d枚取る → (%[3]s, %[4]s) を残す")
	txtBWWhy    = commands.T("The player to move loses exactly when black + white ≡ 1 (mod 3) (take 1 or 2 each turn, so leave the opponent 3k+1). Here black + white ≡ %d (mod 3).",
		"흑 + 백 ≡ 1 (mod 3)일 때에만 가져갈 차례인 사람이 집니다 (한 번에 1~2개이므로 상대에게 3k+1개를 남기면 됩니다). 지금은 흑 + 백 ≡ %d (mod 3).",
		"黒 + 白 ≡ 1 (mod 3) のときに限り手番が負けます（1回に1〜2枚なので相手に 3k+1枚を残す）。いまは 黒 + 白 ≡ %d (mod 3)。")
	txtBlack  = commands.T("black", "흑", "黒")
	txtWhite  = commands.T("white", "백", "白")
	txtNoCoin = commands.T("There must be at least one coin (black + white ≥ 1); e.g. `black:2 white:1`.",
		"동전이 적어도 하나는 있어야 합니다 (흑 + 백 ≥ 1). 예: `흑:2 백:1`",
		"コインは少なくとも1枚必要です（黒 + 白 ≥ 1）。例: `黒:2 白:1`")
)

func colorName(l commands.Locale, c coins.Color) string {
	if c == coins.White {
		return txtWhite.In(l)
	}
	return txtBlack.In(l)
}

func handleBW(req *commands.Request) (*commands.Reply, error) {
	b, err := parseCount(req, "black")
	if err != nil {
		return nil, err
	}
	w, err := parseCount(req, "white")
	if err != nil {
		return nil, err
	}
	if b+w == 0 {
		return nil, commands.Rejectf(txtNoCoin)
	}
	l := req.Locale
	s := coins.BWState{Black: b, White: w}
	wins := coins.BW{}.MoverWins(s)
	data := bwData{Game: "bw", Black: b, White: w, MoverWins: wins, WinningMoves: []bwMoveData{}}
	var lines []string
	for _, m := range (coins.BW{}).WinningMoves(s) {
		data.WinningMoves = append(data.WinningMoves, moveData(m))
		after := coins.BW{}.Play(s, m)
		lines = append(lines, "• "+txtBWMove.Format(l, m.Take, colorName(l, m.Color), formatInt(after.Black), formatInt(after.White)))
	}
	posText := txtBWPos
	if b+w == 1 {
		posText = txtBWPosOne
	}
	pos := posText.Format(l, formatInt(b), formatInt(w), formatInt(b+w))
	return analysisReply(l, txtBWTitle.In(l), pos, wins, lines, txtBWWhy.Format(l, (b+w)%3), data), nil
}

var (
	txtPileTitle   = commands.T("One pile, take %s — the last coin %s", "동전 한 더미, %s개씩 — 마지막 동전을 가져가면 %s", "一つの山、%s枚ずつ — 最後のコインを取ると%s")
	txtLosesWord   = commands.T("loses", "패배", "負け")
	txtWinsWord    = commands.T("wins", "승리", "勝ち")
	txtPilePos     = commands.T("%s coins", "동전 %s개", "コイン%s枚")
	txtPilePosOne  = commands.T("1 coin", "동전 1개", "コイン1枚")
	txtPileMove    = commands.T("take %d → leaves %s", "%d개 가져가기 → %s개 남김", "%d枚取る → %s枚を残す")
	txtPileWhyMod  = commands.T("The player to move loses exactly when n mod %d is %s (the outcomes repeat with period %d). Here n mod %d = %d.", "n mod %d 값이 %s일 때에만 가져갈 차례인 사람이 집니다 (승패의 반복 주기: %d). 지금 n mod %d = %d.", "n mod %d が %s のときに限り手番が負けます（勝敗は周期 %d で繰り返す）。いま n mod %d = %d。")
	txtPileWhyPre  = commands.T("The player to move loses at %s, and from n = %d on exactly when n mod %d is %s (period %d).", "%s에서 집니다. n = %d부터는 n mod %d 값이 %s일 때에만 집니다 (주기: %d).", "%s で負け、n = %d 以降は n mod %d が %s のときに限り負けます（周期 %d）。")
	txtPileHereMod = commands.T(" Here n mod %d = %d.", " 지금 n mod %d = %d.", " いま n mod %d = %d。")
	txtPileHereLow = commands.T(" Here n = %s comes before the period.", " 지금 n = %s: 주기가 시작되기 전입니다.", " いまの n = %s は周期が始まる前です。")
	txtPileNoLoss  = commands.T("From n = %d on the player to move always wins (period 1).", "n = %d부터는 가져갈 차례인 사람이 항상 이깁니다 (주기 1).", "n = %d 以降は手番が常に勝ちます（周期 1）。")
	txtPileStuck   = commands.T("No amount of the take set fits in %s coins, so the game is over: the player who moved last %s.", "%s개에서는 가져갈 수 있는 개수가 없어 게임이 끝났습니다: 마지막으로 가져간 사람이 %s.", "%s枚からは取れる数がないのでゲームは終わりです: 最後に取った人が%s。")
	// txtPileStuckOne is txtPileStuck with one coin left (English has a
	// singular; Korean and Japanese read the same).
	txtPileStuckOne = commands.T("No amount of the take set fits in %s coin, so the game is over: the player who moved last %s.", "%s개에서는 가져갈 수 있는 개수가 없어 게임이 끝났습니다: 마지막으로 가져간 사람이 %s.", "%s枚からは取れる数がないのでゲームは終わりです: 最後に取った人が%s。")
	txtPileNoP      = commands.T("No period showed within the first %d sizes; try a smaller take set.", "처음 %d개 크기 안에서 주기를 찾지 못했습니다. 더 작은 개수 집합을 써 보세요.", "最初の%d個のサイズで周期が見つかりません。より小さい集合を試してください。")
	txtLastWinsObj  = commands.T("wins", "이깁니다", "勝ち")
	txtLastLosObj   = commands.T("loses", "집니다", "負け")
	txtMarbleZero   = commands.T("`%s` must be at least 1; e.g. `%s:20`.", "`%s` 값은 1 이상이어야 합니다. 예: `%s:20`", "`%s` は 1 以上にしてください。例: `%s:20`")
)

// listInts writes up to max numbers joined by ", ", then "…".
// residues writes the losing remainders: "1", or "one of 0, 2, 3".
func residues(l commands.Locale, res []int64) string {
	if len(res) == 1 {
		return formatInt(res[0])
	}
	return txtOneOf.Format(l, listInts(res, 20))
}

func listInts(ns []int64, max int) string {
	parts := make([]string, 0, min(len(ns), max)+1)
	for i, n := range ns {
		if i == max {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, formatInt(n))
	}
	return strings.Join(parts, ", ")
}

func takeError(v string, err error) error {
	v = commands.Quote(v)
	switch {
	case errors.Is(err, coins.ErrEmptyTakeSet):
		return commands.Reject("`take` is empty; list the amounts that may be taken, e.g. `take:\"1 2\"`.",
			"`가져가기`가 비어 있습니다. 가져갈 수 있는 개수를 쓰세요. 예: `가져가기:\"1 2\"`",
			"`取る数` が空です。取れる数を並べてください。例: `取る数:\"1 2\"`")
	case errors.Is(err, coins.ErrZeroTake):
		return commands.Reject("`take` amounts must be at least 1 (got %s); e.g. `take:\"1 2\"`.",
			"`가져가기`의 개수는 1 이상이어야 합니다 (입력 %s). 예: `가져가기:\"1 2\"`",
			"`取る数` の数は 1 以上にしてください（入力 %s）。例: `取る数:\"1 2\"`", v)
	case errors.Is(err, coins.ErrTakeTooLarge):
		return commands.Reject("`take` amounts must be at most %d (got %s).",
			"`가져가기`의 개수는 %d 이하여야 합니다 (입력 %s).",
			"`取る数` の数は %d 以下にしてください（入力 %s）。", coins.MaxTake, v)
	case errors.Is(err, coins.ErrTakeTooMany):
		return commands.Reject("`take` may list at most %d amounts (got %s).",
			"`가져가기`에는 최대 %d개의 개수를 쓸 수 있습니다 (입력 %s).",
			"`取る数` に並べられるのは%d個までです（入力 %s）。", coins.MaxTakeSize, v)
	}
	return commands.Reject("`take` must be whole numbers separated by spaces, e.g. `take:\"1 3 4\"`; got %s.",
		"`가져가기`에는 공백으로 구분한 정수를 쓰세요. 예: `가져가기:\"1 3 4\"` 입력: %s",
		"`取る数` には空白で区切った整数を指定してください。例: `取る数:\"1 3 4\"` 入力: %s", v)
}

func handlePile(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	n, err := parseCount(req, "coins")
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, rejectOption(txtMarbleZero, "coins", "coins", "coins")
	}
	tv := req.Options.String("take", "1 2")
	take, err := coins.ParseTakeSet(tv)
	if err != nil {
		return nil, takeError(tv, err)
	}
	last := req.Options.String("last", "loses")
	if last != "loses" && last != "wins" {
		return nil, commands.Reject("`last` must be `loses` or `wins`.", "`마지막`은 `loses` 또는 `wins`여야 합니다.", "`最後` は `loses` か `wins` にしてください。")
	}
	pile, err := coins.NewPile(take, last == "wins")
	if err != nil {
		return nil, takeError(tv, err)
	}
	sol, err := pile.Solve(ctx)
	if errors.Is(err, coins.ErrNoPeriod) {
		return nil, commands.Rejectf(txtPileNoP, coins.MaxPileSteps)
	}
	if err != nil {
		return nil, err
	}
	l := req.Locale
	wins := sol.MoverWins(n)
	data := pileData{Game: "pile", Coins: n, Take: take, Last: last, MoverWins: wins, WinningMoves: []int64{}}
	var lines []string
	for _, t := range sol.WinningMoves(n) {
		data.WinningMoves = append(data.WinningMoves, t)
		lines = append(lines, "• "+txtPileMove.Format(l, t, formatInt(n-t)))
	}
	var reason string
	switch {
	case pile.Terminal(n):
		who := txtLastLosObj.In(l)
		if last == "wins" {
			who = txtLastWinsObj.In(l)
		}
		stuck := txtPileStuck
		if n == 1 {
			stuck = txtPileStuckOne
		}
		reason = stuck.Format(l, formatInt(n), who)
	default:
		res := sol.LosingResidues()
		before := sol.LosingBeforePeriod()
		r := n % sol.Period
		switch {
		case len(res) == 0:
			reason = txtPileNoLoss.Format(l, sol.Preperiod)
			if len(before) > 0 {
				reason = listInts(before, 20) + " ✗ · " + reason
			}
		case len(before) == 0:
			reason = txtPileWhyMod.Format(l, sol.Period, residues(l, res), sol.Period, sol.Period, r)
		default:
			reason = txtPileWhyPre.Format(l, listInts(before, 20), sol.Preperiod, sol.Period, residues(l, res), sol.Period)
			if n < sol.Preperiod {
				reason += txtPileHereLow.Format(l, formatInt(n))
			} else {
				reason += txtPileHereMod.Format(l, sol.Period, r)
			}
		}
	}
	lastWord := txtLosesWord.In(l)
	if last == "wins" {
		lastWord = txtWinsWord.In(l)
	}
	title := txtPileTitle.Format(l, "{"+listInts(take, 20)+"}", lastWord)
	pos := txtPilePos.Format(l, formatInt(n))
	if n == 1 {
		pos = txtPilePosOne.In(l)
	}
	return analysisReply(l, title, pos, wins, lines, reason, data), nil
}

var (
	txtMarblesTitle = commands.T("Marbles — take 1 to half; the last marble wins", "구슬 — 1개부터 절반까지, 마지막 구슬을 가져가면 승리", "ビー玉 — 1個から半分まで取る、最後のビー玉で勝ち")
	txtMarblesPos   = commands.T("%s marbles (you may take 1 to %s)", "구슬 %s개 (1~%s개 가져갈 수 있음)", "ビー玉%s個（1〜%s個取れる）")
	txtMarblesOne   = commands.T("1 marble (take it and win)", "구슬 1개 (가져가면 승리)", "ビー玉1個（取れば勝ち）")
	txtOneOf        = commands.T("one of %s", "%s 중 하나", "%s のいずれか")
	txtMarblesMove  = commands.T("take %s → leaves %s = 3·2^%d − 1", "%s개 가져가기 → %s = 3·2^%d − 1 남김", "%s個取る → %s = 3·2^%d − 1 を残す")
	txtMarblesLast  = commands.T("take the last marble", "마지막 구슬 가져가기", "最後のビー玉を取る")
	txtMarblesWhy   = commands.T("The player to move loses exactly with 3·2^i − 1 marbles (2, 5, 11, 23, 47, 95, …): from those you can never take enough to reach the previous one, and from anything else you can move to one of them. %s",
		"가져갈 차례인 사람은 구슬이 3·2^i − 1개 (2, 5, 11, 23, 47, 95, …)일 때에만 집니다: 이 수에서는 바로 앞의 수까지 가져갈 수 없고, 다른 수에서는 이 수 중 하나로 갈 수 있습니다. %s",
		"手番はビー玉が 3·2^i − 1個（2, 5, 11, 23, 47, 95, …）のときに限り負けます: そこからは一つ前の数まで取れず、それ以外からはそのどれかへ移れます。%s")
	txtMarblesIsL = commands.T("%s = 3·2^%d − 1.", "%s = 3·2^%d − 1.", "%s = 3·2^%d − 1。")
	txtMarblesNot = commands.T("%s is not of that form.", "%s은(는) 이 꼴이 아닙니다.", "%s はこの形ではありません。")
)

// marblesExp returns i with n = 3·2^i − 1 (n ≥ 2 of that form).
func marblesExp(n int64) int {
	i := 0
	for q := (n + 1) / 3; q > 1; q >>= 1 {
		i++
	}
	return i
}

func handleMarbles(req *commands.Request) (*commands.Reply, error) {
	n, err := parseCount(req, "count")
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, rejectOption(txtMarbleZero, "count", "count", "count")
	}
	l := req.Locale
	g := coins.Marbles{}
	wins := g.MoverWins(n)
	data := marblesData{Game: "marbles", Count: n, MoverWins: wins, WinningMoves: []int64{}}
	var lines []string
	for _, t := range g.WinningMoves(n) {
		data.WinningMoves = append(data.WinningMoves, t)
		if n-t == 0 {
			lines = append(lines, "• "+txtMarblesLast.In(l))
		} else {
			lines = append(lines, "• "+txtMarblesMove.Format(l, formatInt(t), formatInt(n-t), marblesExp(n-t)))
		}
	}
	tail := txtMarblesNot.Format(l, formatInt(n))
	if !wins {
		tail = txtMarblesIsL.Format(l, formatInt(n), marblesExp(n))
	}
	most := max(1, n/2)
	pos := txtMarblesPos.Format(l, formatInt(n), formatInt(most))
	if n == 1 {
		pos = txtMarblesOne.In(l)
	}
	return analysisReply(l, txtMarblesTitle.In(l), pos, wins, lines, txtMarblesWhy.Format(l, tail), data), nil
}

// exactWord says who wins a node for the root's player, for the tree.
func exactWord(l commands.Locale, win bool) string {
	if win {
		return commands.T("exact: win", "정확: 승", "厳密: 勝ち").In(l)
	}
	return commands.T("exact: loss", "정확: 패", "厳密: 負け").In(l)
}
