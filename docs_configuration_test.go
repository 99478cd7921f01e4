package main

import (
	"os"
	"strings"
	"testing"

	"github.com/alea-bot/alea/config"
)

// TestDocsConfigurationTable: the configuration table of docs/operating.md
// lists every setting config reads, with its default, and nothing else.
func TestDocsConfigurationTable(t *testing.T) {
	const doc = "docs/operating.md"
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		if name != "" && strings.Trim(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == "" {
			rows[name] = strings.Trim(strings.TrimSpace(cells[2]), "`")
		}
	}
	for _, v := range config.Variables {
		def, ok := rows[v.Name]
		if !ok {
			t.Errorf("%s's configuration table lacks %s", doc, v.Name)
			continue
		}
		if def != v.Default {
			t.Errorf("%s gives %s the default %q; config has %q", doc, v.Name, def, v.Default)
		}
		delete(rows, v.Name)
	}
	for name := range rows {
		t.Errorf("%s lists %s, which config does not read", doc, name)
	}
}
