package players

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/alea-bot/alea/commands"
)

// nameProblem says what is wrong with the players option.
type nameProblem int

const (
	nameTooLong nameProblem = iota + 1
	nameNotText
	nameBadChar
	nameSpaces
	nameTwice
	nameNone
	nameTooMany
	nameInvisible
)

// nameError is a players option the game refuses: the problem, the name
// and, for nameBadChar, the character; for nameTooMany, the count of seats.
type nameError struct {
	problem nameProblem
	name    string
	char    rune
	count   int
}

// Error describes the problem in English, for logs.
func (e *nameError) Error() string {
	switch e.problem {
	case nameTooLong:
		return "name " + e.name + " is too long"
	case nameBadChar:
		return "name " + e.name + " has " + string(e.char)
	case nameInvisible:
		return "name " + visible(e.name) + " has the invisible or direction-changing " + codePoint(e.char)
	case nameTwice:
		return "name " + e.name + " is given twice"
	case nameNone:
		return "no names"
	case nameTooMany:
		return "too many seats"
	}
	return "bad name " + e.name
}

var (
	msgBadPlayers = commands.T("Bad players: %s. Give up to %d seats separated by commas: @mentions, names, or alea, like \"@Ann, Bob, alea\".",
		"플레이어가 잘못되었습니다: %s. 쉼표로 구분해 최대 %d명까지 쓰세요. @멘션, 이름, alea를 쓸 수 있습니다. 예: \"@민수, 지영, alea\".",
		"プレイヤーが正しくありません: %s。カンマ区切りで最大%d人まで書いてください。@メンション、名前、alea が使えます。例: \"@太郎, 花子, alea\"。")
	msgTooManyPlayers = commands.T("%d players, at most %d", "%d명 (최대 %d명)", "%d人（最大%d人）")

	msgNameTooLong = commands.T("the name %s is too long: a name holds up to %d Latin letters, or %d Korean or Japanese characters",
		"이름 %s이(가) 너무 깁니다. 이름은 영문 %d자, 한글이나 일본어 %d자까지 쓸 수 있습니다",
		"名前 %s が長すぎます。名前は英字なら%d文字、日本語や韓国語なら%d文字までです")
	msgNameNotText = commands.T("a name is not readable text", "읽을 수 없는 이름이 있습니다", "読めない名前があります")
	msgNameBadChar = commands.T("the name %s has %s, which names may not contain", "이름에는 %[2]s 문자를 쓸 수 없습니다(%[1]s)", "名前に %[2]s は使えません（%[1]s）")
	msgNameSpaces  = commands.T("the name %s has spaces around it", "이름 %s 앞뒤에 공백이 있습니다", "名前 %s の前後に空白があります")
	msgNameTwice   = commands.T("%s is given twice; give every player a different name", "%s이(가) 두 번 있습니다. 플레이어마다 다른 이름을 써 주세요", "%s が2回あります。プレイヤーごとに違う名前にしてください")
	msgNameNone    = commands.T("no name was given", "이름이 없습니다", "名前がありません")

	msgNameInvisible = commands.T("the name %s contains an invisible or text-direction character (%s); type it without that character",
		"이름 %s에 보이지 않는 문자나 글자 방향을 바꾸는 문자(%s)가 들어 있습니다. 그 문자를 빼고 입력해 주세요",
		"名前 %s に、見えない文字か文字の向きを変える文字（%s）が含まれています。その文字を除いて入力してください")
)

// visible is a name without its format characters, safe to show: they
// would be invisible in the reply, or turn it around.
func visible(name string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, name)
}

// codePoint names a character by its code point, as U+202E.
func codePoint(r rune) string { return fmt.Sprintf("U+%04X", r) }

// Reject words a problem of Parse in the user's language (max as given
// to Parse).
func Reject(err error, max int) *commands.UserError {
	var ne *nameError
	if !errors.As(err, &ne) {
		ne = &nameError{problem: nameNotText}
	}
	return commands.RejectEach(func(l commands.Locale) string {
		var what string
		switch ne.problem {
		case nameTooLong:
			what = msgNameTooLong.Format(l, commands.Quote(ne.name), MaxNameBytes, MaxNameBytes/3)
		case nameBadChar:
			what = msgNameBadChar.Format(l, commands.Quote(ne.name), commands.Quote(string(ne.char)))
		case nameInvisible:
			what = msgNameInvisible.Format(l, commands.Quote(visible(ne.name)), codePoint(ne.char))
		case nameSpaces:
			what = msgNameSpaces.Format(l, commands.Quote(ne.name))
		case nameTwice:
			who := commands.Quote(ne.name)
			if mentionPattern.MatchString(ne.name) {
				who = ne.name // a mention shows as the user's name; quoted, as digits
			}
			what = msgNameTwice.Format(l, who)
		case nameNone:
			what = msgNameNone.In(l)
		case nameTooMany:
			what = msgTooManyPlayers.Format(l, ne.count, max)
		default:
			what = msgNameNotText.In(l)
		}
		return msgBadPlayers.Format(l, what, max)
	})
}

// sameName reports whether two player names would be taken for one
// another (case and width aside).
func sameName(a, b string) bool { return strings.EqualFold(a, b) }
