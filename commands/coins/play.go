package coins

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/seal"
	"github.com/alea-bot/alea/engine/coins"
)

// A game against the bot keeps all its state in the buttons' custom_ids
// (version 2), sealed with the bot's state key (package seal):
//
//	coins/2/move/<black>.<white>.<opponent>.<ply>.<seed>.<owner>.<move>~<tag>
//
// where opponent is p (perfect), m (mcts, k = 50) or r (random), ply counts
// the moves made so far, seed (base 36) drives the bot's random choices,
// owner (seal.Owner) is who started the game and alone may move, and move
// is the lecture's child index of the button (0 black 1, 1 black 2, 2 white
// 1, 3 white 2). "coins/2/hint/<black>.<white>~<tag>" asks for a hint. The
// tag covers the whole custom_id, so a state built by hand is refused.
// Version 1 (unsealed, no owner) is answered with olderVersion. The bot's
// MCTS tree is rebuilt from the current position at each move (k = 50
// simulations under the root), since nothing is kept in memory.

// playVersion is the version segment of the game's custom_ids.
const playVersion = "2"

// playData is play's --format data.
type playData struct {
	Game     string      `json:"game"`
	Black    int64       `json:"black"`
	White    int64       `json:"white"`
	Opponent string      `json:"opponent"`
	YourMove *bwMoveData `json:"your_move"`
	BotMove  *bwMoveData `json:"bot_move"`
	Over     bool        `json:"over"`
	Winner   string      `json:"winner"` // "you", "bot", or "" while playing
}

type playState struct {
	s     coins.BWState
	opp   byte // 'p', 'm', 'r'
	ply   int
	seed  uint64
	owner string // seal.Owner of the player
}

var (
	txtPlayTitle = commands.T("Black & white coins vs the %s bot", "흑백 동전 vs %s 봇", "白黒コイン vs %s")
	txtPlayRules = commands.T("Take 1 or 2 coins of one colour; whoever takes the last coin loses.", "한 색에서 1~2개를 가져갑니다. 마지막 동전을 가져간 사람이 집니다.", "一色から1〜2枚取ります。最後のコインを取った人の負けです。")
	txtYouTook   = commands.T("You took %d %s.", "%[2]s %[1]d개를 가져갔습니다.", "あなたは%[2]sを %[1]d 枚取りました。")
	txtBotTook   = commands.T("The bot took %d %s.", "봇이 %[2]s %[1]d개를 가져갔습니다.", "ボットは%[2]sを %[1]d 枚取りました。")
	txtYourTurn  = commands.T("Your move.", "가져갈 차례입니다.", "あなたの番です。")
	txtYouLost   = commands.T("You took the last coin — **you lose**. Try `/coins bw` to see why.", "마지막 동전을 가져갔습니다 — **패배**. 이유는 `/동전 흑백`으로 확인하세요.", "最後のコインを取りました — **あなたの負け**。理由は `/コイン 白黒` で。")
	txtYouWon    = commands.T("The bot took the last coin — **you win!** 🎉", "봇이 마지막 동전을 가져갔습니다 — **승리!** 🎉", "ボットが最後のコインを取りました — **あなたの勝ち！** 🎉")
	txtTake      = commands.T("Take %d", "%d개", "%d枚")
	txtHint      = commands.T("Hint", "힌트", "ヒント")
	txtBadState  = commands.T("This game button is outdated or damaged; start a new game with `/coins play`.", "이 게임 버튼은 오래되었거나 손상되었습니다. `/동전 게임`으로 새 게임을 시작하세요.", "このボタンは古いか壊れています。`/コイン 対戦` で新しい対戦を始めてください。")
	txtOlder     = commands.T("This game is from an older version of Alea and cannot go on. Start a new one with `/coins play`.",
		"이 게임은 이전 버전의 Alea에서 시작되어 더 이어갈 수 없습니다. `/동전 게임`으로 새 게임을 시작하세요.",
		"このゲームは以前のバージョンの Alea で始まったため、続けられません。`/コイン 対戦` で新しく始めてください。")
	txtNotYours = commands.T("This game belongs to %s: only they can move. Start your own with `/coins play`.",
		"이 게임은 %s 님의 게임이라 그 사람만 가져갈 수 있습니다. `/동전 게임`으로 직접 시작하세요.",
		"この対戦は %s さんのものなので、本人しか取れません。`/コイン 対戦` で自分の対戦を始めてください。")
	txtSomeone  = commands.T("someone else", "다른 사람", "ほかの人")
	txtIllegal  = commands.T("That move is not possible here; press one of the enabled buttons.", "지금은 그렇게 가져갈 수 없습니다. 누를 수 있는 버튼을 누르세요.", "今はその取り方はできません。押せるボタンを押してください。")
	txtHintWin  = commands.T("💡 With %s you are winning: %s.", "💡 %s에서는 이길 수 있습니다: %s.", "💡 %s なら勝てます: %s。")
	txtHintLose = commands.T("💡 With %s you are losing against perfect play (black + white ≡ 1 mod 3); make a move and hope for a mistake.", "💡 %s에서는 상대가 최선이면 집니다 (검은 + 흰 ≡ 1 mod 3). 일단 가져가고 상대의 실수를 기다리세요.", "💡 %s では相手が最善なら負けです（黒 + 白 ≡ 1 mod 3）。とりあえず取って、相手のミスを待ちましょう。")
	txtOppNames = map[byte]commands.Text{
		'p': commands.T("perfect", "완벽한", "完全なボット"),
		'm': commands.T("MCTS (k = 50)", "MCTS (k = 50)", "MCTS（k = 50）のボット"),
		'r': commands.T("random", "무작위", "ランダムなボット"),
	}
	oppSpec = map[byte]string{'p': "perfect", 'm': "mcts", 'r': "random"}
)

