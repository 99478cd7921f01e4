package coinsplay

import (
	"testing"

	"github.com/alea-bot/alea/engine/coins"
	"github.com/alea-bot/alea/game/seal"
)

func TestStateRoundTrip(t *testing.T) {
	for _, p := range []State{
		{Pos: coins.BWState{Black: 3, White: 4}, Opp: 'p', Owner: seal.OwnerOf("local")},
		{Pos: coins.BWState{Black: MaxBoard, White: 0}, Opp: 'm', Ply: 4 * MaxBoard, Seed: 1<<64 - 1, Owner: seal.OwnerOf("18446744073709551615")},
		{Pos: coins.BWState{Black: 0, White: 1}, Opp: 'r', Ply: 7, Seed: 42, Owner: seal.OwnerOf("123")},
		{Pos: coins.BWState{Black: 0, White: 1}, Opp: 'r', Ply: 7, Seed: 42, Owner: seal.OwnerOf("123"), ID: 5, Start: coins.BWState{Black: 4, White: 4}},
		{Pos: coins.BWState{Black: 2, White: 1}, Opp: 'p', Ply: 1, Seed: 4, Owner: seal.OwnerOf("123"), ID: 6},
	} {
		for move := 0; move < 4; move++ {
			s := p.Canonical(move)
			back, m, ok := Parse(s)
			if !ok || back != p || m != move {
				t.Errorf("%q reads back as %+v %d %v", s, back, m, ok)
			}
		}
	}
	owner := seal.OwnerOf("local").String()
	for _, bad := range []string{
		"3.4.x.0.1." + owner + ".0",                    // no such bot
		"3.4.p.0.1." + owner + ".4",                    // no such button
		"0.0.p.0.1." + owner + ".0",                    // no coins
		"101.0.p.0.1." + owner + ".0",                  // too many
		"3.4.p.0.01." + owner + ".0",                   // not canonical
		"3.4.p.0.1.x1.0",                               // no owner
		"3.4.p.0.1." + owner,                           // too short
		"3.4.p.0.1." + owner + ".aaaaaaaaaaab.0-0.0",   // a start without coins
		"3.4.p.0.1." + owner + ".aaaaaaaaaaab.4-101.0", // a start too large
		"3.4.p.0.1." + owner + ".aaaaaaaaaaab.4-04.0",  // not canonical
	} {
		if _, _, ok := Parse(bad); ok {
			t.Errorf("Parse(%q)", bad)
		}
	}
	if MoveAt(3) != (coins.BWMove{Color: coins.Color(1), Take: 2}) || Opponent('x') != "" || Opponent('m') != "mcts" {
		t.Error("moves or opponents")
	}
	for _, p := range []State{
		{Opp: 'p', Ply: 9, Seed: 3, Owner: seal.OwnerOf("123"), ID: 7, Won: true, Start: coins.BWState{Black: 5, White: 4}},
		{Opp: 'm', Ply: 2, Seed: 3, Owner: seal.OwnerOf("123"), ID: 7},
	} {
		s := p.Final(p.ID)
		if back, ok := ParseFinal(s); !ok || back != p {
			t.Errorf("final %q reads back as %+v %v", s, back, ok)
		}
	}
}
