// Package yachtgame is the Yacht table companion of the exact Yacht
// strategy: /yacht start keeps a scoresheet in a Discord message whose buttons,
// select menu and modal play the game — virtual or real dice, holds, the
// category with every choice's points and exact expected final score, and
// the expected points each decision cost. The whole game travels in the
// bot's own message (see state.go), so a restarted bot or a second
// replica continues every game; a finished game is recorded in the store
// (Deps.Recorder).
package yachtgame

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"github.com/alea-bot/alea/game/yachtdice"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtboard"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachtgame/players"
	"github.com/alea-bot/alea/commands/yachttables"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/reach"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachtodds"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
)

const colour = 0x2E86C1

// Deps are what /yacht start needs from the process.
type Deps struct {
	// Tables are shared with the other Yacht commands.
	Tables *strategy.Tables
	// Key seals the games' states.
	Key seal.Key
	// Now is the clock that tells how long the current player has been
	// idle (against the message's edit time).
	Now func() time.Time
	// WinProbabilities, when set, gives each player's chance of winning
	// shown on the scoreboard.
	WinProbabilities WinProbabilities
	// Odds, when set, give the 💡 Hint of the end game the move with the
	// best chance of finishing first, next to the max-expectation move.
	Odds *yachtodds.WinOdds
	// Dice roll the virtual dice (zero: derived from Key).
	Dice yachtdice.Dice
	// Recorder records each finished game (nil: memory is off).
	Recorder store.Recorder
	// Stored reads a recorded game back, so that a final board says when
	// the store holds another result of its game (nil: not checked).
	Stored record.Reader
	// Advice is the log of the advice players ask outside the board: a
	// hint writes to it, and a finished game reads it to count its
	// assisted decisions (nil: memory is off).
	Advice store.AdviceLog
	// AdviceGo runs a write to the advice log (default: beside the reply,
	// in a new goroutine; tests run it at once).
	AdviceGo func(func())
	// RecordWait, when set, returns the channel that ends the wait for the
	// Recorder (default: result.DefaultWait); tests fire it by hand.
	RecordWait func() <-chan time.Time
	// IDs is where game identities are drawn from (nil: crypto/rand).
	IDs io.Reader
	// Faces write the dice: Alea's application emojis when registered,
	// glyphs with digits otherwise (the zero value).
	Faces yachtwords.DiceFaces
	// Breakdowns, when set, say why: the hint's best move against the
	// runner-up, and the best move against a costly decision under its
	// cost (nil: no whys; none while a table is being built).
	Breakdowns *yachtcoach.Tables

	// OtherKey, when set, hears of each press on a board sealed under
	// another key than Key (the state secret changed since the game
	// began, or differs between replicas), by interaction id: the wiring
	// warns the operator.
	OtherKey func(interaction string)

	// downs are the boards this process brings down (newCommand makes it).
	downs *downs
}

// beatOpen is the most open categories of a sheet for which the hint
// looks for the move with the best chance of finishing first.
const beatOpen = 4

// WinProbabilities returns each player's probability of winning from the
// start of the current player's turn, everyone playing the max-expectation
// policy: sheets in seat order (as they stand between turns), current the
// seat to play. A nil slice and no error: not known in time, not shown.
// yachtodds.WinOdds.Probabilities is one.
type WinProbabilities func(ctx context.Context, t *strategy.Table, sheets []yacht.Sheet, current int) ([]float64, error)

// Command returns /yacht (subcommand start).
func Command(d Deps) *commands.Command { return newCommand(d) }