// encode returns the sealed custom_id of move's button.
func (p playState) encode(key seal.Key, move int) string {
	return key.Seal("coins/" + playVersion + "/move/" + p.canonical(move))
}

// hintID returns the sealed custom_id of the hint button.
func hintID(key seal.Key, s coins.BWState) string {
	return key.Seal(fmt.Sprintf("coins/%s/hint/%d.%d", playVersion, s.Black, s.White))
}

// olderVersion answers a button of a game started before states were
// sealed.
func olderVersion(context.Context, *commands.Request) (*commands.Reply, error) {
	return nil, commands.Rejectf(txtOlder)
}

// openState returns the state of a pressed button after prefix, or false
// when the custom_id was not sealed with key.
func openState(key seal.Key, req *commands.Request, prefix string) (string, bool) {
	id, ok := key.Open(req.CustomID)
	if !ok || !strings.HasPrefix(id, prefix) {
		return "", false
	}
	return id[len(prefix):], true
}

// parsePlayState reads the state of a move button (after the route and
// without the tag); it never trusts it.
func parsePlayState(s string) (playState, int, bool) {
	f := strings.Split(s, ".")
	if len(f) != 7 || !seal.ValidOwner(f[5]) {
		return playState{}, 0, false
	}
	owner := f[5]
	f = append(f[:5], f[6])
	b, err1 := strconv.ParseInt(f[0], 10, 64)
	w, err2 := strconv.ParseInt(f[1], 10, 64)
	ply, err3 := strconv.Atoi(f[3])
	seed, err4 := strconv.ParseUint(f[4], 36, 64)
	move, err5 := strconv.Atoi(f[5])
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || err5 != nil ||
		b < 0 || w < 0 || b > maxBoard || w > maxBoard || b+w == 0 || ply < 0 || ply > 4*maxBoard ||
		len(f[2]) != 1 || oppSpec[f[2][0]] == "" || move < 0 || move > 3 {
		return playState{}, 0, false
	}
	p := playState{s: coins.BWState{Black: b, White: w}, opp: f[2][0], ply: ply, seed: seed, owner: owner}
	if p.canonical(move) != s {
		return playState{}, 0, false
	}
	return p, move, true
}

