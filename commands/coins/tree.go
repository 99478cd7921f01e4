package coins

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/coins"
)

// treeChildData is one child of the root in tree's --format data.
type treeChildData struct {
	Move        bwMoveData `json:"move"`
	Black       int64      `json:"black"`
	White       int64      `json:"white"`
	Wins        int64      `json:"wins"`
	Simulations int64      `json:"simulations"`
	WinRate     float64    `json:"win_rate"`
	ExactWin    bool       `json:"exact_win"`
}

// treeData is tree's --format data: the root's counts and children (wins of
// the player to move at the root), the choice of doMyTurn, and the exact
// winning moves.
type treeData struct {
	Game         string          `json:"game"`
	Black        int64           `json:"black"`
	White        int64           `json:"white"`
	Simulations  int             `json:"simulations"`
	Seed         uint64          `json:"seed"`
	Nodes        int             `json:"nodes"`
	RootWins     int64           `json:"root_wins"`
	RootSims     int64           `json:"root_simulations"`
	Children     []treeChildData `json:"children"`
	Choice       *bwMoveData     `json:"choice"`
	WinningMoves []bwMoveData    `json:"winning_moves"`
	Tree         string          `json:"tree"`
}

var (
	txtTreeTitle = commands.T("Monte-Carlo tree from %d black and %d white — k = %d, seed %d", "흑 %d개, 백 %d개에서 시작한 몬테카를로 트리 — k = %d, 시드 %d", "黒%d枚・白%d枚からのモンテカルロ木 — k = %d、シード %d")
	txtTreeNote  = commands.T("Monte-Carlo tree search: children chosen by w/s + √2·√(ln(sp)/s), random play-outs, nodes not merged. Win rates are the first player's; “exact” is who wins that node when both sides play perfectly.",
		"몬테카를로 트리 탐색: 자식은 w/s + √2·√(ln(sp)/s)로 고르고, 시뮬레이션은 무작위로 두며, 노드는 합치지 않습니다. 승률은 선공 기준이고, “정확”은 양쪽이 최선의 수로 둘 때의 승패입니다.",
		"モンテカルロ木探索: 子は w/s + √2·√(ln(sp)/s) で選び、プレイアウトはランダム、ノードは併合しません。勝率は先手から見た値で、「厳密」は双方が最善を尽くしたときの勝敗です。")
	txtTreeChoice  = commands.T("The search's move", "탐색이 고른 수", "探索が選んだ手")
	txtTreeExact   = commands.T("Exact winning moves", "이기는 수 (정확한 계산)", "厳密な勝ち手")
	txtTreeAgree   = commands.T("✅ a winning move", "✅ 이기는 수", "✅ 勝ち手")
	txtTreeDisagr  = commands.T("⚠️ not a winning move", "⚠️ 이기는 수가 아님", "⚠️ 勝ち手ではない")
	txtTreeLost    = commands.T("(every move loses against perfect play)", "(상대가 최선이면 어떤 수도 집니다)", "（相手が最善ならどの手も負け）")
	txtTreeStopped = commands.T("The search stopped at %d simulations: the selection reached a finished game, where this search stops.",
		"선택 단계가 끝난 게임에 닿아 시뮬레이션 %d번 만에 탐색을 멈췄습니다.",
		"選択が終局に達したため、%d回のシミュレーションで探索を終えました。")
	// txtTreeStoppedOne is txtTreeStopped after one simulation (English has a
	// singular; Korean and Japanese read the same).
	txtTreeStoppedOne = commands.T("The search stopped at %d simulation: the selection reached a finished game, where this search stops.",
		"선택 단계가 끝난 게임에 닿아 시뮬레이션 %d번 만에 탐색을 멈췄습니다.",
		"選択が終局に達したため、%d回のシミュレーションで探索を終えました。")
	txtTreeFile = commands.T("The whole tree (%d nodes) is in tree.txt; the first levels:", "전체 트리(노드 %d개)는 tree.txt에 있습니다. 앞부분:", "木の全体（ノード%d個）は tree.txt にあります。最初の部分:")
	txtTreeTime = commands.T("The search ran out of time; try fewer simulations or coins.", "탐색 시간이 부족했습니다. 시뮬레이션이나 동전 수를 줄여 보세요.", "探索が時間切れです。シミュレーション数かコインを減らしてください。")
)

func randomSeed() uint64 { return rand.Uint64() >> 11 } // < 2^53, repeatable through the seed option

