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
		"<@1>, <@!1>":              "twice",
		"A*n":                      "has `*`",
		"Abcdefghijklmnop":         "longer than 15 bytes",
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
