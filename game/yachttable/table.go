package yachttable

import (
	"github.com/alea-bot/alea/game/yachtdice"
	"math"
	"strconv"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
)

// PresetKeys are the rule sets a game can use, by their number in the
// state: the engine's one registry, yacht.Presets, whose order never
// changes (new presets are appended).
var PresetKeys = yacht.Presets()

// Bounds of the state's fields.
const (
	MaxPlayers   = 6
	MaxTurnLoss  = 1<<16 - 1 // hundredths of a point; saturates
	MaxTotalLoss = 1<<20 - 1
	maxLossBits  = 21 // gamma code of loss+1 ≤ 2^20
	SeedBits     = 24
	MaxIdle      = 60 // minutes
	MaxAuto      = 15
	MaxDecisions = 63 // per seat; saturates
)

// DefaultIdle is the minutes before others may play for an idle player,
// unless the game says otherwise.
const DefaultIdle = 10

// Seat kinds: who presses for a seat.
const (
	SeatName = 0 // a name (or the unnamed starter): the starter presses
	SeatUser = 1 // a Discord user, who presses for themself
	SeatAlea = 2 // Alea plays the seat's turns itself
)

// Coach modes: what the public message says about decisions.
const (
	CoachOn    = 0 // the best move, every option's value and each decision's cost
	CoachHints = 1 // nothing public; a Hint button for the player whose turn it is
	CoachOff   = 2 // nothing at all until the summary
	// CoachAuto, in a lobby only: on for one person, hints for more,
	// decided at the start.
	CoachAuto = 3
)

// CoachNames are the coach modes' names, by number (the /yacht start
// option's values).
var CoachNames = []string{"on", "hints", "off"}

// Seat is one seat and its sheet.
type Seat struct {
	Kind int
	User uint64 // SeatUser
	Name string // SeatName
	// Sheet, and Loss[i], the expected points lost (hundredths) in the
	// turn that filled category i.
	Sheet yacht.Sheet
	Loss  []int
	// Lost is the total of the seat's losses (hundredths).
	Lost int
	// Auto counts the turns Alea played for the seat (Play for them).
	Auto int
	// Decisions counts the keeps and scorings its player made (not Alea's
	// turns, nor the turns played for them).
	Decisions int
}

// Table is the whole state of a table, and the state Undo returns to.
type Table struct {
	Preset int
	Rules  *yacht.Rules
	Seed   uint32
	Owner  seal.Owner
	Lobby  bool
	Coach  int
	Idle   int // minutes before others may play for the current player
	// Step counts every change, modulo 2^16 (Apply moves it on), so that
	// no two states of a game seal alike.
	Step  int
	Seats []Seat
	Cur   int
	// Roll is the roll just made (1..3), 0 before the first roll of a turn.
	Roll int
	// Dice are the current dice, ascending (Roll ≥ 1).
	Dice yacht.Dice
	// Hold has bit i set when Dice[i] is held (Roll 1 or 2).
	Hold uint8
	// TurnLoss is what the keeps of this turn lost so far (hundredths).
	TurnLoss int

	// The record: Chosen is set when a player chose the seed (or, on a
	// board sealed before real dice were told apart, entered dice by
	// hand; or the game began before the dice were secret); Entered once
	// a player entered dice by hand; ID is the game's identity (0: not
	// drawn yet, a state of version 2); Started is the start minute and
	// Ended the minutes to the end (once over); Log keeps the decisions
	// that cost points.
	Chosen  bool
	Entered bool
	ID      seal.GameID
	Started int
	Ended   int
	Log     Log
	// EndedSet is set once Ended is known (read, or set as the game ends).
	EndedSet bool

	// Last is what the last move that changed the table did, as a board
	// tells it (see Told): drawn again, a board tells it again.
	Last []Event
	// Version is the form of the state this table was read from (2, 3 or
	// 4; 0 for a table made here). States before 4 keep no Last.
	Version int
	// Daily is set on a daily challenge's table (see Daily and MarkDaily;
	// its Source is yachtdice.Daily).
	Daily *Daily

	// Ping is the Discord id of the message of the last turn ping (0:
	// none known), which the next one replaces. It is not a rule of the
	// game: Apply keeps it through Undo, and the command sets it once the
	// ping is posted.
	Ping uint64

	// Undo is the state the Undo move returns to while the player who
	// just passed the turn may take it back (nil: none). It travels beside
	// the state, sealed on its own (EncodeBoard, OpenBoard).
	Undo *Table
	// Source is where the fresh dice come from (yachtdice.Seed for a board
	// sealed before the sources were kept).
	Source yachtdice.Source
	// Roller deals the virtual dice (not in the state: Dice.For(g.Bound()) from
	// the key, or whatever deals a game's dice).
	Roller yachtdice.Roller

	// shared is set on a state read beside another, whose log is the
	// first shared.n decisions of that state's (OpenBoard links it).
	shared *sharedLog
}

// sharedLog is the log of a state Undo returns to, as its board keeps it:
// how many of the current state's costly decisions it had, and whether
// it had dropped some for room.
type sharedLog struct {
	n    int
	full bool
}

// New starts a game: every sheet empty, seat 0 to roll.
func New(preset int, o seal.Owner, seed uint32, seats []Seat) (*Table, error) {
	r, err := yacht.Preset(PresetKeys[preset])
	if err != nil {
		return nil, err
	}
	g := &Table{Preset: preset, Rules: r, Seed: seed & (1<<SeedBits - 1), Owner: o, Idle: DefaultIdle}
	for _, s := range seats {
		s.Sheet, s.Loss = yacht.NewSheet(r), make([]int, len(r.Categories))
		g.Seats = append(g.Seats, s)
	}
	return g, nil
}

