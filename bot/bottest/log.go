package bottest

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// Log is a log sink safe for concurrent writes that a test can wait on:
// the output of a bot run in the test's process or as a child process.
type Log struct {
	mu      sync.Mutex
	b       bytes.Buffer
	written chan struct{} // closed and replaced on every write
}

// Write appends p and wakes every Await.
func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.written != nil {
		close(l.written)
	}
	l.written = make(chan struct{})
	return l.b.Write(p)
}

// Await waits until the log contains text, failing the test after Wait.
func (l *Log) Await(t testing.TB, text string) {
	t.Helper()
	deadline := time.After(Wait)
	for {
		l.mu.Lock()
		if l.written == nil {
			l.written = make(chan struct{})
		}
		found, ch := strings.Contains(l.b.String(), text), l.written
		l.mu.Unlock()
		if found {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("the log never said %s:\n%s", text, l.String())
		}
	}
}

// String returns everything written so far.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
