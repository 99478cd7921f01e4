package seal

import (
	"strconv"
	"strings"
	"testing"

	"github.com/alea-bot/alea/game/bitstream"
)

func TestOpenRefusesForgeriesAndOtherKeys(t *testing.T) {
	a, b := NewKey("secret one, long enough"), NewKey("secret two, long enough")
	s := a.Seal("coins/2/move/0.2.p.0.1.2")
	if got, ok := a.Open(s); !ok || got != "coins/2/move/0.2.p.0.1.2" {
		t.Fatalf("Open(Seal(x)) = %q, %v", got, ok)
	}
	if _, ok := b.Open(s); ok {
		t.Error("a state sealed with another key was opened")
	}
	if _, ok := Loopback().Open(s); ok {
		t.Error("the loopback key opened a state sealed with a real key")
	}
	for _, forged := range []string{
		"coins/2/move/0.2.p.0.1.2",              // no tag
		strings.Replace(s, "0.2.p", "0.1.p", 1), // state changed
		flipLast(s),                             // tag changed
		s + "A",                                 // tag too long
		"x~" + s,                                // two separators
		"",
	} {
		if _, ok := a.Open(forged); ok {
			t.Errorf("forged %q opened", forged)
		}
	}
}

func TestTagFramesItsParts(t *testing.T) {
	k := Loopback()
	if k.Tag(6, "ab", "c") == k.Tag(6, "a", "bc") {
		t.Error("parts are not framed")
	}
	if !k.Check(k.Tag(6, "x", "y"), 6, "x", "y") || k.Check(k.Tag(6, "x", "y"), 6, "x", "z") {
		t.Error("Check disagrees with Tag")
	}
}

func TestOwner(t *testing.T) {
	for _, id := range []string{"18446744073709551615", "123", "tester", "0123", ""} {
		o := OwnerOf(id)
		back, ok := ParseOwner(o.String())
		if !ok || back != o {
			t.Errorf("OwnerOf(%q) = %q does not read back (%v, %v)", id, o, back, ok)
		}
		w := &bitstream.Writer{}
		o.WriteBits(w)
		if got := ReadOwnerBits(bitstream.NewReader(w.Bytes())); got != o {
			t.Errorf("OwnerOf(%q): bit form reads back as %v", id, got)
		}
		if !o.Is(id) {
			t.Errorf("OwnerOf(%q) is not %q", id, id)
		}
	}
	if OwnerOf("18446744073709551615").String() != "18446744073709551615" {
		t.Error("a Discord id is not kept as it is")
	}
	// The hash is FNV-1a 32 of the id (computed by hand here: offset basis,
	// then xor and multiply by the FNV prime per byte).
	h := uint32(2166136261)
	for _, c := range []byte("tester") {
		h ^= uint32(c)
		h *= 16777619
	}
	if o := OwnerOf("tester"); o.Discord || o.ID != uint64(h) || o.String() != "h"+strconv.FormatUint(uint64(h), 36) {
		t.Errorf("OwnerOf(tester) = %+v, want the hash %d", o, h)
	}
	for _, bad := range []string{"", "h", "x1", "01", "hZZ", "18446744073709551616", "h-1"} {
		if _, ok := ParseOwner(bad); ok {
			t.Errorf("ParseOwner(%q)", bad)
		}
	}
	if m := OwnerOf("123").Mention(); m != "<@123>" {
		t.Errorf("mention %q", m)
	}
	if who, no := OwnerOf("123").Stranger("456", "someone"); !no || who != "<@123>" {
		t.Errorf("a stranger to a Discord owner: %q %v", who, no)
	}
	if who, no := OwnerOf("local").Stranger("other", "someone"); !no || who != "someone" {
		t.Errorf("a stranger to a hashed owner: %q %v", who, no)
	}
	if _, no := OwnerOf("local").Stranger("local", "someone"); no {
		t.Error("the owner is a stranger")
	}
}

func FuzzOpen(f *testing.F) {
	k := Loopback()
	f.Add(k.Seal("orbs/2/5x5.1.0.0.h1.r0"))
	f.Add("a~b")
	f.Fuzz(func(t *testing.T, s string) {
		if got, ok := k.Open(s); ok && k.Seal(got) != s {
			t.Fatalf("opened %q to %q, which seals differently", s, got)
		}
	})
}

// flipLast changes the last character of s.
func flipLast(s string) string {
	if s[len(s)-1] == 'A' {
		return s[:len(s)-1] + "B"
	}
	return s[:len(s)-1] + "A"
}

func TestDerive(t *testing.T) {
	a, b := NewKey("secret one, long enough"), NewKey("secret two, long enough")
	if !a.Derive("dice").Valid() {
		t.Fatal("a derived key is not valid")
	}
	once, twice := a.Derive("dice"), a.Derive("dice")
	if once.Tag(8, "x") != twice.Tag(8, "x") {
		t.Error("deriving twice gives two keys")
	}
	for _, other := range []Key{a, b.Derive("dice"), a.Derive("dice2")} {
		if a.Derive("dice").Tag(8, "x") == other.Tag(8, "x") {
			t.Error("a derived key equals another key")
		}
	}
}

func TestRoute(t *testing.T) {
	r := Route{Game: "orbs", Version: 3}
	k := Loopback()
	if r.Prefix() != "orbs/3/" || strings.Join(r.Older(), " ") != "orbs/1/{rest...} orbs/2/{rest...}" {
		t.Errorf("prefix %q, older %v", r.Prefix(), r.Older())
	}
	id := r.Seal(k, "5x5.1")
	if s, ok := r.Open(k, id); !ok || s != "5x5.1" {
		t.Errorf("open %q %v", s, ok)
	}
	for _, bad := range []string{
		NewKey("another bot's secret").Seal("orbs/3/5x5.1"), // not our key
		k.Seal("orbs/2/5x5.1"),                              // another version
		k.Seal("coins/3/5x5.1"),                             // another game
		"orbs/3/5x5.1",                                      // not sealed
	} {
		if _, ok := r.Open(k, bad); ok {
			t.Errorf("opened %q", bad)
		}
	}
	if len((Route{Game: "x", Version: 1}).Older()) != 0 {
		t.Error("version 1 has older versions")
	}
}
