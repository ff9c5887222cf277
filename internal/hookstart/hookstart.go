// Package hookstart prepares a hook process before the libraries' package
// initialisation runs.
//
// kardianos/service detects the init system in its package init, in every
// process that links it: a PATH search for rpm-ostree, systemctl,
// openrc-init and service, a stat per PATH directory each (about fifty
// stats here, 0.2 ms of a 2.8 ms hook process). A hook process never uses
// the service manager. This package imports only os, so by the Go
// specification's order (by import path, once a package's imports are
// initialised) its init runs before kardianos/service's: for a hook call it
// empties PATH, the searches find nothing at once, and main puts PATH back
// with Restore before any of guard's code runs. Other commands (`guard
// service install`) keep PATH throughout, so detection there is the
// library's own.
package hookstart

import "os"

// saved is the PATH the process started with while init has hidden it.
var saved struct {
	hidden bool
	set    bool
	value  string
}

func init() {
	if !IsHookCall(os.Args[1:]) {
		return
	}
	saved.value, saved.set = os.LookupEnv("PATH")
	if !saved.set || saved.value == "" {
		return
	}
	if os.Setenv("PATH", "") == nil {
		saved.hidden = true
	}
}

// IsHookCall reports whether args (without the program name) start the hook
// path: a bare `guard` (with a payload on standard input) or `guard hook`.
func IsHookCall(args []string) bool {
	return len(args) == 0 || args[0] == "hook"
}

// Restore puts back the PATH init hid. main calls it first: guard reads
// PATH to resolve the programs a command runs.
func Restore() {
	if !saved.hidden {
		return
	}
	saved.hidden = false
	os.Setenv("PATH", saved.value)
}
