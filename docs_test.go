package main

import (
	"context"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/internal/regression"
)

// The README a newcomer reads in five minutes, and the documents it sends
// them to, kept true by the tests of this file.

// Bounds of the README.
const (
	readmeMaxLines = 250
	readmeMaxBytes = 20 * 1000
)

// repoFiles returns the repository's files as slash paths, without .git,
// the test artifacts and testdata.
func repoFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "artifacts", "testdata", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		out = append(out, filepath.ToSlash(p))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// docFiles returns the Markdown files of the repository (README.md,
// ARCHITECTURE.md, docs/*.md, commands/README.md, …).
func docFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, p := range repoFiles(t) {
		if strings.HasSuffix(p, ".md") {
			out = append(out, p)
		}
	}
	if len(out) < 5 {
		t.Fatalf("only %d Markdown files found: %v", len(out), out)
	}
	return out
}

func readDoc(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(p))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReadmeIsShort: the README stays a newcomer's page — under 250 lines
// and 20 KB, the two commands (run the bot, run the tests) on its first
// screen, and a link to every document of docs/, so that whatever moved
// out of it can be found from it.
func TestReadmeIsShort(t *testing.T) {
	readme := readDoc(t, "README.md")
	if n := strings.Count(readme, "\n"); n >= readmeMaxLines {
		t.Errorf("README.md has %d lines; keep it under %d and move the details to docs/", n, readmeMaxLines)
	}
	if len(readme) >= readmeMaxBytes {
		t.Errorf("README.md has %d bytes; keep it under %d and move the details to docs/", len(readme), readmeMaxBytes)
	}
	lines := strings.Split(readme, "\n")
	first := strings.Join(lines[:min(len(lines), 25)], "\n")
	for _, cmd := range []string{"go run .", "go test ./..."} {
		if !strings.Contains(first, cmd) {
			t.Errorf("the README's first screen does not show %q", cmd)
		}
	}
	docs, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	for _, d := range docs {
		if link := "](" + filepath.ToSlash(d) + ")"; !strings.Contains(readme, link) {
			t.Errorf("README.md does not link %s", filepath.ToSlash(d))
		}
	}
}

// diary finds the phrases of a session diary: the before-stop hook's
// (/work/shared/hooks/before-stop) and their relatives. History belongs
// to git.
var diary = regexp.MustCompile(`(?i)this stop|the build before|at the (first|second|third|fourth|fifth) stop|(first|second|third|fourth|fifth) stop of|alternated with|re-measured|the morning's build|earlier that day`)

// TestDocsAreNoDiary: no document reads like a session diary.
func TestDocsAreNoDiary(t *testing.T) {
	for _, p := range docFiles(t) {
		for i, line := range strings.Split(readDoc(t, p), "\n") {
			if m := diary.FindString(line); m != "" {
				t.Errorf("%s:%d reads like a session diary (%q): history belongs to git", p, i+1, m)
			}
		}
	}
}

// headingAnchor is the anchor GitHub gives a heading: lower case, letters,
// digits, spaces, hyphens and underscores kept, spaces made hyphens.
func headingAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the anchors of a Markdown file's headings.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
		}
		if inCode {
			continue
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			out[m[1]] = true
		}
		if strings.HasPrefix(line, "#") {
			out[headingAnchor(strings.TrimSpace(strings.TrimLeft(line, "#")))] = true
		}
	}
	return out
}

// htmlAnchor is an explicit anchor: <a id="yacht"></a>.
var htmlAnchor = regexp.MustCompile(`<a (?:id|name)="([^"]+)"`)

var (
	// mdLink is a Markdown link's target.
	mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// codeToken is an inline code span.
	codeToken = regexp.MustCompile("`([^`\n]+)`")
	// pkgArg is a package or directory argument of a command line: ./bot/endpoint/.
	pkgArg = regexp.MustCompile(`(?:^|\s)\./([A-Za-z0-9_.][A-Za-z0-9_./-]*)`)
	// funcName finds the tests and benchmarks defined in a _test.go file.
	funcName = regexp.MustCompile(`(?m)^func ((?:Test|Benchmark|Fuzz)\w+)\(`)
	// bareFile is a file named without its directory: e2e_memory_test.go,
	// docker-compose.yml, Dockerfile.
	bareFile = regexp.MustCompile(`^(?:[A-Za-z0-9][A-Za-z0-9_.-]*\.(?:go|yml|yaml|sh|md)|Dockerfile)$`)
	// testRef is a test, benchmark or fuzzer a document names.
	testRef = regexp.MustCompile("^(Test|Benchmark|Fuzz)[A-Z][A-Za-z0-9]*$")
)

