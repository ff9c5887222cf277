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
	"github.com/guardhq/guard/internal/shell/word"
)

// Searcher is a [Files] that also finds, on the search path, the programs a
// command runs by a bare name. The hook's reader is one.
type Searcher interface {
	Files
	// SearchPath returns the PATH the command's shell inherits.
	SearchPath() string
	// LookPath returns the index of the first of dirs (named as
	// ReadFile's paths are) that holds an executable regular file called
	// name, or -1.
	LookPath(name string, dirs []string) int
}

// Bounds of the search for programs run by a bare name.
const (
	// maxPathDirs bounds the directories of a PATH searched.
	maxPathDirs = 64
	// maxLookups bounds the names one command looks up on its PATH.
	maxLookups = 64
)

// builtins are the words bash runs itself, never from PATH: builtins and
// keywords.
const builtins word.Set = " . : [ [[ ]] ! { } alias bg bind break builtin caller case cd command compgen complete " +
	"compopt continue coproc declare dirs disown do done echo elif else enable esac eval exec exit export false " +
	"fc fg fi for function getopts hash help history if in jobs kill let local logout mapfile popd printf pushd " +
	"pwd read readarray readonly return select set shift shopt source suspend test then time times trap true " +
	"type typeset ulimit umask unalias unset until wait while "

// lookup is one name looked up on one PATH from one directory: the
// directories, the index of the one the reader found it in (or -1), and
// what then runs, as resolved when the command had written gen files.
type lookup struct {
	key  string
	dirs []string
	// cands are, for each directory, the path of name in it as the
	// written-files table keys it (cleaned, from where the command starts)
	// and as canonPath writes it.
	cands   [][2]string
	hit     int
	gen     int
	run     string // the path runPath takes; "" when nothing guard reads runs
	written bool   // run is a file the command wrote
	hidden  bool   // a directory guard cannot tell comes first
	// mine: the PATH is the command's own; managed: run is in a
	// directory of a version or package manager's on the inherited PATH
	// (see managedDir), not read.
	mine, managed bool
}

// runFound runs name, a bare program name, as the shell finds it on its
// PATH (see the file's comment). Builtins, the functions and aliases the
// command defines, catalogued programs on a PATH it did not change, and
// the words of a text only guessed to be a command (see guess) are not
// looked up.
func (c *cmd) runFound(name string, args []word.Word) {
	w := c.w
	if w.guessing > 0 || !programName(name) || builtins.Has(name) || slices.Contains(w.redefined, strings.ToLower(name)) ||
		catalogue.ProgramNamed(name) != nil && w.trusts(name, name) {
		return
	}
	l := w.lookPath(name, c.path)
	switch {
	case l != nil && l.run == "" && !l.hidden:
		if q := w.writtenNamed(name); q != "" {
			// Not on the PATH guard sees, but a file of that name the
			// command wrote: the agent's shell may find it (its PATH
			// gets ~/.local/bin at login once that exists).
			c.runPath(q, args)
		}
	case l == nil || l.run == "" || l.managed:
	case l.hidden:
		w.hide("looks its program up in a PATH directory guard cannot tell")
	case l.written || w.freshRun(l.run, args):
		c.runPath(l.run, args)
	}
}

// lookPath returns what runs for name on the PATH in effect (own, the one
// the command's assignments give it, else searchText's), looked up once for
// each name, PATH and directory, and resolved again when the command has
// written files since. It is nil when guard does not look it up: more
// names than it looks up, a PATH of the command's own with more
// directories than it searches (both recorded as hidden), or no reader and
// the table full.
func (w *ledger) lookPath(name, own string) *lookup {
	text, mine := w.searchText(own)
	key := name + "\x00" + w.dir + "\x00" + text
	var l *lookup
	for i := range w.lookups {
		if w.lookups[i].key == key {
			l = &w.lookups[i]
			break
		}
	}
	if l == nil {
		s, reads := w.files.(Searcher)
		dirs := splitPath(text)
		switch {
		case len(dirs) > maxPathDirs && mine:
			w.hide("looks its program up on a PATH of more than %d directories", maxPathDirs)
			return nil
		case len(w.lookups) >= maxLookups && reads:
			w.hide("runs more than %d programs guard would look up on PATH", maxLookups)
			return nil
		case len(w.lookups) >= maxLookups:
			return nil
		}
		dirs = dirs[:min(len(dirs), maxPathDirs)]
		hit := -1
		if reads {
			where := make([]string, len(dirs)) // after the command's cd
			for i, d := range dirs {
				where[i] = w.where(d)
			}
			hit = s.LookPath(name, where)
		}
		cands := make([][2]string, len(dirs))
		for i, d := range dirs {
			q := path.Clean(w.where(inDir(d, name)))
			cands[i] = [2]string{q, w.canonPath(q)}
		}
		w.lookups = append(w.lookups, lookup{key: key, dirs: dirs, cands: cands, hit: hit, gen: -1, mine: mine})
		l = &w.lookups[len(w.lookups)-1]
	}
	switch n := w.writeGen - l.gen; {
	case n == 0:
	case l.gen < 0 || n > len(w.written) || w.writtenFull || len(w.fullDirs) > 0 || w.writesReach(l, n):
		w.resolveFound(l, name)
	default:
		l.gen = w.writeGen // what the command wrote since is elsewhere
	}
	return l
}

// writesReach reports whether one of the last n files the command wrote
// is, or holds, a candidate of l.
func (w *ledger) writesReach(l *lookup, n int) bool {
	for _, f := range w.written[len(w.written)-n:] {
		if f.unknown && (f.path == "." || f.path == "/") {
			return true // tar x, patch: any file below
		}
		for _, c := range l.cands {
			if _, below := cutDir(c[1], f.canon); f.canon == c[1] || below || f.path == c[0] {
				return true
			}
		}
	}
	return false
}

