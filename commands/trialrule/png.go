package trialrule

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/alea-bot/alea/commands/picturefont"
	"github.com/alea-bot/alea/engine/trialrule"
)

// maxPictureNodes is the most nodes a picture shows; deeper levels of a
// larger rule are cut and marked "…".
const maxPictureNodes = 300

// maxPictureRows bounds the picture's height in rows (leaves); a level with
// more leaves than this (a die of many faces) is still drawn in full.
const maxPictureRows = 160

// Picture geometry, in pixels: the text is treeFontPx tall, and a picture
// is at most maxPictureWidth wide, so its text stands 11 px tall when
// Discord shows it 420 px wide (TestTreeTextReads); a rule too deep for
// that width is drawn to the depth that fits and cut there.
const (
	treeFontPx = 20
	rowHeight  = 30
	colWidth   = 68
	margin     = 24
	nodeRad    = 6
	spine      = 27 // distance from a node to the vertical line of its children
)

// maxPictureWidth is the widest picture whose treeFontPx text reads at
// 420 px: 420 × treeFontPx / 11.
const maxPictureWidth = picturefont.ShownWidth * treeFontPx / picturefont.ReadablePixels

// The picture's labels (E1, E2, …, Re, the faces) are language-neutral:
// event names (which may be Korean or Japanese, or anything a user types)
// go in the message's legend. They are drawn in the pictures' typeface
// (package picturefont).

// eventColours are the fills of the event leaves (E1, E2, …), cycling.
var eventColours = []color.RGBA{
	{0x9e, 0xc9, 0xf0, 0xff}, {0xff, 0xc8, 0x8a, 0xff}, {0xa8, 0xe0, 0xa0, 0xff}, {0xf4, 0xa6, 0xa6, 0xff},
	{0xcf, 0xb8, 0xe8, 0xff}, {0xd9, 0xbf, 0xa9, 0xff}, {0xf6, 0xc1, 0xe3, 0xff}, {0xe0, 0xe0, 0x90, 0xff},
	{0x9e, 0xe3, 0xe8, 0xff}, {0xc4, 0xd8, 0x8f, 0xff},
}

var (
	colBackground = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colEdge       = color.RGBA{0x88, 0x88, 0x88, 0xff}
	colNode       = color.RGBA{0x33, 0x33, 0x33, 0xff}
	colText       = color.RGBA{0x11, 0x11, 0x11, 0xff}
	colFace       = color.RGBA{0x1f, 0x4e, 0x99, 0xff}
	colRestart    = color.RGBA{0xdd, 0xdd, 0xdd, 0xff}
	colJump       = color.RGBA{0xff, 0xf0, 0xa8, 0xff}
	colCut        = color.RGBA{0xf4, 0xf4, 0xf4, 0xff}
)

// leafLabel is the text in a leaf's box: E1, Re, -> 2 2 (a back-edge), or
// "..." for a node whose subtree was cut from the picture.
func leafLabel(r *trialrule.Rule, i int, cut bool) string {
	nd := r.Nodes[i]
	switch {
	case cut:
		return "..."
	case nd.Kind == trialrule.Event:
		return "E" + strconv.Itoa(nd.Event+1)
	case nd.Kind == trialrule.Restart:
		return "Re"
	case nd.Kind == trialrule.Jump:
		p := r.Path(nd.Target)
		s := make([]string, len(p))
		for j, f := range p {
			s[j] = strconv.Itoa(f)
		}
		return "-> " + strings.Join(s, " ")
	}
	return ""
}

