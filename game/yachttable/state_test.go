package yachttable

import (
	"fmt"
	"github.com/alea-bot/alea/game/yachtdice"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/bitstream"
	"github.com/alea-bot/alea/game/seal"
)

// randomTable is a random table of a consistent turn (nil when the draw
// is not one), with a random last move.
func randomTable(rng *rand.Rand) *Table {
	p := rng.IntN(len(PresetKeys))
	var seats []Seat
	for i := 0; i < 1+rng.IntN(MaxPlayers); i++ {
		switch rng.IntN(3) {
		case 0:
			seats = append(seats, Seat{Kind: SeatName, Name: []string{"Ann", "민수", "Cy", "花子"}[rng.IntN(4)]})
		case 1:
			seats = append(seats, Seat{Kind: SeatUser, User: rng.Uint64()})
		default:
			seats = append(seats, Seat{Kind: SeatAlea})
		}
	}
	g, _ := New(p, seal.OwnerOf(fmt.Sprint(rng.Uint64())), rng.Uint32(), seats)
	g.Coach, g.Idle, g.Step = rng.IntN(3), 1+rng.IntN(MaxIdle), rng.IntN(1<<16)
	n := len(g.Rules.Categories)
	k := rng.IntN(n)
	g.Cur = rng.IntN(len(seats))
	for i := range g.Seats {
		fill := k
		if i < g.Cur {
			fill = k + 1
		}
		for _, c := range rng.Perm(n)[:min(fill, n)] {
			ps := g.Rules.PossibleScores(c)
			g.Seats[i].Sheet.Scores[c] = ps[rng.IntN(len(ps))]
			g.Seats[i].Loss[c] = rng.IntN(3000)
			g.Seats[i].Lost += g.Seats[i].Loss[c]
		}
		g.Seats[i].Auto = min(g.Seats[i].Sheet.Filled(), rng.IntN(4))
	}
	if g.Cur > 0 && k+1 > n || g.Seats[g.Cur].Sheet.Filled() == n {
		return nil
	}
	g.Roll = rng.IntN(4)
	if g.Roll > 0 {
		copy(g.Dice[:], yacht.Pattern(rng.IntN(yacht.NumPatterns)).Faces())
	}
	if g.Roll == 1 || g.Roll == 2 {
		g.Hold = uint8(rng.IntN(32))
	}
	if g.Roll >= 2 {
		g.TurnLoss = rng.IntN(5000)
	}
	g.Last = randomLast(rng, g)
	// A daily's source needs its table (daily_test.go).
	g.Source, g.Entered = yachtdice.Source(rng.IntN(int(yachtdice.Daily))), rng.IntN(3) == 0
	return g
}

// randomLast is a random last move of g's seats, in Told's form.
func randomLast(rng *rand.Rand, g *Table) []Event {
	dice := func() yacht.Dice {
		var d yacht.Dice
		copy(d[:], yacht.Pattern(rng.IntN(yacht.NumPatterns)).Faces())
		return d
	}
	action := func(score bool, d yacht.Dice) strategy.Action {
		if score {
			c := rng.IntN(len(g.Rules.Categories))
			ps := g.Rules.PossibleScores(c)
			return strategy.Action{Kind: strategy.Score, Scoring: yacht.Scoring{Category: c, Points: ps[rng.IntN(len(ps))]}}
		}
		return strategy.Action{Kind: strategy.Keep, Keep: Held(d, rng.IntN(32))}
	}
	var out []Event
	for range rng.IntN(6) {
		e := Event{Seat: rng.IntN(len(g.Seats)), ByAlea: rng.IntN(2) == 0}
		switch rng.IntN(5) {
		case 0:
			e.Kind, e.ByAlea = EventPlayedFor, false
		case 1:
			e.Kind, e.ByAlea = EventAleaTurn, false
		case 2:
			e.Kind, e.Dice = EventRolled, dice()
			e.Decided = !e.ByAlea || rng.IntN(2) == 0
			if e.Decided {
				e.Chosen = action(false, e.Dice)
			}
		case 3:
			e.Kind, e.Decided, e.Chosen = EventScored, true, action(true, yacht.Dice{})
		default:
			e.Kind, e.ByAlea, e.Next = EventUndone, false, rng.IntN(len(g.Seats))
		}
		if e.Decided && !e.ByAlea {
			e.Best = action(rng.IntN(2) == 0, dice())
			e.Loss = float64(rng.IntN(5000)) / 100
		}
		out = append(out, e)
	}
	return out
}