func newCommand(d Deps) *commands.Command {
	if !d.Dice.Valid() {
		d.Dice = yachtdice.New(d.Key)
	}
	d.downs = newDowns()
	seedLo, seedHi := commands.Between(0, 1<<yachttable.SeedBits-1)
	idleLo, idleHi := commands.Between(1, yachttable.MaxIdle)
	return &commands.Command{
		Name: commands.T("yacht", "요트", "ヨット"),
		Description: commands.T("Play Yacht with an exact scoresheet: dice, holds, categories, the cost of each choice",
			"정확한 점수표로 요트 하기: 주사위, 남길 주사위, 족보, 선택마다의 손실",
			"厳密なスコア表でヨットを遊ぶ: サイコロ、残すサイコロ、役、各判断の損失"),
		Subcommands: []commands.Subcommand{{
			Name: commands.T("start", "시작", "開始"),
			Description: commands.T("Post a scoresheet for you, or a game for the people here and Alea",
				"나 혼자, 또는 여기 있는 사람들과 Alea가 함께하는 게임을 올립니다",
				"自分用のスコア表、またはここにいる人たちと Alea で遊ぶゲームを始める"),
			Options: []commands.Option{
				yachtwords.RulesOption(),
				{Name: commands.T("players", "플레이어", "プレイヤー"), Type: commands.String, MaxLength: 200,
					Description: commands.T(`Up to 6 seats: @mentions, names or alea, "@Ann, Bob, alea" (default: a table to join; DM: you alone)`,
						`최대 6명: @멘션, 이름 또는 alea. 예: "@민수, 지영, alea" (기본: 참가할 수 있는 테이블, DM에서는 나 혼자)`,
						`最大6人: @メンション、名前、alea。例: "@太郎, 花子, alea"（既定: 参加を募る卓、DMでは自分だけ）`)},
				{Name: commands.T("seed", "시드", "シード"), Type: commands.Integer, Min: seedLo, Max: seedHi,
					Description: commands.T("Seed of the virtual dice, for a game you can replay (default random)",
						"가상 주사위 시드: 같은 게임을 다시 하고 싶을 때 (기본: 무작위)",
						"仮想サイコロのシード。同じゲームを再現するとき（既定はランダム）")},
				{Name: commands.T("coach", "코치", "コーチ"), Type: commands.String, Choices: []commands.Choice{
					{Name: commands.T("on: show the best move and each decision's cost", "켜기: 최선의 수와 선택마다의 손실 표시", "オン: 最善手と各判断の損失を表示"), Value: "on"},
					{Name: commands.T("hints: a private hint button, costs at the end", "힌트: 나만 보는 힌트 버튼, 손실은 마지막에", "ヒント: 自分だけのヒントボタン、損失は最後に"), Value: "hints"},
					{Name: commands.T("off: no advice until the end", "끄기: 끝날 때까지 조언 없음", "オフ: 最後まで助言なし"), Value: "off"},
				}, Description: commands.T("Advice during the game (default: on alone, hints with others)",
					"게임 중 조언 (기본: 혼자면 켜기, 여럿이면 힌트)",
					"ゲーム中の助言（既定: 一人ならオン、複数ならヒント）")},
				{Name: commands.T("idle", "대기", "待ち時間"), Type: commands.Integer, Min: idleLo, Max: idleHi,
					Description: commands.T("Minutes before others may let Alea play an idle player's turn (default 10)",
						"자리를 비운 플레이어의 턴을 다른 사람이 Alea에게 맡길 수 있을 때까지의 시간(분, 기본 10)",
						"席を外したプレイヤーの番を Alea に任せられるまでの分数（既定 10）")},
			},
			Example: `/yacht start`,
		}},
		Examples: []string{
			`/yacht start`,
			`/yacht start rules:yahtzee players:"Ann, Bob, alea"`,
			`/yacht start rules:yacht seed:42`,
		},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return start(ctx, &d, req)
		},
		Routes: append([]commands.Route{
			{Pattern: route.Prefix() + "{action}/{tag}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return press(ctx, &d, req)
			}},
		}, commands.OlderVersions(route.Older(), msgOlder)...),
		Budget: 2 * time.Minute,
		Warm:   yachttables.Warm(d.Tables),
	}
}

