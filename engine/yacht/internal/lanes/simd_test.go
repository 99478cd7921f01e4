//go:build goexperiment.simd && amd64

package lanes

import (
	"simd/archsimd"

	"github.com/alea-bot/alea/engine/yacht"
)

// kernels lists the batch kernels this processor can run, by name.
func kernels() map[string]func(*[yacht.NumKeeps]Row) Row {
	ks := map[string]func(*[yacht.NumKeeps]Row) Row{"portable": RollBackPortable}
	if archsimd.X86.AVX2() {
		ks["avx2"] = rollBackAVX2
	}
	if archsimd.X86.AVX512() {
		ks["avx512"] = rollBackAVX512
	}
	return ks
}
