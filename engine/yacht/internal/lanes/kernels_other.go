//go:build !amd64 || purego

package lanes

import "github.com/alea-bot/alea/engine/yacht"

// Without amd64 assembly (other architectures, or the purego build tag) the
// batch kernels are the portable ones.

// kernelSets lists the kernel sets this build runs: the portable one.
func kernelSets() (supported []kernelSet, unsupported []string) {
	return []kernelSet{portableKernels()}, nil
}

// Kernel names the kernels the batch functions use: "portable".
func Kernel() string { return "portable" }

// RollBack is RollBackPortable in this build.
func RollBack(kv *[yacht.NumKeeps]Row) Row { return RollBackPortable(kv) }

// MaxIndexed is MaxIndexedPortable in this build.
func MaxIndexed(e3 *[yacht.NumPatterns]Row, vals []Row, idx *[yacht.NumPatterns]uint8, list []uint8) {
	MaxIndexedPortable(e3, vals, idx, list)
}

// AverageOneDie fills kv for every keep of fewer than five dice, lane by
// lane: the mean over one more die.
func AverageOneDie(kv *[yacht.NumKeeps]Row) { AverageOneDiePortable(kv) }

// PushOneDie moves the mass on keeps of fewer than five dice, lane by lane,
// to the patterns reached by rolling the other dice one at a time.
func PushOneDie(m *[yacht.NumKeeps]Row) { PushOneDiePortable(m) }

// ChooseKeeps sets choice[w] and best[w] of every lane to the best keep by
// kv (ties within tol to the lower rank) or -1 when scoring now is at least
// as good.
func ChooseKeeps(kv, top, rank *[yacht.NumKeeps]Row, now *[yacht.NumPatterns]Row, choice *[yacht.NumPatterns][Width]int32, best *[yacht.NumPatterns]Row, tol float64) {
	ChooseKeepsPortable(kv, top, rank, now, choice, best, tol)
}

// PushChoices is PushChoicesPortable in this build.
func PushChoices(mass []Row, choice *[yacht.NumPatterns][Width]int32, p *[yacht.NumPatterns]Row) {
	PushChoicesPortable(mass, choice, p)
}

// AddShifted is AddShiftedPortable in this build.
func AddShifted(dst, src []float64, offs []int32, ps []float64) {
	AddShiftedPortable(dst, src, offs, ps)
}

// DescribeScorings is DescribeScoringsPortable in this build.
func DescribeScorings(idx *[yacht.NumPatterns][Width]int32, cats []uint8, t *ScoringTables, ug *UpperGains, cat *[yacht.NumPatterns][Width]uint8, points, gain *[yacht.NumPatterns][Width]int16) {
	DescribeScoringsPortable(idx, cats, t, ug, cat, points, gain)
}

// SumEndings is SumEndingsPortable in this build.
func SumEndings(p *[yacht.NumPatterns]Row, cat *[yacht.NumPatterns][Width]uint8, gain, pts *[yacht.NumPatterns][Width]int16, t *EndingTables, n int, sum []float64, yachts *Row, fresh *[yacht.NumPatterns]uint8) {
	SumEndingsPortable(p, cat, gain, pts, t, n, sum, yachts, fresh)
}

// FillRows is FillRowsPortable in this build.
func FillRows(dst []Row, v *Row) { FillRowsPortable(dst, v) }

// AddToRows is AddToRowsPortable in this build.
func AddToRows(dst []Row, a *Row, xs []float64) { AddToRowsPortable(dst, a, xs) }

// AddRows is AddRowsPortable in this build.
func AddRows(dst, a, b []Row) { AddRowsPortable(dst, a, b) }

// ScoreRows is ScoreRowsPortable in this build.
func ScoreRows(cand *[MaxCategories][CandidateRows]Row, cats []uint8, t *ScoreTables, scratch *[MaxCategories]Row, e3 *[yacht.NumPatterns]Row, idx *[yacht.NumPatterns][Width]int32, tol float64) {
	ScoreRowsPortable(cand, cats, t, scratch, e3, idx, tol)
}

// RollBack32 is RollBack32Portable in this build.
func RollBack32(kv *[yacht.NumKeeps]Row32) Sum32 { return RollBack32Portable(kv) }

// MaxOver is MaxOverPortable in this build.
func MaxOver(dst *[yacht.NumPatterns]Row, rows []Row, p *PatternRows) { MaxOverPortable(dst, rows, p) }

// MaxOver32 is MaxOver32Portable in this build.
func MaxOver32(dst *[yacht.NumPatterns]Row32, rows []Row32, p *PatternRows) {
	MaxOver32Portable(dst, rows, p)
}

// FillRows32 is FillRows32Portable in this build.
func FillRows32(rows []Row32, src []Shifted32, n0 int, base, joined []uint8) {
	FillRows32Portable(rows, src, n0, base, joined)
}
