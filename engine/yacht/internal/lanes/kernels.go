package lanes

import "github.com/alea-bot/alea/engine/yacht"

//go:generate go -C asm run . -out ../kernels_amd64.s -stubs ../kernels_amd64_stubs.go -pkg lanes

// kernelSet is one implementation of the batch kernels: the portable Go
// one, or (on amd64, unless built with the purego tag) the AVX2 or AVX-512
// assembly. Every set gives the portable set's bits; the tests run each set
// the processor supports.
type kernelSet struct {
	name          string
	rollBack      func(kv *[yacht.NumKeeps]Row) Row
	maxIndexed    func(e3 *[yacht.NumPatterns]Row, vals []Row, idx *[yacht.NumPatterns]uint8, list []uint8)
	averageOneDie func(kv *[yacht.NumKeeps]Row)
	pushOneDie    func(m *[yacht.NumKeeps]Row)
	chooseKeeps   func(kv, top, rank *[yacht.NumKeeps]Row, now *[yacht.NumPatterns]Row, choice *[yacht.NumPatterns][Width]int32, best *[yacht.NumPatterns]Row, tol float64)
	addShifted    func(dst, src []float64, offs []int32, ps []float64)
	pushChoices   func(mass []Row, choice *[yacht.NumPatterns][Width]int32, p *[yacht.NumPatterns]Row)
	addRows       func(dst, a, b []Row)
	fillRows      func(dst []Row, v *Row)
	addToRows     func(dst []Row, a *Row, xs []float64)
	describe      func(idx *[yacht.NumPatterns][Width]int32, cats []uint8, t *ScoringTables, ug *UpperGains, cat *[yacht.NumPatterns][Width]uint8, points, gain *[yacht.NumPatterns][Width]int16)
	sumEndings    func(p *[yacht.NumPatterns]Row, cat *[yacht.NumPatterns][Width]uint8, gain, pts *[yacht.NumPatterns][Width]int16, t *EndingTables, n int, sum []float64, yachts *Row, fresh *[yacht.NumPatterns]uint8)
	scoreRows     func(cand *[MaxCategories][CandidateRows]Row, cats []uint8, t *ScoreTables, scratch *[MaxCategories]Row, e3 *[yacht.NumPatterns]Row, idx *[yacht.NumPatterns][Width]int32, tol float64)
	rollBack32    func(kv *[yacht.NumKeeps]Row32) Sum32
	maxOver       func(dst *[yacht.NumPatterns]Row, rows []Row, p *PatternRows)
	maxOver32     func(dst *[yacht.NumPatterns]Row32, rows []Row32, p *PatternRows)
	fillRows32    func(rows []Row32, src []Shifted32, n0 int, base, joined []uint8)
}

// portableKernels is the Go implementation, for every processor.
func portableKernels() kernelSet {
	return kernelSet{
		name:          "portable",
		rollBack:      RollBackPortable,
		maxIndexed:    MaxIndexedPortable,
		averageOneDie: AverageOneDiePortable,
		pushOneDie:    PushOneDiePortable,
		chooseKeeps:   ChooseKeepsPortable,
		addShifted:    AddShiftedPortable,
		pushChoices:   PushChoicesPortable,
		addRows:       AddRowsPortable,
		fillRows:      FillRowsPortable,
		addToRows:     AddToRowsPortable,
		sumEndings:    SumEndingsPortable,
		describe:      DescribeScoringsPortable,
		scoreRows:     ScoreRowsPortable,
		rollBack32:    RollBack32Portable,
		maxOver:       MaxOverPortable,
		maxOver32:     MaxOver32Portable,
		fillRows32:    FillRows32Portable,
	}
}
