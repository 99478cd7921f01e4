package yacht

import (
	"errors"
	"testing"
)

func mustPreset(t testing.TB, name string) *Rules {
	t.Helper()
	r, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Scores of hand-picked rolls, worked by hand from each preset's published
// rules and, for Pancht, the getEarnedScore of the Pancht AI blog post.
func TestPointsFor(t *testing.T) {
	cases := []struct {
		rules, dice, key string
		want             int
	}{
		{Yacht, "33566", "full_house", 0},
		{Yacht, "33666", "full_house", 24},
		{Yacht, "66666", "full_house", 0},
		{Yacht + "+" + FullHouseYacht, "66666", "full_house", 30},
		{Yacht, "66661", "four_of_a_kind", 25},
		{Yacht, "12346", "small_straight", 15},
		{Yacht, "23456", "large_straight", 30},
		{Yacht, "12356", "small_straight", 0},
		{Yacht, "44444", "yacht", 50},
		{Yacht, "33566", "choice", 23},
		{Yacht, "33566", "sixes", 12},
		{Pancht, "66666", "full_house", 30},
		{Pancht, "22256", "three_of_a_kind", 17},
		{Yahtzee, "33666", "full_house", 25},
		{Yahtzee, "13456", "small_straight", 30},
		{Yahtzee, "12345", "large_straight", 40},
		{Yahtzee, "22256", "three_of_a_kind", 17},
		{Yatzy, "33566", "one_pair", 12},
		{Yatzy, "33566", "two_pairs", 18},
		{Yatzy, "33336", "two_pairs", 0},
		{Yatzy, "12356", "two_pairs", 0},
		{Yatzy + "+" + LenientTwoPairs, "12356", "two_pairs", 0},
		{Yatzy + "+" + LenientTwoPairs, "12366", "two_pairs", 12},
		{Yatzy, "55553", "four_of_a_kind", 20},
		{Yatzy, "55553", "three_of_a_kind", 15},
		{Yatzy, "12345", "small_straight", 15},
		{Yatzy, "23456", "small_straight", 0},
		{Yatzy, "23456", "large_straight", 20},
		{Yatzy, "22333", "full_house", 13},
		{Yatzy, "33333", "full_house", 0},
		{Yatzy, "33333", "yatzy", 50},
	}
	for _, c := range cases {
		r := mustPreset(t, c.rules)
		d, _ := ParseDice(c.dice)
		i := r.CategoryIndex(c.key)
		if i < 0 {
			t.Fatalf("%s has no %s", c.rules, c.key)
		}
		if got := r.Categories[i].PointsFor(d.Counts()); got != c.want {
			t.Errorf("%s %s %s = %d, want %d", c.rules, c.dice, c.key, got, c.want)
		}
	}
}

// The joker rules of Yahtzee, case by case.
func TestJokerRules(t *testing.T) {
	d, _ := ParseDice("44444")
	forced := mustPreset(t, Yahtzee)
	free := mustPreset(t, Yahtzee+"+"+FreeJokerOption)
	sheet := func(r *Rules, s string) State {
		sh, err := ParseSheet(r, s)
		if err != nil {
			t.Fatal(err)
		}
		return sh.State()
	}
	// Yahtzee box holds 50, fours open: forced into fours with +100.
	opts, _ := forced.Scorings(sheet(forced, "yahtzee:50"), d)
	if len(opts) != 1 || forced.Categories[opts[0].Category].Key != "fours" || opts[0].Points != 20 || opts[0].ExtraBonus != 100 {
		t.Errorf("forced, fours open: %+v", opts)
	}
	// Fours filled: any open lower box, full house and straights at full value.
	opts, _ = forced.Scorings(sheet(forced, "yahtzee:0 fours:12"), d)
	got := map[string]Scoring{}
	for _, o := range opts {
		got[forced.Categories[o.Category].Key] = o
	}
	if len(opts) != 6 || got["full_house"].Points != 25 || got["large_straight"].Points != 40 || got["chance"].Points != 20 || got["full_house"].ExtraBonus != 0 {
		t.Errorf("forced, fours filled, yahtzee scratched: %+v", opts)
	}
	// Every lower box filled: zero in an upper box.
	opts, _ = forced.Scorings(sheet(forced, "yahtzee:50 fours:12 three_of_a_kind:20 four_of_a_kind:20 full_house:25 small_straight:30 large_straight:40 chance:20"), d)
	if len(opts) != 5 || opts[0].Points != 0 || opts[0].ExtraBonus != 100 {
		t.Errorf("forced, lower full: %+v", opts)
	}
	// Free joker: fours open, so any box, but the full house scores 0.
	opts, _ = free.Scorings(sheet(free, "yahtzee:50"), d)
	got = map[string]Scoring{}
	for _, o := range opts {
		got[free.Categories[o.Category].Key] = o
	}
	if len(opts) != 12 || got["full_house"].Points != 0 || got["fours"].Points != 20 || got["aces"].ExtraBonus != 100 {
		t.Errorf("free, fours open: %+v", opts)
	}
	opts, _ = free.Scorings(sheet(free, "yahtzee:50 fours:8"), d)
	for _, o := range opts {
		if free.Categories[o.Category].Key == "small_straight" && o.Points != 30 {
			t.Errorf("free, fours filled: small straight %d", o.Points)
		}
	}
	// No joker while the Yahtzee box is open.
	opts, _ = forced.Scorings(State{}, d)
	if len(opts) != 13 {
		t.Errorf("yahtzee box open: %d options", len(opts))
	}
}

// testAliases is a table of names as the commands hand theirs to the
// parser (test data: the engine knows no names).
func testAliases() *Aliases {
	var a Aliases
	a.Add([]string{"aces", "ones"}, "Aces", "ones", "에이스", "エース")
	a.Add([]string{"twos"}, "Deuces", "듀스", "デュース")
	a.Add([]string{"choice", "chance"}, "Choice", "chance", "초이스", "チョイス")
	a.Add([]string{"yacht", "yahtzee", "yatzy"}, "Yacht", "yahtzee", "요트", "ヨット")
	a.Add([]string{"full_house"}, "풀 하우스", "フルハウス")
	a.Add([]string{"small_straight"}, "S. 스트레이트")
	a.Add([]string{"large_straight"}, "B.ストレート")
	a.Add([]string{"four_of_a_kind"}, "4 of a kind")
	return &a
}

func TestParseSheet(t *testing.T) {
	r := mustPreset(t, Yacht)
	s, err := ParseSheet(r, "aces:3 twos:6 choice:22 yacht:0")
	if err != nil {
		t.Fatal(err)
	}
	if s.Total() != 31 || s.UpperTotal() != 9 || s.Filled() != 4 || s.String() != "aces:3 twos:6 choice:22 yacht:0" {
		t.Errorf("got total %d upper %d filled %d %q", s.Total(), s.UpperTotal(), s.Filled(), s)
	}
	a := testAliases()
	same := []string{
		"에이스:3, 듀스:6; 초이스:22 요트:0",
		"エース=3 デュース=6 チョイス=22 ヨット=0",
		"Aces: 3 Deuces: 6 Choice: 22 Yacht: 0",
		"ones:3 deuces:6 chance:22 yahtzee:0",
		"ACES:3 Twos:6 CHOICE:22 yacht:0",
	}
	for _, in := range same {
		got, err := a.ParseSheet(r, in)
		if err != nil || got.String() != s.String() {
			t.Errorf("ParseSheet(%q) = %q, %v", in, got, err)
		}
	}
	// Without aliases only keys are read (in any case, spaces for '_').
	if got, err := ParseSheet(r, "ACES:3 Twos:6 four of a kind:0"); err != nil || got.String() != "aces:3 twos:6 four_of_a_kind:0" {
		t.Errorf("keys: %q %v", got, err)
	}
	for _, in := range []string{"에이스:3", "Deuces:6", "ones:3"} {
		var ie *InputError
		if _, err := ParseSheet(r, in); !errors.As(err, &ie) || ie.Code != SheetUnknownCategory {
			t.Errorf("ParseSheet(%q) without aliases: %v", in, err)
		}
	}
	// A name stands for the first of its keys the rules have.
	yz := mustPreset(t, Yatzy)
	if got, err := a.ParseSheet(yz, "Aces:3 chance:20 Yacht:50"); err != nil || got.String() != "ones:3 chance:20 yatzy:50" {
		t.Errorf("Yatzy through aliases: %q %v", got, err)
	}
	ko, err := a.ParseSheet(r, "풀 하우스:24 S. 스트레이트:15 B.ストレート:30 4 of a kind:20")
	if err != nil || ko.String() != "four_of_a_kind:20 full_house:24 small_straight:15 large_straight:30" {
		t.Errorf("names with spaces: %q %v", ko, err)
	}
	bonus, _ := ParseSheet(r, "sixes:30 fives:25 fours:8")
	if bonus.Total() != 63+35 {
		t.Errorf("bonus total %d", bonus.Total())
	}
	bad := map[string]InputCode{
		"aces:7":                 SheetImpossible,
		"twos:3":                 SheetImpossible,
		"aces:3 aces:2":          SheetRepeated,
		"aces:3 ones:2":          SheetRepeated,
		"yacht:40":               SheetImpossible,
		"choice:4":               SheetImpossible,
		"three_of_a_kind:15":     SheetUnknownCategory,
		"aces":                   SheetNoScore,
		"aces:":                  SheetNoScore,
		":3":                     SheetNoName,
		"aces:-3":                SheetBadScore,
		"yahtzee_bonus:100":      SheetNoExtraBonus,
		"full_house:5":           SheetImpossible,
		"small_straight:30":      SheetImpossible,
		"aces:99999999999999999": SheetBadScore,
	}
	for in, want := range bad {
		_, err := a.ParseSheet(r, in)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Code != want {
			t.Errorf("ParseSheet(%q) error %#v, want code %d", in, err, want)
		}
	}
	y := mustPreset(t, Yahtzee)
	if _, err := ParseSheet(y, "yahtzee_bonus:100"); err == nil {
		t.Error("yahtzee bonus without yahtzee:50 accepted")
	}
	yb, err := ParseSheet(y, "yahtzee:50 yahtzee_bonus:200")
	if err != nil || yb.Total() != 250 || !yb.State().YachtBonus {
		t.Errorf("yahtzee bonus: %v %d", err, yb.Total())
	}
	if _, err := ParseSheet(y, "full_house:30"); err == nil {
		t.Error("yahtzee full_house:30 accepted")
	}
}

func FuzzParseSheet(f *testing.F) {
	for _, s := range []string{"aces:3 twos:6 choice:22 yacht:0", "aces:7", "twos:3", "aces:3 aces:3", "풀 하우스:25", "yahtzee_bonus:100 yacht:50", ":", "a:b:c", "=1", "\x00:5", "フルハウス=24,,;", "ａｃｅｓ：３　ｔｗｏｓ：６", "エース：３、デュース：６", "하나：３"} {
		f.Add(Yacht, s)
		f.Add(Yahtzee, s)
	}
	a := testAliases()
	f.Fuzz(func(t *testing.T, rules, s string) {
		r, err := Preset(rules)
		if err != nil {
			r, _ = Preset(Yatzy)
		}
		sh, err := a.ParseSheet(r, s)
		if err != nil {
			return
		}
		// A parsed sheet prints back to itself, and every score is possible.
		again, err := ParseSheet(r, sh.String())
		if err != nil || again.String() != sh.String() || again.Total() != sh.Total() {
			t.Fatalf("round trip of %q: %q %v", s, again, err)
		}
		for i, v := range sh.Scores {
			if v >= 0 && !r.possible(i, v) {
				t.Fatalf("impossible score %d in %s", v, r.Categories[i].Key)
			}
		}
	})
}
