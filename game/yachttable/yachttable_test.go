package yachttable

import (
	"bytes"
	"github.com/alea-bot/alea/game/yachtdice"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/bitstream"
	"github.com/alea-bot/alea/game/seal"
)

// The dice are the server's: one seed under two secrets gives other dice,
// under one secret the same dice every time.
func TestDiceNeedTheSecret(t *testing.T) {
	a := yachtdice.New(seal.NewKey("deployment one's secret"))
	a2 := yachtdice.New(seal.NewKey("deployment one's secret"))
	b := yachtdice.New(seal.NewKey("deployment two's secret"))
	for seed := uint32(0); seed < 50; seed++ {
		same, differ := true, false
		for seat := 0; seat < 2; seat++ {
			for filled := 0; filled < 13; filled++ {
				for roll := 1; roll <= 3; roll++ {
					x := a.Roll(seed, seat, filled, roll)
					if x != a2.Roll(seed, seat, filled, roll) {
						same = false
					}
					if x != b.Roll(seed, seat, filled, roll) {
						differ = true
					}
				}
			}
		}
		if !same {
			t.Fatalf("seed %d: one secret gives two sets of dice", seed)
		}
		if !differ {
			t.Fatalf("seed %d: two secrets give the same 78 rolls", seed)
		}
	}
}

// The faces are fair: over 60 000 dice every face comes up within 5
// standard deviations of a sixth (σ = √(n·1/6·5/6) ≈ 91).
func TestDiceAreFair(t *testing.T) {
	d := yachtdice.New(seal.Loopback())
	var count [7]int
	n := 0
	for seed := uint32(0); n < 60000; seed++ {
		for _, f := range d.Roll(seed, int(seed%6), int(seed%13), int(seed%3)+1) {
			count[f]++
			n++
		}
	}
	for f := 1; f <= 6; f++ {
		if dev := count[f] - n/6; dev > 455 || dev < -455 {
			t.Errorf("face %d: %d of %d", f, count[f], n)
		}
	}
}

// The identities themselves are seal.GameID's (tested there); a state
// keeps the minute a game started.
func TestMinutes(t *testing.T) {
	at := time.Date(2026, 11, 24, 15, 39, 30, 0, time.UTC)
	if m := Minute(at); !Time(m).Equal(at.Truncate(time.Minute)) {
		t.Errorf("minute %d is %v", m, Time(m))
	}
}

func TestLogRoundTripAndBudget(t *testing.T) {
	r, err := yacht.Preset(yacht.Yahtzee)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var l Log
	for i := 0; !l.Full; i++ {
		var d Decision
		d.Seat, d.Turn, d.Roll = rng.IntN(6), 1+rng.IntN(13), 1+rng.IntN(3)
		for k := range d.Dice {
			d.Dice[k] = 1 + rng.IntN(6)
		}
		copy(d.Dice[:], d.Dice.Counts().Faces())
		pick := func(score bool) int {
			if score {
				return rng.IntN(len(r.Categories))
			}
			return HoldMask(d.Dice, Held(d.Dice, rng.IntN(32)))
		}
		d.Chosen = pick(d.Roll == 3)
		d.BestScores = rng.IntN(2) == 0
		d.Best = pick(d.BestScores)
		d.Loss = rng.IntN(3000)
		l.Add(d)
		w := &bitstream.Writer{}
		l.Write(w)
		back, err := ReadLog(bitstream.NewReader(w.Bytes()), r, 6)
		if err != nil {
			t.Fatalf("after %d: %v", i, err)
		}
		w2 := &bitstream.Writer{}
		back.Write(w2)
		if !bytes.Equal(w.Bytes(), w2.Bytes()) || len(back.Costly) != len(l.Costly) {
			t.Fatalf("after %d: the log does not read back", i)
		}
		if len(w.Bytes())*8 > LogBudget+64 {
			t.Fatalf("the log is %d bits", len(w.Bytes())*8)
		}
	}
	if len(l.Costly) < 60 {
		t.Errorf("only %d costly decisions fit", len(l.Costly))
	}
	// A decision that cost nothing is never kept.
	n := len(l.Costly)
	l.Full = false
	l.Add(Decision{Seat: 0, Turn: 1, Roll: 3, Dice: yacht.Dice{1, 2, 3, 4, 5}})
	if len(l.Costly) != n || l.Full {
		t.Error("a free decision was kept")
	}
}

func TestDecisionRecord(t *testing.T) {
	r, _ := yacht.Preset(yacht.Yacht)
	d := Decision{Seat: 1, Turn: 4, Roll: 1, Dice: yacht.Dice{3, 3, 5, 6, 6}, Chosen: 0b00011, BestScores: false, Best: 0b11000, Loss: 125}
	got := d.Record(r)
	if got.Seat != 1 || got.Turn != 4 || got.Roll != 1 || got.Dice != "33566" || got.Chosen != "33" || got.Best != "66" || got.Loss != 1.25 {
		t.Errorf("keep: %+v", got)
	}
	d = Decision{Roll: 3, Turn: 1, Dice: yacht.Dice{6, 6, 6, 6, 6}, Chosen: 0, BestScores: true, Best: len(r.Categories) - 1, Loss: 4000}
	if got := d.Record(r); got.Chosen != r.Categories[0].Key || got.Best != r.Categories[len(r.Categories)-1].Key || got.Dice != "66666" {
		t.Errorf("scoring: %+v", got)
	}
}
