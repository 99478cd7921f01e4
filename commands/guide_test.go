package commands_test

// This file is the worked example of commands/README.md, the guide to
// adding a command: go test compiles and runs it, so the guide cannot name
// fields or routes that no longer exist. It is a whole command, /sum (the
// exact chance of the most likely total of a few dice), as a package
// commands/sum would hold it: its strings, its definition with options,
// examples, caching and a button route, its handlers, and its tests
// through bot/bottest.

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
)

// The command's strings, in the three languages (strings.go of its
// package). Explicit argument indexes let Korean and Japanese put the
// arguments in their own order.
var (
	txtMostLikely = commands.T(
		"The most likely total of %[1]d dice with %[2]d sides is **%[3]d**: %[4]s of the %[5]s equally likely rolls.",
		"%[2]d면체 주사위 %[1]d개의 합으로 가장 자주 나오는 값은 **%[3]d**입니다. 확률이 모두 같은 %[5]s가지 경우 중 %[4]s가지입니다.",
		"%[2]d面のサイコロ%[1]d個の合計で最も出やすいのは **%[3]d** です。同様に確からしい%[5]s通りのうち%[4]s通りです。")
	txtOneMore = commands.T("One more die", "주사위 하나 더", "サイコロをもう1個")
	txtTooMany = commands.T("at most %d dice: try fewer.", "주사위는 %d개까지입니다. 더 적게 해 보세요.", "サイコロは%d個までです。減らしてください。")
)

// maxDice bounds the dice, so an answer is a lookup-sized computation.
const maxDice = 20

// sumCommand returns /sum. A real command is Command() in its own
// package, added with one line to commands/all's Registry.
func sumCommand() *commands.Command {
	diceMin, diceMax := commands.Between(1, maxDice)
	sidesMin, sidesMax := commands.Between(2, 100)
	return &commands.Command{
		// Name.En is canonical; Ko and Ja are the names the picker shows.
		Name:        commands.T("sum", "합계", "合計"),
		Description: commands.T("The most likely total of some dice, exactly", "주사위 합계 중 가장 잘 나오는 값, 정확하게", "サイコロの合計で最も出やすい値を正確に"),
		Options: []commands.Option{
			{Name: commands.T("dice", "주사위", "サイコロ"), Description: commands.T("How many dice", "주사위 개수", "サイコロの数"),
				Type: commands.Integer, Required: true, Min: diceMin, Max: diceMax},
			{Name: commands.T("sides", "면", "面"), Description: commands.T("Sides of each die (default 6)", "각 주사위의 면 수 (기본 6)", "各サイコロの面の数（既定 6）"),
				Type: commands.Integer, Min: sidesMin, Max: sidesMax},
		},
		// /help shows them in the player's language; each must run.
		Examples: []string{`/sum dice:2`, `/sum dice:3 sides:4`},
		Handle:   handleSum,
		// Buttons, select menus and modals are routed by custom_id; the
		// first segment is the command's name, the second a version that
		// changes when the layout does. This custom_id carries only what
		// the player could have typed (checked again on the way in); a
		// game's live state goes sealed (see "Interactive games").
		Routes: []commands.Route{{Pattern: "sum/1/more/{dice}/{sides}", Handle: pressMore}},
		// The reply depends on the input and the language alone: cached.
		Caching: &commands.Caching{},
		// Budget: zero takes commands.DefaultBudget; the handler's ctx
		// carries it.
	}
}

// handleSum answers /sum dice:… sides:…; bounds and types were checked
// against the definition before it runs.
func handleSum(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	return sumReply(ctx, req.Locale, int(req.Options.Int("dice", 1)), int(req.Options.Int("sides", 6)))
}

// pressMore answers the "One more die" button: the same message, edited,
// for one die more.
func pressMore(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	dice, err1 := strconv.Atoi(req.Params["dice"])
	sides, err2 := strconv.Atoi(req.Params["sides"])
	if err1 != nil || err2 != nil || dice < 1 || sides < 2 || sides > 100 {
		return nil, commands.Reject("This button is not one of Alea's.", "Alea의 버튼이 아닙니다.", "Alea のボタンではありません。")
	}
	if dice+1 > maxDice {
		return nil, commands.Rejectf(txtTooMany, maxDice)
	}
	r, err := sumReply(ctx, req.Locale, dice+1, sides)
	if r != nil {
		r.Update = true
	}
	return r, err
}

