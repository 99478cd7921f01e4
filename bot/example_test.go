package bot_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
)

// A middleware is a function of the next handler; the wiring lists them,
// outermost first, around every interaction (Middleware) or around the
// command it was routed to (Routed, where bot.CommandOf names it).
func ExampleMiddleware() {
	shout := func(next bot.HandlerFunc) bot.HandlerFunc {
		return func(ctx context.Context, req *commands.Request) bot.Result {
			res := next(ctx, req)
			if res.Outcome == bot.OK {
				r := *res.Reply // the reply may be cached: change a copy
				r.Content = strings.ToUpper(r.Content) + " (" + bot.CommandOf(ctx).Name.En + ")"
				res.Reply = &r
			}
			return res
		}
	}
	hello := &commands.Command{Name: commands.T("hello", "", ""), Description: commands.T("Says hello", "", ""),
		Handle: func(context.Context, *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "hello"}, nil
		}}
	log := slog.New(slog.DiscardHandler)
	d, err := bot.NewDispatcher(commands.NewRegistry(hello), bot.Options{
		Logger:     log,
		Middleware: []bot.Middleware{bot.Answer(log, bot.DefaultDeferAfter), bot.RecoverPanics(log), bot.FitDiscordLimits(log)},
		Routed:     []bot.Middleware{shout, bot.LimitTime()},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, out := d.Do(context.Background(), &commands.Request{Kind: commands.KindCommand, ID: "1", Command: "hello", UserID: "u"})
	fmt.Println(out, r.Content)
	// Output: ok HELLO (hello)
}
