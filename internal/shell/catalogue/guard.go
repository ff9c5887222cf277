package catalogue

import "slices"

// GuardPlaces are the places guard's own command line changes without
// naming them: its directory (GUARD_HOME, else ~/.guard) and the agents'
// hook files, in the home and in the project (guard init, init --remove).
var GuardPlaces = []string{
	"$GUARD_HOME", "~/.guard",
	"~/.agent_a/settings.json", ".agent_a/settings.json", ".agent_a/settings.local.json",
	"~/.agent_b/hooks.json", ".agent_b/hooks.json",
	"~/.agent_c/settings.json", ".agent_c/settings.json",
}

// guardReaders are guard's subcommands known to change nothing: the
// first word, or the first two (audit verify, policy list).
var guardReaders = []string{
	"", "help", "version", "completion", "explain", "test", "audit", "audit verify", "doctor",
	"policy", "policy list", "policy path", "policy verify",
}

// GuardReads reports whether guard's command line whose first words (not
// options; at most two) are words only reads: a subcommand in the reading
// list, doctor without fix.
func GuardReads(words []string, fix bool) bool {
	one, two := "", ""
	if len(words) > 0 {
		one = words[0]
	}
	if len(words) > 1 {
		two = one + " " + words[1]
	}
	switch {
	case one == "doctor":
		return !fix
	case one == "audit" || one == "policy":
		return len(words) == 1 || slices.Contains(guardReaders, two)
	case one == "help" || one == "completion" || one == "explain" || one == "test":
		return true // their other words are data: a rule's name, an input
	}
	return slices.Contains(guardReaders, one)
}
