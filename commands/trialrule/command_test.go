package trialrule_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	trcmd "github.com/alea-bot/alea/commands/trialrule"
	"github.com/alea-bot/alea/engine/trialrule"
)

func file(t *testing.T, r *commands.Reply, name string) []byte {
	t.Helper()
	for _, f := range r.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("no attachment %s", name)
	return nil
}

// Every example answers in every language, within Discord's limits (the
// harness checks them), with the sheet and a decodable picture attached.
func TestExamplesEveryLocale(t *testing.T) {
	cmd := trcmd.Command()
	h := bottest.New(t, cmd)
	for _, l := range commands.Locales {
		h.Locale = l
		for _, ex := range cmd.Examples {
			r := h.MustRun(ex)
			if len(r.Embeds) != 1 || r.Embeds[0].Image == "" {
				t.Fatalf("%s %s: no embed with a picture", l, ex)
			}
			img, err := png.Decode(bytes.NewReader(file(t, r, r.Embeds[0].Image)))
			if err != nil {
				t.Fatalf("%s: picture: %v", ex, err)
			}
			if b := img.Bounds(); b.Dx() < 50 || b.Dy() < 30 || b.Dy() > 8000 {
				t.Errorf("%s: picture %v", ex, b)
			}
			if !bytes.HasPrefix(file(t, r, "trialrule.txt"), []byte("## input value ##\n")) {
				t.Errorf("%s: sheet does not start like the paper's file", ex)
			}
		}
	}
}

// The reply's table and the attachment hold the paper's numbers (its section 4.3).
func TestReplyShowsPaperValues(t *testing.T) {
	h := bottest.New(t, trcmd.Command())
	r := h.MustRun(`/trialrule die:3 weights:"5 2" extra_depth:6`)
	text := bot.FormatText(r)
	for _, want := range []string{
		"5/7 (71.429%)", "2/7 (28.571%)",
		"  2  2.14285714286  1", "  4  1.55844155844  11", "  6  1.50000000000  104",
		"  8  1.50068608020  937",
		"3 3 3 3 3 1 - Re", // the height-6 listing of the paper's section 4.3
		"E[X] = 3/2",       // Knuth–Yao
		"0.544568",         // Shannon bound
	} {
		if !strings.Contains(text, want) {
			t.Errorf("reply lacks %q:\n%s", want, text)
		}
	}
	p, _ := trialrule.NewProblem(3, []int64{5, 2})
	tab, _ := trialrule.Search(context.Background(), p, 6)
	o, _ := trialrule.KnuthYao(context.Background(), p)
	var want bytes.Buffer
	if err := trialrule.WriteSheet(&want, tab, o, nil); err != nil {
		t.Fatal(err)
	}
	if got := file(t, r, "trialrule.txt"); !bytes.Equal(got, want.Bytes()) {
		t.Errorf("attachment differs from the engine's sheet:\n%s", got)
	}
}

