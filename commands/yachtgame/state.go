package yachtgame

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtgame/players"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/internal/bitstream"
	"github.com/alea-bot/alea/internal/yachtkit"
)

// A game lives in the bot's own message, which Discord sends with every
// press and which only the bot can edit. The board embed's URL carries it
// after stateURL:
//
//	<state>~<tag>[.<previous state>~<tag>]
//
// each state sealed with the bot's state key (package seal); the previous
// state, kept until the next player acts, is what Undo returns to. Every
// component's custom_id is
//
//	yacht/2/<action>/<tag of the action and the message's state>
//
// so a button is good only on the message as it is now: a button pressed
// on a state that has moved on, or made by hand, is refused, and two
// presses racing on one message both start from the same state (the dice
// are a pure function of the seed and the state), so at most one of them
// counts. Version 1 (the whole state in the custom_id) gets msgOlder.
//
// <state> is base64url (no padding) of a bit string, most significant bit
// first: in version 3, 7 in 3 bits (a preset no version 2 state has) and
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
//	the log of the decisions that cost points (yachttable.Log)
//
// then zero padding to a byte.
//
// Losses are in hundredths of an expected point. Nothing is trusted even
// behind the seal: decode checks every field's range, that every score is
// possible for its category, that the fill counts agree with whose turn it
// is, and that the encoding is canonical.

// stateV3 marks a version 3 state: 7 where version 2 has its preset, then
// 3 in 5 bits.
const stateV3 = 3

// routeVersion is the version segment of the custom_ids.
const routeVersion = "2"

// idPrefix is the custom_id's prefix before the action.
const idPrefix = "yacht/" + routeVersion + "/"

// stateURL begins the board embed's URL; the game's state follows it.
const stateURL = "https://alea.invalid/yacht#"

// presetKeys are the rule sets a game can use, by their number in the
// state. Never reorder: append.
var presetKeys = []string{
	yacht.Yacht, yacht.Yacht + "+" + yacht.FullHouseYacht, yacht.Pancht,
	yacht.Yahtzee, yacht.Yahtzee + "+" + yacht.FreeJokerOption, yacht.Yatzy,
}

// Bounds of the state's fields.
const (
	maxPlayers   = 6
	maxTurnLoss  = 1<<16 - 1 // hundredths of a point; saturates
	maxTotalLoss = 1<<20 - 1
	maxLossBits  = 21 // gamma code of loss+1 ≤ 2^20
	seedBits     = 24
	maxIdle      = 60 // minutes
	maxAuto      = 15
	maxDecisions = 63 // per seat; saturates
)

// Seat kinds.
const (
	seatName = 0 // a name (or the unnamed starter): the starter presses
	seatUser = 1 // a Discord user, who presses for themself
	seatAlea = 2 // Alea plays the seat's turns itself
)

// Coach modes: what the public message says about decisions.
const (
	coachOn    = 0 // the best move, every option's value and each decision's cost
	coachHints = 1 // nothing public; a Hint button for the player whose turn it is
	coachOff   = 2 // nothing at all until the summary
	// coachAuto, in a lobby only: on for one person, hints for more,
	// decided at the start.
	coachAuto = 3
)

var coachNames = []string{"on", "hints", "off"}

// player is one seat and its sheet.
type player struct {
	kind int
	user uint64 // seatUser
	name string // seatName
	// sheet, and loss[i], the expected points lost (hundredths) in the turn
	// that filled category i.
	sheet yacht.Sheet
	loss  []int
	// lost is the total of the seat's losses (hundredths).
	lost int
	// auto counts the turns Alea played for the seat (Play for them).
	auto int
	// decisions counts the keeps and scorings its player made (not Alea's
	// turns, nor the turns played for them).
	decisions int
}

