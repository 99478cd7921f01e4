package orbs

import (
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/orbs"
)

// The Korean terms follow the blog post 알고리즘 덕후의 「투 더 문」 퍼즐 푸는 방법 (오브, 행 오브, 열 오브, 대각선 오브,
// 흐린 칸, 맑은 칸).
var (
	txtTitle        = commands.T("Orb puzzle %d×%d", "오브 퍼즐 %d×%d", "オーブパズル %d×%d")
	txtGameTitle    = commands.T("Orb puzzle %d×%d — clear every cell", "오브 퍼즐 %d×%d — 모든 칸을 맑게", "オーブパズル %d×%d — すべてのマスを晴らそう")
	txtRowOrb       = commands.T("row orb %s", "행 오브 %s", "行オーブ %s")
	txtColOrb       = commands.T("column orb %s", "열 오브 %s", "列オーブ %s")
	txtDiagonalOrb  = commands.T("the diagonal orb", "대각선 오브", "対角線オーブ")
	txtPressN       = commands.T("**Press %d orbs:** %s.", "**오브 %d개를 누르세요:** %s.", "**オーブを%d回押します:** %s。")
	txtPress1       = commands.T("**Press 1 orb:** %s.", "**오브 1개를 누르세요:** %s.", "**オーブを1回押します:** %s。")
	txtAlreadyClear = commands.T("**Already clear:** no presses needed.", "**이미 모두 맑습니다:** 누를 필요가 없습니다.", "**すでにすべて晴れています:** 押す必要はありません。")
	txtWithin       = commands.T("Within the limit of %d.", "제한 %d회 이내입니다.", "上限%d回以内です。")
	txtOverLimit    = commands.T("⚠️ Needs %d presses, more than the limit of %d: this puzzle cannot be solved within its limit.", "⚠️ %d번 눌러야 해서 제한 %d회를 넘습니다: 제한 안에서는 풀 수 없습니다.", "⚠️ %d回必要で、上限%d回を超えます: 上限内では解けません。")
	// txtOverLimitOne is txtOverLimit when one press is needed (English has a
	// singular; Korean and Japanese read the same).
	txtOverLimitOne  = commands.T("⚠️ Needs %d press, more than the limit of %d: this puzzle cannot be solved within its limit.", "⚠️ %d번 눌러야 해서 제한 %d회를 넘습니다: 제한 안에서는 풀 수 없습니다.", "⚠️ %d回必要で、上限%d回を超えます: 上限内では解けません。")
	txtFewest        = commands.T("This is the fewest possible: every other way to clear the grid presses more orbs.", "가능한 최소 횟수입니다. 다른 방법으로 풀면 더 많이 눌러야 합니다.", "これが最少回数です。ほかの解き方ではもっと多く押すことになります。")
	txtPicSolved     = commands.T("Picture: 1 is the grid with the orbs to press in orange, 2 the grid after.", "그림: 1은 누를 오브를 주황색으로 표시한 격자, 2는 누른 뒤의 격자입니다.", "画像: 1 は押すオーブをオレンジで示したグリッド、2 は押した後のグリッドです。")
	txtPicUnsolvable = commands.T("Picture: 1 is the grid as given, 2 after the diagonal orb; the four cells of each argument are outlined in red.", "그림: 1은 주어진 그대로, 2는 대각선 오브를 누른 뒤의 격자입니다. 각 논리의 네 칸은 빨간 테두리로 표시했습니다.", "画像: 1 はそのままのグリッド、2 は対角線オーブを押した後です。それぞれの根拠となる4マスを赤で囲んでいます。")
	txtPicGame       = commands.T("In the picture, the orbs pressed an odd number of times so far are orange.", "그림에서 지금까지 홀수 번 누른 오브는 주황색입니다.", "画像では、ここまでに奇数回押したオーブがオレンジ色です。")
	txtUnsolvable    = commands.T("**No presses clear this grid.**", "**어떻게 눌러도 모든 칸을 맑게 할 수 없습니다.**", "**どう押してもすべてのマスは晴れません。**")
	txtAsGiven       = commands.T("As given", "주어진 그대로", "そのまま")
	txtAfterDiag     = commands.T("After the diagonal orb", "대각선 오브를 누른 뒤", "対角線オーブを押した後")
	// txtWitness: label, rows i, i′, columns j, j′; then the cells.
	txtWitness = commands.T(
		"%s — rows %s and %s, columns %s and %s: cells %s and %s are alike but %s and %s differ, so an odd number of these four cells is cloudy, and every row or column press flips two of them or none, so they can never all be clear.",
		"%s — 행 %s·%s, 열 %s·%s: %s·%s 칸은 상태가 같지만 %s·%s 칸은 다릅니다. 따라서 네 칸 중 흐린 칸은 홀수 개이고, 행·열 오브는 네 칸 중 두 칸을 뒤집거나 하나도 뒤집지 않으므로 네 칸이 모두 맑아질 수 없습니다.",
		"%s — 行 %s・%s、列 %s・%s: マス %s と %s は同じ状態ですが %s と %s は異なります。4マスのうち曇りは奇数個で、行・列オーブは4マスのうち2つを反転するか1つも反転しないので、4マスがすべて晴れることはありません。")
	txtWitnessAgain = commands.T(
		"%s — rows %s and %s, columns %s and %s: cells %s and %s are alike but %s and %s differ; the same argument.",
		"%s — 행 %s·%s, 열 %s·%s: %s·%s 칸은 같고 %s·%s 칸은 다릅니다. 같은 논리로 불가능합니다.",
		"%s — 行 %s・%s、列 %s・%s: マス %s と %s は同じで %s と %s は異なります。同じ理由で不可能です。")
	txtBeforeAfter     = commands.T("Before → after (■ cloudy, □ clear):", "누르기 전 → 누른 뒤 (■ 흐림, □ 맑음):", "押す前 → 押した後（■ 曇り、□ 晴れ）:")
	txtGivenDiag       = commands.T("As given → after the diagonal orb (■ cloudy, □ clear; the witness cells in the picture):", "주어진 그대로 → 대각선 오브를 누른 뒤 (■ 흐림, □ 맑음; 증거 칸은 그림에 표시):", "そのまま → 対角線オーブを押した後（■ 曇り、□ 晴れ。証拠のマスは画像に表示）:")
	txtLegend          = commands.T("■ cloudy, □ clear:", "■ 흐림, □ 맑음:", "■ 曇り、□ 晴れ:")
	txtTooBigForText   = commands.T("The grid is drawn in the picture.", "격자는 그림에 있습니다.", "グリッドは画像にあります。")
	txtGameIntro       = commands.T("Press the orbs to make every cell clear (□). A row orb flips its row, a column orb its column, the diagonal orb the cells from the bottom-left corner up and to the right.", "오브를 눌러 모든 칸을 맑게 (□) 만드세요. 행 오브는 그 행을, 열 오브는 그 열을, 대각선 오브는 좌측 하단에서 우측 상단 방향의 칸들을 뒤집습니다.", "オーブを押してすべてのマスを晴れ（□）にしましょう。行オーブはその行を、列オーブはその列を、対角線オーブは左下の角から右上へのマスを反転します。")
	txtPressesSoFar    = commands.T("Presses so far: %d.", "지금까지 누른 횟수: %d.", "ここまでに押した回数: %d。")
	txtGameClear       = commands.T("🎉 **Clear!** You used %d presses; the fewest possible for this puzzle is %d.", "🎉 **완성!** %d번 눌렀습니다. 이 퍼즐의 최소 횟수는 %d번입니다.", "🎉 **クリア！** %d回押しました。このパズルの最少回数は%d回です。")
	txtGameClearOne    = commands.T("🎉 **Clear!** You used %d press; the fewest possible for this puzzle is %d.", "🎉 **완성!** %d번 눌렀습니다. 이 퍼즐의 최소 횟수는 %d번입니다.", "🎉 **クリア！** %d回押しました。このパズルの最少回数は%d回です。")
	txtGamePerfect     = commands.T("That is the minimum — perfect.", "최소 횟수입니다 — 완벽합니다.", "最少回数です — 完璧！")
	txtRowButton       = commands.T("row %s", "행 %s", "行 %s")
	txtColButton       = commands.T("col %s", "열 %s", "列 %s")
	txtDiagButton      = commands.T("diagonal", "대각선", "対角線")
	txtRowMenu         = commands.T("Press a row orb (%s–%s)", "행 오브 누르기 (%s–%s)", "行オーブを押す（%s–%s）")
	txtColMenu         = commands.T("Press a column orb (%s–%s)", "열 오브 누르기 (%s–%s)", "列オーブを押す（%s–%s）")
	txtBadState        = commands.T("This puzzle's button is outdated or damaged; deal a new one with `/orbs random:5x5`.", "이 퍼즐의 버튼이 오래되었거나 손상되었습니다. `/오브 무작위:5x5`로 새 퍼즐을 받으세요.", "このパズルのボタンは古いか壊れています。`/オーブ ランダム:5x5` で新しいパズルを配ってください。")
	txtOlder           = commands.T("This puzzle is from an older version of Alea and cannot go on. Deal a new one with `/orbs random:5x5`.", "이 퍼즐은 이전 버전의 Alea에서 시작되어 더 이어갈 수 없습니다. `/오브 무작위:5x5`로 새 퍼즐을 받으세요.", "このパズルは以前のバージョンの Alea で始まったため、続けられません。`/オーブ ランダム:5x5` で新しいパズルを配ってください。")
	txtNotYours        = commands.T("This puzzle belongs to %s: only they can press it. Deal your own with `/orbs random:5x5`.", "이 퍼즐은 %s 님의 퍼즐이라 그 사람만 누를 수 있습니다. `/오브 무작위:5x5`로 직접 받으세요.", "このパズルは %s さんのものなので、本人しか押せません。`/オーブ ランダム:5x5` で自分のパズルを配ってください。")
	txtSomeone         = commands.T("someone else", "다른 사람", "ほかの人")
	txtGridAndRandom   = commands.T("Give either `grid` (a puzzle to solve) or `random` (a puzzle to play, e.g. `random:5x5`), not both.", "`격자`(풀 퍼즐)와 `무작위`(플레이할 퍼즐, 예: `무작위:5x5`) 중 하나만 주세요.", "`グリッド`（解くパズル）か `ランダム`（遊ぶパズル、例: `ランダム:5x5`）のどちらか一方だけを指定してください。")
	txtNeither         = commands.T("Give a `grid` to solve, e.g. `grid:\"1001/0110/1001\"` (1 # X ■ cloudy, 0 . □ clear, rows separated by / (or by spaces when a row has several cells)), or `random:5x5` to play.", "풀 `격자`를 주세요. 예: `격자:\"1001/0110/1001\"` (1 # X ■ 흐림, 0 . □ 맑음, 행은 / 로 구분). 또는 `무작위:5x5`로 플레이하세요.", "解く `グリッド` を指定してください。例: `グリッド:\"1001/0110/1001\"`（1 # X ■ 曇り、0 . □ 晴れ、行は / で区切る）。または `ランダム:5x5` で遊べます。")
	txtLimitWithRandom = commands.T("`limit` goes with `grid`; a `random` puzzle is played without a limit (the fewest presses are told at the end).", "`제한`은 `격자`와 함께 씁니다. `무작위` 퍼즐은 제한 없이 플레이하며 마지막에 최소 횟수를 알려 드립니다.", "`上限` は `グリッド` と一緒に使います。`ランダム` のパズルは上限なしで遊び、最後に最少回数をお知らせします。")
	txtEmptyRandom     = commands.T("`random` is empty. Give a size rows×columns from 1x1 to %[1]dx%[1]d, e.g. `random:5x5`.", "`무작위`가 비어 있습니다. 1x1부터 %[1]dx%[1]d까지의 크기(행×열)를 써 주세요. 예: `무작위:5x5`.", "`ランダム` が空です。1x1 から %[1]dx%[1]d までの大きさ（行×列）を書いてください。例: `ランダム:5x5`。")
	txtBadRandom       = commands.T("`random` must be a size rows×columns from 1x1 to %[1]dx%[1]d, such as `5x5` or `3x7`; got %[2]s.", "`무작위`는 1x1부터 %[1]dx%[1]d까지의 크기(행×열)여야 합니다. 예: `5x5`, `3x7`. 입력: %[2]s", "`ランダム` は 1x1 から %[1]dx%[1]d までの大きさ（行×列）にしてください。例: `5x5`、`3x7`。入力: %[2]s")
)

