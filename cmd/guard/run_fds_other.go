//go:build !unix

package main

// closeOnExecFrom3: no sandbox engine here, nothing to pass.
func closeOnExecFrom3() error { return nil }
