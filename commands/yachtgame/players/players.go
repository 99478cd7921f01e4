// Package players reads the players option of /yacht start: Discord
// mentions, names and alea, separated by commas; the rules a name follows;
// and what is wrong with the option, in the user's language.
package players

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/alea-bot/alea/game/yachttable"
	"golang.org/x/text/unicode/norm"
)

// MaxNameBytes is the longest name, in bytes of UTF-8 (a game's state
// stores the length in four bits).
const MaxNameBytes = yachttable.MaxNameBytes

// Kind is who sits in a seat.
type Kind int

// The kinds of seat.
const (
	Name Kind = iota // a person without Discord, by name; the caller presses for them
	User             // a Discord user, who presses for themself
	Alea             // Alea, which plays the seat's turns itself
)

// Seat is one seat the option names: User for a Discord user, Name for a
// name.
type Seat struct {
	Kind Kind
	User uint64
	Name string
}

// mentionPattern is a user mention as Discord writes it in a string option.
var mentionPattern = regexp.MustCompile(`<@!?([0-9]{1,20})>`)

// Parse reads the players option: Discord mentions, names and alea,
// separated by commas (mentions need none), at most max seats.
func Parse(s string, max int) ([]Seat, error) {
	var seats []Seat
	users := map[uint64]bool{}
	for _, part := range splitSeats(s) {
		n := part
		switch {
		case n == "":
			continue
		case strings.HasPrefix(n, "<@"):
			id, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimPrefix(n, "<@"), ">"), 10, 64)
			if err != nil {
				return nil, &nameError{problem: nameNotText}
			}
			if users[id] {
				return nil, &nameError{problem: nameTwice, name: n}
			}
			users[id] = true
			seats = append(seats, Seat{Kind: User, User: id})
		case strings.EqualFold(n, "alea"):
			seats = append(seats, Seat{Kind: Alea})
		default:
			// One spelling per name: "é" typed as one character or as
			// "e" and an accent is the same name.
			n = norm.NFC.String(n)
			if err := CheckName(n); err != nil {
				return nil, err
			}
			for _, p := range seats {
				if p.Kind == Name && sameName(p.Name, n) {
					return nil, &nameError{problem: nameTwice, name: n}
				}
			}
			seats = append(seats, Seat{Kind: Name, Name: n})
		}
	}
	if len(seats) == 0 {
		return nil, &nameError{problem: nameNone}
	}
	if len(seats) > max {
		return nil, &nameError{problem: nameTooMany, count: len(seats)}
	}
	return seats, nil
}

// splitSeats cuts a players option into its seats, spaces inside each
// collapsed: at commas (also full-width ones, 、 and ;), around each
// mention, and — so that "@Ann @Bob alea" is three seats, as a user
// types who picks names from Discord's list — before each word that
// starts with "@" and around the word alea beside such a seat. A name
// without "@" may hold spaces ("Grandma Kim, alea").
func splitSeats(s string) []string {
	s = mentionPattern.ReplaceAllString(s, ",<@$1>,")
	s = strings.NewReplacer("，", ",", "、", ",", ";", ",").Replace(s)
	var out []string
	for _, part := range strings.Split(s, ",") {
		words := strings.Fields(part)
		at := false
		for _, w := range words {
			at = at || strings.HasPrefix(w, "@")
		}
		var cur []string
		flush := func() {
			if len(cur) > 0 {
				out = append(out, strings.Join(cur, " "))
				cur = nil
			}
		}
		for _, w := range words {
			switch {
			case at && strings.HasPrefix(w, "@"):
				flush()
				cur = append(cur, w)
			case at && strings.EqualFold(w, "alea"):
				flush()
				out = append(out, w)
			default:
				cur = append(cur, w)
			}
		}
		flush()
	}
	return out
}

// CheckName accepts a player name: at most MaxNameBytes of UTF-8 without
// control characters, markdown or mention characters (the rule is the
// table's: yachttable.CheckName), nor invisible or direction-changing ones
// (Unicode's format characters: zero-width spaces and joiners, bidi marks,
// embeddings, overrides and isolates), which make two seats look the same
// or turn a line around.
func CheckName(s string) error {
	for _, r := range s {
		if unicode.Is(unicode.Cf, r) {
			return &nameError{problem: nameInvisible, name: s, char: r}
		}
	}
	switch problem, r := yachttable.CheckName(s); problem {
	case yachttable.NameTooLong:
		return &nameError{problem: nameTooLong, name: s}
	case yachttable.NameNotText:
		return &nameError{problem: nameNotText}
	case yachttable.NameBadChar:
		return &nameError{problem: nameBadChar, name: s, char: r}
	case yachttable.NameSpaces:
		return &nameError{problem: nameSpaces, name: s}
	}
	return nil
}
