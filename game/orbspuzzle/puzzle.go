// Package orbspuzzle is a random orbs puzzle being played, the state its
// buttons carry: the size, the seed that deals it, the orbs pressed so
// far, the presses counted, and who dealt it. No words and no Discord: the
// /orbs command draws it and words it.
package orbspuzzle

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/engine/orbs"
	"github.com/alea-bot/alea/game/seal"
)

// A random puzzle keeps all its state in the custom_ids of its buttons and
// menus, sealed with the bot's state key (package seal's Kit):
//
//	orbs/3/<action>/<rows>x<cols>.<seed>.<pressed>.<clicks>.<owner>[.<id>]~<tag>
//
// rows and cols are the size (1…30, decimal); seed (base 36) deals the
// puzzle through Deal; pressed (base 36) is the set of orbs pressed an
// odd number of times so far (bit r: row orb r, bit 30+c: column orb c,
// bit 60: the diagonal orb); clicks (decimal, at most MaxClicks) counts the
// player's presses; owner (seal.Owner, text form) is who dealt the puzzle
// and alone may press; id (seal.GameID, 12 base32 characters) is the
// game's identity, the key of its result in the store (absent from the
// puzzles dealt before it was added, which go on without it: GameID
// derives theirs). action is what the component does: "r<n>" presses row
// orb n, "c<n>" column orb n, "d" the diagonal orb, "m<k>" marks select
// menu k, whose chosen value ("r<n>" or "c<n>") names the orb, and "rec"
// records a solved puzzle again. The tag covers the whole custom_id, so a
// state built by hand is refused. The longest custom_id (30x30, 13-digit
// seed and set, 4-digit clicks, 20-digit owner, the id) is 96 characters.
// Every field is checked on the way in, and the state must be written
// exactly as State writes it.
//
// Version 2 wrote the same state and action the other way round,
// "orbs/2/<state>.<action>~<tag>" (ParseVersion2 reads it: its puzzles
// are played on, and written as version 3 from their next press); version
// 1 (unsealed, no owner) is answered as older.

// MaxState bounds a state's length (a custom_id is at most 100
// characters).
const MaxState = 100

// MaxClicks caps the press counter (it stays there once reached).
const MaxClicks = 9999

// Bits of the pressed set.
const (
	ColShift = 30
	DiagBit  = 60
)

// Puzzle is the state of a random puzzle being played.
type Puzzle struct {
	Rows, Cols int
	Seed       uint64
	Pressed    uint64
	Clicks     int
	Owner      seal.Owner // who dealt it
	// ID is the game's identity; 0 for a puzzle dealt before puzzles had
	// one (GameID derives it).
	ID seal.GameID
}

// GameID returns the puzzle's identity: ID, or for a puzzle dealt
// without one an identity derived under k from what stays the same while
// it is played (its size, seed and owner).
func (g Puzzle) GameID(k seal.Key) seal.GameID {
	if g.ID != 0 {
		return g.ID
	}
	return k.DerivedGameID("orbs", fmt.Sprintf("%dx%d", g.Rows, g.Cols), strconv.FormatUint(g.Seed, 36), g.Owner.String())
}

// Solved reports whether the presses so far clear the dealt puzzle.
func (g Puzzle) Solved() bool {
	cur, err := orbs.Apply(Deal(g.Rows, g.Cols, g.Seed), g.Presses())
	return err == nil && cur.IsClear()
}

// State writes the puzzle's state (the custom_id after the route,
// before the action).
func (g Puzzle) State() string {
	s := fmt.Sprintf("%dx%d.%s.%s.%d.%s", g.Rows, g.Cols, strconv.FormatUint(g.Seed, 36), strconv.FormatUint(g.Pressed, 36), g.Clicks, g.Owner.String())
	if g.ID != 0 {
		s += "." + g.ID.String()
	}
	return s
}

// ValidMask is the set of orb bits of a rows×cols grid.
func ValidMask(rows, cols int) uint64 {
	return (1<<uint(rows) - 1) | (1<<uint(cols)-1)<<ColShift | 1<<DiagBit
}

