package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// guardCLI records what guard's own command line changes:
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
// is guard's command line (cp "$(command -v guard)" g && ./g
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
	// track, so making one is blocked. The executable is
	// a source whose name is guard's, or a substitution that finds it.
	executable := c.guardExecutable
	copied := false
	for _, a := range c.args {
		if !a.Known && isGuard(unquoted(a.Text+" "+a.Sub)) && a.Text != dest.path {
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

// guardExecutable reports whether word s names guard's executable by its
// name: its base name (after a file: URL's scheme, a git revision's
// "REV:") is guard's, or is a glob with a literal character that
// matches guard's name (cp /x/gua[r]d g, cp /x/g*d g).
func (c *cmd) guardExecutable(s string) bool {
	s = strings.TrimPrefix(strings.ToLower(s), "file://")
	b := path.Base(s)
	if i := strings.LastIndexByte(b, ':'); i >= 0 {
		b = b[i+1:] // git show :guard, HEAD:bin/guard
	}
	names := []string{"guard", "guard.exe"}
	if c.w.self != "" {
		names = append(names, strings.ToLower(c.w.self))
	}
	for _, n := range names {
		if b == n {
			return true
		}
		if strings.ContainsAny(b, "*?[") && strings.Trim(b, "*?") != "" {
			if ok, _ := path.Match(b, n); ok {
				return true
			}
		}
	}
	return false
}

// unquoted returns s without quote characters and backslashes: the
// program name a substitution's text runs ($(command -v gu""ard)).
func unquoted(s string) string {
	return strings.NewReplacer(`"`, "", "'", "", `\`, "").Replace(s)
}

// guardOut blocks a command that writes a file while it reads guard's
// executable: cat /x/guard > g, tee g < /x/guard, dd
// if=/x/guard of=g, curl -o g file:///x/guard, git show :guard > g,
// cat "$(command -v guard)" > g. Any word, input file or substitution
// that names it (guardExecutable) counts; the output is a redirection to
// a file or a program that writes files it is given (tee, dd, curl,
// wget). Default deny: the copy is hidden from guard's later content
// check for as long as a background job waits.
func (c *cmd) guardOut() {
	out := slices.ContainsFunc(c.outFiles, func(f outFile) bool { return !strings.HasPrefix(f.path, "/dev/") })
	if !out && !slices.Contains([]string{"tee", "dd", "curl", "wget", "sponge"}, c.name) {
		return
	}
	reads := c.stdin.file != "" && c.guardExecutable(c.stdin.file)
	for _, a := range c.args {
		t := a.Text
		if _, v, ok := strings.Cut(t, "="); ok && !strings.HasPrefix(t, "-") {
			t = v // dd if=F
		}
		switch {
		case !a.Known:
			reads = reads || strings.Contains(strings.ToLower(a.Text+" "+a.Sub), "guard") // $(command -v guard)
		case !strings.ContainsAny(t, "/:"):
			reads = reads || c.guardExecutable(t) && c.isGuardFile(t) // a bare name: the file decides
		default:
			reads = reads || c.guardExecutable(t)
		}
	}
	if reads {
		c.w.hide("copies guard's executable, which a later command could run as guard's command line unchecked")
	}
}

// isGuardFile reports whether the file p names is a build of guard (one
// read of the command's MaxFiles; past it, or without a reader, it may
// be).
func (c *cmd) isGuardFile(p string) bool {
	id, ok := c.w.Files.(effect.Identifier)
	if !ok || c.w.Nread >= effect.MaxFiles {
		return ok
	}
	c.w.Nread++
	return id.IsGuard(c.w.Where(p))
}

// identify notes whether the compiled program at p (run by its path, or
// found on PATH outside the system's directories) is a build of guard:
// a copy made in an earlier call, under any name, is guard's command line,
// whatever its options say. The reader tells (it compares
// the file with guard's own and reads its Go build info, bounded); one
// read of the command's MaxFiles. A link to or a copy of a system program
// guard walks (git, a shell: effect.Identifier.CopyOf), made in an earlier
// call, is a run of that program with args, as a copy the command made
// itself is (runCopy).
func (c *cmd) identify(p string, args []word.Word) {
	id, ok := c.w.Files.(effect.Identifier)
	if !ok || c.w.Nread >= effect.MaxFiles {
		return
	}
	c.w.Nread++
	if c.guardFile = id.IsGuard(c.w.Where(p)); c.guardFile || c.w.runningCopy {
		return
	}
	if src := id.CopyOf(c.w.Where(p)); src != "" {
		c.runCopy(src, args)
	}
}
