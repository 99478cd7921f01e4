package yacht

import (
	"context"
	"testing"
	"time"
)

func TestQuickVariants(t *testing.T) {
	for _, v := range []struct{ j Joker; need bool }{{FreeJoker, false}, {ForcedJoker, true}, {FreeJoker, true}, {NoJoker, false}} {
		r, _ := Preset("yahtzee")
		r.Joker, r.JokerNeedsPoints = v.j, v.need
		t0 := time.Now()
		tb, err := Build(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v %.6f states=%d %v", v, tb.Start(), tb.States(), time.Since(t0))
	}
}
