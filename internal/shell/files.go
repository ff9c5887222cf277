package shell

// Files a command runs: a script given to a shell, sourced or run by its
// path, a program given to an interpreter. What the command itself wrote
// there earlier is that text; otherwise Options.Files reads the file. A
// script is analysed as the commands it is; another program's text is
// scanned for the paths it names.

import (
	"fmt"
	"strconv"
	"strings"
)

// where returns path p as the command's shell at this point names it:
// after its cd, with $PWD and $OLDPWD replaced.
func (w *walker) where(p string) string {
	if q, ok := w.dirVar(p); ok {
		return q
	}
	return under(w.dir, p)
}

// hide records that the command runs text guard cannot see.
func (w *walker) hide(format string, args ...any) {
	w.fail(fmt.Errorf(format+": %w", append(args, ErrHidden)...))
}

// fileText returns the text of the file at p that the command runs, at
// most max bytes: what the command itself wrote there earlier, else what
// Options.Files reads. It is false when there is nothing to analyse: no
// reader, no file there (nothing runs, or what the command writes there at
// run time with text guard does not know), or a file that cannot be read
// whole, which is recorded as hidden (what names it, for the reason: "a
// script", "a crontab").
func (w *walker) fileText(p string, known bool, max int, what string) (string, bool) {
	t, st := w.fileStatus(p, known, max)
	switch st {
	case FileWhole:
		return t, true
	case FileTooBig:
		w.hide("runs %s larger than %d KiB, more than guard reads", what, max>>10)
	case FileUnreadable:
		w.hide("runs %s guard cannot read (not a regular file, or not readable)", what)
	}
	return "", false
}

// fileStatus returns the text of the file at p as fileText does, and what
// was found: FileAbsent also when there is no reader or p holds a
// substitution's output.
func (w *walker) fileStatus(p string, known bool, max int) (string, FileStatus) {
	if t, ok := w.writtenText(p); ok && known {
		return t, FileWhole
	}
	// A word with an unknown part may still name the file: an inherited
	// $VARIABLE the reader resolves. A substitution's output it cannot.
	if w.files == nil || p == "" || strings.Contains(p, unknownSubst) || strings.Contains(p, unknownArith) || isStdin(p) {
		return "", FileAbsent
	}
	if w.nread >= MaxFiles {
		w.fail(fmt.Errorf("runs more than %d files: %w", MaxFiles, ErrLimit))
		return "", FileAbsent
	}
	w.nread++
	q := w.where(p)
	data, st := w.files.ReadFile(q, max)
	if st == FileWhole {
		w.a.Files = append(w.a.Files, q)
	}
	return string(data), st
}

// runScript analyses text, a shell script the command runs from a file, as
// the commands it is: in a subshell with args as $0, $1, … (sh x.sh a b),
// or sourced into the current shell (source x.sh, . x.sh).
func (w *walker) runScript(text string, args []word, sourced bool) {
	w.inFile++
	defer func() { w.inFile-- }()
	if sourced {
		if len(args) > 1 {
			w.positional(args)
		}
		w.script(text, w.depth+1)
		return
	}
	w.scoped(func() {
		w.positional(args)
		w.script(text, w.depth+1)
	})
}

// positional sets $0, $1, … to args (at most ten of them), and "$@" and
// $* when it is exact: one argument after $0.
func (w *walker) positional(args []word) {
	for k, arg := range args {
		if k > 9 {
			break
		}
		w.setVar(strconv.Itoa(k), arg.s, arg.known)
	}
	if len(args) == 2 {
		w.setVar("@", args[1].s, args[1].known)
		w.setVar("*", args[1].s, args[1].known)
	}
}

// runPath analyses ./x run by its path: a shell script (its #! line names
// a shell, or it has none: the shell runs text without one as a script) is
// analysed as commands, another interpreter's program is scanned, and a
// compiled program is not read (static checks cannot see into it).
func (c *cmd) runPath(p string, args []word) {
	w := c.w
	text, ok := w.writtenText(p)
	if !ok {
		if w.files == nil || w.nread >= MaxFiles {
			w.fileText(p, true, MaxScriptBytes, "a script") // the limit, if any
			return
		}
		// Its first bytes tell a script from a compiled program, and a
		// shell's script from another interpreter's program.
		head, st := w.files.ReadFile(w.where(p), sniffBytes)
		switch {
		case st == FileAbsent || binary(head):
			return
		case st == FileUnreadable:
			w.hide("runs a program guard cannot read (not a regular file, or not readable)")
			return
		}
		max, what := MaxScriptBytes, "a script"
		if prog := shebang(string(head)); prog != "" && !shells.has(prog) {
			max, what = MaxProgramBytes, "a program"
		}
		if text, ok = w.fileText(p, true, max, what); !ok {
			return
		}
	}
	switch prog := shebang(text); {
	case prog == "" || shells.has(prog):
		w.runScript(text, append([]word{{s: p, known: true}}, args...), false)
	default:
		in, isInterp := interpreterOf(prog)
		c.scanFile(text, isInterp && in.program)
	}
}

