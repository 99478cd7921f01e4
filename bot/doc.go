// Package bot carries interactions between Discord (or a local stand-in)
// and the command handlers of package commands.
//
// The [Router] finds the handler of a command path or a custom_id; the
// [Dispatcher] runs it under the middleware every transport shares: panic
// recovery, structured logs, a per-user rate limit, a result cache, a bound
// on concurrent heavy work, a time budget, and deferral decided by the
// clock (acknowledge after DeferAfter, then edit). Transports implement
// [Exchange]: the gateway session, the HTTP interactions endpoint, the
// local runner (alea run) and the playground.
package bot
