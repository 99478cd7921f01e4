package coins

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/recordline"
	"github.com/alea-bot/alea/engine/coins"
	"github.com/alea-bot/alea/game/coinsplay"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

// A game against the bot keeps all its state in the buttons' custom_ids
// (package coinsplay writes and reads it, and plays the bot's moves),
// sealed on the route coins/2/ with the bot's state key (package seal's
// Kit); version 1 (unsealed, no owner) is answered as older. The bot's
// MCTS tree is rebuilt from the current position at each move (k = 50
// simulations under the root), since nothing is kept in memory.

// route is the game's custom_ids (version 2).
var route = seal.Route{Game: "coins", Version: 2}

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

// playState is a game being played (package coinsplay).
type playState = coinsplay.State

var (
	txtPlayTitle = commands.T("Black & white coins vs the %s bot", "흑백 동전 vs %s 봇", "白黒コイン vs %s")
	txtPlayRules = commands.T("Take 1 or 2 coins of one colour; whoever takes the last coin loses.", "한 색에서 1~2개를 가져갑니다. 마지막 동전을 가져간 사람이 집니다.", "一色から1〜2枚取ります。最後のコインを取った人の負けです。")
	txtYouTook   = commands.T("You took %d %s.", "%[2]s %[1]d개를 가져갔습니다.", "あなたは%[2]sを%[1]d枚取りました。")
	txtBotTook   = commands.T("The bot took %d %s.", "봇이 %[2]s %[1]d개를 가져갔습니다.", "ボットは%[2]sを%[1]d枚取りました。")
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
	txtHintLose = commands.T("💡 With %s you are losing against perfect play (black + white ≡ 1 mod 3); make a move and hope for a mistake.", "💡 %s에서는 상대가 최선이면 집니다 (흑 + 백 ≡ 1 mod 3). 일단 가져가고 상대의 실수를 기다리세요.", "💡 %s では相手が最善なら負けです（黒 + 白 ≡ 1 mod 3）。とりあえず取って、相手のミスを待ちましょう。")
	txtOppNames = map[byte]commands.Text{
		'p': commands.T("perfect", "완벽한", "完全なボット"),
		'm': commands.T("tree-search", "트리 탐색", "木探索のボット"),
		'r': commands.T("random", "무작위", "ランダムなボット"),
	}
)

// kit seals the games' states under key.
func kit(key seal.Key) seal.Kit { return seal.Kit{Route: route, Key: key} }

// The actions of a game's buttons.
const (
	actMove   = "move" // take coins (the state names the button)
	actHint   = "hint" // the private hint
	actRecord = "rec"  // record a finished game again
)

// gameResult is the finished game p as the store records it: the player
// and Alea, the winner scoring 1. The state keeps no start, so the game
// starts and ends when it ended; the rules name the bot's kind
// ("bw-perfect", "bw-mcts", "bw-random"), since a win means something
// else against each.
func gameResult(key seal.Key, rec record.Bounded, p playState, req *commands.Request) store.Game {
	now := rec.Time().UTC()
	you, alea := store.Seat{Winner: p.Won}, store.Seat{Alea: true, Winner: !p.Won}
	if p.Won {
		you.Score = 1
	} else {
		alea.Score = 1
	}
	if p.Owner.Discord {
		you.User = strconv.FormatUint(p.Owner.ID, 10)
	}
	// The puzzle is the position the game began from against this bot
	// (unknown, and so too small to count, for a game begun before it
	// was kept).
	g := store.Game{ID: p.GameID(key).String(), Kind: store.KindCoins, Guild: req.GuildID, Channel: req.ChannelID,
		Rules: "bw-" + coinsplay.Opponent(p.Opp), Seed: p.Seed, Started: now, Ended: now, Seats: []store.Seat{you, alea},
		Size: int(p.Start.Black + p.Start.White)}
	if g.Size > 0 {
		g.Puzzle = fmt.Sprintf("%d-%d/%s", p.Start.Black, p.Start.White, coinsplay.Opponent(p.Opp))
	}
	return g
}

func handlePlay(ctx context.Context, key seal.Key, rec record.Bounded, req *commands.Request) (*commands.Reply, error) {
	b, w := req.Options.Int("black", 0), req.Options.Int("white", 0)
	if b+w == 0 {
		return nil, commands.Rejectf(txtNoCoin)
	}
	opp := map[string]byte{"perfect": 'p', "mcts": 'm', "random": 'r'}[req.Options.String("opponent", "perfect")]
	if opp == 0 {
		return nil, commands.Reject("`opponent` must be perfect, mcts or random.", "`opponent`는 perfect, mcts, random 중 하나입니다.", "`opponent` は perfect、mcts、random のいずれかです。")
	}
	p := playState{Pos: coins.BWState{Black: b, White: w}, Opp: opp, Seed: randomSeed(), Owner: seal.OwnerOf(req.UserID), ID: seal.NewGameID(),
		Start: coins.BWState{Black: b, White: w}}
	events, err := p.Begin(ctx, req.Options.String("first", "me") == "bot")
	if err != nil {
		return nil, err
	}
	return played(ctx, key, rec, p, events, req)
}

