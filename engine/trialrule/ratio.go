package trialrule

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"unicode"
)

// Limits on what a ratio may be.
const (
	// MaxEvents is the largest number of events a ratio may have.
	MaxEvents = 20
	// MinEvents is the least number of events: one event needs no die.
	MinEvents = 2
	// MaxSum is the largest sum of the reduced weights. A larger sum means a
	// ratio finer than twelve significant digits, which no table-top rule
	// could honour.
	MaxSum = 1_000_000_000_000
	// maxTokenLen bounds the length of a single number in a ratio.
	maxTokenLen = 40
	// maxInputLen bounds the whole ratio text.
	maxInputLen = 1000
)

// Sentinel errors of ParseWeights and NewProblem; test with errors.Is.
var (
	// ErrEmpty: the ratio has no numbers at all.
	ErrEmpty = errors.New("no weights given")
	// ErrSyntax: a token is not a number, a decimal, a percentage or a fraction.
	ErrSyntax = errors.New("not a number")
	// ErrZero: a weight is zero.
	ErrZero = errors.New("weight is zero")
	// ErrNegative: a weight is negative.
	ErrNegative = errors.New("weight is negative")
	// ErrTooManyEvents: more than MaxEvents weights.
	ErrTooManyEvents = errors.New("too many events")
	// ErrTooFewEvents: fewer than MinEvents weights.
	ErrTooFewEvents = errors.New("too few events")
	// ErrTooFine: the reduced integer weights sum to more than MaxSum, or a
	// token is absurdly long.
	ErrTooFine = errors.New("ratio too fine")
	// ErrDie: the number of faces is outside 2..MaxDie.
	ErrDie = errors.New("die out of range")
)

// WeightsError reports what is wrong with a ratio. It unwraps to one of the
// sentinel errors (ErrEmpty, ErrSyntax, ErrZero, ErrNegative,
// ErrTooManyEvents, ErrTooFewEvents, ErrTooFine).
type WeightsError struct {
	// Err is the sentinel error naming the kind of problem.
	Err error
	// Index is the 1-based position of the offending weight, or 0.
	Index int
	// Token is the offending text, or "".
	Token string
	// Count is the number of weights (for ErrTooManyEvents/ErrTooFewEvents)
	// or 0.
	Count int
	// Sum is the reduced sum (for ErrTooFine), or nil.
	Sum *big.Int
}

// Error describes the problem in English.
func (e *WeightsError) Error() string {
	switch {
	case e.Err == ErrTooManyEvents || e.Err == ErrTooFewEvents:
		return fmt.Sprintf("%v: %d weights (allowed %d to %d)", e.Err, e.Count, MinEvents, MaxEvents)
	case e.Err == ErrTooFine && e.Sum != nil:
		return fmt.Sprintf("%v: the reduced weights sum to %s (at most %d)", e.Err, e.Sum, int64(MaxSum))
	case e.Index > 0:
		return fmt.Sprintf("%v: weight %d %q", e.Err, e.Index, e.Token)
	}
	return e.Err.Error()
}

// Unwrap returns the sentinel error.
func (e *WeightsError) Unwrap() error { return e.Err }

// ParseWeights reads a ratio as a person types it and returns the exact
// integer weights reduced by their gcd. Accepted: integers ("1 4 15"),
// colons ("3:7"), percentages ("5% 20% 75%"), decimals ("0.05 0.2 0.75"),
// fractions ("1/6 1/3 1/2") and mixtures of these, separated by spaces,
// colons, commas or semicolons; full-width digits and signs are accepted too.
// The result has MinEvents..MaxEvents positive weights summing to at most
// MaxSum; any other input returns a *WeightsError.
func ParseWeights(s string) ([]int64, error) {
	if len(s) > maxInputLen {
		return nil, &WeightsError{Err: ErrTooFine, Token: s[:20] + "…"}
	}
	s = normalizeWidth(s)
	tokens := strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == ':' || r == ',' || r == ';'
	})
	if len(tokens) == 0 {
		return nil, &WeightsError{Err: ErrEmpty}
	}
	if len(tokens) > MaxEvents {
		return nil, &WeightsError{Err: ErrTooManyEvents, Count: len(tokens)}
	}
	vals := make([]*big.Rat, len(tokens))
	for i, tok := range tokens {
		v, err := parseToken(tok)
		if err != nil {
			return nil, &WeightsError{Err: err, Index: i + 1, Token: tok}
		}
		vals[i] = v
	}
	if len(tokens) < MinEvents {
		return nil, &WeightsError{Err: ErrTooFewEvents, Count: len(tokens)}
	}
	return ratToWeights(vals)
}

