//go:build goexperiment.simd && amd64

package yacht

import "simd/archsimd"

// rollBackKernels lists the batch kernels this processor can run, by name.
func rollBackKernels() map[string]func(*[NumKeeps]lanes) lanes {
	ks := map[string]func(*[NumKeeps]lanes) lanes{"portable": rollBackLanes}
	if archsimd.X86.AVX2() {
		ks["avx2"] = rollBackAVX2
	}
	if archsimd.X86.AVX512() {
		ks["avx512"] = rollBackAVX512
	}
	return ks
}