// parseSeats reads the players option into seats.
func parseSeats(s string) ([]player, error) {
	parsed, err := players.Parse(s, yachttable.MaxPlayers)
	if err != nil {
		return nil, err
	}
	seats := make([]player, len(parsed))
	for i, p := range parsed {
		switch p.Kind {
		case players.User:
			seats[i] = player{Kind: yachttable.SeatUser, User: p.User}
		case players.Alea:
			seats[i] = player{Kind: yachttable.SeatAlea}
		default:
			seats[i] = player{Kind: yachttable.SeatName, Name: p.Name}
		}
	}
	return seats, nil
}

func start(ctx context.Context, d *Deps, req *commands.Request) (*commands.Reply, error) {
	loc := req.Locale
	key := req.Options.String("rules", yacht.Yacht)
	preset := -1
	for i, k := range yachttable.PresetKeys {
		if k == key {
			preset = i
		}
	}
	if preset < 0 {
		return nil, yachtwords.RejectRules(key)
	}
	seats := []player{{Kind: yachttable.SeatName}}
	if s := strings.TrimSpace(req.Options.String("players", "")); s != "" {
		var err error
		if seats, err = parseSeats(players.Mentions(s, req.KnownUsers)); err != nil {
			return nil, players.Reject(err, yachttable.MaxPlayers)
		}
	}
	seed := randomSeed()
	if req.Options.Has("seed") {
		seed = uint32(req.Options.Int("seed", 0))
	}
	g, err := yachttable.New(preset, seal.OwnerOf(req.UserID), seed, seats)
	if err != nil {
		return nil, err
	}
	d.begin(g, req.Options.Has("seed"))
	g.Idle = int(req.Options.Int("idle", yachttable.DefaultIdle))
	if g.Idle < 1 || g.Idle > yachttable.MaxIdle {
		return nil, commands.Rejectf(msgBadIdle, yachttable.MaxIdle)
	}
	g.Coach = yachttable.CoachAuto
	if c := req.Options.String("coach", ""); c != "" {
		g.Coach = slices.Index(yachttable.CoachNames, c)
		if g.Coach < 0 {
			return nil, commands.Rejectf(msgBadCoach, c)
		}
	}
	lobby := !req.Options.Has("players") && (req.GuildID != "" || req.Place == commands.InPrivateChannel) && g.Owner.Discord
	if req.RepliesPrivate() && (lobby || others(g, req.UserID)) {
		// Discord would show the table to its starter alone.
		return nil, commands.Rejectf(msgPrivateTable)
	}
	// In a server or a group DM, without players: a lobby people join.
	if lobby {
		if err := g.OpenLobby(); err != nil {
			return nil, err
		}
		r := renderLobby(loc, g, "")
		sealReply(d.Key, r, sealGame(d.Key, g, loc, false), true)
		return r, nil
	}
	if g.Coach == yachttable.CoachAuto {
		g.Coach = yachttable.AutoCoach(g)
	}
	t, err := yachttables.Table(ctx, d.Tables, g.Rules)
	if err != nil {
		return nil, err
	}
	return d.opening(ctx, loc, t, g, req)
}

// others reports whether g seats a Discord user other than user.
func others(g *game, user string) bool {
	for _, p := range g.Seats {
		if p.Kind == yachttable.SeatUser && strconv.FormatUint(p.User, 10) != user {
			return true
		}
	}
	return false
}

// randomSeed draws the seed of a game nobody chose.
func randomSeed() uint32 {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return binary.BigEndian.Uint32(b[:])
}

// begin gives a new game its identity, start time and dice: a chosen
// seed's, or dice bound to its identity, which no seed deals.
func (d *Deps) begin(g *game, chosen bool) {
	g.ID = seal.DrawGameID(d.IDs)
	g.Started = yachttable.Minute(d.now())
	g.Chosen, g.Source = chosen, yachtdice.Game
	if chosen {
		g.Source = yachtdice.Chosen
	}
	g.Roller = d.Dice.For(g.Bound())
}

// asker writes the advice players ask to the log, beside the reply.
func (d *Deps) asker() record.Asker {
	return record.Asker{Log: d.Advice, Now: d.Now, Go: d.AdviceGo}
}

// now is the time by d's clock.
func (d *Deps) now() time.Time {
	if d.Now == nil {
		return time.Now()
	}
	return d.Now()
}

