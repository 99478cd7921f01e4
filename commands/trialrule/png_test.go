package trialrule

import (
	"bytes"
	"image/png"
	"math/big"
	"testing"

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
