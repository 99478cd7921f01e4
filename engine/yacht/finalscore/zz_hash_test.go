package finalscore

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
)

func TestZZDistHash(t *testing.T) {
	for _, name := range []string{yacht.Yacht, yacht.Yatzy, yacht.Yahtzee} {
		tb, err := testTables.Preset(t.Context(), name)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Of(t.Context(), tb, yacht.NewSheet(tb.Rules()))
		if err != nil {
			t.Fatal(err)
		}
		h := fnv.New64a()
		var b [8]byte
		put := func(x float64) { binary.LittleEndian.PutUint64(b[:], math.Float64bits(x)); h.Write(b[:]) }
		for _, p := range d.P {
			put(p)
		}
		put(d.UpperBonus)
		put(d.Yacht)
		put(float64(d.Min))
		put(float64(d.States))
		fmt.Printf("%s %x\n", name, h.Sum64())
	}
}
