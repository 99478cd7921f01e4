package lanes

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
)

// Width32 is how many single-precision lanes one Row32 holds: the same 64
// bytes as a Row, so the kernels walk the keeps by the same row offsets.
const Width32 = 16

// Row32 holds one single-precision value per lane: sixteen lanes in the
// bytes of one Row.
type Row32 [Width32]float32

// Sum32 is what RollBack32 returns: each lane's weighted sum, in double
// precision.
type Sum32 [Width32]float64

var _ = [1]struct{}{}[unsafe.Sizeof(Row32{})-unsafe.Sizeof(Row{})] // one row size

// The single-precision turn never multiplies by 1/6: float32(1/6) is 1/6
// rounded up by 3e-8 of itself, a bias that ten averages a turn and a turn
// per box add up to about 1e-6. It carries instead a keep of s dice at
// the scale 3^(5−s) (its value times that), so the average over one more
// die is the children's sum times 1/2, exact, and a keep joins the maxima
// at the common scale 3^5 (its row times 3^s, rounded to nearest); the
// second roll starts from that scale, so the first roll's keeps end at
// 3^10, which the last step divides out in double precision. Every
// rounding left is a rounding to nearest.

// pow3 is 3^s in single precision (exact), the factor of a keep of s dice.
var pow3 = [yacht.NumDice + 1]float32{1, 3, 9, 27, 81, 243}

// turnScale is the scale of the first roll's keeps, 3^10.
const turnScale = 59049

