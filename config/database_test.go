package config

import (
	"fmt"
	"strings"
	"testing"
)

// DATABASE_URL defaults to an SQLite file in the working directory,
// takes off, sqlite:PATH and postgres://, and a bad value is named
// without its password.
func TestDatabaseURL(t *testing.T) {
	c, err := FromEnv(env())
	if err != nil || c.DatabaseURL.Reveal() != "sqlite:alea.db" {
		t.Fatalf("default DATABASE_URL %q (%v), want sqlite:alea.db", c.DatabaseURL.Reveal(), err)
	}
	for _, ok := range []string{"off", "sqlite:/data/alea.db", "postgres://alea:pw@db:5432/alea", "postgresql://db/alea"} {
		if c, err := FromEnv(env("DATABASE_URL", ok)); err != nil || c.DatabaseURL.Reveal() != ok {
			t.Errorf("DATABASE_URL=%s: %q, %v", ok, c.DatabaseURL.Reveal(), err)
		}
	}
	for _, bad := range []string{"mysql://alea:hunter2-secret@db/alea", "alea.db", "sqlite:"} {
		_, err := FromEnv(env("DATABASE_URL", bad))
		if err == nil || !strings.Contains(err.Error(), "DATABASE_URL") || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("DATABASE_URL=%s: %v", bad, err)
		}
	}
	c, _ = FromEnv(env("DATABASE_URL", "postgres://alea:hunter2-secret@db/alea"))
	if s := fmt.Sprintf("%v %+v", c, c); strings.Contains(s, "hunter2") {
		t.Error("the configuration prints the database password")
	}
}
