package shell

// make runs every recipe line as $(SHELL) $(.SHELLFLAGS) LINE: SHELL set on
// the command line, in --eval text or in a makefile names the program that
// runs them all (make SHELL=./x.sh runs ./x.sh -c LINE).

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// makeShellVar reports whether make variable name chooses what runs a
// recipe line: SHELL, MAKESHELL (make on MS-DOS) or .SHELLFLAGS.
func makeShellVar(name string) bool {
	return name == "SHELL" || name == "MAKESHELL" || name == ".SHELLFLAGS"
}

// makeShells checks every value m gave a variable that chooses what runs a
// recipe line (see makeShell).
func (c *cmd) makeShells(m *makefile) {
	for _, kv := range m.shells {
		c.makeShell(kv[0], kv[1])
	}
}

// makeShell checks value, set to make variable name (see makeShellVar): a
// shell guard reads (sh, bash, dash: bare or in a system directory, with
// flags it knows) changes nothing; another program runs each recipe line
// and is walked as one run with -c (a script it names is read); a value
// guard cannot tell, or flags that are not options, are hidden.
func (c *cmd) makeShell(name, value string) {
	value = whichShell(strings.TrimSpace(value))
	f := strings.Fields(value)
	switch {
	case name == ".SHELLFLAGS":
		if !shellFlags(f) {
			c.w.hide("sets make's .SHELLFLAGS to %q: make runs every recipe line with them, which guard does not read", value)
		}
	case len(f) == 0:
	case !word.IsKnown(value) || strings.ContainsAny(value, "$`"):
		c.w.hide("sets make's %s to a value guard cannot tell: it runs every recipe line", name)
	case knownShell(f[0]) && shellFlags(f[1:]),
		f[0] == "/usr/bin/env" && len(f) > 1 && knownShell(f[1]) && shellFlags(f[2:]):
	default:
		c.w.tentative(word.Quote(f[0]) + " -c :") // make SHELL=./x.sh: x.sh runs
		switch {
		case len(f) > 1:
			c.w.hide("sets make's %s to %q: it runs every recipe line", name, value)
		case isInterpreter(path.Base(f[0])):
			// SHELL = python3: each recipe line is that program's code
			// (FINDINGS53a B2), which the shell walk does not read.
			c.w.hide("sets make's %s to %q, not a shell: every recipe line is its code, which guard does not read as commands", name, value)
		}
	}
}

// whichShell returns value with a look-up of a shell guard reads by name
// ($(shell which bash), $(shell command -v bash), their shell forms) as
// that name: make runs the one PATH finds, as a bare name would be.
func whichShell(value string) string {
	for _, pre := range [...]string{"$(shell which ", "$(shell command -v ", "$(which ", "$(command -v "} {
		if rest, ok := strings.CutPrefix(value, pre); ok {
			if n, ok := strings.CutSuffix(rest, ")"); ok && knownShell(n) && !strings.Contains(n, "/") {
				return n
			}
		}
	}
	return value
}

// knownShell reports whether p is a shell whose language guard reads as
// make runs it: sh, bash or dash, by name or in a system directory.
func knownShell(p string) bool {
	dir, base := "", p
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		dir, base = p[:i], p[i+1:]
	}
	switch dir {
	case "", "/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin":
	default:
		return false
	}
	return base == "sh" || base == "bash" || base == "dash"
}

// shellFlags reports whether f are only a shell's option flags (-c, -e,
// -eu, -o pipefail): no word becomes the script or its file.
func shellFlags(f []string) bool {
	for i := 0; i < len(f); i++ {
		s := f[i]
		if len(s) < 2 || s[0] != '-' && s[0] != '+' {
			return false
		}
		for _, r := range s[1:] {
			if !strings.ContainsRune("ceuxvo", r) {
				return false
			}
		}
		if strings.HasSuffix(s, "o") {
			if i+1 >= len(f) || !word.Set(" pipefail errexit nounset xtrace posix ").Has(f[i+1]) {
				return false
			}
			i++
		}
	}
	return true
}

// isInterpreter reports whether program name is an interpreter of a
// language other than the shell's (python3, node, perl).
func isInterpreter(name string) bool {
	_, ok := catalogue.InterpreterOf(name)
	return ok && !catalogue.Shells.Has(name)
}