// RollBack32Portable is RollBackPortable on sixteen single-precision
// lanes (written out lane by lane, which the compiler keeps straight-line), at the scales above: the averages are sums of six times 1/2, the
// maxima compare the values' bits as integers (non-negative values), and
// the last step, the sum over the patterns weighted by their chances, is
// taken in double precision (each lane widened exactly, then added with
// its chance by a fused multiply-add, in the order of the patterns) and
// divided by turnScale. kv is overwritten.
func RollBack32Portable(kv *[yacht.NumKeeps]Row32) Sum32 {
	base := unsafe.Pointer(kv)
	row := func(off uint16) *Row32 { return (*Row32)(unsafe.Add(base, off)) }
	bits := func(off uint16) *[Width32]uint32 { return (*[Width32]uint32)(unsafe.Add(base, off)) }
	// scaled is the bits of a keep's row times its factor.
	scaled := func(v, f float32) uint32 { return math.Float32bits(v * f) }
	for pass := 0; pass < 2; pass++ {
		for i := range keepOrder.avg {
			o := &keepOrder.avg[i]
			d := row(o[0])
			a0, a1, a2, a3, a4, a5 := row(o[1]), row(o[2]), row(o[3]), row(o[4]), row(o[5]), row(o[6])
			d[0] = (((a0[0] + a1[0]) + (a2[0] + a3[0])) + (a4[0] + a5[0])) * 0.5
			d[1] = (((a0[1] + a1[1]) + (a2[1] + a3[1])) + (a4[1] + a5[1])) * 0.5
			d[2] = (((a0[2] + a1[2]) + (a2[2] + a3[2])) + (a4[2] + a5[2])) * 0.5
			d[3] = (((a0[3] + a1[3]) + (a2[3] + a3[3])) + (a4[3] + a5[3])) * 0.5
			d[4] = (((a0[4] + a1[4]) + (a2[4] + a3[4])) + (a4[4] + a5[4])) * 0.5
			d[5] = (((a0[5] + a1[5]) + (a2[5] + a3[5])) + (a4[5] + a5[5])) * 0.5
			d[6] = (((a0[6] + a1[6]) + (a2[6] + a3[6])) + (a4[6] + a5[6])) * 0.5
			d[7] = (((a0[7] + a1[7]) + (a2[7] + a3[7])) + (a4[7] + a5[7])) * 0.5
			d[8] = (((a0[8] + a1[8]) + (a2[8] + a3[8])) + (a4[8] + a5[8])) * 0.5
			d[9] = (((a0[9] + a1[9]) + (a2[9] + a3[9])) + (a4[9] + a5[9])) * 0.5
			d[10] = (((a0[10] + a1[10]) + (a2[10] + a3[10])) + (a4[10] + a5[10])) * 0.5
			d[11] = (((a0[11] + a1[11]) + (a2[11] + a3[11])) + (a4[11] + a5[11])) * 0.5
			d[12] = (((a0[12] + a1[12]) + (a2[12] + a3[12])) + (a4[12] + a5[12])) * 0.5
			d[13] = (((a0[13] + a1[13]) + (a2[13] + a3[13])) + (a4[13] + a5[13])) * 0.5
			d[14] = (((a0[14] + a1[14]) + (a2[14] + a3[14])) + (a4[14] + a5[14])) * 0.5
			d[15] = (((a0[15] + a1[15]) + (a2[15] + a3[15])) + (a4[15] + a5[15])) * 0.5
		}
		for _, g := range keepOrder.groups {
			f := pow3[g.size]
			switch g.n {
			case 1:
				for _, o := range keepOrder.max1[g.lo:g.hi] {
					d, v, a := bits(o[0]), row(o[0]), bits(o[1])
					d[0] = max(scaled(v[0], f), a[0])
					d[1] = max(scaled(v[1], f), a[1])
					d[2] = max(scaled(v[2], f), a[2])
					d[3] = max(scaled(v[3], f), a[3])
					d[4] = max(scaled(v[4], f), a[4])
					d[5] = max(scaled(v[5], f), a[5])
					d[6] = max(scaled(v[6], f), a[6])
					d[7] = max(scaled(v[7], f), a[7])
					d[8] = max(scaled(v[8], f), a[8])
					d[9] = max(scaled(v[9], f), a[9])
					d[10] = max(scaled(v[10], f), a[10])
					d[11] = max(scaled(v[11], f), a[11])
					d[12] = max(scaled(v[12], f), a[12])
					d[13] = max(scaled(v[13], f), a[13])
					d[14] = max(scaled(v[14], f), a[14])
					d[15] = max(scaled(v[15], f), a[15])
				}
			case 2:
				for _, o := range keepOrder.max2[g.lo:g.hi] {
					d, v, a, b := bits(o[0]), row(o[0]), bits(o[1]), bits(o[2])
					d[0] = max(scaled(v[0], f), a[0], b[0])
					d[1] = max(scaled(v[1], f), a[1], b[1])
					d[2] = max(scaled(v[2], f), a[2], b[2])
					d[3] = max(scaled(v[3], f), a[3], b[3])
					d[4] = max(scaled(v[4], f), a[4], b[4])
					d[5] = max(scaled(v[5], f), a[5], b[5])
					d[6] = max(scaled(v[6], f), a[6], b[6])
					d[7] = max(scaled(v[7], f), a[7], b[7])
					d[8] = max(scaled(v[8], f), a[8], b[8])
					d[9] = max(scaled(v[9], f), a[9], b[9])
					d[10] = max(scaled(v[10], f), a[10], b[10])
					d[11] = max(scaled(v[11], f), a[11], b[11])
					d[12] = max(scaled(v[12], f), a[12], b[12])
					d[13] = max(scaled(v[13], f), a[13], b[13])
					d[14] = max(scaled(v[14], f), a[14], b[14])
					d[15] = max(scaled(v[15], f), a[15], b[15])
				}
			case 3:
				for _, o := range keepOrder.max3[g.lo:g.hi] {
					d, v, a, b, c := bits(o[0]), row(o[0]), bits(o[1]), bits(o[2]), bits(o[3])
					d[0] = max(scaled(v[0], f), a[0], b[0], c[0])
					d[1] = max(scaled(v[1], f), a[1], b[1], c[1])
					d[2] = max(scaled(v[2], f), a[2], b[2], c[2])
					d[3] = max(scaled(v[3], f), a[3], b[3], c[3])
					d[4] = max(scaled(v[4], f), a[4], b[4], c[4])
					d[5] = max(scaled(v[5], f), a[5], b[5], c[5])
					d[6] = max(scaled(v[6], f), a[6], b[6], c[6])
					d[7] = max(scaled(v[7], f), a[7], b[7], c[7])
					d[8] = max(scaled(v[8], f), a[8], b[8], c[8])
					d[9] = max(scaled(v[9], f), a[9], b[9], c[9])
					d[10] = max(scaled(v[10], f), a[10], b[10], c[10])
					d[11] = max(scaled(v[11], f), a[11], b[11], c[11])
					d[12] = max(scaled(v[12], f), a[12], b[12], c[12])
					d[13] = max(scaled(v[13], f), a[13], b[13], c[13])
					d[14] = max(scaled(v[14], f), a[14], b[14], c[14])
					d[15] = max(scaled(v[15], f), a[15], b[15], c[15])
				}
			case 4:
				for _, o := range keepOrder.max4[g.lo:g.hi] {
					d, v, a, b, c, e := bits(o[0]), row(o[0]), bits(o[1]), bits(o[2]), bits(o[3]), bits(o[4])
					d[0] = max(scaled(v[0], f), a[0], b[0], c[0], e[0])
					d[1] = max(scaled(v[1], f), a[1], b[1], c[1], e[1])
					d[2] = max(scaled(v[2], f), a[2], b[2], c[2], e[2])
					d[3] = max(scaled(v[3], f), a[3], b[3], c[3], e[3])
					d[4] = max(scaled(v[4], f), a[4], b[4], c[4], e[4])
					d[5] = max(scaled(v[5], f), a[5], b[5], c[5], e[5])
					d[6] = max(scaled(v[6], f), a[6], b[6], c[6], e[6])
					d[7] = max(scaled(v[7], f), a[7], b[7], c[7], e[7])
					d[8] = max(scaled(v[8], f), a[8], b[8], c[8], e[8])
					d[9] = max(scaled(v[9], f), a[9], b[9], c[9], e[9])
					d[10] = max(scaled(v[10], f), a[10], b[10], c[10], e[10])
					d[11] = max(scaled(v[11], f), a[11], b[11], c[11], e[11])
					d[12] = max(scaled(v[12], f), a[12], b[12], c[12], e[12])
					d[13] = max(scaled(v[13], f), a[13], b[13], c[13], e[13])
					d[14] = max(scaled(v[14], f), a[14], b[14], c[14], e[14])
					d[15] = max(scaled(v[15], f), a[15], b[15], c[15], e[15])
				}
			case 5:
				for _, o := range keepOrder.max5[g.lo:g.hi] {
					d, v, a, b, c, e, h := bits(o[0]), row(o[0]), bits(o[1]), bits(o[2]), bits(o[3]), bits(o[4]), bits(o[5])
					d[0] = max(scaled(v[0], f), a[0], b[0], c[0], e[0], h[0])
					d[1] = max(scaled(v[1], f), a[1], b[1], c[1], e[1], h[1])
					d[2] = max(scaled(v[2], f), a[2], b[2], c[2], e[2], h[2])
					d[3] = max(scaled(v[3], f), a[3], b[3], c[3], e[3], h[3])
					d[4] = max(scaled(v[4], f), a[4], b[4], c[4], e[4], h[4])
					d[5] = max(scaled(v[5], f), a[5], b[5], c[5], e[5], h[5])
					d[6] = max(scaled(v[6], f), a[6], b[6], c[6], e[6], h[6])
					d[7] = max(scaled(v[7], f), a[7], b[7], c[7], e[7], h[7])
					d[8] = max(scaled(v[8], f), a[8], b[8], c[8], e[8], h[8])
					d[9] = max(scaled(v[9], f), a[9], b[9], c[9], e[9], h[9])
					d[10] = max(scaled(v[10], f), a[10], b[10], c[10], e[10], h[10])
					d[11] = max(scaled(v[11], f), a[11], b[11], c[11], e[11], h[11])
					d[12] = max(scaled(v[12], f), a[12], b[12], c[12], e[12], h[12])
					d[13] = max(scaled(v[13], f), a[13], b[13], c[13], e[13], h[13])
					d[14] = max(scaled(v[14], f), a[14], b[14], c[14], e[14], h[14])
					d[15] = max(scaled(v[15], f), a[15], b[15], c[15], e[15], h[15])
				}
			}
		}
	}
	return finishSum32(dotRows32Portable(&kv[firstPattern]))
}

