// Command asm generates the amd64 assembly of package lanes (its
// kernels_amd64.s and kernels_amd64_stubs.go) with avo. Run it with
// `go generate` in engine/yacht/internal/lanes.
//
// Every kernel exists in an AVX-512 version (one 8-lane row is one zmm
// register) and an AVX2 version (two ymm registers at byte offsets 0 and
// 32), but the turn's keep recurrences: AVX-512 runs them written out keep
// by keep (keepPass, keepPass32, from package yacht's dice space), the
// second pass taking the patterns' dot as well, AVX2 as loops over tables
// of row offsets and a separate dot (dotRows, dotRows32). Each performs, lane by lane, the
// floating-point operations of the portable Go kernel in the same order
// (no fused multiply-add in place of a product and a sum, the same
// summation order; the single-precision dot is fused in both, math.FMA in
// Go; the AVX-512 division by 6 is a reciprocal and a fused correction
// that gives the correctly rounded quotient, see div6), so the
// results are the same bits; the package's tests check it on every version the
// processor runs. The kernels use only VEX and
// EVEX instructions (no legacy SSE, which costs a state switch on Intel
// processors when the upper register halves are dirty) and end with
// VZEROUPPER; TestKernelsVEXOnly checks the assembled code.
package main

import (
	"fmt"
	"math"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/alea-bot/alea/engine/yacht"
)

// isa is one instruction set the kernels are generated for.
type isa struct {
	name string
	// halves are the byte offsets within a 64-byte row of the registers
	// that hold it.
	halves []int
	regs   []reg.VecPhysical
	avx512 bool
}

var (
	avx512 = isa{name: "AVX512", halves: []int{0}, avx512: true, regs: []reg.VecPhysical{
		reg.Z0, reg.Z1, reg.Z2, reg.Z3, reg.Z4, reg.Z5, reg.Z6, reg.Z7,
		reg.Z8, reg.Z9, reg.Z10, reg.Z11, reg.Z12, reg.Z13, reg.Z14, reg.Z15,
		reg.Z16, reg.Z17, reg.Z18, reg.Z19, reg.Z20, reg.Z21, reg.Z22, reg.Z23,
		reg.Z24, reg.Z25, reg.Z26, reg.Z27, reg.Z28, reg.Z29, reg.Z30, reg.Z31}}
	avx2 = isa{name: "AVX2", halves: []int{0, 32}, regs: []reg.VecPhysical{
		reg.Y0, reg.Y1, reg.Y2, reg.Y3, reg.Y4, reg.Y5, reg.Y6, reg.Y7,
		reg.Y8, reg.Y9, reg.Y10, reg.Y11, reg.Y12, reg.Y13, reg.Y14}}
)

// v is vector register i of the set.
func (s isa) v(i int) reg.VecPhysical { return s.regs[i] }

// at is the memory operand base+index+disp.
func at(base, index reg.Register, disp int) Mem {
	return Mem{Base: base, Index: index, Scale: 1, Disp: disp}
}

// load and store move a vector register; max sets d = max(d, m) on the
// bits of non-negative doubles (VPMAXUQ compares them as the unsigned
// integers the portable kernels compare; AVX2 has no 64-bit unsigned
// maximum, and for non-negative doubles VMAXPD gives the same value).
func (s isa) load(m Mem, r reg.VecPhysical)  { VMOVUPD(m, r) }
func (s isa) store(r reg.VecPhysical, m Mem) { VMOVUPD(r, m) }
func (s isa) max(m Mem, d reg.VecPhysical) {
	if s.avx512 {
		VPMAXUQ(m, d, d)
		return
	}
	VMAXPD(m, d, d)
}

// zero clears r.
func (s isa) zero(r reg.VecPhysical) {
	if s.avx512 {
		VPXORQ(r, r, r) // VXORPD on zmm needs AVX512DQ
		return
	}
	VXORPD(r, r, r)
}

// broadcast fills r with the float64 parameter name.
func broadcast(name string, r reg.VecPhysical) {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	VBROADCASTSD(b.Addr, r)
}

// ret ends a kernel: the upper halves cleared, so the Go code after it runs
// its SSE instructions without a state switch.
func ret() {
	VZEROUPPER()
	RET()
}

var turnScale, one, one32, laneIota32, lowMasks, minusOne, sixth, six, laneIota, sixteen, oneQ, fiveQ, indexF64 Mem

// pow3Const holds 3^s·2^(s−5) in single precision, for s = 0…5: the
// factor of a keep of s dice in keepPass32 (exact).
var pow3Const [yacht.NumDice + 1]Mem

// result is the memory of a kernel's first result.
func result() Mem {
	r, err := ReturnIndex(0).Resolve()
	if err != nil {
		panic(err)
	}
	return r.Addr
}

// retOK ends a kernel that reports whether its input was in range: at
// label ok it returns true in result, at label bad false.
func retOK(ok, bad string, result Mem) {
	Label(ok)
	MOVB(U8(1), result)
	ret()
	Label(bad)
	MOVB(U8(0), result)
	ret()
}

// textNoEscape starts the function fn of signature sig; the kernels keep no
// pointer they are given.
func textNoEscape(fn, sig string) {
	TEXT(fn, NOSPLIT, sig)
	Pragma("noescape")
}

// overOps ends a kernel that walks a list of row offsets: for each of the
// n entries of ops (m offsets each, loaded into o), body, then the next
// entry; then the return.
func overOps(fn string, ops, n reg.Register, m int, body func(o []reg.GPVirtual)) {
	TESTQ(n, n)
	JZ(LabelRef(fn + "_done"))
	Label(fn + "_loop")
	o := make([]reg.GPVirtual, m)
	for j := range o {
		o[j] = GP64()
		MOVWQZX(Mem{Base: ops, Disp: 2 * j}, o[j])
	}
	body(o)
	ADDQ(U32(2*m), ops)
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	Label(fn + "_done")
	ret()
}

func main() {
	ConstraintExpr("amd64,!purego")
	one = ConstData("one", U64(math.Float64bits(1)))
	// turnScale of row32.go: the first roll's keeps end at 3^10 (see keepPass).
	turnScale = ConstData("turnScale", U64(math.Float64bits(math.Pow(3, 2*yacht.NumDice))))
	minusOne = ConstData("minusOne", U64(math.Float64bits(-1)))
	one32 = ConstData("one32", U32(math.Float32bits(1)))
	lowMasks = GLOBL("lowMasks", RODATA|NOPTR)
	for a := 0; a <= 16; a++ {
		DATA(2*a, U16(1<<a-1))
	}
	sixth = ConstData("sixth", U64(math.Float64bits(1.0/6)))
	six = ConstData("six", U64(math.Float64bits(6)))
	sixteen = ConstData("sixteen", U64(16))
	oneQ = ConstData("oneQ", U64(1))
	fiveQ = ConstData("fiveQ", U64(yacht.NumDice))
	indexF64 = GLOBL("indexF64", RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		DATA(8*i, U64(math.Float64bits(float64(i))))
	}
	laneIota32 = GLOBL("laneIota32", RODATA|NOPTR)
	for l := 0; l < 16; l++ {
		DATA(4*l, U32(l))
	}
	laneIota = GLOBL("laneIota", RODATA|NOPTR)
	for l := 0; l < 8; l++ {
		DATA(8*l, U64(l))
	}
	for size := 0; size <= yacht.NumDice; size++ {
		// 3^size·2^(size−5): see keepPass.
		f := float32(math.Pow(3, float64(size)) * math.Pow(2, float64(size-yacht.NumDice)))
		pow3Const[size] = ConstData(fmt.Sprintf("keepScale%d", size), U32(math.Float32bits(f)))
	}
	for _, s := range []isa{avx512, avx2} {
		averageRows(s, "avgDivRows", true)
		if !s.avx512 {
			// AVX-512 runs keepPass instead.
			averageRows(s, "avgMulRows", false)
			for n := 1; n <= 5; n++ {
				maxRows(s, n)
			}
		}
		if !s.avx512 {
			// AVX-512 takes the dot in keepPass's second pass.
			dotRows(s)
		}
		pushRows(s)
		chooseKeepsRows(s)
		finishKeepsRows(s)
		addShifted(s)
		pushChoices(s)
		addRows(s)
		fillRows(s)
		addToRows(s)
		maxIndexedRows(s)
		scoreRows(s)
		if !s.avx512 {
			// AVX-512 runs keepPass32 instead.
			averageRows32(s)
			for n := 1; n <= 5; n++ {
				maxRows32(s, n)
			}
		}
		if !s.avx512 {
			dotRows32(s)
		}
		if s.avx512 {
			keepPass(s, false)
			keepPass(s, true)
			sumEndings(s)
			describeScorings(s)
		}
		fillRows32(s)
		for k := 1; k <= maxPatternRows; k++ {
			maxOverRows(s, false, k)
			maxOverRows(s, true, k)
		}
	}
	Generate()
}

// averageRows: for each of the n entries of ops (7 row offsets: the keep,
// then its six children), kv[keep] = (c0+c1+c2+c3+c4+c5)·c (or /c).
func averageRows(s isa, name string, div bool) {
	fn := name + s.name
	switch {
	case div && s.avx512:
		textNoEscape(fn, "func(kv *float64, ops *uint16, n int)")
		Doc(fn+" sets, for each of the n entries of ops (7 row offsets: a keep, then its six children), the keep's row to the sum of the children's divided by 6 (correctly rounded, by the reciprocal and a fused correction, for quotients that are zero or normal).", "")
	case div:
		textNoEscape(fn, "func(kv *float64, ops *uint16, n int, c float64)")
		Doc(fn+" sets, for each of the n entries of ops (7 row offsets: a keep, then its six children), the keep's row to the sum of the children's divided by c.", "")
	default:
		textNoEscape(fn, "func(kv *float64, ops *uint16, n int, c float64)")
		Doc(fn+" sets, for each of the n entries of ops (7 row offsets: a keep, then its six children), the keep's row to the sum of the children's times c.", "")
	}
	base := Load(Param("kv"), GP64())
	ops := Load(Param("ops"), GP64())
	n := Load(Param("n"), GP64())
	c := s.v(0)
	if div && s.avx512 {
		VBROADCASTSD(six, c)
		VBROADCASTSD(sixth, s.v(1))
	} else {
		broadcast("c", c)
	}
	overOps(fn, ops, n, 7, func(o []reg.GPVirtual) {
		for hi, h := range s.halves {
			v := s.v(2 + hi)
			s.load(at(base, o[1], h), v)
			for j := 2; j <= 6; j++ {
				VADDPD(at(base, o[j], h), v, v)
			}
			switch {
			case div && s.avx512:
				q := s.v(4)
				div6(v, q, c, s.v(1))
				v = q
			case div:
				VDIVPD(c, v, v)
			default:
				VMULPD(c, v, v)
			}
			s.store(v, at(base, o[0], h))
		}
	})
}

