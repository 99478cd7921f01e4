package yachttable

import (
	"encoding/base64"
	"errors"
	"fmt"
	"github.com/alea-bot/alea/game/yachtdice"
	"math/bits"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/bitstream"
	"github.com/alea-bot/alea/game/seal"
)

// A table's state (what /yacht start seals into its board) is base64url
// (no padding) of a bit string, most significant bit first: 7 in 3 bits
// (a preset no version 2 state has) and the version in 5 bits (3 or 4),
// then the body, then the record, then (version 4) the optional fields;
// version 2 states (messages posted before version 3) are the body alone.
// States of every version are opened and played on, and written as
// version 4 from their next press. The body:
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
// The record (version 3 on), what the store needs when the game ends:
//
//	chosen 1 (a player chose the seed or entered dice) · game id 60 (0: not
//	drawn yet, as in a version 2 state; the next press draws it) ·
//	start minute 26 (package yachttable) · per seat: decisions 6 ·
//	[minutes from start to end, Elias gamma (m+1), once over] ·
//	the log of the decisions that cost points:
//	  version 3: the log (Log);
//	  version 4: 0 · the log, or 1 · full 1 · Elias gamma (n+1): the first n
//	  decisions of the log of the state sealed beside it (a state Undo
//	  returns to, whose log is the start of the current one's)
//
// The optional fields (version 4), each written as its tag, Elias gamma
// (tag+1), then its content, in increasing order of tags; the tag 0 (one
// bit, 1) ends them. A state without a field holds none of its bits, and a
// tag Decode does not know is refused. The tags:
//
//	1: the last move as a board tells it (Table.Last; the form is in
//	   last.go)
//	2: reserved: per seat and per decision, the "assisted" marks (a
//	   player opened a hint, pressed Hold best, or chose from a menu that
//	   showed exact values)
//	3: the message id of the last turn ping (64 bits, never 0; Table.Ping),
//	   so that the next turn can remove it
//	4: the source of the fresh dice and real dice: Elias gamma
//	   (source+1) (yachtdice.Source: 0 the seed, as boards sealed before it; 1
//	   the game's identity; 2 a chosen seed's domain; 3 a daily
//	   challenge's day, field 5) · entered 1 (a player entered dice by
//	   hand; never on a daily); written unless the source is 0 and no
//	   dice were entered
//	5: a daily challenge (Table.Daily; its source is 3, and only its):
//	   its day, Elias gamma (day − FirstDay + 1), then the box each turn
//	   filled, 4 bits each; its fresh dice are the day's (dealt from the
//	   deployment's secret by rule set, day, turn, roll and position; see
//	   Dice.Daily), not the seed's
//
// then zero padding to a byte.
//
// Losses are in hundredths of an expected point. Nothing is trusted even
// behind the seal: Decode checks every field's range, that every score is
// possible for its category, that the fill counts agree with whose turn it
// is, and that the encoding is canonical.

// The versions of the state a header names.
const (
	stateV3 = 3
	stateV4 = 4
)

// The optional fields' tags (version 4).
const (
	fieldEnd   = 0
	fieldLast  = 1
	fieldPing  = 3
	fieldDice  = 4
	fieldDaily = 5
)

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

// Encode writes the state (unsealed), as version 4, with its whole log.
func (g *Table) Encode() string { return g.encode(stateV4, nil) }

// EncodeV2 writes the state as version 2 wrote it (the body alone).
func (g *Table) EncodeV2() string { return g.encode(2, nil) }

// encode writes the state as version v; a state Undo returns to is
// written with its log shared (v 4).
func (g *Table) encode(v int, shared *sharedLog) string {
	w := &bitstream.Writer{}
	if v >= stateV3 {
		w.Write(7, 3)
		w.Write(uint64(v), 5)
	}
	g.writeBody(w)
	if v >= stateV3 {
		g.writeRecord(w, v, shared)
	}
	if v >= stateV4 {
		g.writeFields(w)
	}
	return encodeBits(w)
}