// Parse errors, by kind.
var (
	txtEmpty     = commands.T("The grid has no cells. Write rows from the top, e.g. `1001/0110/1001` (1 # X ■ cloudy, 0 . □ clear).", "격자에 칸이 없습니다. 위 행부터 쓰세요. 예: `1001/0110/1001` (1 # X ■ 흐림, 0 . □ 맑음).", "グリッドにマスがありません。上の行から書いてください。例: `1001/0110/1001`（1 # X ■ 曇り、0 . □ 晴れ）。")
	txtEmptyRw   = commands.T("Row %d of the grid is empty (a `/` at the start or end, or two `/` in a row).", "격자의 %d행이 비어 있습니다 (맨 앞이나 맨 뒤의 `/`, 또는 연속된 `/`).", "グリッドの%d行目が空です（先頭か末尾の `/`、または `/` の連続）。")
	txtForeign   = commands.T("Row %d, cell %d of the grid: %s is not a cell. Cloudy: 1 # X ■; clear: 0 . □; rows separated by / (or by spaces when a row has several cells).", "격자 %d행 %d번째 칸: %s은(는) 칸이 아닙니다. 흐림: 1 # X ■, 맑음: 0 . □, 행은 / 로 구분합니다 (칸이 여러 개인 행은 공백으로도 구분 가능).", "グリッド%d行目%dマス目: %s はマスではありません。曇り: 1 # X ■、晴れ: 0 . □、行は / で区切ります（複数マスの行なら空白でも区切れます）。")
	txtRaggedOne = commands.T("Row %d of the grid has %d cell but row 1 has %d; every row must be as long.", "격자 %d행은 %d칸인데 1행은 %d칸입니다. 모든 행의 길이가 같아야 합니다.", "グリッド%d行目は%dマスですが1行目は%dマスです。すべての行を同じ長さにしてください。")
	txtRagged    = commands.T("Row %d of the grid has %d cells but row 1 has %d; every row must be as long.", "격자 %d행은 %d칸인데 1행은 %d칸입니다. 모든 행의 길이가 같아야 합니다.", "グリッド%d行目は%dマスですが1行目は%dマスです。すべての行を同じ長さにしてください。")
	txtAmbiguous = commands.T("These %[1]d cells separated by spaces could be one row or one column. Separate rows with `/`: `1001` is one row of 4, `1/0/0/1` one column of 4.",
		"공백으로 구분한 칸 %[1]d개는 한 행인지 한 열인지 알 수 없습니다. 행은 `/`로 구분해 주세요. `1001`은 4칸짜리 한 행, `1/0/0/1`은 4칸짜리 한 열입니다.",
		"空白で区切った%[1]dマスは1行なのか1列なのか分かりません。行は `/` で区切ってください。`1001` は4マスの1行、`1/0/0/1` は4マスの1列です。")
	txtTooBig = commands.T("The grid is %d×%d; at most %d×%d.", "격자가 %d×%d입니다. 최대 %d×%d까지입니다.", "グリッドは %d×%d です。最大 %d×%d までです。")
)

// parseRejection turns the engine's parse error into a localised rejection.
func parseRejection(err error) error {
	pe, ok := err.(*orbs.ParseError)
	if !ok {
		return err
	}
	switch pe.Kind {
	case orbs.Empty:
		return commands.Rejectf(txtEmpty)
	case orbs.EmptyRow:
		return commands.Rejectf(txtEmptyRw, pe.Row)
	case orbs.ForeignSymbol:
		return commands.Rejectf(txtForeign, pe.Row, pe.Col, commands.Quote(string(pe.Symbol)))
	case orbs.Ambiguous:
		return commands.Rejectf(txtAmbiguous, pe.Rows)
	case orbs.Ragged:
		if pe.Width == 1 {
			return commands.Rejectf(txtRaggedOne, pe.Row, pe.Width, pe.Want)
		}
		return commands.Rejectf(txtRagged, pe.Row, pe.Width, pe.Want)
	case orbs.TooLarge:
		return commands.Rejectf(txtTooBig, pe.Rows, pe.Cols, orbs.MaxSize, orbs.MaxSize)
	}
	return commands.Rejectf(txtEmpty)
}
