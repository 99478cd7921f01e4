package config_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/config"
)

// The settings' defaults are the dispatcher's: alea serve with no
// settings runs with the dispatcher's defaults (the cache, the rate limits and
// their bursts as the variables' meanings state, the heavy-work bound).
// With TestEnvExampleListsEveryVariable (.env.example) and
// TestDocsConfigurationTable (docs/operating.md), every default has one
// value everywhere.
func TestDefaultsAreTheDispatchersOptions(t *testing.T) {
	c, err := config.FromEnv(func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	o := bot.DefaultRateLimits()
	if c.CacheTTL != bot.DefaultCacheTTL {
		t.Errorf("CACHE_TTL defaults to %s, the dispatcher to %s", c.CacheTTL, bot.DefaultCacheTTL)
	}
	if c.CacheEntries != bot.DefaultCacheEntries {
		t.Errorf("CACHE_ENTRIES defaults to %d, the dispatcher to %d", c.CacheEntries, bot.DefaultCacheEntries)
	}
	if rate.Limit(c.UserRate) != o.UserRate {
		t.Errorf("RATE_PER_USER defaults to %v, the dispatcher to %v", c.UserRate, o.UserRate)
	}
	if rate.Limit(c.GlobalRate) != o.GlobalRate || o.GlobalBurst != int(2*c.GlobalRate) {
		t.Errorf("RATE_GLOBAL defaults to %v (bursts of twice that), the dispatcher to %v, burst %d", c.GlobalRate, o.GlobalRate, o.GlobalBurst)
	}
	if c.MaxHeavy != (bot.HeavyLimits{}).Slots {
		t.Errorf("MAX_HEAVY defaults to %d, the dispatcher to %d", c.MaxHeavy, (bot.HeavyLimits{}).Slots)
	}
	meaning := map[string]string{}
	for _, v := range config.Variables {
		meaning[v.Name] = v.Meaning
	}
	if want := fmt.Sprintf("bursts of %d", o.UserBurst); !strings.Contains(meaning["RATE_PER_USER"], want) {
		t.Errorf("RATE_PER_USER says %q; the dispatcher allows %s", meaning["RATE_PER_USER"], want)
	}
	if !strings.Contains(meaning["RATE_GLOBAL"], "bursts of twice that") {
		t.Errorf("RATE_GLOBAL says %q; the bursts are twice the rate", meaning["RATE_GLOBAL"])
	}
}
