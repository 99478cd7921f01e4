// Package trialrule is the /trialrule command: a board-game designer gives a
// die and a ratio of outcomes and gets the trial rules of the Korean paper on
// trial rules (the Calculator's table by height, the Printer's listings) and
// the optimal Knuth–Yao rule, as text, a .txt sheet in the paper's file
// format and a PNG picture of the recommended tree.
package trialrule

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/trialrule"
)

// Defaults and bounds of the options.
const (
	defaultExtraDepth = 6
	maxLabelLen       = 40
	// budget is the command's time budget; workBudget leaves room to format
	// the reply and draw the picture.
	budget        = 2 * time.Second
	workBudget    = 1200 * time.Millisecond
	formatReserve = 700 * time.Millisecond
)

// Modes of the command.
const (
	modePaper   = "paper"
	modeOptimal = "optimal"
	modeBoth    = "both"
)

// Command returns /trialrule.
func Command() *commands.Command {
	dieMin, dieMax := commands.Between(2, trialrule.MaxDie)
	exMin, exMax := commands.Between(0, trialrule.MaxExtraDepth)
	return &commands.Command{
		Name:        txtName,
		Description: txtDesc,
		Options: []commands.Option{
			{Name: optDie, Description: optDieDesc, Type: commands.Integer, Required: true, Min: dieMin, Max: dieMax},
			{Name: optWeights, Description: optWeightsDsc, Type: commands.String, Required: true, MinLength: 1, MaxLength: 1000},
			{Name: optLabels, Description: optLabelsDesc, Type: commands.String, MaxLength: 1000},
			{Name: optExtra, Description: optExtraDesc, Type: commands.Integer, Min: exMin, Max: exMax},
			{Name: optMode, Description: optModeDesc, Type: commands.String, Choices: []commands.Choice{
				{Name: chBoth, Value: modeBoth}, {Name: chPaper, Value: modePaper}, {Name: chOptimal, Value: modeOptimal},
			}},
		},
		Examples: []string{
			`/trialrule die:3 weights:"5 2" extra_depth:6`,
			`/trialrule die:6 weights:"5% 20% 75%" labels:"jackpot, win, miss"`,
			`/trialrule die:2 weights:"1 2 3" mode:optimal`,
		},
		Handle: handle,
		Budget: budget,

		// The answer depends on the options alone, unless the time budget
		// cut it short: that one depends on the machine's load.
		Caching: &commands.Caching{Keep: func(_ *commands.Request, r *commands.Reply) bool {
			d, ok := r.Data.(*Data)
			return !ok || !d.byTime
		}},
	}
}

// request is a checked /trialrule request.
type request struct {
	problem trialrule.Problem
	labels  []string // user's names, or nil
	// weightsText is the ratio as the user wrote it.
	weightsText string
	extra       int
	mode        string
}

func parseRequest(req *commands.Request) (*request, error) {
	die := req.Options.Int("die", 0)
	if die < 2 || die > trialrule.MaxDie {
		return nil, commands.Rejectf(errDie, trialrule.MaxDie, die)
	}
	extra := req.Options.Int("extra_depth", defaultExtraDepth)
	if extra < 0 || extra > trialrule.MaxExtraDepth {
		return nil, commands.Rejectf(errExtra, trialrule.MaxExtraDepth, extra)
	}
	mode := req.Options.String("mode", modeBoth)
	if mode != modePaper && mode != modeOptimal && mode != modeBoth {
		return nil, commands.Rejectf(errMode, safe(mode))
	}
	w, err := trialrule.ParseWeights(req.Options.String("weights", ""))
	if err != nil {
		return nil, weightsRejection(err)
	}
	p, err := trialrule.NewProblem(int(die), w)
	if err != nil {
		return nil, weightsRejection(err)
	}
	labels, err := parseLabels(req.Options.String("labels", ""), len(w))
	if err != nil {
		return nil, err
	}
	return &request{problem: p, labels: labels, weightsText: req.Options.String("weights", ""), extra: int(extra), mode: mode}, nil
}

