package orbspuzzle

import (
	"fmt"
	"testing"

	"github.com/alea-bot/alea/engine/orbs"
	"github.com/alea-bot/alea/game/seal"
)

// bitsOf is the pressed set of presses.
func bitsOf(p orbs.Presses) []uint64 {
	var out []uint64
	for _, r := range p.Rows {
		out = append(out, 1<<uint(r))
	}
	for _, c := range p.Cols {
		out = append(out, 1<<uint(ColShift+c))
	}
	if p.Diagonal {
		out = append(out, 1<<DiagBit)
	}
	return out
}

// The player alone moves; a press flips one orb of the grid and counts;
// the press that clears the grid solves the puzzle, which then takes no
// press, and records again without changing; an unsolved puzzle records
// nothing. A refused move leaves the puzzle as it was.
func TestPuzzleMoves(t *testing.T) {
	g := Puzzle{Rows: 3, Cols: 4, Seed: 11, Owner: seal.OwnerOf("111111111111111111")}
	if g.Authorise("111111111111111111") != nil || g.Authorise("222222222222222222") != ErrNotYours || g.Authorise("") != ErrNotYours {
		t.Error("who may move")
	}
	for name, orb := range map[string]uint64{"none": 0, "two orbs": 0b11, "row 3 of 3": 1 << 3, "column 4 of 4": 1 << (ColShift + 4), "beyond": 1 << 61} {
		if _, err := g.Apply(Move{Kind: MovePress, Orb: orb}); err != ErrNoOrb {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := g.Apply(Move{Kind: MoveRecord}); err != ErrNotSolved || g.Clicks != 0 || g.Pressed != 0 {
		t.Errorf("record unsolved: %v (%+v)", err, g)
	}
	sol := orbs.Solve(Deal(g.Rows, g.Cols, g.Seed), orbs.NoLimit)
	presses := bitsOf(sol.Presses)
	for i, bit := range presses {
		ev, err := g.Apply(Move{Kind: MovePress, Orb: bit})
		want := []Event{{Kind: EventPressed, Orb: bit}}
		if i == len(presses)-1 {
			want = append(want, Event{Kind: EventSolved})
		}
		if err != nil || fmt.Sprint(ev) != fmt.Sprint(want) || Ended(ev) != (i == len(presses)-1) || g.Clicks != i+1 {
			t.Fatalf("press %d: %v %v, clicks %d", i, ev, err, g.Clicks)
		}
	}
	before := g
	if _, err := g.Apply(Move{Kind: MovePress, Orb: presses[0]}); err != ErrSolved || g != before {
		t.Errorf("a press on the solved puzzle: %v", err)
	}
	if ev, err := g.Apply(Move{Kind: MoveRecord}); err != nil || fmt.Sprint(ev) != fmt.Sprint([]Event{{Kind: EventRecord}}) || !Ended(ev) || g != before {
		t.Errorf("record again: %v %v", ev, err)
	}
	// The counter stops at MaxClicks.
	busy := Puzzle{Rows: 3, Cols: 4, Seed: 11, Clicks: MaxClicks}
	busy.Apply(Move{Kind: MovePress, Orb: 1})
	if busy.Clicks != MaxClicks {
		t.Errorf("clicks %d", busy.Clicks)
	}
}
