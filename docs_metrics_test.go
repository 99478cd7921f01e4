package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsListEveryMetric: the metrics table of docs/operating.md names
// every metric the code registers (a Name: "alea_…" in a non-test Go
// file), and nothing else.
func TestDocsListEveryMetric(t *testing.T) {
	doc, err := os.ReadFile("docs/operating.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `(alea_[a-z_]+)`(?:, `(alea_[a-z_]+)`)? \\|").FindAllStringSubmatch(string(doc), -1) {
		for _, name := range m[1:] {
			if name != "" {
				listed[name] = true
			}
		}
	}
	registered := map[string]bool{}
	name := regexp.MustCompile(`Name:\s*"(alea_[a-z_]+)"`)
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range name.FindAllSubmatch(src, -1) {
			registered[string(m[1])] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(registered) == 0 {
		t.Fatal("no metric found in the code")
	}
	for m := range registered {
		if !listed[m] {
			t.Errorf("docs/operating.md's metrics table lacks %s", m)
		}
	}
	for m := range listed {
		if !registered[m] {
			t.Errorf("docs/operating.md lists %s, which no code registers", m)
		}
	}
}
