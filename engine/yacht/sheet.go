package yacht

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Sheet is a score sheet: the score of each filled category under a rule
// set, and the extra-Yacht bonuses earned (Yahtzee).
type Sheet struct {
	Rules *Rules
	// Scores[i] is the score of category i, or -1 when it is empty.
	Scores []int
	// ExtraBonus is the total of extra-Yacht bonuses earned so far.
	ExtraBonus int
}

// NewSheet returns an empty sheet.
func NewSheet(r *Rules) Sheet {
	s := Sheet{Rules: r, Scores: make([]int, len(r.Categories))}
	for i := range s.Scores {
		s.Scores[i] = -1
	}
	return s
}

// State returns the sheet's class s/∼: filled categories, upper total and
// whether the Yacht box holds points.
func (s Sheet) State() State {
	var st State
	for i, v := range s.Scores {
		if v < 0 {
			continue
		}
		st.Filled |= 1 << uint(i)
		c := &s.Rules.Categories[i]
		if c.Kind == KindUpper {
			st.Upper += v
		}
		if c.Kind == KindYacht && v > 0 {
			st.YachtBonus = true
		}
	}
	return st
}

// UpperTotal is the sum of the upper-section scores.
func (s Sheet) UpperTotal() int {
	u := 0
	for i, v := range s.Scores {
		if v > 0 && s.Rules.Categories[i].Kind == KindUpper {
			u += v
		}
	}
	return u
}

// UpperBonus is the upper bonus the sheet has earned (0 or BonusPoints).
func (s Sheet) UpperBonus() int {
	if s.UpperTotal() >= s.Rules.BonusThreshold {
		return s.Rules.BonusPoints
	}
	return 0
}

// Total is σ(s): every score plus the bonuses earned.
func (s Sheet) Total() int {
	t := s.ExtraBonus + s.UpperBonus()
	for _, v := range s.Scores {
		if v > 0 {
			t += v
		}
	}
	return t
}

// Filled counts the filled categories.
func (s Sheet) Filled() int {
	n := 0
	for _, v := range s.Scores {
		if v >= 0 {
			n++
		}
	}
	return n
}

// Fill returns a copy of the sheet with a scoring applied.
func (s Sheet) Fill(sc Scoring) Sheet {
	out := Sheet{Rules: s.Rules, Scores: append([]int(nil), s.Scores...), ExtraBonus: s.ExtraBonus + sc.ExtraBonus}
	out.Scores[sc.Category] = sc.Points
	return out
}

// String writes the sheet in the form ParseSheet reads, in category order.
func (s Sheet) String() string {
	var parts []string
	for i, v := range s.Scores {
		if v >= 0 {
			parts = append(parts, fmt.Sprintf("%s:%d", s.Rules.Categories[i].Key, v))
		}
	}
	if s.ExtraBonus > 0 {
		parts = append(parts, fmt.Sprintf("%s:%d", extraBonusKey, s.ExtraBonus))
	}
	return strings.Join(parts, " ")
}

// extraBonusKey names the extra-Yacht bonus total in a sheet.
const extraBonusKey = "yahtzee_bonus"

// Aliases are the names a sheet may give categories beside their keys:
// each name stands for the first of its keys that a rule set has ("ones"
// for Yacht's aces and Yatzy's ones). Names are compared in lower case
// without spaces, '_', '-', '.', '·', '・' or '．'. The engine knows no
// name of its own: the words of every language reach ParseSheet as an
// Aliases table.
type Aliases struct {
	keys map[string][]string
}

// Add lets each of names stand for the first of keys a rule set has.
// A name added again adds its keys after the earlier ones.
func (a *Aliases) Add(keys []string, names ...string) {
	if a.keys == nil {
		a.keys = map[string][]string{}
	}
	for _, n := range names {
		n = normaliseName(n)
		a.keys[n] = append(a.keys[n], keys...)
	}
}

// normaliseName lower-cases and drops spaces, '_', '-', '.', '·'.
func normaliseName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsSpace(r) || r == '_' || r == '-' || r == '.' || r == '·' || r == '・' || r == '．' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lookup resolves a category name of rules r: a key, or (a non-nil) a's
// name for one.
func (a *Aliases) lookup(r *Rules, name string) (int, bool) {
	n := normaliseName(name)
	for i := range r.Categories {
		if normaliseName(r.Categories[i].Key) == n {
			return i, true
		}
	}
	if a == nil {
		return -1, false
	}
	for _, k := range a.keys[n] {
		if i := r.CategoryIndex(k); i >= 0 {
			return i, true
		}
	}
	return -1, false
}

