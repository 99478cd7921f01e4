//go:build !(goexperiment.simd && amd64)

package yacht

// rollBackKernels lists the batch kernels of this build: the portable one.
func rollBackKernels() map[string]func(*[NumKeeps]lanes) lanes {
	return map[string]func(*[NumKeeps]lanes) lanes{"portable": rollBackLanes}
}
