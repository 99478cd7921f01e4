package yacht

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
)

// Kind says how a category scores a pattern.
type Kind uint8

const (
	// KindUpper scores Face times the number of dice showing Face.
	KindUpper Kind = iota
	// KindChance scores the sum of all dice.
	KindChance
	// KindOfAKind needs at least Count equal dice and scores the sum of all
	// five (Yacht, Yahtzee).
	KindOfAKind
	// KindOfAKindMatched needs at least Count equal dice and scores the sum
	// of Count of them, the highest face that qualifies (Yatzy's pairs,
	// three and four of a kind).
	KindOfAKindMatched
	// KindTwoPairs needs two pairs of different faces and scores those four
	// dice, the two highest pairs (Yatzy).
	KindTwoPairs
	// KindTwoPairsLenient scores twice the highest pair plus twice the next
	// pair, 0 for a missing pair, so a single pair also scores (the scoring
	// in Larsson & Sjöberg's code).
	KindTwoPairsLenient
	// KindFullHouse needs three of one face and two of another (or five
	// equal when FiveOfAKind is set) and scores Points, or the sum of all
	// dice when Points is 0.
	KindFullHouse
	// KindStraight needs the dice to contain one of Runs and scores Points.
	KindStraight
	// KindYacht needs five equal dice and scores Points.
	KindYacht
)

// Category is one box of the score sheet.
type Category struct {
	// Key is the stable name used in sheets, options and data output.
	Key string
	// Kind and the fields below define the scoring.
	Kind Kind
	// Face is the face counted by an upper category.
	Face int
	// Count is the number of equal dice an of-a-kind category needs.
	Count int
	// Points is the fixed score (straights, Yacht, fixed full houses).
	Points int
	// Runs lists the face sets (bit f-1 for face f) a straight accepts.
	Runs []uint8
	// FiveOfAKind makes five equal dice count as a full house.
	FiveOfAKind bool
}

// Upper reports whether the category belongs to the upper section (counts
// towards the bonus).
func (c *Category) Upper() bool { return c.Kind == KindUpper }

// PointsFor returns σ_c(ω): the category's score for the pattern, without bonus
// or joker.
func (c *Category) PointsFor(p Counts) int {
	switch c.Kind {
	case KindUpper:
		return c.Face * int(p[c.Face-1])
	case KindChance:
		return p.Sum()
	case KindOfAKind:
		for _, x := range p {
			if int(x) >= c.Count {
				if c.Points != 0 {
					return c.Points
				}
				return p.Sum()
			}
		}
	case KindOfAKindMatched:
		for f := 6; f >= 1; f-- {
			if int(p[f-1]) >= c.Count {
				return c.Count * f
			}
		}
	case KindTwoPairs, KindTwoPairsLenient:
		s, n := 0, 0
		for f := 6; f >= 1 && n < 2; f-- {
			if p[f-1] >= 2 {
				s += 2 * f
				n++
			}
		}
		if n == 2 || c.Kind == KindTwoPairsLenient {
			return s
		}
	case KindFullHouse:
		three, two, five := false, false, false
		for _, x := range p {
			switch x {
			case 3:
				three = true
			case 2:
				two = true
			case 5:
				five = true
			}
		}
		if (three && two) || (five && c.FiveOfAKind) {
			if c.Points != 0 {
				return c.Points
			}
			return p.Sum()
		}
	case KindStraight:
		var have uint8
		for i, x := range p {
			if x > 0 {
				have |= 1 << i
			}
		}
		for _, r := range c.Runs {
			if have&r == r {
				return c.Points
			}
		}
	case KindYacht:
		for _, x := range p {
			if x == NumDice {
				return c.Points
			}
		}
	}
	return 0
}

// jokerPoints is what a lower category scores for five equal dice under the
// joker rule: fixed-value boxes (full house, straights) at full value, sum
// boxes as usual.
func (c *Category) jokerPoints(p Counts) int {
	switch c.Kind {
	case KindFullHouse, KindStraight:
		if c.Points != 0 {
			return c.Points
		}
		return p.Sum()
	}
	return c.PointsFor(p)
}

// Joker says what five equal dice may score when the Yacht box is already
// filled.
type Joker uint8

const (
	// NoJoker: five equal dice score like any other roll.
	NoJoker Joker = iota
	// ForcedJoker is Hasbro's official rule: the upper box of that face if it
	// is open; otherwise any open lower box, full house and straights at full
	// value; otherwise zero in an open upper box.
	ForcedJoker
	// FreeJoker is the reading of Verhoeff's 1999 solution (254.5896): any
	// open box may be chosen; full house and straights score full value
	// only when the upper box of that face is filled.
	FreeJoker
)