// OpenLobby turns a new game of its starter alone into a lobby that
// people join (MoveJoin): the starter, a Discord user, takes seat 0.
func (g *Table) OpenLobby() error {
	if !g.Owner.Discord || len(g.Seats) != 1 || g.Step != 0 || g.Seats[0].Sheet.Filled() > 0 {
		return ErrNotNow
	}
	g.Lobby = true
	g.Seats[0] = Seat{Kind: SeatUser, User: g.Owner.ID, Sheet: g.Seats[0].Sheet, Loss: g.Seats[0].Loss}
	return nil
}

// Rematch is a new game of a finished one: the same seats, rules, starter,
// coach and idle time, with seed; every sheet empty.
func (g *Table) Rematch(seed uint32) (*Table, error) {
	if !g.Over() {
		return nil, ErrNotNow
	}
	seats := make([]Seat, len(g.Seats))
	for i, s := range g.Seats {
		seats[i] = Seat{Kind: s.Kind, User: s.User, Name: s.Name}
	}
	ng, err := New(g.Preset, g.Owner, seed, seats)
	if err != nil {
		return nil, err
	}
	ng.Coach, ng.Idle = g.Coach, g.Idle
	return ng, nil
}

// Current returns the player whose turn it is.
func (g *Table) Current() *Seat { return &g.Seats[g.Cur] }

// Over reports whether the game is over: not a lobby, every sheet full.
func (g *Table) Over() bool { return !g.Lobby && g.Full() }

// Full reports whether every sheet is full.
func (g *Table) Full() bool {
	for _, p := range g.Seats {
		if p.Sheet.Filled() < len(g.Rules.Categories) {
			return false
		}
	}
	return true
}

// Held returns the held dice as counts.
func (g *Table) Held() yacht.Counts {
	var c yacht.Counts
	for i, f := range g.Dice {
		if g.Hold&(1<<uint(i)) != 0 {
			c[f-1]++
		}
	}
	return c
}

// Humans counts the different people who press for the seats (Discord
// users, and the starter for the named seats).
func (g *Table) Humans() int {
	seen := map[seal.Owner]bool{}
	for _, p := range g.Seats {
		switch p.Kind {
		case SeatUser:
			seen[seal.Owner{Discord: true, ID: p.User}] = true
		case SeatName:
			seen[g.Owner] = true
		}
	}
	return len(seen)
}

// Presser reports whether userID presses for seat i: a Discord user for
// their own seat, the starter for the named seats; nobody for Alea's.
func (g *Table) Presser(i int, userID string) bool {
	p := &g.Seats[i]
	switch p.Kind {
	case SeatUser:
		return strconv.FormatUint(p.User, 10) == userID
	case SeatName:
		return g.Owner.Is(userID)
	}
	return false
}

// Seated reports whether userID presses for any seat.
func (g *Table) Seated(userID string) bool {
	for i := range g.Seats {
		if g.Presser(i, userID) {
			return true
		}
	}
	return false
}

// AtTable reports whether userID plays at g or started it (a game of
// Alea's seats alone has no one else).
func (g *Table) AtTable(userID string) bool { return g.Seated(userID) || g.Owner.Is(userID) }

// lobbySeat is the seat of userID in a lobby, or -1.
func (g *Table) lobbySeat(userID string) int {
	id, err := strconv.ParseUint(userID, 10, 64)
	for i, s := range g.Seats {
		if err == nil && s.User == id {
			return i
		}
	}
	return -1
}

// AutoCoach is the default coach: on for one person, hints for more.
func AutoCoach(g *Table) int {
	if g.Humans() > 1 {
		return CoachHints
	}
	return CoachOn
}

// Clone returns a copy of g that shares nothing with it.
func (g *Table) Clone() *Table {
	c := *g
	c.Seats = cloneSeats(g.Seats)
	c.Log = g.Log.Clone()
	c.Last = append([]Event(nil), g.Last...)
	c.Daily = g.Daily.clone()
	if g.Undo != nil {
		c.Undo = g.Undo.Clone()
	}
	return &c
}

func cloneSeats(ps []Seat) []Seat {
	out := append([]Seat(nil), ps...)
	for i := range out {
		out[i].Loss = append([]int(nil), ps[i].Loss...)
		out[i].Sheet.Scores = append([]int(nil), ps[i].Sheet.Scores...)
	}
	return out
}

// decided counts a decision of the current player (byPlayer: not Alea's)
// and logs it when it cost points; roll is the roll it followed, 3 for
// any scoring.
func (g *Table) decided(byPlayer bool, roll int, chosen, best strategy.Action, loss float64) {
	p := g.Current()
	if byPlayer {
		p.Decisions = min(p.Decisions+1, MaxDecisions)
	}
	choice := func(a strategy.Action) (int, bool) {
		if a.Kind == strategy.Keep {
			return HoldMask(g.Dice, a.Keep), false
		}
		return a.Scoring.Category, true
	}
	c, _ := choice(chosen)
	b, bestScores := choice(best)
	g.Log.Add(Decision{Seat: g.Cur, Turn: p.Sheet.Filled() + 1, Roll: roll, Dice: g.Dice,
		Chosen: c, Best: b, BestScores: bestScores, Loss: Centi(loss)})
}

// Centi rounds an expected-point loss to hundredths (a negative one, from
// rounding in the engine, to 0).
func Centi(x float64) int { return int(math.Round(100 * max(x, 0))) }