// encodeBits is a state's bits as its text.
func encodeBits(w *bitstream.Writer) string { return base64.RawURLEncoding.EncodeToString(w.Bytes()) }

// EncodeBoard writes what a board carries: the state, and the state Undo
// returns to ("" when none), whose log is written as the start of the
// state's.
func (g *Table) EncodeBoard() (state, prev string) {
	state = g.Encode()
	if g.Undo != nil {
		prev = g.Undo.encode(stateV4, g.Undo.logWithin(g.Log))
	}
	return state, prev
}

// logWithin returns how g's log is the start of log, or nil when it is
// not (then it is written whole).
func (g *Table) logWithin(log Log) *sharedLog {
	if len(g.Log.Costly) > len(log.Costly) || g.Log.Full && !log.Full {
		return nil
	}
	for i, d := range g.Log.Costly {
		if log.Costly[i] != d {
			return nil
		}
	}
	return &sharedLog{n: len(g.Log.Costly), full: g.Log.Full}
}

// OpenBoard reads what EncodeBoard writes (prev "" when none), or a board
// sealed by an earlier version: the table, with the state Undo returns to
// in Undo.
func OpenBoard(state, prev string) (*Table, error) {
	g, err := Decode(state)
	if err != nil || prev == "" {
		return g, err
	}
	u, err := decode(prev, true)
	if err != nil {
		return nil, err
	}
	if s := u.shared; s != nil {
		if s.n > len(g.Log.Costly) || s.full && !g.Log.Full {
			return nil, bad("the state before shares more log than there is")
		}
		u.Log = Log{Costly: append([]Decision(nil), g.Log.Costly[:s.n]...), Full: s.full}
		u.shared = nil
	}
	g.Undo = u
	return g, nil
}

// writeRecord writes what the store needs (version 3 on).
func (g *Table) writeRecord(w *bitstream.Writer, v int, shared *sharedLog) {
	w.Write(flag(g.Chosen), 1)
	w.Write(uint64(g.ID), seal.GameIDBits)
	w.Write(uint64(g.Started), MinuteBits)
	for _, p := range g.Seats {
		w.Write(uint64(min(p.Decisions, MaxDecisions)), 6)
	}
	if g.Over() {
		w.Gamma(uint64(g.Ended) + 1)
	}
	if v >= stateV4 {
		w.Write(flag(shared != nil), 1)
		if shared != nil {
			w.Write(flag(shared.full), 1)
			w.Gamma(uint64(shared.n) + 1)
			return
		}
	}
	g.Log.Write(w)
}

