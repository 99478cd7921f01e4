package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/alea-bot/alea/store"
)

func TestOff(t *testing.T) {
	ctx := context.Background()
	s, err := store.Open(ctx, store.Off)
	if err != nil {
		t.Fatal(err)
	}
	if s.Engine() != "off" {
		t.Fatalf("Engine = %q", s.Engine())
	}
	if err := s.Health(ctx); err != nil { // memory off is not an outage
		t.Fatalf("Health with memory off: %v", err)
	}
	if ok, err := s.Record(ctx, store.Game{ID: "x"}); ok || !errors.Is(err, store.ErrRecordingOff) {
		t.Fatalf("Record with memory off = %v, %v", ok, err)
	}
	if _, err := s.Standings(ctx, store.StandingsQuery{}); !errors.Is(err, store.ErrOff) {
		t.Fatalf("Standings with memory off: %v", err)
	}
}

func TestOpenRejectsUnknownURLs(t *testing.T) {
	for _, u := range []string{"", "mysql://u:secret@h/db", "alea.db", "sqlite:"} {
		if _, err := store.Open(context.Background(), u); err == nil {
			t.Errorf("Open(%q) succeeded", u)
		} else if strings.Contains(err.Error(), "secret") {
			t.Errorf("Open(%q) error shows the password: %v", u, err)
		}
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://alea:s3cret@db:5432/alea":     "postgres://alea:xxxxx@db:5432/alea",
		"postgres://alea@db/alea?password=s3cret": "postgres://alea@db/alea?password=xxxxx",
		"postgresql://db/alea":                    "postgresql://db/alea",
		"sqlite:alea.db":                          "sqlite:alea.db",
		"off":                                     "off",
		"postgres://al ea:s3cret@db:5432/%zz":     "(unparsable URL hidden)",
	} {
		if got := store.Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}
