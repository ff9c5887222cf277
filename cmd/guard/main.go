// Command guard stands between an AI coding agent and the machine it works on.
//
// Agents run it at every lifecycle hook with a JSON payload on standard input;
// people run its subcommands to install hooks, try inputs, read the audit log
// and start the console. See README.md.
package main

import (
	"os"

	"github.com/guardhq/guard/internal/hookstart"
)

// docsMain is set only in builds with the gendocs tag (gendocs.go): such a
// build writes the man pages and shell completions for the release instead of
// running guard. Release binaries never have it.
var docsMain func(args []string) int

func main() {
	hookstart.Restore()
	if docsMain != nil {
		os.Exit(docsMain(os.Args[1:]))
	}
	if hookstart.IsHookCall(os.Args[1:]) {
		leanHook()
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