// div6 sets q to x/6 correctly rounded (x is overwritten), without a
// division: with y = RN(1/6) (in sixthR; sixR holds 6),
//
//	q₀ = RN(x·y),  r = 6q₀ − x (one fused operation, exact),  q = RN(q₀ − r·y).
//
// It is VDIVPD's result, bit for bit, for every x whose quotient is zero
// or normal (the kernels divide sums of expected scores and the masses of
// one turn, 0 or above 6⁻¹⁵). Proof: y = 1/6 − 2⁻⁵⁵/3, so x·y is within
// x/6·2⁻⁵⁴ of x/6 and q₀ within one ulp of it, which makes r exact. Then
// q₀ − r·y = x/6 − r(y − 1/6) differs from x/6 by at most
// 6·ulp·2⁻⁵⁵/3 = 2⁻⁵⁴ ulp. And x/6 is at least ulp/6 from every rounding
// midpoint: with x = M·2^E (2⁵² ≤ M < 2⁵³ an integer), x/6 lies in a
// binade whose ulp is 2^(E−3) when M < 1.5·2⁵², where x/6 / 2^(E−4) = 8M/3,
// and 2^(E−2) above, where x/6 / 2^(E−3) = 4M/3; either is an even integer
// (x/6 representable) or a third away from every integer, while the
// midpoints are the odd integers. So the one rounding
// of the last fused step gives RN(x/6). (A subnormal quotient can sit on a
// midpoint: 9·2⁻¹⁰⁷⁴/6; the kernels never meet one.) The signs are
// those of the division too: a zero x gives q₀ = x, r = +0 and
// q = q₀ − (+0) = q₀, so −0/6 stays −0.
func div6(x, q, sixR, sixthR reg.VecPhysical) {
	VMULPD(sixthR, x, q)
	VFMSUB231PD(sixR, q, x)
	VFNMADD231PD(sixthR, x, q)
}

// maxRows: for each of the n entries of ops (the row offsets of a keep and
// its k sub-keeps), kv[keep] = max(kv[keep], kv[sub1], …).
func maxRows(s isa, k int) {
	fn := fmt.Sprintf("max%dRows%s", k, s.name)
	textNoEscape(fn, "func(kv *float64, ops *uint16, n int)")
	Doc(fmt.Sprintf("%s sets, for each of the n entries of ops (%d row offsets: a keep, then its sub-keeps), the keep's row to the lane-wise maximum of the rows.", fn, k+1), "")
	base := Load(Param("kv"), GP64())
	ops := Load(Param("ops"), GP64())
	n := Load(Param("n"), GP64())
	overOps(fn, ops, n, k+1, func(o []reg.GPVirtual) {
		for hi, h := range s.halves {
			v := s.v(hi)
			s.load(at(base, o[0], h), v)
			for j := 1; j <= k; j++ {
				s.max(at(base, o[j], h), v)
			}
			s.store(v, at(base, o[0], h))
		}
	})
}

// dotRows: out = Σ_i prob[i]·rows[i], lane by lane, in the order of i (a
// product, then a sum, from zero).
func dotRows(s isa) {
	fn := "dotRows" + s.name
	textNoEscape(fn, "func(rows *float64, prob *float64, n int, out *float64)")
	Doc(fn+" sets out to the sum over i < n of prob[i] times row i, lane by lane in the order of i.", "")
	rows := Load(Param("rows"), GP64())
	prob := Load(Param("prob"), GP64())
	n := Load(Param("n"), GP64())
	p := s.v(0)
	for hi := range s.halves {
		s.zero(s.v(1 + hi))
	}
	eachRow(fn, n, []reg.Register{rows, prob}, []uint32{64, 8}, func() {
		VBROADCASTSD(Mem{Base: prob}, p)
		for hi, h := range s.halves {
			t := s.v(3 + hi)
			VMULPD(Mem{Base: rows, Disp: h}, p, t)
			VADDPD(t, s.v(1+hi), s.v(1+hi))
		}
	})
	out := Load(Param("out"), GP64())
	for hi, h := range s.halves {
		s.store(s.v(1+hi), Mem{Base: out, Disp: h})
	}
	ret()
}

// pushRows: for each of the n entries of ops (a keep, then its six
// children), x = m[keep]/c, m[keep] = 0, m[child] += x.
func pushRows(s isa) {
	fn := "pushRows" + s.name
	if s.avx512 {
		textNoEscape(fn, "func(m *float64, ops *uint16, n int)")
		Doc(fn+" moves, for each of the n entries of ops (7 row offsets: a keep, then its six children), the keep's row divided by 6 (correctly rounded, by the reciprocal and a fused correction, for quotients that are zero or normal) onto each child's row, and clears the keep's.", "")
	} else {
		textNoEscape(fn, "func(m *float64, ops *uint16, n int, c float64)")
		Doc(fn+" moves, for each of the n entries of ops (7 row offsets: a keep, then its six children), the keep's row divided by c onto each child's row, and clears the keep's.", "")
	}
	base := Load(Param("m"), GP64())
	ops := Load(Param("ops"), GP64())
	n := Load(Param("n"), GP64())
	c, zero := s.v(0), s.v(1)
	if s.avx512 {
		VBROADCASTSD(six, c)
		VBROADCASTSD(sixth, s.v(8))
	} else {
		broadcast("c", c)
	}
	s.zero(zero)
	overOps(fn, ops, n, 7, func(o []reg.GPVirtual) {
		for hi, h := range s.halves {
			x := s.v(2 + 3*hi)
			s.load(at(base, o[0], h), x)
			if s.avx512 {
				q := s.v(9)
				div6(x, q, c, s.v(8))
				x = q
			} else {
				VDIVPD(c, x, x)
			}
			s.store(zero, at(base, o[0], h))
			for j := 1; j <= 6; j++ {
				d := s.v(3 + 3*hi + (j & 1))
				s.load(at(base, o[j], h), d)
				VADDPD(x, d, d)
				s.store(d, at(base, o[j], h))
			}
		}
	})
}

// chooseKeepsRows is the keep loop of ChooseKeepsPortable for the n keeps
// from the first: subs holds, per keep, the number of its sub-keeps and
// their row offsets (6 entries). For keep k with value av = kv[k], best
// value t = kv[k] and rank ra = k, each sub-keep j in order sets
// t = top[j] if top[j] > t, and takes (av, ra) = (kv[j], rank[j]) when
// kv[j] > av+tol or (kv[j] ≥ av−tol and rank[j] < ra).
func chooseKeepsRows(s isa) {
	fn := "chooseKeepsRows" + s.name
	textNoEscape(fn, "func(kv, top, rank *float64, subs *uint16, n int, tol float64)")
	Doc(fn+" runs the keep loop of ChooseKeepsPortable over the n keeps of subs (per keep: the number of sub-keeps and their row offsets, 6 entries).", "")
	kv := Load(Param("kv"), GP64())
	top := Load(Param("top"), GP64())
	rank := Load(Param("rank"), GP64())
	subs := Load(Param("subs"), GP64())
	n := Load(Param("n"), GP64())
	tol, onev, cnt := s.v(0), s.v(1), s.v(2)
	av, t, ra, tj, bv, rb, ap, am := s.v(3), s.v(4), s.v(5), s.v(6), s.v(7), s.v(8), s.v(9), s.v(10)
	m1, m2, m3 := s.v(11), s.v(12), s.v(13)
	broadcast("tol", tol)
	VBROADCASTSD(one, onev)
	s.zero(cnt)
	off := GP64()
	XORQ(off, off)
	nsub := GP64()
	oj := GP64()
	TESTQ(n, n)
	JZ(LabelRef(fn + "_done"))
	Label(fn + "_loop")
	MOVWQZX(Mem{Base: subs}, nsub)
	for hi, h := range s.halves {
		stored := fmt.Sprintf("%s_store%d", fn, hi)
		s.load(at(kv, off, h), av)
		VMOVAPD(av, t)
		VMOVAPD(cnt, ra)
		for j := 0; j < 5; j++ {
			CMPQ(nsub, U32(j))
			JBE(LabelRef(stored))
			MOVWQZX(Mem{Base: subs, Disp: 2 + 2*j}, oj)
			s.load(at(top, oj, h), tj)
			VMAXPD(t, tj, t) // tj > t ? tj : t
			s.load(at(kv, oj, h), bv)
			s.load(at(rank, oj, h), rb)
			VADDPD(tol, av, ap)
			VSUBPD(tol, av, am)
			if s.avx512 {
				VCMPPD(U8(0x1e), ap, bv, reg.K1) // bv > av+tol (GT_OQ)
				VCMPPD(U8(0x1d), am, bv, reg.K2) // bv ≥ av−tol (GE_OQ)
				VCMPPD(U8(0x11), ra, rb, reg.K3) // rb < ra (LT_OQ)
				KANDW(reg.K3, reg.K2, reg.K2)
				KORW(reg.K2, reg.K1, reg.K1)
				VBLENDMPD(bv, av, reg.K1, av)
				VBLENDMPD(rb, ra, reg.K1, ra)
			} else {
				VCMPPD(U8(0x1e), ap, bv, m1)
				VCMPPD(U8(0x1d), am, bv, m2)
				VCMPPD(U8(0x11), ra, rb, m3)
				VANDPD(m3, m2, m2)
				VORPD(m2, m1, m1)
				VBLENDVPD(m1, bv, av, av)
				VBLENDVPD(m1, rb, ra, ra)
			}
		}
		Label(stored)
		s.store(av, at(kv, off, h))
		s.store(t, at(top, off, h))
		s.store(ra, at(rank, off, h))
	}
	VADDPD(onev, cnt, cnt)
	ADDQ(U32(12), subs)
	ADDQ(U32(64), off)
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	Label(fn + "_done")
	ret()
}

