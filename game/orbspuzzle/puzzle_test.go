package orbspuzzle

import (
	"testing"

	"github.com/alea-bot/alea/engine/orbs"
	"github.com/alea-bot/alea/game/seal"
)

func TestPuzzleRoundTripAndPress(t *testing.T) {
	g := Puzzle{Rows: 30, Cols: 30, Seed: 1<<64 - 1, Owner: seal.OwnerOf("18446744073709551615")}
	for _, orb := range []string{"r0", "r29", "c0", "c29", "d"} {
		bit, ok := g.OrbBit(orb)
		if !ok {
			t.Fatalf("orb %s", orb)
		}
		if _, err := g.Apply(Move{Kind: MovePress, Orb: bit}); err != nil {
			t.Fatal(err)
		}
	}
	back, ok := ParseState(g.State())
	if !ok || back != g || g.Clicks != 5 || len(g.State()+".m1") > MaxState {
		t.Errorf("%q reads back as %+v %v", g.State(), back, ok)
	}
	// Version 2 wrote the action after the state.
	back, action, ok := ParseVersion2(g.State() + ".m1")
	if !ok || back != g || action != "m1" {
		t.Errorf("version 2: %+v %q %v", back, action, ok)
	}
	if p := g.Presses(); !p.Diagonal || len(p.Rows) != 2 || len(p.Cols) != 2 {
		t.Errorf("presses %+v", p)
	}
	for _, orb := range []string{"r30", "c30", "x1", "r01", "r-1", "dd"} {
		if _, ok := g.OrbBit(orb); ok {
			t.Errorf("orb %q", orb)
		}
	}
	if _, ok := ParseState("5x5.1.0.0.x"); ok {
		t.Error("a state without an owner")
	}
	if _, _, ok := ParseVersion2("5x5.1.0.0.x.r0"); ok {
		t.Error("a version 2 state without an owner")
	}
	// The deal is never clear, so there is always something to solve.
	for seed := uint64(0); seed < 50; seed++ {
		if d := Deal(3, 4, seed); d.IsClear() || !orbs.Solve(d, orbs.NoLimit).Solvable {
			t.Errorf("seed %d deals %s", seed, d)
		}
	}
}
