//go:build unix

package hook

import (
	"os/signal"
	"syscall"
)

// ignoreSIGPIPE makes a write to a closed standard output fail with EPIPE
// instead of killing the process with SIGPIPE (status 141, neither allow nor
// block): the hook path then answers exit 2.
func ignoreSIGPIPE() { signal.Ignore(syscall.SIGPIPE) }
