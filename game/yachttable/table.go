package yachttable

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/bitstream"
	"github.com/alea-bot/alea/game/seal"
)

// A table's state (what /yacht start seals into its board) is base64url
// (no padding) of a bit string, most significant bit first: in version 3, 7 in 3 bits (a preset no version 2 state has) and
// the version in 5 bits, then the body, then the record; version 2 states
// (messages posted before) are the body alone, still opened and played on,
// and written as version 3 from their next press. The body:
//
//	preset 3 · lobby 1 · coach 2 (3: decided at the start of a lobby) · idle minutes 6 · step 16 · players−1 3 · current 3 ·
//	roll 2 (0 = before the first roll) · [pattern 8 (0..251) if roll ≥ 1] ·
//	[held dice 5 if roll is 1 or 2] · [turn loss 16 if roll ≥ 2] · dice seed 24 ·
//	starter: 1 + (64-bit Discord id | 32-bit hash) ·
//	per seat: kind 2 (0 name, pressed by the starter; 1 Discord user; 2 Alea),
//	  [Discord id 64 | name length 4 and UTF-8 name bytes],
//	  sheet as one mixed-radix number (digit 0 = empty, d = the d-th possible score),
//	  [extra-Yacht bonuses 4 under Yahtzee rules], turns played for them 4,
//	  losses: Elias gamma (loss+1) per filled category
//
// The record (version 3), what the store needs when the game ends:
//
//	chosen 1 (a player chose the seed or entered dice) · game id 60 (0: not
//	drawn yet, as in a version 2 state; the next press draws it) ·
//	start minute 26 (package yachttable) · per seat: decisions 6 ·
//	[minutes from start to end, Elias gamma (m+1), once over] ·
//	the log of the decisions that cost points (Log)
//
// then zero padding to a byte.
//
// Losses are in hundredths of an expected point. Nothing is trusted even
// behind the seal: Decode checks every field's range, that every score is
// possible for its category, that the fill counts agree with whose turn it
// is, and that the encoding is canonical.

// stateV3 marks a version 3 state: 7 where version 2 has its preset, then
// 3 in 5 bits.
const stateV3 = 3

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

var CoachNames = []string{"on", "hints", "off"}

// Seat is one seat and its sheet.
type Seat struct {
	Kind int
	User uint64 // SeatUser
	Name string // SeatName
	// sheet, and loss[i], the expected points lost (hundredths) in the turn
	// that filled category i.
	Sheet yacht.Sheet
	Loss  []int
	// lost is the total of the seat's losses (hundredths).
	Lost int
	// auto counts the turns Alea played for the seat (Play for them).
	Auto int
	// decisions counts the keeps and scorings its player made (not Alea's
	// turns, nor the turns played for them).
	Decisions int
}

