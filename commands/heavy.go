package commands

import "context"

// HeavyGate admits heavy work fairly between users. The dispatcher puts
// one in every request's context; handlers reach it through Heavy.
type HeavyGate interface {
	// Enter waits for the request's turn at heavy work. It returns the
	// context the work runs under, whose time budget starts when the
	// turn comes (waiting is not charged), and the func that ends the
	// turn. Its error is a refusal worded for the user, or ctx's error;
	// the handler returns it as it is. memory is the work's estimated
	// peak memory in bytes (0: small): the gate keeps the sum of the
	// estimates of the work running within its memory budget, and work
	// beyond it waits its turn.
	Enter(ctx context.Context, memory int64) (context.Context, func(), error)
}

type heavyGateKey struct{}

// WithHeavyGate returns ctx carrying g for Heavy.
func WithHeavyGate(ctx context.Context, g HeavyGate) context.Context {
	return context.WithValue(ctx, heavyGateKey{}, g)
}

// Heavy is called by a handler just before heavy work — building a table,
// a simulation, a big search — and not before a lookup in something
// already built. It waits for the user's turn and returns the context to
// do the work under and the func that ends the turn:
//
//	ctx, done, err := commands.Heavy(ctx)
//	if err != nil {
//		return nil, err
//	}
//	defer done()
//
// Without a gate in ctx (a handler called directly), and when ctx
// already holds a turn, it returns ctx and a func that does nothing.
func Heavy(ctx context.Context) (context.Context, func(), error) {
	return HeavyMemory(ctx, 0)
}

// HeavyMemory is Heavy for work that holds about memory bytes at its
// peak (a large table or distribution): its turn comes only when that
// much fits in the gate's memory budget beside the work running.
func HeavyMemory(ctx context.Context, memory int64) (context.Context, func(), error) {
	if g, ok := ctx.Value(heavyGateKey{}).(HeavyGate); ok && g != nil {
		return g.Enter(ctx, memory)
	}
	return ctx, func() {}, nil
}