// canonical is the state of move's button as encode writes it (without
// route and tag).
func (p playState) canonical(move int) string {
	return fmt.Sprintf("%d.%d.%c.%d.%s.%s.%d", p.s.Black, p.s.White, p.opp, p.ply, strconv.FormatUint(p.seed, 36), p.owner, move)
}

func moveAt(i int) coins.BWMove {
	return coins.BWMove{Color: coins.Color(i / 2), Take: int64(i%2 + 1)}
}

// botMove is the bot's move in p's position (not terminal).
func botMove(ctx context.Context, p playState) (coins.BWMove, error) {
	rng := rand.New(rand.NewPCG(p.seed, uint64(p.ply)<<32|uint64(p.s.Black)<<16|uint64(p.s.White)))
	switch p.opp {
	case 'p':
		if wins := (coins.BW{}).WinningMoves(p.s); len(wins) > 0 {
			return wins[0], nil
		}
		return coins.BW{}.RandomMove(rng, p.s), nil
	case 'm':
		t, err := coins.NewPTree(ctx, coins.BW{}, p.s, 0, coins.DefaultSimulations, rng)
		if err != nil {
			return coins.BWMove{}, err
		}
		return t.Choose()
	}
	return coins.BW{}.RandomMove(rng, p.s), nil
}

func handlePlay(ctx context.Context, key seal.Key, req *commands.Request) (*commands.Reply, error) {
	b, w := req.Options.Int("black", 0), req.Options.Int("white", 0)
	if b+w == 0 {
		return nil, commands.Rejectf(txtNoCoin)
	}
	opp := map[string]byte{"perfect": 'p', "mcts": 'm', "random": 'r'}[req.Options.String("opponent", "perfect")]
	if opp == 0 {
		return nil, commands.Reject("`opponent` must be perfect, mcts or random.", "`opponent`는 perfect, mcts, random 중 하나입니다.", "`opponent` は perfect、mcts、random のいずれかです。")
	}
	p := playState{s: coins.BWState{Black: b, White: w}, opp: opp, seed: randomSeed(), owner: seal.Owner(req.UserID)}
	var lines []string
	data := playData{Game: "bw", Opponent: oppSpec[opp]}
	if req.Options.String("first", "me") == "bot" {
		m, err := botMove(ctx, p)
		if err != nil {
			return nil, err
		}
		md := moveData(m)
		data.BotMove = &md
		p.s = coins.BW{}.Play(p.s, m)
		p.ply++
		lines = append(lines, txtBotTook.Format(req.Locale, m.Take, colorName(req.Locale, m.Color)))
	}
	r := playReply(req.Locale, key, p, lines, &data)
	return r, nil
}

func press(ctx context.Context, key seal.Key, req *commands.Request) (*commands.Reply, error) {
	st, ok := openState(key, req, "coins/"+playVersion+"/move/")
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	p, mi, ok := parsePlayState(st)
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	if seal.Owner(req.UserID) != p.owner {
		who := txtSomeone.In(req.Locale)
		if !strings.HasPrefix(p.owner, "h") {
			who = "<@" + p.owner + ">"
		}
		return nil, commands.Rejectf(txtNotYours, who)
	}
	m := moveAt(mi)
	if !(coins.BW{}).Legal(p.s, m) {
		return nil, commands.Rejectf(txtIllegal)
	}
	l := req.Locale
	data := playData{Game: "bw", Opponent: oppSpec[p.opp]}
	md := moveData(m)
	data.YourMove = &md
	lines := []string{txtYouTook.Format(l, m.Take, colorName(l, m.Color))}
	p.s = coins.BW{}.Play(p.s, m)
	p.ply++
	if !(coins.BW{}).Terminal(p.s) {
		bm, err := botMove(ctx, p)
		if err != nil {
			return nil, err
		}
		bd := moveData(bm)
		data.BotMove = &bd
		lines = append(lines, txtBotTook.Format(l, bm.Take, colorName(l, bm.Color)))
		p.s = coins.BW{}.Play(p.s, bm)
		p.ply++
		if (coins.BW{}).Terminal(p.s) {
			data.Winner = "you"
		}
	} else {
		data.Winner = "bot"
	}
	r := playReply(l, key, p, lines, &data)
	r.Update = true
	return r, nil
}

