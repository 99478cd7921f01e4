// Command charset writes the characters Alea's pictures can draw, the input
// of subset.sh: printable ASCII and every character of the pictures'
// labels in English, Korean and Japanese.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/alea-bot/alea/commands/stats"
	"github.com/alea-bot/alea/commands/yachtstats"
)

func main() {
	out := flag.String("o", "chars.txt", "file to write")
	flag.Parse()
	seen := map[rune]bool{}
	for r := rune(' '); r <= '~'; r++ {
		seen[r] = true
	}
	for _, s := range append(yachtstats.ChartLabels(), stats.ChartLabels()...) {
		for _, r := range s {
			if r != '\n' {
				seen[r] = true
			}
		}
	}
	runes := make([]rune, 0, len(seen))
	for r := range seen {
		runes = append(runes, r)
	}
	slices.Sort(runes)
	var b strings.Builder
	b.WriteString(string(runes))
	b.WriteByte('\n')
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