// Random states round-trip through Encode and Decode, their last move
// included.
func TestStateRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := 0; trial < 500; trial++ {
		g := randomTable(rng)
		if g == nil {
			continue
		}
		s := g.Encode()
		back, err := Decode(s)
		if err != nil {
			if strings.Contains(err.Error(), "twice") || strings.Contains(err.Error(), "name") {
				continue // a random id drawn twice, or names of a one-seat game
			}
			t.Fatalf("%s: %v (%+v)", s, err, g)
		}
		same := back.Encode() == s && back.Cur == g.Cur && back.Roll == g.Roll && back.Hold == g.Hold && back.TurnLoss == g.TurnLoss && back.Dice == g.Dice &&
			back.Coach == g.Coach && back.Idle == g.Idle && back.Step == g.Step && back.Version == 4 && fmt.Sprint(back.Last) == fmt.Sprint(g.Last) &&
			back.Source == g.Source && back.Entered == g.Entered
		for i := range g.Seats {
			a, b := g.Seats[i], back.Seats[i]
			same = same && a.Kind == b.Kind && a.User == b.User && a.Name == b.Name && fmt.Sprint(a.Sheet.Scores) == fmt.Sprint(b.Sheet.Scores) &&
				a.Lost == b.Lost && a.Auto == b.Auto && fmt.Sprint(a.Loss) == fmt.Sprint(b.Loss)
		}
		if !same {
			t.Fatalf("round trip differs:\n%+v\n%+v", g, back)
		}
		// Written as version 3 (the code before wrote it so), it opens as
		// the same table without its last move and its dice's source, and
		// is written back as it was.
		v3 := g.encode(stateV3, nil)
		old, err := Decode(v3)
		if err != nil || old.Version != 3 || old.Last != nil || old.Source != yachtdice.Seed || old.Entered || old.encode(old.Version, nil) != v3 {
			t.Fatalf("version 3: %v", err)
		}
		old.Last, old.Source, old.Entered = g.Last, g.Source, g.Entered
		if old.Encode() != s {
			t.Fatal("a version 3 state is not the same table")
		}
	}
}

// A board carries the state Undo returns to beside the state, its log
// written as the start of the state's; one that shares more log than
// there is, or a shared log with no state beside it, is refused; a log
// that is not the start of the state's (never made here) is written
// whole.
func TestBoardSharesTheLog(t *testing.T) {
	g, _ := endGameTable(t, seal.Loopback(), user(ann), user(bob))
	for i := range 5 {
		g.Log.Add(Decision{Seat: i % 2, Turn: 10, Roll: 1, Dice: yacht.Dice{1, 2, 3, 4, 5}, Chosen: 1, Best: 2, Loss: 10 + i})
	}
	u := g.Clone()
	u.Log.Costly = u.Log.Costly[:3]
	g.Undo = u
	state, prev := g.EncodeBoard()
	back, err := OpenBoard(state, prev)
	if err != nil || back.Undo == nil || back.Undo.Encode() != u.Encode() || back.Encode() != state {
		t.Fatalf("the board reads back: %v", err)
	}
	if whole := u.Encode(); len(prev) >= len(whole) {
		t.Errorf("the state before is %d characters, written whole %d", len(prev), len(whole))
	}
	if _, err := Decode(prev); err == nil {
		t.Error("a state with a shared log opened alone")
	}
	if s, _ := OpenBoard(state, ""); s == nil || s.Undo != nil {
		t.Error("a board with no state before")
	}
	// Shared with a state whose log is shorter: refused.
	short := g.Clone()
	short.Log.Costly = short.Log.Costly[:2]
	short.Undo = nil
	if _, err := OpenBoard(short.Encode(), prev); err == nil {
		t.Error("a state before sharing more log than there is")
	}
	// A state before whose log is not the start of the state's.
	odd := g.Clone()
	odd.Undo.Log.Costly[0].Loss = 99
	s2, p2 := odd.EncodeBoard()
	if p2 != odd.Undo.Encode() {
		t.Error("a log that is not the start of the state's is not written whole")
	}
	if b, err := OpenBoard(s2, p2); err != nil || b.Undo.Log.Costly[0].Loss != 99 {
		t.Errorf("it reads back: %v", err)
	}
}