// weightsRejection turns the engine's typed parse errors into a message
// that says what was wrong and what a right value looks like.
func weightsRejection(err error) error {
	var we *trialrule.WeightsError
	if !errors.As(err, &we) {
		if errors.Is(err, trialrule.ErrDie) {
			return commands.Rejectf(errDie, trialrule.MaxDie, 0)
		}
		return err
	}
	tok := safe(we.Token)
	switch {
	case errors.Is(err, trialrule.ErrEmpty):
		return commands.Rejectf(errEmpty)
	case errors.Is(err, trialrule.ErrZero):
		return commands.Rejectf(errZero, we.Index, tok)
	case errors.Is(err, trialrule.ErrNegative):
		return commands.Rejectf(errNegative, we.Index, tok)
	case errors.Is(err, trialrule.ErrTooManyEvents):
		return commands.Rejectf(errTooMany, we.Count, trialrule.MaxEvents)
	case errors.Is(err, trialrule.ErrTooFewEvents):
		return commands.Rejectf(errTooFew, we.Count, trialrule.MinEvents)
	case errors.Is(err, trialrule.ErrTooFine) && we.Sum != nil:
		return commands.Rejectf(errTooFine, we.Sum.String(), "1000000000000")
	case errors.Is(err, trialrule.ErrTooFine):
		return commands.Rejectf(errTooLong)
	}
	return commands.Rejectf(errSyntax, we.Index, tok)
}

// safe makes user text harmless inside inline code: no backticks, no
// mentions, at most 40 characters.
func safe(s string) string {
	s = strings.NewReplacer("`", "'", "@", "@\u200b", "\n", " ", "\r", " ").Replace(s)
	if utf8.RuneCountInString(s) > maxLabelLen {
		r := []rune(s)
		s = string(r[:maxLabelLen]) + "…"
	}
	return s
}

// parseLabels reads the event names: separated by commas (or 、 ; |) when
// there are any, else by spaces; one per weight.
func parseLabels(s string, n int) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var parts []string
	if strings.ContainsAny(s, ",、;|，") {
		parts = strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(",、;|，", r) })
	} else {
		parts = strings.Fields(s)
	}
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	if len(out) == 1 {
		return nil, commands.Rejectf(errLabelCountOne, len(out), n)
	}
	if len(out) != n {
		return nil, commands.Rejectf(errLabelCount, len(out), n)
	}
	for i, p := range out {
		if utf8.RuneCountInString(p) > maxLabelLen {
			return nil, commands.Rejectf(errLabelLong, i+1, maxLabelLen)
		}
		out[i] = strings.NewReplacer("`", "'", "@", "@\u200b", "\n", " ", "\r", " ", "\t", " ").Replace(p)
	}
	return out, nil
}

// result is everything the reply is made of.
type result struct {
	req     *request
	table   *trialrule.Table   // nil in optimal mode
	optimal *trialrule.Optimal // nil in paper mode, or when not computed
	optErr  error
}

func compute(ctx context.Context, r *request) (*result, error) {
	// Leave time to format the reply and draw the pictures before the
	// command's deadline, whatever the wait for a worker took.
	wb := workBudget
	if dl, ok := ctx.Deadline(); ok {
		wb = min(wb, max(time.Until(dl)-formatReserve, 50*time.Millisecond))
	}
	work, cancel := context.WithTimeout(ctx, wb)
	defer cancel()
	res := &result{req: r}
	if r.mode != modePaper {
		o, err := trialrule.KnuthYao(work, r.problem)
		if err != nil {
			res.optErr = err
		} else {
			res.optimal = o
		}
	}
	if r.mode != modeOptimal {
		t, err := trialrule.Search(work, r.problem, r.extra)
		if err != nil {
			return nil, err
		}
		res.table = t
	}
	return res, nil
}

func handle(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	r, err := parseRequest(req)
	if err != nil {
		return nil, err
	}
	ctx, done, err := commands.Heavy(ctx) // the search is heavy
	if err != nil {
		return nil, err
	}
	defer done()
	res, err := compute(ctx, r)
	if err != nil {
		return nil, err
	}
	reply, err := buildReply(res, req.Locale)
	if reply != nil && res.cutByTime() {
		if d, ok := reply.Data.(*Data); ok {
			d.byTime = true // the answer depends on the machine's load: never reused
		}
	}
	return reply, err
}

// cutByTime reports whether the time budget stopped a search (the reply
// then says so): the paper search before its last height, or the
// optimal rule. A search stopped for its size is the same every time.
func (r *result) cutByTime() bool {
	t := r.table
	return t != nil && t.CutShort && !errors.Is(t.CutShortReason, trialrule.ErrTooLarge) || r.optErr != nil
}
