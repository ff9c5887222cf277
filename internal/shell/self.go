package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
)

// guardCLI records what guard's own command line changes (review 7 F21):
// guard init edits the agents' hook files (--remove takes guard's hooks
// out), policy sign, service, serve, run and hook write guard's directory
// and its state. No word names those files, so every subcommand not known
// to only read (catalogue.GuardReaders) is a write of guard's directory and
// of every agent hook file: the write rules decide, and the agent cannot
// switch guard off with guard itself. A user runs those commands.
func (c *cmd) guardCLI() {
	var words []string
	for _, a := range c.args {
		if !strings.HasPrefix(a.Text, "-") {
			words = append(words, a.Text)
		}
		if len(words) == 2 {
			break
		}
	}
	if catalogue.GuardReads(words, c.hasArg("--fix")) {
		return
	}
	for _, p := range catalogue.GuardPlaces {
		c.w.Write(p)
	}
}

// hasArg reports whether c has the argument s.
func (c *cmd) hasArg(s string) bool {
	for _, a := range c.args {
		if a.Text == s {
			return true
		}
	}
	return false
}

// namesAgent reports whether c's words hold guard's agent options
// (--agent-a, --agent=b…): a copy of guard under another name
// (cp "$(command -v guard)" g && ./g init --agent-a --remove).
func (c *cmd) namesAgent() bool {
	for _, a := range c.args {
		if o, _, _ := strings.Cut(a.Text, "="); o == "--agent" || strings.HasPrefix(o, "--agent-") {
			return true
		}
	}
	return false
}