// finishKeepsRows is finishKeepsPortable over n patterns: t = max(now,
// top) (Go's max: of +0 and −0 it is +0), best = t, choice = −1 when
// now ≥ t−tol, else int32(rank).
func finishKeepsRows(s isa) {
	fn := "finishKeepsRows" + s.name
	textNoEscape(fn, "func(top, rank, now *float64, choice *int32, best *float64, n int, tol float64)")
	Doc(fn+" runs finishKeepsPortable over n patterns (top and rank point at the first pattern's rows).", "")
	top := Load(Param("top"), GP64())
	rank := Load(Param("rank"), GP64())
	now := Load(Param("now"), GP64())
	choice := Load(Param("choice"), GP64())
	best := Load(Param("best"), GP64())
	n := Load(Param("n"), GP64())
	tol, m1 := s.v(0), s.v(1)
	nw, tw, t, t2, tm, rw, mask := s.v(2), s.v(3), s.v(4), s.v(5), s.v(6), s.v(7), s.v(8)
	broadcast("tol", tol)
	VBROADCASTSD(minusOne, m1)
	TESTQ(n, n)
	JZ(LabelRef(fn + "_done"))
	Label(fn + "_loop")
	for _, h := range s.halves {
		s.load(Mem{Base: now, Disp: h}, nw)
		s.load(Mem{Base: top, Disp: h}, tw)
		// max(nw, tw) as Go computes it: VMAXPD returns its second
		// operand on ties, so the two orders differ only on ±0, where
		// the AND of the two gives +0.
		VMAXPD(tw, nw, t)
		VMAXPD(nw, tw, t2)
		if s.avx512 {
			VPANDQ(t2, t, t)
		} else {
			VANDPD(t2, t, t)
		}
		s.store(t, Mem{Base: best, Disp: h})
		VSUBPD(tol, t, tm)
		s.load(Mem{Base: rank, Disp: h}, rw)
		if s.avx512 {
			VCMPPD(U8(0x1d), tm, nw, reg.K1) // nw ≥ t−tol (GE_OQ)
			VBLENDMPD(m1, rw, reg.K1, rw)
			VCVTTPD2DQ(rw, rw.AsY())
			VMOVDQU(rw.AsY(), Mem{Base: choice})
		} else {
			VCMPPD(U8(0x1d), tm, nw, mask)
			VBLENDVPD(mask, m1, rw, rw)
			VCVTTPD2DQY(rw, rw.AsX())
			VMOVDQU(rw.AsX(), Mem{Base: choice, Disp: h / 2})
		}
	}
	ADDQ(U32(64), top)
	ADDQ(U32(64), rank)
	ADDQ(U32(64), now)
	ADDQ(U32(64), best)
	ADDQ(U32(32), choice)
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	Label(fn + "_done")
	ret()
}

// addShifted: for each output j < n, acc = dst[j], then, for each term i
// < k in order, acc += ps[i]·src[offs[i]+j] (a product, then a sum), and
// dst[j] = acc. Outputs go four registers at a time, then one, then (on
// AVX-512) a masked register, else one at a time; the terms' product and
// sum for one register are the portable kernel's, in its order.
func addShifted(s isa) {
	fn := "addShifted" + s.name
	textNoEscape(fn, "func(dst *float64, n int, src *float64, offs *int32, ps *float64, k int)")
	Doc(fn+" adds to each of the n entries j of dst, term by term for i < k, ps[i] times src[offs[i]+j] (a product, then a sum, not fused).", "")
	dst := Load(Param("dst"), GP64())
	n := Load(Param("n"), GP64())
	src := Load(Param("src"), GP64())
	offs := Load(Param("offs"), GP64())
	ps := Load(Param("ps"), GP64())
	k := Load(Param("k"), GP64())
	step := 8
	if !s.avx512 {
		step = 4
	}
	o, a, i, po, pp := GP64(), GP64(), GP64(), GP64(), GP64()
	p := s.v(0)
	// block sums `width` registers of outputs from dst on; advance then
	// moves dst and src past them and counts them off n (not after the
	// masked tail, the last).
	block := func(label string, width int, load func(m Mem, r reg.VecPhysical), mul func(m Mem, p, t reg.VecPhysical), store func(r reg.VecPhysical, m Mem)) {
		acc := make([]reg.VecPhysical, width)
		for b := range acc {
			acc[b] = s.v(1 + b)
			load(Mem{Base: dst, Disp: 8 * step * b}, acc[b])
		}
		MOVQ(offs, po)
		MOVQ(ps, pp)
		MOVQ(k, i)
		Label(label)
		MOVLQZX(Mem{Base: po}, o)
		LEAQ(Mem{Base: src, Index: o, Scale: 8}, a)
		VBROADCASTSD(Mem{Base: pp}, p)
		for b := range acc {
			t := s.v(1 + width + b)
			mul(Mem{Base: a, Disp: 8 * step * b}, p, t)
			VADDPD(t, acc[b], acc[b])
		}
		ADDQ(U32(4), po)
		ADDQ(U32(8), pp)
		DECQ(i)
		JNZ(LabelRef(label))
		for b := range acc {
			store(acc[b], Mem{Base: dst, Disp: 8 * step * b})
		}
	}
	advance := func(width int) {
		ADDQ(U32(8*step*width), dst)
		ADDQ(U32(8*step*width), src)
		SUBQ(U32(step*width), n)
	}
	plainMul := func(m Mem, p, t reg.VecPhysical) { VMULPD(m, p, t) }
	TESTQ(k, k)
	JZ(LabelRef(fn + "_done"))
	Label(fn + "_four")
	CMPQ(n, U32(4*step))
	JB(LabelRef(fn + "_one"))
	block(fn+"_fourTerms", 4, s.load, plainMul, s.store)
	advance(4)
	JMP(LabelRef(fn + "_four"))
	Label(fn + "_one")
	CMPQ(n, U32(step))
	JB(LabelRef(fn + "_tail"))
	block(fn+"_oneTerms", 1, s.load, plainMul, s.store)
	advance(1)
	JMP(LabelRef(fn + "_one"))
	Label(fn + "_tail")
	TESTQ(n, n)
	JZ(LabelRef(fn + "_done"))
	if s.avx512 {
		// The last n < 8 outputs in one register, under the mask of its
		// n low lanes: the other lanes are neither read nor written.
		m := GP64()
		LEAQ(lowMasks, m)
		MOVWQZX(Mem{Base: m, Index: n, Scale: 2}, m)
		KMOVW(m.As32(), reg.K1)
		block(fn+"_tailTerms", 1,
			func(mm Mem, r reg.VecPhysical) { VMOVUPD_Z(mm, reg.K1, r) },
			func(mm Mem, p, t reg.VecPhysical) {
				VMOVUPD_Z(mm, reg.K1, t)
				VMULPD(t, p, t)
			},
			func(r reg.VecPhysical, mm Mem) { VMOVUPD(r, reg.K1, mm) })
	} else {
		// One output at a time.
		Label(fn + "_single")
		x, t := s.v(1).AsX(), s.v(2).AsX()
		VMOVSD(Mem{Base: dst}, x)
		MOVQ(offs, po)
		MOVQ(ps, pp)
		MOVQ(k, i)
		Label(fn + "_singleTerms")
		MOVLQZX(Mem{Base: po}, o)
		VMOVSD(Mem{Base: src, Index: o, Scale: 8}, t)
		VMULSD(Mem{Base: pp}, t, t)
		VADDSD(t, x, x)
		ADDQ(U32(4), po)
		ADDQ(U32(8), pp)
		DECQ(i)
		JNZ(LabelRef(fn + "_singleTerms"))
		VMOVSD(x, Mem{Base: dst})
		ADDQ(U32(8), dst)
		ADDQ(U32(8), src)
		DECQ(n)
		JNZ(LabelRef(fn + "_single"))
	}
	Label(fn + "_done")
	ret()
}

// pushChoices: for each pattern w < n, row p[w] is added into row
// choice's of mass, lane by lane: row k for a keep k ≥ 0, row nkeeps+w for
// scoring now (k < 0). When the eight lanes choose alike, which is most
// of the time, it is one row added to one row; else lane by lane. A row
// at or past nrows stops the kernel, which reports false.
func pushChoices(s isa) {
	fn := "pushChoices" + s.name
	textNoEscape(fn, "func(mass *float64, nrows int, choice *int32, p *float64, n int, nkeeps int) bool")
	Doc(fn+" adds, for each pattern w < n, lane l of row w of p into lane l of row choice[w][l] of mass, or of row nkeeps+w when that choice is negative (scoring now); it stops and reports false at a row nrows or more.", "")
	mass := Load(Param("mass"), GP64())
	nrows := Load(Param("nrows"), GP64())
	ch := Load(Param("choice"), GP64())
	p := Load(Param("p"), GP64())
	n := Load(Param("n"), GP64())
	score := Load(Param("nkeeps"), GP64()) // row nkeeps+w: scoring pattern w now
	k, dup, row, q := GP64(), GP64(), GP64(), GP64()
	r := result()
	TESTQ(n, n)
	JZ(LabelRef(fn + "_ok"))
	Label(fn + "_loop")
	// dup holds the first lane's choice twice: the eight are alike when
	// each pair of lanes equals it.
	MOVL(Mem{Base: ch}, dup.As32())
	MOVQ(dup, q)
	SHLQ(U8(32), q)
	ORQ(q, dup)
	for j := 0; j < 4; j++ {
		CMPQ(dup, Mem{Base: ch, Disp: 8 * j})
		JNE(LabelRef(fn + "_lanes"))
	}
	// rowOf sets row to the byte offset of the row of choice k.
	rowOf := func() {
		MOVQ(k, row)
		TESTQ(k, k)
		CMOVQLT(score, row)
		CMPQ(row, nrows)
		JAE(LabelRef(fn + "_bad"))
		SHLQ(U8(6), row)
	}
	MOVLQSX(Mem{Base: ch}, k)
	rowOf()
	for _, h := range s.halves {
		x := s.v(0)
		s.load(Mem{Base: p, Disp: h}, x)
		VADDPD(at(mass, row, h), x, x)
		s.store(x, at(mass, row, h))
	}
	JMP(LabelRef(fn + "_next"))
	Label(fn + "_lanes")
	for l := 0; l < 8; l++ {
		MOVLQSX(Mem{Base: ch, Disp: 4 * l}, k)
		rowOf()
		x := s.v(0).AsX()
		VMOVSD(Mem{Base: p, Disp: 8 * l}, x)
		VADDSD(at(mass, row, 8*l), x, x)
		VMOVSD(x, at(mass, row, 8*l))
	}
	Label(fn + "_next")
	ADDQ(U32(32), ch)
	ADDQ(U32(64), p)
	INCQ(score)
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	retOK(fn+"_ok", fn+"_bad", r)
}

// eachRow is a kernel's loop over n rows: body for each, then every
// pointer advanced by its step in bytes.
func eachRow(fn string, n reg.Register, ptrs []reg.Register, steps []uint32, body func()) {
	TESTQ(n, n)
	JZ(LabelRef(fn + "_done"))
	Label(fn + "_loop")
	body()
	for i, p := range ptrs {
		ADDQ(U32(steps[i]), p)
	}
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	Label(fn + "_done")
}

// fillRows: dst[i] = v for each of n rows.
func fillRows(s isa) {
	fn := "fillRows" + s.name
	textNoEscape(fn, "func(dst, v *float64, n int)")
	Doc(fn+" sets each of the n rows of dst to the row at v.", "")
	dst := Load(Param("dst"), GP64())
	v := Load(Param("v"), GP64())
	n := Load(Param("n"), GP64())
	for hi, h := range s.halves {
		s.load(Mem{Base: v, Disp: h}, s.v(hi))
	}
	eachRow(fn, n, []reg.Register{dst}, []uint32{64}, func() {
		for hi, h := range s.halves {
			s.store(s.v(hi), Mem{Base: dst, Disp: h})
		}
	})
	ret()
}

