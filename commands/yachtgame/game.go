// Package yachtgame is the Yacht table companion of the exact Yacht
// strategy: /yacht start keeps a scoresheet in a Discord message whose buttons,
// select menu and modal play the game — virtual or real dice, holds, the
// category with every choice's points and exact expected final score, and
// the expected points each decision cost. The whole game travels in the
// components' custom_ids (see state.go), so a restarted bot or a second
// replica continues every game.
package yachtgame

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/seal"
	yachtcmd "github.com/alea-bot/alea/commands/yacht"
	"github.com/alea-bot/alea/commands/yachtgame/players"
	"github.com/alea-bot/alea/commands/yachtodds"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
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

// Defaults of the game options.
const defaultIdle = 10 // minutes

// Command returns /yacht (subcommand start).
func Command(d Deps) *commands.Command { return newCommand(d) }

func newCommand(d Deps) *commands.Command {
	seedLo, seedHi := commands.Between(0, 1<<seedBits-1)
	idleLo, idleHi := commands.Between(1, maxIdle)
	return &commands.Command{
		Name: commands.T("yacht", "요트", "ヨット"),
		Description: commands.T("Play Yacht with an exact scoresheet: dice, holds, categories, the cost of each choice",
			"정확한 점수표로 요트 플레이: 주사위, 킵, 족보, 선택마다의 손실",
			"厳密なスコア表でヨット: サイコロ、キープ、役、各判断の損失"),
		Subcommands: []commands.Subcommand{{
			Name: commands.T("start", "시작", "開始"),
			Description: commands.T("Post a scoresheet for you, or a game for the people here and Alea",
				"나 혼자, 또는 여기 있는 사람들과 Alea가 함께하는 게임을 올립니다",
				"自分用、またはここにいる人たちと Alea で遊ぶゲームを出す"),
			Options: []commands.Option{
				yachtcmd.RulesOption(),
				{Name: commands.T("players", "플레이어", "プレイヤー"), Type: commands.String, MaxLength: 200,
					Description: commands.T(`Up to 6 seats: @mentions, names, or alea, "@Ann, Bob, alea" (default: just you)`,
						`최대 6자리: @멘션, 이름, 또는 alea. 예: "@민수, 지영, alea" (기본: 나)`,
						`最大6席: @メンション、名前、alea。例: "@太郎, 花子, alea"（既定: 自分のみ）`)},
				{Name: commands.T("seed", "시드", "シード"), Type: commands.Integer, Min: seedLo, Max: seedHi,
					Description: commands.T("Seed of the virtual dice, for a game you can replay (default random)",
						"가상 주사위의 시드, 같은 게임을 다시 하려면 (기본 무작위)",
						"仮想サイコロのシード。同じゲームを再現するとき（既定はランダム）")},
				{Name: commands.T("coach", "코치", "コーチ"), Type: commands.String, Choices: []commands.Choice{
					{Name: commands.T("on: show the best move and each decision's cost", "켜기: 최선의 수와 결정마다의 손실 표시", "オン: 最善手と各判断の損失を表示"), Value: "on"},
					{Name: commands.T("hints: a private hint button, costs at the end", "힌트: 나만 보는 힌트 버튼, 손실은 마지막에", "ヒント: 自分だけのヒントボタン、損失は最後に"), Value: "hints"},
					{Name: commands.T("off: no advice until the end", "끄기: 끝날 때까지 조언 없음", "オフ: 最後まで助言なし"), Value: "off"},
				}, Description: commands.T("Advice during the game (default: on alone, hints with others)",
					"게임 중 조언 (기본: 혼자면 켜기, 여럿이면 힌트)",
					"ゲーム中の助言（既定: 一人ならオン、複数ならヒント）")},
				{Name: commands.T("idle", "대기", "待ち時間"), Type: commands.Integer, Min: idleLo, Max: idleHi,
					Description: commands.T("Minutes before others may let Alea play an idle player's turn (default 10)",
						"다른 사람이 자리를 비운 플레이어 대신 Alea에게 맡길 수 있기까지의 분 (기본 10)",
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
		Routes: []commands.Route{
			{Pattern: "yacht/" + routeVersion + "/{action}/{tag}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return press(ctx, &d, req)
			}},
			{Pattern: "yacht/1/{rest...}", Handle: func(context.Context, *commands.Request) (*commands.Reply, error) {
				return nil, commands.Rejectf(msgOlder)
			}},
		},
		Budget: 2 * time.Minute,
		Warm:   yachtcmd.Warm(d.Tables),
	}
}

// parseSeats reads the players option into seats.
func parseSeats(s string) ([]player, error) {
	parsed, err := players.Parse(s, maxPlayers)
	if err != nil {
		return nil, err
	}
	seats := make([]player, len(parsed))
	for i, p := range parsed {
		switch p.Kind {
		case players.User:
			seats[i] = player{kind: seatUser, user: p.User}
		case players.Alea:
			seats[i] = player{kind: seatAlea}
		default:
			seats[i] = player{kind: seatName, name: p.Name}
		}
	}
	return seats, nil
}

func start(ctx context.Context, d *Deps, req *commands.Request) (*commands.Reply, error) {
	loc := req.Locale
	key := req.Options.String("rules", yacht.Yacht)
	preset := -1
	for i, k := range presetKeys {
		if k == key {
			preset = i
		}
	}
	if preset < 0 {
		return nil, yachtcmd.RejectRules(key)
	}
	seats := []player{{kind: seatName}}
	if s := strings.TrimSpace(req.Options.String("players", "")); s != "" {
		var err error
		if seats, err = parseSeats(players.Mentions(s, req.KnownUsers)); err != nil {
			return nil, players.Reject(err, maxPlayers)
		}
	}
	var seed uint32
	if req.Options.Has("seed") {
		seed = uint32(req.Options.Int("seed", 0))
	} else {
		var b [4]byte
		_, _ = rand.Read(b[:])
		seed = binary.BigEndian.Uint32(b[:])
	}
	g, err := newGame(preset, ownerOf(req.UserID), seed, seats)
	if err != nil {
		return nil, err
	}
	g.idle = int(req.Options.Int("idle", defaultIdle))
	if g.idle < 1 || g.idle > maxIdle {
		return nil, commands.Rejectf(msgBadIdle, maxIdle)
	}
	g.coach = coachAuto
	if c := req.Options.String("coach", ""); c != "" {
		g.coach = slices.Index(coachNames, c)
		if g.coach < 0 {
			return nil, commands.Rejectf(msgBadCoach, c)
		}
	}
	// In a server, without players: a lobby people join.
	if !req.Options.Has("players") && req.GuildID != "" && g.owner.numeric {
		g.lobby = true
		g.players[0] = player{kind: seatUser, user: g.owner.id, sheet: g.players[0].sheet, loss: g.players[0].loss}
		r := renderLobby(d.Key, loc, g, "")
		return r, nil
	}
	if g.coach == coachAuto {
		g.coach = autoCoach(g)
	}
	t, err := yachtcmd.Table(ctx, d.Tables, g.rules)
	if err != nil {
		return nil, err
	}
	last, err := aleaTurns(loc, t, g)
	if err != nil {
		return nil, err
	}
	r, err := render(ctx, d, loc, t, g, nil, req, last)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// presser reports whether userID presses for seat i: a Discord user for
// their own seat, the starter for the named seats; nobody for Alea's.
func (g *game) presser(i int, userID string) bool {
	p := &g.players[i]
	switch p.kind {
	case seatUser:
		return strconv.FormatUint(p.user, 10) == userID
	case seatName:
		return ownerOf(userID) == g.owner
	}
	return false
}

// seated reports whether userID presses for any seat.
func (g *game) seated(userID string) bool {
	for i := range g.players {
		if g.presser(i, userID) {
			return true
		}
	}
	return false
}

// press answers every button, the category menu and the dice modal: the
// custom_id must be one the bot put on the message as it is now.
func press(ctx context.Context, d *Deps, req *commands.Request) (*commands.Reply, error) {
	loc := req.Locale
	action := req.Params["action"]
	c, ok := readCarrier(req.Message)
	if !ok || len(action) != 1 {
		return nil, commands.Rejectf(msgNoMessage)
	}
	if req.CustomID != customID(d.Key, action[0], c) {
		return nil, commands.Rejectf(msgStale)
	}
	g, err := openGame(d.Key, c.state)
	if err != nil {
		return nil, commands.Rejectf(msgBadState)
	}
	var prev *game
	if c.prev != "" {
		if prev, err = openGame(d.Key, c.prev); err != nil {
			return nil, commands.Rejectf(msgBadState)
		}
	}
	if g.over() {
		return nil, commands.Rejectf(msgBadState)
	}
	if g.lobby {
		return lobbyPress(ctx, d, loc, g, action[0], req)
	}
	t, err := yachtcmd.Table(ctx, d.Tables, g.rules)
	if err != nil {
		return nil, err
	}
	step, was := g.step, g.cur
	last := ""
	switch a := action[0]; {
	case a == 'h':
		if !g.presser(g.cur, req.UserID) {
			return nil, notYourTurn(loc, g, req)
		}
		r, err := hint(loc, t, g)
		if err != nil {
			return nil, err
		}
		if line := beatHint(ctx, d, loc, t, g); line != "" {
			r.Embeds[0].Description += "\n\n" + line
		}
		return r, nil
	case a == 'u':
		if prev == nil || !prev.presser(prev.cur, req.UserID) {
			return nil, commands.Rejectf(msgNoUndo)
		}
		g, prev = prev, nil
		last = msgUndone.Format(loc, seatLabel(loc, g, g.cur, req))
	case a == 'p':
		if !g.seated(req.UserID) {
			return nil, notYourTurn(loc, g, req)
		}
		idle := d.Now().Sub(req.Message.EditedAt)
		if wait := time.Duration(g.idle)*time.Minute - idle; wait > 0 {
			return nil, commands.Rejectf(msgTooEarly, seatMention(loc, g, g.cur), int(math.Ceil(wait.Minutes())))
		}
		who := seatLabel(loc, g, g.cur, req)
		g.current().auto = min(g.current().auto+1, maxAuto)
		line, err := optimalTurn(loc, t, g)
		if err != nil {
			return nil, err
		}
		last = msgPlayedFor.Format(loc, who, line)
		prev = nil
		more, err := aleaTurns(loc, t, g)
		if err != nil {
			return nil, err
		}
		last = joinLines(last, more)
	default:
		if !g.presser(g.cur, req.UserID) {
			return nil, notYourTurn(loc, g, req)
		}
		if a == 'e' {
			if g.roll > 2 {
				return nil, commands.Rejectf(msgNotNow, g.roll)
			}
			return diceModal(d.Key, loc, g, c), nil
		}
		before := *g
		before.players = clonePlayers(g.players)
		if last, err = turnAction(loc, t, g, a, req); err != nil {
			return nil, err
		}
		prev = nil
		if g.cur != before.cur || g.over() {
			// The turn passed: the scorer may undo it until the next
			// player acts (Alea's turns are that player acting).
			if g.players[before.cur].kind != seatAlea {
				prev = &before
			}
			more, err := aleaTurns(loc, t, g)
			if err != nil {
				return nil, err
			}
			if more != "" {
				prev = nil
			}
			last = joinLines(last, more)
		}
	}
	g.step = (step + 1) & 0xFFFF
	if prev != nil {
		prev.step = g.step
	}
	r, err := render(ctx, d, loc, t, g, prev, req, last)
	if err != nil {
		return nil, err
	}
	r.Update = true
	turnPing(loc, g, r, req, was)
	return r, nil
}

// autoCoach is the default coach: on for one person, hints for more.
func autoCoach(g *game) int {
	if g.humans() > 1 {
		return coachHints
	}
	return coachOn
}

// lobbyPress answers Join, Leave and Start.
func lobbyPress(ctx context.Context, d *Deps, loc commands.Locale, g *game, a byte, req *commands.Request) (*commands.Reply, error) {
	id, err := strconv.ParseUint(req.UserID, 10, 64)
	at := -1
	for i, p := range g.players {
		if err == nil && p.user == id {
			at = i
		}
	}
	last := ""
	switch a {
	case 'j':
		if err != nil {
			return nil, commands.Rejectf(msgNotSeated)
		}
		if at >= 0 {
			// Joining twice changes nothing (two racing presses, or the
			// starter pressing Join).
			r := renderLobby(d.Key, loc, g, "")
			r.Update = true
			return r, nil
		}
		if len(g.players) >= maxPlayers {
			return nil, commands.Rejectf(msgLobbyFull, maxPlayers)
		}
		g.players = append(g.players, player{kind: seatUser, user: id, sheet: yacht.NewSheet(g.rules), loss: make([]int, len(g.rules.Categories))})
		last = msgJoined.Format(loc, "<@"+req.UserID+">")
	case 'l':
		if at < 0 {
			return nil, commands.Rejectf(msgNotSeated)
		}
		if at == 0 {
			return nil, commands.Rejectf(msgStarterStays)
		}
		g.players = append(g.players[:at], g.players[at+1:]...)
		last = msgLeft.Format(loc, "<@"+req.UserID+">")
	case 'g':
		if ownerOf(req.UserID) != g.owner {
			return nil, commands.Rejectf(msgOnlyStarter, g.owner.mention())
		}
		g.lobby = false
		if g.coach == coachAuto {
			g.coach = autoCoach(g)
		}
		g.step = (g.step + 1) & 0xFFFF
		t, err := yachtcmd.Table(ctx, d.Tables, g.rules)
		if err != nil {
			return nil, err
		}
		r, err := render(ctx, d, loc, t, g, nil, req, "")
		if err != nil {
			return nil, err
		}
		r.Update = true
		turnPing(loc, g, r, req, -1)
		return r, nil
	default:
		return nil, commands.Rejectf(msgNotNow, 0)
	}
	g.step = (g.step + 1) & 0xFFFF
	r := renderLobby(d.Key, loc, g, last)
	r.Update = true
	return r, nil
}

// renderLobby draws a lobby: who sits, and Join, Leave and Start.
func renderLobby(key seal.Key, loc commands.Locale, g *game, last string) *commands.Reply {
	c := sealGame(key, g, nil)
	var seats []string
	for i := range g.players {
		seats = append(seats, fmt.Sprintf("%d. %s", i+1, seatLabel(loc, g, i, nil)))
	}
	desc := msgLobbyText.Format(loc, g.owner.mention(), maxPlayers) + "\n\n" + strings.Join(seats, "\n")
	if last != "" {
		desc = last + "\n\n" + desc
	}
	e := commands.Embed{Color: colour, Title: msgLobbyTitle.Format(loc, yachtcmd.RulesName(loc, g.rules.Key)), Description: desc,
		URL: stateURL + c.String(), Footer: msgFooter.In(loc)}
	start := msgStartButton.In(loc)
	if len(g.players) == 1 {
		start = msgPlayAloneButton.In(loc)
	}
	row := commands.ActionRow{
		{Kind: commands.Button, CustomID: customID(key, 'j', c), Label: msgJoinButton.In(loc), Emoji: "🪑", Style: commands.Primary, Disabled: len(g.players) >= maxPlayers},
		{Kind: commands.Button, CustomID: customID(key, 'l', c), Label: msgLeaveButton.In(loc), Style: commands.Secondary},
		{Kind: commands.Button, CustomID: customID(key, 'g', c), Label: start, Emoji: "▶️", Style: commands.Success},
	}
	return &commands.Reply{Embeds: []commands.Embed{e}, Components: []commands.ActionRow{row}, Data: gameData(g, c.String()),
		AllowedMentions: &commands.AllowedMentions{}}
}

func clonePlayers(ps []player) []player {
	out := append([]player(nil), ps...)
	for i := range out {
		out[i].loss = append([]int(nil), ps[i].loss...)
		out[i].sheet.Scores = append([]int(nil), ps[i].sheet.Scores...)
	}
	return out
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

// notYourTurn refuses a press by someone whose turn it is not.
func notYourTurn(loc commands.Locale, g *game, req *commands.Request) error {
	return commands.Rejectf(msgNotYourTurn, seatMention(loc, g, g.cur))
}

// turnAction applies a turn's button, menu choice or modal to g and
// returns the line that says what happened.
func turnAction(loc commands.Locale, t *strategy.Table, g *game, a byte, req *commands.Request) (string, error) {
	who := seatLabel(loc, g, g.cur, req)
	switch {
	case a >= '0' && a <= '4':
		if g.roll != 1 && g.roll != 2 {
			return "", commands.Rejectf(msgNotNow, g.roll)
		}
		g.hold ^= 1 << (a - '0')
		return "", nil
	case a == 'b':
		if g.roll != 1 && g.roll != 2 || g.coach != coachOn {
			return "", commands.Rejectf(msgNotNow, g.roll)
		}
		adv, err := advise(t, g)
		if err != nil {
			return "", err
		}
		if best := adv.Actions[0]; best.Kind == strategy.Keep {
			g.hold = holdMask(g.dice, best.Keep)
		}
		return "", nil
	case a == 'r':
		if g.roll > 2 {
			return "", commands.Rejectf(msgNotNow, g.roll)
		}
		return rollVirtual(loc, who, t, g)
	case a == 'm':
		if g.roll > 2 {
			return "", commands.Rejectf(msgNotNow, g.roll)
		}
		d, err := yacht.ParseDice(req.Fields["dice"])
		if err != nil {
			return "", yachtcmd.RejectDice(err)
		}
		if g.roll > 0 {
			held, have := g.held(), d.Counts()
			for f := range held {
				if held[f] > have[f] {
					return "", commands.Rejectf(msgHeldMissing, glyphs(have.Faces()), glyphs(held.Faces()))
				}
			}
		}
		return rollTo(loc, who, t, g, d)
	case a == 's':
		if g.roll < 1 || len(req.Values) != 1 {
			return "", commands.Rejectf(msgNotNow, g.roll)
		}
		return score(loc, who, t, g, req.Values[0])
	}
	return "", commands.Rejectf(msgBadState)
}

// rollVirtual rolls the dice not held with the game's seeded dice.
func rollVirtual(loc commands.Locale, who string, t *strategy.Table, g *game) (string, error) {
	faces := virtualFaces(g)
	var d yacht.Dice
	k := 0
	for i, f := range g.dice {
		if g.roll > 0 && g.hold&(1<<uint(i)) != 0 {
			d[k] = f
			k++
		}
	}
	copy(d[k:], faces[:yacht.NumDice-k])
	return rollTo(loc, who, t, g, d)
}

// optimalTurn plays the rest of the current player's turn with the
// optimal policy and the game's seeded dice, and says how it went.
func optimalTurn(loc commands.Locale, t *strategy.Table, g *game) (string, error) {
	cur := g.cur
	var steps []string
	for g.cur == cur && !g.over() {
		if g.roll == 0 {
			if _, err := rollVirtual(loc, "", t, g); err != nil {
				return "", err
			}
			steps = append(steps, glyphs(g.dice[:]))
			continue
		}
		adv, err := advise(t, g)
		if err != nil {
			return "", err
		}
		best := adv.Actions[0]
		if best.Kind == strategy.Keep && g.roll < 3 {
			g.hold = holdMask(g.dice, best.Keep)
			if _, err := rollVirtual(loc, "", t, g); err != nil {
				return "", err
			}
			steps = append(steps, glyphs(best.Keep.Faces())+"+ → "+glyphs(g.dice[:]))
			continue
		}
		if _, err := score(loc, "", t, g, fmt.Sprintf("c%d", best.Scoring.Category)); err != nil {
			return "", err
		}
		steps = append(steps, describe(loc, g.rules, best))
	}
	return strings.Join(steps, " · "), nil
}

// aleaTurns plays every turn of Alea's seats from the current one on,
// until a person's turn or the end.
func aleaTurns(loc commands.Locale, t *strategy.Table, g *game) (string, error) {
	var lines []string
	for !g.over() && g.current().kind == seatAlea {
		line, err := optimalTurn(loc, t, g)
		if err != nil {
			return "", err
		}
		lines = append(lines, msgAleaTurn.Format(loc, line))
	}
	return strings.Join(lines, "\n"), nil
}

// hint answers the player whose turn it is, privately: every option's
// expected final score.
func hint(loc commands.Locale, t *strategy.Table, g *game) (*commands.Reply, error) {
	e := commands.Embed{Color: colour, Title: msgHintTitle.In(loc)}
	if g.roll == 0 {
		a, err := t.Advise(g.current().sheet, nil, 0)
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
		b.WriteString(msgDice.Format(loc, glyphs(g.dice[:])) + "\n")
		best := adv.Actions[0].Expected
		for i, a := range adv.Actions {
			line := fmt.Sprintf("%s — %.2f", describe(loc, g.rules, a), a.Expected)
			if i == 0 {
				line = "⭐ " + line
			} else if loss := best - a.Expected; centi(loss) > 0 {
				line += fmt.Sprintf(" (−%.2f)", loss)
			}
			if b.Len()+len(line) > commands.MaxEmbedDescription-200 {
				break
			}
			b.WriteString(line + "\n")
		}
		e.Description = strings.TrimSpace(b.String())
	}
	return &commands.Reply{Embeds: []commands.Embed{e}, Ephemeral: true}, nil
}

// beatHint is the hint's line on playing to win, in the end game of a
// game with others: the move that maximises the chance of finishing
// ahead of every opponent (their final scores weighed by their exact
// distributions, a tie shared), with that chance, next to the
// max-expectation move's. "" when it does not fit the budget or does not
// apply.
func beatHint(ctx context.Context, d *Deps, loc commands.Locale, t *strategy.Table, g *game) string {
	p := g.current()
	if d.Odds == nil || g.roll < 1 || len(g.players) < 2 || len(p.sheet.Scores)-p.sheet.Filled() > beatOpen {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, d.Odds.Budget())
	defer cancel()
	var others []yacht.Sheet
	for i := range g.players {
		if i != g.cur {
			others = append(others, g.players[i].sheet)
		}
	}
	dists, ok := d.Odds.Distributions(ctx, t, others)
	if !ok {
		return ""
	}
	dice := g.dice
	ta, err := finalscore.AdviseToBeat(ctx, t, p.sheet, &dice, g.roll, dists)
	if err != nil || ta.Reached || ta.Unreachable || len(ta.Actions) == 0 {
		return ""
	}
	win := ta.Actions[0]
	var maxExp *finalscore.TargetAction
	for i := range ta.Actions {
		if a := &ta.Actions[i]; maxExp == nil || a.Expected > maxExp.Expected {
			maxExp = a
		}
	}
	if win.Action.SameMove(maxExp.Action) || math.Round(100*win.Reach) <= math.Round(100*maxExp.Reach) {
		return msgBeatSame.Format(loc, 100*maxExp.Reach)
	}
	return msgBeat.Format(loc, describe(loc, g.rules, win.Action), 100*win.Reach, win.Expected, 100*maxExp.Reach)
}

// advise returns the engine's advice for the current player's dice.
func advise(t *strategy.Table, g *game) (strategy.Advice, error) {
	d := g.dice
	adv, err := t.Advise(g.current().sheet, &d, g.roll)
	if err != nil {
		return adv, fmt.Errorf("advise: %w", err)
	}
	return adv, nil
}

// centi rounds an expected-point loss to hundredths.
func centi(x float64) int { return int(math.Round(100 * max(x, 0))) }

// rollTo records the keep decision (after roll 1 or 2) and moves to dice d.
func rollTo(loc commands.Locale, who string, t *strategy.Table, g *game, d yacht.Dice) (string, error) {
	last := ""
	if g.roll > 0 {
		adv, err := advise(t, g)
		if err != nil {
			return "", err
		}
		keep := g.held()
		for _, a := range adv.Actions {
			if a.Kind == strategy.Keep && a.Keep == keep {
				loss := adv.Actions[0].Expected - a.Expected
				g.turnLoss = min(g.turnLoss+centi(loss), maxTurnLoss)
				last = decision(loc, who, g, a, adv.Actions[0], loss)
			}
		}
	}
	copy(g.dice[:], d.Counts().Faces())
	g.roll++
	g.hold = 0
	rolled := msgRolled.Format(loc, glyphs(g.dice[:]))
	if last != "" {
		return last + "\n" + rolled, nil
	}
	return rolled, nil
}

// score records the category chosen from the menu ("c<index>") and passes
// the turn.
func score(loc commands.Locale, who string, t *strategy.Table, g *game, value string) (string, error) {
	adv, err := advise(t, g)
	if err != nil {
		return "", err
	}
	for _, a := range adv.Actions {
		if a.Kind != strategy.Score || value != fmt.Sprintf("c%d", a.Scoring.Category) {
			continue
		}
		loss := adv.Actions[0].Expected - a.Expected
		p := g.current()
		turn := min(g.turnLoss+centi(loss), maxTotalLoss)
		p.loss[a.Scoring.Category] = turn
		p.lost = min(p.lost+turn, maxTotalLoss)
		p.sheet = p.sheet.Fill(a.Scoring)
		last := decision(loc, who, g, a, adv.Actions[0], loss)
		g.roll, g.hold, g.turnLoss = 0, 0, 0
		g.cur = (g.cur + 1) % len(g.players)
		return last, nil
	}
	return "", commands.Rejectf(msgBadCategory)
}

// virtualFaces are the five dice of the next virtual roll: SHA-256 of the
// game's seed, the player, the turn and the roll, read as faces by
// rejection of bytes ≥ 252. The dice not held take the first of them, so a
// replayed button gives the same dice and a different hold cannot fish for
// others.
func virtualFaces(g *game) [yacht.NumDice]int {
	var out [yacht.NumDice]int
	n := 0
	for ctr := byte(0); n < yacht.NumDice; ctr++ {
		h := sha256.New()
		fmt.Fprintf(h, "alea-yacht-dice/%d/%d/%d/%d/%d", g.seed, g.cur, g.current().sheet.Filled(), g.roll+1, ctr)
		for _, b := range h.Sum(nil) {
			if b < 252 && n < yacht.NumDice {
				out[n] = int(b%6) + 1
				n++
			}
		}
	}
	return out
}

// holdMask marks dice (ascending) that make up keep, the first ones of each
// face.
func holdMask(d yacht.Dice, keep yacht.Counts) uint8 {
	var m uint8
	for i, f := range d {
		if keep[f-1] > 0 {
			keep[f-1]--
			m |= 1 << uint(i)
		}
	}
	return m
}

func diceModal(key seal.Key, loc commands.Locale, g *game, c carrier) *commands.Reply {
	heldText, value := msgNone.In(loc), ""
	if held := g.held(); g.roll > 0 && held.Size() > 0 {
		value = strings.Trim(fmt.Sprint(held.Faces()), "[]")
		heldText = value
	}
	return &commands.Reply{Modal: &commands.Modal{
		CustomID: customID(key, 'm', c),
		Title:    msgModalTitle.Format(loc, g.roll+1),
		Inputs: []commands.TextInput{{
			CustomID: "dice", Label: msgModalLabel.Format(loc, heldText), Placeholder: "3 3 5 6 6",
			Value: value, Required: true, MinLength: 5, MaxLength: 40,
		}},
	}}
}

// glyphs writes faces as die glyphs with their digits.
func glyphs(faces []int) string { return yachtcmd.DiceText(faces) }

// describe writes an action for a person.
func describe(loc commands.Locale, r *yacht.Rules, a strategy.Action) string {
	if a.Kind == strategy.Keep {
		switch n := a.Keep.Size(); n {
		case 0:
			return msgRerollAll.In(loc)
		case yacht.NumDice:
			return msgKeepAll.In(loc)
		default:
			if yacht.NumDice-n == 1 {
				return msgKeepOne.Format(loc, glyphs(a.Keep.Faces()))
			}
			return msgKeep.Format(loc, glyphs(a.Keep.Faces()), yacht.NumDice-n)
		}
	}
	return msgScore.Format(loc, r.Categories[a.Scoring.Category].Name(string(loc)), a.Scoring.Points)
}

// decision is the line that says what a player decided and, when the
// coach is on, judges it.
func decision(loc commands.Locale, who string, g *game, chosen, best strategy.Action, loss float64) string {
	r := g.rules
	if g.coach != coachOn {
		return msgLastPlain.Format(loc, who, describe(loc, r, chosen))
	}
	if centi(loss) == 0 {
		return msgLastOK.Format(loc, who, describe(loc, r, chosen))
	}
	return msgLastCost.Format(loc, who, describe(loc, r, chosen), loss, describe(loc, r, best))
}
