package trialrule

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/trialrule"
)

// Attachment names.
const (
	fileSheet      = "trialrule.txt"
	filePicture    = "trialrule.png"
	fileOptPicture = "trialrule-optimal.png"
	// maxSheet bounds the .txt attachment (Discord allows 8 MB).
	maxSheet = 4 << 20
	colour   = 0x5865F2
	// maxListingField is the longest listing shown inline in a field.
	maxListingField = 900
)

// Data is the --format data schema of /trialrule (docs/data.md).
type Data struct {
	Die           int          `json:"die"`
	Weights       []int64      `json:"weights"`
	Labels        []string     `json:"labels"`
	Probabilities []string     `json:"probabilities"`
	Heights       []HeightData `json:"heights,omitempty"`
	Best          *BestData    `json:"best,omitempty"`
	Optimal       *OptimalData `json:"optimal,omitempty"`
	EntropyBound  float64      `json:"entropy_bound"`
	// CutShort is present only when the search stopped early.
	CutShort *CutShortData `json:"cut_short,omitempty"`
	// byTime is set when the time budget, not the input, cut the answer
	// short: it depends on the machine's load and is never reused.
	byTime bool
}

// HeightData is one height of the paper's table; a "no case" height has
// only Height and Case.
type HeightData struct {
	Height        int      `json:"height"`
	Case          bool     `json:"case"`
	C             *big.Int `json:"c,omitempty"`
	Expected      string   `json:"expected,omitempty"`
	ExpectedValue *float64 `json:"expected_value,omitempty"`
	Printed       *bool    `json:"printed,omitempty"`
}

// BestData is the height with the least E[X] (the smallest such height).
type BestData struct {
	Height        int      `json:"height"`
	C             *big.Int `json:"c"`
	Expected      string   `json:"expected"`
	ExpectedValue float64  `json:"expected_value"`
}

// OptimalData is the Knuth–Yao rule; Expected is omitted when the period
// is too long for an exact fraction, and Lines is empty when the listing
// is too long.
type OptimalData struct {
	Expected      string   `json:"expected,omitempty"`
	ExpectedValue float64  `json:"expected_value"`
	Preperiod     int      `json:"preperiod"`
	Period        int      `json:"period"`
	Lines         []string `json:"lines"`
}

// CutShortData says where and why the paper search stopped.
type CutShortData struct {
	Height int    `json:"height"`
	Reason string `json:"reason"`
}

func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// names are the event names: the user's labels or E_1, E_2, ….
func (r *request) names() []string {
	n := make([]string, r.problem.Events())
	for i := range n {
		if r.labels != nil {
			n[i] = r.labels[i]
		} else {
			n[i] = trialrule.EventName(i)
		}
	}
	return n
}

func buildData(res *result) *Data {
	p := res.req.problem
	d := &Data{Die: p.K, Weights: p.Weights, Labels: res.req.names(), EntropyBound: p.EntropyBound()}
	for _, q := range p.Probabilities() {
		d.Probabilities = append(d.Probabilities, q.RatString())
	}
	if t := res.table; t != nil {
		d.Heights = []HeightData{}
		for _, h := range t.Heights {
			hd := HeightData{Height: h.Height, Case: h.Case}
			if h.Case {
				v := ratFloat(h.Expected)
				printed := h.Printed
				hd.C, hd.Expected, hd.ExpectedValue, hd.Printed = h.C, h.Expected.RatString(), &v, &printed
			}
			d.Heights = append(d.Heights, hd)
		}
		if b := t.Best(); b >= 0 {
			h := t.Heights[b]
			d.Best = &BestData{Height: h.Height, C: h.C, Expected: h.Expected.RatString(), ExpectedValue: ratFloat(h.Expected)}
		}
		if t.CutShort {
			d.CutShort = &CutShortData{Height: t.CutShortAt, Reason: reasonCode(t.CutShortReason)}
		}
	}
	if o := res.optimal; o != nil {
		od := &OptimalData{ExpectedValue: o.ExpectedApprox, Preperiod: o.Preperiod, Period: o.Period, Lines: []string{}}
		if o.Expected != nil {
			od.Expected = o.Expected.RatString()
		}
		if o.Rule != nil {
			od.Lines = o.Rule.Lines(res.req.labels)
		}
		d.Optimal = od
	}
	return d
}

func reasonCode(err error) string {
	switch {
	case errors.Is(err, trialrule.ErrTooLarge):
		return "too_large"
	case errors.Is(err, context.DeadlineExceeded):
		return "time_budget"
	}
	return "canceled"
}

