package seal

import (
	"strings"
	"testing"
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
		o := Owner(id)
		if !ValidOwner(o) {
			t.Errorf("Owner(%q) = %q is not valid", id, o)
		}
	}
	if Owner("18446744073709551615") != "18446744073709551615" {
		t.Error("a Discord id is not kept as it is")
	}
	for _, bad := range []string{"", "h", "x1", "01", "hZZ", "18446744073709551616", "h-1"} {
		if ValidOwner(bad) {
			t.Errorf("ValidOwner(%q)", bad)
		}
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
