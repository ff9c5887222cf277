package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// GuardPlaces are the places guard's own command line changes without
// naming them: its directory (GUARD_HOME, else ~/.guard) and the agents'
// hook files, in the home and in the project (guard init, init --remove).
var GuardPlaces = []string{
	"$GUARD_HOME", "~/.guard",
	"~/.agent_a/settings.json", ".agent_a/settings.json", ".agent_a/settings.local.json",
	"~/.agent_b/hooks.json", ".agent_b/hooks.json",
	"~/.agent_c/settings.json", ".agent_c/settings.json",
}

// guardReaders are guard's subcommands known to change nothing (the first
// word, or the first two), each with the options it is known to take so:
// any other option (audit verify --reset-checkpoint) makes it a writer,
// default deny on options as for the read-only catalogue. Bare guard is
// the hook itself (it appends to the audit log): not a reader.
var guardReaders = []struct {
	sub  string
	opts word.Set
}{
	{"help", ""},
	{"version", " --json "},
	{"completion", ""},
	{"explain", " --json "},
	{"test", " --json "},
	{"audit", " --agent --hash --hook --json -n --lines --repo --rule --since --until --verdict "},
	{"audit verify", " --count --head --json "},
	{"doctor", " --json "},
	{"policy", ""},
	{"policy list", " --json "},
	{"policy path", " --json "},
	{"policy verify", " --json --key-file "},
}

// guardReader returns the options guard's read-only subcommand sub takes,
// and whether sub is one.
func guardReader(sub string) (word.Set, bool) {
	for _, r := range guardReaders {
		if r.sub == sub {
			return r.opts, true
		}
	}
	return "", false
}

// GuardReads reports whether guard's command line whose first words (not
// options; at most two) are words, and whose options (their names, without
// a value after =) are opts, only reads.
func GuardReads(words, opts []string) bool {
	if len(words) == 0 {
		// guard --version, guard --help: bare guard with neither is the
		// hook itself.
		for _, o := range opts {
			if !word.Set(" --version -v --help -h ").Has(o) {
				return false
			}
		}
		return len(opts) > 0
	}
	sub, ok := "", false
	var allowed word.Set
	if len(words) > 1 {
		sub = words[0] + " " + words[1]
		allowed, ok = guardReader(sub)
	}
	if !ok && len(words) > 0 {
		sub = words[0]
		allowed, ok = guardReader(sub)
		// help, completion, explain and test take data words (a rule's
		// name, an input); the others take none past the subcommand.
		ok = ok && (len(words) == 1 || sub == "help" || sub == "completion" || sub == "explain" || sub == "test")
	}
	if !ok {
		return false
	}
	for _, o := range opts {
		if o != "-h" && o != "--help" && !allowed.Has(o) && sub != "help" {
			return false
		}
	}
	return true
}

// GuardValued are guard's options that take a value (the next word when
// not joined by =).
const GuardValued word.Set = " --agent --hash --hook -n --lines --repo --rule --since --until --verdict --count --head --key-file "

// GuardOption returns the name of an option word of guard's command line
// (--since=1h is --since), and whether the word is one.
func GuardOption(w string) (string, bool) {
	if !strings.HasPrefix(w, "-") || w == "-" {
		return "", false
	}
	name, _, _ := strings.Cut(w, "=")
	return name, true
}
