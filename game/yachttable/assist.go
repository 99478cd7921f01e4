package yachttable

import (
	"strconv"
	"strings"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/store"
)

// Position is the canonical text of a position a player may ask advice
// on, the store's advice log's (store.Advice.Position): each box's score
// in the rules' order ("-" when open) and the extra bonuses after "+",
// the dice as rolled (ascending digits) and the roll just made:
//
//	"3,6,-,-,-,-,22,-,-,-,-,0+0|33566|1"
func Position(sheet yacht.Sheet, dice yacht.Dice, roll int) string {
	var b strings.Builder
	for i, s := range sheet.Scores {
		if i > 0 {
			b.WriteByte(',')
		}
		if s < 0 {
			b.WriteByte('-')
		} else {
			b.WriteString(strconv.Itoa(s))
		}
	}
	b.WriteString("+" + strconv.Itoa(sheet.ExtraBonus) + "|")
	for _, f := range dice.Counts().Faces() {
		b.WriteByte(byte('0' + f))
	}
	b.WriteString("|" + strconv.Itoa(roll))
	return b.String()
}

// ParsePosition reads a Position of rules r; false when s is none.
func ParsePosition(r *yacht.Rules, s string) (sheet yacht.Sheet, dice yacht.Dice, roll int, ok bool) {
	parts := strings.Split(s, "|")
	if len(parts) != 3 || len(parts[1]) != yacht.NumDice {
		return sheet, dice, 0, false
	}
	boxes, extra, found := strings.Cut(parts[0], "+")
	scores := strings.Split(boxes, ",")
	if !found || len(scores) != len(r.Categories) {
		return sheet, dice, 0, false
	}
	sheet = yacht.NewSheet(r)
	for i, x := range scores {
		if x == "-" {
			continue
		}
		v, err := strconv.Atoi(x)
		if err != nil || v < 0 {
			return sheet, dice, 0, false
		}
		sheet.Scores[i] = v
	}
	var err error
	if sheet.ExtraBonus, err = strconv.Atoi(extra); err != nil || sheet.ExtraBonus < 0 {
		return sheet, dice, 0, false
	}
	for i := range dice {
		dice[i] = int(parts[1][i] - '0')
	}
	roll, err = strconv.Atoi(parts[2])
	if err != nil || roll < 1 || roll > 3 || !dice.Valid() || Position(sheet, dice, roll) != s {
		return sheet, dice, 0, false
	}
	return sheet, dice, roll, true
}

// Assist is what a seat's decisions took advice on: how many of them,
// and what they lost (hundredths of an expected point).
type Assist struct {
	Decisions int
	Lost      int
}

// Assisted returns, per seat, the decisions its player took with advice
// (Alea's seats none):
//
//   - under the public coach, every decision: the board showed the best
//     move and every option's value before each of them (Hold best and
//     the menu's values among them);
//   - otherwise each decision taken on a position its player asked advice
//     on while the game was played (asked: a hint, /yacht-advise, by the
//     people who press for the seats): the same rules, asked outside any
//     game or on this one's board, a sheet the seat's final sheet holds,
//     and dice the game's own dice could have shown at that roll of that
//     turn (any dice, once dice were entered by hand).
//
// A decision asked about twice counts once; a seat never has more
// assisted decisions than it took. What an assisted decision lost is read
// from the log of costly decisions; when the log dropped some for room,
// every decision of a seat that asked is counted as assisted.
func (g *Table) Assisted(asked []store.Advice) []Assist {
	out := make([]Assist, len(g.Seats))
	for i := range g.Seats {
		p := &g.Seats[i]
		if p.Kind == SeatAlea {
			continue
		}
		if g.Coach == CoachOn {
			out[i] = Assist{Decisions: p.Decisions, Lost: p.Lost}
			continue
		}
		type slot struct {
			turn, roll int
			dice       yacht.Dice
		}
		var slots []slot
		seen := map[[2]int]bool{}
		for _, a := range asked {
			if a.Rules != PresetKeys[g.Preset] || !g.Presser(i, a.User) || a.Game != "" && a.Game != g.ID.String() {
				continue
			}
			sheet, dice, roll, ok := ParsePosition(g.Rules, a.Position)
			if !ok || !within(sheet, p.Sheet) {
				continue
			}
			filled := sheet.Filled()
			if !g.Entered && g.Roller != nil && !g.couldRoll(i, filled, roll, dice) {
				continue
			}
			if k := [2]int{filled + 1, roll}; !seen[k] {
				seen[k] = true
				slots = append(slots, slot{filled + 1, roll, dice})
			}
		}
		if len(slots) == 0 {
			continue
		}
		if g.Log.Full {
			out[i] = Assist{Decisions: p.Decisions, Lost: p.Lost}
			continue
		}
		as := Assist{Decisions: min(len(slots), p.Decisions)}
		for _, s := range slots {
			// The keep after that roll, else the scoring, with those dice.
			var keep, score int
			for _, d := range g.Log.Costly {
				if d.Seat != i || d.Turn != s.turn || d.Dice.Counts() != s.dice.Counts() {
					continue
				}
				switch d.Roll {
				case s.roll:
					keep = d.Loss
				case 3:
					score = d.Loss
				}
			}
			if keep > 0 {
				as.Lost += keep
			} else {
				as.Lost += score
			}
		}
		as.Lost = min(as.Lost, p.Lost)
		out[i] = as
	}
	return out
}

// within reports whether sheet is one the final sheet held before a turn:
// every box it fills filled alike, fewer boxes filled, no more extra
// bonuses.
func within(sheet, final yacht.Sheet) bool {
	if sheet.Filled() >= len(final.Scores) || sheet.ExtraBonus > final.ExtraBonus {
		return false
	}
	for c, s := range sheet.Scores {
		if s >= 0 && final.Scores[c] != s {
			return false
		}
	}
	return true
}

// couldRoll reports whether the game's dice could show dice at roll of
// seat's turn with filled boxes filled: the first roll's five faces, or
// some of the dice of the roll before kept and the first of the fresh
// faces for the others.
func (g *Table) couldRoll(seat, filled, roll int, dice yacht.Dice) bool {
	want := dice.Counts()
	var prev []yacht.Counts
	for r := 1; r <= roll; r++ {
		fresh := g.Roller.Roll(g.Seed, seat, filled, r)
		var next []yacht.Counts
		if r == 1 {
			next = []yacht.Counts{yacht.Dice(fresh).Counts()}
		} else {
			seen := map[yacht.Counts]bool{}
			for _, before := range prev {
				for _, kept := range subsets(before) {
					c := kept
					for _, f := range fresh[:yacht.NumDice-kept.Size()] {
						c[f-1]++
					}
					if !seen[c] {
						seen[c] = true
						next = append(next, c)
					}
				}
			}
		}
		prev = next
	}
	for _, c := range prev {
		if c == want {
			return true
		}
	}
	return false
}

// subsets returns the distinct sub-multisets of c.
func subsets(c yacht.Counts) []yacht.Counts {
	out := []yacht.Counts{{}}
	for f, n := range c {
		var more []yacht.Counts
		for _, s := range out {
			for k := 1; k <= int(n); k++ {
				t := s
				t[f] = uint8(k)
				more = append(more, t)
			}
		}
		out = append(out, more...)
	}
	return out
}