// Rules is a rule set as data. Categories[i] is category i; the bits of
// State.Filled follow this order.
type Rules struct {
	// Key names the rule set ("yacht", "yahtzee", ...); tables are cached by
	// it, so a modified rule set must get its own key.
	Key        string
	Categories []Category
	// BonusThreshold (at most 63) and BonusPoints: the upper-section bonus.
	BonusThreshold, BonusPoints int
	// ExtraYachtBonus is scored for each further five of a kind while the
	// Yacht box holds its points (Yahtzee: 100).
	ExtraYachtBonus int
	// Joker is the rule for five equal dice once the Yacht box is filled.
	Joker Joker
	// JokerNeedsPoints applies the joker only when the Yacht box holds its
	// points (not when it was scratched with 0).
	JokerNeedsPoints bool
}

// The keys of the base rule sets and of their options. A preset's key is
// its base, or its base and one option joined by "+"
// ("yacht+fullhouse_yacht").
const (
	Yacht   = "yacht"
	Pancht  = "pancht"
	Yahtzee = "yahtzee"
	Yatzy   = "yatzy"
	// FullHouseYacht is the option that lets five equal dice count as a
	// Full House in the yacht preset ("yacht+fullhouse_yacht").
	FullHouseYacht = "fullhouse_yacht"
	// FreeJokerOption selects Verhoeff's joker reading for yahtzee
	// ("yahtzee+free_joker"), the rules of the published 254.5896.
	FreeJokerOption = "free_joker"
	// LenientTwoPairs lets a single pair score in Yatzy's Two Pairs (twice
	// the pair), the scoring in Larsson & Sjöberg's code that gives their
	// published 248.63 ("yatzy+lenient_two_pairs").
	LenientTwoPairs = "lenient_two_pairs"
)

// presets is the registry of the rule sets players choose from, by key,
// in their fixed order (Presets).
var presets = []string{
	Yacht, Yacht + "+" + FullHouseYacht, Pancht,
	Yahtzee, Yahtzee + "+" + FreeJokerOption, Yatzy,
}

// Presets returns the key of every rule set players choose from, in a
// fixed order: a preset keeps its place for good (a game's sealed state
// names its rule set by its place here), and new presets are appended.
// Preset also builds the rule sets kept for checking published values
// (yatzy+lenient_two_pairs), which are not offered.
func Presets() []string { return append([]string(nil), presets...) }

// PresetNames returns the base rule sets, the presets without an option:
// Yacht, Pancht, Yahtzee and Yatzy.
func PresetNames() []string {
	var out []string
	for _, k := range presets {
		if !strings.Contains(k, "+") {
			out = append(out, k)
		}
	}
	return out
}

// IsPreset reports whether key is one of Presets.
func IsPreset(key string) bool {
	for _, k := range presets {
		if k == key {
			return true
		}
	}
	return false
}

// BaseOf returns the base rule set of a preset key: "yacht" for
// "yacht+fullhouse_yacht".
func BaseOf(key string) string {
	base, _, _ := strings.Cut(key, "+")
	return base
}

// PresetCode says why Preset refuses a key.
type PresetCode int

// The ways Preset refuses a key.
const (
	// PresetUnknown: the base is none of Yacht, Pancht, Yahtzee, Yatzy.
	PresetUnknown PresetCode = iota + 1
	// PresetUnknownOption: the option is none of the known options.
	PresetUnknownOption
	// PresetOptionElsewhere: the option belongs to another base
	// (Base is the base it applies to).
	PresetOptionElsewhere
)

// PresetError is a rule-set key that Preset refuses: a Code and the
// parameters a message needs. Error gives a plain English message for
// logs and tests.
type PresetError struct {
	Code PresetCode
	// Key is the key as asked; Option the option in it.
	Key, Option string
	// Base is the base the option applies to (PresetOptionElsewhere).
	Base string
}

// Error returns the message in English.
func (e *PresetError) Error() string {
	switch e.Code {
	case PresetUnknownOption:
		return fmt.Sprintf("yacht: unknown rules option %q in %q", e.Option, e.Key)
	case PresetOptionElsewhere:
		return fmt.Sprintf("yacht: the %s option applies to the %s rules only", e.Option, e.Base)
	}
	return fmt.Sprintf("yacht: unknown rules %q", e.Key)
}

func upper(face int, key string) Category {
	return Category{Key: key, Kind: KindUpper, Face: face}
}

var (
	runsSmall4 = []uint8{0b001111, 0b011110, 0b111100}
	runsLarge5 = []uint8{0b011111, 0b111110}
)

