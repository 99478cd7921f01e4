package lanes

import (
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
// lanes, at the scales above: the averages are sums of six times 1/2, the
// maxima compare the values' bits as integers (non-negative values), and
// the last step, the sum over the patterns weighted by their chances, is
// taken in double precision (each lane widened exactly, each product
// rounded, then added in the order of the patterns) and divided by
// turnScale. kv is overwritten.
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
			for j := range d {
				d[j] = (a0[j] + a1[j] + a2[j] + a3[j] + a4[j] + a5[j]) * 0.5
			}
		}
		for _, g := range keepOrder.groups {
			f := pow3[g.size]
			switch g.n {
			case 1:
				for _, o := range keepOrder.max1[g.lo:g.hi] {
					d, v, a := bits(o[0]), row(o[0]), bits(o[1])
					for j := range d {
						d[j] = max(scaled(v[j], f), a[j])
					}
				}
			case 2:
				for _, o := range keepOrder.max2[g.lo:g.hi] {
					d, v, a, b := bits(o[0]), row(o[0]), bits(o[1]), bits(o[2])
					for j := range d {
						d[j] = max(scaled(v[j], f), a[j], b[j])
					}
				}
			case 3:
				for _, o := range keepOrder.max3[g.lo:g.hi] {
					d, v, a, b, c := bits(o[0]), row(o[0]), bits(o[1]), bits(o[2]), bits(o[3])
					for j := range d {
						d[j] = max(scaled(v[j], f), a[j], b[j], c[j])
					}
				}
			case 4:
				for _, o := range keepOrder.max4[g.lo:g.hi] {
					d, v, a, b, c, e := bits(o[0]), row(o[0]), bits(o[1]), bits(o[2]), bits(o[3]), bits(o[4])
					for j := range d {
						d[j] = max(scaled(v[j], f), a[j], b[j], c[j], e[j])
					}
				}
			case 5:
				for _, o := range keepOrder.max5[g.lo:g.hi] {
					d, v, a, b, c, e, h := bits(o[0]), row(o[0]), bits(o[1]), bits(o[2]), bits(o[3]), bits(o[4]), bits(o[5])
					for j := range d {
						d[j] = max(scaled(v[j], f), a[j], b[j], c[j], e[j], h[j])
					}
				}
			}
		}
	}
	return finishSum32(dotRows32Portable(&kv[firstPattern]))
}

// dotRows32Portable is the sum over the patterns of each one's chance
// times its row, lane by lane in double precision, in the order of the
// patterns. The explicit conversion rounds each product, so no build fuses
// it with the sum.
func dotRows32Portable(rows *Row32) Sum32 {
	rs := unsafe.Slice(rows, yacht.NumPatterns)
	var sum Sum32
	for w, p := range space.Prob {
		v := &rs[w]
		for j := range sum {
			sum[j] += float64(p * float64(v[j]))
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

// MaxIndexed32Portable is MaxIndexedPortable on Row32s: e3[w] =
// max(e3[w], vals[idx[w]]) for the patterns w of list (non-negative
// values, compared as their bits).
func MaxIndexed32Portable(e3 *[yacht.NumPatterns]Row32, vals []Row32, idx *[yacht.NumPatterns]uint8, list []uint8) {
	e3b := (*[yacht.NumPatterns][Width32]uint32)(unsafe.Pointer(e3))
	valsB := unsafe.Slice((*[Width32]uint32)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals))
	for _, w := range list {
		d, a := &e3b[w], &valsB[idx[w]]
		for j := range d {
			d[j] = max(d[j], a[j])
		}
	}
}

// Max32 sets d = max(d, a) lane by lane (non-negative values).
func Max32(d, a *Row32) {
	db := (*[Width32]uint32)(unsafe.Pointer(d))
	ab := (*[Width32]uint32)(unsafe.Pointer(a))
	for j := range db {
		db[j] = max(db[j], ab[j])
	}
}
