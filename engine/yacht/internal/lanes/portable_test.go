//go:build !(goexperiment.simd && amd64)

package lanes

import "github.com/alea-bot/alea/engine/yacht"

// kernels lists the batch kernels of this build: the portable one.
func kernels() map[string]func(*[yacht.NumKeeps]Row) Row {
	return map[string]func(*[yacht.NumKeeps]Row) Row{"portable": RollBackPortable}
}
