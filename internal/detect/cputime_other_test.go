//go:build !unix

package detect_test

func cpuTime() int64 { return -1 }
