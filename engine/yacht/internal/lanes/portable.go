//go:build !(goexperiment.simd && amd64)

package lanes

import "github.com/alea-bot/alea/engine/yacht"

// The batch kernels are the portable ones (see simd.go for the vector
// build).

// RollBack is RollBackPortable in this build.
func RollBack(kv *[yacht.NumKeeps]Row) Row { return RollBackPortable(kv) }

// MaxIndexed is MaxIndexedPortable in this build.
func MaxIndexed(e3 *[yacht.NumPatterns]Row, vals []Row, idx *[yacht.NumPatterns]uint8, list []uint8) {
	MaxIndexedPortable(e3, vals, idx, list)
}

// Kernel names the kernel RollBack uses.
func Kernel() string { return "portable" }
