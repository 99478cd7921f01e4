package app

import (
	"fmt"
	"os"
	"testing"
)

// TestMain runs the tests in a temporary directory, so that the default
// store (sqlite:alea.db, in the working directory) never lands in the
// source tree nor carries games from one run to the next.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "alea-app-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.Chdir(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
