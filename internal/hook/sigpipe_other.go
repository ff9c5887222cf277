//go:build !unix

package hook

// ignoreSIGPIPE does nothing where there is no SIGPIPE.
func ignoreSIGPIPE() {}