// repoIndex returns the tests, benchmarks and fuzzers the module defines,
// and the base names of the repository's files.
func repoIndex(t *testing.T) (funcs, names map[string]bool) {
	t.Helper()
	funcs, names = map[string]bool{}, map[string]bool{}
	for _, p := range repoFiles(t) {
		names[path.Base(p)] = true
		if !strings.HasSuffix(p, "_test.go") {
			continue
		}
		for _, m := range funcName.FindAllStringSubmatch(readDoc(t, p), -1) {
			funcs[m[1]] = true
		}
	}
	return funcs, names
}

// TestDocsPathsExist: what the documents name exists — every relative
// link (and the heading its anchor names), every path of the repository
// in inline code, every package a command line names (./engine/…), every
// test and benchmark; in benchmarks.md, every benchmark of the table.
func TestDocsPathsExist(t *testing.T) {
	roots := map[string]bool{}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") || e.Name() == ".ci" {
			roots[e.Name()] = true
		}
	}
	funcs, files := repoIndex(t)
	checked := 0
	for _, doc := range docFiles(t) {
		text := readDoc(t, doc)
		dir := path.Dir(doc)
		// Links.
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			p := doc
			if file != "" {
				p = path.Join(dir, file)
				if !exists(p) {
					t.Errorf("%s links %s, which does not exist", doc, target)
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(p, ".md") && !anchors(readDoc(t, p))[anchor] {
				t.Errorf("%s links %s: %s has no heading #%s", doc, target, p, anchor)
			}
			checked++
		}
		// Paths in inline code, and tests and benchmarks.
		for _, m := range codeToken.FindAllStringSubmatch(text, -1) {
			tok := m[1]
			if testRef.MatchString(tok) {
				if !funcs[tok] {
					t.Errorf("%s names %s, which no test file defines", doc, tok)
				}
				checked++
				continue
			}
			if bareFile.MatchString(tok) {
				if !exists(path.Join(dir, tok)) && !exists(tok) && !files[tok] {
					t.Errorf("%s names %s, which no directory holds", doc, tok)
				}
				checked++
				continue
			}
			if strings.ContainsAny(tok, " <>{}*…:=|$'\"") || !strings.Contains(tok, "/") {
				continue
			}
			first, _, _ := strings.Cut(tok, "/")
			if !roots[first] {
				continue
			}
			if !exists(strings.TrimSuffix(tok, "/...")) {
				t.Errorf("%s names %s, which does not exist", doc, tok)
			}
			checked++
		}
		// Packages on command lines (code blocks and inline code alike).
		for _, m := range pkgArg.FindAllStringSubmatch(text, -1) {
			p := strings.TrimRight(strings.TrimSuffix(m[1], "..."), "/")
			if p == "" || p == "alea" || strings.HasPrefix(p, "..") {
				continue
			}
			if !exists(p) {
				t.Errorf("%s runs ./%s, which does not exist", doc, m[1])
			}
			checked++
		}
	}
	// The benchmarks of the table in benchmarks.md.
	bench := regexp.MustCompile("`([A-Z][A-Za-z0-9]+)(?:/[a-z0-9]+)?`")
	rows := 0
	for _, line := range strings.Split(readDoc(t, "docs/benchmarks.md"), "\n") {
		cells := strings.Split(line, " | ")
		if !strings.HasPrefix(line, "| ") || len(cells) < 6 || strings.HasPrefix(line, "| what") {
			continue
		}
		for _, m := range bench.FindAllStringSubmatch(cells[1], -1) {
			name := m[1]
			if !strings.HasPrefix(name, "Test") {
				name = "Benchmark" + name
			}
			if !funcs[name] {
				t.Errorf("docs/benchmarks.md measures with %s, which no test file defines", name)
			}
			rows++
		}
	}
	if rows < 20 || checked < 100 {
		t.Errorf("checked only %d benchmarks and %d names: is the parsing still right?", rows, checked)
	}
}