// Table is the whole state of a table.
type Table struct {
	Preset int
	Rules  *yacht.Rules
	Seed   uint32
	Owner  seal.Owner
	Lobby  bool
	Coach  int
	Idle   int // minutes before others may play for the current player
	Step   int // counts every change, modulo 2^16
	Seats  []Seat
	Cur    int
	// roll is the roll just made (1..3), 0 before the first roll of a turn.
	Roll int
	// dice are the current dice, ascending (roll ≥ 1).
	Dice yacht.Dice
	// hold has bit i set when dice[i] is held (roll 1 or 2).
	Hold uint8
	// turnLoss is what the keeps of this turn lost so far (hundredths).
	TurnLoss int

	// The record: chosen is set when a player chose the seed or entered
	// dice by hand (or the game began before the dice were secret); id is
	// the game's identity (0: not drawn yet, a version 2 state); started
	// is the start minute and ended the minutes to the end (once over);
	// log keeps the decisions that cost points.
	Chosen  bool
	ID      seal.GameID
	Started int
	Ended   int
	Log     Log

	// dice rolls the virtual dice (not in the state: from the key).
	Roller Dice
	// endedSet is set once ended is known (read, or set as the game ends).
	EndedSet bool
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

// radices returns, per category, 1 + the number of possible scores, and
// the number of bits of their product.
func radices(r *yacht.Rules) (rad []uint64, possible [][]int, nbits int) {
	prod := uint64(1)
	for i := range r.Categories {
		ps := r.PossibleScores(i)
		possible = append(possible, ps)
		rad = append(rad, uint64(len(ps)+1))
		prod *= uint64(len(ps) + 1)
	}
	return rad, possible, bits.Len64(prod - 1)
}

// Encode writes the state (unsealed), as version 3.
func (g *Table) Encode() string {
	w := &bitstream.Writer{}
	w.Write(7, 3)
	w.Write(stateV3, 5)
	g.writeBody(w)
	g.writeRecord(w)
	return base64.RawURLEncoding.EncodeToString(w.Bytes())
}

// EncodeV2 writes the state as version 2 wrote it (the body alone).
func (g *Table) EncodeV2() string {
	w := &bitstream.Writer{}
	g.writeBody(w)
	return base64.RawURLEncoding.EncodeToString(w.Bytes())
}

// writeRecord writes what the store needs (version 3).
func (g *Table) writeRecord(w *bitstream.Writer) {
	w.Write(flag(g.Chosen), 1)
	w.Write(uint64(g.ID), seal.GameIDBits)
	w.Write(uint64(g.Started), MinuteBits)
	for _, p := range g.Seats {
		w.Write(uint64(min(p.Decisions, MaxDecisions)), 6)
	}
	if g.Over() {
		w.Gamma(uint64(g.Ended) + 1)
	}
	g.Log.Write(w)
}

// writeBody writes the body of the state (version 2's whole state).
func (g *Table) writeBody(w *bitstream.Writer) {
	w.Write(uint64(g.Preset), 3)
	w.Write(flag(g.Lobby), 1)
	w.Write(uint64(g.Coach), 2)
	w.Write(uint64(g.Idle), 6)
	w.Write(uint64(g.Step&0xFFFF), 16)
	w.Write(uint64(len(g.Seats)-1), 3)
	w.Write(uint64(g.Cur), 3)
	w.Write(uint64(g.Roll), 2)
	if g.Roll >= 1 {
		w.Write(uint64(yacht.PatternIndex(g.Dice)), 8)
	}
	if g.Roll == 1 || g.Roll == 2 {
		w.Write(uint64(g.Hold), 5)
	}
	if g.Roll >= 2 {
		w.Write(uint64(min(g.TurnLoss, MaxTurnLoss)), 16)
	}
	w.Write(uint64(g.Seed), SeedBits)
	g.Owner.WriteBits(w)
	rad, possible, nbits := radices(g.Rules)
	for _, p := range g.Seats {
		w.Write(uint64(p.Kind), 2)
		switch p.Kind {
		case SeatUser:
			w.Write(p.User, 64)
		case SeatName:
			w.Write(uint64(len(p.Name)), 4)
			for i := 0; i < len(p.Name); i++ {
				w.Write(uint64(p.Name[i]), 8)
			}
		}
		var v, mul uint64 = 0, 1
		for i, s := range p.Sheet.Scores {
			d := uint64(0)
			if s >= 0 {
				for j, x := range possible[i] {
					if x == s {
						d = uint64(j + 1)
					}
				}
			}
			v += d * mul
			mul *= rad[i]
		}
		w.Write(v, nbits)
		if g.Rules.ExtraYachtBonus > 0 {
			w.Write(uint64(p.Sheet.ExtraBonus/g.Rules.ExtraYachtBonus), 4)
		}
		w.Write(uint64(min(p.Auto, MaxAuto)), 4)
		for i, s := range p.Sheet.Scores {
			if s >= 0 {
				w.Gamma(uint64(min(p.Loss[i], MaxTotalLoss)) + 1)
			}
		}
	}
}

// ErrState is the reason a state is refused; the user sees one message.
var ErrState = errors.New("bad game state")

func bad(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrState, fmt.Sprintf(format, args...))
}

