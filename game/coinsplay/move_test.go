package coinsplay

import (
	"context"
	"fmt"
	"testing"

	"github.com/alea-bot/alea/engine/coins"
	"github.com/alea-bot/alea/game/seal"
)

// The player alone moves; a take the position does not allow is refused
// and changes nothing; a legal one is answered by the bot, and whoever
// takes the last coin loses; a finished game records again without
// changing, one under way does not.
func TestGameMoves(t *testing.T) {
	ctx := context.Background()
	me := "111111111111111111"
	p := State{Pos: coins.BWState{Black: 2, White: 0}, Opp: 'p', Seed: 5, Owner: seal.OwnerOf(me), ID: 9}
	if p.Authorise(me) != nil || p.Authorise("222222222222222222") != ErrNotYours {
		t.Error("who may move")
	}
	before := p
	for _, b := range []int{2, 3, -1, 4} { // white takes without white coins; no such button
		if _, err := p.Apply(ctx, Move{Kind: MoveTake, Button: b}); err != ErrIllegal || p != before {
			t.Errorf("button %d: %v", b, err)
		}
	}
	if _, err := p.Apply(ctx, Move{Kind: MoveRecord}); err != ErrNotOver {
		t.Errorf("record under way: %v", err)
	}
	// Take one of two black coins: the bot must take the last and loses.
	ev, err := p.Apply(ctx, Move{Kind: MoveTake, Button: 0})
	want := []Event{{Kind: EventTook, Move: MoveAt(0)}, {Kind: EventTook, ByBot: true, Move: MoveAt(0)}, {Kind: EventOver, Won: true}}
	if err != nil || fmt.Sprint(ev) != fmt.Sprint(want) || !p.Over() || !p.Won || p.Ply != 2 || !Ended(ev) {
		t.Fatalf("take one: %v %v (%+v)", ev, err, p)
	}
	done := p
	if _, err := p.Apply(ctx, Move{Kind: MoveTake, Button: 0}); err != ErrIllegal {
		t.Errorf("a take after the end: %v", err)
	}
	if ev, err := p.Apply(ctx, Move{Kind: MoveRecord}); err != nil || fmt.Sprint(ev) != fmt.Sprint([]Event{{Kind: EventRecord}}) || p != done {
		t.Errorf("record again: %v %v", ev, err)
	}
	// Take both: the player took the last coin and loses.
	q := State{Pos: coins.BWState{Black: 2}, Opp: 'r', Owner: seal.OwnerOf(me)}
	ev, err = q.Apply(ctx, Move{Kind: MoveTake, Button: 1})
	if err != nil || fmt.Sprint(ev) != fmt.Sprint([]Event{{Kind: EventTook, Move: MoveAt(1)}, {Kind: EventOver}}) || q.Won || !q.Over() {
		t.Errorf("take both: %v %v", ev, err)
	}
	// The bot moving first takes the only coin: the player wins.
	r := State{Pos: coins.BWState{White: 1}, Opp: 'm', Owner: seal.OwnerOf(me)}
	ev, err = r.Begin(ctx, true)
	if err != nil || len(ev) != 2 || !ev[0].ByBot || ev[1] != (Event{Kind: EventOver, Won: true}) {
		t.Errorf("the bot first: %v %v", ev, err)
	}
	if ev, _ := (&State{Pos: coins.BWState{White: 1}}).Begin(ctx, false); ev != nil {
		t.Errorf("the player first: %v", ev)
	}
}

// The perfect bot takes a winning move whenever there is one, and the
// bot's move is a function of the state: the same state, the same move.
func TestBotMoves(t *testing.T) {
	ctx := context.Background()
	for b := int64(0); b <= 6; b++ {
		for w := int64(0); w <= 6; w++ {
			pos := coins.BWState{Black: b, White: w}
			if (coins.BW{}).Terminal(pos) {
				continue
			}
			for _, opp := range []byte{'p', 'm', 'r'} {
				p := State{Pos: pos, Opp: opp, Seed: uint64(b*7 + w), Ply: 3}
				m1, err1 := p.botMove(ctx)
				m2, err2 := p.botMove(ctx)
				if err1 != nil || err2 != nil || m1 != m2 || !(coins.BW{}).Legal(pos, m1) {
					t.Fatalf("%v %c: %v %v, %v %v", pos, opp, m1, err1, m2, err2)
				}
				if wins := (coins.BW{}).WinningMoves(pos); opp == 'p' && len(wins) > 0 && m1 != wins[0] {
					t.Errorf("%v: the perfect bot took %v, not %v", pos, m1, wins[0])
				}
			}
		}
	}
}

// A finished game's Record state reads back with who won, and nothing
// else reads.
func TestFinalRoundTrip(t *testing.T) {
	for _, won := range []bool{true, false} {
		p := State{Opp: 'm', Ply: 7, Seed: 1<<64 - 1, Owner: seal.OwnerOf("123"), ID: 77, Won: won}
		back, ok := ParseFinal(p.Final(p.ID))
		if !ok || back != p {
			t.Errorf("%q reads back as %+v %v", p.Final(p.ID), back, ok)
		}
	}
	for _, bad := range []string{"m.7.1.123.aaaaaaaaaaab.x", "m.0.1.123.aaaaaaaaaaab.w", "m.7.01.123.aaaaaaaaaaab.w", "x.7.1.123.aaaaaaaaaaab.w", "m.7.1.123.w"} {
		if _, ok := ParseFinal(bad); ok {
			t.Errorf("ParseFinal(%q)", bad)
		}
	}
}