// writeFields writes the optional fields (version 4).
func (g *Table) writeFields(w *bitstream.Writer) {
	if len(g.Last) > 0 {
		w.Gamma(fieldLast + 1)
		writeLast(w, g.Rules, g.Last)
	}
	if g.Ping != 0 {
		w.Gamma(fieldPing + 1)
		w.Write(g.Ping, 64)
	}
	if g.Source != yachtdice.Seed || g.Entered {
		w.Gamma(fieldDice + 1)
		w.Gamma(uint64(g.Source) + 1)
		w.Write(flag(g.Entered), 1)
	}
	if g.Daily != nil {
		w.Gamma(fieldDaily + 1)
		writeDaily(w, g.Daily)
	}
	w.Gamma(fieldEnd + 1)
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

// Decode reads and checks an unsealed state (of any version; a state Undo
// returns to, written beside its state, opens with OpenBoard only).
func Decode(s string) (*Table, error) { return decode(s, false) }

// decode reads and checks a state; beside allows a log shared with the
// state sealed beside it.
func decode(s string, beside bool) (*Table, error) {
	if len(s) > 4096 {
		return nil, bad("too long")
	}
	buf, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || base64.RawURLEncoding.EncodeToString(buf) != s {
		return nil, bad("not base64url")
	}
	rd := bitstream.NewReader(buf)
	g := &Table{Version: 2}
	if rd.Read(3) == 7 {
		g.Version = int(rd.Read(5))
		if g.Version != stateV3 && g.Version != stateV4 {
			return nil, bad("version")
		}
	} else {
		rd = bitstream.NewReader(buf)
	}
	if err := g.readBody(rd); err != nil {
		return nil, err
	}
	if g.Version >= stateV3 {
		if err := g.readRecord(rd, beside); err != nil {
			return nil, err
		}
	} else {
		// Before version 3 the dice were a public function of the seed,
		// which the board showed: such a game never counts as fair.
		g.Chosen = true
	}
	if g.Version >= stateV4 {
		if err := g.readFields(rd); err != nil {
			return nil, err
		}
	}
	if rd.Bad() {
		return nil, bad("truncated")
	}
	// Only zero padding may follow, less than a byte of it.
	if 8*len(buf)-rd.Pos() >= 8 || rd.Read(8*len(buf)-rd.Pos()) != 0 {
		return nil, bad("trailing data")
	}
	if err := g.checkTurn(); err != nil {
		return nil, err
	}
	if g.encode(g.Version, g.shared) != s {
		return nil, bad("not canonical")
	}
	return g, nil
}

// readBody reads what writeBody writes.
func (g *Table) readBody(rd *bitstream.Reader) error {
	g.Preset = int(rd.Read(3))
	if g.Preset >= len(PresetKeys) {
		return bad("preset %d", g.Preset)
	}
	var err error
	if g.Rules, err = yacht.Preset(PresetKeys[g.Preset]); err != nil {
		return bad("preset: %v", err)
	}
	g.Lobby = rd.Read(1) == 1
	g.Coach = int(rd.Read(2))
	g.Idle = int(rd.Read(6))
	g.Step = int(rd.Read(16))
	n := int(rd.Read(3)) + 1
	g.Cur = int(rd.Read(3))
	g.Roll = int(rd.Read(2))
	if g.Coach > CoachAuto || g.Coach == CoachAuto && !g.Lobby || g.Idle < 1 || g.Idle > MaxIdle {
		return bad("options")
	}
	if n > MaxPlayers || g.Cur >= n {
		return bad("player %d of %d", g.Cur, n)
	}
	if g.Roll >= 1 {
		w := int(rd.Read(8))
		if w >= yacht.NumPatterns {
			return bad("pattern %d", w)
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
				return bad("a user seated twice")
			}
			users[p.User] = true
		case SeatName:
			name := make([]byte, rd.Read(4))
			for i := range name {
				name[i] = byte(rd.Read(8))
			}
			if rd.Bad() {
				return bad("truncated")
			}
			if problem, _ := CheckName(string(name)); problem != NameOK || (n > 1 && len(name) == 0) {
				return bad("player name")
			}
			p.Name = string(name)
		case SeatAlea:
		default:
			return bad("seat kind")
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
			return bad("sheet number out of range")
		}
		if g.Rules.ExtraYachtBonus > 0 {
			extra := int(rd.Read(4))
			if extra > 0 {
				y := YachtBox(g.Rules)
				if p.Sheet.Scores[y] <= 0 || extra > p.Sheet.Filled()-1 {
					return bad("extra bonuses without a Yacht")
				}
			}
			p.Sheet.ExtraBonus = extra * g.Rules.ExtraYachtBonus
		}
		p.Auto = int(rd.Read(4))
		for i, s := range p.Sheet.Scores {
			if s >= 0 {
				p.Loss[i] = int(rd.Gamma(maxLossBits)) - 1
				if p.Loss[i] < 0 || p.Loss[i] > MaxTotalLoss {
					return bad("loss")
				}
				p.Lost += p.Loss[i]
			}
		}
		if p.Auto > p.Sheet.Filled() {
			return bad("turns played for them")
		}
		g.Seats = append(g.Seats, p)
	}
	return nil
}

