// Package yachtgame is the Yacht table companion (SPEC §5.2, seeds 001 and
// 003): /yacht start keeps a scoresheet in a Discord message whose buttons,
// select menu and modal play the game — virtual or real dice, holds, the
// category with every choice's points and exact expected final score, and
// the expected points each decision cost — and /yacht-stats shows the
// distribution of the final score under optimal play by a seeded
// simulation of the exact policy. The whole game travels in the components'
// custom_ids (see state.go), so a restarted bot or a second replica
// continues every game.
package yachtgame

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	yachtcmd "github.com/alea-bot/alea/commands/yacht"
	"github.com/alea-bot/alea/engine/yacht"
)

const colour = 0x2E86C1

// Command returns /yacht (subcommand start) playing from tables (shared
// with the other Yacht commands).
func Command(tables *yacht.Tables) *commands.Command { return newCommand(tables) }

func newCommand(tables *yacht.Tables) *commands.Command {
	seedLo, seedHi := commands.Between(0, 1<<seedBits-1)
	return &commands.Command{
		Name: commands.T("yacht", "요트", "ヨット"),
		Description: commands.T("Play Yacht with an exact scoresheet: dice, holds, categories, the cost of each choice",
			"정확한 점수표로 요트 플레이: 주사위, 킵, 족보, 선택마다의 손실",
			"厳密なスコア表でヨット: サイコロ、キープ、役、各判断の損失"),
		Subcommands: []commands.Subcommand{{
			Name: commands.T("start", "시작", "開始"),
			Description: commands.T("Post a scoresheet for you, or for several players at one table",
				"나 또는 한 테이블의 여러 플레이어를 위한 점수표를 올립니다",
				"自分用、または同じ卓の複数プレイヤー用のスコア表を出す"),
			Options: []commands.Option{
				{Name: commands.T("rules", "규칙", "ルール"), Type: commands.String, Choices: yachtcmd.RuleChoices(),
					Description: commands.T("Rule set (default yacht)", "규칙 (기본 요트)", "ルール（既定はヨット）")},
				{Name: commands.T("players", "플레이어", "プレイヤー"), Type: commands.String, MaxLength: 100,
					Description: commands.T(`Names of up to 4 players at one table, "Ann, Bob" (default: just you)`,
						`한 테이블의 플레이어 이름 최대 4명, "민수, 지영" (기본: 나)`,
						`同じ卓のプレイヤー名を最大4人、"太郎, 花子"（既定: 自分のみ）`)},
				{Name: commands.T("seed", "시드", "シード"), Type: commands.Integer, Min: seedLo, Max: seedHi,
					Description: commands.T("Seed of the virtual dice, for a game you can replay (default random)",
						"가상 주사위의 시드, 같은 게임을 다시 하려면 (기본 무작위)",
						"仮想サイコロのシード。同じゲームを再現するとき（既定はランダム）")},
			},
			Example: `/yacht start`,
		}},
		Examples: []string{
			`/yacht start`,
			`/yacht start rules:yahtzee players:"Ann, Bob, Cy"`,
			`/yacht start rules:yacht seed:42`,
		},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return start(ctx, tables, req)
		},
		Routes: []commands.Route{{Pattern: "yacht/" + routeVersion + "/{action}/{state}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return press(ctx, tables, req)
		}}},
		Budget: 2 * time.Minute,
		Warm:   warm(tables),
	}
}

// warm builds every preset's table at start (shared with /yacht-advise, so
// each is built once).
func warm(tables *yacht.Tables) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		for _, k := range presetKeys {
			if _, err := tables.Preset(ctx, k); err != nil {
				return fmt.Errorf("yacht table %s: %w", k, err)
			}
		}
		return nil
	}
}

// parseNames splits the players option ("Ann, Bob") into names.
func parseNames(s string) ([]string, error) {
	s = strings.NewReplacer("，", ",", "、", ",", ";", ",").Replace(s)
	var names []string
	for _, part := range strings.Split(s, ",") {
		n := strings.Join(strings.Fields(part), " ")
		if n == "" {
			continue
		}
		if err := checkName(n); err != nil {
			return nil, err
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no names")
	}
	return names, nil
}

func getTable(ctx context.Context, tables *yacht.Tables, r *yacht.Rules) (*yacht.Table, error) {
	t, err := tables.Get(ctx, r)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("yacht table %s: %w", r.Key, err)
	}
	return t, nil
}

