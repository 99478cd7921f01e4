package yachttable

import (
	"github.com/alea-bot/alea/game/yachtdice"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
)

// rolls returns the first rolls of every seat's first turns of g's dice.
func rolls(g *Table, r yachtdice.Roller) [][yacht.NumDice]int {
	var out [][yacht.NumDice]int
	for seat := range 2 {
		for filled := range 12 {
			for roll := 1; roll <= 3; roll++ {
				out = append(out, r.Roll(g.Seed, seat, filled, roll))
			}
		}
	}
	return out
}

func sameRolls(a, b [][yacht.NumDice]int) int {
	n := 0
	for i := range a {
		if a[i] == b[i] {
			n++
		}
	}
	return n
}

// A game whose seed nobody chose deals dice bound to its identity: no
// seed, typed as a chosen seed, deals them again (72 rolls, none equal
// beyond chance), and its own seed does not change them. A chosen seed
// replays its dice; a board sealed before the sources were kept plays on
// with the seed's dice as it did.
func TestDiceSources(t *testing.T) {
	key := seal.Loopback()
	d := yachtdice.New(key)
	random, _ := New(0, seal.OwnerOf("ann"), 4242, []Seat{{Kind: SeatName}})
	random.ID, random.Source = seal.GameID(0x123456789), yachtdice.Game
	dealt := rolls(random, d.For(random.Bound()))

	// The seed read from the board, typed as a chosen seed.
	typed, _ := New(0, seal.OwnerOf("eve"), random.Seed, []Seat{{Kind: SeatName}})
	typed.ID, typed.Source = seal.GameID(0x987654321), yachtdice.Chosen
	if n := sameRolls(dealt, rolls(typed, d.For(typed.Bound()))); n > 4 {
		t.Errorf("a chosen seed equal to a random game's deals %d of %d rolls the same", n, len(dealt))
	}
	// Its identity, not its seed, makes the dice.
	reseeded := random.Clone()
	reseeded.Seed = 7
	if n := sameRolls(dealt, rolls(reseeded, d.For(reseeded.Bound()))); n != len(dealt) {
		t.Errorf("another seed changed %d rolls of a game bound to its identity", len(dealt)-n)
	}
	other := random.Clone()
	other.ID = random.ID + 1
	if n := sameRolls(dealt, rolls(other, d.For(other.Bound()))); n > 4 {
		t.Errorf("another game deals %d of %d rolls the same", n, len(dealt))
	}
	// The seed's dice of a board sealed before: not these either.
	legacy := random.Clone()
	legacy.Source = yachtdice.Seed
	if n := sameRolls(dealt, rolls(legacy, d.For(legacy.Bound()))); n > 4 {
		t.Errorf("the seed's dice equal %d of %d rolls of the game bound to its identity", n, len(dealt))
	}
	if got, want := rolls(legacy, d.For(legacy.Bound())), rolls(legacy, d); sameRolls(got, want) != len(got) {
		t.Error("a board sealed before does not roll the seed's dice")
	}
	// A chosen seed replays: another game of the same seed, the same dice.
	again := typed.Clone()
	again.ID = 99
	if n := sameRolls(rolls(typed, d.For(typed.Bound())), rolls(again, d.For(again.Bound()))); n != len(dealt) {
		t.Errorf("a chosen seed replays %d of %d rolls", n, len(dealt))
	}
	// Another key, other dice.
	if n := sameRolls(dealt, rolls(random, yachtdice.New(seal.NewKey("another deployment")).For(random.Bound()))); n > 4 {
		t.Errorf("another key deals %d of %d rolls the same", n, len(dealt))
	}
}

// The seed's dice are what every earlier build dealt: regression values
// of the loopback key, from the code before dice sources.
func TestSeedDiceUnchanged(t *testing.T) {
	d := yachtdice.New(seal.Loopback())
	got := [][yacht.NumDice]int{d.Roll(1, 0, 0, 1), d.Roll(42, 1, 3, 2), d.Roll(1<<24-1, 5, 11, 3)}
	want := [][yacht.NumDice]int{seedDiceV1[0], seedDiceV1[1], seedDiceV1[2]}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("roll %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// seedDiceV1 are the dice of TestSeedDiceUnchanged as the code of commit
// 592220c (before dice sources) rolled them: regression values.
var seedDiceV1 = [][yacht.NumDice]int{{6, 5, 6, 5, 4}, {3, 3, 2, 2, 3}, {3, 1, 6, 6, 4}}
