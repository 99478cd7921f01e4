package yachtcoach

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// endSheet is a sheet of r with every box but open filled: zero, or what
// fill gives (key:points).
func endSheet(t *testing.T, r *yacht.Rules, fill string, open ...string) yacht.Sheet {
	t.Helper()
	given := map[string]string{}
	for _, f := range strings.Fields(fill) {
		k, v, _ := strings.Cut(f, ":")
		given[k] = v
	}
	var parts []string
	for _, c := range r.Categories {
		if v, ok := given[c.Key]; ok {
			parts = append(parts, c.Key+":"+v)
		} else if !strings.Contains(" "+strings.Join(open, " ")+" ", " "+c.Key+" ") {
			parts = append(parts, c.Key+":0")
		}
	}
	for k, v := range given {
		if r.CategoryIndex(k) < 0 {
			parts = append(parts, k+":"+v)
		}
	}
	s, err := yacht.ParseSheet(r, strings.Join(parts, " "))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Every preset's rules are broken down (the engine's breakdown covers the
// upper bonus, Yahtzee's extra bonus and jokers, Yatzy's and Pancht's
// boxes): on end-game sheets, every action's data output names every box
// and its parts add up to the action's expected final score.
func TestEveryPresetBrokenDown(t *testing.T) {
	cases := map[string][]struct {
		fill string
		open []string
	}{}
	for _, k := range yacht.Presets() {
		r, err := yacht.Preset(k)
		if err != nil {
			t.Fatal(err)
		}
		n := len(r.Categories)
		cases[k] = append(cases[k], struct {
			fill string
			open []string
		}{"", []string{r.Categories[0].Key, r.Categories[n-1].Key}})
		if y := r.YachtIndex(); y >= 0 {
			cases[k] = append(cases[k], struct {
				fill string
				open []string
			}{r.Categories[y].Key + ":50 " + r.Categories[2].Key + ":9", []string{r.Categories[5].Key, r.Categories[n-2].Key}})
		}
	}
	for key, cs := range cases {
		r, _ := yacht.Preset(key)
		tb, err := strategy.BuildEndGame(context.Background(), r, 2)
		if err != nil {
			t.Fatal(err)
		}
		var ts Tables
		bt, err := ts.Get(context.Background(), tb)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			s := endSheet(t, r, c.fill, c.open...)
			for _, dice := range []string{"6 6 6 6 6", "1 2 3 4 5", "3 3 3 5 5"} {
				d, _ := yacht.ParseDice(dice)
				for roll := 1; roll <= 3; roll++ {
					bd, err := bt.Breakdowns(s, &d, roll)
					if err != nil {
						t.Fatal(err)
					}
					for _, a := range bd.Actions {
						data := DataOf(r, a.Breakdown)
						sum := data.UpperBonus + data.ExtraBonus
						for _, cat := range r.Categories {
							v, ok := data.Boxes[cat.Key]
							if !ok {
								t.Fatalf("%s: no box %s", key, cat.Key)
							}
							sum += v
						}
						if math.Abs(sum-a.Expected) > 1e-9 {
							t.Errorf("%s %q %s roll %d %+v: parts add up to %.12f, expected %.12f", key, c.fill, dice, roll, a.Action, sum, a.Expected)
						}
					}
				}
			}
		}
	}
}