// game is the whole state of a table.
type game struct {
	preset  int
	rules   *yacht.Rules
	seed    uint32
	owner   seal.Owner
	lobby   bool
	coach   int
	idle    int // minutes before others may play for the current player
	step    int // counts every change, modulo 2^16
	players []player
	cur     int
	// roll is the roll just made (1..3), 0 before the first roll of a turn.
	roll int
	// dice are the current dice, ascending (roll ≥ 1).
	dice yacht.Dice
	// hold has bit i set when dice[i] is held (roll 1 or 2).
	hold uint8
	// turnLoss is what the keeps of this turn lost so far (hundredths).
	turnLoss int

	// The record: chosen is set when a player chose the seed or entered
	// dice by hand (or the game began before the dice were secret); id is
	// the game's identity (0: not drawn yet, a version 2 state); started
	// is the start minute and ended the minutes to the end (once over);
	// log keeps the decisions that cost points.
	chosen  bool
	id      uint64
	started int
	ended   int
	log     yachttable.Log

	// dice rolls the virtual dice (not in the state: from the key).
	roller yachttable.Dice
	// endedSet is set once ended is known (read, or set as the game ends).
	endedSet bool
}

// newGame starts a game: every sheet empty, seat 0 to roll.
func newGame(preset int, o seal.Owner, seed uint32, seats []player) (*game, error) {
	r, err := yacht.Preset(presetKeys[preset])
	if err != nil {
		return nil, err
	}
	g := &game{preset: preset, rules: r, seed: seed & (1<<seedBits - 1), owner: o, idle: defaultIdle}
	for _, s := range seats {
		s.sheet, s.loss = yacht.NewSheet(r), make([]int, len(r.Categories))
		g.players = append(g.players, s)
	}
	return g, nil
}

// current returns the player whose turn it is.
func (g *game) current() *player { return &g.players[g.cur] }

// over reports whether every sheet is full.
func (g *game) over() bool { return !g.lobby && g.full() }

// full reports whether every sheet is full.
func (g *game) full() bool {
	for _, p := range g.players {
		if p.sheet.Filled() < len(g.rules.Categories) {
			return false
		}
	}
	return true
}

// held returns the held dice as counts.
func (g *game) held() yacht.Counts {
	var c yacht.Counts
	for i, f := range g.dice {
		if g.hold&(1<<uint(i)) != 0 {
			c[f-1]++
		}
	}
	return c
}