// shortInt writes a multiplier, shortened when it is very long.
func shortInt(c *big.Int) string {
	s := c.String()
	if len(s) <= 14 {
		return s
	}
	return s[:6] + "…(" + strconv.Itoa(len(s)) + " digits)"
}

// decimal is an exact fraction written with 11 places, as the paper does.
func decimal(r *big.Rat) string { return trialrule.FormatExpected(r) }

// limitedWriter keeps at most n bytes and remembers whether it dropped any.
type limitedWriter struct {
	buf       bytes.Buffer
	n         int
	truncated bool
}

// errSheetFull stops WriteSheet once the attachment is as large as allowed.
var errSheetFull = errors.New("sheet full")

func (w *limitedWriter) Write(p []byte) (int, error) {
	room := w.n - w.buf.Len()
	if len(p) > room {
		w.buf.Write(p[:max(room, 0)])
		w.truncated = true
		return max(room, 0), errSheetFull
	}
	return w.buf.Write(p)
}

// cutAt shortens s to at most n bytes on a line boundary.
func cutAt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	if i := strings.LastIndexByte(s, '\n'); i > 0 {
		return s[:i]
	}
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// Room, in bytes, for the parts of the reply. The embed's description
// may hold 4096 characters and the whole embed 6000; the budgets keep the
// parts well inside both, with room for the fields' own text.
const (
	// descriptionBudget bounds the probabilities and the table of heights.
	descriptionBudget = 2600
	// tableSlack is kept free below descriptionBudget for the note that
	// says how many heights were left out.
	tableSlack = 60
	// recLinesBudget bounds the list of recommended heights.
	recLinesBudget = 500
	// fieldBudget bounds a field with a listing (Discord allows 1024).
	fieldBudget = 1000
)

// buildReply makes the reply: the ratio's probabilities and the table of
// heights in the description, the recommended paper rule and the optimal
// rule as fields, the sheet and the pictures as attachments.
func buildReply(res *result, l commands.Locale) (*commands.Reply, error) {
	embed := commands.Embed{
		Title:       title(res.req, l),
		Description: description(res, l),
		Color:       colour,
		Footer:      txtFooter.In(l),
	}
	var bestRule *trialrule.Rule
	var bestE *big.Rat
	if res.table != nil {
		f, rule, e, err := recommendField(res, l)
		if err != nil {
			return nil, err
		}
		embed.Fields = append(embed.Fields, f)
		bestRule, bestE = rule, e
	}
	if res.req.mode != modePaper {
		embed.Fields = append(embed.Fields, optimalField(res, bestE, l))
	}
	reply := &commands.Reply{Data: buildData(res)}
	sheet, err := sheetFile(res, l)
	if err != nil {
		return nil, err
	}
	reply.Files = append(reply.Files, sheet)
	if err := addPictures(reply, &embed, res, bestRule, l); err != nil {
		return nil, err
	}
	reply.Embeds = []commands.Embed{embed}
	return reply, nil
}

// title names the die and the ratio: "Trial rule: d6 for 1:4:15".
func title(req *request, l commands.Locale) string {
	p := req.problem
	ws := make([]string, len(p.Weights))
	for i, w := range p.Weights {
		ws[i] = strconv.FormatInt(w, 10)
	}
	return cutAt(txtTitle.Format(l, p.K, strings.Join(ws, ":")), commands.MaxEmbedTitle)
}

// description holds how the weights were read, the probabilities, and the
// table of heights with what was left out of it.
func description(res *result, l commands.Locale) string {
	req := res.req
	p := req.problem
	names := req.names()
	var desc strings.Builder
	if total, ok := trialrule.PercentTotal(req.weightsText); ok && total.Cmp(big.NewRat(100, 1)) != 0 {
		ws := make([]string, len(p.Weights))
		for i, w := range p.Weights {
			ws[i] = strconv.FormatInt(w, 10)
		}
		desc.WriteString(txtPercentSum.Format(l, total.FloatString(percentPlaces(total)), strings.Join(ws, ":")) + "\n\n")
	}
	desc.WriteString(txtProbs.In(l) + "\n")
	for i, q := range p.Probabilities() {
		fmt.Fprintf(&desc, "`E%d` %s = %s (%s)\n", i+1, names[i], q.RatString(), trialrule.Percent(q))
	}
	t := res.table
	if t == nil {
		return desc.String()
	}
	if len(t.Heights) == 0 && t.CutShort {
		desc.WriteString("\n" + txtCutNone.Format(l, t.CutShortAt, cutReason(t, l)))
		return desc.String()
	}
	desc.WriteString("\n" + txtTable.In(l) + "\n")
	rows := heightRows(t, l)
	shown := len(rows)
	for shown > 1 && len(strings.Join(rows[:shown], "\n"))+tableSlack > descriptionBudget-desc.Len() {
		shown--
	}
	desc.WriteString("```\n" + strings.Join(rows[:shown], "\n") + "\n```")
	if shown < len(rows) {
		more := txtMoreRows
		if len(rows)-shown == 1 {
			more = txtMoreRowsOne
		}
		desc.WriteString("\n" + more.Format(l, len(rows)-shown, "`"+fileSheet+"`"))
	}
	if t.CutShort {
		desc.WriteString("\n" + txtCutShort.Format(l, t.CutShortAt, cutReason(t, l)))
	}
	return desc.String()
}

