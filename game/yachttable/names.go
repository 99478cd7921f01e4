package yachttable

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alea-bot/alea/engine/yacht"
)

// MaxNameBytes is the longest seat name, in bytes of UTF-8 (the state
// stores the length in four bits).
const MaxNameBytes = 15

// NameProblem is what is wrong with a seat's name.
type NameProblem int

// The problems of a name.
const (
	NameOK      NameProblem = iota // nothing
	NameTooLong                    // more than MaxNameBytes
	NameNotText                    // not UTF-8
	NameBadChar                    // a control, markdown or mention character
	NameSpaces                     // a space at either end
)

// CheckName returns what is wrong with a seat's name, and for NameBadChar
// the character: at most MaxNameBytes of UTF-8, no control, markdown or
// mention character, no space at either end.
func CheckName(s string) (NameProblem, rune) {
	if len(s) > MaxNameBytes {
		return NameTooLong, 0
	}
	if !utf8.ValidString(s) {
		return NameNotText, 0
	}
	for _, r := range s {
		if unicode.IsControl(r) || strings.ContainsRune("*_`~|<>@#:\\", r) || unicode.IsSpace(r) && r != ' ' {
			return NameBadChar, r
		}
	}
	if strings.TrimSpace(s) != s {
		return NameSpaces, 0
	}
	return NameOK, 0
}

// YachtBox returns the index of r's Yacht category (five of a kind), or -1.
func YachtBox(r *yacht.Rules) int {
	for i := range r.Categories {
		if r.Categories[i].Kind == yacht.KindYacht {
			return i
		}
	}
	return -1
}
