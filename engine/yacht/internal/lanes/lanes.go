// Package lanes holds the vector kernels of the Yacht turn: the keep
// recurrences of 最大期待値戦略の計算手法の整理 (the average over one more die,
// the best keep below each keep), the scoring maxima and the choice of
// scoring (ScoreRows), for one class or for a batch of Width classes
// evaluated together, with AVX-512 and AVX2 assembly on amd64 chosen by the
// processor's features (kernels_amd64.go; the purego build tag keeps the
// portable Go kernels). Every kernel gives the portable kernel's bits. The
// strategy's solver and the turn policy use them; the target table's
// induction runs the turn on sixteen single-precision lanes in the same
// 64-byte rows (Row32, RollBack32, MaxOver32).
package lanes

import (
	"math"
	"reflect"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
)

// space is the dice space the kernels walk, immutable after construction.
var space = yacht.NewDiceSpace()

// firstPattern is the keep index of the first pattern.
const firstPattern = yacht.FirstPattern

// Width is how many classes of one category set the solver evaluates
// together. The classes of a category set (its reachable upper totals, and
// the Yacht-bonus flag) share the dice: the same 252 patterns, 462 keeps and
// transitions, and differ only in the values they read from the next states
// and in the upper bonus. So every step of the turn's recurrences runs over
// a short vector of classes, and each transition is read once per vector
// instead of once per class; Width vectors of every keep fit in the
// first-level cache.
const Width = 8

// Row holds one value per class of a batch.
type Row [Width]float64

// RollBackOne runs E2' → E2 → E1' → E1 → Ẽ for one class from Ẽ3 in kv's
// patterns and returns Ẽ; kv and mv are overwritten. The exact strategy's
// Ẽ'k(s, ω') = Σ_{τ ≥ ω'} P(τ − ω') Ẽk+1(s, τ) is evaluated one die at a
// time: rolling the 5−|ω'| free dice is rolling one die and then the rest, so
// Ẽ'(ω') = (1/6) Σ_f Ẽ'(ω' + f), which gives exactly the multinomial weights
// with 6 additions per keep instead of one per outcome. Ẽk(s, ω) =
// max_{τ' ≤ ω} Ẽ'k(s, τ') is likewise a running maximum over "ω minus one
// die". The tests check this against the direct multinomial sums.
func RollBackOne(kv, mv *[yacht.NumKeeps]float64) float64 {
	for pass := 0; pass < 2; pass++ {
		AverageKeeps(kv)
		MaxOverSubKeeps(kv, mv)
		copy(kv[firstPattern:], mv[firstPattern:])
	}
	sum := 0.0
	for w := 0; w < yacht.NumPatterns; w++ {
		sum += space.Prob[w] * kv[firstPattern+w]
	}
	return sum
}

// AverageKeeps fills kv for every keep smaller than five dice from the
// values of the five-dice patterns (in keepOrder, whose row offsets are
// Width times those of a float64).
func AverageKeeps(kv *[yacht.NumKeeps]float64) {
	base := unsafe.Pointer(kv)
	at := func(off uint16) *float64 { return (*float64)(unsafe.Add(base, off/Width)) }
	for i := range keepOrder.avg {
		o := &keepOrder.avg[i]
		*at(o[0]) = (*at(o[1]) + *at(o[2]) + *at(o[3]) + *at(o[4]) + *at(o[5]) + *at(o[6])) * sixth
	}
}