// renderTree draws a rule left to right: the root on the left, one column
// per roll, the leaves stacked in the order of the listing, elbow edges
// with the face number on every edge and the leaf's outcome in a coloured box. It shows
// at most maxPictureNodes nodes: when the rule is larger, it stops at the
// deepest level that fits, marks the cut nodes "...", and reports the depth drawn (else 0).
func renderTree(r *trialrule.Rule) (data []byte, cutDepth int, err error) {
	face, err := picturefont.Face(treeFontPx)
	if err != nil {
		return nil, 0, err
	}
	// Deepest level D with at most maxPictureNodes nodes of depth ≤ D, and
	// a picture at most maxPictureWidth wide.
	perDepth := map[int]int{}
	maxDepth := 0
	for _, nd := range r.Nodes {
		perDepth[nd.Depth]++
		maxDepth = max(maxDepth, nd.Depth)
	}
	// Rows of the picture if it stops at depth d: the leaves above d plus
	// every node at depth d; the widest leaf label at each depth.
	leavesAbove := map[int]int{}
	labelAt := map[int]int{}
	for i, nd := range r.Nodes {
		if nd.Kind != trialrule.Internal {
			leavesAbove[nd.Depth]++
			labelAt[nd.Depth] = max(labelAt[nd.Depth], font.MeasureString(face, leafLabel(r, i, false)).Ceil())
		}
	}
	cutW := font.MeasureString(face, leafLabel(r, 0, true)).Ceil()
	show, total, rowsAbove, labels := 0, 0, 0, 0
	for d := 0; d <= maxDepth; d++ {
		labelsD := max(labels, labelAt[d])
		if d < maxDepth {
			labelsD = max(labelsD, cutW)
		}
		if d > 1 && (total+perDepth[d] > maxPictureNodes || rowsAbove+perDepth[d] > maxPictureRows ||
			treeWidth(d, labelsD) > maxPictureWidth) {
			break
		}
		total += perDepth[d]
		show = d
		rowsAbove += leavesAbove[d]
		labels = max(labels, labelAt[d])
	}
	if show < maxDepth {
		cutDepth = show
	}
	visible := func(i int) bool { return r.Nodes[i].Depth <= show }
	isCut := func(i int) bool {
		return r.Nodes[i].Depth == show && r.Nodes[i].Kind == trialrule.Internal && show < maxDepth
	}
	isLeaf := func(i int) bool { return r.Nodes[i].Kind != trialrule.Internal || isCut(i) }

	// y: leaves in preorder; an internal node midway between its first and
	// last child (children come after their parent in preorder).
	ys := make([]float64, len(r.Nodes))
	row := 0
	labelW := 0
	for i := range r.Nodes {
		if visible(i) && isLeaf(i) {
			ys[i] = float64(margin + row*rowHeight + rowHeight/2)
			row++
			labelW = max(labelW, font.MeasureString(face, leafLabel(r, i, isCut(i))).Ceil())
		}
	}
	for i := len(r.Nodes) - 1; i >= 0; i-- {
		if visible(i) && !isLeaf(i) {
			ch := r.Nodes[i].Children
			ys[i] = (ys[ch[0]] + ys[ch[len(ch)-1]]) / 2
		}
	}
	xOf := func(i int) float64 { return float64(margin + r.Nodes[i].Depth*colWidth) }
	w := treeWidth(show, labelW)
	h := margin*2 + max(row, 1)*rowHeight
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(colBackground), image.Point{}, draw.Src)

	// Edges, then the internal nodes' dots.
	edges := vector.NewRasterizer(w, h)
	dots := vector.NewRasterizer(w, h)
	for i, nd := range r.Nodes {
		if !visible(i) {
			continue
		}
		if nd.Parent >= 0 {
			// Elbow: from the parent's spine across to the child.
			mx := xOf(nd.Parent) + spine
			thickLine(edges, mx, ys[i], xOf(i), ys[i], 1.2)
		}
		if !isLeaf(i) {
			ch := nd.Children
			mx := xOf(i) + spine
			thickLine(edges, xOf(i), ys[i], mx, ys[i], 1.2)
			thickLine(edges, mx, ys[ch[0]]-0.6, mx, ys[ch[len(ch)-1]]+0.6, 1.2)
		}
		if !isLeaf(i) {
			circle(dots, xOf(i), ys[i], nodeRad)
		}
	}
	edges.Draw(img, img.Bounds(), image.NewUniform(colEdge), image.Point{})
	dots.Draw(img, img.Bounds(), image.NewUniform(colNode), image.Point{})

	dr := &font.Drawer{Dst: img, Face: face}
	// The height of digits and capitals: text is centred on a row by it.
	ascent := float64(treeFontPx) * 0.73
	for i, nd := range r.Nodes {
		if !visible(i) {
			continue
		}
		if nd.Parent >= 0 {
			// Face number near the child end of the edge, on a white patch.
			tx, ty := (xOf(nd.Parent)+spine+xOf(i))/2, ys[i]
			s := strconv.Itoa(nd.Face)
			tw := float64(font.MeasureString(face, s).Ceil())
			box := image.Rect(int(tx-tw/2-2), int(ty-ascent/2-2), int(tx+tw/2+2), int(ty+ascent/2+2))
			draw.Draw(img, box, image.NewUniform(colBackground), image.Point{}, draw.Src)
			dr.Src = image.NewUniform(colFace)
			dr.Dot = fixed.P(int(tx-tw/2), int(ty+ascent/2-1))
			dr.DrawString(s)
		}
		if isLeaf(i) {
			label := leafLabel(r, i, isCut(i))
			fill := colCut
			switch {
			case isCut(i):
			case nd.Kind == trialrule.Event:
				fill = eventColours[nd.Event%len(eventColours)]
			case nd.Kind == trialrule.Restart:
				fill = colRestart
			case nd.Kind == trialrule.Jump:
				fill = colJump
			}
			lw := font.MeasureString(face, label).Ceil()
			x0, y0 := int(xOf(i)), int(ys[i])-rowHeight/2+2
			box := image.Rect(x0, y0, x0+lw+14, y0+rowHeight-4)
			draw.Draw(img, box, image.NewUniform(colNode), image.Point{}, draw.Src)
			draw.Draw(img, box.Inset(1), image.NewUniform(fill), image.Point{}, draw.Src)
			dr.Src = image.NewUniform(colText)
			dr.Dot = fixed.P(x0+7, int(ys[i]+ascent/2-1))
			dr.DrawString(label)
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, 0, fmt.Errorf("trialrule: encoding the picture: %w", err)
	}
	return buf.Bytes(), cutDepth, nil
}

// treeWidth is the width of a picture drawn to depth d whose widest leaf
// label is labelW pixels: the columns, the label in its box, the margins.
func treeWidth(d, labelW int) int { return margin*2 + d*colWidth + labelW + 16 }

// thickLine adds a line of width wd from (x0,y0) to (x1,y1) as a quad.
func thickLine(z *vector.Rasterizer, x0, y0, x1, y1, wd float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*wd/2, dx/l*wd/2
	z.MoveTo(float32(x0+nx), float32(y0+ny))
	z.LineTo(float32(x1+nx), float32(y1+ny))
	z.LineTo(float32(x1-nx), float32(y1-ny))
	z.LineTo(float32(x0-nx), float32(y0-ny))
	z.ClosePath()
}

// circle adds a disc as a 16-gon.
func circle(z *vector.Rasterizer, cx, cy, rad float64) {
	const n = 16
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		x, y := float32(cx+rad*math.Cos(a)), float32(cy+rad*math.Sin(a))
		if i == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
}
