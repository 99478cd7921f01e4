package trialrule

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
)

// Percent writes p as a percentage with three decimals, as the Printer's
// file does ("71.429%").
func Percent(p *big.Rat) string {
	return new(big.Rat).Mul(p, big.NewRat(100, 1)).FloatString(3) + "%"
}

// WriteSheet writes the Printer's output file (section 4.3): the input values, the
// probabilities, then one block per height with the preorder listing of the
// rules that are printed. names replaces E_i by names[i] when given. When
// opt is not nil, a last block in the same style holds the Knuth–Yao rule.
// A search that was cut short ends with a block saying at which height.
// A rule too large to build (ErrTooLarge) is named but not listed. Writing
// stops at the first error of w.
func WriteSheet(w io.Writer, t *Table, opt *Optimal, names []string) error {
	bw := bufio.NewWriter(w)
	p := t.Problem
	label := func(i int) string {
		if i < len(names) && names[i] != "" {
			return names[i]
		}
		return EventName(i)
	}
	vec := make([]string, len(p.Weights))
	for i, z := range p.Weights {
		vec[i] = strconv.FormatInt(z, 10)
	}
	fmt.Fprintf(bw, "## input value ##\n## k = %d // vector = { %s } // extra depth limit = %d ##\n\n",
		p.K, strings.Join(vec, " "), t.ExtraDepth)
	fmt.Fprintf(bw, "## probabilities ##\n")
	for i, q := range p.Probabilities() {
		fmt.Fprintf(bw, "%s\t: %s\n", label(i), Percent(q))
	}
	fmt.Fprintln(bw)
	for _, h := range t.Heights {
		fmt.Fprintln(bw, "=====")
		if !h.Case {
			fmt.Fprintf(bw, "# height = %d // no case #\n=====\n\n", h.Height)
			continue
		}
		fmt.Fprintf(bw, "# height = %d // min E[X] = %s #\n", h.Height, FormatExpected(h.Expected))
		if h.Printed {
			fmt.Fprintln(bw, "-----")
			r, err := p.PaperRule(h.C, h.Height)
			switch {
			case errors.Is(err, ErrTooLarge):
				fmt.Fprintf(bw, "(the rule of c = %s is too large to list)\n", h.C)
			case err != nil:
				return err
			default:
				for _, l := range r.Lines(names) {
					fmt.Fprintln(bw, l)
				}
			}
		}
		fmt.Fprintf(bw, "=====\n\n")
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	if t.CutShort {
		fmt.Fprintf(bw, "=====\n# height = %d // search cut short (%v) #\n=====\n\n", t.CutShortAt, t.CutShortReason)
	}
	if opt != nil {
		fmt.Fprintln(bw, "=====")
		e := strconv.FormatFloat(opt.ExpectedApprox, 'f', 11, 64)
		if opt.Expected != nil {
			e = FormatExpected(opt.Expected)
		}
		fmt.Fprintf(bw, "# optimal (Knuth-Yao) // E[X] = %s // preperiod = %d // period = %d #\n", e, opt.Preperiod, opt.Period)
		fmt.Fprintln(bw, "-----")
		if opt.Rule != nil {
			for _, l := range opt.Rule.Lines(names) {
				fmt.Fprintln(bw, l)
			}
		} else {
			fmt.Fprintf(bw, "(rule too large to list)\n")
		}
		fmt.Fprintf(bw, "=====\n")
	}
	return bw.Flush()
}
