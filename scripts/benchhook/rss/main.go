// Command rss runs a program and reports its peak resident memory, for
// scripts/benchhook: `rss prog args…` runs prog with rss's own standard
// streams, then writes "benchhook-rss <bytes>" as the last line of
// standard error and exits with prog's code.
//
// A program started by benchhook itself would report benchhook's own peak
// as its floor: on Linux a child started with a shared address space
// (vfork, as Go starts programs) inherits its parent's high-water mark at
// exec. Started from this small program, the floor is this program's few
// MiB.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: rss program [args…]")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		fmt.Fprintln(os.Stderr, "rss:", err)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "\nbenchhook-rss %d\n", maxRSS(cmd.ProcessState))
	os.Exit(cmd.ProcessState.ExitCode())
}
