package coins

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxSimulations is the largest k that [ParsePlayerSpec] accepts.
const MaxSimulations = 1_000_000

// Errors of the option parsers; the returned errors wrap one of them (test
// with errors.Is) and say what was wrong.
var (
	ErrNotNumber    = errors.New("not a whole number")
	ErrNegative     = errors.New("negative counts are not allowed")
	ErrTooLarge     = errors.New("larger than 10^18")
	ErrEmptyTakeSet = errors.New("the take set is empty")
	ErrZeroTake     = errors.New("take amounts must be at least 1")
	ErrTakeTooLarge = fmt.Errorf("take amounts must be at most %d", MaxTake)
	ErrTakeTooMany  = fmt.Errorf("a take set has at most %d amounts", MaxTakeSize)
	ErrBadPlayer    = errors.New(`a player is "perfect", "random" or "mcts:<k>"`)
	ErrSimulations  = fmt.Errorf("simulations must be between 1 and %d", MaxSimulations)
)

// ParseCount reads a number of coins or marbles between 0 and [MaxCount]:
// decimal digits ("1000"), a power ("10^18") or a decimal exponent
// ("1e18", "3E5"); spaces around it and a leading "+" are allowed.
func ParseCount(s string) (int64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimPrefix(t, "+")
	if t == "" {
		return 0, fmt.Errorf("%q: %w", s, ErrNotNumber)
	}
	if t[0] == '-' {
		if _, err := parseCountBody(t[1:]); err == nil || errors.Is(err, ErrTooLarge) {
			return 0, fmt.Errorf("%q: %w", s, ErrNegative)
		}
		return 0, fmt.Errorf("%q: %w", s, ErrNotNumber)
	}
	n, err := parseCountBody(t)
	if err != nil {
		return 0, fmt.Errorf("%q: %w", s, err)
	}
	return n, nil
}

// parseCountBody reads digits, a^b or aeb without a sign.
func parseCountBody(t string) (int64, error) {
	if i := strings.IndexAny(t, "^eE"); i >= 0 {
		base, err := parseDigits(t[:i])
		if err != nil {
			return 0, err
		}
		exp, err := parseDigits(t[i+1:])
		if err != nil {
			return 0, err
		}
		if t[i] != '^' {
			return mulPow(base, 10, exp)
		}
		return mulPow(1, base, exp)
	}
	return parseDigits(t)
}

// parseDigits reads a non-empty run of decimal digits no larger than MaxCount.
func parseDigits(t string) (int64, error) {
	if t == "" {
		return 0, ErrNotNumber
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return 0, ErrNotNumber
		}
	}
	t = strings.TrimLeft(t, "0")
	if t == "" {
		return 0, nil
	}
	if len(t) > 19 {
		return 0, ErrTooLarge
	}
	n, err := strconv.ParseUint(t, 10, 64)
	if err != nil || n > uint64(MaxCount) {
		return 0, ErrTooLarge
	}
	return int64(n), nil
}

// mulPow returns m·base^exp if it is at most MaxCount.
func mulPow(m, base, exp int64) (int64, error) {
	if m == 0 {
		return 0, nil
	}
	if base == 0 {
		if exp == 0 {
			return m, nil
		}
		return 0, nil
	}
	if base == 1 {
		return m, nil
	}
	r := m
	for range exp {
		if r > MaxCount/base {
			return 0, ErrTooLarge
		}
		r *= base
	}
	return r, nil
}

// ParseTakeSet reads a take set such as "1 2" or "1, 3, 4": whole numbers
// from 1 to [MaxTake] separated by spaces or commas, at most [MaxTakeSize]
// distinct ones. It returns them sorted without duplicates.
func ParseTakeSet(s string) ([]int64, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ';' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	if len(fields) == 0 {
		return nil, ErrEmptyTakeSet
	}
	seen := make(map[int64]bool)
	for _, f := range fields {
		n, err := ParseCount(f)
		switch {
		case errors.Is(err, ErrNegative):
			return nil, fmt.Errorf("%q: %w", f, ErrZeroTake)
		case errors.Is(err, ErrTooLarge):
			return nil, fmt.Errorf("%q: %w", f, ErrTakeTooLarge)
		case err != nil:
			return nil, err
		case n == 0:
			return nil, fmt.Errorf("%q: %w", f, ErrZeroTake)
		case n > MaxTake:
			return nil, fmt.Errorf("%q: %w", f, ErrTakeTooLarge)
		}
		seen[n] = true
		if len(seen) > MaxTakeSize {
			return nil, ErrTakeTooMany
		}
	}
	out := make([]int64, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	p, err := NewPile(out, false)
	if err != nil {
		return nil, err
	}
	return p.take, nil
}

// ParsePlayerSpec reads a player: "perfect", "random", "mcts" (k = 50, the
// lecture's default) or "mcts:<k>" with 1 ≤ k ≤ [MaxSimulations]; case and
// surrounding spaces are ignored.
func ParsePlayerSpec(s string) (PlayerSpec, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "perfect":
		return PlayerSpec{Kind: Perfect}, nil
	case "random":
		return PlayerSpec{Kind: Random}, nil
	case "mcts":
		return PlayerSpec{Kind: MCTS, Simulations: DefaultSimulations}, nil
	}
	k, ok := strings.CutPrefix(t, "mcts:")
	if !ok {
		return PlayerSpec{}, fmt.Errorf("%q: %w", s, ErrBadPlayer)
	}
	n, err := ParseCount(k)
	if err != nil || n < 1 || n > MaxSimulations {
		return PlayerSpec{}, fmt.Errorf("%q: %w", s, ErrSimulations)
	}
	return PlayerSpec{Kind: MCTS, Simulations: int(n)}, nil
}
