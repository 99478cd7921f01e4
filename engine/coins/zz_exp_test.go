package coins

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestZZExp(t *testing.T) {
	ctx := context.Background()
	for _, st := range []BWState{{3, 3}, {5, 4}, {10, 8}, {7, 7}, {30, 30}} {
		for _, k := range []int{10, 50, 200, 1000, 5000, 20000} {
			good := 0
			var sims, nodes int64
			for seed := range uint64(40) {
				p, _ := NewPTree(ctx, Game[BWState, BWMove](BW{}), st, 0, 1, rand.New(rand.NewPCG(seed, 9)))
				p.Backup = true
				p.K = k
				p.Expand(ctx)
				m, _ := p.Choose()
				sims += p.Root.Simulations()
				nodes += int64(p.Root.Count())
				for _, w := range (BW{}).WinningMoves(st) {
					if w == m {
						good++
					}
				}
			}
			fmt.Println(st, k, good, "/40", sims/40, nodes/40)
		}
	}
}