// readRecord reads what writeRecord writes (the sheets are read); beside
// allows a log shared with the state sealed beside this one.
func (g *Table) readRecord(rd *bitstream.Reader, beside bool) error {
	g.Chosen = rd.Read(1) == 1
	g.ID = seal.GameID(rd.Read(seal.GameIDBits))
	g.Started = int(rd.Read(MinuteBits))
	for i := range g.Seats {
		p := &g.Seats[i]
		p.Decisions = int(rd.Read(6))
	}
	// Over() needs the lobby flag and the sheets, read before.
	if g.Over() {
		g.Ended = int(rd.Gamma(32)) - 1
		if g.Ended < 0 {
			return bad("end")
		}
		g.EndedSet = true
	}
	if g.Version >= stateV4 && rd.Read(1) == 1 {
		if !beside {
			return bad("a log shared with no state")
		}
		g.shared = &sharedLog{full: rd.Read(1) == 1}
		g.shared.n = int(rd.Gamma(16)) - 1
		if g.shared.n < 0 {
			return bad("shared log")
		}
		return nil
	}
	l, err := ReadLog(rd, g.Rules, len(g.Seats))
	if err != nil {
		return bad("%v", err)
	}
	g.Log = l
	return nil
}

// readFields reads what writeFields writes.
func (g *Table) readFields(rd *bitstream.Reader) error {
	prev := fieldEnd
	for {
		tag := int(rd.Gamma(8)) - 1
		switch {
		case rd.Bad() || tag < 0:
			return bad("truncated")
		case tag == fieldEnd:
			if (g.Source == yachtdice.Daily) != (g.Daily != nil) {
				return bad("a daily's dice")
			}
			return nil
		case tag <= prev:
			return bad("field %d out of order", tag)
		case tag == fieldLast:
			l, err := readLast(rd, g.Rules, len(g.Seats))
			if err != nil {
				return bad("last move: %v", err)
			}
			g.Last = l
		case tag == fieldPing:
			if g.Ping = rd.Read(64); g.Ping == 0 {
				return bad("a ping without an id")
			}
		case tag == fieldDice:
			src := int(rd.Gamma(8)) - 1
			entered := rd.Read(1) == 1
			if src < 0 || src >= int(yachtdice.Sources) || src == int(yachtdice.Seed) && !entered || src == int(yachtdice.Daily) && entered {
				return bad("dice source")
			}
			g.Source, g.Entered = yachtdice.Source(src), entered
		case tag == fieldDaily:
			if err := g.readDaily(rd); err != nil {
				return err
			}
		default:
			return bad("unknown field %d", tag)
		}
		prev = tag
	}
}

// checkTurn checks the lobby and whose turn it is against the sheets.
func (g *Table) checkTurn() error {
	if g.Lobby {
		for i, p := range g.Seats {
			if p.Sheet.Filled() > 0 || p.Kind != SeatUser && (p.Kind != SeatAlea || i == 0) {
				return bad("lobby")
			}
		}
		if g.Cur != 0 || g.Roll != 0 || len(g.Last) > 0 {
			return bad("lobby")
		}
		return nil
	}
	// Whose turn it is: players before the current one have filled one
	// box more than the rest, and the current player has a box left,
	// unless the game is over (every sheet full, the turn back at 0).
	k := g.Seats[g.Cur].Sheet.Filled()
	if k >= len(g.Rules.Categories) && (g.Cur != 0 || g.Roll != 0) {
		return bad("the current player's sheet is full")
	}
	for i, p := range g.Seats {
		want := k
		if i < g.Cur {
			want = k + 1
		}
		if p.Sheet.Filled() != want {
			return bad("player %d has %d boxes filled, want %d", i, p.Sheet.Filled(), want)
		}
	}
	return nil
}