// humans counts the different people who press for the seats (Discord
// users, and the starter for the named seats).
func (g *game) humans() int {
	seen := map[seal.Owner]bool{}
	for _, p := range g.players {
		switch p.kind {
		case seatUser:
			seen[seal.Owner{Discord: true, ID: p.user}] = true
		case seatName:
			seen[g.owner] = true
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

func flag(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// encode writes the state (unsealed), as version 3.
func (g *game) encode() string {
	w := &bitstream.Writer{}
	w.Write(7, 3)
	w.Write(stateV3, 5)
	g.writeBody(w)
	g.writeRecord(w)
	return base64.RawURLEncoding.EncodeToString(w.Bytes())
}

// encodeV2 writes the state as version 2 wrote it (the body alone).
func (g *game) encodeV2() string {
	w := &bitstream.Writer{}
	g.writeBody(w)
	return base64.RawURLEncoding.EncodeToString(w.Bytes())
}

// writeRecord writes what the store needs (version 3).
func (g *game) writeRecord(w *bitstream.Writer) {
	w.Write(flag(g.chosen), 1)
	w.Write(g.id, yachttable.IDBits)
	w.Write(uint64(g.started), yachttable.MinuteBits)
	for _, p := range g.players {
		w.Write(uint64(min(p.decisions, maxDecisions)), 6)
	}
	if g.over() {
		w.Gamma(uint64(g.ended) + 1)
	}
	g.log.Write(w)
}

// writeBody writes the body of the state (version 2's whole state).
func (g *game) writeBody(w *bitstream.Writer) {
	w.Write(uint64(g.preset), 3)
	w.Write(flag(g.lobby), 1)
	w.Write(uint64(g.coach), 2)
	w.Write(uint64(g.idle), 6)
	w.Write(uint64(g.step&0xFFFF), 16)
	w.Write(uint64(len(g.players)-1), 3)
	w.Write(uint64(g.cur), 3)
	w.Write(uint64(g.roll), 2)
	if g.roll >= 1 {
		w.Write(uint64(yacht.PatternIndex(g.dice)), 8)
	}
	if g.roll == 1 || g.roll == 2 {
		w.Write(uint64(g.hold), 5)
	}
	if g.roll >= 2 {
		w.Write(uint64(min(g.turnLoss, maxTurnLoss)), 16)
	}
	w.Write(uint64(g.seed), seedBits)
	g.owner.WriteBits(w)
	rad, possible, nbits := radices(g.rules)
	for _, p := range g.players {
		w.Write(uint64(p.kind), 2)
		switch p.kind {
		case seatUser:
			w.Write(p.user, 64)
		case seatName:
			w.Write(uint64(len(p.name)), 4)
			for i := 0; i < len(p.name); i++ {
				w.Write(uint64(p.name[i]), 8)
			}
		}
		var v, mul uint64 = 0, 1
		for i, s := range p.sheet.Scores {
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
		if g.rules.ExtraYachtBonus > 0 {
			w.Write(uint64(p.sheet.ExtraBonus/g.rules.ExtraYachtBonus), 4)
		}
		w.Write(uint64(min(p.auto, maxAuto)), 4)
		for i, s := range p.sheet.Scores {
			if s >= 0 {
				w.Gamma(uint64(min(p.loss[i], maxTotalLoss)) + 1)
			}
		}
	}
}

// errState is the reason a state is refused; the user sees one message.
var errState = errors.New("bad game state")

func bad(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errState, fmt.Sprintf(format, args...))
}

// decode reads and checks an unsealed state.
func decode(s string) (*game, error) {
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
	g := &game{}
	g.preset = int(rd.Read(3))
	if g.preset >= len(presetKeys) {
		return nil, bad("preset %d", g.preset)
	}
	if g.rules, err = yacht.Preset(presetKeys[g.preset]); err != nil {
		return nil, bad("preset: %v", err)
	}
	g.lobby = rd.Read(1) == 1
	g.coach = int(rd.Read(2))
	g.idle = int(rd.Read(6))
	g.step = int(rd.Read(16))
	n := int(rd.Read(3)) + 1
	g.cur = int(rd.Read(3))
	g.roll = int(rd.Read(2))
	if g.coach > coachAuto || g.coach == coachAuto && !g.lobby || g.idle < 1 || g.idle > maxIdle {
		return nil, bad("options")
	}
	if n > maxPlayers || g.cur >= n {
		return nil, bad("player %d of %d", g.cur, n)
	}
	if g.roll >= 1 {
		w := int(rd.Read(8))
		if w >= yacht.NumPatterns {
			return nil, bad("pattern %d", w)
		}
		copy(g.dice[:], yacht.Pattern(w).Faces())
	}
	if g.roll == 1 || g.roll == 2 {
		g.hold = uint8(rd.Read(5))
	}
	if g.roll >= 2 {
		g.turnLoss = int(rd.Read(16))
	}
	g.seed = uint32(rd.Read(seedBits))
	g.owner = seal.ReadOwnerBits(rd)
	rad, possible, nbits := radices(g.rules)
	users := map[uint64]bool{}
	for k := 0; k < n; k++ {
		p := player{sheet: yacht.NewSheet(g.rules), loss: make([]int, len(g.rules.Categories))}
		p.kind = int(rd.Read(2))
		switch p.kind {
		case seatUser:
			p.user = rd.Read(64)
			if users[p.user] {
				return nil, bad("a user seated twice")
			}
			users[p.user] = true
		case seatName:
			name := make([]byte, rd.Read(4))
			for i := range name {
				name[i] = byte(rd.Read(8))
			}
			if rd.Bad() {
				return nil, bad("truncated")
			}
			if err := players.CheckName(string(name)); err != nil || (n > 1 && len(name) == 0) {
				return nil, bad("player name")
			}
			p.name = string(name)
		case seatAlea:
		default:
			return nil, bad("seat kind")
		}
		v := rd.Read(nbits)
		for i := range g.rules.Categories {
			d := v % rad[i]
			v /= rad[i]
			if d > 0 {
				p.sheet.Scores[i] = possible[i][d-1]
			}
		}
		if v != 0 {
			return nil, bad("sheet number out of range")
		}
		if g.rules.ExtraYachtBonus > 0 {
			extra := int(rd.Read(4))
			if extra > 0 {
				y := yachtkit.YachtBox(g.rules)
				if p.sheet.Scores[y] <= 0 || extra > p.sheet.Filled()-1 {
					return nil, bad("extra bonuses without a Yacht")
				}
			}
			p.sheet.ExtraBonus = extra * g.rules.ExtraYachtBonus
		}
		p.auto = int(rd.Read(4))
		for i, s := range p.sheet.Scores {
			if s >= 0 {
				p.loss[i] = int(rd.Gamma(maxLossBits)) - 1
				if p.loss[i] < 0 || p.loss[i] > maxTotalLoss {
					return nil, bad("loss")
				}
				p.lost += p.loss[i]
			}
		}
		if p.auto > p.sheet.Filled() {
			return nil, bad("turns played for them")
		}
		g.players = append(g.players, p)
	}
	if v3 {
		if err := g.readRecord(rd); err != nil {
			return nil, err
		}
	} else {
		// Before version 3 the dice were a public function of the seed,
		// which the board showed: such a game never counts as fair.
		g.chosen = true
	}
	if rd.Bad() {
		return nil, bad("truncated")
	}
	// Only zero padding may follow, less than a byte of it.
	if 8*len(buf)-rd.Pos() >= 8 || rd.Read(8*len(buf)-rd.Pos()) != 0 {
		return nil, bad("trailing data")
	}
	if g.lobby {
		for _, p := range g.players {
			if p.sheet.Filled() > 0 || p.kind != seatUser {
				return nil, bad("lobby")
			}
		}
		if g.cur != 0 || g.roll != 0 {
			return nil, bad("lobby")
		}
	} else {
		// Whose turn it is: players before the current one have filled one
		// box more than the rest, and the current player has a box left,
		// unless the game is over (every sheet full, the turn back at 0).
		k := g.players[g.cur].sheet.Filled()
		if k >= len(g.rules.Categories) && (g.cur != 0 || g.roll != 0) {
			return nil, bad("the current player's sheet is full")
		}
		for i, p := range g.players {
			want := k
			if i < g.cur {
				want = k + 1
			}
			if p.sheet.Filled() != want {
				return nil, bad("player %d has %d boxes filled, want %d", i, p.sheet.Filled(), want)
			}
		}
	}
	if v3 && g.encode() != s || !v3 && g.encodeV2() != s {
		return nil, bad("not canonical")
	}
	return g, nil
}

// readRecord reads what writeRecord writes (the sheets are read).
func (g *game) readRecord(rd *bitstream.Reader) error {
	g.chosen = rd.Read(1) == 1
	g.id = rd.Read(yachttable.IDBits)
	g.started = int(rd.Read(yachttable.MinuteBits))
	for i := range g.players {
		p := &g.players[i]
		p.decisions = int(rd.Read(6))
	}
	// over() needs the lobby flag and the sheets, read before.
	if !g.lobby && g.full() {
		g.ended = int(rd.Gamma(32)) - 1
		if g.ended < 0 {
			return bad("end")
		}
		g.endedSet = true
	}
	l, err := yachttable.ReadLog(rd, g.rules, len(g.players))
	if err != nil {
		return bad("%v", err)
	}
	g.log = l
	return nil
}

// carrier is what a message carries: the sealed state, and the sealed
// state before the last score while it may be undone.
type carrier struct {
	state, prev string // sealed; prev may be ""
}

// String is the carrier as it follows stateURL.
func (c carrier) String() string {
	if c.prev == "" {
		return c.state
	}
	return c.state + "." + c.prev
}

// sealGame returns the carrier of g (and of prev, when set).
func sealGame(key seal.Key, g, prev *game) carrier {
	c := carrier{state: key.Seal(g.encode())}
	if prev != nil {
		c.prev = key.Seal(prev.encode())
	}
	return c
}

// readCarrier finds the carrier in a message's embeds.
func readCarrier(m *commands.Message) (carrier, bool) {
	if m == nil {
		return carrier{}, false
	}
	for _, e := range m.Embeds {
		if s, ok := strings.CutPrefix(e.URL, stateURL); ok {
			cur, prev, _ := strings.Cut(s, ".")
			return carrier{state: cur, prev: prev}, cur != ""
		}
	}
	return carrier{}, false
}

// openGame opens and decodes a sealed state.
func openGame(key seal.Key, sealed string) (*game, error) {
	s, ok := key.Open(sealed)
	if !ok {
		return nil, bad("seal")
	}
	return decode(s)
}

// customID returns the custom_id of an action on the message carrying c.
func customID(key seal.Key, action byte, c carrier) string {
	return idPrefix + string(action) + "/" + key.Tag(9, idPrefix+string(action), c.String())
}
