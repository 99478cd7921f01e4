package yachtwords

import (
	"errors"
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
)

// presets are every rule set Preset builds: the offered ones and the one
// kept for a published value.
func presets(t testing.TB) []*yacht.Rules {
	var out []*yacht.Rules
	for _, k := range append(yacht.Presets(), yacht.Yatzy+"+"+yacht.LenientTwoPairs) {
		r, err := yacht.Preset(k)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// Every category of every preset has a name in each language, no two
// categories of a rule set share one, and each name, typed back into a
// sheet, is that category.
func TestEveryCategoryHasItsNames(t *testing.T) {
	for _, r := range presets(t) {
		for _, l := range commands.Locales {
			seen := map[string]bool{}
			for i, c := range r.Categories {
				name := CategoryName(l, r, i)
				if name == "" || name == c.Key && l != commands.English {
					t.Errorf("%s %s: %s has no name", r.Key, l, c.Key)
				}
				if seen[name] {
					t.Errorf("%s %s: two categories are called %s", r.Key, l, name)
				}
				seen[name] = true
				s, err := ParseSheet(r, name+":0")
				if err != nil || s.Scores[i] != 0 || s.Filled() != 1 {
					t.Errorf("%s %s: %q reads as %q, %v", r.Key, l, name, s, err)
				}
				if got := CategoryKeyName(l, r, c.Key); got != name {
					t.Errorf("%s %s: CategoryKeyName(%s) = %q", r.Key, l, c.Key, got)
				}
			}
		}
	}
	// A rule set that is no preset shows its keys.
	full, _ := yacht.Preset(yacht.Yacht)
	custom := &yacht.Rules{Key: "sixes-and-yacht", Categories: []yacht.Category{full.Categories[5], full.Categories[11]}}
	if got := CategoryName(commands.Korean, custom, 0); got != "sixes" {
		t.Errorf("a custom rule set's category: %q", got)
	}
	if got := CategoryKeyName(commands.Japanese, nil, "fives"); got != "fives" {
		t.Errorf("no rules: %q", got)
	}
}

// Every preset has a name in each language, and the rules option offers
// the presets in the registry's order.
func TestRuleNames(t *testing.T) {
	opt := RulesOption()
	keys := yacht.Presets()
	if len(opt.Choices) != len(keys) {
		t.Fatalf("%d choices for %d presets", len(opt.Choices), len(keys))
	}
	for i, k := range keys {
		if opt.Choices[i].Value != k {
			t.Errorf("choice %d is %v, want %s", i, opt.Choices[i].Value, k)
		}
		for _, l := range commands.Locales {
			if n := RulesName(l, k); n == "" || n == k {
				t.Errorf("%s has no name in %s", k, l)
			}
			if RuleNames(l)[i] != RulesName(l, k) {
				t.Errorf("RuleNames(%s)[%d] is not %s's name", l, i, k)
			}
		}
	}
	if got := RulesName(commands.English, "chess"); got != "chess" {
		t.Errorf("an unknown key's name: %q", got)
	}
	msg := RejectRules("chess").Localize(commands.English)
	if !strings.Contains(msg, "`chess`") || !strings.Contains(msg, strings.Join(keys, ", ")) {
		t.Errorf("refusal: %s", msg)
	}
}

// Typed where Discord would show the menu (the runner, the playground),
// a rule set's name in any language picks it, and so does a short name
// that names one rule set only; "야찌" and "ヤッツィー" name both Yahtzee
// and Yatzy and are refused, never taken for one of them.
func TestRulesOptionTypedNames(t *testing.T) {
	defs := []commands.Option{RulesOption()}
	for typed, want := range map[string]string{
		"야찌 (스칸디나비아)": "yatzy", "ヤッツィー（北欧）": "yatzy", "Yatzy (Scandinavian)": "yatzy",
		"Pancht": "pancht", "yahtzee": "yahtzee",
	} {
		got, err := commands.Coerce(defs, map[string]any{"rules": typed})
		if err != nil || got.String("rules", "") != want {
			t.Errorf("%q: %v %v, want %s", typed, got, err, want)
		}
	}
	for _, typed := range []string{"야찌", "ヤッツィー", "요트", "ヨット"} {
		if got, err := commands.Coerce(defs, map[string]any{"rules": typed}); err == nil {
			t.Errorf("%q: taken as %v", typed, got)
		}
	}
}

// Sheets are read with the names of every language and preset and the
// common other names; a name stands for the box the rules have.
func TestParseSheetNames(t *testing.T) {
	r, _ := yacht.Preset(yacht.Yacht)
	for _, in := range []string{
		"aces:3 twos:6 choice:22 yacht:0",
		"에이스:3, 듀스:6; 초이스:22 요트:0",
		"エース=3 デュース=6 チョイス=22 ヨット=0",
		"Aces: 3 Deuces: 6 Choice: 22 Yacht: 0",
		"ones:3 deuces:6 chance:22 yahtzee:0",
		"하나:3 둘:6 찬스:22 야찌:0",
		"1の目:3 ツー:6 チャンス:22 ヤッツィー:0",
	} {
		got, err := ParseSheet(r, in)
		if err != nil || got.String() != "aces:3 twos:6 choice:22 yacht:0" {
			t.Errorf("ParseSheet(%q) = %q, %v", in, got, err)
		}
	}
	ko, err := ParseSheet(r, "풀 하우스:24 S. 스트레이트:15 B.ストレート:30 4 of a kind:20")
	if err != nil || ko.String() != "four_of_a_kind:20 full_house:24 small_straight:15 large_straight:30" {
		t.Errorf("names with spaces: %q %v", ko, err)
	}
	yz, _ := yacht.Preset(yacht.Yatzy)
	if got, err := ParseSheet(yz, "에이스:3 원 페어:12 투페어:14 Yacht:50 choice:20"); err != nil || got.String() != "ones:3 one_pair:12 two_pairs:14 chance:20 yatzy:50" {
		t.Errorf("Yatzy: %q %v", got, err)
	}
	for in, want := range map[string]yacht.InputCode{
		"aces:3 ones:2":      yacht.SheetRepeated,
		"에이스:3 하나:2":         yacht.SheetRepeated,
		"three_of_a_kind:15": yacht.SheetUnknownCategory,
		"트리플:15":             yacht.SheetUnknownCategory,
		"one_pair:2":         yacht.SheetUnknownCategory,
	} {
		var ie *yacht.InputError
		if _, err := ParseSheet(r, in); !errors.As(err, &ie) || ie.Code != want {
			t.Errorf("ParseSheet(%q): %v, want code %d", in, err, want)
		}
	}
}

// FuzzParseSheet: whatever a player writes, a sheet read with this
// package's names prints back (by keys) to itself, under every preset.
func FuzzParseSheet(f *testing.F) {
	for _, s := range []string{"에이스:3 듀스:6 초이스:22 요트:0", "エース=3 デュース=6", "풀 하우스:25", "Sm. Straight:30", "ｆｕｌｌ ｈｏｕｓｅ：２５", "yahtzee:50 bonus:100", "원페어:2 투 페어:0", "1の目:3、2の目:6", ":", "a:b:c"} {
		for i := range 7 {
			f.Add(i, s)
		}
	}
	rules := presets(f)
	f.Fuzz(func(t *testing.T, which int, s string) {
		r := rules[(which%len(rules)+len(rules))%len(rules)]
		sh, err := ParseSheet(r, commands.Normalize(s))
		if err != nil {
			var ie *yacht.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("%q: %v is no input error", s, err)
			}
			return
		}
		again, err := yacht.ParseSheet(r, sh.String())
		if err != nil || again.String() != sh.String() || again.Total() != sh.Total() {
			t.Fatalf("round trip of %q: %q %v", s, again, err)
		}
	})
}