// cutReason says, in l, why the search of t stopped early.
func cutReason(t *trialrule.Table, l commands.Locale) string {
	if errors.Is(t.CutShortReason, trialrule.ErrTooLarge) {
		return txtReasonMem.In(l)
	}
	return txtReasonTime.In(l)
}

// percentPlaces is the number of decimals that writes a total of
// percentages exactly, when it has few (else 2).
func percentPlaces(total *big.Rat) int {
	for n := 0; n <= 6; n++ {
		scaled := new(big.Rat).Mul(total, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)))
		if scaled.IsInt() {
			return n
		}
	}
	return 2
}

// heightRows are the lines of the table of heights, a header first.
func heightRows(t *trialrule.Table, l commands.Locale) []string {
	rows := []string{fmt.Sprintf("%3s  %-13s  %s", "h", "min E[X]", "c")}
	for _, h := range t.Heights {
		if !h.Case {
			rows = append(rows, fmt.Sprintf("%3d  %s", h.Height, txtNoCase.In(l)))
			continue
		}
		mark := ""
		if h.Printed {
			mark = "  ✓"
		}
		rows = append(rows, fmt.Sprintf("%3d  %-13s  %s%s", h.Height, decimal(h.Expected), shortInt(h.C), mark))
	}
	return rows
}

// recommendField lists the recommended heights and the best paper rule,
// and returns that rule and its E[X] (nil when no height has a rule).
func recommendField(res *result, l commands.Locale) (commands.Field, *trialrule.Rule, *big.Rat, error) {
	req, t := res.req, res.table
	var b strings.Builder
	for _, h := range t.Heights {
		if h.Printed {
			line := txtRecLine.Format(l, h.Height, shortInt(h.C), h.Expected.RatString(), decimal(h.Expected))
			if b.Len()+len(line) < recLinesBudget {
				b.WriteString("• " + line + "\n")
			}
		}
	}
	field := func() commands.Field {
		return commands.Field{Name: txtRecommend.In(l), Value: cutAt(b.String(), commands.MaxFieldValue)}
	}
	best := t.Best()
	if best < 0 {
		b.WriteString(noRuleAdvice(res, l))
		return field(), nil, nil, nil
	}
	h := t.Heights[best]
	r, err := req.problem.PaperRule(h.C, h.Height)
	if err != nil && !errors.Is(err, trialrule.ErrTooLarge) {
		return commands.Field{}, nil, nil, err
	}
	listing := ""
	if r != nil {
		listing = strings.Join(r.Lines(req.labels), "\n")
	}
	if r != nil && len(listing) <= maxListingField && b.Len()+len(listing) < fieldBudget {
		b.WriteString(txtBestIs.Format(l, h.Height, "`"+fileSheet+"`", "`"+filePicture+"`"))
		b.WriteString("\n```\n" + listing + "\n```")
	} else {
		lines := 0
		if r != nil {
			lines = len(r.Nodes) - 1
		}
		b.WriteString(txtBestLong.Format(l, h.Height, lines, "`"+fileSheet+"`", "`"+filePicture+"`"))
	}
	return field(), r, h.Expected, nil
}

// noRuleAdvice says what can find a paper rule when no height searched has
// one: more heights when the search ended by its own bound below the
// maximum, else a rounder ratio or the optimal rule.
func noRuleAdvice(res *result, l commands.Locale) string {
	t := res.table
	if !t.CutShort && res.req.extra < trialrule.MaxExtraDepth {
		last := 0
		if n := len(t.Heights); n > 0 {
			last = t.Heights[n-1].Height
		}
		return txtNoRuleRaise.Format(l, last, optExtra.In(l), trialrule.MaxExtraDepth)
	}
	if res.req.mode == modePaper {
		return commands.Sentences(l, txtNoRuleRound.In(l), txtTryOptimal.Format(l, optMode.In(l)))
	}
	return txtNoRuleRound.In(l)
}

