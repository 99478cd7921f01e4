package trialrule

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// MaxRuleNodes bounds the nodes of a rule the engine will build.
const MaxRuleNodes = 200_000

// MaxListingBytes bounds the size of a rule's listing (Rule.Lines with the
// paper's names): a rule whose listing would be longer is not built.
const MaxListingBytes = 2 << 20

// NodeKind says what happens at a node of a rule.
type NodeKind uint8

const (
	// Internal: roll the die and follow the edge of the face shown.
	Internal NodeKind = iota
	// Event: stop; the event Node.Event happened.
	Event
	// Restart: the paper's Re, start again from the root.
	Restart
	// Jump: a Knuth–Yao back-edge, continue as if at node Node.Target.
	Jump
)

// Node is one node of a Rule.
type Node struct {
	// Parent is the index of the parent node, -1 for the root.
	Parent int
	// Face is the face (1..k) on the edge from the parent, 0 for the root.
	Face int
	// Depth is the number of rolls from the root.
	Depth int
	// Kind is what happens on arriving here.
	Kind NodeKind
	// Event is the 0-based event index of an Event leaf.
	Event int
	// Target is the node a Jump leaf continues from.
	Target int
	// Children are the k children of an Internal node, in face order.
	Children []int
}

// Rule is a trial rule: a full k-ary tree whose leaves are events, Re, or
// (for the Knuth–Yao rule) back-edges. Nodes[0] is the root and the nodes
// are in preorder, the order of the paper's listing (section 4.3).
type Rule struct {
	// K is the number of faces.
	K int
	// Events is the number of events n.
	Events int
	// Nodes in preorder, root first.
	Nodes []Node
}

// buildRule draws a rule by the section 3.6 procedure: level by level, the
// children of the open nodes in order and in face order; at depth d the
// first lay[d][0] are Re leaves, then lay[d][1] E_1 leaves, …, then the
// open nodes. Open nodes left at the last depth become back-edges to the
// open nodes at depth jumpDepth, one-to-one in order (Knuth–Yao); with
// jumpDepth 0 they are Re leaves.
func buildRule(k, events int, lay Layout, jumpDepth int) (*Rule, error) {
	type tmp struct {
		parent, face, depth int
		kind                NodeKind
		event, target       int
		children            []int
	}
	nodes := []tmp{{parent: -1}}
	level := []int{0}
	levels := [][]int{{0}} // open nodes per depth
	maxDepth := len(lay) - 1
	faceLen := len(strconv.Itoa(k)) + 1
	listing := 0
	for d := 1; d <= maxDepth; d++ {
		// Every node at depth d is a line of d faces and a label.
		listing += k * len(level) * (d*faceLen + 8)
		if len(nodes)+k*len(level) > MaxRuleNodes || listing > MaxListingBytes {
			return nil, ErrTooLarge
		}
		var open []int
		kind, left := 0, lay[d][0]
		for _, o := range level {
			nodes[o].children = make([]int, k)
			for f := 1; f <= k; f++ {
				for kind < len(lay[d]) && left == 0 {
					kind++
					if kind < len(lay[d]) {
						left = lay[d][kind]
					}
				}
				nd := tmp{parent: o, face: f, depth: d}
				switch {
				case kind == 0:
					nd.kind = Restart
					left--
				case kind < len(lay[d]):
					nd.kind, nd.event = Event, kind-1
					left--
				default:
					open = append(open, len(nodes))
				}
				nodes[o].children[f-1] = len(nodes)
				nodes = append(nodes, nd)
			}
		}
		leaves := 0
		for _, n := range lay[d] {
			leaves += n
		}
		if leaves > k*len(level) {
			return nil, fmt.Errorf("trialrule: internal error: %d leaves but %d nodes at depth %d", leaves, k*len(level), d)
		}
		level = open
		levels = append(levels, open)
	}
	if len(level) > 0 {
		if jumpDepth < 0 || jumpDepth >= maxDepth || len(levels[jumpDepth]) != len(level) {
			return nil, fmt.Errorf("trialrule: internal error: %d open nodes at depth %d", len(level), maxDepth)
		}
		for i, o := range level {
			if jumpDepth == 0 {
				nodes[o].kind = Restart
			} else {
				nodes[o].kind, nodes[o].target = Jump, levels[jumpDepth][i]
			}
		}
	}
	// Renumber in preorder.
	order := make([]int, 0, len(nodes))
	newIndex := make([]int, len(nodes))
	stack := []int{0}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		newIndex[v] = len(order)
		order = append(order, v)
		ch := nodes[v].children
		for i := len(ch) - 1; i >= 0; i-- {
			stack = append(stack, ch[i])
		}
	}
	r := &Rule{K: k, Events: events, Nodes: make([]Node, len(order))}
	for i, v := range order {
		t := nodes[v]
		nd := Node{Parent: -1, Face: t.face, Depth: t.depth, Kind: t.kind, Event: t.event}
		if t.parent >= 0 {
			nd.Parent = newIndex[t.parent]
		}
		if t.kind == Jump {
			nd.Target = newIndex[t.target]
		}
		if len(t.children) > 0 {
			nd.Children = make([]int, len(t.children))
			for j, c := range t.children {
				nd.Children[j] = newIndex[c]
			}
		}
		r.Nodes[i] = nd
	}
	return r, nil
}

