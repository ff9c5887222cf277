package shell

// Programs run by a bare name. The shell finds them on its PATH: the one
// the agent inherited, or the one the command assigns (PATH=.:$PATH foo,
// export PATH=…). A file the command itself wrote in one of those
// directories, or one the reader finds there first, runs as ./name would:
// read and checked (runPath); the reader does not read the operating
// system's directories, where the agent cannot write.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// builtins are the words bash runs itself, never from PATH: builtins and
// keywords.
const builtins word.Set = " . : [ [[ ]] ! { } alias bg bind break builtin caller case cd command compgen complete " +
	"compopt continue coproc declare dirs disown do done echo elif else enable esac eval exec exit export false " +
	"fc fg fi for function getopts hash help history if in jobs kill let local logout mapfile popd printf pushd " +
	"pwd read readarray readonly return select set shift shopt source suspend test then time times trap true " +
	"type typeset ulimit umask unalias unset until wait while "

// runFound runs name, a bare program name, as the shell finds it on its
// PATH (see the file's comment). Builtins, the functions and aliases the
// command defines, catalogued programs on a PATH it did not change, and
// the words of a text only guessed to be a command (see guess) are not
// looked up. A program another one starts by exec (env, timeout, nice,
// nohup, stdbuf, exec, xargs, find -exec: c.viaProgram) is looked up
// whatever its name: exec knows no builtin, function or alias, so env
// echo runs the first echo on PATH, a project's ./bin/echo included
// (FINDINGS56d P8).
func (c *cmd) runFound(name string, args []word.Word) {
	w := c.w
	exec := c.viaProgram
	own := !exec && (builtins.Has(name) || slices.Contains(w.redefined, strings.ToLower(name)))
	if w.guessing > 0 || !execName(name, exec) || own ||
		catalogue.ProgramNamed(name) != nil && w.trusts(name, name) && !(exec && w.pathSet) && !w.relativePath() {
		return
	}
	l := w.LookPath(name, c.path)
	switch {
	case l != nil && l.Run == "" && !l.Hidden:
		if q := w.writtenNamed(name); q != "" {
			// Not on the PATH guard sees, but a file of that name the
			// command wrote: the agent's shell may find it (its PATH
			// gets ~/.local/bin at login once that exists).
			c.runPath(q, args)
		}
	case l == nil || l.Run == "" || l.Managed:
	case l.Hidden:
		w.hide("looks its program up in a PATH directory guard cannot tell")
	case l.Written || w.FreshRun(l.Run, args):
		c.runPath(l.Run, args)
	}
}

// execName reports whether name is one a PATH lookup finds: a program's
// file name (effect.ProgramName), and [ when exec looks it up (env [ -n x
// ] runs the first [ on PATH; the shell's [ is its builtin).
func execName(name string, exec bool) bool {
	return effect.ProgramName(name) || exec && name == "["
}

// writtenNamed returns the path of the last file called name the command
// wrote (as it named it), or "".
func (w *walker) writtenNamed(name string) string {
	for i := len(w.Written) - 1; i >= 0; i-- {
		if f := w.Written[i]; path.Base(f.Path) == name {
			return f.Path
		}
	}
	return ""
}

// relativePath reports whether the PATH the agent's shell inherits has a
// relative or empty entry (./node_modules/.bin, ".", "") before the
// system's directories: a catalogue program's name may then run a file of
// the working directory's, which is looked up and read as any program
// found on PATH.
func (w *walker) relativePath() bool {
	if w.relPath == 0 {
		w.relPath = 1
		if s, ok := w.Files.(effect.Searcher); ok {
			for _, d := range strings.Split(s.SearchPath(), ":") {
				if systemBinDirs.Has(strings.TrimRight(d, "/")) {
					break
				}
				if d == "" || !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "~") && !strings.HasPrefix(d, "$") {
					w.relPath = 2
					break
				}
			}
		}
	}
	return w.relPath == 2
}