// dotRows32Portable is the sum over the patterns of each one's chance
// times its row, lane by lane in double precision, in the order of the
// patterns, each term by a fused multiply-add (math.FMA: one rounding,
// the same bits in every build).
func dotRows32Portable(rows *Row32) Sum32 {
	rs := unsafe.Slice(rows, yacht.NumPatterns)
	var sum Sum32
	for w, p := range space.Prob {
		v := &rs[w]
		for j := range sum {
			sum[j] = math.FMA(p, float64(v[j]), sum[j])
		}
	}
	return sum
}

// finishSum32 divides the weighted sums by turnScale.
func finishSum32(s Sum32) Sum32 {
	for j := range s {
		s[j] /= turnScale
	}
	return s
}

// Max32 sets d = max(d, a) lane by lane (non-negative values).
func Max32(d, a *Row32) {
	db := (*[Width32]uint32)(unsafe.Pointer(d))
	ab := (*[Width32]uint32)(unsafe.Pointer(a))
	for j := range db {
		db[j] = max(db[j], ab[j])
	}
}

// Shifted32 is a vector of single-precision chances v shifted by g, as
// FillRows32 places it in the lanes: its entry i is the chance of need
// g+i+1, every need up to g is certain (1) and every need beyond g+len(v)
// impossible (0). Make it with ShiftedOf.
type Shifted32 struct {
	v *float32
	// off is −4g: need n0+1 is read at v+off+4·n0 (kept as an offset, not
	// an address, so that it stays right when a goroutine's stack, which
	// may hold v, moves).
	off  int64
	g, n int32
}

