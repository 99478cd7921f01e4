// Package bot is the core every transport shares: it carries interactions
// between Discord (or a local stand-in) and the command handlers of
// package commands.
//
// The [Router] finds the handler of a command path or a custom_id; the
// [Dispatcher] runs it inside a chain of [Middleware], functions that
// wrap a [HandlerFunc] as disgo's handler and arikawa's cmdroute compose
// theirs. The wiring assembles the chain (internal/app for alea serve,
// bot/runner for alea run) from the middleware of this package, each
// named for what it does: [LogInteractions], [CountInteractions],
// [Answer] (acknowledge when no reply is ready in time, then send),
// [RecoverPanics], [FitDiscordLimits], [RefuseWhileClosing], [LimitRate]
// (each user's rate, then everyone's; a press costs a quarter of a
// request), and around the routed command [CacheReplies], [GateHeavyWork]
// (a fair share of heavy work, taken with commands.Heavy) and
// [LimitTime]. Transports implement [Exchange], each in a package of its
// own: bot/gateway (the gateway session), bot/endpoint (the HTTP
// interactions endpoint), bot/playground (the local page) and bot/runner
// (alea run). bot/payload converts between Discord's objects and package
// commands, bot/rest delivers replies through Discord's REST API, and
// bot/health serves /healthz, /readyz and /metrics.
package bot