// MaxOverSubKeepsInPlace replaces kv[k] by the max over keeps k' ≤ k of
// kv[k'] (values ≥ 0), in place, size by size as keepOrder lists them.
func MaxOverSubKeepsInPlace(kv *[yacht.NumKeeps]float64) {
	// The maxima compare the values' bits as integers (see MaxNonNegative).
	base := unsafe.Pointer(kv)
	at := func(off uint16) *uint64 { return (*uint64)(unsafe.Add(base, off/Width)) }
	for _, g := range keepOrder.groups {
		switch g.n {
		case 1:
			for _, o := range keepOrder.max1[g.lo:g.hi] {
				d := at(o[0])
				*d = max(*d, *at(o[1]))
			}
		case 2:
			for _, o := range keepOrder.max2[g.lo:g.hi] {
				d := at(o[0])
				*d = max(*d, *at(o[1]), *at(o[2]))
			}
		case 3:
			for _, o := range keepOrder.max3[g.lo:g.hi] {
				d := at(o[0])
				*d = max(*d, *at(o[1]), *at(o[2]), *at(o[3]))
			}
		case 4:
			for _, o := range keepOrder.max4[g.lo:g.hi] {
				d := at(o[0])
				*d = max(*d, *at(o[1]), *at(o[2]), *at(o[3]), *at(o[4]))
			}
		case 5:
			for _, o := range keepOrder.max5[g.lo:g.hi] {
				d := at(o[0])
				*d = max(*d, *at(o[1]), *at(o[2]), *at(o[3]), *at(o[4]), *at(o[5]))
			}
		}
	}
}

// MaxOverSubKeeps sets mv[k] = max over keeps k' ≤ k of kv[k'] (values ≥ 0).
func MaxOverSubKeeps(kv, mv *[yacht.NumKeeps]float64) {
	// on the values' bits, as MaxNonNegative does
	bits := func(k int16) uint64 { return math.Float64bits(mv[k]) }
	for k := 0; k < yacht.NumKeeps; k++ {
		v := math.Float64bits(kv[k])
		sl := &space.Sub[k]
		switch sl.N {
		case 0:
		case 1:
			v = max(v, bits(sl.List[0]))
		case 2:
			v = max(v, bits(sl.List[0]), bits(sl.List[1]))
		case 3:
			v = max(v, bits(sl.List[0]), bits(sl.List[1]), bits(sl.List[2]))
		default:
			for _, j := range sl.List[:sl.N] {
				v = max(v, bits(j))
			}
		}
		mv[k] = math.Float64frombits(v)
	}
}

// MaxNonNegative is max(a, b) for a, b ≥ 0 (not NaN): the IEEE 754 bits of
// non-negative doubles order like the unsigned integers they spell, and the
// integer maximum compiles to a compare and a conditional move where the
// floating-point max must also order NaNs and signed zeros. Every value the
// solver compares is a non-negative expected score.
func MaxNonNegative(a, b float64) float64 {
	return math.Float64frombits(max(math.Float64bits(a), math.Float64bits(b)))
}

// Max sets d = max(d, a) lane by lane (non-negative values).
func Max(d, a *Row) {
	for i := range d {
		d[i] = MaxNonNegative(d[i], a[i])
	}
}

// MaxIndexedPortable sets e3[w] = max(e3[w], vals[idx[w]]) for the patterns w
// of list: scoring a category whose value for pattern w is vals[idx[w]]
// (for an upper category, idx counts the dice of its face).
func MaxIndexedPortable(e3 *[yacht.NumPatterns]Row, vals []Row, idx *[yacht.NumPatterns]uint8, list []uint8) {
	// The maxima compare the values' bits as integers (see MaxNonNegative).
	e3b := (*[yacht.NumPatterns][Width]uint64)(unsafe.Pointer(e3))
	valsB := unsafe.Slice((*[Width]uint64)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals))
	for _, w := range list {
		d, a := &e3b[w], &valsB[idx[w]]
		d[0] = max(d[0], a[0])
		d[1] = max(d[1], a[1])
		d[2] = max(d[2], a[2])
		d[3] = max(d[3], a[3])
		d[4] = max(d[4], a[4])
		d[5] = max(d[5], a[5])
		d[6] = max(d[6], a[6])
		d[7] = max(d[7], a[7])
	}
}