// addToRows: dst[i] = xs[i] + a for each of n rows, lane by lane.
func addToRows(s isa) {
	fn := "addToRows" + s.name
	textNoEscape(fn, "func(dst, a, xs *float64, n int)")
	Doc(fn+" sets each of the n rows of dst to xs[i] plus the row at a, lane by lane.", "")
	dst := Load(Param("dst"), GP64())
	a := Load(Param("a"), GP64())
	xs := Load(Param("xs"), GP64())
	n := Load(Param("n"), GP64())
	x := s.v(0)
	for hi, h := range s.halves {
		s.load(Mem{Base: a, Disp: h}, s.v(1+hi))
	}
	eachRow(fn, n, []reg.Register{dst, xs}, []uint32{64, 8}, func() {
		VBROADCASTSD(Mem{Base: xs}, x)
		for hi, h := range s.halves {
			t := s.v(3 + hi)
			VADDPD(s.v(1+hi), x, t)
			s.store(t, Mem{Base: dst, Disp: h})
		}
	})
	ret()
}

// addRows: dst[i] = a[i] + b[i] for each of n rows, lane by lane.
func addRows(s isa) {
	fn := "addRows" + s.name
	textNoEscape(fn, "func(dst, a, b *float64, n int)")
	Doc(fn+" sets row i of dst to row i of a plus row i of b, lane by lane, for i < n.", "")
	dst := Load(Param("dst"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	n := Load(Param("n"), GP64())
	eachRow(fn, n, []reg.Register{a, b, dst}, []uint32{64, 64, 64}, func() {
		for hi, h := range s.halves {
			v := s.v(hi)
			s.load(Mem{Base: a, Disp: h}, v)
			VADDPD(Mem{Base: b, Disp: h}, v, v)
			s.store(v, Mem{Base: dst, Disp: h})
		}
	})
	ret()
}

// sumEndings (AVX-512 only: it gathers and scatters): for each of count
// patterns, the probability row p of the lanes of mask lanes whose
// probability is not 0 is added to sum[(base[cat]+gain)*8 + lane] (eight
// lanes, eight distinct entries), and where yflag[cat] is set and pts > 0
// to the yacht row; fresh gets the lanes whose entry was 0 before the add.
// It stops and reports false, before adding, at a pattern where such a
// lane's category is 16 or more or its entry is not below nsum.
func sumEndings(s isa) {
	fn := "sumEndings" + s.name
	textNoEscape(fn, "func(p *float64, cat *uint8, gain, pts *int16, base, yflag *int64, lanes uint16, sum *float64, nsum int, yacht *float64, fresh *uint8, count int) bool")
	Doc(fn+" is SumEndingsPortable: each pattern's probabilities added into the lanes' entries of their endings, and fresh the lanes whose entry was 0; false at a category or entry out of range.", "")
	p := Load(Param("p"), GP64())
	cat := Load(Param("cat"), GP64())
	gain := Load(Param("gain"), GP64())
	pts := Load(Param("pts"), GP64())
	base := Load(Param("base"), GP64())
	yflag := Load(Param("yflag"), GP64())
	sum := Load(Param("sum"), GP64())
	fresh := Load(Param("fresh"), GP64())
	n := Load(Param("count"), GP64())
	m := Load(Param("lanes"), GP32())
	r := result()
	KMOVW(m, reg.K7)
	zero, baseLo, baseHi, yLo, yHi, iota, acc := s.v(0), s.v(1), s.v(2), s.v(3), s.v(4), s.v(5), s.v(6)
	pr, c, g, idx, v, yf, pt, limit, cats := s.v(7), s.v(8), s.v(9), s.v(10), s.v(11), s.v(12), s.v(13), s.v(14), reg.Z15
	VPXORQ(zero, zero, zero)
	VMOVDQU64(Mem{Base: base}, baseLo)
	VMOVDQU64(Mem{Base: base, Disp: 64}, baseHi)
	VMOVDQU64(Mem{Base: yflag}, yLo)
	VMOVDQU64(Mem{Base: yflag, Disp: 64}, yHi)
	VMOVDQU64(laneIota, iota)
	broadcastQ("nsum", limit)
	VPBROADCASTQ(sixteen, cats)
	y := Load(Param("yacht"), GP64())
	VMOVUPD(Mem{Base: y}, acc)
	f, ok := GP32(), GP32()
	TESTQ(n, n)
	JZ(LabelRef(fn + "_done"))
	Label(fn + "_loop")
	VMOVUPD(Mem{Base: p}, pr)
	VCMPPD(U8(0x04), zero, pr, reg.K1) // pr ≠ 0 (NEQ_UQ: NaN too, as Go's !=)
	KANDW(reg.K7, reg.K1, reg.K1)
	VPMOVZXBQ(Mem{Base: cat}, c)
	VPMOVSXWQ(Mem{Base: gain}, g)
	// idx = (base[cat] + gain)*8 + lane
	VMOVDQU64(c, idx)
	VPERMI2Q(baseHi, baseLo, idx)
	VPADDQ(g, idx, idx)
	VPSLLQ(U8(3), idx, idx)
	VPADDQ(iota, idx, idx)
	// Every lane of K1 has cat < 16 and idx < nsum (unsigned: a negative
	// idx is out of range too), else stop.
	VPCMPUQ(U8(1), limit, idx, reg.K2) // idx < nsum
	VPCMPUQ(U8(1), cats, c, reg.K3)    // cat < 16
	KANDW(reg.K2, reg.K3, reg.K2)
	KMOVW(reg.K1, f)
	KMOVW(reg.K2, ok)
	NOTL(ok)
	ANDL(f, ok) // the lanes of K1 not in range
	TESTL(ok, ok)
	JNZ(LabelRef(fn + "_bad"))
	VPXORQ(v, v, v)
	KMOVW(reg.K1, reg.K2)
	VGATHERQPD(Mem{Base: sum, Index: idx, Scale: 8}, reg.K2, v)
	VCMPPD(U8(0x00), zero, v, reg.K3) // entry = 0 (EQ_OQ)
	KANDW(reg.K1, reg.K3, reg.K3)
	KMOVW(reg.K3, f)
	MOVB(f.As8(), Mem{Base: fresh})
	VADDPD(pr, v, v)
	KMOVW(reg.K1, reg.K2)
	VSCATTERQPD(v, reg.K2, Mem{Base: sum, Index: idx, Scale: 8})
	// The Yacht box scored with points: yflag[cat] set and pts > 0.
	VMOVDQU64(c, yf)
	VPERMI2Q(yHi, yLo, yf)
	VPMOVSXWQ(Mem{Base: pts}, pt)
	VPTESTMQ(yf, yf, reg.K4)
	VPCMPGTQ(zero, pt, reg.K5)
	KANDW(reg.K4, reg.K5, reg.K4)
	KANDW(reg.K1, reg.K4, reg.K4)
	VADDPD(pr, acc, reg.K4, acc)
	ADDQ(U32(64), p)
	ADDQ(U32(8), cat)
	ADDQ(U32(16), gain)
	ADDQ(U32(16), pts)
	INCQ(fresh)
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	Label(fn + "_done")
	VMOVUPD(acc, Mem{Base: y})
	MOVB(U8(1), r)
	ret()
	Label(fn + "_bad")
	MOVB(U8(0), r)
	ret()
}

// describeScorings (AVX-512 only: it gathers): for each of count patterns
// w, with i the lanes' positions among the open categories (idx, int32):
// cat = open[i], the table's entry e at cat<<8|w, points = e's low 16
// bits, gain = points, or ug[i][min(e>>16, NumDice)][lane] where up[i] is
// set. It stops and reports false at a pattern with an i of no or more,
// compared unsigned (a negative i fails too).
func describeScorings(s isa) {
	fn := "describeScorings" + s.name
	textNoEscape(fn, "func(idx *int32, open, up *int64, no int, tab *int32, ug *int16, cat *uint8, points, gain *int16, count int) bool")
	Doc(fn+" is DescribeScoringsPortable on count patterns: each lane's category, points and gain from its position among the open categories; false at a position no or more.", "")
	idx := Load(Param("idx"), GP64())
	open := Load(Param("open"), GP64())
	up := Load(Param("up"), GP64())
	tab := Load(Param("tab"), GP64())
	ug := Load(Param("ug"), GP64())
	cat := Load(Param("cat"), GP64())
	points := Load(Param("points"), GP64())
	gain := Load(Param("gain"), GP64())
	n := Load(Param("count"), GP64())
	r := result()
	catLo, catHi, upLo, upHi, iota, w, one, limit := s.v(0), s.v(1), s.v(2), s.v(3), s.v(4), s.v(5), s.v(6), s.v(7)
	ix, c, u, t, e, pt, gi, g, five := s.v(8), s.v(9), s.v(10), s.v(11), s.v(12), s.v(13), s.v(14), reg.Z15, reg.Z16
	VMOVDQU64(Mem{Base: open}, catLo)
	VMOVDQU64(Mem{Base: open, Disp: 64}, catHi)
	VMOVDQU64(Mem{Base: up}, upLo)
	VMOVDQU64(Mem{Base: up, Disp: 64}, upHi)
	VMOVDQU64(laneIota, iota)
	VPXORQ(w, w, w)
	VPBROADCASTQ(oneQ, one)
	VPBROADCASTQ(fiveQ, five)
	broadcastQ("no", limit)
	ok := GP32()
	TESTQ(n, n)
	JZ(LabelRef(fn + "_done"))
	Label(fn + "_loop")
	VPMOVSXDQ(Mem{Base: idx}, ix)
	VPCMPUQ(U8(1), limit, ix, reg.K1) // i < no (unsigned)
	KMOVW(reg.K1, ok)
	CMPL(ok, U32(0xff))
	JNE(LabelRef(fn + "_bad"))
	VMOVDQU64(ix, c)
	VPERMI2Q(catHi, catLo, c)
	VMOVDQU64(ix, u)
	VPERMI2Q(upHi, upLo, u)
	VPTESTMQ(u, u, reg.K2)
	// e = tab[cat<<8 | w]
	VPSLLQ(U8(8), c, t)
	VPADDQ(w, t, t)
	KXNORW(reg.K3, reg.K3, reg.K3)
	VPXORQ(e, e, e)
	VPGATHERQD(Mem{Base: tab, Index: t, Scale: 4}, reg.K3, e.AsY())
	VPMOVSXDQ(e.AsY(), t)
	// points: the low 16 bits (VPMOVQW keeps just those); the dice of
	// the face: bits 16 on
	VMOVDQU64(t, pt)
	VPSRLQ(U8(16), t, u)
	VPMINUQ(five, u, u) // at most NumDice, so ug is never read past its end
	// gain of an upper box: ug[i][dice][lane], int16 at index i*48 + dice*8 + lane
	VPSLLQ(U8(5), ix, gi)
	VPSLLQ(U8(4), ix, e)
	VPADDQ(e, gi, gi)
	VPSLLQ(U8(3), u, e)
	VPADDQ(e, gi, gi)
	VPADDQ(iota, gi, gi)
	VPXORQ(g, g, g)
	KMOVW(reg.K2, reg.K4)
	VPGATHERQQ(Mem{Base: ug, Index: gi, Scale: 2}, reg.K4, g) // the gain in the low 16 bits
	VPBLENDMQ(g, pt, reg.K2, g)                               // an upper box's gain, else the points
	VPMOVQB(c, Mem{Base: cat})
	VPMOVQW(pt, Mem{Base: points})
	VPMOVQW(g, Mem{Base: gain})
	VPADDQ(one, w, w)
	ADDQ(U32(32), idx)
	ADDQ(U32(8), cat)
	ADDQ(U32(16), points)
	ADDQ(U32(16), gain)
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	retOK(fn+"_done", fn+"_bad", r)
}

// broadcastQ broadcasts the 64-bit integer parameter name to every lane
// of r.
func broadcastQ(name string, r reg.VecPhysical) {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	VPBROADCASTQ(b.Addr, r)
}

// maxIndexedRows: e3[w] = max(e3[w], vals[idx[w]]) for the n patterns w of
// list; false, before touching pattern w, when w ≥ nrows or idx[w] ≥ nvals.
func maxIndexedRows(s isa) {
	fn := "maxIndexedRows" + s.name
	textNoEscape(fn, "func(e3 *float64, nrows int, vals *float64, nvals int, idx, list *uint8, n int) bool")
	Doc(fn+" sets row w of e3 to its lane-wise maximum with row idx[w] of vals for the n patterns w of list; it stops and reports false at a pattern w that is nrows or more or whose idx[w] is nvals or more.", "")
	e3 := Load(Param("e3"), GP64())
	nrows := Load(Param("nrows"), GP64())
	vals := Load(Param("vals"), GP64())
	nvals := Load(Param("nvals"), GP64())
	idx := Load(Param("idx"), GP64())
	list := Load(Param("list"), GP64())
	n := Load(Param("n"), GP64())
	w, j := GP64(), GP64()
	r := result()
	TESTQ(n, n)
	JZ(LabelRef(fn + "_ok"))
	Label(fn + "_loop")
	MOVBQZX(Mem{Base: list}, w)
	CMPQ(w, nrows)
	JAE(LabelRef(fn + "_bad"))
	MOVBQZX(Mem{Base: idx, Index: w, Scale: 1}, j)
	CMPQ(j, nvals)
	JAE(LabelRef(fn + "_bad"))
	SHLQ(U8(6), w)
	SHLQ(U8(6), j)
	for hi, h := range s.halves {
		v := s.v(hi)
		s.load(at(e3, w, h), v)
		s.max(at(vals, j, h), v)
		s.store(v, at(e3, w, h))
	}
	INCQ(list)
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	retOK(fn+"_ok", fn+"_bad", r)
}

// maxOverRows: for each of the n entries of tab (a pattern's row offset,
// then k row offsets, uint16 each), dst[pattern] = the lane-wise maximum
// of those rows of rows, written out for each k (no inner loop). single:
// on single-precision rows (maxima of their bits, VPMAXUD). The offsets are
// not checked: PatternRows builds the entries within bounds.
func maxOverRows(s isa, single bool, k int) {
	fn, elem, kind := fmt.Sprintf("maxOver%dRows%s", k, s.name), "float64", ""
	if single {
		fn, elem, kind = fmt.Sprintf("maxOver%dRows32%s", k, s.name), "float32", "single-precision "
	}
	textNoEscape(fn, "func(dst, rows *"+elem+", tab *uint16, n int)")
	Doc(fmt.Sprintf("%s sets, for each of the n entries of tab (a pattern's row offset, then %d row offsets), %srow w of dst to the lane-wise maximum of those rows of rows.", fn, k, kind), "")
	dst := Load(Param("dst"), GP64())
	rows := Load(Param("rows"), GP64())
	tab := Load(Param("tab"), GP64())
	n := Load(Param("n"), GP64())
	w := GP64()
	idx := []reg.GPVirtual{GP64(), GP64()}
	maxOf := func(m Mem, v reg.VecPhysical) {
		if single {
			VPMAXUD(m, v, v) // the bits of non-negative floats
			return
		}
		s.max(m, v)
	}
	// Two running maxima per register half, joined at the end: shorter
	// dependency chains.
	acc := func(hi, a int) reg.VecPhysical { return s.v(2*hi + a) }
	// The entry's offsets (k+1 of 16 bits) are read four at a time, each
	// then taken from its register: the loads, not the arithmetic, bind
	// this loop (the table has room to read past its last entry: Build).
	chunk := []reg.GPVirtual{GP64(), GP64(), GP64(), GP64(), GP64()}
	offset := func(e int, dst reg.GPVirtual) {
		c := chunk[e/4]
		if e%4 == 0 {
			MOVQ(Mem{Base: tab, Disp: 8 * (e / 4)}, c)
		}
		MOVWQZX(c.As16(), dst)
		if e%4 != 3 && e != k {
			SHRQ(U8(16), c)
		}
	}
	TESTQ(n, n)
	JZ(LabelRef(fn + "_done"))
	Label(fn + "_loop")
	offset(0, w)
	for j := 0; j < k; j++ {
		i := idx[j%2]
		offset(1+j, i)
		for hi, h := range s.halves {
			if j < 2 {
				s.load(at(rows, i, h), acc(hi, j))
			} else {
				maxOf(at(rows, i, h), acc(hi, j%2))
			}
		}
	}
	for hi, h := range s.halves {
		v := acc(hi, 0)
		if k > 1 {
			if single {
				VPMAXUD(acc(hi, 1), v, v)
			} else if s.avx512 {
				VPMAXUQ(acc(hi, 1), v, v)
			} else {
				VMAXPD(acc(hi, 1), v, v)
			}
		}
		s.store(v, at(dst, w, h))
	}
	ADDQ(U32(2*(k+1)), tab)
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	Label(fn + "_done")
	ret()
}

// scoreRows: for every pattern w < npat, the values of scoring each of the
// no open categories, vals[i] = cand[i][sel[t]&7] + add[t] with t =
// selOff[i] + w (cand[i] is 8 rows), the best of them
// (a value replaces the best when greater, in the order of i), and the
// first i whose value is at least best − tol: its value goes to e3[w], i
// to idx[w]. scratch holds the no values of one pattern. AVX2 loops over
// the categories; AVX-512 runs scoreRowsWritten.
func scoreRows(s isa) {
	fn := "scoreRows" + s.name
	textNoEscape(fn, "func(cand *float64, selOff *uint32, sel *uint8, add *float64, no int, scratch *float64, e3 *float64, idx *int32, npat int, tol float64)")
	Doc(fn+" is ScoreRowsPortable: for every pattern, the value of scoring each open category and the first within tol of the best.", "")
	rows := Load(Param("cand"), GP64())
	selOff := Load(Param("selOff"), GP64())
	sel := Load(Param("sel"), GP64())
	add := Load(Param("add"), GP64())
	scratch := Load(Param("scratch"), GP64())
	e3 := Load(Param("e3"), GP64())
	idx := Load(Param("idx"), GP64())
	noP, err := Param("no").Resolve()
	if err != nil {
		panic(err)
	}
	npatP, err := Param("npat").Resolve()
	if err != nil {
		panic(err)
	}
	tol, best, v, a, thr, e, ix, iv, mask := s.v(0), s.v(1), s.v(2), s.v(3), s.v(4), s.v(5), s.v(6), s.v(7), s.v(8)
	broadcast("tol", tol)
	w, i, t, r := GP64(), GP64(), GP64(), GP64()
	CMPQ(noP.Addr, U32(0))
	JE(LabelRef(fn + "_done"))
	if s.avx512 {
		scoreRowsWritten(fn, rows, selOff, sel, add, scratch, e3, idx, noP.Addr, npatP.Addr, tol)
		return
	}
	XORQ(w, w)
	Label(fn + "_pattern")
	for hi, h := range s.halves {
		first := fmt.Sprintf("%s_value%d", fn, hi)
		next := fmt.Sprintf("%s_max%d", fn, hi)
		pick := fmt.Sprintf("%s_pick%d", fn, hi)
		picked := fmt.Sprintf("%s_picked%d", fn, hi)
		XORQ(i, i)
		Label(first)
		// t = selOff[i] + w; r = the byte offset of cand[i][sel[t]&7]
		MOVL(Mem{Base: selOff, Index: i, Scale: 4}, t.As32())
		ADDQ(w, t)
		MOVBQZX(Mem{Base: sel, Index: t, Scale: 1}, r)
		ANDQ(U8(7), r)
		LEAQ(Mem{Base: r, Index: i, Scale: 8}, r)
		SHLQ(U8(6), r)
		VBROADCASTSD(Mem{Base: add, Index: t, Scale: 8}, a)
		s.load(at(rows, r, h), v)
		VADDPD(v, a, v) // add[t] + row, as float64(pt) + a[l]
		MOVQ(i, r)
		SHLQ(U8(6), r)
		s.store(v, at(scratch, r, h))
		TESTQ(i, i)
		JNZ(LabelRef(next))
		VMOVAPD(v, best)
		JMP(LabelRef(next + "_inc"))
		Label(next)
		VMAXPD(best, v, best) // v > best ? v : best
		Label(next + "_inc")
		INCQ(i)
		CMPQ(i, noP.Addr)
		JB(LabelRef(first))
		VSUBPD(tol, best, thr)
		// From the last category back to the first, the value and index
		// of the first one at least best − tol.
		MOVQ(noP.Addr, i)
		DECQ(i)
		MOVQ(i, r)
		SHLQ(U8(6), r)
		s.load(at(scratch, r, h), e)
		VCVTSI2SDQ(i, ix.AsX(), ix.AsX())
		VBROADCASTSD(ix.AsX(), ix)
		Label(pick)
		TESTQ(i, i)
		JZ(LabelRef(picked))
		DECQ(i)
		MOVQ(i, r)
		SHLQ(U8(6), r)
		s.load(at(scratch, r, h), v)
		VCVTSI2SDQ(i, iv.AsX(), iv.AsX())
		VBROADCASTSD(iv.AsX(), iv)
		VCMPPD(U8(0x1d), thr, v, mask) // v ≥ best − tol (GE_OQ)
		VBLENDVPD(mask, v, e, e)
		VBLENDVPD(mask, iv, ix, ix)
		JMP(LabelRef(pick))
		Label(picked)
		s.store(e, Mem{Base: e3, Disp: h})
		VCVTTPD2DQY(ix, ix.AsX())
		VMOVDQU(ix.AsX(), Mem{Base: idx, Disp: h / 2})
	}
	ADDQ(U32(64), e3)
	ADDQ(U32(32), idx)
	INCQ(w)
	CMPQ(w, npatP.Addr)
	JB(LabelRef(fn + "_pattern"))
	Label(fn + "_done")
	ret()
}

// scoreRowsWritten is scoreRows' AVX-512 body written out for each number
// of open categories m (1 to MaxCategories, chosen once): a pattern's m
// values stay in registers, with no loop over the categories and no
// scratch rows. The operations, and their order in each lane, are the
// loop's: each value add[t] + row, the maximum from the first category on,
// then from the last category back to the first the first value at least
// best − tol and its position; scratch ends with the last pattern's
// values, as the loop leaves it.
func scoreRowsWritten(fn string, rows, selOff, sel, add, scratch, e3, idx reg.Register, no, npat Mem, tol reg.VecPhysical) {
	best, a, thr, e, ix := reg.Z1, reg.Z2, reg.Z3, reg.Z4, reg.Z5
	vals := []reg.VecPhysical{
		reg.Z10, reg.Z11, reg.Z12, reg.Z13, reg.Z14, reg.Z15, reg.Z16, reg.Z17,
		reg.Z18, reg.Z19, reg.Z20, reg.Z21, reg.Z22, reg.Z23, reg.Z24, reg.Z25}
	const maxCategories = 16
	if len(vals) != maxCategories {
		panic("scoreRowsWritten: a register per category")
	}
	w, t, r, m := GP64(), GP64(), GP64(), GP64()
	MOVQ(no, m)
	for n := 1; n <= maxCategories; n++ {
		CMPQ(m, U32(n))
		JE(LabelRef(fmt.Sprintf("%s_open%d", fn, n)))
	}
	JMP(LabelRef(fn + "_done"))
	for n := 1; n <= maxCategories; n++ {
		loop := fmt.Sprintf("%s_open%d", fn, n)
		Label(loop)
		XORQ(w, w)
		Label(loop + "_pattern")
		for i := 0; i < n; i++ {
			// t = selOff[i] + w; the row cand[i][sel[t]&7]
			MOVL(Mem{Base: selOff, Disp: 4 * i}, t.As32())
			ADDQ(w, t)
			MOVBQZX(Mem{Base: sel, Index: t, Scale: 1}, r)
			ANDQ(U8(7), r)
			SHLQ(U8(6), r)
			VBROADCASTSD(Mem{Base: add, Index: t, Scale: 8}, a)
			VADDPD(at(rows, r, 512*i), a, vals[i]) // add[t] + row
			if i == 0 {
				VMOVAPD(vals[0], best)
			} else {
				VMAXPD(best, vals[i], best) // v > best ? v : best
			}
		}
		VSUBPD(tol, best, thr)
		VMOVAPD(vals[n-1], e)
		VBROADCASTSD(indexF64.Offset(8*(n-1)), ix)
		for i := n - 2; i >= 0; i-- {
			VCMPPD(U8(0x1d), thr, vals[i], reg.K1) // v ≥ best − tol (GE_OQ)
			VBLENDMPD(vals[i], e, reg.K1, e)
			VBLENDMPD_BCST(indexF64.Offset(8*i), ix, reg.K1, ix)
		}
		VMOVUPD(e, Mem{Base: e3})
		VCVTTPD2DQ(ix, ix.AsY())
		VMOVDQU(ix.AsY(), Mem{Base: idx})
		ADDQ(U32(64), e3)
		ADDQ(U32(32), idx)
		INCQ(w)
		CMPQ(w, npat)
		JB(LabelRef(loop + "_pattern"))
		// scratch is left as the loop leaves it: the last pattern's
		// values.
		for i := 0; i < n; i++ {
			VMOVUPD(vals[i], Mem{Base: scratch, Disp: 64 * i})
		}
		JMP(LabelRef(fn + "_done"))
	}
	Label(fn + "_done")
	ret()
}

// The single-precision kernels (sixteen lanes in the same 64-byte rows)
// of the target table's turn: see RollBack32Portable.

// broadcast32 fills r with the float32 parameter name.
func broadcast32(name string, r reg.VecPhysical) {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	VBROADCASTSS(b.Addr, r)
}

// averageRows32: for each of the n entries of ops (7 row offsets: the
// keep, then its six children), kv[keep] = (((c0+c1)+(c2+c3))+(c4+c5))·c.
func averageRows32(s isa) {
	fn := "avg32Rows" + s.name
	textNoEscape(fn, "func(kv *float32, ops *uint16, n int, c float32)")
	Doc(fn+" sets, for each of the n entries of ops (7 row offsets: a keep, then its six children), the keep's single-precision row to the sum of the children's, added in pairs, times c.", "")
	base := Load(Param("kv"), GP64())
	ops := Load(Param("ops"), GP64())
	n := Load(Param("n"), GP64())
	c := s.v(0)
	broadcast32("c", c)
	overOps(fn, ops, n, 7, func(o []reg.GPVirtual) {
		for hi, h := range s.halves {
			// ((c0+c1) + (c2+c3)) + (c4+c5): three dependent additions
			// instead of five.
			v, u, w := s.v(1+3*hi), s.v(2+3*hi), s.v(3+3*hi)
			VMOVUPS(at(base, o[1], h), v)
			VADDPS(at(base, o[2], h), v, v)
			VMOVUPS(at(base, o[3], h), u)
			VADDPS(at(base, o[4], h), u, u)
			VMOVUPS(at(base, o[5], h), w)
			VADDPS(at(base, o[6], h), w, w)
			VADDPS(u, v, v)
			VADDPS(w, v, v)
			VMULPS(c, v, v)
			VMOVUPS(v, at(base, o[0], h))
		}
	})
}

// maxRows32: for each of the n entries of ops (the row offsets of a keep
// and its k sub-keeps), kv[keep] = max(kv[keep]·c, kv[sub1], …) on
// single-precision rows, the maxima on the values' bits (VPMAXUD: the
// unsigned integers the portable kernel compares).
func maxRows32(s isa, k int) {
	fn := fmt.Sprintf("max%dRows32%s", k, s.name)
	textNoEscape(fn, "func(kv *float32, ops *uint16, n int, c float32)")
	Doc(fmt.Sprintf("%s sets, for each of the n entries of ops (%d row offsets: a keep, then its sub-keeps), the keep's single-precision row to the lane-wise maximum of itself times c and the sub-keeps' rows.", fn, k+1), "")
	base := Load(Param("kv"), GP64())
	ops := Load(Param("ops"), GP64())
	n := Load(Param("n"), GP64())
	c := s.v(0)
	broadcast32("c", c)
	overOps(fn, ops, n, k+1, func(o []reg.GPVirtual) {
		for hi, h := range s.halves {
			v := s.v(1 + hi)
			VMULPS(at(base, o[0], h), c, v)
			for j := 1; j <= k; j++ {
				VPMAXUD(at(base, o[j], h), v, v)
			}
			VMOVUPS(v, at(base, o[0], h))
		}
	})
}

// dotRows32: out = Σ_i prob[i]·rows[i] over single-precision rows, lane
// by lane in double precision in the order of i (each lane widened, a
// product, then a sum, from zero); out holds sixteen doubles.
func dotRows32(s isa) {
	fn := "dotRows32" + s.name
	textNoEscape(fn, "func(rows *float32, prob *float64, n int, out *float64)")
	Doc(fn+" sets out (sixteen doubles) to the sum over i < n of prob[i] times single-precision row i, lane by lane in double precision in the order of i.", "")
	rows := Load(Param("rows"), GP64())
	prob := Load(Param("prob"), GP64())
	n := Load(Param("n"), GP64())
	p := s.v(0)
	// A double register holds half the lanes of a single one: AVX-512 two
	// zmm from 32 bytes each, AVX2 four ymm from 16 bytes each.
	step := 32
	if !s.avx512 {
		step = 16
	}
	parts := 64 / step
	for i := 0; i < parts; i++ {
		s.zero(s.v(1 + i))
	}
	eachRow(fn, n, []reg.Register{rows, prob}, []uint32{64, 8}, func() {
		VBROADCASTSD(Mem{Base: prob}, p)
		for i := 0; i < parts; i++ {
			t := s.v(5 + i)
			VCVTPS2PD(Mem{Base: rows, Disp: i * step}, t)
			VFMADD231PD(t, p, s.v(1+i))
		}
	})
	out := Load(Param("out"), GP64())
	regBytes := 64
	if !s.avx512 {
		regBytes = 32
	}
	for i := 0; i < parts; i++ {
		VMOVUPD(s.v(1+i), Mem{Base: out, Disp: i * regBytes})
	}
	ret()
}

// maxPatternRows is lanes.MaxPatternRows: the most rows a pattern of a
// PatternRows takes the maximum of.
const maxPatternRows = 16

// rowCache remembers which of a set of registers hold which rows of kv, so
// that a written-out kernel reads a row again from its register instead of
// memory. A register handed out by take holds no row until holds says so;
// a store to a row must be followed by holds, which forgets any other copy.
type rowCache struct {
	regs         []reg.VecPhysical
	row          []int // the row regs[i] holds, or -1
	last         []int // when regs[i] was last used
	tick         int
	hits, misses int
	bypassed     int // misses read by the instruction from memory
	// trace lists the kernel's row reads (k) and stores (-1-k) in order,
	// recorded by a first run of its generator; at is the place in it.
	// With a trace, take hands out the register whose row is read again
	// latest or never (Belady's choice); without, the one used longest ago.
	trace     []int
	recording bool
	at        int
}

// record notes a read (k) or a store (-1-k) of a row.
func (c *rowCache) record(e int) {
	if c.recording {
		c.trace = append(c.trace, e)
		return
	}
	if c.at >= len(c.trace) || c.trace[c.at] != e {
		panic("rowCache: the kernel's rows differ from its recorded trace")
	}
	c.at++
}

// nextRead is how far ahead in the trace row k is read again before it is
// stored, or a number past the trace's end if it is not.
func (c *rowCache) nextRead(k int) int {
	for i := c.at; i < len(c.trace); i++ {
		switch c.trace[i] {
		case k:
			return i - c.at
		case -1 - k:
			return len(c.trace)
		}
	}
	return len(c.trace)
}

// cacheState is what save keeps of a rowCache.
type cacheState struct {
	row, last                        []int
	tick, at, hits, misses, bypassed int
}

// save returns c's registers, place in the trace and counts, for restore.
func (c *rowCache) save() cacheState {
	return cacheState{slices.Clone(c.row), slices.Clone(c.last), c.tick, c.at, c.hits, c.misses, c.bypassed}
}

// restore returns c to a saved state, to generate a second branch from
// the same registers.
func (c *rowCache) restore(st cacheState) {
	copy(c.row, st.row)
	copy(c.last, st.last)
	c.tick, c.at, c.hits, c.misses, c.bypassed = st.tick, st.at, st.hits, st.misses, st.bypassed
}

// done panics unless the run used the whole recorded trace.
func (c *rowCache) done() {
	if !c.recording && c.at != len(c.trace) {
		panic("rowCache: the kernel read fewer rows than its recorded trace")
	}
}

// replay makes c ready to generate the kernel whose reads and stores it
// recorded.
func (c *rowCache) replay() {
	for i := range c.row {
		c.row[i], c.last[i] = -1, 0
	}
	c.recording, c.at, c.tick, c.hits, c.misses, c.bypassed = false, 0, 0, 0, 0, 0
}

func newRowCache(regs []reg.VecPhysical) *rowCache {
	c := &rowCache{regs: regs, row: make([]int, len(regs)), last: make([]int, len(regs)), recording: true}
	for i := range c.row {
		c.row[i] = -1
	}
	return c
}

// bypass reports whether row k, just read and held by no register, is
// better read from memory by the instruction that uses it than kept in a
// register: with the trace (Belady's choice with bypass), when every
// register that take could hand out holds a row read again sooner than k
// is. Without the trace it never is.
func (c *rowCache) bypass(k int, protect []int16) bool {
	if c.recording {
		return false
	}
	next := c.nextRead(k)
	for _, r := range c.row {
		if r == -2 || slices.Contains(protect, int16(r)) {
			continue
		}
		if r < 0 || c.nextRead(r) > next {
			return false
		}
	}
	c.bypassed++
	return true
}

// get returns the register holding row k, if one does.
func (c *rowCache) get(k int) (reg.VecPhysical, bool) {
	for i, r := range c.row {
		if r == k {
			c.tick++
			c.last[i] = c.tick
			c.hits++
			return c.regs[i], true
		}
	}
	c.misses++
	return nil, false
}

// take returns a register that holds none of the rows protect (nor was
// handed out and not yet given a row), forgetting its row: an empty one
// first, then the one whose row is read again latest or never (Belady's
// choice, from the trace), or in the run that records the trace the one
// used longest ago.
func (c *rowCache) take(protect []int16) reg.VecPhysical {
	best, bestScore := -1, 0
	for i, r := range c.row {
		if r == -2 || slices.Contains(protect, int16(r)) {
			continue
		}
		score := -c.last[i]
		if !c.recording {
			score = len(c.trace) + 1 // an empty register first
			if r >= 0 {
				score = c.nextRead(r)
			}
		}
		if best < 0 || score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		panic("rowCache: every register is protected")
	}
	c.tick++
	c.row[best], c.last[best] = -2, c.tick
	return c.regs[best]
}

// holds records that register x now holds row k (just loaded or stored),
// forgetting any other register's copy of k.
func (c *rowCache) holds(x reg.VecPhysical, k int) {
	for i, r := range c.regs {
		switch {
		case r == x:
			c.tick++
			c.row[i], c.last[i] = k, c.tick
		case c.row[i] == k:
			c.row[i] = -1
		}
	}
}

// free gives back a register take handed out, holding no row.
func (c *rowCache) free(x reg.VecPhysical) {
	for i, r := range c.regs {
		if r == x {
			c.row[i] = -1
		}
	}
}

// report comments the kernel with how many row reads of one pass the
// registers served.
func (c *rowCache) report(fn string) {
	Comment(fmt.Sprintf("%s: %d row reads from registers, %d from memory (%d of them by the instruction that uses the row)", fn, c.hits, c.misses, c.bypassed))
}

// space is the dice space whose keeps keepPass and keepPass32 write out.
var space = yacht.NewDiceSpace()

// keepPass: one pass of RollBackPortable's keep recurrences (single:
// RollBack32Portable's), written out keep by keep with each row's offset
// in the instruction (no table of offsets to load, no loop): the one-die
// averages of the keeps of fewer than five dice, largest index first, then
// the maxima, keeps of fewer dice first. AVX-512 only: two base registers
// 16 KB apart put every row within the compressed 8-bit displacement of an
// EVEX instruction (a multiple of 64 bytes within ±8 KB), so an
// instruction with a row operand takes 7 bytes (the kernels are 41 KB and
// 46 KB). Rows are read through a rowCache over the registers the
// constants and the dot leave: 59 % of the reads of a pass (55 % in
// single precision) find their row still in a register, so the pass is no
// longer bound by its loads (RollBack 15 % faster). A row that the cache
// would not keep (every register it could use holds a row read again
// sooner: Belady's choice with bypass) is read by the instruction that
// uses it, as its memory operand, instead of a load into a register first:
// written out, the pass is bound by decoding its instructions (more than
// the micro-op cache holds), and this leaves 11 % fewer in single
// precision (a pass 28 % faster, the target induction 9 %). Reading every
// row that a register does not hold so is slower again: the loads bind.
// The patterns' maxima are written out twice, behind a test of prob: once
// with the dot, each final row joining it as soon as it is stored, so that
// the dot's chain of additions overlaps the maxima instead of waiting on
// its own after the pass (RollBack another 14 % faster).
func keepPass(s isa, single bool) {
	fn, sig := "keepPass"+s.name, "func(kv *float64, prob *float64, out *float64)"
	doc := fn + " runs one pass of the turn's keep recurrences: the keeps' one-die averages (the children's sum, in order, times 1/6), then their maxima with their sub-keeps (on the bits); with prob not nil, it also sets out to the sum over the patterns w of prob[w] times w's row, lane by lane in the order of w (dotRows)."
	if single {
		fn, sig = "keepPass32"+s.name, "func(kv *float32, prob *float64, out *float64)"
		doc = fn + " runs one pass of the turn's keep recurrences on single-precision rows: the keeps' one-die averages (the children's sum, added in pairs; RollBack32Portable halves it, this keeps the keep at 2^(5−size) times that, exactly), then their maxima (the keep's row times 3^size·2^(size−5) against its sub-keeps' rows, on the bits); with prob not nil, it also sets out (sixteen doubles) to the sum over the patterns w of prob[w] times w's row, lane by lane in double precision in the order of w (dotRows32), divided by 3^10 (finishSum32)."
	}
	textNoEscape(fn, sig)
	Doc(doc, "")
	kv := Load(Param("kv"), GP64())
	const rowBytes = 64
	lo, hi := GP64(), GP64()
	LEAQ(Mem{Base: kv, Disp: 8192}, lo)
	LEAQ(Mem{Base: kv, Disp: 8192 + 16384}, hi)
	row := func(k int16) Mem {
		off := int(k) * rowBytes
		if off < 16384 {
			return Mem{Base: lo, Disp: off - 8192}
		}
		return Mem{Base: hi, Disp: off - 8192 - 16384}
	}
	c := s.v(0)
	if single {
		// The averages are not halved: a keep of s dice is held at 2^(5−s)
		// times RollBack32Portable's scale (exact), and its factor into
		// the maxima, 3^s·2^(s−5), gives the same product with the same
		// rounding. The empty keep, which takes no maximum, is brought
		// back by its factor, 2^−5, in c.
		VBROADCASTSS(pow3Const[0], c)
		for size := 1; size <= yacht.NumDice; size++ {
			VBROADCASTSS(pow3Const[size], s.v(size))
		}
	} else {
		VBROADCASTSD(sixth, c)
	}
	// Every row read goes through rc: a row still in a register is read
	// from it, else loaded into a register (then an operand of the same
	// sum or maximum) that keeps it for the keeps after.
	// The dot's sums and product take the first registers after the
	// constants (Z0, and Z1–Z5 for the powers of 3).
	var sums []reg.VecPhysical
	next := 1
	if single {
		next = 6
		sums = []reg.VecPhysical{s.v(6), s.v(7)}
	} else {
		sums = []reg.VecPhysical{s.v(1)}
	}
	next += len(sums)
	t := s.v(next)
	var free []reg.VecPhysical
	for i := next + 1; i < len(s.regs); i++ {
		free = append(free, s.v(i))
	}
	rc := newRowCache(free)
	// The kernel is generated twice: the first run (emit false) records
	// its reads and stores, which the second uses to choose the registers
	// to reuse.
	emit := false
	do := func(f func()) {
		if emit {
			f()
		}
	}
	read := func(k int16, protect []int16) reg.VecPhysical {
		rc.record(int(k))
		if r, ok := rc.get(int(k)); ok {
			return r
		}
		r := rc.take(protect)
		do(func() { VMOVUPD(row(k), r) })
		rc.holds(r, int(k))
		return r
	}
	// operand is read for an instruction's first source, which may be
	// memory: a row that no register should keep is read there.
	operand := func(k int16, protect []int16) Op {
		rc.record(int(k))
		if r, ok := rc.get(int(k)); ok {
			return r
		}
		if rc.bypass(int(k), protect) {
			return row(k)
		}
		r := rc.take(protect)
		do(func() { VMOVUPD(row(k), r) })
		rc.holds(r, int(k))
		return r
	}
	store := func(v reg.VecPhysical, k int) {
		rc.record(-1 - k)
		if single {
			do(func() { VMOVUPS(v, row(int16(k))) })
		} else {
			do(func() { VMOVUPD(v, row(int16(k))) })
		}
		rc.holds(v, k)
	}
	first := yacht.NumKeeps - yacht.NumPatterns
	avgKeep := func(k int) {
		ch := space.Child[k][:]
		if single {
			// ((c0+c1) + (c2+c3)) + (c4+c5)
			v := rc.take(ch)
			a, b := operand(ch[1], ch), read(ch[0], ch)
			do(func() { VADDPS(a, b, v) })
			u := rc.take(ch)
			a, b = operand(ch[3], ch), read(ch[2], ch)
			do(func() { VADDPS(a, b, u); VADDPS(u, v, v) })
			rc.free(u)
			u = rc.take(ch)
			a, b = operand(ch[5], ch), read(ch[4], ch)
			do(func() { VADDPS(a, b, u); VADDPS(u, v, v) })
			rc.free(u)
			store(v, k)
			return
		}
		v := rc.take(ch)
		a, b := operand(ch[1], ch), read(ch[0], ch)
		do(func() { VADDPD(a, b, v) })
		for f := 2; f < 6; f++ {
			a := operand(ch[f], ch)
			do(func() { VADDPD(a, v, v) })
		}
		do(func() { VMULPD(c, v, v) })
		store(v, k)
	}
	maxKeep := func(k int) reg.VecPhysical {
		size := int(space.Size[k])
		sl := &space.Sub[k]
		subs := sl.List[:sl.N]
		protect := append([]int16{int16(k)}, subs...)
		// The keep's own row becomes its maximum in place (in single
		// precision, the row times its scale into a register, from memory
		// when no register holds it).
		var v reg.VecPhysical
		if single {
			a := operand(int16(k), protect)
			if r, ok := a.(reg.VecPhysical); ok {
				v = r
			} else {
				v = rc.take(protect)
			}
			do(func() { VMULPS(a, s.v(size), v) })
		} else {
			v = read(int16(k), protect)
		}
		for _, sub := range subs {
			a := operand(sub, protect)
			if single {
				do(func() { VPMAXUD(a, v, v) })
			} else {
				do(func() { VPMAXUQ(a, v, v) })
			}
		}
		store(v, k)
		return v
	}
	// The patterns' maxima come last, in the order of the patterns, so
	// each pattern's final row can join the dot as soon as it is stored:
	// the dot's chain of additions then overlaps the maxima instead of
	// waiting on its own after the pass.
	prob := GP64()
	dot := func(v reg.VecPhysical, k int) {
		w := Mem{Base: prob, Disp: 8 * (k - first)}
		if single {
			for i, sum := range sums {
				if i == 0 {
					VCVTPS2PD(v.AsY(), t)
				} else {
					// The upper half from the row just stored.
					m := row(int16(k))
					m.Disp += 32
					VCVTPS2PD(m, t)
				}
				VFMADD231PD_BCST(w, t, sum)
			}
			return
		}
		VMULPD_BCST(w, v, t)
		VADDPD(t, sums[0], sums[0])
	}
	body := func() {
		for k := first - 1; k >= 0; k-- {
			avgKeep(k)
		}
		if single {
			// The empty keep to the scale of the maxima.
			for k := 0; k < first; k++ {
				if space.Size[k] == 0 {
					v := read(int16(k), []int16{int16(k)})
					do(func() { VMULPS(v, c, v) })
					store(v, k)
				}
			}
		}
		for size := 1; size < yacht.NumDice; size++ {
			for k := 0; k < first; k++ {
				if int(space.Size[k]) == size {
					maxKeep(k)
				}
			}
		}
		if !emit {
			for k := first; k < yacht.NumKeeps; k++ {
				maxKeep(k)
			}
			return
		}
		// Twice from the same registers: with the dot, then without.
		saved := rc.save()
		Load(Param("prob"), prob)
		TESTQ(prob, prob)
		JZ(LabelRef(fn + "_nodot"))
		for _, sum := range sums {
			s.zero(sum)
		}
		for k := first; k < yacht.NumKeeps; k++ {
			dot(maxKeep(k), k)
		}
		rc.done()
		out := Load(Param("out"), GP64())
		for i, sum := range sums {
			if single {
				// Divided by the first roll's scale, 3^10 (finishSum32).
				VDIVPD_BCST(turnScale, sum, sum)
			}
			VMOVUPD(sum, Mem{Base: out, Disp: 64 * i})
		}
		JMP(LabelRef(fn + "_done"))
		Label(fn + "_nodot")
		rc.restore(saved)
		for k := first; k < yacht.NumKeeps; k++ {
			maxKeep(k)
		}
		rc.done()
		Label(fn + "_done")
	}
	body()
	rc.replay()
	emit = true
	body()
	rc.report(fn)
	ret()
}

// fillRows32: the lane turn's rows for needs n0+1 … n0+16, as
// FillRows32Portable. Each source's lanes hold its entry indices n0+j−g:
// those below 0 are certain, those within its length are read, and the
// rest are 0. In AVX-512 the masks are mask registers from vector
// compares, and the lanes are read by a masked load (which never faults on
// a lane outside its mask, so it touches no memory beyond the vector). In
// AVX2 a row's two halves of eight lanes each take signed compares into
// vector masks; AMD leaves faults on VMASKMOVPS's masked-out lanes to the
// implementation, so a half that reads no entry reads nothing, one whose
// 32 bytes lie in one page (which holds an entry, so it is mapped) reads
// them whole and keeps the lanes read, and one that crosses a page reads
// its lanes one by one. Then the start row (the lane-wise maximum of the
// base rows), a row of zeros and the joined rows (the start with each row
// joined names).
func fillRows32(s isa) {
	fn := "fillRows32" + s.name
	textNoEscape(fn, "func(rows *float32, src *int32, n int, n0 int, base *uint8, nbase int, joined *uint8, njoined int)")
	Doc(fn+" sets each of the n single-precision rows of rows to needs n0+1 … n0+16 of its source in src, the next row (the start) to the lane-wise maximum of the nbase rows named by base, the row after it to zero and the njoined rows after that each to the lane-wise maximum of the start and the row joined names.", "")
	rows := Load(Param("rows"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	n0 := Load(Param("n0"), GP64())
	ones, zero := s.v(0), s.v(1)
	VBROADCASTSS(one32, ones)
	s.zero(zero)
	// lane[h] holds n0+j for the lanes j of half h: need n0+1+j is entry
	// n0+j−g of a source shifted by g.
	var lane []reg.VecPhysical
	if s.avx512 {
		lane = []reg.VecPhysical{s.v(2)}
		VPBROADCASTD(n0.(reg.GPVirtual).As32(), lane[0])
	} else {
		lane = []reg.VecPhysical{s.v(2), s.v(3)}
		VMOVQ(n0, lane[0].AsX())
		VPBROADCASTD(lane[0].AsX(), lane[0])
		VPADDD(laneIota32.Offset(32), lane[0], lane[1])
	}
	VPADDD(laneIota32, lane[0], lane[0])
	p := GP64()
	TESTQ(n, n)
	JZ(LabelRef(fn + "_start"))
	Label(fn + "_loop")
	// A source is (v, −4g, g, n) (Shifted32): the lanes are read from
	// v − 4g + 4n0 on.
	MOVQ(Mem{Base: src}, p)
	ADDQ(Mem{Base: src, Disp: 8}, p)
	if s.avx512 {
		idx, v := s.v(3), s.v(4)
		VPSUBD_BCST(Mem{Base: src, Disp: 16}, lane[0], idx)
		VPCMPD(U8(1), zero, idx, reg.K1)                           // certain
		VPCMPUD_BCST(U8(1), Mem{Base: src, Disp: 20}, idx, reg.K2) // read
		VMOVUPS_Z(Mem{Base: p, Index: n0, Scale: 4}, reg.K2, v)
		VMOVUPS(ones, reg.K1, v)
		VMOVUPS(v, Mem{Base: rows})
	} else {
		g, length := s.v(4), s.v(5)
		VPBROADCASTD(Mem{Base: src, Disp: 16}, g)
		VPBROADCASTD(Mem{Base: src, Disp: 20}, length)
		addr, page := GP64(), GP64()
		for h, off := range s.halves {
			idx, neg, read, v, w := s.v(6+4*h), s.v(7+4*h), s.v(8+4*h), s.v(9+4*h), s.v(14)
			at := fmt.Sprintf("%s_%d", fn, h)
			VPSUBD(g, lane[h], idx)
			VPCMPGTD(idx, zero, neg)    // idx < 0: certain
			VPCMPGTD(idx, length, read) // idx < length
			VPANDN(read, neg, read)     // and not certain: read
			VANDPS(neg, ones, v)        // 1 where certain, else 0
			// A half that reads no entry is v; one that does reads its
			// 32 bytes whole when they lie in one page (which holds an
			// entry, so it is mapped), keeping the lanes read.
			VPTEST(read, read)
			JZ(LabelRef(at + "_store"))
			LEAQ(Mem{Base: p, Index: n0, Scale: 4, Disp: off}, addr)
			MOVL(addr.As32(), page.As32())
			ANDL(U32(4095), page.As32())
			CMPL(page.As32(), U32(4096-32))
			JA(LabelRef(at + "_cross"))
			VMOVUPS(Mem{Base: addr}, w)
			VANDPS(read, w, w)
			VORPS(w, v, v)
			Label(at + "_store")
			VMOVUPS(v, Mem{Base: rows, Disp: off})
			JMP(LabelRef(at + "_next"))
			// The half crosses a page: its lanes read one by one (entry e
			// of lane j: n0 + h·8 + j − g, read when 0 ≤ e < n).
			Label(at + "_cross")
			VMOVUPS(v, Mem{Base: rows, Disp: off})
			vb, e, nn, t := GP64(), GP64(), GP64(), GP64()
			MOVQ(Mem{Base: src}, vb)
			MOVLQSX(Mem{Base: src, Disp: 20}, nn)
			MOVLQSX(Mem{Base: src, Disp: 16}, t)
			MOVQ(n0, e)
			SUBQ(t, e)
			if off > 0 {
				ADDQ(U32(off/4), e)
			}
			for j := 0; j < 8; j++ {
				skip := fmt.Sprintf("%s_lane%d", at, j)
				CMPQ(e, nn)
				JAE(LabelRef(skip)) // e < 0 or e ≥ n
				MOVL(Mem{Base: vb, Index: e, Scale: 4}, t.As32())
				MOVL(t.As32(), Mem{Base: rows, Disp: off + 4*j})
				Label(skip)
				if j < 7 {
					INCQ(e)
				}
			}
			Label(at + "_next")
		}
	}
	ADDQ(U32(64), rows)
	ADDQ(U32(24), src)
	DECQ(n)
	JNZ(LabelRef(fn + "_loop"))
	Label(fn + "_start")
	base := Load(Param("base"), GP64())
	nbase := Load(Param("nbase"), GP64())
	rowsAt := Load(Param("rows"), GP64())
	// The start in s.v(2) (and s.v(3), a half each in AVX2), the joined
	// rows in s.v(4) (and s.v(5)).
	for h := range s.halves {
		s.zero(s.v(2 + h))
	}
	i := GP64()
	// eachRow runs body on the byte offset (in i) of each of the count
	// rows that list names, one byte each.
	eachRow := func(label string, list, count reg.Register, body func()) {
		TESTQ(count, count)
		JZ(LabelRef(label + "_end"))
		Label(label)
		MOVBQZX(Mem{Base: list}, i)
		SHLQ(U8(6), i)
		body()
		INCQ(list)
		DECQ(count)
		JNZ(LabelRef(label))
		Label(label + "_end")
	}
	eachRow(fn+"_base", base, nbase, func() {
		for h, off := range s.halves {
			VPMAXUD(at(rowsAt, i, off), s.v(2+h), s.v(2+h))
		}
	})
	for h, off := range s.halves {
		VMOVUPS(s.v(2+h), Mem{Base: rows, Disp: off})
		VMOVUPS(zero, Mem{Base: rows, Disp: 64 + off})
	}
	// The joined rows: the start with each row joined names.
	joined := Load(Param("joined"), GP64())
	njoined := Load(Param("njoined"), GP64())
	eachRow(fn+"_joined", joined, njoined, func() {
		for h, off := range s.halves {
			VPMAXUD(at(rowsAt, i, off), s.v(2+h), s.v(4+h))
			VMOVUPS(s.v(4+h), Mem{Base: rows, Disp: 128 + off})
		}
		ADDQ(U32(64), rows)
	})
	ret()
}
