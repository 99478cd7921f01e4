package yachtcoach

import (
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
)

// Breakdown is the data output of an expected final score split by where
// its points will come from (docs/data.md): every box of the sheet by its
// category key (a filled box at its points, an open one at what it will
// hold on average at the end), the upper bonus's probability and expected
// points, and the expected extra bonuses (Yahtzee's; 0 under other
// rules). The parts add up to the expected final score.
type Breakdown struct {
	Boxes       map[string]float64 `json:"boxes"`
	PUpperBonus float64            `json:"p_upper_bonus"`
	UpperBonus  float64            `json:"upper_bonus"`
	ExtraBonus  float64            `json:"extra_bonus"`
}

// DataOf is the data output of breakdown b under rules r.
func DataOf(r *yacht.Rules, b finalscore.Breakdown) *Breakdown {
	d := &Breakdown{Boxes: make(map[string]float64, len(b.Boxes)), PUpperBonus: b.PUpperBonus, UpperBonus: b.UpperBonus, ExtraBonus: b.ExtraBonus}
	for c, v := range b.Boxes {
		d.Boxes[r.Categories[c].Key] = v
	}
	return d
}