// RollBackPortable is RollBackOne for a batch: from Ẽ3 in kv's patterns it runs
// E2' → E2 → E1' → E1 → Ẽ, one die at a time (see RollBackOne), and returns Ẽ
// per class. kv is overwritten. It follows keepOrder: rows are found by
// their byte offsets (no index arithmetic or bounds checks), the maxima of
// each size run in groups of equal neighbour count (no branch per keep), and
// the lanes are written out one by one, which the compiler turns into
// straight-line code.
func RollBackPortable(kv *[yacht.NumKeeps]Row) Row {
	base := unsafe.Pointer(kv)
	row := func(off uint16) *[Width]float64 { return (*[Width]float64)(unsafe.Add(base, off)) }
	bits := func(off uint16) *[Width]uint64 { return (*[Width]uint64)(unsafe.Add(base, off)) }
	for pass := 0; pass < 2; pass++ {
		// Keeps of fewer than five dice: the average over the six faces of
		// the keep with one more die.
		for i := range keepOrder.avg {
			o := &keepOrder.avg[i]
			d := row(o[0])
			a0, a1, a2, a3, a4, a5 := row(o[1]), row(o[2]), row(o[3]), row(o[4]), row(o[5]), row(o[6])
			d[0] = (a0[0] + a1[0] + a2[0] + a3[0] + a4[0] + a5[0]) * sixth
			d[1] = (a0[1] + a1[1] + a2[1] + a3[1] + a4[1] + a5[1]) * sixth
			d[2] = (a0[2] + a1[2] + a2[2] + a3[2] + a4[2] + a5[2]) * sixth
			d[3] = (a0[3] + a1[3] + a2[3] + a3[3] + a4[3] + a5[3]) * sixth
			d[4] = (a0[4] + a1[4] + a2[4] + a3[4] + a4[4] + a5[4]) * sixth
			d[5] = (a0[5] + a1[5] + a2[5] + a3[5] + a4[5] + a5[5]) * sixth
			d[6] = (a0[6] + a1[6] + a2[6] + a3[6] + a4[6] + a5[6]) * sixth
			d[7] = (a0[7] + a1[7] + a2[7] + a3[7] + a4[7] + a5[7]) * sixth
		}
		// Every keep: the best of itself and its keeps with one die less,
		// in place, size by size (smaller keeps come first). The maxima
		// compare the values' bits as integers (see MaxNonNegative).
		for _, g := range keepOrder.groups {
			switch g.n {
			case 1:
				for _, o := range keepOrder.max1[g.lo:g.hi] {
					d, a := bits(o[0]), bits(o[1])
					d[0] = max(d[0], a[0])
					d[1] = max(d[1], a[1])
					d[2] = max(d[2], a[2])
					d[3] = max(d[3], a[3])
					d[4] = max(d[4], a[4])
					d[5] = max(d[5], a[5])
					d[6] = max(d[6], a[6])
					d[7] = max(d[7], a[7])
				}
			case 2:
				for _, o := range keepOrder.max2[g.lo:g.hi] {
					d, a, b := bits(o[0]), bits(o[1]), bits(o[2])
					d[0] = max(d[0], a[0], b[0])
					d[1] = max(d[1], a[1], b[1])
					d[2] = max(d[2], a[2], b[2])
					d[3] = max(d[3], a[3], b[3])
					d[4] = max(d[4], a[4], b[4])
					d[5] = max(d[5], a[5], b[5])
					d[6] = max(d[6], a[6], b[6])
					d[7] = max(d[7], a[7], b[7])
				}
			case 3:
				for _, o := range keepOrder.max3[g.lo:g.hi] {
					d, a, b, c := bits(o[0]), bits(o[1]), bits(o[2]), bits(o[3])
					d[0] = max(d[0], a[0], b[0], c[0])
					d[1] = max(d[1], a[1], b[1], c[1])
					d[2] = max(d[2], a[2], b[2], c[2])
					d[3] = max(d[3], a[3], b[3], c[3])
					d[4] = max(d[4], a[4], b[4], c[4])
					d[5] = max(d[5], a[5], b[5], c[5])
					d[6] = max(d[6], a[6], b[6], c[6])
					d[7] = max(d[7], a[7], b[7], c[7])
				}
			case 4:
				for _, o := range keepOrder.max4[g.lo:g.hi] {
					d, a, b, c, e := bits(o[0]), bits(o[1]), bits(o[2]), bits(o[3]), bits(o[4])
					d[0] = max(d[0], a[0], b[0], c[0], e[0])
					d[1] = max(d[1], a[1], b[1], c[1], e[1])
					d[2] = max(d[2], a[2], b[2], c[2], e[2])
					d[3] = max(d[3], a[3], b[3], c[3], e[3])
					d[4] = max(d[4], a[4], b[4], c[4], e[4])
					d[5] = max(d[5], a[5], b[5], c[5], e[5])
					d[6] = max(d[6], a[6], b[6], c[6], e[6])
					d[7] = max(d[7], a[7], b[7], c[7], e[7])
				}
			case 5:
				for _, o := range keepOrder.max5[g.lo:g.hi] {
					d, a, b, c, e, f := bits(o[0]), bits(o[1]), bits(o[2]), bits(o[3]), bits(o[4]), bits(o[5])
					d[0] = max(d[0], a[0], b[0], c[0], e[0], f[0])
					d[1] = max(d[1], a[1], b[1], c[1], e[1], f[1])
					d[2] = max(d[2], a[2], b[2], c[2], e[2], f[2])
					d[3] = max(d[3], a[3], b[3], c[3], e[3], f[3])
					d[4] = max(d[4], a[4], b[4], c[4], e[4], f[4])
					d[5] = max(d[5], a[5], b[5], c[5], e[5], f[5])
					d[6] = max(d[6], a[6], b[6], c[6], e[6], f[6])
					d[7] = max(d[7], a[7], b[7], c[7], e[7], f[7])
				}
			}
		}
	}
	// The explicit conversions round each product, so no build (GOAMD64=v3
	// and up would) fuses it with the sum: the assembly kernels do not.
	var sum Row
	for w := range space.Prob {
		p, v := space.Prob[w], &kv[firstPattern+w]
		sum[0] += float64(p * v[0])
		sum[1] += float64(p * v[1])
		sum[2] += float64(p * v[2])
		sum[3] += float64(p * v[3])
		sum[4] += float64(p * v[4])
		sum[5] += float64(p * v[5])
		sum[6] += float64(p * v[6])
		sum[7] += float64(p * v[7])
	}
	return sum
}

