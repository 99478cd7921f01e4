package yachtgame

import (
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
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
	g, err := yachttable.Decode(v2State)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]int{0: 3, 1: 6, 2: 9, 11: 50, 12: 22}
	if g.Rules.Key != yacht.Yahtzee || g.Coach != yachttable.CoachHints || g.Idle != 7 || g.Step != 321 || g.Seed != 4242 ||
		g.Owner != (seal.Owner{Discord: true, ID: 987654321098765432}) || len(g.Seats) != 3 || g.Cur != 2 || g.Roll != 2 ||
		g.Dice != (yacht.Dice{2, 3, 3, 5, 6}) || g.Hold != 0b00110 || g.TurnLoss != 45 {
		t.Fatalf("decoded %+v", g)
	}
	kinds := []int{yachttable.SeatName, yachttable.SeatUser, yachttable.SeatAlea}
	for i, p := range g.Seats {
		if p.Kind != kinds[i] {
			t.Errorf("seat %d kind %d", i, p.Kind)
		}
		for k, s := range p.Sheet.Scores {
			v, filled := want[k]
			if i == 2 && k == 12 {
				filled = false
			}
			if filled && (s != v || p.Loss[k] != 17*(k+i)) || !filled && s != -1 {
				t.Errorf("seat %d box %d: %d (loss %d)", i, k, s, p.Loss[k])
			}
		}
	}
	if g.Seats[0].Name != "Ann" || g.Seats[1].User != 123456789012345678 || g.Seats[0].Sheet.ExtraBonus != 100 || g.Seats[1].Auto != 2 {
		t.Errorf("seats %+v", g.Seats)
	}
	// Its dice were public: the game is never counted as fair. It has no
	// identity until its next press.
	if !g.Chosen || g.ID != 0 || g.EncodeV2() != v2State {
		t.Errorf("chosen %v id %d", g.Chosen, g.ID)
	}
	// Written again, it is a version 4 state that reads back the same.
	back, err := yachttable.Decode(g.Encode())
	if err != nil || back.Encode() != g.Encode() {
		t.Errorf("as version 4: %v", err)
	}
}

// A message posted by the code before version 3 (captured from it: /yacht
// start seed:5 players:"Ann, Bob" by "tester", then Roll): its buttons
// still play, and the next state is of the current version, with an
// identity.
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
	if err != nil || g.ID == 0 || !g.Chosen {
		t.Fatalf("the new state: %v %+v", err, g)
	}
	// The identity drawn from the old state: a regression value (the code
	// of the memory's first release drew it), so that a replica running
	// that code and one running this agree on the game.
	if g.ID.String() != "2ss5imqtllel" {
		t.Errorf("the version 2 game's identity is %s, was 2ss5imqtllel", g.ID)
	}
	// The score menu of the old message scores too, in the same game.
	r, out = h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: "yacht/2/s/cjzeZpiC_lRk", UserID: "tester", Message: msg, Values: []string{"c11"}})
	if out != bot.OK || gdata(t, r).Current != 1 || gdata(t, r).Players[0].Scores["yacht"] != 0 {
		t.Fatalf("score: %s %s", out, bot.FormatText(r))
	}
	if id := finalID(t, r); id != g.ID.String() {
		t.Errorf("the score press drew another identity: %v, not %v", id, g.ID)
	}
}