// sumReply counts the rolls of each total exactly (big integers) and
// words the most likely one. Heavy work would first take a turn:
//
//	ctx, done, err := commands.Heavy(ctx)
//	if err != nil {
//		return nil, err
//	}
//	defer done()
//
// This count is small, so it only honours ctx's budget.
func sumReply(ctx context.Context, l commands.Locale, dice, sides int) (*commands.Reply, error) {
	ways := []*big.Int{big.NewInt(1)} // ways[t]: rolls of total t
	for d := 0; d < dice; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		next := make([]*big.Int, len(ways)+sides)
		for i := range next {
			next[i] = new(big.Int)
		}
		for t, w := range ways {
			for f := 1; f <= sides; f++ {
				next[t+f].Add(next[t+f], w)
			}
		}
		ways = next
	}
	best := 0
	for t, w := range ways {
		if w.Cmp(ways[best]) > 0 {
			best = t
		}
	}
	total := new(big.Int).Exp(big.NewInt(int64(sides)), big.NewInt(int64(dice)), nil)
	r := &commands.Reply{Content: txtMostLikely.Format(l, dice, sides, best, ways[best], total)}
	if dice < maxDice {
		r.Components = []commands.ActionRow{{{Kind: commands.Button, Style: commands.Secondary, Label: txtOneMore.In(l),
			CustomID: fmt.Sprintf("sum/1/more/%d/%d", dice, sides)}}}
	}
	return r, nil
}

// The command through the dispatcher, as every transport runs it: the
// router, the option checks, the middleware and Discord's limits.
func Example() {
	d, err := bot.NewDispatcher(commands.NewRegistry(sumCommand()), bottest.Limits{}.Options())
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	slash := &commands.Request{Kind: commands.KindCommand, ID: "1", Command: "sum", UserID: "u",
		Locale: commands.English, Options: commands.Options{"dice": int64(2)}}
	r, out := d.Do(ctx, slash)
	fmt.Println(out)
	fmt.Print(bot.FormatText(r))
	press := &commands.Request{Kind: commands.KindComponent, ID: "2", UserID: "u", Locale: commands.Korean,
		CustomID: r.Components[0][0].CustomID}
	r, out = d.Do(ctx, press)
	fmt.Println(out, r.Update)
	fmt.Println(r.Content)
	// Output:
	// ok
	// The most likely total of 2 dice with 6 sides is **7**: 6 of the 36 equally likely rolls.
	// [One more die]
	// ok true
	// 6면체 주사위 3개의 합으로 가장 자주 나오는 값은 **10**입니다. 확률이 모두 같은 216가지 경우 중 27가지입니다.
}

// The command's tests, with bot/bottest as commands/README.md shows:
// every example runs, each language, a button, bad input. The values
// are checked against counts made independently: 2d6 totals 7 in 6 of
// 36 rolls (1+6 … 6+1), 3d6 totals 10 (and 11) in 27 of 216, 3d4
// totals 7 (and 8) in 12 of 64.
func TestSumGuide(t *testing.T) {
	h := bottest.New(t, sumCommand())
	for _, ex := range sumCommand().Examples {
		h.MustRun(ex)
	}
	r := h.MustRun(`/sum dice:3 sides:4`)
	if want := "**7**: 12 of the 64"; !strings.Contains(r.Content, want) {
		t.Errorf("3d4: %q, want %q", r.Content, want)
	}
	if !h.Reusable() {
		t.Error("the reply depends on input and language alone, yet is not reused")
	}
	h.Locale = commands.Japanese
	r = h.MustRun(`/sum dice:2`)
	if want := "**7** です。同様に確からしい36通りのうち6通りです。"; !strings.Contains(r.Content, want) {
		t.Errorf("2d6 in Japanese: %q, want %q", r.Content, want)
	}
	r, out := h.Click(r.Components[0][0].CustomID)
	if out != bot.OK || !r.Update || !strings.Contains(r.Content, "216通りのうち27通り") {
		t.Errorf("one more die: %s %+v", out, r)
	}
	if _, out := h.Run(`/sum dice:0`); out != bot.Rejected {
		t.Errorf("0 dice: %s, want rejected", out)
	}
	if _, out := h.Click("sum/1/more/x/6"); out != bot.Rejected {
		t.Errorf("a forged button: %s, want rejected", out)
	}
	if _, out := h.Click(fmt.Sprintf("sum/1/more/%d/6", maxDice)); out != bot.Rejected {
		t.Errorf("past %d dice: %s, want rejected", maxDice, out)
	}
}