// resolveFound sets what runs for l: directory by directory, a file the
// command wrote there, else the reader's hit; a directory guard cannot
// tell before either hides what runs.
func (w *ledger) resolveFound(l *lookup, name string) {
	l.gen, l.run, l.written, l.hidden, l.managed = w.writeGen, "", false, false, false
	for k, d := range l.dirs {
		if strings.Contains(d, word.UnknownSubst) || strings.Contains(d, word.UnknownArith) {
			l.hidden, l.run = true, d
			return
		}
		if q := w.writtenAs(l.cands[k][0], l.cands[k][1]); q != "" {
			l.run, l.written = q, true // written earlier in the command
			return
		}
		if k == l.hit {
			l.run = inDir(d, name)
			l.managed = !l.mine && managedDir(d)
			return
		}
	}
}

// writtenNamed returns the path of the last file called name the command
// wrote (as it named it), or "".
func (w *walker) writtenNamed(name string) string {
	for i := len(w.written) - 1; i >= 0; i-- {
		if f := w.written[i]; path.Base(f.path) == name {
			return f.path
		}
	}
	return ""
}

// managedTools are the directory names of version and package managers
// (pyenv, asdf, nvm, cargo…) whose programs the user's PATH finds.
const managedTools word.Set = " .pyenv .rbenv .nodenv .goenv .jenv .plenv .asdf .nvm .volta .cargo .rustup .sdkman .bun .deno " +
	".pixi .linuxbrew .nix-profile .proto .fnm mise rtx homebrew Cellar "

// managedDir reports whether d, a directory of the PATH the agent
// inherited, is a version or package manager's (~/.pyenv/shims,
// ~/.cargo/bin, /opt/homebrew/bin): the programs there are the manager's
// shims and installs, not code the agent wrote, and are not read (a pyenv
// shim runs libexec/pyenv, hundreds of lines, for every python3). A file
// the command itself writes there is read all the same (resolveFound).
func managedDir(d string) bool {
	for _, e := range strings.Split(d, "/") {
		if managedTools.Has(e) {
			return true
		}
	}
	return false
}

// programName reports whether s can be a program's file name: letters,
// digits, and . _ + -, not an option, not . or ..
func programName(s string) bool {
	if s == "" || s[0] == '-' || s == "." || s == ".." {
		return false
	}
	for j := 0; j < len(s); j++ {
		c := s[j]
		if !(c == '_' || c == '-' || c == '.' || c == '+' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// searchText returns the PATH a command finds its program on: own, the
// one its assignments give it (PATH=… cmd), else the one the command
// assigned earlier, else the inherited one; $PATH in an assigned value is
// the inherited one. mine says the command assigned it.
func (w *ledger) searchText(own string) (string, bool) {
	inherited := ""
	if s, ok := w.files.(Searcher); ok {
		inherited = s.SearchPath()
	}
	text, mine := own, own != ""
	if !mine {
		if v, ok := w.lookup("PATH"); ok {
			text, mine = word.Render(v), true // the inherited $PATH as written
		}
	}
	if !mine {
		return inherited, false
	}
	if inherited != "" {
		text = strings.ReplaceAll(strings.ReplaceAll(text, "${PATH}", inherited), "$PATH", inherited)
	}
	return text, true
}

// splitPath returns the directories of a PATH; an empty entry is the
// working directory.
func splitPath(text string) []string {
	if text == "" {
		return nil
	}
	dirs := strings.Split(text, ":")
	for i, d := range dirs {
		if d == "" {
			dirs[i] = "."
		}
	}
	return dirs
}

// inDir returns the path of file name in directory d.
func inDir(d, name string) string {
	if d == "." {
		return "./" + name
	}
	return strings.TrimRight(d, "/") + "/" + name
}

// writtenAs returns how the command named the file q (cleaned, from where
// the command starts; cq as canonPath writes it) when it wrote it, or a
// directory above it that stands for what it holds, however it spelt it
// (~, $HOME, the home directory's path); "" when it did not write it.
func (w *ledger) writtenAs(q, cq string) string {
	if _, ok := w.writtenEntry(q); ok && !w.writtenFull {
		return q
	}
	for i := len(w.written) - 1; i >= 0; i-- {
		e, ce := w.written[i].path, w.written[i].canon
		if ce == cq {
			return e
		}
		if rest, ok := cutDir(cq, ce); ok {
			if _, ok := w.writtenEntry(e + "/" + rest); ok {
				return e + "/" + rest
			}
		}
	}
	return ""
}

// maxFoundRuns bounds the runs of one program found on PATH that are
// analysed, each with other arguments or from another directory.
const maxFoundRuns = 4

// foundRun is a program found on PATH, and the runs of it analysed: its
// arguments and directory.
type foundRun struct {
	path string
	runs []string
}

// freshRun reports whether the run of p, a program found on PATH, with
// args is to be analysed: not one analysed already (the same arguments,
// from the same directory), and not past maxFoundRuns of it (a pyenv shim
// run by every python3 of a long script). A run not analysed still has its
// arguments checked as any program's (touched).
func (w *ledger) freshRun(p string, args []word.Word) bool {
	key := w.dir + "\x00" + word.Join(args)
	for i := range w.foundRuns {
		f := &w.foundRuns[i]
		if f.path != p {
			continue
		}
		if slices.Contains(f.runs, key) || len(f.runs) >= maxFoundRuns {
			return false
		}
		f.runs = append(f.runs, key)
		return true
	}
	w.foundRuns = append(w.foundRuns, foundRun{p, []string{key}})
	return true
}