// upperSix is the upper section, faces 1 to 6, under these keys.
func upperSix(ones string) []Category {
	return []Category{upper(1, ones), upper(2, "twos"), upper(3, "threes"), upper(4, "fours"), upper(5, "fives"), upper(6, "sixes")}
}

// Preset returns a fresh copy of a preset rule set by its key: one of
// Presets, or yatzy+lenient_two_pairs (case and spaces around it do not
// matter). It refuses any other key with a *PresetError.
func Preset(key string) (*Rules, error) {
	base, opt, _ := strings.Cut(strings.ToLower(strings.TrimSpace(key)), "+")
	var r *Rules
	switch base {
	case Yacht:
		cats := append(upperSix("aces"),
			Category{Key: "choice", Kind: KindChance},
			Category{Key: "four_of_a_kind", Kind: KindOfAKind, Count: 4},
			Category{Key: "full_house", Kind: KindFullHouse},
			Category{Key: "small_straight", Kind: KindStraight, Points: 15, Runs: runsSmall4},
			Category{Key: "large_straight", Kind: KindStraight, Points: 30, Runs: runsLarge5},
			Category{Key: "yacht", Kind: KindYacht, Points: 50},
		)
		r = &Rules{Key: Yacht, Categories: cats, BonusThreshold: 63, BonusPoints: 35}
	case Pancht:
		cats := append(upperSix("aces"),
			Category{Key: "choice", Kind: KindChance},
			Category{Key: "three_of_a_kind", Kind: KindOfAKind, Count: 3},
			Category{Key: "four_of_a_kind", Kind: KindOfAKind, Count: 4},
			Category{Key: "full_house", Kind: KindFullHouse, FiveOfAKind: true},
			Category{Key: "small_straight", Kind: KindStraight, Points: 15, Runs: runsSmall4},
			Category{Key: "large_straight", Kind: KindStraight, Points: 30, Runs: runsLarge5},
			Category{Key: "yacht", Kind: KindYacht, Points: 50},
		)
		r = &Rules{Key: Pancht, Categories: cats, BonusThreshold: 63, BonusPoints: 35}
	case Yahtzee:
		cats := append(upperSix("aces"),
			Category{Key: "three_of_a_kind", Kind: KindOfAKind, Count: 3},
			Category{Key: "four_of_a_kind", Kind: KindOfAKind, Count: 4},
			Category{Key: "full_house", Kind: KindFullHouse, Points: 25},
			Category{Key: "small_straight", Kind: KindStraight, Points: 30, Runs: runsSmall4},
			Category{Key: "large_straight", Kind: KindStraight, Points: 40, Runs: runsLarge5},
			Category{Key: "yahtzee", Kind: KindYacht, Points: 50},
			Category{Key: "chance", Kind: KindChance},
		)
		r = &Rules{Key: Yahtzee, Categories: cats, BonusThreshold: 63, BonusPoints: 35,
			ExtraYachtBonus: 100, Joker: ForcedJoker}
	case Yatzy:
		cats := append(upperSix("ones"),
			Category{Key: "one_pair", Kind: KindOfAKindMatched, Count: 2},
			Category{Key: "two_pairs", Kind: KindTwoPairs},
			Category{Key: "three_of_a_kind", Kind: KindOfAKindMatched, Count: 3},
			Category{Key: "four_of_a_kind", Kind: KindOfAKindMatched, Count: 4},
			Category{Key: "small_straight", Kind: KindStraight, Points: 15, Runs: []uint8{0b011111}},
			Category{Key: "large_straight", Kind: KindStraight, Points: 20, Runs: []uint8{0b111110}},
			Category{Key: "full_house", Kind: KindFullHouse},
			Category{Key: "chance", Kind: KindChance},
			Category{Key: "yatzy", Kind: KindYacht, Points: 50},
		)
		r = &Rules{Key: Yatzy, Categories: cats, BonusThreshold: 63, BonusPoints: 50}
	default:
		return nil, &PresetError{Code: PresetUnknown, Key: key}
	}
	option := func(wantBase string) error {
		if base != wantBase {
			return &PresetError{Code: PresetOptionElsewhere, Key: key, Option: opt, Base: wantBase}
		}
		r.Key = base + "+" + opt
		return nil
	}
	switch opt {
	case "":
	case FullHouseYacht:
		if err := option(Yacht); err != nil {
			return nil, err
		}
		for i := range r.Categories {
			if r.Categories[i].Kind == KindFullHouse {
				r.Categories[i].FiveOfAKind = true
			}
		}
	case FreeJokerOption:
		if err := option(Yahtzee); err != nil {
			return nil, err
		}
		r.Joker = FreeJoker
	case LenientTwoPairs:
		if err := option(Yatzy); err != nil {
			return nil, err
		}
		r.Categories[r.CategoryIndex("two_pairs")].Kind = KindTwoPairsLenient
	default:
		return nil, &PresetError{Code: PresetUnknownOption, Key: key, Option: opt}
	}
	return r, nil
}