// sniffBytes is how much of a file run by its path is read first, to tell
// a script from a compiled program.
const sniffBytes = 512

// binary reports whether the start of a file is a compiled program's (or
// other data's) rather than text: a NUL byte in it.
func binary(head []byte) bool {
	n := min(len(head), sniffBytes)
	for _, b := range head[:n] {
		if b == 0 {
			return true
		}
	}
	return false
}

// shebang returns the program a script's #! line runs, its base name in
// lower case (env's program for #!/usr/bin/env [-S] NAME), or "" when the
// text has no #! line.
func shebang(text string) string {
	rest, ok := strings.CutPrefix(text, "#!")
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(rest, "\n")
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return ""
	}
	prog := base(fields[0])
	if prog != "env" {
		return prog
	}
	for i := 1; i < len(fields); i++ {
		f := fields[i]
		switch {
		case f == "-u" || f == "--unset" || f == "-C" || f == "--chdir":
			i++
		case strings.HasPrefix(f, "-") || isAssignment(f):
		default:
			return base(f)
		}
	}
	return ""
}

// maxProgramPaths bounds the paths taken from one program file; a file that
// names more of them than that is not checked whole.
const maxProgramPaths = 256

// scanFile scans the text of a program file the command runs (python3
// x.py, node x.js, a #! script of another interpreter): unlike a one-liner,
// not every string literal is a read (a project's program names its own
// files, .env among them), only those that may name a protected place (see
// programPaths), each both read and written, since guard does not know
// what the program does with it. What it removes, opens for writing or
// hands to a shell is taken as for a one-liner.
func (c *cmd) scanFile(text string, awk bool) {
	w := c.w
	n := 0
	for _, l := range literals(text) {
		for _, p := range w.programPaths(l) {
			if n++; n > maxProgramPaths {
				w.hide("runs a program naming more than %d paths under the home directory", maxProgramPaths)
				return
			}
			w.read(p)
			w.write(p)
		}
	}
	c.scanEffects(text, awk)
}

// programPaths returns the paths a string literal of a program file names
// that may be protected places: below the home directory (~/…, $HOME/…, the
// home directory's absolute path), below a directory a variable names
// ($GUARD_HOME/…), or a relative path into a dot-directory (.ssh/id_rsa,
// .guard/rules.json), which a program may join to any directory, its home
// included: both as written and under ~. The home directory itself is not
// one (nearly every program names it).
func (w *walker) programPaths(l string) []string {
	l = strings.TrimRight(l, "/")
	if len(l) < 3 || len(l) > 4096 || strings.ContainsAny(l, "\n\r\x00") {
		return nil
	}
	switch {
	case strings.HasPrefix(l, "~/"):
		return []string{l}
	case l[0] == '$':
		if name, end := varAt(l, 1); name != "" && end < len(l) && l[end] == '/' {
			return []string{l}
		}
	case w.home != "" && w.home != "/" && strings.HasPrefix(l, w.home+"/"):
		return []string{l}
	case l[0] == '.' && isWordChar(l[1]) && strings.ContainsRune(l, '/'):
		return []string{l, "~/" + l}
	}
	return nil
}

// runProgram takes the program file a an interpreter runs (python3 x.py,
// awk -f x.awk, go run x.go): written earlier by the command, its code is
// shown in the line and read as a one-liner's; read through Options.Files,
// it is scanned (scanFile).
func (c *cmd) runProgram(a word) {
	if t, ok := c.w.writtenText(a.s); ok && a.known {
		c.code += t
		c.scanCode(t)
		return
	}
	if t, ok := c.w.fileText(a.s, a.known, MaxProgramBytes, "a program"); ok {
		c.scanFile(t, awkFamily(c.name))
	}
}