// ratToWeights scales exact positive rationals to coprime integers.
func ratToWeights(vals []*big.Rat) ([]int64, error) {
	lcm := big.NewInt(1)
	g := new(big.Int)
	for _, v := range vals {
		d := v.Denom()
		g.GCD(nil, nil, lcm, d)
		lcm.Mul(lcm, new(big.Int).Quo(d, g))
	}
	ints := make([]*big.Int, len(vals))
	gcd := new(big.Int)
	for i, v := range vals {
		n := new(big.Int).Mul(v.Num(), new(big.Int).Quo(lcm, v.Denom()))
		ints[i] = n
		gcd.GCD(nil, nil, gcd, n)
	}
	sum := new(big.Int)
	for _, n := range ints {
		n.Quo(n, gcd)
		sum.Add(sum, n)
	}
	if sum.Cmp(big.NewInt(MaxSum)) > 0 {
		return nil, &WeightsError{Err: ErrTooFine, Sum: sum}
	}
	out := make([]int64, len(ints))
	for i, n := range ints {
		out[i] = n.Int64()
	}
	return out, nil
}

// parseToken reads one weight: digits, an optional decimal part, an optional
// '%' suffix, or a fraction a/b of such numbers.
func parseToken(tok string) (*big.Rat, error) {
	if len(tok) > maxTokenLen {
		return nil, ErrTooFine
	}
	if num, den, ok := strings.Cut(tok, "/"); ok {
		a, err := parseDecimal(num)
		if err != nil {
			return nil, err
		}
		b, err := parseDecimal(den)
		if err != nil {
			return nil, err
		}
		if b.Sign() == 0 {
			return nil, ErrSyntax
		}
		if a.Sign() < 0 || b.Sign() < 0 {
			return nil, ErrNegative
		}
		if a.Sign() == 0 {
			return nil, ErrZero
		}
		return a.Quo(a, b), nil
	}
	v, err := parseDecimal(tok)
	if err != nil {
		return nil, err
	}
	switch v.Sign() {
	case 0:
		return nil, ErrZero
	case -1:
		return nil, ErrNegative
	}
	return v, nil
}

// parseDecimal reads [+-]digits[.digits][%] (digits on at least one side of
// the point) exactly.
func parseDecimal(s string) (*big.Rat, error) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	pct := strings.HasSuffix(s, "%")
	if pct {
		s = s[:len(s)-1]
	}
	intPart, frac, _ := strings.Cut(s, ".")
	if intPart == "" && frac == "" {
		return nil, ErrSyntax
	}
	for _, part := range []string{intPart, frac} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return nil, ErrSyntax
			}
		}
	}
	n, ok := new(big.Int).SetString("0"+intPart+frac, 10)
	if !ok {
		return nil, ErrSyntax
	}
	den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(frac))), nil)
	if pct {
		den.Mul(den, big.NewInt(100))
	}
	v := new(big.Rat).SetFrac(n, den)
	if neg {
		v.Neg(v)
	}
	return v, nil
}

// normalizeWidth maps full-width digits and signs (common in Japanese and
// Korean input methods) to ASCII.
func normalizeWidth(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '０' && r <= '９':
			return '0' + (r - '０')
		case r == '．':
			return '.'
		case r == '％':
			return '%'
		case r == '：':
			return ':'
		case r == '，' || r == '、':
			return ','
		case r == '；':
			return ';'
		case r == '／':
			return '/'
		case r == '－' || r == '−':
			return '-'
		case r == '＋':
			return '+'
		}
		return r
	}, s)
}

// PercentTotal reports the sum, in percent, of a ratio written wholly as
// percentages ("30% 60%" gives 90), and false when any weight is written
// otherwise or cannot be read. A total other than 100 means the weights
// were read as a ratio, not as probabilities.
func PercentTotal(s string) (*big.Rat, bool) {
	if len(s) > maxInputLen {
		return nil, false
	}
	tokens := strings.FieldsFunc(normalizeWidth(s), func(r rune) bool {
		return unicode.IsSpace(r) || r == ':' || r == ',' || r == ';'
	})
	if len(tokens) == 0 {
		return nil, false
	}
	sum := new(big.Rat)
	for _, tok := range tokens {
		if !strings.HasSuffix(tok, "%") || strings.Contains(tok, "/") || len(tok) > maxTokenLen {
			return nil, false
		}
		v, err := parseDecimal(tok)
		if err != nil {
			return nil, false
		}
		sum.Add(sum, v)
	}
	return sum.Mul(sum, big.NewRat(100, 1)), true
}
