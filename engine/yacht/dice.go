package yacht

import (
	"fmt"
	"strings"
	"unicode"
)

// NumDice is the number of dice rolled in a turn.
const NumDice = 5

// NumPatterns is |Ω|, the number of unordered outcomes of five dice.
const NumPatterns = 252

// NumKeeps is |Ω_part|, the number of multisets of at most five dice
// (the empty keep included).
const NumKeeps = 462

// Counts gives, for each face 1..6 at index face-1, how many dice show it:
// the ω ∈ Map(F, ℕ) of 最大期待値戦略の計算手法の整理.
type Counts [6]uint8

// Size is |ω|, the number of dice.
func (c Counts) Size() int {
	n := 0
	for _, x := range c {
		n += int(x)
	}
	return n
}

// Sum is the sum of the faces.
func (c Counts) Sum() int {
	s := 0
	for i, x := range c {
		s += (i + 1) * int(x)
	}
	return s
}

// Faces lists the faces in ascending order.
func (c Counts) Faces() []int {
	out := make([]int, 0, c.Size())
	for i, x := range c {
		for j := 0; j < int(x); j++ {
			out = append(out, i+1)
		}
	}
	return out
}

// Dice is a roll of five dice, faces 1..6, in any order.
type Dice [NumDice]int

// Counts returns the pattern of the roll. It assumes valid faces.
func (d Dice) Counts() Counts {
	var c Counts
	for _, f := range d {
		c[f-1]++
	}
	return c
}

// Valid reports whether every face is in 1..6.
func (d Dice) Valid() bool {
	for _, f := range d {
		if f < 1 || f > 6 {
			return false
		}
	}
	return true
}

// String writes the faces in ascending order, e.g. "3 3 5 6 6".
func (d Dice) String() string {
	f := d.Counts().Faces()
	parts := make([]string, len(f))
	for i, x := range f {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, " ")
}

// ParseDice reads five dice written as "3 3 5 6 6", "33566", "3,3,5,6,6" or
// with the die glyphs ⚀..⚅. It rejects anything but exactly five faces 1..6.
func ParseDice(s string) (Dice, error) {
	var d Dice
	var faces []int
	for _, r := range s {
		switch {
		case r >= '1' && r <= '6':
			faces = append(faces, int(r-'0'))
		case r >= '⚀' && r <= '⚅':
			faces = append(faces, int(r-'⚀')+1)
		case r == '0' || (r >= '7' && r <= '9'):
			return d, &InputError{Code: DiceNotFace, Input: string(r), Category: -1}
		case unicode.IsSpace(r) || r == ',' || r == ';' || r == '/' || r == '-' || r == '[' || r == ']':
		default:
			if unicode.IsDigit(r) {
				return d, &InputError{Code: DiceNotFace, Input: string(r), Category: -1}
			}
			return d, &InputError{Code: DiceUnexpected, Input: string(r), Category: -1}
		}
		if len(faces) > NumDice {
			break
		}
	}
	if len(faces) != NumDice {
		return d, &InputError{Code: DiceCount, Value: len(faces), Category: -1}
	}
	copy(d[:], faces)
	return d, nil
}

// DiceSpace is the keeps (Ω_part) and patterns (Ω) of 最大期待値戦略の計算手法の整理
// with their transitions, as plain arrays for the inner loops of the
// strategy and the turn policy. Keeps are ordered by size, then
// lexicographically, so the 252 patterns are the last NumPatterns keeps,
// from FirstPattern on: pattern w is keep FirstPattern+w. NewDiceSpace
// builds a fresh one for each caller, which treats it as read-only.
type DiceSpace struct {
	// Keep[k] is the dice of keep k.
	Keep [NumKeeps]Counts
	// Size[k] is the number of dice of keep k.
	Size [NumKeeps]uint8
	// Child[k][f] is keep k plus one die of face f+1 (keeps of fewer than
	// five dice; 0 for the patterns).
	Child [NumKeeps][6]int16
	// Sub[k] lists keep k minus one die of each face it holds.
	Sub [NumKeeps]SubKeeps
	// Prob[w] is P(ω) of pattern w.
	Prob [NumPatterns]float64
	// PatternKeeps[PatternKeepStart[w]:PatternKeepStart[w+1]] lists the
	// distinct keeps τ' ≤ ω of pattern w, ascending.
	PatternKeepStart [NumPatterns + 1]int32
	PatternKeeps     []int16
	index            map[Counts]int16
	// trans lists, for each keep, the patterns τ ≥ keep with P(τ-keep),
	// as exact numerators over 6^(5-|keep|).
	transStart [NumKeeps + 1]int32
	transTo    []int16
	transNum   []int32
}

// SubKeeps lists the keeps one die smaller than a keep: List[:N].
type SubKeeps struct {
	N    uint8
	List [6]int16
}

// FirstPattern is the keep index of the first pattern (size-5 keep).
const FirstPattern = NumKeeps - NumPatterns