// optimalField gives the optimal rule: its E[X], its saving against the
// best paper rule (bestE, when there is one), its listing when short, and
// the least number of rolls any rule can average.
func optimalField(res *result, bestE *big.Rat, l commands.Locale) commands.Field {
	req, p, o := res.req, res.req.problem, res.optimal
	var b strings.Builder
	switch {
	case o == nil:
		b.WriteString(txtOptNone.In(l))
	case o.Expected != nil:
		b.WriteString(txtOptLine.Format(l, o.Expected.RatString(), decimal(o.Expected), o.Preperiod, o.Period) + "\n")
	default:
		b.WriteString(txtOptApprox.Format(l, strconv.FormatFloat(o.ExpectedApprox, 'f', 11, 64), o.Preperiod, o.Period) + "\n")
	}
	if o != nil && bestE != nil {
		exact, f := o.Saving(bestE)
		approx := strconv.FormatFloat(f, 'f', 6, 64)
		switch {
		case exact != nil && exact.Sign() == 0:
			b.WriteString(txtNoSaving.Format(l, bestE.RatString()) + "\n")
		case exact != nil:
			b.WriteString(txtSaving.Format(l, exact.RatString(), approx, bestE.RatString()) + "\n")
		default:
			b.WriteString(txtSavingApprox.Format(l, approx, bestE.RatString()) + "\n")
		}
	}
	if o != nil && o.Rule != nil {
		listing := strings.Join(o.Rule.Lines(req.labels), "\n")
		if len(listing) <= maxListingField && b.Len()+len(listing) < fieldBudget-len(txtJumpHelp.In(l)) {
			b.WriteString("```\n" + listing + "\n```\n")
		} else {
			b.WriteString(txtOptLong.Format(l, len(o.Rule.Nodes)-1, "`"+fileSheet+"`") + "\n")
		}
		b.WriteString(txtJumpHelp.In(l))
	}
	// The bound is a float: 1:1 on a d2 (one bit, one roll) gives 1 up to
	// rounding, and is neither above nor below one roll.
	switch bound := p.EntropyBound(); {
	case math.Abs(bound-1) < 1e-9:
		b.WriteString("\n" + txtOneRollBound.Format(l, bound))
	case bound > 1:
		b.WriteString("\n" + txtShannon.Format(l, bound))
	default:
		b.WriteString("\n" + txtOneRoll.Format(l, bound))
	}
	return commands.Field{Name: txtOptimal.In(l), Value: cutAt(b.String(), commands.MaxFieldValue)}
}

// sheetFile is the .txt attachment in the paper's format, cut at maxSheet.
func sheetFile(res *result, l commands.Locale) (commands.File, error) {
	var sheet limitedWriter
	sheet.n = maxSheet
	table := res.table
	if table == nil {
		table = &trialrule.Table{Problem: res.req.problem, ExtraDepth: res.req.extra}
	}
	if err := trialrule.WriteSheet(&sheet, table, res.optimal, res.req.labels); err != nil && !errors.Is(err, errSheetFull) {
		return commands.File{}, err
	}
	if sheet.truncated {
		sheet.buf.WriteString("\n" + txtSheetTrunc.Format(l, maxSheet>>20) + "\n")
	}
	return commands.File{Name: fileSheet, ContentType: "text/plain; charset=utf-8", Data: sheet.buf.Bytes()}, nil
}

// addPictures attaches the pictures of the best paper rule and of the
// optimal rule, shows the first in the embed and explains them in a
// legend field.
func addPictures(reply *commands.Reply, embed *commands.Embed, res *result, bestRule *trialrule.Rule, l commands.Locale) error {
	var notes []string
	add := func(r *trialrule.Rule, name string) error {
		if r == nil {
			return nil
		}
		png, cut, err := renderTree(r)
		if err != nil {
			return err
		}
		reply.Files = append(reply.Files, commands.File{Name: name, ContentType: "image/png", Data: png})
		if cut > 0 {
			note := txtPicCutOne.Format(l, "`"+fileSheet+"`")
			if cut > 1 {
				note = txtPicCut.Format(l, cut, "`"+fileSheet+"`")
			}
			notes = append(notes, note)
		}
		if embed.Image == "" {
			embed.Image = name
		}
		return nil
	}
	if err := add(bestRule, filePicture); err != nil {
		return err
	}
	if res.optimal != nil {
		if err := add(res.optimal.Rule, fileOptPicture); err != nil {
			return err
		}
	}
	if embed.Image != "" {
		v := strings.Join(append([]string{txtLegendText.In(l)}, notes...), "\n")
		embed.Fields = append(embed.Fields, commands.Field{Name: txtLegend.In(l), Value: cutAt(v, commands.MaxFieldValue)})
	}
	return nil
}