// Validate checks that the rule set can be solved: 1..16 categories, a bonus
// threshold of at most 63, bonuses that are not negative (the solvers
// bound what a sheet can still gain by them, and count more points in a
// box as never worse), upper faces 1..6 at most once each.
func (r *Rules) Validate() error {
	if r == nil {
		return fmt.Errorf("yacht: nil rules")
	}
	if len(r.Categories) == 0 || len(r.Categories) > 16 {
		return fmt.Errorf("yacht: %d categories, want 1 to 16", len(r.Categories))
	}
	if r.BonusThreshold < 0 || r.BonusThreshold > 63 {
		return fmt.Errorf("yacht: bonus threshold %d, want 0 to 63", r.BonusThreshold)
	}
	if r.BonusPoints < 0 || r.ExtraYachtBonus < 0 {
		return fmt.Errorf("yacht: bonuses %d and %d, want none negative", r.BonusPoints, r.ExtraYachtBonus)
	}
	seen := map[int]bool{}
	keys := map[string]bool{}
	yachts := 0
	for _, c := range r.Categories {
		if keys[c.Key] || c.Key == "" {
			return fmt.Errorf("yacht: empty or duplicate category key %q", c.Key)
		}
		keys[c.Key] = true
		switch c.Kind {
		case KindUpper:
			if c.Face < 1 || c.Face > 6 || seen[c.Face] {
				return fmt.Errorf("yacht: bad or repeated upper face %d", c.Face)
			}
			seen[c.Face] = true
		case KindYacht:
			yachts++
		}
	}
	if (r.ExtraYachtBonus != 0 || r.Joker != NoJoker) && yachts != 1 {
		return fmt.Errorf("yacht: the joker and extra-yacht rules need exactly one yacht category")
	}
	return nil
}

// CategoryIndex returns the index of the category with that key, or -1.
func (r *Rules) CategoryIndex(key string) int {
	for i := range r.Categories {
		if r.Categories[i].Key == key {
			return i
		}
	}
	return -1
}

// YachtIndex returns the index of the five-of-a-kind (Yacht) category, or -1.
func (r *Rules) YachtIndex() int {
	for i := range r.Categories {
		if r.Categories[i].Kind == KindYacht {
			return i
		}
	}
	return -1
}

// TracksYachtBonus reports whether State.YachtBonus matters under these
// rules (extra-Yacht bonuses, or a joker that needs the Yacht box's points).
func (r *Rules) TracksYachtBonus() bool {
	return r.ExtraYachtBonus != 0 || (r.Joker != NoJoker && r.JokerNeedsPoints)
}

// Fingerprint hashes the scoring-relevant definition, so a saved table is
// never loaded for different rules.
func (r *Rules) Fingerprint() [32]byte {
	h := sha256.New()
	w := func(v int) { _ = binary.Write(h, binary.LittleEndian, int64(v)) }
	h.Write([]byte(r.Key))
	w(len(r.Categories))
	for _, c := range r.Categories {
		h.Write([]byte(c.Key))
		w(int(c.Kind))
		w(c.Face)
		w(c.Count)
		w(c.Points)
		w(len(c.Runs))
		for _, x := range c.Runs {
			w(int(x))
		}
		if c.FiveOfAKind {
			w(1)
		} else {
			w(0)
		}
	}
	w(r.BonusThreshold)
	w(r.BonusPoints)
	w(r.ExtraYachtBonus)
	w(int(r.Joker))
	if r.JokerNeedsPoints {
		w(1)
	} else {
		w(0)
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// PossibleScores lists every score category i can hold (ascending),
// joker scores included.
func (r *Rules) PossibleScores(i int) []int {
	set := map[int]bool{0: true}
	c := &r.Categories[i]
	for w := 0; w < NumPatterns; w++ {
		p := Pattern(w)
		set[c.PointsFor(p)] = true
		if r.Joker != NoJoker && c.Kind != KindUpper && p.IsYacht() {
			set[c.jokerPoints(p)] = true
		}
	}
	out := make([]int, 0, len(set))
	for v := range set {
		out = append(out, v)
	}
	sort.Ints(out)
	return out
}