// Decode reads and checks an unsealed state.
func Decode(s string) (*Table, error) {
	if len(s) > 4096 {
		return nil, bad("too long")
	}
	buf, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || base64.RawURLEncoding.EncodeToString(buf) != s {
		return nil, bad("not base64url")
	}
	rd := bitstream.NewReader(buf)
	v3 := rd.Read(3) == 7
	if v3 {
		if rd.Read(5) != stateV3 {
			return nil, bad("version")
		}
	} else {
		rd = bitstream.NewReader(buf)
	}
	g := &Table{}
	g.Preset = int(rd.Read(3))
	if g.Preset >= len(PresetKeys) {
		return nil, bad("preset %d", g.Preset)
	}
	if g.Rules, err = yacht.Preset(PresetKeys[g.Preset]); err != nil {
		return nil, bad("preset: %v", err)
	}
	g.Lobby = rd.Read(1) == 1
	g.Coach = int(rd.Read(2))
	g.Idle = int(rd.Read(6))
	g.Step = int(rd.Read(16))
	n := int(rd.Read(3)) + 1
	g.Cur = int(rd.Read(3))
	g.Roll = int(rd.Read(2))
	if g.Coach > CoachAuto || g.Coach == CoachAuto && !g.Lobby || g.Idle < 1 || g.Idle > MaxIdle {
		return nil, bad("options")
	}
	if n > MaxPlayers || g.Cur >= n {
		return nil, bad("player %d of %d", g.Cur, n)
	}
	if g.Roll >= 1 {
		w := int(rd.Read(8))
		if w >= yacht.NumPatterns {
			return nil, bad("pattern %d", w)
		}
		copy(g.Dice[:], yacht.Pattern(w).Faces())
	}
	if g.Roll == 1 || g.Roll == 2 {
		g.Hold = uint8(rd.Read(5))
	}
	if g.Roll >= 2 {
		g.TurnLoss = int(rd.Read(16))
	}
	g.Seed = uint32(rd.Read(SeedBits))
	g.Owner = seal.ReadOwnerBits(rd)
	rad, possible, nbits := radices(g.Rules)
	users := map[uint64]bool{}
	for k := 0; k < n; k++ {
		p := Seat{Sheet: yacht.NewSheet(g.Rules), Loss: make([]int, len(g.Rules.Categories))}
		p.Kind = int(rd.Read(2))
		switch p.Kind {
		case SeatUser:
			p.User = rd.Read(64)
			if users[p.User] {
				return nil, bad("a user seated twice")
			}
			users[p.User] = true
		case SeatName:
			name := make([]byte, rd.Read(4))
			for i := range name {
				name[i] = byte(rd.Read(8))
			}
			if rd.Bad() {
				return nil, bad("truncated")
			}
			if problem, _ := CheckName(string(name)); problem != NameOK || (n > 1 && len(name) == 0) {
				return nil, bad("player name")
			}
			p.Name = string(name)
		case SeatAlea:
		default:
			return nil, bad("seat kind")
		}
		v := rd.Read(nbits)
		for i := range g.Rules.Categories {
			d := v % rad[i]
			v /= rad[i]
			if d > 0 {
				p.Sheet.Scores[i] = possible[i][d-1]
			}
		}
		if v != 0 {
			return nil, bad("sheet number out of range")
		}
		if g.Rules.ExtraYachtBonus > 0 {
			extra := int(rd.Read(4))
			if extra > 0 {
				y := YachtBox(g.Rules)
				if p.Sheet.Scores[y] <= 0 || extra > p.Sheet.Filled()-1 {
					return nil, bad("extra bonuses without a Yacht")
				}
			}
			p.Sheet.ExtraBonus = extra * g.Rules.ExtraYachtBonus
		}
		p.Auto = int(rd.Read(4))
		for i, s := range p.Sheet.Scores {
			if s >= 0 {
				p.Loss[i] = int(rd.Gamma(maxLossBits)) - 1
				if p.Loss[i] < 0 || p.Loss[i] > MaxTotalLoss {
					return nil, bad("loss")
				}
				p.Lost += p.Loss[i]
			}
		}
		if p.Auto > p.Sheet.Filled() {
			return nil, bad("turns played for them")
		}
		g.Seats = append(g.Seats, p)
	}
	if v3 {
		if err := g.readRecord(rd); err != nil {
			return nil, err
		}
	} else {
		// Before version 3 the dice were a public function of the seed,
		// which the board showed: such a game never counts as fair.
		g.Chosen = true
	}
	if rd.Bad() {
		return nil, bad("truncated")
	}
	// Only zero padding may follow, less than a byte of it.
	if 8*len(buf)-rd.Pos() >= 8 || rd.Read(8*len(buf)-rd.Pos()) != 0 {
		return nil, bad("trailing data")
	}
	if g.Lobby {
		for _, p := range g.Seats {
			if p.Sheet.Filled() > 0 || p.Kind != SeatUser {
				return nil, bad("lobby")
			}
		}
		if g.Cur != 0 || g.Roll != 0 {
			return nil, bad("lobby")
		}
	} else {
		// Whose turn it is: players before the current one have filled one
		// box more than the rest, and the current player has a box left,
		// unless the game is over (every sheet full, the turn back at 0).
		k := g.Seats[g.Cur].Sheet.Filled()
		if k >= len(g.Rules.Categories) && (g.Cur != 0 || g.Roll != 0) {
			return nil, bad("the current player's sheet is full")
		}
		for i, p := range g.Seats {
			want := k
			if i < g.Cur {
				want = k + 1
			}
			if p.Sheet.Filled() != want {
				return nil, bad("player %d has %d boxes filled, want %d", i, p.Sheet.Filled(), want)
			}
		}
	}
	if v3 && g.Encode() != s || !v3 && g.EncodeV2() != s {
		return nil, bad("not canonical")
	}
	return g, nil
}

// readRecord reads what writeRecord writes (the sheets are read).
func (g *Table) readRecord(rd *bitstream.Reader) error {
	g.Chosen = rd.Read(1) == 1
	g.ID = seal.GameID(rd.Read(seal.GameIDBits))
	g.Started = int(rd.Read(MinuteBits))
	for i := range g.Seats {
		p := &g.Seats[i]
		p.Decisions = int(rd.Read(6))
	}
	// over() needs the lobby flag and the sheets, read before.
	if !g.Lobby && g.Full() {
		g.Ended = int(rd.Gamma(32)) - 1
		if g.Ended < 0 {
			return bad("end")
		}
		g.EndedSet = true
	}
	l, err := ReadLog(rd, g.Rules, len(g.Seats))
	if err != nil {
		return bad("%v", err)
	}
	g.Log = l
	return nil
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