// --format data is exactly the schema of docs/data.md.
func TestDataSchema(t *testing.T) {
	h := bottest.New(t, trcmd.Command())
	r := h.MustRun(`/trialrule die:3 weights:"5 2" extra_depth:6`)
	b, err := json.Marshal(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"die":3,"weights":[5,2],"labels":["E_1","E_2"],"probabilities":["5/7","2/7"],` +
		`"heights":[` +
		`{"height":2,"case":true,"c":1,"expected":"15/7","expected_value":2.142857142857143,"printed":true},` +
		`{"height":3,"case":true,"c":2,"expected":"39/14","expected_value":2.7857142857142856,"printed":false},` +
		`{"height":4,"case":true,"c":11,"expected":"120/77","expected_value":1.5584415584415585,"printed":true},` +
		`{"height":5,"case":true,"c":34,"expected":"375/238","expected_value":1.5756302521008403,"printed":false},` +
		`{"height":6,"case":true,"c":104,"expected":"3/2","expected_value":1.5,"printed":true},` +
		`{"height":7,"case":true,"c":311,"expected":"3279/2177","expected_value":1.5062011943040883,"printed":false},` +
		`{"height":8,"case":true,"c":937,"expected":"9843/6559","expected_value":1.5006860801951516,"printed":false}],` +
		`"best":{"height":6,"c":104,"expected":"3/2","expected_value":1.5},` +
		`"optimal":{"expected":"3/2","expected_value":1.5,"preperiod":0,"period":6,"lines":[` +
		`"1 - E_1","2 - E_1","3","3 1 - E_2","3 2 - E_2","3 3","3 3 1 - E_1","3 3 2 - E_2","3 3 3",` +
		`"3 3 3 1 - E_2","3 3 3 2 - E_2","3 3 3 3","3 3 3 3 1 - E_1","3 3 3 3 2 - E_1","3 3 3 3 3",` +
		`"3 3 3 3 3 1 - E_1","3 3 3 3 3 2 - E_2","3 3 3 3 3 3 - Re"]},` +
		`"entropy_bound":0.5445684476282008}`
	if string(b) != want {
		t.Errorf("data:\n got %s\nwant %s", b, want)
	}

	// "no case" heights have only height and case; labels are the user's.
	r = h.MustRun(`/trialrule die:2 weights:"3 4 5" labels:"a, b, c" extra_depth:1 mode:paper`)
	b, _ = json.Marshal(r.Data)
	for _, s := range []string{`{"height":5,"case":false}`, `"labels":["a","b","c"]`, `"best":{"height":4,"c":1,"expected":"19/6"`} {
		if !strings.Contains(string(b), s) {
			t.Errorf("data lacks %s: %s", s, b)
		}
	}
	if strings.Contains(string(b), `"optimal"`) {
		t.Errorf("paper mode has an optimal rule: %s", b)
	}
	r = h.MustRun(`/trialrule die:2 weights:"1 2 3" mode:optimal`)
	b, _ = json.Marshal(r.Data)
	if strings.Contains(string(b), `"heights"`) || !strings.Contains(string(b), `"optimal":{"expected":"2","expected_value":2,"preperiod":1,"period":2,"lines":["1 - E_3","2","2 1 - E_2","2 2","2 2 1 - E_1","2 2 2 → 2"]}`) {
		t.Errorf("optimal mode data: %s", b)
	}
}

// Bad input is rejected with a message that says what is wrong and what a
// right value looks like.
func TestBadInput(t *testing.T) {
	h := bottest.New(t, trcmd.Command())
	for _, tc := range []struct{ line, want string }{
		{`/trialrule die:6 weights:"0 0"`, "Weight 1 (`0`) is zero"},
		{`/trialrule die:1 weights:"1 2"`, "`die` must be between 2 and 100"},
		{`/trialrule die:6 weights:"1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"`, "21 weights given; at most 20 events"},
		{`/trialrule die:6 weights:"1 2" extra_depth:1000`, "`extra_depth` must be between 0 and 40"},
		{`/trialrule die:6 weights:"1 -2"`, "is negative"},
		{`/trialrule die:6 weights:"1 two"`, "Weight 2 (`two`) is not a number"},
		{`/trialrule die:6 weights:"7"`, "give at least 2 outcomes"},
		{`/trialrule die:6 weights:"1 1000000000000"`, "too fine"},
		{`/trialrule die:6 weights:"1 2" labels:"a b c"`, "3 labels for 2 weights"},
		{`/trialrule die:6 weights:"1 2" mode:fast`, "`mode` must be one of"},
	} {
		r, out := h.Run(tc.line)
		if out != bot.Rejected || !r.Ephemeral || !strings.Contains(r.Content, tc.want) {
			t.Errorf("%s: outcome %s, %q; want rejection containing %q", tc.line, out, r.Content, tc.want)
		}
	}
	h.Locale = commands.Korean
	if r, _ := h.Run(`/trialrule die:6 weights:"0 0"`); !strings.Contains(r.Content, "0입니다") {
		t.Errorf("Korean rejection: %q", r.Content)
	}
	h.Locale = commands.Japanese
	if r, _ := h.Run(`/trialrule die:6 weights:"0 0"`); !strings.Contains(r.Content, "0 です") {
		t.Errorf("Japanese rejection: %q", r.Content)
	}
}

// The largest inputs answer within Discord's limits, saying honestly where
// the search stopped.
func TestLargeInputsStayWithinLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("each takes the full time budget")
	}
	h := bottest.New(t, trcmd.Command())
	for _, line := range []string{
		`/trialrule die:100 weights:"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20" extra_depth:40 labels:"` +
			strings.Repeat("x", 40) + strings.Repeat(","+strings.Repeat("y", 40), 19) + `"`,
		`/trialrule die:2 weights:"0.123456 0.876544" extra_depth:40`,
		`/trialrule die:7 weights:"999983 1" extra_depth:40`,
	} {
		r := h.MustRun(line)
		text := bot.FormatText(r)
		if !strings.Contains(text, "The search stopped at height") {
			t.Errorf("%s: no cut-short notice:\n%s", line, text)
		}
		for _, f := range r.Files {
			if len(f.Data) > commands.MaxFileSize {
				t.Errorf("%s: %s is %d bytes", line, f.Name, len(f.Data))
			}
		}
		b, _ := json.Marshal(r.Data)
		if !strings.Contains(string(b), `"cut_short":{"height":`) {
			t.Errorf("%s: data lacks cut_short", line)
		}
	}
}

