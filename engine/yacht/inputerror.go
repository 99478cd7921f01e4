package yacht

import "fmt"

// InputCode says what is wrong with dice or a sheet a person wrote.
type InputCode int

// The ways ParseDice and ParseSheet reject input.
const (
	// DiceNotFace: Input is a digit that is not a die face (0, 7, 8, 9).
	DiceNotFace InputCode = iota + 1
	// DiceUnexpected: Input is a character that is neither a face nor a
	// separator.
	DiceUnexpected
	// DiceCount: Value is how many faces were read (not five).
	DiceCount
	// SheetTooLong: Limit is the longest sheet read, in bytes.
	SheetTooLong
	// SheetNoScore: Input is the text that has no ":score" after it.
	SheetNoScore
	// SheetNoName: a score with no category name before it.
	SheetNoName
	// SheetBadScore: Input is the category as written, Text the score as
	// written (not a number from 0 to 10000).
	SheetBadScore
	// SheetNoExtraBonus: the rules have no extra five-of-a-kind bonus.
	SheetNoExtraBonus
	// SheetBonusMultiple: Value is the bonus written, Limit the bonus of
	// one extra five-of-a-kind (Value is not a multiple of it).
	SheetBonusMultiple
	// SheetRepeated: Category is written twice.
	SheetRepeated
	// SheetUnknownCategory: Input is the name written; Possible lists the
	// indexes of the rules' categories (all of them).
	SheetUnknownCategory
	// SheetImpossible: Category cannot score Value; Possible lists what it
	// can score.
	SheetImpossible
	// SheetBonusNeedsYacht: a bonus is written but Category (the
	// five-of-a-kind category) does not hold its Value points.
	SheetBonusNeedsYacht
	// SheetTooManyBonuses: Value, the bonus written, is more bonuses than
	// a game has turns.
	SheetTooManyBonuses
)

// InputError is dice or a sheet that ParseDice or ParseSheet rejects: a
// Code and the parameters a message in any language needs. Error gives a
// plain English message for logs and tests.
type InputError struct {
	Code InputCode
	// Input is the offending text as written (whole: callers shorten it).
	Input string
	// Text is a second piece of text, such as a score as written.
	Text string
	// Category is the index of the category concerned (-1: none), Key
	// its key.
	Category int
	Key      string
	// Value is a number the message needs; Limit a bound.
	Value, Limit int
	// Possible are the scores the category can hold (SheetImpossible).
	Possible []int
}

// Error returns the message in English.
func (e *InputError) Error() string {
	switch e.Code {
	case DiceNotFace:
		return fmt.Sprintf("%s is not a die face: faces are 1 to 6", e.Input)
	case DiceUnexpected:
		return fmt.Sprintf("unexpected %q in the dice", e.Input)
	case DiceCount:
		return fmt.Sprintf("need exactly five dice, got %d", e.Value)
	case SheetTooLong:
		return fmt.Sprintf("the sheet is too long (at most %d characters)", e.Limit)
	case SheetNoScore:
		return fmt.Sprintf("%q has no score", e.Input)
	case SheetNoName:
		return "a score without a category name"
	case SheetBadScore:
		return fmt.Sprintf("%s:%s is not a possible score", e.Input, e.Text)
	case SheetNoExtraBonus:
		return "these rules have no extra bonus for further five-of-a-kinds"
	case SheetBonusMultiple:
		return fmt.Sprintf("bonus %d is not a multiple of %d", e.Value, e.Limit)
	case SheetRepeated:
		return fmt.Sprintf("%s appears twice", e.Input)
	case SheetUnknownCategory:
		return fmt.Sprintf("unknown category %q", e.Input)
	case SheetImpossible:
		return fmt.Sprintf("%s cannot score %d (possible: %v)", e.Key, e.Value, e.Possible)
	case SheetBonusNeedsYacht:
		return fmt.Sprintf("the bonus needs %s:%d on the sheet", e.Key, e.Value)
	case SheetTooManyBonuses:
		return fmt.Sprintf("bonus %d is more bonuses than turns", e.Value)
	}
	return fmt.Sprintf("yacht: input error %d", e.Code)
}