// ParseState reads a puzzle's state (what State writes); it never trusts
// it: it must be exactly what State writes, for a grid of an allowed size,
// with only that grid's orbs pressed.
func ParseState(s string) (Puzzle, bool) {
	f := strings.Split(s, ".")
	if len(f) != 5 && len(f) != 6 || len(s) > MaxState {
		return Puzzle{}, false
	}
	owner, ok := seal.ParseOwner(f[4])
	if !ok {
		return Puzzle{}, false
	}
	var id seal.GameID
	if len(f) == 6 {
		if id, ok = seal.ParseGameID(f[5]); !ok {
			return Puzzle{}, false
		}
	}
	rs, cs, found := strings.Cut(f[0], "x")
	rows, err1 := strconv.Atoi(rs)
	cols, err2 := strconv.Atoi(cs)
	seed, err3 := strconv.ParseUint(f[1], 36, 64)
	pressed, err4 := strconv.ParseUint(f[2], 36, 64)
	clicks, err5 := strconv.Atoi(f[3])
	if !found || err1 != nil || err2 != nil || err3 != nil || err4 != nil || err5 != nil ||
		rows < 1 || cols < 1 || rows > orbs.MaxSize || cols > orbs.MaxSize ||
		pressed&^ValidMask(rows, cols) != 0 || clicks < 0 || clicks > MaxClicks {
		return Puzzle{}, false
	}
	g := Puzzle{Rows: rows, Cols: cols, Seed: seed, Pressed: pressed, Clicks: clicks, Owner: owner, ID: id}
	if g.State() != s {
		return Puzzle{}, false // not canonical: leading zeros, signs, upper case
	}
	return g, true
}

// ParseVersion2 reads what a version 2 custom_id carried after its route,
// "<state>.<action>": the puzzle and the action (not checked: the command
// reads actions).
func ParseVersion2(s string) (Puzzle, string, bool) {
	i := strings.LastIndexByte(s, '.')
	if i < 0 || len(s) > MaxState {
		return Puzzle{}, "", false
	}
	g, ok := ParseState(s[:i])
	return g, s[i+1:], ok
}

// OrbBit reads an orb ("r<n>", "c<n>" or "d") of g's grid as its bit.
func (g Puzzle) OrbBit(s string) (uint64, bool) {
	if s == "d" {
		return 1 << DiagBit, true
	}
	if len(s) < 2 || (s[0] != 'r' && s[0] != 'c') {
		return 0, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 || strconv.Itoa(n) != s[1:] {
		return 0, false
	}
	if s[0] == 'r' && n < g.Rows {
		return 1 << uint(n), true
	}
	if s[0] == 'c' && n < g.Cols {
		return 1 << uint(ColShift+n), true
	}
	return 0, false
}

// Presses is g's pressed set as engine presses.
func (g Puzzle) Presses() orbs.Presses {
	p := orbs.Presses{Diagonal: g.Pressed>>DiagBit&1 == 1, Rows: []int{}, Cols: []int{}}
	for r := 0; r < g.Rows; r++ {
		if g.Pressed>>uint(r)&1 == 1 {
			p.Rows = append(p.Rows, r)
		}
	}
	for c := 0; c < g.Cols; c++ {
		if g.Pressed>>uint(ColShift+c)&1 == 1 {
			p.Cols = append(p.Cols, c)
		}
	}
	return p
}

// Deal deals the puzzle of a seed: a random set of presses on a clear
// grid, so it is always solvable, drawn again until the grid is not clear
// (pressing row 0 if 64 draws in a row were all clear, which does not
// happen in practice).
func Deal(rows, cols int, seed uint64) orbs.Grid {
	rng := rand.New(rand.NewPCG(seed, uint64(rows)<<8|uint64(cols)))
	clear, err := orbs.New(rows, cols)
	if err != nil {
		panic(err) // sizes are checked before dealing
	}
	for range 64 {
		var p orbs.Presses
		p.Diagonal = rng.IntN(2) == 1
		for r := 0; r < rows; r++ {
			if rng.IntN(2) == 1 {
				p.Rows = append(p.Rows, r)
			}
		}
		for c := 0; c < cols; c++ {
			if rng.IntN(2) == 1 {
				p.Cols = append(p.Cols, c)
			}
		}
		g, _ := orbs.Apply(clear, p)
		if !g.IsClear() {
			return g
		}
	}
	g := clear
	g.PressRow(0)
	return g
}
