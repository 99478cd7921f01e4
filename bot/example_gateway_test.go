package bot_test

import (
	"context"
	"log"
	"os"
	"os/signal"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands/all"
)

// A gateway bot: connect, register the commands, answer until Ctrl-C,
// then stop taking interactions and finish those in flight.
func ExampleNewGateway() {
	d, err := bot.NewDispatcher(all.Registry(all.Loopback()), bot.Options{})
	if err != nil {
		log.Fatal(err)
	}
	gw, err := bot.NewGateway(d, bot.GatewayOptions{
		Token:   os.Getenv("DISCORD_TOKEN"),
		GuildID: os.Getenv("DISCORD_GUILD_ID"), // empty: global commands
	})
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := gw.Open(ctx); err != nil {
		log.Fatal(err)
	}
	<-ctx.Done()
	shutdown, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	_ = gw.Close(shutdown)
	_ = d.Close(shutdown)
}