// keepOrder is the order in which the batch kernels run the turn's keep
// recurrences, with every keep named by the byte offset of its row in a
// [NumKeeps]lanes (all below 2^16).
var keepOrder = newKeepOrder()

// keepSteps lists the keep recurrences of RollBackPortable.
type keepSteps struct {
	// avg lists the keeps of fewer than five dice, largest first, each with
	// its six children (one more die of face 1…6).
	avg [firstPattern][7]uint16
	// maxN lists keeps with N sub-keeps (one die less): the keep, then the
	// sub-keeps. groups runs them size by size, smallest first.
	max1   [][2]uint16
	max2   [][3]uint16
	max3   [][4]uint16
	max4   [][5]uint16
	max5   [][6]uint16
	groups []keepGroup
}

// keepGroup is the run maxN[lo:hi] with N = n, of keeps of size dice.
type keepGroup struct{ n, size, lo, hi int }

// maxOps is the first offset of group g's run.
func (ks *keepSteps) maxOps(g keepGroup) *uint16 {
	switch g.n {
	case 1:
		return &ks.max1[g.lo][0]
	case 2:
		return &ks.max2[g.lo][0]
	case 3:
		return &ks.max3[g.lo][0]
	case 4:
		return &ks.max4[g.lo][0]
	}
	return &ks.max5[g.lo][0]
}

