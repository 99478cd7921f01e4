//go:build goexperiment.simd && amd64

package lanes

import (
	"simd/archsimd"

	"github.com/alea-bot/alea/engine/yacht"
)

// Built with GOEXPERIMENT=simd on amd64, the policy's kernels use AVX-512
// when the processor has it (one Row is one 8-wide register), else the
// portable kernels. They perform each lane's operations in the order of the
// portable kernels (maxima of non-negative values, compares and selects are
// exact), so they give the same bits; the tests check it.

// AverageOneDie fills kv for every keep of fewer than five dice, lane by
// lane: the mean over one more die.
func AverageOneDie(kv *[yacht.NumKeeps]Row) {
	if archsimd.X86.AVX512() {
		averageOneDieAVX512(kv)
		return
	}
	AverageOneDiePortable(kv)
}

// PushOneDie moves the mass on keeps of fewer than five dice, lane by lane,
// to the patterns reached by rolling the other dice one at a time.
func PushOneDie(m *[yacht.NumKeeps]Row) {
	if archsimd.X86.AVX512() {
		pushOneDieAVX512(m)
		return
	}
	PushOneDiePortable(m)
}

// ChooseKeeps sets choice[w] and best[w] of every lane to the best keep by
// kv (ties within tol to the lower rank) or -1 when scoring now is at least
// as good.
func ChooseKeeps(kv, top, rank *[yacht.NumKeeps]Row, now *[yacht.NumPatterns]Row, choice *[yacht.NumPatterns][Width]int32, best *[yacht.NumPatterns]Row, tol float64) {
	if archsimd.X86.AVX512() {
		chooseKeepsAVX512(kv, top, rank, now, choice, best, tol)
		return
	}
	ChooseKeepsPortable(kv, top, rank, now, choice, best, tol)
}

// AddScaled adds p·src to dst, eight entries at a time in AVX-512 (a product
// then a sum, not fused, as AddScaledPortable computes them).
func AddScaled(dst, src []float64, p float64) {
	if !archsimd.X86.AVX512() {
		AddScaledPortable(dst, src, p)
		return
	}
	dst = dst[:len(src)]
	pv := archsimd.BroadcastFloat64x8(p)
	i := 0
	for ; i+8 <= len(src); i += 8 {
		d := (*[8]float64)(dst[i : i+8])
		archsimd.LoadFloat64x8(d).Add(archsimd.LoadFloat64x8((*[8]float64)(src[i : i+8])).Mul(pv)).Store(d)
	}
	for ; i < len(src); i++ {
		dst[i] += p * src[i]
	}
}

// averageOneDieAVX512 is AverageOneDiePortable.
func averageOneDieAVX512(kv *[yacht.NumKeeps]Row) {
	six := archsimd.BroadcastFloat64x8(6)
	for k := firstPattern - 1; k >= 0; k-- {
		c := &space.Child[k]
		s := loadRow(&kv[c[0]]).Add(loadRow(&kv[c[1]])).Add(loadRow(&kv[c[2]])).Add(loadRow(&kv[c[3]])).Add(loadRow(&kv[c[4]])).Add(loadRow(&kv[c[5]]))
		storeRow(s.Div(six), &kv[k])
	}
}

// pushOneDieAVX512 is PushOneDiePortable.
func pushOneDieAVX512(m *[yacht.NumKeeps]Row) {
	six := archsimd.BroadcastFloat64x8(6)
	var zero archsimd.Float64x8
	for k := 0; k < firstPattern; k++ {
		x := loadRow(&m[k]).Div(six)
		storeRow(zero, &m[k])
		for _, c := range space.Child[k] {
			storeRow(loadRow(&m[c]).Add(x), &m[c])
		}
	}
}

// chooseKeepsAVX512 is ChooseKeepsPortable.
func chooseKeepsAVX512(kv, top, rank *[yacht.NumKeeps]Row, now *[yacht.NumPatterns]Row, choice *[yacht.NumPatterns][Width]int32, best *[yacht.NumPatterns]Row, tol float64) {
	tolv := archsimd.BroadcastFloat64x8(tol)
	for k := 0; k < yacht.NumKeeps; k++ {
		av := loadRow(&kv[k])
		t := av
		ra := archsimd.BroadcastFloat64x8(float64(k))
		subs := &space.Sub[k]
		for _, j := range subs.List[:subs.N] {
			t = t.Max(loadRow(&top[j]))
			bv, rb := loadRow(&kv[j]), loadRow(&rank[j])
			take := bv.Greater(av.Add(tolv)).Or(bv.GreaterEqual(av.Sub(tolv)).And(rb.Less(ra)))
			av = bv.Merge(av, take)
			ra = rb.Merge(ra, take)
		}
		storeRow(av, &kv[k])
		storeRow(t, &top[k])
		storeRow(ra, &rank[k])
	}
	m1 := archsimd.BroadcastFloat64x8(-1)
	for w := 0; w < yacht.NumPatterns; w++ {
		nw := loadRow(&now[w])
		t := nw.Max(loadRow(&top[firstPattern+w]))
		storeRow(t, &best[w])
		m1.Merge(loadRow(&rank[firstPattern+w]), nw.GreaterEqual(t.Sub(tolv))).ConvertToInt32().Store((*[8]int32)(&choice[w]))
	}
}

func loadRow(v *Row) archsimd.Float64x8 { return archsimd.LoadFloat64x8((*[8]float64)(v)) }

func storeRow(x archsimd.Float64x8, v *Row) { x.Store((*[8]float64)(v)) }
