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

// aliases maps a normalised name to a concept; each rule set maps concepts to
// its categories.
var aliases = buildAliases()

func buildAliases() map[string]string {
	aliases := map[string]string{}
	add := func(concept string, names ...string) {
		for _, n := range names {
			aliases[normaliseName(n)] = concept
		}
	}
	add("upper1", "aces", "ace", "ones", "one", "1s", "하나", "1의 눈", "에이스", "원", "エース", "ワン", "1の目")
	add("upper2", "twos", "two", "deuces", "deuce", "2s", "둘", "2의 눈", "듀스", "투", "デュース", "ツー", "2の目")
	add("upper3", "threes", "three", "treys", "trey", "3s", "셋", "3의 눈", "트레이", "쓰리", "스리", "トレイ", "スリー", "3の目")
	add("upper4", "fours", "four", "4s", "넷", "4의 눈", "포", "フォー", "4の目")
	add("upper5", "fives", "five", "5s", "다섯", "5의 눈", "파이브", "ファイブ", "5の目")
	add("upper6", "sixes", "six", "6s", "여섯", "6의 눈", "식스", "シックス", "6の目")
	add("chance", "choice", "chance", "초이스", "찬스", "チョイス", "チャンス")
	add("3k", "three_of_a_kind", "3_of_a_kind", "3k", "3oak", "trips", "threekind", "트리플", "쓰리 오브 어 카인드", "스리 오브 어 카인드", "스리카드", "쓰리카드", "スリーカード", "スリーオブアカインド")
	add("4k", "four_of_a_kind", "4_of_a_kind", "4k", "4oak", "quads", "fourkind", "four_dice", "포 오브 어 카인드", "포카드", "포 다이스", "포다이스", "フォーカード", "フォーダイス", "フォーオブアカインド")
	add("fh", "full_house", "fullhouse", "fh", "풀 하우스", "풀하우스", "フルハウス")
	add("ss", "small_straight", "s_straight", "sm_straight", "little_straight", "ss", "스몰 스트레이트", "S. 스트레이트", "リトルストレート", "スモールストレート", "S.ストレート", "Sストレート")
	add("ls", "large_straight", "big_straight", "l_straight", "b_straight", "lg_straight", "ls", "bs", "라지 스트레이트", "빅 스트레이트", "B. 스트레이트", "L. 스트레이트", "ラージストレート", "ビッグストレート", "B.ストレート", "L.ストレート", "Bストレート", "Lストレート")
	add("yacht", "yacht", "yahtzee", "yatzy", "요트", "야추", "야찌", "ヨット", "ヤッツィー")
	add("pair", "one_pair", "pair", "1pair", "원 페어", "원페어", "페어", "ワンペア")
	add("twopairs", "two_pairs", "two_pair", "2pairs", "2pair", "투 페어", "투페어", "ツーペア")
	return aliases
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

// lookupCategory resolves a category name (key, English, Korean or Japanese
// name or alias) for rules r.
func (r *Rules) lookupCategory(name string) (int, bool) {
	n := normaliseName(name)
	for i := range r.Categories {
		c := &r.Categories[i]
		if normaliseName(c.Key) == n {
			return i, true
		}
		for _, l := range c.Label {
			if normaliseName(l) == n {
				return i, true
			}
		}
	}
	if concept, ok := aliases[n]; ok {
		for i := range r.Categories {
			if r.Categories[i].concept == concept {
				return i, true
			}
		}
	}
	return -1, false
}

// LookupCategory resolves a category name in any supported language to its
// index, or -1.
func (r *Rules) LookupCategory(name string) int {
	i, _ := r.lookupCategory(name)
	return i
}

// maxSheetLen bounds the text ParseSheet reads.
const maxSheetLen = 1000

// ParseSheet reads a sheet such as "aces:3 twos:6 choice:22 yacht:0"
// (also "name=score", separated by spaces, commas (also "、") or semicolons; names may
// contain spaces, e.g. "풀 하우스:25"). Category names may be keys or English,
// Korean or Japanese names and common aliases. Scores that the category
// cannot hold (aces:7, twos:3) and repeated categories are rejected. Under
// rules with extra-Yacht bonuses, "yahtzee_bonus:200" records bonuses
// earned.
func ParseSheet(r *Rules, text string) (Sheet, error) {
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
		i, ok := r.lookupCategory(name)
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
