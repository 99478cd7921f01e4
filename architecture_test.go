package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// module is this module's import path.
const module = "github.com/alea-bot/alea"

// floor is one floor of ARCHITECTURE.md: the packages it holds (by
// prefix), the floors and outside modules they may import.
type floor struct {
	name     string
	prefixes []string // "engine/" holds engine/...; "config" is one package
	imports  []string // floors whose packages may be imported
	outside  []string // module path prefixes allowed outside the standard library
}

// floors is ARCHITECTURE.md's table. A floor may always import its own
// packages.
var floors = []floor{
	{name: "engine", prefixes: []string{"engine/"}, outside: []string{"golang.org/x/sys/"}},
	{name: "store", prefixes: []string{"store", "store/"}, outside: []string{"github.com/jackc/pgx/", "modernc.org/sqlite"}},
	{name: "config", prefixes: []string{"config"}, outside: []string{"github.com/joho/godotenv"}},
	{name: "lru", prefixes: []string{"lru"}, outside: []string{"github.com/patrickmn/go-cache"}},
	{name: "game", prefixes: []string{"game/"}, imports: []string{"engine", "store", "lru"}},
	{name: "commands", prefixes: []string{"commands", "commands/"}, imports: []string{"engine", "store", "lru", "game"},
		outside: []string{"golang.org/x/image/", "golang.org/x/text/"}},
	{name: "bot", prefixes: []string{"bot", "bot/"}, imports: []string{"commands", "store", "lru", "config"},
		outside: []string{"github.com/bwmarrin/discordgo", "github.com/gorilla/websocket", "github.com/prometheus/client_golang/", "golang.org/x/time/rate"}},
	{name: "wiring", prefixes: []string{"", "internal/app"}, imports: []string{"engine", "store", "config", "lru", "game", "commands", "bot"},
		outside: []string{""}},
	{name: "test support", prefixes: []string{"internal/fakediscord", "internal/race", "internal/regression"},
		imports: []string{"engine", "store", "config", "lru", "game", "commands", "bot", "wiring"}, outside: []string{""}},
}

// transports import the core and the shared wire packages, never each
// other.
var transports = []string{"bot/gateway", "bot/endpoint", "bot/playground", "bot/runner"}

func floorOf(rel string) *floor {
	var best *floor
	bestLen := -1
	for i := range floors {
		for _, p := range floors[i].prefixes {
			if (strings.HasSuffix(p, "/") && strings.HasPrefix(rel, p) || rel == p) && len(p) > bestLen {
				best, bestLen = &floors[i], len(p)
			}
		}
	}
	return best
}

// testSupport reports whether rel is a package only tests may import.
func testSupport(rel string) bool {
	if f := floorOf(rel); f != nil && f.name == "test support" {
		return true
	}
	last := rel[strings.LastIndex(rel, "/")+1:]
	return rel == "bot/bottest" || strings.HasSuffix(last, "test")
}

