// Package parallel runs the independent steps of the Yacht computations
// (the solver's states of one fill count, the distribution's turns, the
// target advice's classes) on a fixed number of workers.
package parallel

import (
	"context"
	"sync"
	"sync/atomic"
)

// ForEach calls work(w, j) for every j in [0, n) on workers goroutines,
// each taking the next index; w is the worker's number, for scratch space
// of its own. Once ctx is done no further index is taken, and ForEach
// returns ctx's error after the calls under way have returned.
func ForEach(ctx context.Context, workers, n int, work func(w, j int)) error {
	done := ctx.Done()
	var next atomic.Int64
	var stopped atomic.Bool
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				j := int(next.Add(1) - 1)
				if j >= n {
					return
				}
				select {
				case <-done:
					stopped.Store(true)
					return
				default:
				}
				work(w, j)
			}
		}()
	}
	wg.Wait()
	if stopped.Load() {
		return ctx.Err()
	}
	return nil
}
