package store

import "time"

// What a recorded result counts toward is decided once, here, when the
// game is recorded (Count, then the repeat of a puzzle within
// RepeatWindow, which needs the results recorded before), and kept with
// the seat; the standings and totals sum what counts. docs/memory.md
// gives the rules in one table, with why.

// Counts is what one recorded seat counts toward.
type Counts struct {
	// Ranked: the seat counts at all (in the player's standings, totals
	// and chart).
	Ranked bool
	// Win: the result counts toward wins (the game is a contest the seat
	// could win or lose: at Yacht, a table with a human opponent who
	// played and fair dice; never a daily challenge, played alone).
	Win bool
	// Score: the score (and the luck) count toward the average.
	Score bool
	// Decisions and Lost are the seat's unassisted decisions and what they
	// lost: what counts toward skill.
	Decisions int
	Lost      float64
	// Why says why a user's seat counts for less than everything (0 when
	// it counts toward wins, average and skill, or has no user).
	Why Reason
}

// Reason is why a user's result counts for less than everything.
type Reason int

// The reasons, in the order Count tries them (the first that applies is
// the seat's).
const (
	CountsFully Reason = iota
	// Chosen: a chosen seed (or dice that were not secret): the game
	// counts toward no standing.
	Chosen
	// Puppets: the starter of a game with seats given by name, which the
	// starter presses for: the starter's seat counts toward no standing.
	Puppets
	// Small: a puzzle smaller than MinSize: the result counts toward no
	// standing.
	Small
	// Repeat: a puzzle the player already has a counted result of within
	// RepeatWindow: the result counts toward no standing.
	Repeat
	// Entered: dice entered by hand: the decisions count toward skill
	// only, never toward wins or the average.
	Entered
	// NoOpponent: a Yacht game without a human opponent who played (alone,
	// or against Alea or seats given by name; a daily challenge, always):
	// no win counts; the average and skill do.
	NoOpponent
)

// MinSize is the smallest puzzle whose result counts, per kind of game:
// an orbs grid of 16 cells (4×4), a coins game of 6 coins.
var MinSize = map[string]int{KindOrbs: 16, KindCoins: 6}

// RepeatWindow is how far apart two results of one puzzle by one player
// must end for the later recorded to count too.
const RepeatWindow = time.Hour

// Count returns what each seat of g counts toward, by every rule but the
// repeat of a puzzle (which Record applies, knowing the results recorded
// before):
//
//   - only a seat linked to a user counts (named seats and Alea's never;
//     the games decide which seats are linked: at Yacht, a seat counts
//     for nobody when its player never decided or Alea played more than
//     half its turns);
//   - a chosen seed counts toward nothing;
//   - the starter's seat of a game with seats given by name counts
//     toward nothing;
//   - a puzzle smaller than MinSize counts toward nothing;
//   - dice entered by hand count toward skill only;
//   - a Yacht win counts only against a human opponent who played (a
//     seat of another user): a daily challenge (KindDaily), played alone,
//     never counts a win;
//   - skill counts the unassisted decisions only (and what they lost:
//     nothing when there are none).
func Count(g Game) []Counts {
	out := make([]Counts, len(g.Seats))
	named := false
	for _, s := range g.Seats {
		named = named || s.User == "" && s.Name != "" && !s.Alea
	}
	for i, s := range g.Seats {
		if s.User == "" {
			continue
		}
		c := &out[i]
		switch {
		case g.Chosen:
			c.Why = Chosen
		case g.Kind == KindYacht && named && s.Starter:
			c.Why = Puppets
		case g.Size < MinSize[g.Kind]:
			c.Why = Small
		}
		if c.Why != CountsFully {
			continue
		}
		c.Ranked = true
		c.Decisions = max(s.Decisions-s.Assisted, 0)
		if c.Decisions > 0 {
			c.Lost = max(s.Lost-s.AssistedLost, 0)
		}
		if g.Entered {
			c.Why = Entered
			continue
		}
		c.Score = true
		c.Win = g.Kind != KindYacht && g.Kind != KindDaily || opponent(g, i)
		if !c.Win {
			c.Why = NoOpponent
		}
	}
	return out
}

// opponent reports whether seat i of g has a human opponent who played:
// another user's seat.
func opponent(g Game, i int) bool {
	for j, s := range g.Seats {
		if j != i && s.User != "" && s.User != g.Seats[i].User {
			return true
		}
	}
	return false
}

// repeated returns c counting for nothing because the seat's puzzle
// was counted for the player within RepeatWindow.
func repeated(c Counts) Counts { return Counts{Why: Repeat} }

// reasonKeys name the reasons in data outputs.
var reasonKeys = [...]string{"", "chosen", "puppets", "small", "repeat", "entered", "no_opponent"}

// Key names r in data outputs: "" for CountsFully, then "chosen",
// "puppets", "small", "repeat", "entered", "no_opponent".
func (r Reason) Key() string {
	if int(r) < len(reasonKeys) {
		return reasonKeys[r]
	}
	return "unknown"
}
