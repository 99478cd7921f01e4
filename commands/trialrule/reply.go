package trialrule

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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

func buildReply(res *result, l commands.Locale) (*commands.Reply, error) {
	req := res.req
	p := req.problem
	names := req.names()
	reply := &commands.Reply{Data: buildData(res)}

	// Title: d6 for 1:4:15.
	ws := make([]string, len(p.Weights))
	for i, w := range p.Weights {
		ws[i] = strconv.FormatInt(w, 10)
	}
	title := cutAt(txtTitle.Format(l, p.K, strings.Join(ws, ":")), commands.MaxEmbedTitle)

	// Description: probabilities with the picture's legend, then the table.
	var desc strings.Builder
	desc.WriteString(txtProbs.In(l) + "\n")
	for i, q := range p.Probabilities() {
		fmt.Fprintf(&desc, "`E%d` %s = %s (%s)\n", i+1, names[i], q.RatString(), trialrule.Percent(q))
	}
	if t := res.table; t != nil {
		desc.WriteString("\n" + txtTable.In(l) + "\n")
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
		// Keep the description well inside its limit and the embed's total.
		room := 2600 - desc.Len()
		shown := len(rows)
		for shown > 1 && len(strings.Join(rows[:shown], "\n"))+60 > room {
			shown--
		}
		desc.WriteString("```\n" + strings.Join(rows[:shown], "\n") + "\n```")
		if shown < len(rows) {
			desc.WriteString("\n" + txtMoreRows.Format(l, len(rows)-shown, "`"+fileSheet+"`"))
		}
		if t.CutShort {
			reason := txtReasonTime.In(l)
			if errors.Is(t.CutShortReason, trialrule.ErrTooLarge) {
				reason = txtReasonMem.In(l)
			}
			desc.WriteString("\n" + txtCutShort.Format(l, t.CutShortAt, reason, t.CutShortAt))
		}
	}
	embed := commands.Embed{Title: title, Description: desc.String(), Color: colour, Footer: txtFooter.In(l)}

	// Recommended paper rules and the picture of the best one.
	var bestRule *trialrule.Rule
	var bestE *big.Rat
	if t := res.table; t != nil {
		var b strings.Builder
		best := t.Best()
		for _, h := range t.Heights {
			if h.Printed {
				line := txtRecLine.Format(l, h.Height, shortInt(h.C), h.Expected.RatString(), decimal(h.Expected))
				if b.Len()+len(line) < 500 {
					b.WriteString("• " + line + "\n")
				}
			}
		}
		if best < 0 {
			b.WriteString(txtNoRule.In(l))
		} else {
			h := t.Heights[best]
			bestE = h.Expected
			r, err := p.PaperRule(h.C, h.Height)
			if err != nil && !errors.Is(err, trialrule.ErrTooLarge) {
				return nil, err
			}
			bestRule = r
			listing := ""
			if r != nil {
				listing = strings.Join(r.Lines(req.labels), "\n")
			}
			if r != nil && len(listing) <= maxListingField && b.Len()+len(listing) < 1000 {
				b.WriteString(txtBestIs.Format(l, h.Height, "`"+fileSheet+"`", "`"+filePicture+"`"))
				b.WriteString("\n```\n" + listing + "\n```")
			} else {
				lines := 0
				if r != nil {
					lines = len(r.Nodes) - 1
				}
				b.WriteString(txtBestLong.Format(l, h.Height, lines, "`"+fileSheet+"`", "`"+filePicture+"`"))
			}
		}
		embed.Fields = append(embed.Fields, commands.Field{Name: txtRecommend.In(l), Value: cutAt(b.String(), commands.MaxFieldValue)})
	}

	// The optimal rule and its saving.
	if req.mode != modePaper {
		var b strings.Builder
		o := res.optimal
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
			switch {
			case exact != nil && exact.Sign() == 0:
				b.WriteString(txtNoSaving.Format(l, bestE.RatString()) + "\n")
			case exact != nil:
				b.WriteString(txtSaving.Format(l, exact.RatString(), strconv.FormatFloat(f, 'f', 6, 64), bestE.RatString()) + "\n")
			default:
				b.WriteString(txtSaving.Format(l, "", strconv.FormatFloat(f, 'f', 6, 64), bestE.RatString()) + "\n")
			}
		}
		if o != nil && o.Rule != nil {
			listing := strings.Join(o.Rule.Lines(req.labels), "\n")
			if len(listing) <= maxListingField && b.Len()+len(listing) < 1000-len(txtJumpHelp.In(l)) {
				b.WriteString("```\n" + listing + "\n```\n")
			} else {
				b.WriteString(txtOptLong.Format(l, len(o.Rule.Nodes)-1, "`"+fileSheet+"`") + "\n")
			}
			b.WriteString(txtJumpHelp.In(l))
		}
		b.WriteString("\n" + txtShannon.Format(l, p.EntropyBound()))
		embed.Fields = append(embed.Fields, commands.Field{Name: txtOptimal.In(l), Value: cutAt(b.String(), commands.MaxFieldValue)})
	}

	// Attachments: the sheet and the pictures.
	var sheet limitedWriter
	sheet.n = maxSheet
	table := res.table
	if table == nil {
		table = &trialrule.Table{Problem: p, ExtraDepth: req.extra}
	}
	if err := trialrule.WriteSheet(&sheet, table, res.optimal, req.labels); err != nil && !errors.Is(err, errSheetFull) {
		return nil, err
	}
	if sheet.truncated {
		sheet.buf.WriteString("\n" + txtSheetTrunc.Format(l, maxSheet>>20) + "\n")
	}
	reply.Files = append(reply.Files, commands.File{Name: fileSheet, ContentType: "text/plain; charset=utf-8", Data: sheet.buf.Bytes()})

	var notes []string
	addPicture := func(r *trialrule.Rule, name string) error {
		if r == nil {
			return nil
		}
		png, cut, err := renderTree(r)
		if err != nil {
			return err
		}
		reply.Files = append(reply.Files, commands.File{Name: name, ContentType: "image/png", Data: png})
		if cut > 0 {
			notes = append(notes, txtPicCut.Format(l, cut, "`"+fileSheet+"`"))
		}
		if embed.Image == "" {
			embed.Image = name
		}
		return nil
	}
	if err := addPicture(bestRule, filePicture); err != nil {
		return nil, err
	}
	if res.optimal != nil {
		if err := addPicture(res.optimal.Rule, fileOptPicture); err != nil {
			return nil, err
		}
	}
	if embed.Image != "" {
		v := strings.Join(append([]string{txtLegendText.In(l)}, notes...), "\n")
		embed.Fields = append(embed.Fields, commands.Field{Name: txtLegend.In(l), Value: cutAt(v, commands.MaxFieldValue)})
	}
	reply.Embeds = []commands.Embed{embed}
	return reply, nil
}