type listedPackage struct {
	ImportPath   string
	Dir          string
	GoFiles      []string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

func listPackages(t *testing.T) []listedPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// relative returns the path of one of our packages relative to the
// module ("" for the root), or ok false for a package of another module
// or the standard library.
func relative(path string) (string, bool) {
	if path == module {
		return "", true
	}
	rel, ok := strings.CutPrefix(path, module+"/")
	return rel, ok
}

func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// TestLayers checks every import of every package against
// ARCHITECTURE.md: the floors, the transports, test support, and the
// engine's tests.
func TestLayers(t *testing.T) {
	pkgs := listPackages(t)
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	for _, p := range pkgs {
		rel, _ := relative(p.ImportPath)
		f := floorOf(rel)
		if f == nil {
			t.Errorf("%s belongs to no floor of ARCHITECTURE.md", p.ImportPath)
			continue
		}
		for _, imp := range p.Imports {
			if why := violates(rel, imp); why != "" {
				irel, _ := relative(imp)
				t.Errorf("%s (%s) imports %s (%s): %s", p.ImportPath, f.name, imp, floorName(floorOf(irel)), why)
			}
		}
		if f.name == "engine" {
			for _, imp := range append(append([]string{}, p.TestImports...), p.XTestImports...) {
				irel, ours := relative(imp)
				switch {
				case standard(imp):
				case !ours:
					if !allowedOutside(f, imp) {
						t.Errorf("a test of %s imports %s", p.ImportPath, imp)
					}
				case strings.HasPrefix(irel, "engine/"), irel == "internal/race", irel == "internal/regression":
				default:
					t.Errorf("a test of %s imports %s: the engine's tests stay in the engine", p.ImportPath, imp)
				}
			}
		}
	}
}

func allowedOutside(f *floor, imp string) bool {
	for _, o := range f.outside {
		if o == "" || strings.HasPrefix(imp, o) || imp == strings.TrimSuffix(o, "/") {
			return true
		}
	}
	return false
}

func floorName(f *floor) string {
	if f == nil {
		return "no floor"
	}
	return f.name
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The checker itself: an engine package importing Discord, a game
// package importing a command, a transport importing another and a
// command importing test support are each caught.
func TestLayersCatches(t *testing.T) {
	for _, c := range []struct{ from, imp string }{
		{"engine/yacht", "github.com/bwmarrin/discordgo"},
		{"engine/yacht", module + "/store"},
		{"game/yachttable", module + "/commands"},
		{"commands/orbs", module + "/bot"},
		{"config", module + "/store"},
		{"bot/gateway", module + "/bot/endpoint"},
		{"commands/orbs", module + "/internal/race"},
		{"commands/orbs", module + "/store/storetest"},
	} {
		if violates(c.from, c.imp) == "" {
			t.Errorf("%s importing %s is not caught", c.from, c.imp)
		}
	}
	for _, c := range []struct{ from, imp string }{
		{"engine/yacht/strategy", module + "/engine/yacht"},
		{"game/yachttable", module + "/store"},
		{"bot/gateway", module + "/bot/payload"},
		{"internal/app", module + "/bot/gateway"},
		{"commands/orbs", "golang.org/x/image/font"},
	} {
		if why := violates(c.from, c.imp); why != "" {
			t.Errorf("%s importing %s is refused: %s", c.from, c.imp, why)
		}
	}
}

// violates returns why the package rel may not import imp in its
// production code, or "".
func violates(rel, imp string) string {
	f := floorOf(rel)
	if f == nil {
		return "no floor"
	}
	irel, ours := relative(imp)
	if !ours {
		if standard(imp) || allowedOutside(f, imp) {
			return ""
		}
		return "a module its floor may not use"
	}
	if testSupport(irel) && !testSupport(rel) {
		return "test support is for tests only"
	}
	to := floorOf(irel)
	if to == nil || to.name != f.name && !contains(f.imports, to.name) && !testSupport(rel) {
		return "a floor it may not import"
	}
	if contains(transports, rel) && contains(transports, irel) {
		return "a transport never imports another"
	}
	return ""
}

// maxPackageLines bounds a package's Go source, tests and generated
// files aside: past it, a package holds more than one concept and is split
// by concept (as the final score and play to a target were).
const maxPackageLines = 2500

// TestPackageSize checks that no package's own source (its Go files for
// this platform, tests and generated files aside) passes maxPackageLines.
func TestPackageSize(t *testing.T) {
	for _, p := range listPackages(t) {
		lines := 0
		for _, f := range p.GoFiles {
			b, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				t.Fatal(err)
			}
			if generated.Match(b) {
				continue
			}
			lines += bytes.Count(b, []byte("\n"))
		}
		if lines > maxPackageLines {
			t.Errorf("%s: %d lines of Go, more than %d: split it by concept", p.ImportPath, lines, maxPackageLines)
		}
	}
}

// generated matches the line Go's convention puts in a generated file.
var generated = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)