func start(ctx context.Context, tables *yacht.Tables, req *commands.Request) (*commands.Reply, error) {
	loc := req.Locale
	key := req.Options.String("rules", yacht.Yacht)
	preset := -1
	for i, k := range presetKeys {
		if k == key {
			preset = i
		}
	}
	if preset < 0 {
		return nil, commands.Rejectf(msgBadRules, key, strings.Join(presetKeys, ", "))
	}
	names := []string{""}
	if s := strings.TrimSpace(req.Options.String("players", "")); s != "" {
		var err error
		if names, err = parseNames(s); err != nil {
			return nil, commands.Rejectf(msgBadPlayers, err.Error(), maxPlayers)
		}
		if len(names) > maxPlayers {
			return nil, commands.Rejectf(msgBadPlayers, msgTooManyPlayers.Format(loc, len(names), maxPlayers), maxPlayers)
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
	g, err := newGame(preset, ownerOf(req.UserID), seed, names)
	if err != nil {
		return nil, err
	}
	// The largest state this game can reach without per-turn detail: it
	// must fit, or the game could not be finished.
	worst := *g
	worst.detail = false
	worst.roll, worst.dice = 2, yacht.Dice{1, 1, 1, 1, 1}
	worst.players = append([]player(nil), g.players...)
	if n := len(customID('x', worst.encode())); n > commands.MaxCustomID {
		room := 0
		for _, p := range g.players {
			room += len(p.name)
		}
		return nil, commands.Rejectf(msgNoFit, n, commands.MaxCustomID, room-(n-commands.MaxCustomID)*6/8)
	}
	t, err := getTable(ctx, tables, g.rules)
	if err != nil {
		return nil, err
	}
	r, err := render(loc, t, g, req, "")
	if err != nil {
		return nil, err
	}
	r.Volatile = true
	return r, nil
}

// press answers every button, the category menu and the dice modal.
func press(ctx context.Context, tables *yacht.Tables, req *commands.Request) (*commands.Reply, error) {
	loc := req.Locale
	g, err := decode(req.Params["state"])
	if err != nil {
		return nil, commands.Rejectf(msgBadState, strings.TrimPrefix(err.Error(), errState.Error()+": "))
	}
	if ownerOf(req.UserID) != g.owner {
		who := msgSomeoneElse.In(loc)
		if m := g.owner.mention(); m != "" {
			who = msgOwnersSheet.Format(loc, m)
		}
		return nil, commands.Rejectf(msgNotYours, who)
	}
	t, err := getTable(ctx, tables, g.rules)
	if err != nil {
		return nil, err
	}
	action := req.Params["action"]
	last, who := "", playerName(loc, g, g.cur, req)
	switch {
	case len(action) == 1 && action[0] >= '0' && action[0] <= '4':
		if g.roll != 1 && g.roll != 2 {
			return nil, commands.Rejectf(msgNotNow, g.roll)
		}
		g.hold ^= 1 << (action[0] - '0')
	case action == "b":
		if g.roll != 1 && g.roll != 2 {
			return nil, commands.Rejectf(msgNotNow, g.roll)
		}
		adv, err := advise(t, g)
		if err != nil {
			return nil, err
		}
		if best := adv.Actions[0]; best.Kind == yacht.Keep {
			g.hold = holdMask(g.dice, best.Keep)
		}
	case action == "r":
		if g.roll > 2 {
			return nil, commands.Rejectf(msgNotNow, g.roll)
		}
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
		if last, err = rollTo(loc, who, t, g, d); err != nil {
			return nil, err
		}
	case action == "e":
		if g.roll > 2 {
			return nil, commands.Rejectf(msgNotNow, g.roll)
		}
		return diceModal(loc, g), nil
	case action == "m":
		if g.roll > 2 {
			return nil, commands.Rejectf(msgNotNow, g.roll)
		}
		d, err := yacht.ParseDice(req.Fields["dice"])
		if err != nil {
			return nil, commands.Rejectf(msgBadDice, err.Error())
		}
		if g.roll > 0 {
			held, have := g.held(), d.Counts()
			for f := range held {
				if held[f] > have[f] {
					return nil, commands.Rejectf(msgHeldMissing, glyphs(have.Faces()), glyphs(held.Faces()))
				}
			}
		}
		if last, err = rollTo(loc, who, t, g, d); err != nil {
			return nil, err
		}
	case action == "s":
		if g.roll < 1 || len(req.Values) != 1 {
			return nil, commands.Rejectf(msgNotNow, g.roll)
		}
		if last, err = score(loc, who, t, g, req.Values[0]); err != nil {
			return nil, err
		}
	default:
		return nil, commands.Rejectf(msgBadState, "action")
	}
	r, err := render(loc, t, g, req, last)
	if err != nil {
		return nil, err
	}
	r.Update = true
	r.Volatile = true
	return r, nil
}

// advise returns the engine's advice for the current player's dice.
func advise(t *yacht.Table, g *game) (yacht.Advice, error) {
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
func rollTo(loc commands.Locale, who string, t *yacht.Table, g *game, d yacht.Dice) (string, error) {
	last := ""
	if g.roll > 0 {
		adv, err := advise(t, g)
		if err != nil {
			return "", err
		}
		keep := g.held()
		for _, a := range adv.Actions {
			if a.Kind == yacht.Keep && a.Keep == keep {
				loss := adv.Actions[0].Expected - a.Expected
				g.turnLoss = min(g.turnLoss+centi(loss), maxTurnLoss)
				last = decision(loc, who, g.rules, a, adv.Actions[0], loss)
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
func score(loc commands.Locale, who string, t *yacht.Table, g *game, value string) (string, error) {
	adv, err := advise(t, g)
	if err != nil {
		return "", err
	}
	for _, a := range adv.Actions {
		if a.Kind != yacht.Score || value != fmt.Sprintf("c%d", a.Scoring.Category) {
			continue
		}
		loss := adv.Actions[0].Expected - a.Expected
		p := g.current()
		turn := min(g.turnLoss+centi(loss), maxTotalLoss)
		p.loss[a.Scoring.Category] = turn
		p.lost = min(p.lost+turn, maxTotalLoss)
		p.sheet = p.sheet.Fill(a.Scoring)
		last := decision(loc, who, g.rules, a, adv.Actions[0], loss)
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

func diceModal(loc commands.Locale, g *game) *commands.Reply {
	heldText, value := msgNone.In(loc), ""
	if held := g.held(); g.roll > 0 && held.Size() > 0 {
		value = strings.Trim(fmt.Sprint(held.Faces()), "[]")
		heldText = value
	}
	return &commands.Reply{Modal: &commands.Modal{
		CustomID: customID('m', g.encode()),
		Title:    msgModalTitle.Format(loc, g.roll+1),
		Inputs: []commands.TextInput{{
			CustomID: "dice", Label: msgModalLabel.Format(loc, heldText), Placeholder: "3 3 5 6 6",
			Value: value, Required: true, MinLength: 5, MaxLength: 40,
		}},
	}, Volatile: true}
}

// glyphs writes faces as die glyphs ⚀..⚅.
func glyphs(faces []int) string {
	var b strings.Builder
	for _, f := range faces {
		b.WriteString(yacht.Glyph(f))
	}
	return b.String()
}

// describe writes an action for a person.
func describe(loc commands.Locale, r *yacht.Rules, a yacht.Action) string {
	if a.Kind == yacht.Keep {
		switch n := a.Keep.Size(); n {
		case 0:
			return msgRerollAll.In(loc)
		case yacht.NumDice:
			return msgKeepAll.In(loc)
		default:
			return msgKeep.Format(loc, glyphs(a.Keep.Faces()), yacht.NumDice-n)
		}
	}
	return msgScore.Format(loc, r.Categories[a.Scoring.Category].Name(string(loc)), a.Scoring.Points)
}

// decision is the line that judges a decision just made.
func decision(loc commands.Locale, who string, r *yacht.Rules, chosen, best yacht.Action, loss float64) string {
	if centi(loss) == 0 {
		return msgLastOK.Format(loc, who, describe(loc, r, chosen))
	}
	return msgLastCost.Format(loc, who, describe(loc, r, chosen), loss, describe(loc, r, best))
}
