package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/alea-bot/alea/config"
)

// Without Discord settings alea serves the playground, and refuses an
// address beyond this machine unless PLAYGROUND_PUBLIC=true.
func TestServeRefusesAPublicPlaygroundUnlessAllowed(t *testing.T) {
	cfg, err := config.FromEnv(func(name string) (string, bool) {
		switch name {
		case "PLAYGROUND_ADDR":
			return "0.0.0.0:0", true
		case "HEALTH_ADDR":
			return "127.0.0.1:0", true
		}
		return "", false
	})
	if err != nil {
		t.Fatal(err)
	}
	err = serve(context.Background(), cfg, slog.New(slog.DiscardHandler), false)
	if err == nil || !strings.Contains(err.Error(), "PLAYGROUND_ADDR") || !strings.Contains(err.Error(), "PLAYGROUND_PUBLIC=true") {
		t.Fatalf("serve: %v", err)
	}
}
