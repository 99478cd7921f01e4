package yacht

import (
	"errors"
	"slices"
	"testing"
)

// Every preset is valid; a rule set with a negative bonus, a threshold
// above 63 or a repeated upper face is not.
func TestRulesValidate(t *testing.T) {
	for _, name := range append(Presets(), Yatzy+"+"+LenientTwoPairs) {
		r, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	bad := map[string]func(r *Rules){
		"negative upper bonus":       func(r *Rules) { r.BonusPoints = -1 },
		"negative extra Yacht bonus": func(r *Rules) { r.ExtraYachtBonus = -100 },
		"threshold above 63":         func(r *Rules) { r.BonusThreshold = 64 },
		"repeated upper face":        func(r *Rules) { r.Categories[1].Face = r.Categories[0].Face },
	}
	for what, change := range bad {
		r, err := Preset(Yahtzee)
		if err != nil {
			t.Fatal(err)
		}
		c := *r
		c.Categories = append([]Category(nil), r.Categories...)
		change(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("%s: valid", what)
		}
	}
}

// The presets keep their places: a game's sealed state names its rule set
// by its place in Presets, so a state sealed today must open as the same
// rule set after any change (a regression list, appended to only).
func TestPresetsKeepTheirPlaces(t *testing.T) {
	sealed := []string{"yacht", "yacht+fullhouse_yacht", "pancht", "yahtzee", "yahtzee+free_joker", "yatzy"}
	if got := Presets(); len(got) < len(sealed) || !slices.Equal(got[:len(sealed)], sealed) {
		t.Fatalf("Presets() = %v, want it to begin %v", got, sealed)
	}
	for _, k := range Presets() {
		r, err := Preset(k)
		if err != nil || r.Key != k || !IsPreset(k) {
			t.Errorf("Preset(%q): %v, %v", k, r, err)
		}
	}
	if IsPreset(Yatzy+"+"+LenientTwoPairs) || IsPreset("Yacht") {
		t.Error("IsPreset takes a key that is not offered")
	}
	if r, err := Preset(" Yacht+FullHouse_Yacht "); err != nil || r.Key != "yacht+fullhouse_yacht" {
		t.Errorf("case and spaces: %v %v", r, err)
	}
}

// Preset refuses other keys with a code and the parts a message needs.
func TestPresetErrors(t *testing.T) {
	for key, want := range map[string]PresetError{
		"":                         {Code: PresetUnknown, Key: ""},
		"chess":                    {Code: PresetUnknown, Key: "chess"},
		"chess+free_joker":         {Code: PresetUnknown, Key: "chess+free_joker"},
		"yacht+free_joker":         {Code: PresetOptionElsewhere, Key: "yacht+free_joker", Option: FreeJokerOption, Base: Yahtzee},
		"yatzy+fullhouse_yacht":    {Code: PresetOptionElsewhere, Key: "yatzy+fullhouse_yacht", Option: FullHouseYacht, Base: Yacht},
		"pancht+lenient_two_pairs": {Code: PresetOptionElsewhere, Key: "pancht+lenient_two_pairs", Option: LenientTwoPairs, Base: Yatzy},
		"yahtzee+bogus":            {Code: PresetUnknownOption, Key: "yahtzee+bogus", Option: "bogus"},
	} {
		_, err := Preset(key)
		var pe *PresetError
		if !errors.As(err, &pe) || *pe != want {
			t.Errorf("Preset(%q): %#v, want %#v", key, err, want)
		}
	}
}