// press answers a game's button, in one pipeline: open the custom_id
// (refused when forged) → authorise the presser (the player; anyone may
// ask for a hint) → read the move → apply it (the bot answers) → record
// the result when the game ended (or Record is pressed) → render → seal.
func press(ctx context.Context, key seal.Key, rec record.Bounded, req *commands.Request) (*commands.Reply, error) {
	opened, err := kit(key).OpenID(req.CustomID)
	if err != nil {
		return nil, commands.Rejectf(txtBadState)
	}
	var p playState
	var m coinsplay.Move
	ok := false
	switch opened.Action {
	case actHint:
		return hint(req, opened.State)
	case actMove:
		p, m.Button, ok = coinsplay.Parse(opened.State)
		m.Kind = coinsplay.MoveTake
	case actRecord:
		p, ok = coinsplay.ParseFinal(opened.State)
		m.Kind = coinsplay.MoveRecord
	}
	if !ok {
		return nil, commands.Rejectf(txtBadState)
	}
	if err := p.Authorise(req.UserID); err != nil {
		who, _ := p.Owner.Stranger(req.UserID, txtSomeone.In(req.Locale))
		return nil, commands.Rejectf(txtNotYours, who)
	}
	events, err := p.Apply(ctx, m)
	switch {
	case errors.Is(err, coinsplay.ErrIllegal):
		return nil, commands.Rejectf(txtIllegal)
	case errors.Is(err, coinsplay.ErrNotOver):
		return nil, commands.Rejectf(txtBadState)
	case err != nil:
		return nil, err
	}
	r, err := played(ctx, key, rec, p, events, req)
	if err != nil {
		return nil, err
	}
	r.Update = true
	return r, nil
}

// played records the game when events end it (or ask for it again),
// then draws it and seals its buttons.
func played(ctx context.Context, key seal.Key, rec record.Bounded, p playState, events []coinsplay.Event, req *commands.Request) (*commands.Reply, error) {
	outcome := record.Off
	if coinsplay.Ended(events) {
		outcome = rec.Record(ctx, gameResult(key, rec, p, req))
	}
	r := playReply(req.Locale, p, p.GameID(key), events, outcome)
	sealReply(key, r)
	return r, nil
}

// sealReply seals a reply playReply drew: each button it named by its
// action and state ("<action>/<state>") gets the sealed custom_id of
// that action on that state.
func sealReply(key seal.Key, r *commands.Reply) {
	for _, row := range r.Components {
		for i := range row {
			action, state, _ := strings.Cut(row[i].CustomID, "/")
			row[i].CustomID = kit(key).ID(action, state)
		}
	}
}

// coinRow draws n coins as emoji (at most 30, then the count).
func coinRow(emoji string, n int64) string {
	if n == 0 {
		return "—"
	}
	return strings.Repeat(emoji, int(min(n, 30))) + fmt.Sprintf("  (%d)", n)
}

// playReply shows the position after events happened; when the game is
// over (no coin left) the winner is whoever did not take the last coin,
// and rec is how recording it went (with a Record button, under the
// game's identity id, when it failed). It touches no store and no key:
// each button is named by its action and state, and sealReply makes the
// custom_ids.
func playReply(l commands.Locale, p playState, id seal.GameID, events []coinsplay.Event, rec record.Outcome) *commands.Reply {
	data := &playData{Game: "bw", Opponent: coinsplay.Opponent(p.Opp), Black: p.Pos.Black, White: p.Pos.White}
	var lines []string
	for _, e := range events {
		if e.Kind != coinsplay.EventTook {
			continue
		}
		md := moveData(e.Move)
		if e.ByBot {
			data.BotMove = &md
			lines = append(lines, txtBotTook.Format(l, e.Move.Take, colorName(l, e.Move.Color)))
		} else {
			data.YourMove = &md
			lines = append(lines, txtYouTook.Format(l, e.Move.Take, colorName(l, e.Move.Color)))
		}
	}
	over := p.Over()
	data.Over = over
	if over {
		data.Winner = "bot"
		if p.Won {
			data.Winner = "you"
		}
	}
	desc := txtPlayRules.In(l) + "\n\n⚫ " + coinRow("⚫", p.Pos.Black) + "\n⚪ " + coinRow("⚪", p.Pos.White) + "\n"
	if len(lines) > 0 {
		desc += "\n" + strings.Join(lines, "\n")
	}
	switch {
	case over && p.Won:
		desc += "\n" + txtYouWon.In(l)
	case over:
		desc += "\n" + txtYouLost.In(l)
	default:
		desc += "\n" + txtYourTurn.In(l)
	}
	if over {
		desc += "\n\n" + recordline.Line(rec).In(l)
	}
	r := &commands.Reply{
		Embeds: []commands.Embed{{Title: txtPlayTitle.Format(l, txtOppNames[p.Opp].In(l)), Description: desc, Color: colour}},
		Data:   data,
	}
	if over {
		if rec == record.NotRecorded {
			r.Components = []commands.ActionRow{{{Kind: commands.Button, CustomID: actRecord + "/" + p.Final(id),
				Label: recordline.Button.In(l), Emoji: "📒", Style: commands.Primary}}}
		}
		return r
	}
	var row commands.ActionRow
	for i := range 4 {
		m := coinsplay.MoveAt(i)
		emoji := "⚫"
		if m.Color == coins.White {
			emoji = "⚪"
		}
		row = append(row, commands.Component{
			Kind: commands.Button, CustomID: actMove + "/" + p.Canonical(i), Emoji: emoji, Label: txtTake.Format(l, m.Take),
			Style: commands.Secondary, Disabled: !(coins.BW{}).Legal(p.Pos, m),
		})
	}
	row = append(row, commands.Component{
		Kind: commands.Button, CustomID: fmt.Sprintf("%s/%d.%d", actHint, p.Pos.Black, p.Pos.White), Emoji: "💡", Label: txtHint.In(l), Style: commands.Primary,
	})
	r.Components = []commands.ActionRow{row}
	return r
}

// hint answers the hint button of the position st ("<black>.<white>"),
// privately, for anyone.
func hint(req *commands.Request, st string) (*commands.Reply, error) {
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