// TestArchitecturePackages: the package tree of docs/architecture.md
// names directories that exist, and names every package (to two levels:
// bot/endpoint, engine/yacht), so a newcomer asking where something lives
// finds it there.
func TestArchitecturePackages(t *testing.T) {
	text := readDoc(t, "docs/architecture.md")
	start := strings.Index(text, "## The packages")
	if start < 0 {
		t.Fatal("docs/architecture.md has no section \"The packages\"")
	}
	block := text[start:]
	i := strings.Index(block, "```\n")
	j := strings.Index(block[i+4:], "```")
	if i < 0 || j < 0 {
		t.Fatal("docs/architecture.md: no code block under \"The packages\"")
	}
	listed := map[string]bool{}
	var stack []string
	for _, line := range strings.Split(block[i+4:i+4+j], "\n") {
		name, _, _ := strings.Cut(strings.TrimLeft(line, " "), " ")
		if !strings.HasSuffix(name, "/") {
			continue
		}
		depth := (len(line) - len(strings.TrimLeft(line, " "))) / 2
		if depth > len(stack) {
			t.Fatalf("docs/architecture.md: %q is indented past its parent", line)
		}
		stack = append(stack[:depth], strings.TrimSuffix(name, "/"))
		p := strings.Join(stack, "/")
		listed[p] = true
		if fi, err := os.Stat(filepath.FromSlash(p)); err != nil || !fi.IsDir() {
			t.Errorf("docs/architecture.md lists %s/, which is not a directory", p)
		}
	}
	// Every directory holding Go files, cut to two levels, is listed
	// (another module, such as a code generator, apart).
	for _, p := range repoFiles(t) {
		dir := path.Dir(p)
		if !strings.HasSuffix(p, ".go") || dir == "." || inOtherModule(dir) {
			continue
		}
		parts := strings.Split(dir, "/")
		key := strings.Join(parts[:min(2, len(parts))], "/")
		if !listed[key] {
			t.Errorf("docs/architecture.md does not list %s/ (which holds %s)", key, p)
			listed[key] = true // once
		}
	}
}

// inOtherModule reports whether dir (a slash path) lies in a module of its
// own: a go.mod in dir or a directory between it and the root.
func inOtherModule(dir string) bool {
	for ; dir != "." && dir != "/"; dir = path.Dir(dir) {
		if exists(path.Join(dir, "go.mod")) {
			return true
		}
	}
	return false
}

// exists reports whether the file or directory at p (a slash path) exists.
func exists(p string) bool {
	_, err := os.Stat(filepath.FromSlash(p))
	return err == nil
}

// TestNumbersStartValues: the start values docs/numbers.md shows are the
// solver's, to the six decimals shown; where internal/regression holds a
// regression value, it is the same; and where the table gives a published
// value, the solver's value rounds to it. The tables are built (under a
// second with the vector kernels) except with -short or -race, where the
// values shown stand for the solver's.
func TestNumbersStartValues(t *testing.T) {
	regressionValues := map[string]float64{
		yacht.Yacht:                              regression.YachtStart,
		yacht.Yacht + "+" + yacht.FullHouseYacht: regression.YachtFullHouseYachtStart,
		yacht.Pancht:                             regression.PanchtStart,
		yacht.Yahtzee:                            regression.YahtzeeStart,
		yacht.Yatzy:                              regression.YatzyStart,
	}
	build := !testing.Short() && !race.Enabled
	var tables strategy.Tables
	key := regexp.MustCompile("^((?:`[a-z_]+`(?: \\+ )?)+)")
	rows := 0
	for _, line := range strings.Split(readDoc(t, "docs/numbers.md"), "\n") {
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if !strings.HasPrefix(line, "| `") || len(cells) != 4 {
			continue
		}
		m := key.FindString(strings.TrimSpace(cells[0]))
		if m == "" {
			continue
		}
		name := strings.NewReplacer("`", "", " + ", "+").Replace(strings.TrimSpace(m))
		shown := strings.Trim(strings.TrimSpace(cells[1]), "*")
		rows++
		if v, ok := regressionValues[name]; ok {
			if w := strconv.FormatFloat(v, 'f', 6, 64); shown != w {
				t.Errorf("docs/numbers.md gives %s the start value %s; the regression value is %s", name, shown, w)
			}
			delete(regressionValues, name)
		}
		value, err := strconv.ParseFloat(shown, 64)
		if err != nil {
			t.Errorf("docs/numbers.md: %s's start value %q is not a number", name, shown)
			continue
		}
		if build {
			tb, err := tables.Preset(context.Background(), name)
			if err != nil {
				t.Errorf("docs/numbers.md names the rules %q: %v", name, err)
				continue
			}
			value = tb.Start()
			if got := strconv.FormatFloat(value, 'f', 6, 64); got != shown {
				t.Errorf("docs/numbers.md gives %s the start value %s; the solver's is %s", name, shown, got)
			}
		}
		// A published value opens its cell: "254.5896 (Verhoeff 1999; …)".
		pub, _, _ := strings.Cut(strings.TrimSpace(cells[2]), " ")
		if _, err := strconv.ParseFloat(pub, 64); err != nil {
			continue
		}
		digits := 0
		if i := strings.Index(pub, "."); i >= 0 {
			digits = len(pub) - i - 1
		}
		if got := strconv.FormatFloat(value, 'f', digits, 64); got != pub {
			t.Errorf("%s: the solver's %.6f rounds to %s, not the published %s docs/numbers.md says it reproduces", name, value, got, pub)
		}
	}
	if rows != 7 || len(regressionValues) != 0 {
		t.Errorf("docs/numbers.md's start-value table: %d rows, regression values not shown: %v", rows, regressionValues)
	}
}
