package gateway_test

import (
	"context"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/gateway"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/bot/registration"
	"github.com/alea-bot/alea/commands/all"
)

// A gateway bot: register the commands over REST, connect, answer until
// Ctrl-C, then stop taking interactions and finish those in flight.
func ExampleNew() {
	l := slog.Default()
	d, err := bot.NewDispatcher(all.Registry(all.Loopback()), bot.Options{Logger: l,
		Middleware: []bot.Middleware{bot.LogInteractions(l), bot.Answer(l, bot.DefaultDeferAfter), bot.RecoverPanics(l),
			bot.FitDiscordLimits(l), bot.RefuseWhileClosing(), bot.LimitRate(bot.DefaultRateLimits(), nil)},
		Routed: []bot.Middleware{bot.CacheReplies(bot.CacheOptions{TTL: bot.DefaultCacheTTL}), bot.GateHeavyWork(bot.HeavyLimits{}), bot.LimitTime()},
	})
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if _, err := registration.Register(ctx, payload.Definitions(all.Registry(all.Loopback())), registration.Options{
		Token:   os.Getenv("DISCORD_TOKEN"),
		GuildID: os.Getenv("DISCORD_GUILD_ID"), // empty: global commands
	}); err != nil {
		log.Fatal(err)
	}
	gw, err := gateway.New(d, gateway.Options{Token: os.Getenv("DISCORD_TOKEN")})
	if err != nil {
		log.Fatal(err)
	}
	if err := gw.Open(ctx); err != nil {
		log.Fatal(err)
	}
	<-ctx.Done()
	shutdown, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	_ = gw.Close(shutdown)
	_ = d.Close(shutdown)
}