// coinRow draws n coins as emoji (at most 30, then the count).
func coinRow(emoji string, n int64) string {
	if n == 0 {
		return "—"
	}
	return strings.Repeat(emoji, int(min(n, 30))) + fmt.Sprintf("  (%d)", n)
}

// playReply shows the position after lines happened; when the game is over
// (no coin left) the winner is whoever did not take the last coin.
func playReply(l commands.Locale, key seal.Key, p playState, lines []string, data *playData) *commands.Reply {
	data.Black, data.White = p.s.Black, p.s.White
	over := (coins.BW{}).Terminal(p.s)
	data.Over = over
	if over && data.Winner == "" {
		data.Winner = "you" // the bot moved first and took the last coin
	}
	desc := txtPlayRules.In(l) + "\n\n⚫ " + coinRow("⚫", p.s.Black) + "\n⚪ " + coinRow("⚪", p.s.White) + "\n"
	if len(lines) > 0 {
		desc += "\n" + strings.Join(lines, "\n")
	}
	switch {
	case over && data.Winner == "you":
		desc += "\n" + txtYouWon.In(l)
	case over:
		desc += "\n" + txtYouLost.In(l)
	default:
		desc += "\n" + txtYourTurn.In(l)
	}
	r := &commands.Reply{
		Embeds: []commands.Embed{{Title: txtPlayTitle.Format(l, txtOppNames[p.opp].In(l)), Description: desc, Color: colour}},
		Data:   data,
	}
	if over {
		return r
	}
	var row commands.ActionRow
	for i := range 4 {
		m := moveAt(i)
		emoji := "⚫"
		if m.Color == coins.White {
			emoji = "⚪"
		}
		row = append(row, commands.Component{
			Kind: commands.Button, CustomID: p.encode(key, i), Emoji: emoji, Label: txtTake.Format(l, m.Take),
			Style: commands.Secondary, Disabled: !(coins.BW{}).Legal(p.s, m),
		})
	}
	row = append(row, commands.Component{
		Kind: commands.Button, CustomID: hintID(key, p.s), Emoji: "💡", Label: txtHint.In(l), Style: commands.Primary,
	})
	r.Components = []commands.ActionRow{row}
	return r
}

func hint(_ context.Context, key seal.Key, req *commands.Request) (*commands.Reply, error) {
	st, ok := openState(key, req, "coins/"+playVersion+"/hint/")
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	f := strings.Split(st, ".")
	if len(f) != 2 {
		return nil, commands.Rejectf(txtBadState)
	}
	b, err1 := strconv.ParseInt(f[0], 10, 64)
	w, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil || b < 0 || w < 0 || b > maxBoard || w > maxBoard || b+w == 0 {
		return nil, commands.Rejectf(txtBadState)
	}
	l := req.Locale
	s := coins.BWState{Black: b, White: w}
	pos := fmt.Sprintf("(%d, %d)", b, w)
	moves := (coins.BW{}).WinningMoves(s)
	data := bwData{Game: "bw", Black: b, White: w, MoverWins: len(moves) > 0, WinningMoves: []bwMoveData{}}
	if len(moves) == 0 {
		return &commands.Reply{Content: txtHintLose.Format(l, pos), Ephemeral: true, Data: data}, nil
	}
	var parts []string
	for _, m := range moves {
		data.WinningMoves = append(data.WinningMoves, moveData(m))
		after := coins.BW{}.Play(s, m)
		parts = append(parts, txtBWMove.Format(l, m.Take, colorName(l, m.Color), formatInt(after.Black), formatInt(after.White)))
	}
	return &commands.Reply{Content: txtHintWin.Format(l, pos, strings.Join(parts, "; ")), Ephemeral: true, Data: data}, nil
}