// renderLobby draws a lobby: who sits, and Join, Leave, Start and Add (or
// Remove) Alea (named by their letters: sealReply makes the custom_ids).
func renderLobby(loc commands.Locale, g *game, last string) *commands.Reply {
	var seats []string
	for i := range g.Seats {
		seats = append(seats, fmt.Sprintf("%d. %s", i+1, seatLabel(loc, g, i, nil)))
	}
	desc := msgLobbyText.Format(loc, g.Owner.Mention(), yachttable.MaxPlayers) + "\n\n" + strings.Join(seats, "\n")
	if last != "" {
		desc = last + "\n\n" + desc
	}
	e := commands.Embed{Color: colour, Title: msgLobbyTitle.Format(loc, yachtwords.RulesName(loc, g.Rules.Key)), Description: desc,
		Footer: msgFooter.In(loc)}
	start := msgStartButton.In(loc)
	if len(g.Seats) == 1 {
		start = msgPlayAloneButton.In(loc)
	}
	row := commands.ActionRow{
		{Kind: commands.Button, CustomID: string(actJoin), Label: msgJoinButton.In(loc), Emoji: "🪑", Style: commands.Primary, Disabled: len(g.Seats) >= yachttable.MaxPlayers},
		{Kind: commands.Button, CustomID: string(actLeave), Label: msgLeaveButton.In(loc), Style: commands.Secondary},
		{Kind: commands.Button, CustomID: string(actStart), Label: start, Emoji: "▶️", Style: commands.Success},
	}
	if g.HasAlea() {
		row = append(row, commands.Component{Kind: commands.Button, CustomID: string(actAlea), Label: msgRemoveAleaButton.In(loc), Emoji: "🤖", Style: commands.Secondary})
	} else {
		row = append(row, commands.Component{Kind: commands.Button, CustomID: string(actAlea), Label: msgAddAleaButton.In(loc), Emoji: "🤖", Style: commands.Secondary,
			Disabled: len(g.Seats) >= yachttable.MaxPlayers})
	}
	return &commands.Reply{Embeds: []commands.Embed{e}, Components: []commands.ActionRow{row}, Data: gameData(g, ""),
		AllowedMentions: &commands.AllowedMentions{}}
}

func joinLines(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}

// hintReserve is the room a full hint keeps below Discord's limit on a
// description for its heading and its line on playing to win.
const hintReserve = 700

// hintShort is how many options a hint shows before Show all.
const hintShort = 3

// hint answers the player whose turn it is, privately: the expected final
// score of the best hintShort options, with a Show all button for the
// rest, or of every option when all is set.
func hint(loc commands.Locale, faces yachtwords.DiceFaces, t *strategy.Table, g *game, all bool) (*commands.Reply, error) {
	e := commands.Embed{Color: colour, Title: msgHintTitle.In(loc)}
	var more int
	if g.Roll == 0 {
		a, err := t.Advise(g.Current().Sheet, nil, 0)
		if err != nil {
			return nil, fmt.Errorf("advise: %w", err)
		}
		e.Description = msgExpectedNow.Format(loc, a.Expected)
	} else {
		adv, err := advise(t, g)
		if err != nil {
			return nil, err
		}
		var b strings.Builder
		b.WriteString(yachtboard.Rolled(loc, faces, g.Dice) + "\n")
		best := adv.Actions[0].Expected
		for i, a := range adv.Actions {
			if !all && i == hintShort {
				more = len(adv.Actions) - i
				b.WriteString(msgHintMore.Format(loc, more) + "\n")
				break
			}
			line := fmt.Sprintf("%s — %.2f", yachtboard.Move(loc, faces, g.Rules, a), a.Expected)
			if i == 0 {
				line = "⭐ " + line
			} else if loss := best - a.Expected; yachttable.Centi(loss) > 0 {
				line += fmt.Sprintf(" (−%.2f)", loss)
			}
			// Room is kept for the heading (carry) and the line on playing
			// to win (beatHint), each at most a few hundred characters; the
			// budget counts bytes, which are never fewer than characters.
			if b.Len()+len(line) > commands.MaxEmbedDescription-hintReserve {
				break
			}
			b.WriteString(line + "\n")
		}
		e.Description = strings.TrimSpace(b.String())
	}
	if more > 0 {
		e.Title = msgHintBest.In(loc)
	}
	r := &commands.Reply{Embeds: []commands.Embed{e}, Ephemeral: true}
	if more > 0 {
		r.Components = []commands.ActionRow{{{Kind: commands.Button, CustomID: string(actHintAll),
			Label: msgHintAll.In(loc), Style: commands.Secondary}}}
	}
	return r, nil
}

