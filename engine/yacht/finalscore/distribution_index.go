package finalscore

import (
	"slices"

	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
)

// levelIndex maps the keys of the states of a level (bonusClasses.keyOf:
// the filled categories above 8 bits of class and flag) to their position,
// without hashing: a table by category set points to a block of 256 slots
// for the sets the level holds (at most a few thousand), so the lookups of
// every turn's endings are two array reads. Blocks are kept from level to
// level, so the index allocates only for more sets than it held before.
type levelIndex struct {
	set    []int32       // set[filled]: 1 + the block of that category set, 0 when none
	blocks []*[256]int32 // slot = 1 + position, 0 when absent; the first len(used) in use
	used   []uint32
	// scratch for bySet
	order, start []int32
}

func newLevelIndex(categories int) *levelIndex {
	return &levelIndex{set: make([]int32, 1<<uint(categories))}
}

// slot returns the slot of key k: 0 when absent, else 1 + its position.
func (x *levelIndex) slot(k uint32) *int32 {
	f := k >> 8
	b := x.set[f]
	if b == 0 {
		if len(x.used) == len(x.blocks) {
			x.blocks = append(x.blocks, new([256]int32))
		}
		x.used = append(x.used, f)
		b = int32(len(x.used))
		x.set[f] = b
	}
	return &x.blocks[b-1][k&255]
}

// bySet sets rank[g], for the key g of keys (the keys the index holds,
// each at its position g), to its place when the keys are grouped by
// category set, the sets in the order they first appear and each set's
// keys in the order of their slots (by class), and moves each key to its
// place in the index: two counting sorts, by slot then by set.
func (x *levelIndex) bySet(keys []uint32, rank []int32) {
	var slot [257]int32
	for _, k := range keys {
		slot[k&255+1]++
	}
	for i := 1; i < len(slot); i++ {
		slot[i] += slot[i-1]
	}
	order := slices.Grow(x.order[:0], len(keys))[:len(keys)]
	for g, k := range keys {
		s := k & 255
		order[slot[s]] = int32(g)
		slot[s]++
	}
	start := slices.Grow(x.start[:0], len(x.used)+1)[:len(x.used)+1]
	clear(start)
	for _, k := range keys {
		start[x.set[k>>8]]++ // 1 + the block, so start[b] counts block b-1
	}
	for b := 1; b < len(start); b++ {
		start[b] += start[b-1]
	}
	for _, g := range order {
		k := keys[g]
		b := x.set[k>>8] - 1
		r := start[b]
		start[b]++
		rank[g] = r
		x.blocks[b][k&255] = r + 1
	}
	x.order, x.start = order, start
}

// reset empties the index, keeping its blocks (zeroed).
func (x *levelIndex) reset() {
	for i, f := range x.used {
		x.set[f] = 0
		*x.blocks[i] = [256]int32{}
	}
	x.used = x.used[:0]
}

// shareCuts splits the states of a level holding entries probabilities
// into workers runs of about equal entries: run w is [cuts[w], cuts[w+1]).
func shareCuts(level []distState, entries, workers int) []int32 {
	cuts := make([]int32, workers+1)
	acc, w := 0, 1
	for i := range level {
		for w < workers && acc >= entries*w/workers {
			cuts[w] = int32(i)
			w++
		}
		acc += level[i].n - level[i].lo + 1
	}
	for ; w <= workers; w++ {
		cuts[w] = int32(len(level))
	}
	return cuts
}

// batches splits the states the index holds (positions 0…n-1 of a level)
// into batches of at most lanes.Width, without sorting: each category set
// fills whole batches of its own, and what is left of every set (fewer
// than lanes.Width states) is packed with the others' left-overs, each
// set's states next to each other, so that few lanes go unused.
func (x *levelIndex) batches(out stateBatches) stateBatches {
	order, starts, rest := out.order[:0], out.starts[:0], out.rest[:0]
	for _, f := range x.used {
		block := x.blocks[x.set[f]-1]
		mark := len(rest)
		for _, v := range block {
			if v == 0 {
				continue
			}
			rest = append(rest, v-1)
			if len(rest)-mark == lanes.Width {
				starts = append(starts, int32(len(order)))
				order = append(order, rest[mark:]...)
				rest = rest[:mark]
			}
		}
	}
	for i := 0; i < len(rest); i += lanes.Width {
		starts = append(starts, int32(len(order)))
		order = append(order, rest[i:min(i+lanes.Width, len(rest))]...)
	}
	starts = append(starts, int32(len(order)))
	return stateBatches{order: order, starts: starts, rest: rest}
}

// pointSpan is the range of points a state of the next level can hold,
// kept apart from the states while the level is laid out so that the
// updates stay in the cache.
type pointSpan struct{ lo, hi int }

// maxLayoutRuns bounds the runs a level's layout is split into: each run
// past the first holds an index as large as the level's, so more runs
// would cost memory for a step that is a small part of the work.
const maxLayoutRuns = 4

// layoutRun is the run j of runs of a level of n states: states lo to
// hi-1, the same runs for the layout and for the sums that follow it.
func layoutRun(n, j, runs int) (lo, hi int) { return n * j / runs, n * (j + 1) / runs }

// layoutShare lists the next level's states that a run of a level's
// states reach, in order of first appearance, with the range of points
// each can hold from the run: the part of the next level's layout one
// worker finds.
type layoutShare struct {
	index *levelIndex
	keys  []uint32
	upper []uint8 // the capped upper total of each state listed
	spans []pointSpan
	// global[i] is the position of the i-th state listed in the next
	// level (set when the runs are merged), at[i] the place of its points
	// 0 in the next level's slab (set when the slab is laid out).
	global []int32
	at     []int
}

// list lists the states that level's endings reach, setting each ending's
// to (its state's key until now) to the place of its state in the list.
func (sh *layoutShare) list(level []distState) {
	sh.index.reset()
	sh.keys, sh.upper, sh.spans = sh.keys[:0], sh.upper[:0], sh.spans[:0]
	for si := range level {
		src := &level[si]
		// Endings that reach one state are mostly next to each other
		// (listed by category): one lookup serves them all.
		last, j := uint32(0), int32(-1)
		for i := range src.out {
			o := &src.out[i]
			lo, hi := src.lo+int(o.gain), src.lo+int(o.gain)+len(src.vec)-1
			if j < 0 || o.to != last {
				last = o.to
				at := sh.index.slot(o.to)
				j = *at - 1
				if *at == 0 {
					j = int32(len(sh.keys))
					*at = j + 1
					sh.keys = append(sh.keys, o.to)
					sh.upper = append(sh.upper, o.upper)
					sh.spans = append(sh.spans, pointSpan{lo, hi})
				}
			}
			sp := &sh.spans[j]
			sp.lo, sp.hi = min(lo, sp.lo), max(hi, sp.hi)
			o.to = uint32(j)
		}
	}
	sh.global = slices.Grow(sh.global[:0], len(sh.keys))[:len(sh.keys)]
}
