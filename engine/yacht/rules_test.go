package yacht

import "testing"

// Every preset is valid; a rule set with a negative bonus, a threshold
// above 63 or a repeated upper face is not.
func TestRulesValidate(t *testing.T) {
	for _, name := range PresetNames() {
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
