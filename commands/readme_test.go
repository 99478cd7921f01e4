package commands_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
)

// commands/README.md cannot fall behind the code: the definition it
// shows is the worked example's (every line of it, up to its "…", is in
// guide_test.go, which go test compiles and runs), and every name it
// uses exists: the fields of a definition, the request's fields and
// methods, and what it calls in packages commands, bot and bot/bottest.
func TestReadmeNamesWhatExists(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	guide, err := os.ReadFile("guide_test.go")
	if err != nil {
		t.Fatal(err)
	}
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	example := flat(string(guide))

	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(readme, -1)
	if len(blocks) < 2 {
		t.Fatalf("README has %d Go blocks, want the definition and the test", len(blocks))
	}
	// The definition: each line's code (without its comment) is the
	// worked example's, piece by piece between the "…" it leaves out.
	for _, line := range strings.Split(blocks[0][1], "\n") {
		code := strings.TrimSpace(line)
		if strings.HasPrefix(code, "//") {
			continue
		}
		if i := strings.Index(code, " // "); i >= 0 {
			code = code[:i]
		}
		for _, piece := range strings.Split(code, "…") {
			if p := flat(piece); p != "" && !strings.Contains(example, p) {
				t.Errorf("README's definition shows %q, which guide_test.go does not have", p)
			}
		}
	}

	// Keys of the definition: fields of the types a command is made of.
	fields := map[string]bool{}
	for _, v := range []any{commands.Command{}, commands.Option{}, commands.Subcommand{}, commands.Route{}, commands.Caching{}} {
		ty := reflect.TypeOf(v)
		for i := 0; i < ty.NumField(); i++ {
			fields[ty.Field(i).Name] = true
		}
	}
	var code strings.Builder
	for _, blk := range blocks {
		code.WriteString(blk[1])
	}
	for _, m := range regexp.MustCompile(`\b([A-Z]\w*):\s`).FindAllStringSubmatch(blocks[0][1], -1) {
		if !fields[m[1]] {
			t.Errorf("README's definition sets %s, which is not a field of a command's definition", m[1])
		}
	}

	// req.X anywhere: a field or method of commands.Request (or of its
	// Options).
	req := reflect.TypeOf(&commands.Request{})
	for _, m := range regexp.MustCompile(`\breq\.([A-Z]\w*)(?:\.([A-Z]\w*))?`).FindAllStringSubmatch(readme, -1) {
		_, isField := req.Elem().FieldByName(m[1])
		_, isMethod := req.MethodByName(m[1])
		if !isField && !isMethod {
			t.Errorf("README names req.%s, which commands.Request does not have", m[1])
		}
		if m[1] == "Options" && m[2] != "" {
			if _, ok := reflect.TypeOf(commands.Options{}).MethodByName(m[2]); !ok {
				t.Errorf("README names req.Options.%s, which commands.Options does not have", m[2])
			}
		}
	}
	// h.X in the code: the test harness's methods and fields.
	harness := reflect.TypeOf(&bottest.Harness{})
	for _, m := range regexp.MustCompile(`\bh\.([A-Z]\w*)`).FindAllStringSubmatch(code.String(), -1) {
		_, isField := harness.Elem().FieldByName(m[1])
		_, isMethod := harness.MethodByName(m[1])
		if !isField && !isMethod {
			t.Errorf("README calls h.%s, which bottest.Harness does not have", m[1])
		}
	}
	// pkg.X anywhere: an exported name of that package.
	for pkg, dir := range map[string]string{"commands": ".", "bot": "../bot", "bottest": "../bot/bottest"} {
		names := exportedNames(t, dir)
		for _, m := range regexp.MustCompile(`\b`+pkg+`\.([A-Z]\w*)`).FindAllStringSubmatch(readme, -1) {
			if !names[m[1]] {
				t.Errorf("README names %s.%s, which package %s does not export", pkg, m[1], pkg)
			}
		}
	}
}

// exportedNames are the exported top-level names of the package in dir
// (its non-test files).
func exportedNames(t *testing.T, dir string) map[string]bool {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}
