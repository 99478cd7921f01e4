package yachtgame

import (
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
)

// A version 2 state, as the code before version 3 wrote it (captured from
// that code; the fields below are those it was made from): Yahtzee rules,
// coach hints, idle 7 minutes, step 321, seed 4242, started by Discord user
// 987654321098765432; seats Ann (a name), user 123456789012345678 and
// Alea; aces 3, twos 6, threes 9, yahtzee 50 and chance 22 filled (Alea's
// chance open), loss 17·(box + seat) hundredths in each; Ann has a Yahtzee
// bonus, the user 2 turns played for them; Alea to play, roll 2, dice
// 2 3 3 5 6 with the middle two held, 0.45 lost this turn.
const v2State = "ZHAUFKqTABaACElDbTaX0n4tHgNBbm6I153B0EISBGAvAGagNtNpdMYeadEa87g6AQSBGDQBmgN6BKODMRAAEYNAIoDe"

func TestVersion2StatesStillOpen(t *testing.T) {
	g, err := decode(v2State)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]int{0: 3, 1: 6, 2: 9, 11: 50, 12: 22}
	if g.rules.Key != yacht.Yahtzee || g.coach != coachHints || g.idle != 7 || g.step != 321 || g.seed != 4242 ||
		g.owner != (seal.Owner{Discord: true, ID: 987654321098765432}) || len(g.players) != 3 || g.cur != 2 || g.roll != 2 ||
		g.dice != (yacht.Dice{2, 3, 3, 5, 6}) || g.hold != 0b00110 || g.turnLoss != 45 {
		t.Fatalf("decoded %+v", g)
	}
	kinds := []int{seatName, seatUser, seatAlea}
	for i, p := range g.players {
		if p.kind != kinds[i] {
			t.Errorf("seat %d kind %d", i, p.kind)
		}
		for k, s := range p.sheet.Scores {
			v, filled := want[k]
			if i == 2 && k == 12 {
				filled = false
			}
			if filled && (s != v || p.loss[k] != 17*(k+i)) || !filled && s != -1 {
				t.Errorf("seat %d box %d: %d (loss %d)", i, k, s, p.loss[k])
			}
		}
	}
	if g.players[0].name != "Ann" || g.players[1].user != 123456789012345678 || g.players[0].sheet.ExtraBonus != 100 || g.players[1].auto != 2 {
		t.Errorf("seats %+v", g.players)
	}
	// Its dice were public: the game is never counted as fair. It has no
	// identity until its next press.
	if !g.chosen || g.id != 0 || g.encodeV2() != v2State {
		t.Errorf("chosen %v id %d", g.chosen, g.id)
	}
	// Written again, it is a version 3 state that reads back the same.
	back, err := decode(g.encode())
	if err != nil || back.encode() != g.encode() {
		t.Errorf("as version 3: %v", err)
	}
}

// A message posted by the code before version 3 (captured from it: /yacht
// start seed:5 players:"Ann, Bob" by "tester", then Roll): its buttons
// still play, and the next state is version 3, with an identity.
func TestVersion2MessageStillPlays(t *testing.T) {
	h := harness(t)
	msg := &commands.Message{ID: "old", Embeds: []commands.Embed{{URL: "https://alea.invalid/yacht#AKAAEhuQAAACseWQPYNBbm4AAAAAAA0JvYgAAAAAAA~_-cvj2OS-bI"}}}
	r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: "yacht/2/r/xUds3_7TDpKp", UserID: "tester", Message: msg})
	if out != bot.OK {
		t.Fatalf("roll: %s %s", out, bot.FormatText(r))
	}
	d := gdata(t, r)
	if d.Roll != 2 || d.Current != 0 || len(d.Players) != 2 || d.Players[0].Name != "Ann" || d.Step != 2 {
		t.Fatalf("after the roll: %+v", d)
	}
	g, err := openGame(testKey, d.State)
	if err != nil || g.id == 0 || !g.chosen {
		t.Fatalf("the new state: %v %+v", err, g)
	}
	// The score menu of the old message scores too.
	r, out = h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: "yacht/2/s/cjzeZpiC_lRk", UserID: "tester", Message: msg, Values: []string{"c11"}})
	if out != bot.OK || gdata(t, r).Current != 1 || gdata(t, r).Players[0].Scores["yacht"] != 0 {
		t.Fatalf("score: %s %s", out, bot.FormatText(r))
	}
}