// The optional fields: an unknown tag, a tag out of order or twice, and
// a last move in a lobby or naming a seat the table lacks are refused.
func TestOptionalFieldsRefused(t *testing.T) {
	g, _ := endGameTable(t, seal.Loopback(), user(ann), user(bob))
	g.Last = []Event{{Kind: EventUndone, Seat: 1, Next: 0}}
	write := func(fields func(w *bitstream.Writer)) string {
		w := &bitstream.Writer{}
		w.Write(7, 3)
		w.Write(stateV4, 5)
		g.writeBody(w)
		g.writeRecord(w, stateV4, nil)
		fields(w)
		return encodeBits(w)
	}
	if s := write(g.writeFields); s != g.Encode() {
		t.Fatal("the test writes states otherwise than Encode")
	}
	last := func(w *bitstream.Writer, seat int) {
		w.Gamma(fieldLast + 1)
		writeLast(w, g.Rules, []Event{{Kind: EventUndone, Seat: seat}})
	}
	dice := func(w *bitstream.Writer, source, entered uint64) {
		w.Gamma(fieldDice + 1)
		w.Gamma(source + 1)
		w.Write(entered, 1)
	}
	for name, fields := range map[string]func(w *bitstream.Writer){
		"an unknown tag":     func(w *bitstream.Writer) { w.Gamma(2 + 1); w.Gamma(fieldEnd + 1) },
		"an unknown source":  func(w *bitstream.Writer) { dice(w, uint64(yachtdice.Sources), 0); w.Gamma(fieldEnd + 1) },
		"the seed, no entry": func(w *bitstream.Writer) { dice(w, uint64(yachtdice.Seed), 0); w.Gamma(fieldEnd + 1) },
		"the source twice":   func(w *bitstream.Writer) { dice(w, 1, 0); dice(w, 1, 0); w.Gamma(fieldEnd + 1) },
		"the source, no end": func(w *bitstream.Writer) { dice(w, 1, 1) },
		"the source, then 1": func(w *bitstream.Writer) { dice(w, 1, 1); last(w, 0); w.Gamma(fieldEnd + 1) },
		"a daily's, no day":  func(w *bitstream.Writer) { dice(w, uint64(yachtdice.Daily), 0); w.Gamma(fieldEnd + 1) },
		"a ping of no id":    func(w *bitstream.Writer) { w.Gamma(fieldPing + 1); w.Write(0, 64); w.Gamma(fieldEnd + 1) },
		"a ping after dice": func(w *bitstream.Writer) {
			dice(w, 1, 1)
			w.Gamma(fieldPing + 1)
			w.Write(9, 64)
			w.Gamma(fieldEnd + 1)
		},
		"a tag twice":   func(w *bitstream.Writer) { last(w, 0); last(w, 0); w.Gamma(fieldEnd + 1) },
		"a seat beyond": func(w *bitstream.Writer) { last(w, 2); w.Gamma(fieldEnd + 1) },
		"no end":        func(w *bitstream.Writer) { last(w, 0) },
	} {
		if _, err := Decode(write(fields)); err == nil {
			t.Errorf("%s: opened", name)
		}
	}
	lobby, _ := New(0, seal.OwnerOf(ann), 1, []Seat{{Kind: SeatName}})
	lobby.OpenLobby()
	lobby.Last = g.Last[:1]
	lobby.Last[0].Seat, lobby.Last[0].Next = 0, 0
	if _, err := Decode(lobby.Encode()); err == nil {
		t.Error("a lobby with a last move")
	}
}

