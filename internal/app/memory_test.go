package app

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/config"
)

// peakRSS is the process's peak resident set (VmHWM), in MB.
func peakRSS(t *testing.T) int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status")
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return kb / 1024
		}
	}
	return 0
}

// TestMeasureYatzyFlood is a measurement, not a check of the build: 10
// accounts ask Yatzy /yacht-stats at once through the dispatcher with
// the production options (HEAVY_MEMORY's default) and 16 heavy slots, as
// on a 16-CPU host; it logs the process's peak RSS. It runs only with
// ALEA_MEASURE_MEMORY=1 (minutes of CPU), alone: go test -run
// TestMeasureYatzyFlood ./internal/app/ (HEAVY_MEMORY=0 in the
// environment measures without the budget).
func TestMeasureYatzyFlood(t *testing.T) {
	if os.Getenv("ALEA_MEASURE_MEMORY") == "" {
		t.Skip("a measurement: set ALEA_MEASURE_MEMORY=1")
	}
	env := map[string]string{"MAX_HEAVY": "16", "HEAVY_MEMORY": os.Getenv("HEAVY_MEMORY")}
	cfg, err := config.FromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok && v != "" })
	if err != nil {
		t.Fatal(err)
	}
	reg := all.Registry(all.Loopback())
	// The production chain without the rate limits, waiting long.
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	o := bot.Options{Logger: log,
		Middleware: []bot.Middleware{bot.Answer(log, bot.DefaultDeferAfter), bot.RecoverPanics(log), bot.FitDiscordLimits(log)},
		Routed: []bot.Middleware{bot.GateHeavyWork(bot.HeavyLimits{Slots: cfg.MaxHeavy, Memory: int64(cfg.HeavyMemoryMB) << 20, Wait: 30 * time.Minute}),
			bot.LimitTime()}}
	d, err := bot.NewDispatcher(reg, o)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	bot.Warm(context.Background(), reg, log, nil)
	t.Logf("tables warm in %s, peak RSS %d MB", time.Since(start).Round(time.Second), peakRSS(t))
	var wg sync.WaitGroup
	outcomes := make([]bot.Outcome, 10)
	start = time.Now()
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, err := runner.SlashRequest(reg, fmt.Sprintf("/yacht-stats rules:yatzy games:100 seed:%d", i+1), commands.English)
			if err != nil {
				t.Error(err)
				return
			}
			req.UserID, req.ID = fmt.Sprintf("account%d", i), fmt.Sprint(i)
			_, outcomes[i] = d.Do(context.Background(), req)
		}()
	}
	wg.Wait()
	t.Logf("HEAVY_MEMORY=%d MB: 10 Yatzy /yacht-stats in %s, outcomes %v, peak RSS %d MB",
		cfg.HeavyMemoryMB, time.Since(start).Round(time.Second), outcomes, peakRSS(t))
}