// ShiftedOf is v shifted by g (see Shifted32), for g and len(v) within
// int32.
func ShiftedOf(v []float32, g int) Shifted32 {
	return Shifted32{v: unsafe.SliceData(v), off: -4 * int64(int32(g)), g: int32(g), n: int32(len(v))}
}

// FillRows32Portable sets row i of rows, for each source i, to needs
// n0+1 … n0+16 of src[i] (lane j: 1 up to its shift, then its entries,
// then 0), then the row after them (the start) to the lane-wise maximum
// of the rows base names (0 when none), the row after that to 0, and the
// rows after that, one for each entry of joined, to the lane-wise maximum
// of the start and the row it names. rows must hold
// len(src)+2+len(joined) rows and base and joined name rows below
// len(src).
func FillRows32Portable(rows []Row32, src []Shifted32, n0 int, base, joined []uint8) {
	checkFill32(rows, src, n0, base, joined)
	for i, s := range src {
		FillLanes(rows[i][:], unsafe.Slice(s.v, s.n), int(s.g), n0)
	}
	start := &rows[len(src)]
	*start, rows[len(src)+1] = Row32{}, Row32{}
	for _, i := range base {
		Max32(start, &rows[i])
	}
	for j, i := range joined {
		r := &rows[len(src)+2+j]
		*r = *start
		Max32(r, &rows[i])
	}
}

// FillLanes sets row to needs n0+1 … n0+len(row) of the chances v shifted
// by g (see Shifted32): 1 up to need g, then v's entries, then 0.
func FillLanes[E float32 | float64](row, v []E, g, n0 int) {
	a := min(max(g-n0, 0), len(row))
	b := min(max(g+len(v)-n0, a), len(row))
	for j := range a {
		row[j] = 1
	}
	if b > a {
		copy(row[a:b], v[n0+a-g:])
	}
	clear(row[b:])
}

// checkFill32 panics unless rows, src, n0, base and joined fit FillRows32.
func checkFill32(rows []Row32, src []Shifted32, n0 int, base, joined []uint8) {
	if n0 != int(int32(n0)) {
		panic(fmt.Sprintf("lanes: FillRows32 from need %d (beyond int32)", n0))
	}
	if len(rows) < len(src)+2+len(joined) {
		panic(fmt.Sprintf("lanes: FillRows32 of %d sources and %d joined rows into %d rows", len(src), len(joined), len(rows)))
	}
	for _, list := range [][]uint8{base, joined} {
		for _, i := range list {
			if int(i) >= len(src) {
				panic(fmt.Sprintf("lanes: FillRows32 row %d of %d sources", i, len(src)))
			}
		}
	}
}