// maxSheetLen bounds the text ParseSheet reads.
const maxSheetLen = 1000

// ParseSheet reads a sheet whose categories are written by their keys, as
// Sheet.String writes it: a.ParseSheet with no aliases.
func ParseSheet(r *Rules, text string) (Sheet, error) {
	var a *Aliases
	return a.ParseSheet(r, text)
}

// ParseSheet reads a sheet such as "aces:3 twos:6 choice:22 yacht:0"
// (also "name=score", separated by spaces, commas (also "、") or
// semicolons; names may contain spaces, "full house:25"). A category is
// written by its key or by a name of a (which may be nil: keys only).
// Scores that the category cannot hold (aces:7, twos:3) and repeated
// categories are rejected with an *InputError. Under rules with
// extra-Yacht bonuses, "yahtzee_bonus:200" records bonuses earned.
func (a *Aliases) ParseSheet(r *Rules, text string) (Sheet, error) {
	s := NewSheet(r)
	if len(text) > maxSheetLen {
		return s, &InputError{Code: SheetTooLong, Limit: maxSheetLen, Category: -1}
	}
	rest := strings.TrimSpace(text)
	for rest != "" {
		sep := strings.IndexAny(rest, ":=")
		if sep < 0 {
			return s, &InputError{Code: SheetNoScore, Input: strings.TrimSpace(rest), Category: -1}
		}
		name := strings.Trim(rest[:sep], " \t\r\n,;、")
		rest = strings.TrimLeft(rest[sep+1:], " \t")
		j := 0
		for j < len(rest) && (rest[j] >= '0' && rest[j] <= '9' || (j == 0 && (rest[j] == '-' || rest[j] == '+'))) {
			j++
		}
		numText := rest[:j]
		rest = strings.TrimLeft(rest[j:], " \t\r\n,;、")
		if name == "" {
			return s, &InputError{Code: SheetNoName, Category: -1}
		}
		if numText == "" || numText == "-" || numText == "+" {
			return s, &InputError{Code: SheetNoScore, Input: name, Category: -1}
		}
		v, err := strconv.Atoi(numText)
		if err != nil || v < 0 || v > 10000 {
			return s, &InputError{Code: SheetBadScore, Input: name, Text: numText, Category: -1}
		}
		if normaliseName(name) == normaliseName(extraBonusKey) || normaliseName(name) == "bonus" && r.ExtraYachtBonus > 0 {
			if r.ExtraYachtBonus == 0 {
				return s, &InputError{Code: SheetNoExtraBonus, Category: -1}
			}
			if v%r.ExtraYachtBonus != 0 {
				return s, &InputError{Code: SheetBonusMultiple, Value: v, Limit: r.ExtraYachtBonus, Category: -1}
			}
			if s.ExtraBonus != 0 {
				return s, &InputError{Code: SheetRepeated, Input: extraBonusKey, Category: -1}
			}
			s.ExtraBonus = v
			continue
		}
		i, ok := a.lookup(r, name)
		if !ok {
			return s, &InputError{Code: SheetUnknownCategory, Input: name, Category: -1}
		}
		key := r.Categories[i].Key
		if s.Scores[i] >= 0 {
			return s, &InputError{Code: SheetRepeated, Input: key, Category: i, Key: key}
		}
		if !r.possible(i, v) {
			return s, &InputError{Code: SheetImpossible, Category: i, Key: key, Value: v, Possible: r.PossibleScores(i)}
		}
		s.Scores[i] = v
	}
	if s.ExtraBonus > 0 {
		y := r.YachtIndex()
		if y < 0 {
			return s, &InputError{Code: SheetNoExtraBonus, Category: -1}
		}
		if s.Scores[y] <= 0 {
			return s, &InputError{Code: SheetBonusNeedsYacht, Category: y, Key: r.Categories[y].Key, Value: r.Categories[y].Points}
		}
		if s.ExtraBonus/r.ExtraYachtBonus > len(r.Categories)-1 {
			return s, &InputError{Code: SheetTooManyBonuses, Value: s.ExtraBonus, Category: -1}
		}
	}
	return s, nil
}

func (r *Rules) possible(i, v int) bool {
	for _, p := range r.PossibleScores(i) {
		if p == v {
			return true
		}
	}
	return false
}
