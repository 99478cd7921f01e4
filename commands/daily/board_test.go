package daily_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// The boards /daily board shows are the order a plain count over the
// recorded dailies gives (storetest.BruteDailyBoard): a server's by
// mention, everyone's naming only who chose it, the asker's own line
// after the first ten, and the week's over at least four dailies.
func TestBoardAgainstBruteForce(t *testing.T) {
	st := storetest.SQLite(t)
	ds := storetest.NewDailies(3)
	ctx := t.Context()
	for _, c := range ds.Claims {
		if _, _, err := st.ClaimDaily(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	for u, name := range ds.Public {
		if err := st.SetDailyName(ctx, u, name, true); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range ds.Games {
		if _, err := st.Record(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	last := ds.FirstDay + ds.Days - 1
	clk := &clock{dayStart(last).Add(20 * time.Hour)}
	r := newReplica(t, st, deploymentOnes, clk)
	checked := 0
	for day := ds.FirstDay; day <= last; day += 3 {
		for _, guild := range []string{"g1", "g2"} {
			for _, scope := range []string{"", " scope:everyone"} {
				for _, rules := range ds.Rules {
					asker := ds.Users[(day+len(guild))%len(ds.Users)]
					line := fmt.Sprintf("/daily board date:%s rules:%s%s", dayStart(day).Format("2006-01-02"), rules, scope)
					rep := r.must(where{user: asker, guild: guild}, line)
					got := data[daily.BoardData](t, rep)
					q := store.DailyBoardQuery{Rules: rules, Day: day, Guild: guild, Everyone: scope != "", Limit: 10, User: asker}
					for _, part := range []struct {
						name string
						got  daily.BoardPart
						week bool
					}{{"day", got.Board, false}, {"week", got.Week, true}} {
						q.Week, q.MinDailies = part.week, 0
						if part.week {
							q.MinDailies = 4
						}
						want := storetest.BruteDailyBoard(ds.Claims, ds.Games, ds.Public, q)
						if len(part.got.Lines) != len(want.Lines) || part.got.Players != want.Players {
							t.Fatalf("%s (%s): %d lines of %d, want %d of %d", line, part.name, len(part.got.Lines), part.got.Players, len(want.Lines), want.Players)
						}
						for i, l := range part.got.Lines {
							w := want.Lines[i]
							hidden := q.Everyone && !w.Public && w.User != asker
							if l.Rank != w.Rank || l.Lost != w.Lost || l.Score != w.Score || l.Dailies != w.Dailies || (l.User == "") != hidden || !hidden && l.User != w.User || l.Name != w.Name {
								t.Fatalf("%s (%s): line %d = %+v, want %+v", line, part.name, i+1, l, w)
							}
							checked++
						}
						if (part.got.Mine == nil) != (want.Mine == nil) || want.Mine != nil && part.got.Mine.Rank != want.Mine.Rank {
							t.Fatalf("%s (%s): the asker's line %+v, want %+v", line, part.name, part.got.Mine, want.Mine)
						}
					}
					// The embed lists the lines in rank order, by name or
					// mention, never a hidden player's id.
					text := bot.FormatText(rep)
					for i, l := range got.Board.Lines {
						if !strings.Contains(text, fmt.Sprintf("`%d.` ", l.Rank)) {
							t.Fatalf("%s: line %d missing:\n%s", line, i+1, text)
						}
					}
					if scope != "" {
						for _, u := range ds.Users {
							if _, public := ds.Public[u]; !public && u != asker && strings.Contains(text, u) {
								t.Fatalf("%s: the id of %s, who chose no name, in\n%s", line, u, text)
							}
						}
					}
				}
			}
		}
	}
	if checked < 300 {
		t.Fatalf("only %d lines checked", checked)
	}
}

// The deployment-wide board names a player by the name they chose in
// /daily me, and as "a player" before and after; only they press their
// button.
func TestBoardNames(t *testing.T) {
	st := storetest.SQLite(t)
	ctx := t.Context()
	day := 20789
	for i, u := range []string{ann, bob} {
		id := fmt.Sprintf("game-%d", i)
		if _, _, err := st.ClaimDaily(ctx, store.DailyAttempt{User: u, Rules: "yacht", Day: day, Game: id, Started: noon}); err != nil {
			t.Fatal(err)
		}
		g := store.Game{ID: id, Kind: store.KindDaily, Guild: []string{server1, server2}[i], Rules: "yacht", Seed: uint64(day), Started: noon, Ended: noon.Add(10 * time.Minute),
			Seats: []store.Seat{{User: u, Score: 200 + i, Lost: float64(i) + 0.5, Decisions: 33}}}
		if _, err := st.Record(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	r := newReplica(t, st, deploymentOnes, &clock{noon})
	everyone := func(w where) string { return bot.FormatTextIn(r.must(w, "/daily board scope:everyone"), w.loc) }
	bw := where{user: bob, guild: server2}
	if text := everyone(bw); !strings.Contains(text, "`1.` a player — **0.50** lost · 200 points") || !strings.Contains(text, "`2.` you — **1.50** lost · 201 points") {
		t.Fatalf("before anyone chose a name:\n%s", text)
	}
	aw := where{user: ann, guild: server1}
	me := r.must(aw, "/daily me")
	if _, out := r.press(bw, me, button(t, me, "Show my name")); out != bot.Rejected {
		t.Fatal("another player pressed Ann's name button")
	}
	me = r.mustPress(aw, me, button(t, me, "Show my name"))
	if text := bot.FormatText(me); !me.Update || !strings.Contains(text, "On the board for everyone you show as **Ann Lee**.") {
		t.Fatalf("after showing the name:\n%s", text)
	}
	for loc, want := range map[commands.Locale]string{
		commands.English:  "`1.` Ann Lee — **0.50** lost · 200 points",
		commands.Korean:   "`1.` Ann Lee — 손실 **0.50** · 200점",
		commands.Japanese: "`1.` Ann Lee — 損失 **0.50** · 200点",
	} {
		bw.loc = loc
		if text := everyone(bw); !strings.Contains(text, want) {
			t.Errorf("%s: no %q in\n%s", loc, want, text)
		}
	}
	r.mustPress(aw, me, button(t, me, "Hide my name"))
	bw.loc = commands.English
	if text := everyone(bw); !strings.Contains(text, "`1.` a player — ") || strings.Contains(text, "Ann") {
		t.Fatalf("after hiding the name:\n%s", text)
	}
	// A server's board names its players by mention.
	if text := bot.FormatText(r.must(aw, "/daily board")); !strings.Contains(text, "`1.` <@"+ann+"> — **0.50** lost · 200 points") || strings.Contains(text, bob) {
		t.Errorf("server 1's board:\n%s", text)
	}
}

// dayStart is the start of day (days since 1970-01-01).
func dayStart(day int) time.Time { return time.Unix(int64(day)*86400, 0).UTC() }
