package config

import (
	"strings"
	"testing"
	"time"
)

// SHUTDOWN_GRACE defaults to 8 s (below Docker's 10 s stop timeout) and
// takes a Go duration from 100 ms to 10 min; anything else is named.
func TestShutdownGrace(t *testing.T) {
	c, err := FromEnv(env())
	if err != nil || c.ShutdownGrace != 8*time.Second {
		t.Fatalf("default SHUTDOWN_GRACE %v (%v), want 8s", c.ShutdownGrace, err)
	}
	c, err = FromEnv(env("SHUTDOWN_GRACE", "300ms"))
	if err != nil || c.ShutdownGrace != 300*time.Millisecond {
		t.Fatalf("SHUTDOWN_GRACE=300ms read as %v (%v)", c.ShutdownGrace, err)
	}
	for _, bad := range []string{"8", "-1s", "0", "50ms", "11m", "soon"} {
		_, err := FromEnv(env("SHUTDOWN_GRACE", bad))
		if err == nil || !strings.Contains(err.Error(), "SHUTDOWN_GRACE=") {
			t.Errorf("SHUTDOWN_GRACE=%q: %v, want the variable named", bad, err)
		}
	}
}

// DISCORD_GATEWAY: on by default with a token; false runs the HTTP
// endpoint alone while the token still registers the commands; it makes
// no sense without a token (true) or without an endpoint (false).
func TestDiscordGateway(t *testing.T) {
	c, err := FromEnv(env("DISCORD_TOKEN", token))
	if err != nil || !c.Gateway() || !c.Registers() {
		t.Fatalf("token alone: gateway %v, registers %v (%v)", c.Gateway(), c.Registers(), err)
	}
	c, err = FromEnv(env("DISCORD_TOKEN", token, "DISCORD_GATEWAY", "false", "DISCORD_PUBLIC_KEY", publicKey, "HTTP_ADDR", ":8443"))
	if err != nil || c.Gateway() || !c.Endpoint() || !c.Registers() {
		t.Fatalf("DISCORD_GATEWAY=false: gateway %v, endpoint %v, registers %v (%v)", c.Gateway(), c.Endpoint(), c.Registers(), err)
	}
	c, err = FromEnv(env("DISCORD_PUBLIC_KEY", publicKey, "HTTP_ADDR", ":8443", "STATE_SECRET", "0123456789abcdef0123"))
	if err != nil || c.Gateway() || c.Registers() {
		t.Fatalf("public key alone: gateway %v, registers %v (%v)", c.Gateway(), c.Registers(), err)
	}
	c, err = FromEnv(env("DISCORD_TOKEN", token, "SHARD_COUNT", "2", "SHARD_ID", "1"))
	if err != nil || c.Registers() {
		t.Fatalf("shard 1 registers %v (%v); only shard 0 does", c.Registers(), err)
	}
	for _, bad := range [][]string{
		{"DISCORD_GATEWAY", "maybe", "DISCORD_TOKEN", token},
		{"DISCORD_GATEWAY", "true"},
		{"DISCORD_GATEWAY", "false", "DISCORD_TOKEN", token},
	} {
		_, err := FromEnv(env(bad...))
		if err == nil || !strings.Contains(err.Error(), "DISCORD_GATEWAY=") {
			t.Errorf("%q: %v, want DISCORD_GATEWAY named", bad, err)
		}
	}
}
