package all_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
)

// verbs returns, for each argument a format string uses, its verb
// ('s', 'd', 'f'…), following explicit indexes ("%[2]s") as fmt does.
func verbs(format string) map[int]byte {
	out := map[int]byte{}
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			i++
		}
		readIndex := func() {
			if i < len(format) && format[i] == '[' {
				j := strings.IndexByte(format[i:], ']')
				if j > 0 {
					if n, err := strconv.Atoi(format[i+1 : i+j]); err == nil {
						arg = n - 1
					}
					i += j + 1
				}
			}
		}
		readIndex()
		for i < len(format) && (format[i] >= '0' && format[i] <= '9' || format[i] == '.') {
			i++
		}
		readIndex()
		if i >= len(format) {
			break
		}
		if format[i] == '%' {
			continue
		}
		out[arg] = format[i]
		arg++
	}
	return out
}

// slashName finds a command named in inline code: "`/요트 시작`".
var slashName = regexp.MustCompile("`/([^ `]+)")

// TestFormatsAgreeAcrossLanguages reads every commands.T(en, ko, ja) of the
// command packages and checks that the Korean and the Japanese format use
// the same arguments with the same verbs as the English one (a sentence
// that reorders its arguments must say so with explicit indexes; arguments
// of one verb that trade places are caught by the pinned sentences of
// TestKeySentences), and that a command named in them is named as the
// picker shows it in that language.
func TestFormatsAgreeAcrossLanguages(t *testing.T) {
	root := ".."
	// The commands by the names a player sees, for commands named in text.
	names := map[string]map[string]bool{"ko": {}, "ja": {}}
	for _, c := range all.Registry(all.Loopback()).Commands() {
		names["ko"][c.Name.In(commands.Korean)] = true
		names["ja"][c.Name.In(commands.Japanese)] = true
	}
	fset := token.NewFileSet()
	n := 0
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(node ast.Node) bool {
			call, ok := node.(*ast.CallExpr)
			if !ok || len(call.Args) < 3 {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			case *ast.Ident:
				name = fn.Name
			}
			if name != "T" && name != "Reject" && name != "reject" {
				return true
			}
			var texts [3]string
			for i := 0; i < 3; i++ {
				lit, ok := call.Args[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				texts[i] = s
			}
			n++
			en := verbs(texts[0])
			for k, lang := range []string{"ko", "ja"} {
				for _, m := range slashName.FindAllStringSubmatch(texts[k+1], -1) {
					if !names[lang][m[1]] {
						t.Errorf("%s: %s names the command /%s, not as the picker shows it in that language:\n  %q", fset.Position(call.Pos()), lang, m[1], texts[k+1])
					}
				}
				got := verbs(texts[k+1])
				if len(got) != len(en) {
					t.Errorf("%s: %s uses %d arguments, English %d:\n  en %q\n  %s %q", fset.Position(call.Pos()), lang, len(got), len(en), texts[0], lang, texts[k+1])
					continue
				}
				for i, v := range en {
					if got[i] != v {
						t.Errorf("%s: argument %d is %%%c in English but %%%c in %s:\n  en %q\n  %s %q", fset.Position(call.Pos()), i+1, v, got[i], lang, texts[0], lang, texts[k+1])
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Errorf("only %d three-language formats found", n)
	}
}
