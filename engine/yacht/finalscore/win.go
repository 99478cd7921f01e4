package finalscore

// WinProbabilities returns, for players whose final scores are independent
// with the distributions dists (one per player, e.g. from
// Of of each player's sheet), each player's probability of
// finishing first, a tie for first shared equally among the tied players.
// The probabilities sum to 1 (up to rounding); a player with an empty
// distribution gets 0 and takes no share from the others. It is exact: for each score s of player i it sums
// P_i(s) · E[1/(1+T)], T the number of others at s with nobody above, by
// the generating function of T.
func WinProbabilities(dists []Distribution) []float64 {
	out := make([]float64, len(dists))
	others := make([]Distribution, 0, len(dists))
	for i, di := range dists {
		others = append(append(others[:0], dists[:i]...), dists[i+1:]...)
		share := NewOpponents(others)
		for k, p := range di.P {
			if p != 0 {
				out[i] += p * share.WinShare(di.Min+k)
			}
		}
	}
	return out
}

// Opponents are the other players of a game, by the distributions of
// their final scores (independent of each other and of the player's own):
// WinShare tells what a final score is worth against them.
type Opponents struct {
	dists []Distribution
	cum   [][]float64 // cum[j][k] = P(X_j < Min_j + k)
	poly  []float64
}

// NewOpponents returns the opponents whose final scores have the
// distributions dists (an empty distribution is a player who takes no
// share).
func NewOpponents(dists []Distribution) *Opponents {
	w := &Opponents{dists: dists, cum: make([][]float64, len(dists)), poly: make([]float64, len(dists)+1)}
	for j, d := range dists {
		w.cum[j] = make([]float64, len(d.P)+1)
		for k, p := range d.P {
			w.cum[j][k+1] = w.cum[j][k] + p
		}
	}
	return w
}

// WinShare returns the chance that a final score of x finishes first
// against the opponents, a tie for first shared equally among the tied
// players: E[1/(1+T)]·1{nobody above x}, T the number of opponents at x.
// It uses scratch space of its own, so one Opponents serves one goroutine
// at a time.
func (w *Opponents) WinShare(x int) float64 {
	poly := w.poly
	clear(poly)
	poly[0] = 1
	deg := 0
	for j, d := range w.dists {
		var a float64 // P(X_j < x)
		switch {
		case len(d.P) == 0:
			continue
		case x <= d.Min:
			a = 0
		case x > d.Max():
			a = w.cum[j][len(d.P)]
		default:
			a = w.cum[j][x-d.Min]
		}
		b := d.Prob(x)
		for t := deg + 1; t >= 1; t-- {
			poly[t] = poly[t]*a + poly[t-1]*b
		}
		poly[0] *= a
		deg++
	}
	share := 0.0
	for t := 0; t <= deg; t++ {
		share += poly[t] / float64(t+1)
	}
	return share
}
