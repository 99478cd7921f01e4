package seal

import (
	"bytes"
	"testing"
)

// A game identity reads back as written, in 12 characters of the base32
// alphabet, and nothing else reads; a derived identity depends on the key,
// the purpose and the parts, and on nothing else.
func TestGameID(t *testing.T) {
	seen := map[GameID]bool{}
	for range 1000 {
		id := NewGameID()
		s := id.String()
		back, ok := ParseGameID(s)
		if !ok || back != id || len(s) != 12 || id == 0 || id >= 1<<GameIDBits {
			t.Fatalf("%d → %q → %d %v", id, s, back, ok)
		}
		seen[id] = true
	}
	if len(seen) != 1000 {
		t.Errorf("%d distinct identities of 1000 draws", len(seen))
	}
	for _, bad := range []string{"", "aaaaaaaaaaaa", "abcdefghijk", "abcdefghijklm", "ABCDEFGHIJKL", "abcdefghijk1", "abcdefghijk8"} {
		if _, ok := ParseGameID(bad); ok {
			t.Errorf("ParseGameID(%q) accepted", bad)
		}
	}
	// A reader of zeros first, then ones: zero is never an identity.
	r := bytes.NewReader(append(make([]byte, 8), bytes.Repeat([]byte{0xFF}, 8)...))
	if id := DrawGameID(r); id != 1<<GameIDBits-1 || id.String() != "777777777777" {
		t.Errorf("DrawGameID skipped zero to %d", id)
	}
	if s := GameID(1).String(); s != "aaaaaaaaaaab" {
		t.Errorf("GameID(1) = %q", s)
	}
	if s := GameID(1<<GameIDBits - 1).String(); s != "777777777777" {
		t.Errorf("the largest = %q", s)
	}
	k, other := NewKey("one"), NewKey("two")
	a := k.DerivedGameID("orbs", "5x5", "1", "h1")
	for _, b := range []GameID{k.DerivedGameID("coins", "5x5", "1", "h1"), k.DerivedGameID("orbs", "5x5", "2", "h1"),
		k.DerivedGameID("orbs", "5x51", "", "h1"), other.DerivedGameID("orbs", "5x5", "1", "h1")} {
		if b == a {
			t.Errorf("derived identities agree across purposes, parts or keys")
		}
	}
	if a != k.DerivedGameID("orbs", "5x5", "1", "h1") || a == 0 || a >= 1<<GameIDBits {
		t.Errorf("derived %d", a)
	}
}
