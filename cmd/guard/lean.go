package main

import "runtime/debug"

// hookMemoryLimit bounds the heap of a hook process, whose collector is off:
// past it the collector runs after all. A payload is at most 8 MiB and a
// transcript tail 4 MiB; their copies fit many times over.
const hookMemoryLimit = 256 << 20

// leanHook turns the garbage collector off for a hook process: it lives
// for one call, and a collection there costs more (its workers' stacks,
// its marking, the pages it touches) than the little garbage it frees. The
// memory limit keeps a huge payload from growing the heap without bound.
func leanHook() {
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(hookMemoryLimit)
}
