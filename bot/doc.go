// Package bot is the core every transport shares: it carries interactions
// between Discord (or a local stand-in) and the command handlers of
// package commands.
//
// The [Router] finds the handler of a command path or a custom_id; the
// [Dispatcher] runs it under the middleware every transport shares: panic
// recovery, structured logs, rate limits (each user's, then everyone's:
// a request its user's limit refuses costs the others nothing), a result
// cache (bounded, the replies used least recently going first), a fair
// share of heavy work (handlers take a turn with commands.Heavy), a time
// budget, Discord's limits on every reply, and deferral decided by the
// clock (acknowledge after DeferAfter, then edit). Transports implement
// [Exchange], each in a package of its own: bot/gateway (the gateway
// session), bot/endpoint (the HTTP interactions endpoint), bot/playground
// (the local page) and bot/runner (alea run). bot/payload converts
// between Discord's objects and package commands, bot/rest delivers
// replies through Discord's REST API, and bot/health serves /healthz,
// /readyz and /metrics.
package bot
