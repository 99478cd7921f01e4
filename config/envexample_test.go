package config

import (
	"os"
	"strings"
	"testing"
)

// .env.example lists exactly the variables of Variables, in their order,
// each after a comment line and with an empty value or its default, so the
// file and the code cannot drift apart.
func TestEnvExampleListsEveryVariable(t *testing.T) {
	b, err := os.ReadFile("../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	var names []string
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			t.Errorf(".env.example line %d is not NAME=value: %q", i+1, line)
			continue
		}
		if i == 0 || !strings.HasPrefix(strings.TrimSpace(lines[i-1]), "# ") {
			t.Errorf(".env.example: %s has no comment line above it", name)
		}
		for _, v := range Variables {
			if v.Name == name && value != "" && value != v.Default {
				t.Errorf(".env.example sets %s=%q; leave it empty or give the default %q", name, value, v.Default)
			}
		}
		names = append(names, name)
	}
	var want []string
	for _, v := range Variables {
		want = append(want, v.Name)
	}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf(".env.example lists\n%v\nconfig.Variables is\n%v", names, want)
	}
	// The example loads without an error.
	vals := map[string]string{}
	for _, line := range lines {
		if name, value, ok := strings.Cut(strings.TrimSpace(line), "="); ok && !strings.HasPrefix(line, "#") {
			vals[name] = value
		}
	}
	if _, err := FromEnv(func(k string) (string, bool) { v, ok := vals[k]; return v, ok }); err != nil {
		t.Errorf(".env.example as settings: %v", err)
	}
}
