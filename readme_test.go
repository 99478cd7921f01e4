package main

import (
	"os"
	"strings"
	"testing"

	"github.com/alea-bot/alea/config"
)

// The README's configuration table lists every setting config reads, with
// its default, and nothing else.
func TestReadmeConfigurationTable(t *testing.T) {
	b, err := os.ReadFile("README.md")
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
		if name == strings.ToUpper(name) && strings.Contains(name, "_") {
			rows[name] = strings.Trim(strings.TrimSpace(cells[2]), "`")
		}
	}
	for _, v := range config.Variables {
		def, ok := rows[v.Name]
		if !ok {
			t.Errorf("README's configuration table lacks %s", v.Name)
			continue
		}
		if def != v.Default {
			t.Errorf("README gives %s the default %q; config has %q", v.Name, def, v.Default)
		}
		delete(rows, v.Name)
	}
	for name := range rows {
		t.Errorf("README lists %s, which config does not read", name)
	}
}