// firstPattern is FirstPattern, for this package's own loops.
const firstPattern = FirstPattern

var factorial = [7]int64{1, 1, 2, 6, 24, 120, 720}

var pow6 = [6]int64{1, 6, 36, 216, 1296, 7776}

// multinomialCount returns |ω|!/∏ω(n)!, the number of ordered rolls with
// pattern ω.
func multinomialCount(c Counts) int64 {
	n := factorial[c.Size()]
	for _, x := range c {
		n /= factorial[x]
	}
	return n
}

func leq(a, b Counts) bool {
	for i := range a {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}

// NewDiceSpace builds the dice space (in well under a millisecond).
func NewDiceSpace() *DiceSpace {
	sp := &DiceSpace{index: make(map[Counts]int16, NumKeeps)}
	n := 0
	for size := 0; size <= NumDice; size++ {
		var rec func(face, left int, c Counts)
		rec = func(face, left int, c Counts) {
			if face == 5 {
				c[5] = uint8(left)
				sp.Keep[n] = c
				sp.Size[n] = uint8(size)
				sp.index[c] = int16(n)
				n++
				return
			}
			for x := left; x >= 0; x-- {
				c[face] = uint8(x)
				rec(face+1, left-x, c)
			}
		}
		rec(0, size, Counts{})
	}
	for k := 0; k < NumKeeps; k++ {
		c := sp.Keep[k]
		if sp.Size[k] < NumDice {
			for f := 0; f < 6; f++ {
				d := c
				d[f]++
				sp.Child[k][f] = sp.index[d]
			}
		}
		for f := 0; f < 6; f++ {
			if c[f] > 0 {
				d := c
				d[f]--
				sp.Sub[k].List[sp.Sub[k].N] = sp.index[d]
				sp.Sub[k].N++
			}
		}
	}
	for w := 0; w < NumPatterns; w++ {
		sp.Prob[w] = float64(multinomialCount(sp.Keep[firstPattern+w])) / float64(pow6[5])
	}
	for k := 0; k < NumKeeps; k++ {
		sp.transStart[k] = int32(len(sp.transTo))
		c := sp.Keep[k]
		for w := 0; w < NumPatterns; w++ {
			t := sp.Keep[firstPattern+w]
			if !leq(c, t) {
				continue
			}
			var diff Counts
			for i := range t {
				diff[i] = t[i] - c[i]
			}
			sp.transTo = append(sp.transTo, int16(w))
			sp.transNum = append(sp.transNum, int32(multinomialCount(diff)))
		}
	}
	sp.transStart[NumKeeps] = int32(len(sp.transTo))
	for w := 0; w < NumPatterns; w++ {
		sp.PatternKeepStart[w] = int32(len(sp.PatternKeeps))
		t := sp.Keep[firstPattern+w]
		for k := 0; k < NumKeeps; k++ {
			if leq(sp.Keep[k], t) {
				sp.PatternKeeps = append(sp.PatternKeeps, int16(k))
			}
		}
	}
	sp.PatternKeepStart[NumPatterns] = int32(len(sp.PatternKeeps))
	return sp
}

// KeepIndex returns the index of keep c, or -1 when c holds more than five
// dice.
func (sp *DiceSpace) KeepIndex(c Counts) int {
	k, ok := sp.index[c]
	if !ok {
		return -1
	}
	return int(k)
}

// space is this package's dice space, immutable after construction.
var space = NewDiceSpace()

// PatternIndex returns the index 0..251 of the pattern of d (d must be valid).
func PatternIndex(d Dice) int {
	return space.KeepIndex(d.Counts()) - firstPattern
}

// Pattern returns the counts of pattern index w (0..251).
func Pattern(w int) Counts { return space.Keep[firstPattern+w] }

// PatternProbability returns P(ω) for pattern w as an exact fraction
// num/7776.
func PatternProbability(w int) (num, den int64) {
	return multinomialCount(Pattern(w)), pow6[5]
}

// Transition is one outcome of rolling the dice not kept: the pattern reached
// and its probability P(τ − keep) as the exact fraction Num/Den.
type Transition struct {
	Pattern  int // index 0..251 of τ
	Num, Den int64
}

// KeepTransitions lists every pattern τ ≥ keep reachable by rolling the
// 5−|keep| other dice, with its exact multinomial probability (the 主張 on
// partial patterns of 最大期待値戦略の計算手法の整理). keep must have at most five dice.
func KeepTransitions(keep Counts) ([]Transition, error) {
	k := space.KeepIndex(keep)
	if k < 0 {
		return nil, fmt.Errorf("yacht: a keep holds at most five dice")
	}
	den := pow6[NumDice-int(space.Size[k])]
	var out []Transition
	for i := space.transStart[k]; i < space.transStart[k+1]; i++ {
		out = append(out, Transition{Pattern: int(space.transTo[i]), Num: int64(space.transNum[i]), Den: den})
	}
	return out, nil
}
