package reach

import "github.com/alea-bot/alea/engine/yacht"

// space is the dice space the turns walk, immutable after construction.
var space = yacht.NewDiceSpace()

// firstPattern is the keep index of the first pattern.
const firstPattern = yacht.FirstPattern

// stateKey identifies a state: filled categories, upper total capped at
// the bonus threshold and, under rules that need it, the Yacht-bonus flag.
func stateKey(r *yacht.Rules, st yacht.State) uint32 {
	k := st.Filled<<7 | uint32(min(st.Upper, r.BonusThreshold))<<1
	if st.YachtBonus && r.TracksYachtBonus() {
		k |= 1
	}
	return k
}