// beatHint is the hint's line on playing to win, in the end game of a
// game with others: the move that maximises the chance of finishing
// ahead of every opponent (their final scores weighed by their exact
// distributions, a tie shared), with that chance, next to the
// max-expectation move's. "" when it does not fit the budget or does not
// apply.
func beatHint(ctx context.Context, d *Deps, loc commands.Locale, t *strategy.Table, g *game) string {
	p := g.Current()
	if d.Odds == nil || g.Roll < 1 || len(g.Seats) < 2 || len(p.Sheet.Scores)-p.Sheet.Filled() > beatOpen {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, d.Odds.Budget())
	defer cancel()
	var others []yacht.Sheet
	for i := range g.Seats {
		if i != g.Cur {
			others = append(others, g.Seats[i].Sheet)
		}
	}
	dists, ok := d.Odds.Distributions(ctx, t, others)
	if !ok {
		return ""
	}
	dice := g.Dice
	ta, err := reach.AdviseToBeat(ctx, t, p.Sheet, &dice, g.Roll, dists)
	if err != nil || ta.Reached || ta.Unreachable || len(ta.Actions) == 0 {
		return ""
	}
	win := ta.Actions[0]
	var maxExp *reach.Action
	for i := range ta.Actions {
		if a := &ta.Actions[i]; maxExp == nil || a.Expected > maxExp.Expected {
			maxExp = a
		}
	}
	if win.Action.SameMove(maxExp.Action) || math.Round(100*win.Reach) <= math.Round(100*maxExp.Reach) {
		return msgBeatSame.Format(loc, 100*maxExp.Reach)
	}
	return msgBeat.Format(loc, yachtboard.Move(loc, d.Faces, g.Rules, win.Action), 100*win.Reach, win.Expected, 100*maxExp.Reach)
}

// advise returns the engine's advice for the current player's dice.
func advise(t *strategy.Table, g *game) (strategy.Advice, error) {
	d := g.Dice
	adv, err := t.Advise(g.Current().Sheet, &d, g.Roll)
	if err != nil {
		return adv, fmt.Errorf("advise: %w", err)
	}
	return adv, nil
}

// diceModal is the form for real dice (named by its action's letter:
// sealReply makes its custom_id). While the game counts toward wins and
// the average, its title says that real dice count toward skill only.
func diceModal(loc commands.Locale, g *game) *commands.Reply {
	heldText, value := msgNone.In(loc), ""
	if held := g.Held(); g.Roll > 0 && held.Size() > 0 {
		value = strings.Trim(fmt.Sprint(held.Faces()), "[]")
		heldText = value
	}
	return &commands.Reply{Modal: &commands.Modal{
		CustomID: string(actEntered),
		Title:    modalTitle(loc, g),
		Inputs: []commands.TextInput{{
			CustomID: "dice", Label: msgModalLabel.Format(loc, heldText), Placeholder: "3 3 5 6 6",
			Value: value, Required: true, MinLength: 5, MaxLength: 40,
		}},
	}}
}

// modalTitle is the dice form's title: what real dice count toward,
// before the first entry of a game that counts toward more.
func modalTitle(loc commands.Locale, g *game) string {
	if !g.Entered && !g.Chosen {
		return msgModalCounts.Format(loc, g.Roll+1)
	}
	return msgModalTitle.Format(loc, g.Roll+1)
}
