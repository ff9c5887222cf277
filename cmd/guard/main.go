// Command guard stands between an AI coding agent and the machine it works on.
//
// Agents run it at every lifecycle hook with a JSON payload on standard input;
// people run its subcommands to install hooks, try inputs, read the audit log
// and start the console. See README.md.
package main

import "os"

// Set by the release build through -ldflags "-X main.version=…".
var (
	version = "0.2.0"
	commit  = ""
	date    = ""
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