// FuzzDecode: the state decoder refuses a state, or reads one that it
// writes back the same in its version, and whose current form reads
// back the same.
func FuzzDecode(f *testing.F) {
	g, _ := New(0, seal.OwnerOf("fuzzer"), 3, []Seat{{Kind: SeatName, Name: "Ann"}, {Kind: SeatName, Name: "Bob"}})
	f.Add(g.Encode())
	f.Add(g.encode(stateV3, nil))
	f.Add(g.EncodeV2())
	g.Roll, g.Dice, g.Hold = 2, yacht.Dice{2, 2, 3, 5, 6}, 3
	f.Add(g.Encode())
	g.Last = randomLast(rand.New(rand.NewPCG(1, 1)), g)
	f.Add(g.Encode())
	g.Source, g.Entered = yachtdice.Game, true
	f.Add(g.Encode())
	f.Add("")
	f.Add("____")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Decode(s)
		if err != nil {
			return
		}
		if g.encode(g.Version, nil) != s {
			t.Fatalf("%q decodes but writes %q", s, g.encode(g.Version, nil))
		}
		if back, err := Decode(g.Encode()); err != nil || back.Encode() != g.Encode() {
			t.Fatalf("%q as version 4 does not read back: %v", s, err)
		}
	})
}

// FuzzOpenBoard: a board opens or is refused, never fails; one that
// opens is written back the same.
func FuzzOpenBoard(f *testing.F) {
	g, _ := New(0, seal.OwnerOf("fuzzer"), 3, []Seat{{Kind: SeatName, Name: "Ann"}, {Kind: SeatName, Name: "Bob"}})
	g.Log.Add(Decision{Seat: 1, Turn: 1, Roll: 3, Dice: yacht.Dice{1, 2, 3, 4, 5}, Chosen: 1, BestScores: true, Best: 2, Loss: 12})
	g.Undo = g.Clone()
	g.Undo.Step = 9
	state, prev := g.EncodeBoard()
	f.Add(state, prev)
	f.Add(g.Encode(), g.Encode())
	f.Fuzz(func(t *testing.T, state, prev string) {
		b, err := OpenBoard(state, prev)
		if err != nil || prev == "" {
			return
		}
		if s, p := b.EncodeBoard(); s != b.Encode() || b.Undo == nil || p == "" {
			t.Fatalf("board %q %q opens as %q %q", state, prev, s, p)
		}
	})
}

// The last turn ping's message id (field 3) travels in the state, all 64
// bits of it, and an Undo keeps the ping posted last (the state it
// returns to names an older one, already replaced).
func TestPingTravels(t *testing.T) {
	g, _ := endGameTable(t, seal.Loopback(), user(ann), user(bob))
	for _, id := range []uint64{1, 1234567890123456789, 1<<64 - 1} {
		g.Ping = id
		h, err := Decode(g.Encode())
		if err != nil {
			t.Fatal(err)
		}
		if h.Ping != id {
			t.Errorf("ping %d read back as %d", id, h.Ping)
		}
	}
	g.Ping = 0
	if h, err := Decode(g.Encode()); err != nil || h.Ping != 0 {
		t.Errorf("no ping: %v %d", err, h.Ping)
	}
	before := g.Clone()
	before.Ping = 11
	g.Undo, g.Ping = before, 22
	if _, err := g.undo(); err != nil {
		t.Fatal(err)
	}
	if g.Ping != 22 {
		t.Errorf("after Undo the ping is %d, want the one posted last (22)", g.Ping)
	}
}
