package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// guardCLI records what guard's own command line changes (review 7 F21):
// guard init edits the agents' hook files (--remove takes guard's hooks
// out), policy sign, service, serve, run and hook write guard's directory
// and its state. No word names those files, so every subcommand not known
// to only read (catalogue.GuardReads) is a write of guard's directory and
// of every agent hook file: the write rules decide, and the agent cannot
// switch guard off with guard itself. A user runs those commands.
func (c *cmd) guardCLI() {
	var words, opts []string
	for j := 0; j < len(c.args); j++ {
		a := c.args[j].Text
		if o, ok := catalogue.GuardOption(a); ok {
			opts = append(opts, o)
			if catalogue.GuardValued.Has(o) && !strings.Contains(a, "=") {
				j++ // its value
			}
		} else if len(words) < 2 {
			words = append(words, a)
		}
	}
	if word.AllKnown(c.args) && catalogue.GuardReads(words, opts) {
		return
	}
	for _, p := range catalogue.GuardPlaces {
		c.w.Write(p)
	}
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

// maxGuardNames bounds the copies of guard one command names.
const maxGuardNames = 16

// guardCopies notes the names cp, mv, ln, install… give a copy of guard's
// executable (a source spelt guard, guard's own name, or a substitution
// of command -v guard): a program run by that name later in the command
// is guard's command line (review 8 F2: cp "$(command -v guard)" g && ./g
// init $(printf -- --agent-a) --remove).
func (c *cmd) guardCopies(sources []string, dest copyDest) {
	if dest.path == "" {
		return
	}
	isGuard := func(s string) bool {
		s = strings.ToLower(s)
		return strings.Contains(s, "guard") || c.w.self != "" && strings.Contains(s, c.w.self)
	}
	note := func(name string) {
		n := strings.ToLower(path.Base(name))
		switch {
		case slices.Contains(c.w.guardNames, n):
		case len(c.w.guardNames) == maxGuardNames:
			c.w.hide("makes more than %d copies of guard", maxGuardNames) // past the bound: not a pass
		default:
			c.w.guardNames = append(c.w.guardNames, n)
		}
	}
	// A copy of guard's executable outlives the command: a later call can
	// swap it in for what it checked, or run it by a name guard does not
	// track (review 10 F16), so making one is blocked. The executable is
	// a source whose name is guard's, or a substitution that finds it.
	executable := func(s string) bool {
		b := strings.ToLower(path.Base(s))
		return b == "guard" || b == "guard.exe" || c.w.self != "" && b == strings.ToLower(c.w.self)
	}
	copied := false
	for _, a := range c.args {
		if !a.Known && isGuard(a.Text+" "+a.Sub) && a.Text != dest.path {
			copied = true // cp "$(command -v guard)" g
		}
	}
	c.destNames(sources, dest, func(src, _ string) {
		copied = copied || executable(src)
	})
	if copied {
		c.w.hide("copies guard's executable, which a later command could run as guard's command line unchecked")
	}
	for _, a := range c.args {
		if !a.Known && isGuard(a.Text+" "+a.Sub) && a.Text != dest.path && !dest.given && !dirLike(dest.path) {
			// cp "$(command -v guard)" g: a source guard cannot read
			// (no source of its own), named by a substitution of guard.
			note(dest.path)
			break
		}
	}
	c.destNames(sources, dest, func(src, name string) {
		if isGuard(src) { // the raw text: a substitution's marker holds what it stood for
			note(name)
		}
	})
}

// identify notes whether the compiled program at p (run by its path, or
// found on PATH outside the system's directories) is a build of guard:
// a copy made in an earlier call, under any name, is guard's command line
// (review 9 F5), whatever its options say. The reader tells (it compares
// the file with guard's own and reads its Go build info, bounded); one
// read of the command's MaxFiles.
func (c *cmd) identify(p string) {
	id, ok := c.w.Files.(effect.Identifier)
	if !ok || c.w.Nread >= effect.MaxFiles {
		return
	}
	c.w.Nread++
	c.guardFile = id.IsGuard(c.w.Where(p))
}
