package strategy

import (
	"bytes"
	"context"
	"errors"
	"math"
	"sync"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
)

// endTable builds the states with at most three open categories.
func endTable(t *testing.T, name string) *Table {
	t.Helper()
	r := mustPreset(t, name)
	tb, err := build(context.Background(), r, len(r.Categories)-3)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestAdviseEndGame(t *testing.T) {
	tb := endTable(t, yacht.Yacht)
	r := tb.Rules()
	sheet, err := yacht.ParseSheet(r, "aces:3 twos:6 threes:9 fours:12 fives:15 sixes:18 choice:22 four_of_a_kind:0 full_house:0 small_straight:15")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := yacht.ParseDice("23456")
	// Roll 3: large straight (30) or yacht (0); the bonus is already earned.
	adv, err := tb.Advise(sheet, &d, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(adv.Actions) != 2 || adv.Actions[0].Kind != Score || r.Categories[adv.Actions[0].Scoring.Category].Key != "large_straight" {
		t.Fatalf("actions %+v", adv.Actions)
	}
	total := sheet.Total()
	if total != 100+35 {
		t.Fatalf("total %d", total)
	}
	// Scoring the straight leaves only the yacht: 50·P(yacht in a turn).
	one := yacht.State{Filled: sheet.State().Filled | 1<<uint(r.CategoryIndex("large_straight")), Upper: 63}
	if got, want := adv.Actions[0].Expected, float64(total+30)+tb.Value(one); math.Abs(got-want) > 1e-9 {
		t.Errorf("best %.9f, want %.9f", got, want)
	}
	// Roll 1 and 2: every distinct keep of 2 3 4 5 6 (2^5) and both categories.
	for roll := 1; roll <= 2; roll++ {
		adv, err := tb.Advise(sheet, &d, roll)
		if err != nil {
			t.Fatal(err)
		}
		if len(adv.Actions) != 32+2 {
			t.Errorf("roll %d: %d actions", roll, len(adv.Actions))
		}
		for i := 1; i < len(adv.Actions); i++ {
			if adv.Actions[i].Expected > adv.Actions[i-1].Expected {
				t.Fatalf("roll %d: not sorted at %d", roll, i)
			}
		}
		if adv.Actions[0].Kind != Score {
			t.Errorf("roll %d: best %+v, want to take the straight", roll, adv.Actions[0])
		}
	}
	// Without dice: the value of the state.
	adv, _ = tb.Advise(sheet, nil, 0)
	if adv.Expected != float64(total)+tb.Value(sheet.State()) || len(adv.Actions) != 0 {
		t.Errorf("no dice: %+v", adv)
	}
	// Errors.
	if _, err := tb.Advise(sheet, &d, 4); err == nil {
		t.Error("roll 4 accepted")
	}
	if _, err := tb.Advise(sheet, &yacht.Dice{7, 1, 1, 1, 1}, 1); err == nil {
		t.Error("face 7 accepted")
	}
	full, _ := yacht.ParseSheet(r, sheet.String()+" large_straight:30 yacht:0")
	if _, err := tb.Advise(full, &d, 1); err == nil {
		t.Error("advice on a full sheet")
	}
	other := yacht.NewSheet(mustPreset(t, yacht.Pancht))
	if _, err := tb.Advise(other, &d, 1); err == nil {
		t.Error("pancht sheet accepted by a yacht table")
	}
}

// With one category left and a roll to go, each keep's value is the exact
// chance computation a player would do by hand.
func TestAdviseKeepProbability(t *testing.T) {
	tb := endTable(t, yacht.Yacht)
	r := tb.Rules()
	sheet := yacht.NewSheet(r)
	for i := range sheet.Scores {
		if r.Categories[i].Key != "yacht" {
			sheet.Scores[i] = 0
		}
	}
	d, _ := yacht.ParseDice("66661")
	adv, err := tb.Advise(sheet, &d, 2)
	if err != nil {
		t.Fatal(err)
	}
	best := adv.Actions[0]
	if best.Kind != Keep || best.Keep != (yacht.Counts{0, 0, 0, 0, 0, 4}) {
		t.Fatalf("best %+v", best)
	}
	if math.Abs(best.Expected-50.0/6) > 1e-12 {
		t.Errorf("keep four sixes: %.12f, want 50/6", best.Expected)
	}
	// Roll 1, keeping four sixes: 1 - (5/6)^2 chance of the yacht.
	adv, _ = tb.Advise(sheet, &d, 1)
	if want := 50 * (1 - 25.0/36); math.Abs(adv.Actions[0].Expected-want) > 1e-12 {
		t.Errorf("roll 1: %.12f, want %.12f", adv.Actions[0].Expected, want)
	}
}

func TestTableFileRoundTrip(t *testing.T) {
	tb := endTable(t, yacht.Yahtzee)
	var buf bytes.Buffer
	n, err := tb.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("WriteTo: %d %v (buffer %d)", n, err, buf.Len())
	}
	// The partial table holds only its end-game states; every reachable
	// state is written (zeros for the others), so compare slot by slot.
	got, err := ReadTable(bytes.NewReader(buf.Bytes()), tb.Rules())
	if err != nil {
		t.Fatal(err)
	}
	for i := range tb.ev {
		if got.ev[i] != tb.ev[i] {
			t.Fatalf("slot %d: %v after reading, %v before", i, got.ev[i], tb.ev[i])
		}
	}
	damaged := append([]byte(nil), buf.Bytes()...)
	damaged[len(damaged)/2] ^= 1
	if _, err := ReadTable(bytes.NewReader(damaged), tb.Rules()); !errors.Is(err, ErrBadTable) {
		t.Errorf("damaged file: %v", err)
	}
	if _, err := ReadTable(bytes.NewReader(buf.Bytes()[:100]), tb.Rules()); !errors.Is(err, ErrBadTable) {
		t.Errorf("truncated file: %v", err)
	}
	if _, err := ReadTable(bytes.NewReader(buf.Bytes()), mustPreset(t, yacht.Yahtzee+"+"+yacht.FreeJokerOption)); !errors.Is(err, ErrBadTable) {
		t.Errorf("other rules: %v", err)
	}
}

func TestTablesShareOneBuild(t *testing.T) {
	var ts Tables
	r := mustPreset(t, yacht.Yacht)
	// Shrink the rule set so the build is quick even under -race.
	r.Categories = r.Categories[6:]
	r.Key = "yacht-lower"
	var wg sync.WaitGroup
	got := make([]*Table, 4)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tb, err := ts.Get(context.Background(), r)
			if err != nil {
				t.Error(err)
			}
			got[i] = tb
		}()
	}
	wg.Wait()
	for _, tb := range got[1:] {
		if tb != got[0] {
			t.Fatal("concurrent callers got different tables")
		}
	}
	if tb, ok := ts.Ready("yacht-lower"); !ok || tb != got[0] {
		t.Error("Ready does not return the built table")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ts.Get(ctx, mustPreset(t, yacht.Yatzy)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled caller: %v", err)
	}
	if _, err := Build(ctx, mustPreset(t, yacht.Yacht)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: %v", err)
	}
	changed := mustPreset(t, yacht.Yacht)
	changed.Categories = changed.Categories[6:]
	changed.Key = "yacht-lower"
	changed.BonusPoints = 1
	if _, err := ts.Get(context.Background(), changed); err == nil {
		t.Error("two rule sets with one key accepted")
	}
}
