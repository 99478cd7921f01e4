package players

import (
	"reflect"
	"testing"
)

// "@Name" seats become the known user's mention, whatever the case; an
// unknown "@Name" a name seat; mentions, names and alea stay; and the
// result parses into the seats written by hand here.
func TestMentions(t *testing.T) {
	known := map[string]string{"Ann": "101", "Bob": "102", "Chloe": "103", "Bad": "x1"}
	cases := []struct {
		in   string
		want []Seat
	}{
		{"@Ann, @Bob, alea", []Seat{{Kind: User, User: 101}, {Kind: User, User: 102}, {Kind: Alea}}},
		{"@ann,@CHLOE", []Seat{{Kind: User, User: 101}, {Kind: User, User: 103}}},
		{"@Dora, Bob, <@555>alea", []Seat{{Kind: Name, Name: "Dora"}, {Kind: Name, Name: "Bob"}, {Kind: User, User: 555}, {Kind: Alea}}},
		{"@ Ann、민수", []Seat{{Kind: User, User: 101}, {Kind: Name, Name: "민수"}}},
		{"@Bad", []Seat{{Kind: Name, Name: "Bad"}}},
		// Seats picked from Discord's list come separated by spaces.
		{"@Ann @Bob alea", []Seat{{Kind: User, User: 101}, {Kind: User, User: 102}, {Kind: Alea}}},
		{"alea @Chloe  @Dora Lee", []Seat{{Kind: Alea}, {Kind: User, User: 103}, {Kind: Name, Name: "Dora Lee"}}},
		{"<@555> <@556> alea", []Seat{{Kind: User, User: 555}, {Kind: User, User: 556}, {Kind: Alea}}},
		// Without "@", a name may hold spaces.
		{"Grandma Kim, alea", []Seat{{Kind: Name, Name: "Grandma Kim"}, {Kind: Alea}}},
	}
	for _, c := range cases {
		got, err := Parse(Mentions(c.in, known), 6)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q → %q: %+v, %v; want %+v", c.in, Mentions(c.in, known), got, err, c.want)
		}
	}
	if got := Mentions("Ann, alea", known); got != "Ann, alea" {
		t.Errorf("without @: %q", got)
	}
	// Without known users (a transport that knows none), the README's
	// example is still a table: of names.
	got, err := Parse(Mentions("@Ann, @Bob, alea", nil), 6)
	if err != nil || len(got) != 3 || got[0] != (Seat{Kind: Name, Name: "Ann"}) {
		t.Errorf("%+v %v", got, err)
	}
	// The same user twice is refused as before.
	if _, err := Parse(Mentions("@Ann, <@101>", known), 6); err == nil {
		t.Error("Ann twice accepted")
	}
}
