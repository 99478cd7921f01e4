package players

import (
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
)

func TestParse(t *testing.T) {
	seats, err := Parse("<@111111111111111111> <@!222222222222222222>, Ann、민수; alea,ALEA", 6)
	if err != nil {
		t.Fatal(err)
	}
	want := []Seat{{Kind: User, User: 111111111111111111}, {Kind: User, User: 222222222222222222},
		{Kind: Name, Name: "Ann"}, {Kind: Name, Name: "민수"}, {Kind: Alea}, {Kind: Alea}}
	if len(seats) != len(want) {
		t.Fatalf("seats %+v, want %+v", seats, want)
	}
	for i := range want {
		if seats[i] != want[i] {
			t.Errorf("seat %d: %+v, want %+v", i, seats[i], want[i])
		}
	}
}

// Every refusal names its problem, in English here.
func TestRefusals(t *testing.T) {
	for in, want := range map[string]string{
		"Ann, ann":                 "`ann` is given twice",
		"<@1>, <@!1>":              "<@1> is given twice", // the mention, not its digits in code
		"A*n":                      "has `*`",
		"Abcdefghijklmnop":         "too long: a name holds up to 15 Latin letters, or 5 Korean",
		" , ,":                     "no name was given",
		"a, b, c, d, e, f, g":      "7 players, at most 6",
		"<@123456789012345678901>": "not readable text",
	} {
		_, err := Parse(in, 6)
		if err == nil {
			t.Errorf("%q: accepted", in)
			continue
		}
		if got := Reject(err, 6).Localize(commands.English); !strings.Contains(got, want) || !strings.Contains(got, "up to 6 seats") {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestCheckName(t *testing.T) {
	for name, ok := range map[string]bool{
		"Ann": true, "민수": true, "Ann Lee": true, "": true, "123456789012345": true,
		"1234567890123456": false, "a_b": false, "a\tb": false, " Ann": false, "Ann ": false, "a@b": false, "\xff": false,
	} {
		if err := CheckName(name); (err == nil) != ok {
			t.Errorf("%q: %v", name, err)
		}
	}
}

// Names with invisible or direction-changing characters are refused:
// "Ann" and "Ann" with a zero-width space would be two seats that look
// the same, and a right-to-left override turns the rest of a line
// around. The refusal names the character by its code point, shows the
// name without it, and reads naturally in each language.
func TestInvisibleAndDirectionCharactersAreRefused(t *testing.T) {
	for _, c := range []struct{ in, cp string }{
		{"Ann, An\u200bn", "U+200B"},   // zero-width space
		{"Bob\u200d", "U+200D"},        // zero-width joiner
		{"\u202eboB", "U+202E"},        // right-to-left override
		{"Ann\u2066x\u2069", "U+2066"}, // left-to-right isolate
		{"\u200fAnn", "U+200F"},        // right-to-left mark
		{"An\u00adn", "U+00AD"},        // soft hyphen
		{"\ufeffAnn", "U+FEFF"},        // byte-order mark
		{"\u061cAnn", "U+061C"},        // Arabic letter mark
	} {
		_, err := Parse(c.in, 6)
		if err == nil {
			t.Errorf("%q: accepted", c.in)
			continue
		}
		for l, want := range map[commands.Locale]string{
			commands.English:  "an invisible or text-direction character (" + c.cp + ")",
			commands.Korean:   "보이지 않는 문자나 글자 방향을 바꾸는 문자(" + c.cp + ")",
			commands.Japanese: "見えない文字か文字の向きを変える文字（" + c.cp + "）",
		} {
			got := Reject(err, 6).Localize(l)
			if !strings.Contains(got, want) {
				t.Errorf("%q in %s: %q, want %q", c.in, l, got, want)
			}
			for _, r := range got {
				if r >= 0x200b && r <= 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0xfeff || r == 0x61c || r == 0xad {
					t.Errorf("%q in %s: the refusal itself carries %U", c.in, l, r)
				}
			}
		}
	}
}

// Names are compared and kept in one normal form (NFC): "é" typed as one
// character and as "e" and a combining accent are the same name, so they
// cannot make two seats that look the same.
func TestNamesAreNormalised(t *testing.T) {
	seats, err := Parse("Ren\u00e9e", 6) // é precomposed
	if err != nil || len(seats) != 1 || seats[0].Name != "Ren\u00e9e" {
		t.Fatalf("precomposed: %+v, %v", seats, err)
	}
	seats, err = Parse("Rene\u0301e", 6) // e + combining acute
	if err != nil || len(seats) != 1 || seats[0].Name != "Ren\u00e9e" {
		t.Fatalf("decomposed: %+v, %v; want the precomposed spelling", seats, err)
	}
	if _, err := Parse("Ren\u00e9e, Rene\u0301e", 6); err == nil || !strings.Contains(Reject(err, 6).Localize(commands.English), "given twice") {
		t.Errorf("the two spellings of one name made two seats: %v", err)
	}
	// Hangul typed as jamo is composed into syllables.
	if seats, err := Parse("\u1100\u1161", 6); err != nil || seats[0].Name != "가" {
		t.Errorf("jamo: %+v, %v", seats, err)
	}
}
