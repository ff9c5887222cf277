//go:build unix

package detect_test

import "syscall"

// cpuTime returns the CPU time the process has used, in nanoseconds, or -1.
// On a machine shared with other work, CPU time per operation varies far
// less than wall time.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
