//go:build unix && !linux

package main

// closeOnExecFrom3 marks every descriptor from 3 up close-on-exec, so that
// none inherited from the caller passes into the sandbox.
func closeOnExecFrom3() error { return cloexecListed("/dev/fd") }