func handleTree(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	b, w := req.Options.Int("black", 0), req.Options.Int("white", 0)
	if b+w == 0 {
		return nil, commands.Rejectf(txtNoCoin)
	}
	k := int(req.Options.Int("simulations", defaultTreeSim))
	volatile := !req.Options.Has("seed")
	seed := uint64(req.Options.Int("seed", 0))
	if volatile {
		seed = randomSeed()
	}
	l := req.Locale
	start := coins.BWState{Black: b, White: w}
	ctx, done, err := commands.Heavy(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	t, err := coins.NewPTree(ctx, coins.BW{}, start, 0, k, rand.New(rand.NewPCG(seed, 0x0c0145)))
	if err != nil {
		if ctx.Err() != nil {
			return nil, commands.Rejectf(txtTreeTime)
		}
		return nil, err
	}
	// exact: does the root's player (the first player) win from this node?
	exact := func(n *coins.Node[coins.BWState, coins.BWMove]) bool {
		return coins.BW{}.MoverWins(n.State) == (n.Mover == 0)
	}
	text := coins.FormatTree(t.Root, 0, func(n *coins.Node[coins.BWState, coins.BWMove]) string {
		if n == t.Root {
			return ""
		}
		return "· " + exactWord(l, exact(n))
	})
	data := treeData{Game: "bw", Black: b, White: w, Simulations: k, Seed: seed, Nodes: t.Root.Count(),
		RootWins: t.Root.Wins[0], RootSims: t.Root.Simulations(), Children: []treeChildData{}, WinningMoves: []bwMoveData{}, Tree: text}
	for i, c := range t.Root.Children {
		if c == nil {
			continue
		}
		data.Children = append(data.Children, treeChildData{Move: moveData(t.Root.Moves[i]), Black: c.State.Black, White: c.State.White,
			Wins: c.Wins[0], Simulations: c.Simulations(), WinRate: c.WinRate(0), ExactWin: exact(c)})
	}
	winning := coins.BW{}.WinningMoves(start)
	var exactLines []string
	for _, m := range winning {
		data.WinningMoves = append(data.WinningMoves, moveData(m))
		exactLines = append(exactLines, "• "+txtBWMove.Format(l, m.Take, colorName(l, m.Color), formatInt(start.Black-take(m, coins.Black)), formatInt(start.White-take(m, coins.White))))
	}
	exactText := strings.Join(exactLines, "\n")
	if len(winning) == 0 {
		exactText = txtNone.In(l) + " " + txtTreeLost.In(l)
	}
	choiceText := "—"
	if m, err := t.Choose(); err == nil {
		md := moveData(m)
		data.Choice = &md
		after := coins.BW{}.Play(start, m)
		choiceText = txtBWMove.Format(l, m.Take, colorName(l, m.Color), formatInt(after.Black), formatInt(after.White))
		if len(winning) > 0 {
			if (coins.BW{}).MoverWins(after) {
				choiceText += " — " + txtTreeDisagr.In(l)
			} else {
				choiceText += " — " + txtTreeAgree.In(l)
			}
		}
	}
	desc := txtTreeNote.In(l)
	if t.Root.Simulations() < int64(k) {
		stopped := txtTreeStopped
		if t.Root.Simulations() == 1 {
			stopped = txtTreeStoppedOne
		}
		desc += "\n" + stopped.Format(l, t.Root.Simulations())
	}
	reply := &commands.Reply{Data: data}
	text = localTree(l, text)
	block := "```\n" + text + "```"
	if utf8.RuneCountInString(desc)+utf8.RuneCountInString(block)+2 <= commands.MaxEmbedDescription-200 {
		desc += "\n\n" + block
	} else {
		reply.Files = []commands.File{{Name: "tree.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(text)}}
		desc += "\n\n" + txtTreeFile.Format(l, data.Nodes) + "\n```\n" + firstLines(text, 3000) + "```"
	}
	reply.Embeds = []commands.Embed{{
		Title:       txtTreeTitle.Format(l, b, w, k, seed),
		Description: desc,
		Color:       colour,
		Fields: []commands.Field{
			{Name: txtTreeChoice.In(l), Value: choiceText},
			{Name: txtTreeExact.In(l), Value: exactText},
		},
	}}
	return reply, nil
}

func take(m coins.BWMove, c coins.Color) int64 {
	if m.Color == c {
		return m.Take
	}
	return 0
}

// firstLines returns whole lines of s totalling at most max characters.
func firstLines(s string, max int) string {
	var b strings.Builder
	n := 0
	for _, line := range strings.SplitAfter(s, "\n") {
		k := utf8.RuneCountInString(line)
		if n+k > max {
			b.WriteString("…\n")
			break
		}
		b.WriteString(line)
		n += k
	}
	return b.String()
}

// treeWords are the words of the lecture's tree printout in each language:
// the node count line and the win rate of a node.
var (
	txtTreeTotal   = commands.T("A total of %s nodes", "전체 노드 %s개", "全%sノード")
	txtTreeWinRate = commands.T(", win rate ", ", 승률 ", ", 勝率 ")
)

// treeTotal matches the printout's first line.
var treeTotal = regexp.MustCompile(`^A total of (\d+) nodes`)

// localTree words the lecture's tree printout (kept in English in the data)
// in l; the numbers and layout stay as the lecture prints them.
func localTree(l commands.Locale, text string) string {
	if l == commands.English {
		return text
	}
	text = treeTotal.ReplaceAllStringFunc(text, func(m string) string {
		return txtTreeTotal.Format(l, treeTotal.FindStringSubmatch(m)[1])
	})
	return strings.ReplaceAll(text, txtTreeWinRate.En, txtTreeWinRate.In(l))
}
