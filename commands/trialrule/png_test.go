package trialrule

import (
	"bytes"
	"context"
	"image/png"
	"math/big"
	"strconv"
	"testing"

	"github.com/alea-bot/alea/commands/picturefont"
	"github.com/alea-bot/alea/engine/trialrule"
)

// A small rule is drawn whole; one leaf row per leaf.
func TestRenderSmallTree(t *testing.T) {
	p, _ := trialrule.NewProblem(3, []int64{5, 2})
	r, _ := p.PaperRule(big.NewInt(104), 6)
	data, cut, err := renderTree(r)
	if err != nil || cut != 0 {
		t.Fatalf("cut %d, %v", cut, err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	leaves := 0
	for _, nd := range r.Nodes {
		if nd.Kind != trialrule.Internal {
			leaves++
		}
	}
	if got := img.Bounds().Dy(); got != 2*margin+leaves*rowHeight {
		t.Errorf("height %d for %d leaves", got, leaves)
	}
	if got := img.Bounds().Dx(); got < 6*colWidth {
		t.Errorf("width %d for 6 levels", got)
	}
}

// A large rule is cut at a level, and the cut is reported.
func TestRenderLargeTreeIsCut(t *testing.T) {
	w := make([]int64, 12)
	for i := range w {
		w[i] = int64(2*i + 1)
	}
	p, _ := trialrule.NewProblem(7, w)
	h := p.MinHeight() + 8
	hi := new(big.Int).Quo(new(big.Int).Exp(big.NewInt(7), big.NewInt(int64(h)), nil), big.NewInt(p.Sum()))
	r, err := p.PaperRule(hi, h)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Nodes) <= maxPictureNodes {
		t.Fatalf("rule has only %d nodes", len(r.Nodes))
	}
	data, cut, err := renderTree(r)
	if err != nil || cut == 0 || cut >= h {
		t.Fatalf("cut at %d of %d, %v", cut, h, err)
	}
	img, _ := png.Decode(bytes.NewReader(data))
	if img.Bounds().Dy() > 2*margin+(maxPictureRows+7*12)*rowHeight {
		t.Errorf("picture %v too tall", img.Bounds())
	}
}

// TestTreeTextReads draws small, deep, wide and periodic rules and reads
// each picture's width from the PNG: the text (treeFontPx) is at least
// 11 × width / 420 px, so it stands 11 px tall when Discord shows the
// picture 420 px wide; a rule too deep for that is cut, and every label
// drawn is in the pictures' typeface.
func TestTreeTextReads(t *testing.T) {
	var rules []*trialrule.Rule
	add := func(k int, w []int64, c int64, h int) {
		p, err := trialrule.NewProblem(k, w)
		if err != nil {
			t.Fatal(err)
		}
		r, err := p.PaperRule(big.NewInt(c), h)
		if err != nil {
			t.Fatal(err)
		}
		rules = append(rules, r)
	}
	add(3, []int64{5, 2}, 104, 6) // six rolls deep
	add(2, []int64{1, 2}, 1, 2)
	add(100, []int64{1, 2, 3}, 1, 1) // a hundred faces in one roll
	p, _ := trialrule.NewProblem(2, []int64{1000000007, 999999937})
	if c := new(big.Int).Quo(new(big.Int).Lsh(big.NewInt(1), 40), big.NewInt(p.Sum())); c.Sign() > 0 {
		r, err := p.PaperRule(c, 40) // forty rolls deep: cut
		if err != nil {
			t.Fatal(err)
		}
		rules = append(rules, r)
	}
	for _, w := range [][]int64{{1, 2, 3}, {1, 1, 1, 1, 1, 1, 5}, {5, 20, 75}} {
		p, _ := trialrule.NewProblem(2, w)
		o, err := trialrule.KnuthYao(context.Background(), p)
		if err != nil || o.Rule == nil {
			t.Fatalf("%v: %v", w, err)
		}
		rules = append(rules, o.Rule) // with back-edges (-> …)
	}
	for i, r := range rules {
		data, cut, err := renderTree(r)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if float64(treeFontPx) < 11*float64(cfg.Width)/420 {
			t.Errorf("rule %d: text %d px in a picture %d px wide is %.1f px at 420 px", i, treeFontPx, cfg.Width, float64(treeFontPx)*420/float64(cfg.Width))
		}
		for j := range r.Nodes {
			for _, label := range []string{leafLabel(r, j, false), leafLabel(r, j, true), strconv.Itoa(r.Nodes[j].Face)} {
				if m := picturefont.Missing(label); len(m) != 0 {
					t.Fatalf("rule %d: label %q has %q, not in the typeface", i, label, string(m))
				}
			}
		}
		if i == 3 && cut == 0 {
			t.Errorf("a rule forty rolls deep is drawn whole, %d px wide", cfg.Width)
		}
	}
}
