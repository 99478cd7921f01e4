package yacht

import (
	"context"
	"testing"
	"time"
)

func TestQuickStart(t *testing.T) {
	for _, name := range []string{"yacht", "pancht", "yahtzee", "yatzy", "yacht+fullhouse_yacht"} {
		r, _ := Preset(name)
		t0 := time.Now()
		tb, err := Build(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s %.6f states=%d %v", name, tb.Start(), tb.States(), time.Since(t0))
	}
}