func newKeepOrder() *keepSteps {
	const row = uint16(Width * 8)
	var _ = [1]struct{}{}[yacht.NumKeeps*Width*8>>16] // offsets fit in 16 bits
	ks := &keepSteps{}
	for i := range ks.avg {
		k := firstPattern - 1 - i
		ks.avg[i][0] = uint16(k) * row
		for f, c := range space.Child[k] {
			ks.avg[i][1+f] = uint16(c) * row
		}
	}
	lens := func() [6]int { return [6]int{0, len(ks.max1), len(ks.max2), len(ks.max3), len(ks.max4), len(ks.max5)} }
	for size := 1; size <= yacht.NumDice; size++ {
		for n := 1; n <= size; n++ {
			lo := lens()[n]
			for k := 0; k < yacht.NumKeeps; k++ {
				sl := &space.Sub[k]
				if int(space.Size[k]) != size || int(sl.N) != n {
					continue
				}
				var o [6]uint16
				o[0] = uint16(k) * row
				for j, s := range sl.List[:sl.N] {
					o[1+j] = uint16(s) * row
				}
				switch n {
				case 1:
					ks.max1 = append(ks.max1, [2]uint16(o[:2]))
				case 2:
					ks.max2 = append(ks.max2, [3]uint16(o[:3]))
				case 3:
					ks.max3 = append(ks.max3, [4]uint16(o[:4]))
				case 4:
					ks.max4 = append(ks.max4, [5]uint16(o[:5]))
				case 5:
					ks.max5 = append(ks.max5, o)
				}
			}
			if hi := lens()[n]; hi > lo {
				ks.groups = append(ks.groups, keepGroup{n: n, size: size, lo: lo, hi: hi})
			}
		}
	}
	return ks
}

// sixth is 1/6, the chance of each face.
const sixth = 1.0 / 6

// AlignedRows returns n zeroed rows that start on a 64-byte line. A row
// across two lines costs the kernels' full-row loads and stores about a
// third more (measured with AVX-512), and Go aligns an array of rows only
// to 8 bytes: a struct holding one may even start past an allocation
// header.
func AlignedRows(n int) []Row {
	return unsafe.Slice((*Row)(alignedBytes(n*int(unsafe.Sizeof(Row{})))), n)
}

// Aligned returns a zeroed T that starts on a 64-byte line, for a struct
// of rows that the kernels read (see AlignedRows). T must hold no
// pointers: its memory is allocated as numbers, which the garbage
// collector does not scan; Aligned panics otherwise.
func Aligned[T any]() *T {
	var zero T
	if t := reflect.TypeOf(zero); holdsPointers(t) {
		panic("lanes: Aligned of " + t.String() + ", which holds pointers")
	}
	return (*T)(alignedBytes(int(unsafe.Sizeof(zero))))
}

// alignedBytes allocates size zeroed bytes (no pointers) starting on a
// 64-byte line.
func alignedBytes(size int) unsafe.Pointer {
	buf := make([]float64, (size+63)/8+8)
	skip := (64 - int(uintptr(unsafe.Pointer(&buf[0]))%64)) % 64 / 8
	return unsafe.Pointer(&buf[skip])
}

// holdsPointers reports whether a value of type t holds a pointer the
// garbage collector must see.
func holdsPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return t.Len() > 0 && holdsPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	}
	return true
}

// Misaligned lists the fields of struct type t that hold rows (a Row or
// arrays of them) at an offset that is not a multiple of 64 bytes: in a
// value from Aligned, their rows would straddle two lines.
func Misaligned(t reflect.Type) []string {
	row := reflect.TypeOf(Row{})
	var bad []string
	for i := range t.NumField() {
		f := t.Field(i)
		e := f.Type
		for e != row && e.Kind() == reflect.Array {
			e = e.Elem()
		}
		if e == row && f.Offset%64 != 0 {
			bad = append(bad, f.Name)
		}
	}
	return bad
}
