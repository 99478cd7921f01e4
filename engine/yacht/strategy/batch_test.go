package strategy

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
	"github.com/alea-bot/alea/internal/race"
)

// The scoring maxima of fillE3Lanes (AddToRows, then MaxIndexed) equal the
// direct maxima of each category's points plus the next state's value.
func TestScoringMaximaEqualPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	r, _ := yacht.Preset(yacht.Yatzy)
	s, err := compile(r)
	if err != nil {
		t.Fatal(err)
	}
	for trial := 0; trial < 10; trial++ {
		var e3 [yacht.NumPatterns]lanes.Row
		var byCount [yacht.NumDice + 1]lanes.Row
		var next lanes.Row
		for w := range e3 {
			for i := range e3[w] {
				e3[w][i] = float64(rng.IntN(3000)) / 8
			}
		}
		for n := range byCount {
			for i := range byCount[n] {
				byCount[n][i] = float64(rng.IntN(3000)) / 8
				next[i] = float64(rng.IntN(3000)) / 8
			}
		}
		got, want := e3, e3
		for j, ci := range s.upperCats {
			lanes.MaxIndexed(&got, byCount[:], &s.faceCount[s.face[ci]-1], s.scoring[ci])
			lanes.MaxIndexedPortable(&want, byCount[:], &s.faceCount[s.face[ci]-1], s.scoring[ci])
			byCount[j%len(byCount)], next = next, byCount[j%len(byCount)]
		}
		for _, ci := range s.lowerCats {
			// the solver's way: each point value plus next once
			// (AddToRows), then by index
			points := make([]lanes.Row, len(s.pointValues[ci]))
			lanes.AddToRows(points, &next, s.pointValues[ci])
			lanes.MaxIndexed(&got, points, &s.pointIndex[ci], s.scoring[ci])
			// directly: the category's points for the pattern plus next
			for _, w := range s.scoring[ci] {
				for i := range want[w] {
					want[w][i] = math.Max(want[w][i], float64(s.pts[ci][w])+next[i])
				}
			}
		}
		if got != want {
			t.Fatalf("%s kernel and the direct maxima differ", lanes.Kernel())
		}
		changed := false
		for w := range e3 {
			changed = changed || got[w] != e3[w]
		}
		if !changed {
			t.Fatal("no maximum taken")
		}
	}
}

// Every class's value, however it was computed (in a batch, or copied from
// a class with the same bonus key), equals the one-class recurrence applied
// to the table's own successor values: the table solves the exact strategy's
// equations state by state.
func TestTableSatisfiesRecurrence(t *testing.T) {
	presets := []string{yacht.Yacht, yacht.Yahtzee, yacht.Yatzy + "+" + yacht.LenientTwoPairs}
	maxOpen, every := 5, 7
	if race.Enabled || testing.Short() {
		maxOpen, every = 3, 41
	}
	for _, name := range presets {
		r, _ := yacht.Preset(name)
		tb, err := BuildEndGame(context.Background(), r, maxOpen)
		if err != nil {
			t.Fatal(err)
		}
		s := tb.sol
		sc := &scratch{opts: make([]yacht.Scoring, 0, 32)}
		checked, copied := 0, 0
		byFill := s.masksByFill()
		for fill := s.n - maxOpen; fill < s.n; fill++ {
			for mi, m := range byFill[fill] {
				if mi%every != 0 {
					continue
				}
				classes := s.appendClasses(nil, m)
				rest := &s.rest[s.upperMask(m)]
				last := [2]int{-1, -1}
				for _, st := range classes {
					s.fillE3(tb.ev, st, sc)
					want := rollBack(sc)
					if got := tb.Value(st); math.Abs(got-want) > 1e-9 {
						t.Fatalf("%s %+v: table %.12f, recurrence %.12f", name, st, got, want)
					}
					checked++
					fl := 0
					if st.YachtBonus {
						fl = 1
					}
					if key := s.bonusKey(rest, st.Upper); key == last[fl] {
						copied++
					} else {
						last[fl] = key
					}
				}
			}
		}
		if checked == 0 || copied == 0 {
			t.Fatalf("%s: %d states checked, %d of them copied", name, checked, copied)
		}
	}
}

// The solver batch's rows start on 64-byte lines.
func TestBatchRowsOnLines(t *testing.T) {
	if bad := lanes.Misaligned(reflect.TypeOf(batchRows{})); len(bad) > 0 {
		t.Fatalf("rows of batchRows off a line: %v", bad)
	}
	if p := uintptr(unsafe.Pointer(newBatch().batchRows)); p%64 != 0 {
		t.Fatalf("batch rows at %#x", p)
	}
}
