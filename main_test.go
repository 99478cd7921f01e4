package main

import "testing"

// TestHelpExitsZero checks that every way of asking for the usage prints
// it and exits 0, and that stray arguments are still refused.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}, {"-help"}, {"serve", "--help"}, {"playground", "-h"}} {
		if got := realMain(args); got != 0 {
			t.Errorf("alea %q: exit %d, want 0", args, got)
		}
	}
	for _, args := range [][]string{{"serve", "x"}, {"frobnicate"}, {"--bogus"}} {
		if got := realMain(args); got != 2 {
			t.Errorf("alea %q: exit %d, want 2", args, got)
		}
	}
}