// issueRequest is /trialrule die:2 weights:"3 4 5" in Korean, once
// answered differently under load because its search was cut.
func issueRequest() *commands.Request {
	return &commands.Request{Kind: commands.KindCommand, Command: "trialrule", Locale: commands.Korean,
		Options: commands.Options{"die": int64(2), "weights": "3 4 5"}}
}

// A search the time budget cut short is marked in the reply and never
// cached; the complete answer is cacheable.
func TestCutSearchIsMarkedAndNotCached(t *testing.T) {
	cmd := trcmd.Command()
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // no time at all: every search stops at once
	r, err := cmd.Handle(ctx, issueRequest())
	if err != nil {
		t.Fatal(err)
	}
	if bot.Reusable(cmd, issueRequest(), r) {
		t.Error("a cut search would be cached")
	}
	if !strings.Contains(r.Embeds[0].Description, "⚠️") {
		t.Errorf("the cut is not marked:\n%s", r.Embeds[0].Description)
	}
	r, err = cmd.Handle(context.Background(), issueRequest())
	if err != nil {
		t.Fatal(err)
	}
	if !bot.Reusable(cmd, issueRequest(), r) || strings.Contains(r.Embeds[0].Description, "⚠️") {
		t.Errorf("the complete search is marked cut or not cached:\n%s", r.Embeds[0].Description)
	}
	if !strings.Contains(bot.FormatText(r), "1531/510") {
		t.Errorf("the best paper rule is not 1531/510:\n%s", bot.FormatText(r))
	}
}

// BenchmarkIssueRequest times the request of the issue and the examples,
// whole (search, reply, picture), against the command's 2 s budget.
func BenchmarkIssueRequest(b *testing.B) {
	cmd := trcmd.Command()
	for b.Loop() {
		if _, err := cmd.Handle(context.Background(), issueRequest()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExamples times each example as the bot runs it.
func BenchmarkExamples(b *testing.B) {
	cmd := trcmd.Command()
	h := bottest.New(b, cmd)
	for _, ex := range cmd.Examples {
		b.Run(ex, func(b *testing.B) {
			for b.Loop() {
				h.MustRun(ex)
			}
		})
	}
}
