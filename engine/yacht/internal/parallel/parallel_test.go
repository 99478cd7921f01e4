package parallel

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// Every index is visited exactly once, each by a worker numbered below the
// worker count.
func TestForEachVisitsEveryIndexOnce(t *testing.T) {
	const n, workers = 1000, 3
	var seen [n]atomic.Int32
	var badWorker atomic.Bool
	err := ForEach(context.Background(), workers, n, func(w, j int) {
		if w < 0 || w >= workers {
			badWorker.Store(true)
		}
		seen[j].Add(1)
	})
	if err != nil {
		t.Fatal(err)
	}
	if badWorker.Load() {
		t.Fatal("a worker number out of range")
	}
	for j := range seen {
		if c := seen[j].Load(); c != 1 {
			t.Fatalf("index %d visited %d times", j, c)
		}
	}
}

// Once the context is done no further index is taken and ForEach returns
// the context's error: here the work cancels it at index 10 on one worker.
func TestForEachStopsWhenTheContextIsDone(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int32
	err := ForEach(ctx, 1, 100, func(w, j int) {
		calls.Add(1)
		if j == 10 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if c := calls.Load(); c != 11 {
		t.Fatalf("%d calls, want 11 (indexes 0 to 10)", c)
	}
}