// PaperRule draws the merged rule of multiplier c at height h by the section 3.6
// procedure (Figure 10; the listings of section 4.3). It returns ErrTooLarge for a
// rule of more than MaxRuleNodes nodes or a listing over MaxListingBytes.
func (p Problem) PaperRule(c *big.Int, h int) (*Rule, error) {
	lay, err := p.Layout(c, h)
	if err != nil {
		return nil, err
	}
	return buildRule(p.K, p.Events(), lay, 0)
}

// Path is the faces rolled from the root to node i.
func (r *Rule) Path(i int) []int {
	var path []int
	for v := i; r.Nodes[v].Parent >= 0; v = r.Nodes[v].Parent {
		path = append(path, r.Nodes[v].Face)
	}
	for a, b := 0, len(path)-1; a < b; a, b = a+1, b-1 {
		path[a], path[b] = path[b], path[a]
	}
	return path
}

// EventName is the paper's name of event i (0-based): E_1, E_2, ….
func EventName(i int) string { return "E_" + strconv.Itoa(i+1) }

// Lines is the paper's preorder listing (section 4.3): one line per node but the
// root, the faces from the root separated by spaces, then " - E_i" or
// " - Re" on leaves and " → f f …" on back-edges. names replaces E_i by
// names[i] when given.
func (r *Rule) Lines(names []string) []string {
	label := func(i int) string {
		if i < len(names) && names[i] != "" {
			return names[i]
		}
		return EventName(i)
	}
	out := make([]string, 0, len(r.Nodes)-1)
	var path []string
	var walk func(v int)
	walk = func(v int) {
		nd := &r.Nodes[v]
		if v != 0 {
			path = append(path, strconv.Itoa(nd.Face))
			line := strings.Join(path, " ")
			switch nd.Kind {
			case Event:
				line += " - " + label(nd.Event)
			case Restart:
				line += " - Re"
			case Jump:
				tp := r.Path(nd.Target)
				ts := make([]string, len(tp))
				for i, f := range tp {
					ts[i] = strconv.Itoa(f)
				}
				line += " → " + strings.Join(ts, " ")
			}
			out = append(out, line)
		}
		for _, c := range nd.Children {
			walk(c)
		}
		if v != 0 {
			path = path[:len(path)-1]
		}
	}
	walk(0)
	return out
}

// Height is the greatest depth of a node.
func (r *Rule) Height() int {
	h := 0
	for _, nd := range r.Nodes {
		h = max(h, nd.Depth)
	}
	return h
}
