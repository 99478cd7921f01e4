package yachtadvise

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/reach"
)

// BenchmarkDataBreakdown: the data answer of /yacht-advise from the empty
// sheet on roll 1 (every action), tables built, without and with the
// breakdowns (the query, the data view and its JSON).
func BenchmarkDataBreakdown(b *testing.B) {
	for _, key := range []string{yacht.Yacht, yacht.Yatzy} {
		r, _ := yacht.Preset(key)
		d, _ := yacht.ParseDice("3 3 5 6 6")
		q := question{rules: r, sheet: yacht.NewSheet(r), dice: &d, roll: 1, top: defaultTop, target: -1}
		t, err := yachttest.Tables().Get(context.Background(), r)
		if err != nil {
			b.Fatal(err)
		}
		for _, with := range []bool{false, true} {
			a := &adviser{tables: yachttest.Tables(), targets: &reach.Tables{}, solutions: &reach.Solutions{}, breakdowns: &yachtcoach.Tables{}}
			if with {
				if _, err := a.breakdowns.Get(context.Background(), t); err != nil {
					b.Fatal(err)
				}
			} else {
				a.breakdowns.Go = func(func()) {} // never built
			}
			name := key + "/without"
			if with {
				name = key + "/with"
			}
			b.Run(name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					ans, err := a.query(context.Background(), q)
					if err != nil {
						b.Fatal(err)
					}
					if with != (ans.bd != nil) {
						b.Fatal("breakdown", ans.bd != nil)
					}
					if _, err := json.Marshal(viewOf(q, ans).Data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
