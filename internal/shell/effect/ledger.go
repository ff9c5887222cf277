package effect

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Ledger is what the command does to files: the paths it reads, writes and
// touches, the links it makes, what the files it wrote hold, the files it
// runs (read through Files), the programs it looks up on a PATH. Handlers
// record through it; the walker embeds it. It reaches the rest of the
// walker through three callbacks only.
type Ledger struct {
	// OtherDirs are directories the shell may be in besides dir, where a
	// cd may not have run (values.go); paths are recorded under each.
	OtherDirs []string
	Dir       string  // where cd moved to; "" for the starting directory
	OldDir    *string // where the last cd left ($OLDPWD), nil before any
	Home      string  // the user's home directory, or ""
	// links are the symbolic links the command makes (ln -s), each path
	// as recorded → what it points to; a later path through one is also
	// recorded where it leads (the link does not exist yet when guard
	// looks: ln -s ~ h && cat h/.ssh/id_rsa).
	links []symlink
	// mayLink are the directories where a stage may have made links
	// guard cannot tell (links.go); linksUnknown says why any name may
	// be a link.
	mayLink      []mayLink
	linksUnknown string
	nstat        int // Lstat's lookups (links.go)
	nlist        int // archives and trees listed (lister.go)
	// FollowLinks, set to the program's name while a program that
	// follows the links in the directories it reads recursively runs,
	// makes ReadTree read what they lead to (treelinks.go); walked are
	// the directories walked for links, linkWalk the entries looked at,
	// followed the links made in the command already followed.
	FollowLinks string
	walked      []string
	followed    []string
	linkWalk    int
	// Linking is set while a command that makes links records its
	// destination: the link's own making is not a write through it.
	Linking bool
	// found is what the find whose paths a command is run with (find
	// -exec, find | xargs) found, while that command is analysed.
	found *Found
	// LastFind is what the find analysed last found; substFinds, what
	// the find a substitution runs found, by the substitution's line.
	LastFind   *Found
	SubstFinds []SubstFind
	// Written are the files the command writes, each path as recorded →
	// what it holds then: known text (echo … > f, cat > f <<EOF), a copy
	// of another file (cp a f, cat a > f), or text guard does not know
	// (sed -i, curl -o, tar x into its directory). A later command that
	// runs one (sh f, python3 f, ./f, go run f.go) runs that text, which is
	// then code, not data, or text guard cannot see.
	Written []WrittenFile
	// Files reads the Files the command runs; nil reads none.
	Files Files
	Nread int
	// nlooked counts the files looked for, there or not (MaxFileLookups).
	nlooked int
	reads   []fileRead
	// MetaOnly is set while a program that changes no file's text (chmod,
	// touch, rm) runs; Redirecting while a redirection of standard output
	// is recorded (call settles what its file then holds); Replacing while
	// the files a program writes whole, with text not made from theirs,
	// are recorded (an archive's members, a recursive copy's files).
	MetaOnly, Redirecting, Replacing bool
	// EditScript is set while sed -i with a script of literal
	// substitutions records its files: a write of one is noted with it
	// (ContextWrite.Sed), for the hook to compute what a file it names
	// only by a pattern or a run-time name then holds.
	EditScript string
	// writtenFull: more files were written than written holds, in more
	// directories than fullDirs holds (the directories written past the
	// table's bound).
	writtenFull bool
	fullDirs    []string
	lookups     []lookup
	foundRuns   []foundRun
	// jobRuns are the files background jobs run; jobDepth counts the
	// jobs being walked; jobsFull: more than jobRuns holds (jobs.go).
	jobRuns  []jobRun
	jobDepth int
	jobsFull bool
	// WriteGen counts the files the command wrote (setWritten).
	WriteGen int
	// ReadList, WriteList, TouchList and FileList are the Analysis's
	// lists the ledger appends to.
	ReadList, WriteList, TouchList, FileList *[]string
	// ContextList is the Analysis's list of the files the command writes
	// (setWritten), each with its last text; contextAt indexes it by path.
	ContextList *[]ContextWrite
	contextAt   map[string]int
	// BareList are the touches of a single hidden name written bare (yq
	// .spec), as recorded (each in TouchList too).
	BareList  *[]string
	forceBare bool // TouchBare
	// DashList are the words beginning with '-' the command names, each
	// read both as an option and as a path (pathOf): a program's option
	// (-s0), not a name it is known to make.
	DashList   *[]string
	optionOnly bool // AsOptions
	// archives are the archives the command makes, with the reads each
	// holds (archives.go).
	archives []archive
	// archiveGen counts the archives recorded; heldBefore, when not
	// zero, is the first count held ignores (HeldBefore).
	archiveGen, heldBefore int
	// Container, while a container's command is analysed, maps its paths
	// to the host's (container.go).
	Container *ContainerView
	// Fail records an error (the walker keeps the gravest); hide, that
	// the command runs what guard cannot see; lookup reads a variable.
	Fail   func(err error)
	Hide   func(format string, args ...any)
	Lookup func(name string) (string, bool)
}

// CanonPath writes a path the way the rules expect it: ~ for the home
// directory however spelt (~, $HOME, ${HOME}, its absolute path), cleaned of
// // and /. (rm -rf //, rm -rf $HOME/.).
func (w *Ledger) CanonPath(p string) string {
	p = word.CanonPath(p)
	if w.Home != "" && w.Home != "/" && strings.HasPrefix(p, "/") {
		if p == w.Home {
			return "~"
		}
		if rest, ok := strings.CutPrefix(p, w.Home+"/"); ok {
			return "~/" + rest
		}
	}
	return p
}

// Found is what a find Found: the paths it prints (START, or START/… when
// its tests narrow what it matches) and the names its -name and -iname
// tests look for. A command run with them (find -exec, find | xargs) reads
// what they stand for: the files of those names anywhere under START
// (START/**/NAME), or, without names, everything under START (START/**).
// The path rules check such a read against the protected files it may
// reach (internal/detect/path).
type Found struct {
	Paths []string
	Names []string
	// Entries: the paths are what a listing prints of one level (ls):
	// a name or a pattern of the names it prints (*), read as itself,
	// not as a tree below it.
	Entries bool
}

// tree returns what a read of p reads when p is one of f's paths.
func (f *Found) tree(p string) ([]string, bool) {
	if f.Entries {
		return []string{p}, slices.Contains(f.Paths, p)
	}
	d, narrowed := strings.CutSuffix(p, "/…")
	if !narrowed && !slices.Contains(f.Paths, p) {
		return nil, false
	}
	d = strings.TrimRight(d, "/")
	if len(f.Names) == 0 {
		return []string{d + "/**"}, true
	}
	out := make([]string, 0, len(f.Names))
	for _, n := range f.Names {
		out = append(out, d+"/**/"+n)
	}
	return out, true
}

// SubstFind is what the find inside a substitution found, and the line of
// the substitution's pipeline (word.sub of the words it gives).
type SubstFind struct {
	Line string
	F    *Found
}

// FoundBy returns what the finds of the substitutions whose line is line
// found, merged (any without names: everything), or nil.
func (w *Ledger) FoundBy(line string) *Found {
	var out *Found
	for _, sf := range w.SubstFinds {
		if sf.Line != line {
			continue
		}
		if out == nil {
			out = &Found{Names: sf.F.Names, Entries: sf.F.Entries}
		} else if out.Entries = out.Entries && sf.F.Entries; len(sf.F.Names) == 0 || len(out.Names) == 0 {
			out.Names = nil
		} else {
			out.Names = append(out.Names, sf.F.Names...)
		}
		out.Paths = append(out.Paths, sf.F.Paths...)
	}
	return out
}

// FoundNow returns what the command being analysed is run with (find
// -exec, find | xargs, ls | xargs: see WithFound), or nil.
func (w *Ledger) FoundNow() *Found { return w.found }

// WithFound runs fn with f as what the commands it analyses are run with.
func (w *Ledger) WithFound(f *Found, fn func()) {
	if f == nil {
		fn()
		return
	}
	saved := w.found
	w.found = f
	fn()
	w.found = saved
}

// IsFile reports whether p names a file: one the command wrote earlier
// with text guard knows, or a regular file the reader finds (not a
// directory, nor missing).
func (w *Ledger) IsFile(p string) bool {
	if _, ok := w.WrittenText(p); ok {
		return true
	}
	if w.Files == nil {
		return false
	}
	_, st := w.Files.ReadFile(w.Where(p), 0)
	return st == FileWhole || st == FileTooBig
}

// Where returns path p as the command's shell at this point names it:
// after its cd, with $PWD and $OLDPWD replaced.
func (w *Ledger) Where(p string) string {
	if w.Container != nil {
		return w.containerWhere(p) // container.go
	}
	if q, ok := w.DirVar(p); ok {
		return q
	}
	return Under(w.Dir, p)
}

// WrittenEntry returns what the command last wrote to the file at p (a
// cleaned path), if it wrote it; a directory it changed with unknown text
// stands for everything below it.
func (w *Ledger) WrittenEntry(p string) (WrittenFile, bool) {
	for i := len(w.Written) - 1; i >= 0; i-- {
		f := w.Written[i]
		below, ok := cutDir(p, f.Path)
		switch {
		case f.Path == p:
			return f, true
		case ok && f.from != "":
			// cp -r tmpl new: new/x.sh holds tmpl/x.sh's text
			return WrittenFile{Path: p, from: f.from + "/" + below}, true
		case f.unknown && (ok || f.Path == "." && !strings.HasPrefix(p, "/") || f.Path == "/"):
			return f, true
		}
	}
	if w.writtenFull || len(w.fullDirs) > 0 && slices.Contains(w.fullDirs, path.Dir(p)) {
		return WrittenFile{Path: p, unknown: true}, true
	}
	return WrittenFile{}, false
}

// cutDir returns the rest of p below directory d (p = d/rest), and whether
// p is below d.
func cutDir(p, d string) (string, bool) {
	if len(p) > len(d) && p[len(d)] == '/' && p[:len(d)] == d {
		return p[len(d)+1:], true
	}
	return "", false
}

// setWritten records what the command wrote to a file, in place of what
// it wrote there before.
func (w *Ledger) setWritten(f WrittenFile) {
	if f.from == "" && !f.whole {
		f.was = w.heldFrom(f.Path)
	}
	for i := len(w.Written) - 1; i >= 0; i-- {
		if w.Written[i].Path == f.Path {
			w.Written = append(w.Written[:i], w.Written[i+1:]...)
			break
		}
	}
	f.canon = w.CanonPath(f.Path)
	w.WriteGen++
	w.contextWrite(f)
	w.jobsChanged(f.Path) // jobs.go
	switch d := path.Dir(f.Path); {
	case len(w.Written) < MaxWritten:
		w.Written = append(w.Written, f)
	case slices.Contains(w.fullDirs, d):
	case len(w.fullDirs) < MaxWritten:
		// Past the table's bound, the directories written: any file
		// directly in one may be one of them.
		w.fullDirs = append(w.fullDirs, d)
	default:
		w.writtenFull = true // from now on, any file it runs may be one of them
	}
}

// ContextWrite is a write of a file, as the rules expect its path, and
// what it then holds when guard knows (Known): a file an agent's context
// file imports is context too, whatever its name, and the hook decides
// which are. Whole marks a write that replaces the file's text whole
// with text not made from it: another file's (cp a f, cat a > f) or a
// program's output the shell empties the file for (cmd > f). Was names,
// for any other write, the file whose
// text it held when the command began, as far as guard follows the
// command's copies (cp a f; sed -i … f: a), else its own path: an edit in
// place reshapes that text ("": guard could not follow it).
type ContextWrite struct {
	Path, Text, Was string
	Known, Whole    bool
	// Sed is, for an in-place edit by sed -i with a script of literal
	// substitutions, that script (lang.ParseSedLiteral): what any file
	// the write stands for then holds.
	Sed string
}

// contextWrite notes f in ContextList: its last text only.
func (w *Ledger) contextWrite(f WrittenFile) {
	was := ""
	if f.was != "" {
		was = w.CanonPath(f.was)
	}
	w.noteContext(ContextWrite{Path: f.canon, Text: f.text, Known: !f.unknown && f.from == "", Whole: f.from != "" || f.whole, Was: was, Sed: f.sed}, true)
}

// heldFrom returns the file whose text the file at p held when the
// command began, followed through the copies the command made (a few
// deep): p itself when the command has not written it, or wrote it as a
// directory's member; "" past the depth.
func (w *Ledger) heldFrom(p string) string {
	for range 4 {
		e, ok := w.WrittenEntry(p)
		switch {
		case !ok || e.Path != p:
			return p
		case e.from != "":
			p = e.from
		default:
			return e.was
		}
	}
	return ""
}

// contextKept notes a write that changes no text (chmod, touch, rm, a
// move's source) of the file at p: it imports nothing new, unless another
// write of it is noted.
func (w *Ledger) contextKept(p string) {
	w.noteContext(ContextWrite{Path: p, Known: true}, false)
}

// noteContext adds c to ContextList, or, when a write of its path is
// there, puts it in that one's place (replace) or leaves that one.
func (w *Ledger) noteContext(c ContextWrite, replace bool) {
	if w.ContextList == nil {
		return
	}
	if w.contextAt == nil {
		w.contextAt = map[string]int{}
	}
	if i, ok := w.contextAt[c.Path]; ok && i < len(*w.ContextList) && (*w.ContextList)[i].Path == c.Path {
		if replace {
			(*w.ContextList)[i] = c
		}
		return
	}
	w.contextAt[c.Path] = len(*w.ContextList)
	*w.ContextList = append(*w.ContextList, c)
}

// Changed records that the command changes the file (or directory) at p
// with text guard does not know.
func (w *Ledger) Changed(p string) {
	p, sed := word.Clean(p), w.EditScript
	if e, ok := w.WrittenEntry(p); ok && e.Path == p && e.from == "" {
		sed = "" // changed before too: the script alone is not what it holds (a copy's is: Was)
	}
	w.setWritten(WrittenFile{Path: p, unknown: true, sed: sed})
}

// Replaced records that the command writes the file at p whole with text
// guard does not know: a program's output the shell empties it for (cmd
// > f), not made from what it held.
func (w *Ledger) Replaced(p string) {
	w.setWritten(WrittenFile{Path: word.Clean(p), unknown: true, whole: true})
}

// Copied records that the file at dst holds what the file at src holds
// (cp src dst, cat src > dst).
func (w *Ledger) Copied(dst, src string) {
	w.setWritten(WrittenFile{Path: word.Clean(w.Where(dst)), from: word.Clean(w.Where(src))})
}

// fileChanged: the file is one the command itself changes with text guard
// does not know.
const fileChanged FileStatus = -1

// FileText returns the text of the file at p that the command runs, at
// most max bytes: what the command itself wrote there earlier, else what
// Options.Files reads. It is false when there is nothing to analyse (no
// reader, no file there: nothing runs), or when what runs cannot be seen:
// a file that cannot be read whole, or one the command itself changes with
// text guard does not know, which is recorded as hidden (what names it,
// for the reason: "a script", "a crontab").
func (w *Ledger) FileText(p string, known bool, max int, what string) (string, bool) {
	if w.FindsIt(p, what) {
		return "", false
	}
	t, st := w.FileStatus(p, known, max)
	switch {
	case st == FileWhole:
		return t, true
	case st == FileAbsent && w.UnknownCode(p, what):
		return "", false
	}
	switch st {
	case fileChanged:
		w.Hide("runs %s the command itself changes with text guard cannot see", what)
	case FileTooBig:
		w.Hide("runs %s larger than %d KiB, more than guard reads", what, max>>10)
	case FileUnreadable:
		w.Hide("runs %s guard cannot read (not a regular file, or not readable)", what)
	}
	return "", false
}

// UnknownCode reports whether p, the name of a file the command runs as
// what (a script, a program), holds a part the command computes at run
// time from what guard cannot tell (word.RunTimePart: a substitution's
// output, a value read), and records then that what runs is hidden: the
// read rules take such a name as "could be any file", and as code it is
// the same, not "no file".
func (w *Ledger) UnknownCode(p, what string) bool {
	// $0 where guard does not know it: the agent's shell's (bash, /bin/bash,
	// as the agent starts it), which a relative name may climb from.
	if strings.Contains(w.Where(p), UnknownCd) {
		w.Hide("runs %s %s in a directory guard cannot tell (the command changes to one named by what guard cannot resolve), so guard cannot tell which file runs", what, word.Quote(word.Render(p)))
		return true
	}
	if !word.RunTimePart(p) && !strings.Contains(p, word.UnknownSubst) && !strings.Contains(p, word.Mark(word.MarkVar, "0")) && !producedName(w.Where(p)) {
		if v := w.unsetInherited(p); v != "" {
			w.Hide("runs %s whose name %s holds $%s, a variable guard cannot resolve (the environment guard runs in does not set it), so guard cannot tell which file runs", what, word.Quote(word.Render(p)), v)
			return true
		}
		if v := unresolvedMark(w.Where(p)); v != "" {
			w.Hide("runs %s whose name %s holds %s, which guard cannot resolve, so guard cannot tell which file runs", what, word.Quote(word.Render(p)), v)
			return true
		}
		return false
	}
	w.Hide("runs %s whose name %s has a part guard cannot work out before the command runs, so guard cannot tell which file runs", what, word.Quote(word.Render(p)))
	return true
}

// UnknownCd is the directory the shell is in after a cd to an inherited
// variable guard cannot resolve, or to a value the command computes at
// run time (cd "$NOPE", cd "${X:-}": bash's cd "" stays): a directory not
// known, as $PWD the walker could not follow is, for the path rules (reads
// there are "cannot work out"); a file that runs there is hidden
// (UnknownCode).
var UnknownCd = word.Mark(word.MarkVar, "PWD?")

// unsetInherited returns the name of a variable p takes from the
// environment (word.MarkEnv: sh "$TOOLS/p.sh") that the reader's
// environment does not set, or that guard has no environment to look in
// for: the reader found no file by that name, yet the command's shell,
// which may have it set (a start-up file's export), runs one. "" when
// there is none.
func (w *Ledger) unsetInherited(p string) string {
	if !word.HasMark(p) {
		return ""
	}
	loc, isLoc := w.Files.(Locator)
	unset := ""
	word.EachMark(p, func(k byte, name string, whole bool) {
		switch {
		case unset != "" || !whole || k != word.MarkEnv && k != word.MarkEnvOp && k != word.MarkUnset:
		case !isLoc:
			unset = name // no environment to look in
		case k == word.MarkEnv:
			if _, set := loc.Env(name); !set {
				unset = name
			}
		}
		// ${V:=w}, ${V:-w} (MarkEnvOp, MarkUnset): the reader resolves
		// them whatever the environment holds.
	}, nil)
	return unset
}

// unresolvedMark returns, written as the shell would, a part of p (a
// file's name as the command's directory makes it) that the reader cannot
// resolve and that is not "no file" (FINDINGS52a P8): an operator on an
// inherited variable whose word holds another variable (${NOPE:-$OTHER}),
// a shell variable guard did not work out ($OLDPWD, $@ where the
// parameters are not known, the $PWD of a cd it could not follow). ""
// when there is none.
func unresolvedMark(p string) string {
	found := ""
	word.EachMark(p, func(k byte, name string, whole bool) {
		switch {
		case found != "" || !whole:
		case k == word.MarkEnvOp && nestedVar(name):
			found = "${" + name + "}"
		case k == word.MarkVar:
			switch name {
			case "", "code_part", "?", "$", "!", "#", "PWD": // ($PWD: a container's, toolbox run)
			default:
				found = "$" + name
			}
		}
	}, nil)
	return found
}

// nestedVar reports whether spec, a word.MarkEnvOp's name (V:-w), holds in
// its word a variable other than $HOME (which the reader resolves).
func nestedVar(spec string) bool {
	rest := strings.NewReplacer("${HOME}", "", "$HOME", "").Replace(spec)
	return strings.ContainsAny(rest, "$`") || word.HasMark(rest)
}

// producedName reports whether p (as the command's directory makes it)
// holds a name a harmless producer picks among others (word.MarkName: a
// line of ls, find's path, date's, mktemp's fresh file), in any element:
// harmless as a name to read, yet which file it is guard cannot tell, and
// a file that runs is its text, not its name (x=$(ls | head -1); . "$x";
// sh "$(ls -d d*)/x.sh"; cd "$(ls -d */)" && make; FINDINGS48b F4). So
// is a tool's place guard could not resolve (word.NamePlace: npm root -g,
// brew --prefix; shell's places.go resolves go env GOPATH and npm root):
// the agent may write there as anywhere (FINDINGS49b G6). Not git
// rev-parse --show-toplevel's where guard found no repository to resolve
// it (git prints nothing there). A container's
// files are not (docker exec c sh /x.sh: code that runs there, as guard
// reads the container's mounts).
func producedName(p string) bool {
	found := false
	word.EachMark(p, func(k byte, name string, _ bool) {
		found = found || k == word.MarkName && !strings.HasPrefix(name, "container:") && name != word.NamePlace+":git"
	}, nil)
	return found
}

// FindsIt reports whether p, a file the command runs, stands for the files
// a find finds (find -exec sh {} \;, find | xargs python3): guard cannot
// list them, so what runs is hidden, and recorded so.
func (w *Ledger) FindsIt(p, what string) bool {
	if w.found == nil {
		return false
	}
	if _, ok := w.found.tree(p); !ok {
		return false
	}
	w.Hide("runs as %s the files find finds, which guard cannot tell", what)
	return true
}

// FileStatus returns the text of the file at p as fileText does, and what
// was found: FileAbsent also when there is no reader or p holds a
// substitution's output.
func (w *Ledger) FileStatus(p string, known bool, max int) (string, FileStatus) {
	// Not cleaned: a .. after a link is the kernel's to take. A copy of a
	// copy (cp a b; cp b c) is followed, a few deep.
	q := w.Where(p)
	w.jobRan(word.Clean(q)) // jobs.go
	if t, st, ok := w.globWritten(q, known, max); ok {
		return t, st
	}
	for range 4 {
		f, ok := w.WrittenEntry(word.Clean(q))
		if !ok {
			break
		}
		if f.unknown {
			return "", fileChanged
		}
		if f.from == "" {
			if known {
				return f.text, FileWhole
			}
			break
		}
		q = f.from // as recorded: from the directory the command starts in
	}
	// A word with an unknown part may still name the file: an inherited
	// $VARIABLE the reader resolves. A substitution's output it cannot.
	if strings.Contains(q, UnknownLink) {
		return "", FileUnreadable // /dev/fd/3: a descriptor guard cannot follow (proclinks.go)
	}
	if w.Files == nil || q == "" || strings.Contains(q, word.UnknownSubst) || strings.Contains(q, word.UnknownArith) || word.IsStdin(p) {
		return "", FileAbsent
	}
	for _, r := range w.reads {
		if r.path == q && r.max == max {
			return r.text, r.st // python3 a.py && python3 b.py: one shim, read once
		}
	}
	if w.Nread >= MaxFiles {
		w.Fail(fmt.Errorf("runs more than %d files: %w", MaxFiles, ErrLimit))
		return "", FileAbsent
	}
	if w.nlooked >= MaxFileLookups {
		w.Fail(fmt.Errorf("looks for more than %d files: %w", MaxFileLookups, ErrLimit))
		return "", FileAbsent
	}
	w.nlooked++
	data, st := w.Files.ReadFile(q, max)
	if st != FileAbsent {
		w.Nread++ // a file looked for and not there is no file read (make's GNUmakefile, makefile)
	}
	if st == FileWhole {
		*w.FileList = append(*w.FileList, q)
	}
	w.reads = append(w.reads, fileRead{q, max, string(data), st})
	return string(data), st
}

// globWritten answers for a pattern q (bash b*.sh) that may match a file
// the command wrote before it runs: bash expands it when it runs, so what
// the command wrote is among its matches. A written file of text guard
// does not know, or a name guard cannot tell in the pattern's directory
// (an extraction, a copy of a tree), is a change guard cannot see; one
// written file of known text matched alone (none on disk) is that text;
// a written file among others, guard cannot tell which runs. False when
// no written file could match: the pattern meets the disk.
func (w *Ledger) globWritten(q string, known bool, max int) (string, FileStatus, bool) {
	if !known || !strings.ContainsAny(q, "*?[") || len(w.Written) == 0 && !w.writtenFull {
		return "", 0, false
	}
	pat := word.Clean(q)
	dir := path.Dir(pat)
	if w.writtenFull || slices.Contains(w.fullDirs, dir) {
		return "", fileChanged, true
	}
	var match *WrittenFile
	n := 0
	for i := range w.Written {
		f := &w.Written[i]
		_, below := cutDir(dir, f.Path)
		switch {
		case f.unknown && (below || f.Path == dir || f.Path == "." && !strings.HasPrefix(dir, "/")):
			return "", fileChanged, true // a tree written with names guard cannot list
		case word.HasMark(f.Path) && (path.Dir(f.Path) == dir || strings.ContainsAny(dir, "*?[")):
			return "", fileChanged, true // a name guard cannot tell, where the pattern looks
		}
		if m, err := path.Match(pat, f.Path); err == nil && m {
			if f.unknown || f.from != "" {
				return "", fileChanged, true
			}
			match, n = f, n+1
		}
	}
	if n == 0 {
		return "", 0, false
	}
	if n == 1 && (w.Files == nil || w.onDiskAbsent(q, max)) {
		return match.text, FileWhole, true
	}
	return "", FileUnreadable, true
}

// WrittenMatches returns the files the command wrote that pattern p
// matches, as p names them; hidden when a name guard cannot tell was
// written where the pattern looks.
func (w *Ledger) WrittenMatches(p string) (names []string, hidden bool) {
	pat := word.Clean(w.Where(p))
	if _, st, ok := w.globWritten(pat, true, 0); ok && st == fileChanged {
		for _, f := range w.Written {
			if m, _ := path.Match(pat, f.Path); m && f.unknown {
				names = append(names, path.Join(path.Dir(p), path.Base(f.Path)))
			}
		}
		return names, len(names) == 0
	}
	for _, f := range w.Written {
		if m, _ := path.Match(pat, f.Path); m {
			names = append(names, path.Join(path.Dir(p), path.Base(f.Path)))
		}
	}
	return names, false
}

// onDiskAbsent reports whether pattern q matches nothing on disk.
func (w *Ledger) onDiskAbsent(q string, max int) bool {
	_, st := w.Files.ReadFile(q, max)
	return st == FileAbsent
}

// fileRead is a file read through Options.Files: what fileStatus found.
type fileRead struct {
	path string
	max  int
	text string
	st   FileStatus
}

// Bounds of the search for programs run by a bare name.
const (
	// MaxPathDirs bounds the directories of a PATH searched.
	MaxPathDirs = 64
	// MaxLookups bounds the names one command looks up on its PATH.
	MaxLookups = 64
)

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
	Run     string // the path runPath takes; "" when nothing guard reads runs
	Written bool   // run is a file the command wrote
	Hidden  bool   // a directory guard cannot tell comes first
	// mine: the PATH is the command's own; Managed: run is in a
	// directory of a version or package manager's on the inherited PATH
	// (see managedDir), not read.
	mine, Managed bool
}

// LookPath returns what runs for name on the PATH in effect (own, the one
// the command's assignments give it, else searchText's), looked up once for
// each name, PATH and directory, and resolved again when the command has
// written files since. It is nil when guard does not look it up: more
// names than it looks up, a PATH of the command's own with more
// directories than it searches (both recorded as hidden), or no reader and
// the table full.
func (w *Ledger) LookPath(name, own string) *lookup {
	text, mine := w.searchText(own)
	key := name + "\x00" + w.Dir + "\x00" + text
	var l *lookup
	for i := range w.lookups {
		if w.lookups[i].key == key {
			l = &w.lookups[i]
			break
		}
	}
	if l == nil {
		s, reads := w.Files.(Searcher)
		dirs := w.pathElems(splitPath(text))
		switch {
		case len(dirs) > MaxPathDirs && mine:
			w.Hide("looks its program up on a PATH of more than %d directories", MaxPathDirs)
			return nil
		case len(w.lookups) >= MaxLookups && reads:
			w.Hide("runs more than %d programs guard would look up on PATH", MaxLookups)
			return nil
		case len(w.lookups) >= MaxLookups:
			return nil
		}
		dirs = dirs[:min(len(dirs), MaxPathDirs)]
		hit := -1
		if reads {
			where := make([]string, len(dirs)) // after the command's cd
			for i, d := range dirs {
				where[i] = w.Where(d)
			}
			hit = s.LookPath(name, where)
		}
		cands := make([][2]string, len(dirs))
		for i, d := range dirs {
			q := word.Clean(w.Where(inDir(d, name)))
			cands[i] = [2]string{q, w.CanonPath(q)}
		}
		w.lookups = append(w.lookups, lookup{key: key, dirs: dirs, cands: cands, hit: hit, gen: -1, mine: mine})
		l = &w.lookups[len(w.lookups)-1]
	}
	switch n := w.WriteGen - l.gen; {
	case n == 0:
	case l.gen < 0 || n > len(w.Written) || w.writtenFull || len(w.fullDirs) > 0 || w.writesReach(l, n):
		w.resolveFound(l, name)
	default:
		l.gen = w.WriteGen // what the command wrote since is elsewhere
	}
	return l
}

// writesReach reports whether one of the last n files the command wrote
// is, or holds, a candidate of l.
func (w *Ledger) writesReach(l *lookup, n int) bool {
	for _, f := range w.Written[len(w.Written)-n:] {
		if f.unknown && (f.Path == "." || f.Path == "/") {
			return true // tar x, patch: any file below
		}
		for _, c := range l.cands {
			if _, below := cutDir(c[1], f.canon); f.canon == c[1] || below || f.Path == c[0] {
				return true
			}
		}
	}
	return false
}

// resolveFound sets what runs for l: directory by directory, a file the
// command wrote there, else the reader's hit; a directory guard cannot
// tell before either hides what runs.
func (w *Ledger) resolveFound(l *lookup, name string) {
	l.gen, l.Run, l.Written, l.Hidden, l.Managed = w.WriteGen, "", false, false, false
	for k, d := range l.dirs {
		if strings.Contains(d, word.UnknownSubst) || strings.Contains(d, word.UnknownArith) || strings.Contains(l.cands[k][0], UnknownCd) {
			l.Hidden, l.Run = true, d // (after cd "$NOPE": PATH=".:$PATH" q.sh, FINDINGS52a P5)
			return
		}
		if q := w.writtenAs(l.cands[k][0], l.cands[k][1]); q != "" {
			l.Run, l.Written = q, true // written earlier in the command
			return
		}
		if k == l.hit {
			l.Run = inDir(d, name)
			l.Managed = !l.mine && managedDir(d)
			return
		}
	}
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

// ProgramName reports whether s can be a program's file name: letters,
// digits, and . _ + -, not an option, not . or ..
func ProgramName(s string) bool {
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
func (w *Ledger) searchText(own string) (string, bool) {
	inherited := ""
	if s, ok := w.Files.(Searcher); ok {
		inherited = s.SearchPath()
	}
	text, mine := renderPath(own), own != ""
	if !mine {
		if v, ok := w.Lookup("PATH"); ok {
			text, mine = renderPath(v), true // the inherited $PATH as written
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

// SearchDirs returns the directories of the PATH in effect (own, the one
// the command's assignments give it, else searchText's) in the order they
// are searched, at most MaxPathDirs: where bash's source and . look up a
// name without a slash, and bash NAME when ./NAME is not there.
func (w *Ledger) SearchDirs(own string) []string {
	text, _ := w.searchText(own)
	dirs := w.pathElems(splitPath(text))
	return dirs[:min(len(dirs), MaxPathDirs)]
}

// InDir returns the path of name in directory d as LookPath writes it.
func InDir(d, name string) string { return inDir(d, name) }

// renderPath writes a PATH the command sets as word.Render does, but for
// the inherited variables in it (word.MarkEnv, MarkEnvOp, MarkUnset),
// left as markers for pathElems to resolve: $d the command read and $d it
// inherited render alike. $PATH is written $PATH, for searchText.
func renderPath(s string) string {
	if !word.HasMark(s) {
		return s
	}
	var b strings.Builder
	word.EachMark(s, func(k byte, name string, whole bool) {
		m := word.Mark(k, name)
		if name == "PATH" && k == word.MarkVar {
			// ${PATH//:/:D:}, ${PATH/#/D:}: an operator guard did not
			// work out on the inherited PATH is a value it cannot tell,
			// not $PATH (FINDINGS53b F15)
			b.WriteString(word.UnknownSubst)
			return
		}
		if !whole || name == "PATH" || k != word.MarkEnv && k != word.MarkEnvOp && k != word.MarkUnset && k != word.MarkDir {
			m = word.Render(m)
		}
		b.WriteString(m)
	}, func(t string) { b.WriteString(t) })
	return b.String()
}

// splitPath returns the directories of a PATH; an empty entry is the
// working directory.
func splitPath(text string) []string {
	if text == "" {
		return nil
	}
	dirs := SplitOut(text)
	for i, d := range dirs {
		if d == "" {
			dirs[i] = "."
		}
	}
	return dirs
}

// pathElems returns the PATH elements dirs with the inherited variables
// in them (word.MarkEnv, MarkEnvOp, MarkUnset) at their values in the
// command's environment, as bash expands them: "." where an element is
// then empty (bash searches the current directory), word.UnknownSubst
// where guard cannot tell a value (no environment, an unset $V a start-up
// file may set, ${V:?}, a piece of a marker), which hides what runs
// (resolveFound). FINDINGS51a F9: PATH="$NOPE:$PATH" p.sh runs ./p.sh.
func (w *Ledger) pathElems(dirs []string) []string {
	loc, isLoc := w.Files.(Locator)
	var out []string
	for _, d := range dirs {
		if !word.HasMark(d) {
			out = append(out, unresolvedElem(d))
			continue
		}
		var b strings.Builder
		known := true
		word.EachMark(d, func(k byte, name string, whole bool) {
			v, ok := word.Mark(k, name), true
			switch {
			case whole && k == word.MarkDir:
				// the walker's $PWD when the PATH was set (FINDINGS52a P2):
				// Where reads it from the directory the command starts in
			case k != word.MarkEnv && k != word.MarkEnvOp && k != word.MarkUnset:
				ok = false // a value guard did not work out (FINDINGS52a P1)
			case !whole || !isLoc:
				ok = false
			case k == word.MarkEnv:
				v, ok = loc.Env(name)
			case k == word.MarkEnvOp:
				v, ok = envOp(name, loc.Env)
			default:
				v, _ = loc.Env(name) // ${V-}
			}
			known = known && ok
			b.WriteString(v)
		}, func(t string) { b.WriteString(t) })
		if !known {
			out = append(out, word.UnknownSubst)
			continue
		}
		// ${V:-a:b}: bash splits the expanded PATH at each ':' again
		for _, e := range SplitOut(b.String()) {
			if e == "" {
				e = "."
			}
			out = append(out, unresolvedElem(e))
		}
	}
	return out
}

// unresolvedElem returns PATH element e, or word.UnknownSubst where it
// holds what renderPath wrote for a value guard did not work out ($1,
// ${V#x}, …): no directory has that name, yet bash searches the one the
// value names (FINDINGS52a P1).
func unresolvedElem(e string) string {
	if e == "$PATH" || e == "${PATH}" {
		return e // the inherited PATH where guard has none to put in (no reader): as before
	}
	rest := e
	for _, h := range [...]string{"$HOME", "${HOME}"} {
		if r, ok := strings.CutPrefix(e, h); ok && (r == "" || r[0] == '/') {
			rest = r // the reader resolves a leading $HOME
		}
	}
	if strings.ContainsAny(rest, "$`") || strings.Contains(rest, "…") {
		return word.UnknownSubst
	}
	return e
}

// envOp evaluates spec, a word.MarkEnvOp's name (V:-w, V=w, V:+w, V?m),
// on env as bash does; false where the shell stops (${V:?m} on V unset)
// or spec is not one.
func envOp(spec string, env func(string) (string, bool)) (string, bool) {
	i := 0
	for i < len(spec) && word.IsNameRune(rune(spec[i])) {
		i++
	}
	name, op := spec[:i], spec[i:min(i+1, len(spec))]
	if op == ":" {
		op = spec[i:min(i+2, len(spec))]
	}
	if !word.IsName(name) || op == "" {
		return "", false
	}
	v, set := env(name)
	return word.ParamOp(v, set, op, spec[i+len(op):])
}

// SplitOut splits text at each ':' outside a marker (an inherited
// variable's ${V:-w} keeps its colon).
func SplitOut(text string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(text); i++ {
		switch {
		case strings.HasPrefix(text[i:], word.MarkStart):
			depth++
		case strings.HasPrefix(text[i:], word.MarkEnd):
			depth = max(depth-1, 0)
		case text[i] == ':' && depth == 0:
			out, from = append(out, text[from:i]), i+1
		}
	}
	return append(out, text[from:])
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
func (w *Ledger) writtenAs(q, cq string) string {
	if _, ok := w.WrittenEntry(q); ok && !w.writtenFull {
		return q
	}
	for i := len(w.Written) - 1; i >= 0; i-- {
		e, ce := w.Written[i].Path, w.Written[i].canon
		if ce == cq {
			return e
		}
		if rest, ok := cutDir(cq, ce); ok {
			if _, ok := w.WrittenEntry(e + "/" + rest); ok {
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

// FreshRun reports whether the run of p, a program found on PATH, with
// args is to be analysed: not one analysed already (the same arguments,
// from the same directory), and not past maxFoundRuns of it (a pyenv shim
// run by every python3 of a long script). A run not analysed still has its
// arguments checked as any program's (touched).
func (w *Ledger) FreshRun(p string, args []word.Word) bool {
	key := w.Dir + "\x00" + word.Join(args)
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

// WrittenFile is a file the command writes, and what it then holds: text,
// a copy of the file from, or text guard does not know (unknown).
type WrittenFile struct {
	Path, text, from string
	unknown          bool
	canon            string // path as canonPath writes it (~ for the home directory)
	was              string // the file whose text it held before (ContextWrite.Was)
	whole            bool   // unknown text that replaces the file's whole (ContextWrite.Whole)
	sed              string // the literal sed script that edits it in place (ContextWrite.Sed)
}

// Wrote records that the file at p (as the command names it) holds text.
func (w *Ledger) Wrote(p, text string, appendTo bool) {
	f := WrittenFile{Path: word.Clean(w.Where(p)), text: text}
	if prev, ok := w.WrittenEntry(f.Path); ok && prev.Path == f.Path && !appendTo && w.EditScript != "" {
		f.sed = prev.sed // sed -i's literal script, as Changed noted it: the text is its result
	}
	if prev, ok := w.WrittenEntry(f.Path); ok && appendTo {
		f.text = prev.text + text
		f.unknown = prev.unknown || prev.from != ""
	}
	w.setWritten(f)
}

// WrittenText returns the text the command wrote to the file at p, if it
// wrote one guard knows.
func (w *Ledger) WrittenText(p string) (string, bool) {
	f, ok := w.WrittenEntry(word.Clean(w.Where(p)))
	if !ok || f.unknown || f.from != "" {
		return "", false
	}
	return f.text, true
}

// CopiedFrom returns the file the command copied to p (cp a x), if p is
// such a copy.
func (w *Ledger) CopiedFrom(p string) (string, bool) {
	f, ok := w.WrittenEntry(word.Clean(w.Where(p)))
	return f.from, ok && f.from != ""
}

// MaxWritten bounds the files remembered: a command writing more is rare,
// and each later one is then read like any other file.
const MaxWritten = 64

// symlink is a link the command makes: at path, pointing to target.
type symlink struct{ path, target string }

// pathKind says what a command may do to a file it names.
type pathKind uint8

const (
	readPath  pathKind = iota // it reads the file
	writePath                 // it writes (or removes) the file
	// touchPath: a program guard does not know to only read its files
	// names it: it may write it (Analysis.Touches).
	touchPath
)

// Read records the file word s names as read, when s may name one (see
// candidate).
func (w *Ledger) Read(s string) { w.pathOf(s, readPath) }

// Write records the file word s names as written.
func (w *Ledger) Write(s string) { w.pathOf(s, writePath) }

// Touch records the file word s names as given to a program not known to
// only read it (see Analysis.Touches).
func (w *Ledger) Touch(s string) { w.pathOf(s, touchPath) }

// AsOptions runs fn with each word beginning with '-' it records taken
// as an option only (with the file its value may name: --git-dir=D), not
// also as a name: for words the program's own option parser is known to
// take as options (git's global options, gofmt's Go flags before its
// first operand).
func (w *Ledger) AsOptions(fn func()) {
	saved := w.optionOnly
	w.optionOnly = true
	fn()
	w.optionOnly = saved
}

// TouchBare records the file word s names as touched, a guess as
// uncertain as a bare hidden name (Analysis.BareTouches): a dot entry of
// the home that interpreter code may mean ('.env' in code that names the
// home directory elsewhere).
func (w *Ledger) TouchBare(s string) {
	w.forceBare = true
	w.pathOf(s, touchPath)
	w.forceBare = false
}

// WriteDir records s, a word in the place of a directory that is written
// (tar -C DIR, unzip -d DIR, cp's destination).
func (w *Ledger) WriteDir(s string) { w.Write(s) }

// ReadTree records that the command reads the directory word s names, and
// everything in it: s itself, and s/** (see Analysis.Reads).
func (w *Ledger) ReadTree(s string) {
	w.Read(s)
	if p, ok := Candidate(s); ok && p != word.UnknownSubst {
		w.Read(treeOf(p))
	}
	if w.FollowLinks != "" {
		w.followTree(s)
	}
}

// WriteTree records that the command writes (removes) the directory word s
// names and everything in it: s itself, and s/** (rm -r DIR), which the
// rules check with what DIR holds on disk.
func (w *Ledger) WriteTree(s string) {
	w.Write(s)
	if p, ok := Candidate(s); ok && p != word.UnknownSubst && !word.HasMark(p) && !strings.HasSuffix(p, "/…") {
		w.Write(treeOf(p)) // (what find found, DIR/…, is its own tree: see pathOf)
	}
}

// treeOf returns directory p followed by /**: what a recursive read of p
// reads.
func treeOf(p string) string {
	p = strings.TrimSuffix(strings.TrimRight(p, "/"), "/…")
	return p + "/**"
}

// pathOf records the file word s names as read, written or touched. A path
// ending in /… stands for what find found under it (see found).
func (w *Ledger) pathOf(s string, k pathKind) {
	if len(s) > 1 && s[0] == '-' && !w.optionOnly {
		// -k, -x=/../../.bashrc: an option (with its value), or (after
		// --, or for a program that takes no such option) a path whose
		// first element begins with '-', relative to the working
		// directory (a link -k -> ~/.ssh/id_rsa, a directory -x=):
		// guard cannot tell which, so both. A name that is no entry of
		// the directory and no protected path costs nothing.
		if w.DashList != nil && !slices.Contains(*w.DashList, s) {
			*w.DashList = append(*w.DashList, s)
		}
		w.pathOf("./"+s, k)
	}
	p, ok := Candidate(s)
	if !ok {
		return
	}
	if d, tree := strings.CutSuffix(p, "/…"); MagicTree(d) && (tree || w.found != nil && slices.Contains(w.found.Paths, p)) || MagicGlob(p) {
		w.magicTree(d) // what find found there, what a glob matches (proclinks.go)
	}
	if w.found != nil {
		if rest, ok := w.found.tree(p); ok {
			// Read, what find found is the tree it stands for; written
			// (find -delete, -exec sed -i {}, find | xargs rm), each file
			// of it is written: the tree too, beside the start directory
			// (a written directory stands for what it holds).
			found := w.found
			w.found = nil
			for _, t := range rest {
				w.pathOf(t, k)
			}
			w.found = found
			if k == readPath {
				return
			}
		}
	}
	if w.Container != nil {
		w.containerPath(p, k)
		return
	}
	bare := k == touchPath && w.BareList != nil && (w.forceBare || BareHidden(p))
	if k != touchPath && otherProcessLink(p) {
		// /proc/$!/fd/3: a file another process holds, which guard cannot
		// tell (proclinks.go)
		w.Hide("opens through /proc a descriptor or directory of a process guard cannot name, which may be any file")
	}
	if q, ok := w.DirVar(p); ok {
		p = q
	} else {
		for _, d := range w.OtherDirs {
			w.record(Under(d, p), k) // where a cd may not have run
			if bare {
				*w.BareList = append(*w.BareList, Under(d, p))
			}
		}
		w.unknownDirHook(p, k) // githooks.go
		if k != readPath && inheritedLead(p) {
			// cd D && rm "$x": $x may be a name in D as well as a path
			// of its own.
			for _, d := range append(w.OtherDirs[:len(w.OtherDirs):len(w.OtherDirs)], w.Dir) {
				if d != "" {
					w.record(strings.TrimRight(d, "/")+"/"+p, k)
				}
			}
		}
		p = Under(w.Dir, p)
	}
	w.record(p, k)
	if bare {
		*w.BareList = append(*w.BareList, p)
	}
	w.throughLinks(p, k)
}

// BareHidden reports whether word p is a single hidden name, relative
// (.spec, ./...): what a data word guard cannot tell from a path (yq
// '.spec', go's ./...) also is.
func BareHidden(p string) bool {
	if p == "" || p[0] == '/' || p[0] == '~' || p[0] == '$' {
		return false
	}
	c := word.Clean(p)
	return len(c) > 1 && c[0] == '.' && c != ".." && !strings.Contains(c, "/")
}

// cutDirVar returns the rest of p after a leading $PWD or $OLDPWD (also
// written ${…}, ~+ and ~-), and which of the two it was; "" when p starts
// with neither.
func cutDirVar(p string) (rest, name string) {
	if p == "" || p[0] != '$' && p[0] != '~' {
		return "", "" // most paths: no string built (this runs for every path a command names)
	}
	for _, d := range dirVarPrefixes {
		if r, ok := strings.CutPrefix(p, d.pre); ok && (r == "" || r[0] == '/') {
			return r, d.name
		}
	}
	return "", ""
}

// dirVarPrefixes are the spellings of the shell's directory variables.
var dirVarPrefixes = [...]struct{ pre, name string }{
	{"$PWD", "PWD"}, {"${PWD}", "PWD"}, {"~+", "PWD"},
	{"$OLDPWD", "OLDPWD"}, {"${OLDPWD}", "OLDPWD"}, {"~-", "OLDPWD"},
}

// DirVar returns p with a leading $PWD or $OLDPWD (~+, ~-) replaced by the
// shell's directory, where its cd moved it (not guard's), or the one before,
// and a leading magic link resolved first (ProcLink: /proc/self/cwd is the
// shell's directory too); false when p starts with none of them or the old
// one is not known.
func (w *Ledger) DirVar(p string) (string, bool) {
	p, linked := ProcLinks(p) // proclinks.go
	switch rest, v := cutDirVar(p); {
	case v == "PWD":
		if w.Dir == "" {
			return "." + rest, true
		}
		return strings.TrimRight(w.Dir, "/") + rest, true
	case v == "OLDPWD" && w.OldDir != nil:
		if *w.OldDir == "" {
			return "." + rest, true
		}
		return *w.OldDir + rest, true
	}
	return p, linked
}

// magicTree hides a walk of a directory of magic links (MagicTree).
func (w *Ledger) magicTree(d string) {
	w.Hide("walks %s, whose entries are the kernel's links to whatever files processes hold open: guard cannot tell the files what it finds there opens", d)
}

// record adds p to the reads, the writes or the touches.
func (w *Ledger) record(p string, k pathKind) {
	if p == "" {
		return // "" names no file: the kernel refuses it (ln "" x)
	}
	if k == readPath {
		// DIR/… read is what find found under DIR: all of it, unless
		// found named the files.
		if d, ok := strings.CutSuffix(p, "/…"); ok {
			p = treeOf(d)
		}
		*w.ReadList = append(*w.ReadList, p)
		w.held(p) // archives.go
		return
	}
	// DIR/… is what find found under DIR (fed to xargs rm, -exec sh -c
	// '… "$1"'): written, it stands for DIR and all it holds.
	if d, ok := strings.CutSuffix(p, "/…"); ok {
		p = d
		if p == "" {
			p = "/"
		}
	}
	if k == writePath {
		*w.WriteList = append(*w.WriteList, p)
		switch {
		case w.Replacing && !w.MetaOnly && !w.Redirecting:
			w.Replaced(p) // an extracted member: what it holds now is not known
		case !w.MetaOnly && !w.Redirecting:
			w.Changed(p) // what it holds now is not known
		case w.MetaOnly:
			w.contextKept(p)
		}
	} else {
		*w.TouchList = append(*w.TouchList, p)
	}
}

// TouchEnv records the value of a variable in a program's environment as
// touched, or each part of a list of them (A:B) rather than the whole: a
// program may write where a variable tells it (HISTFILE=F bash, GIT_DIR=D git init, LESSHISTFILE).
func (w *Ledger) TouchEnv(v string) {
	if !strings.Contains(v, ":") || strings.Contains(v, "://") || len(v) > 1 && v[1] == ':' {
		w.Touch(v) // one path (C:\x on Windows too)
		return
	}
	for i, part := range strings.Split(v, ":") {
		if i == 64 {
			break
		}
		w.Touch(part)
	}
}

// Under returns path p as seen from directory dir ("" for the starting
// directory): p itself when it is absolute, starts at home, or starts with
// a variable the command does not set (an inherited one, most often an
// absolute path: ExpandEnv puts its value in later).
func Under(dir, p string) string {
	if rest, ok := strings.CutPrefix(p, word.MarkStart+string(word.MarkDir)); ok {
		// $PWD/x: x in the directory $PWD was read in.
		if i := strings.Index(rest, word.MarkEnd); i >= 0 {
			return rest[:i] + rest[i+len(word.MarkEnd):]
		}
	}
	if dir == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) || strings.HasPrefix(p, "$") || word.HomeRelative(p) || len(p) > 1 && p[1] == ':' ||
		strings.HasPrefix(p, word.MarkStart+string(word.MarkEnv)) || strings.HasPrefix(p, word.MarkStart+string(word.MarkEnvOp)) ||
		strings.HasPrefix(p, word.MarkStart+string(word.MarkUnset)) {
		return p
	}
	if word.Opaque(p) && strings.HasPrefix(p, word.MarkStart) {
		// "$(go env GOPATH)/bin" after cd D: the part may be an absolute
		// path, not a name in D (see markAbs).
		p = word.Mark(word.MarkAbs, "") + p
	}
	return strings.TrimRight(dir, "/") + "/" + p
}

// inheritedLead reports whether path p begins with a variable inherited
// from the environment other than the home's ($x, ${x:-d}), which Under
// keeps as written: its value, filled in by the hook, may be relative.
func inheritedLead(p string) bool {
	if strings.HasPrefix(p, "$HOME") && (len(p) == 5 || p[5] == '/') || strings.HasPrefix(p, "${HOME}") {
		return false
	}
	return strings.HasPrefix(p, "$") || strings.HasPrefix(p, word.MarkStart+string(word.MarkEnv)) ||
		strings.HasPrefix(p, word.MarkStart+string(word.MarkEnvOp)) || strings.HasPrefix(p, word.MarkStart+string(word.MarkUnset))
}

// Candidate returns the file path word s may name: s itself, or for
// --opt=value, NAME=value and curl's @file the value; a word that looks like
// a path (a /, a leading . ~ or $, a file extension), a bare name (a file in
// the working directory: cat id_rsa in ~/.ssh), a bare shell pattern (rm *,
// the files the shell expands it to) or a word that holds a part guard does
// not know; never an option or a URL. An option with its value attached
// (-o/x, -include$HOME/.netrc, -cf~/x) names the value (see Attached).
func Candidate(s string) (string, bool) {
	if p, ok := Attached(s); ok {
		s = p
	} else if eq := strings.IndexByte(s, '='); eq > 0 && (strings.HasPrefix(s, "-") || word.IsName(s[:eq])) {
		s = s[eq+1:]
		if len(s) > 1 && s[0] == '-' {
			return "./" + s, true // --file=-c: a value is no option, a name in the working directory
		}
	}
	s = strings.TrimPrefix(s, "@")
	if s == "" || strings.HasPrefix(s, "-") || strings.Contains(s, "://") || isProcMark(s) {
		// (<( ) and >( ) name a pipe, /dev/fd/N; their commands are
		// walked.)
		return "", false
	}
	if word.Opaque(s) || strings.HasPrefix(s, word.MarkStart) || s == "{}" {
		// ({} whole is a runner's name produced at run time: xargs -I{},
		// find -exec; the hook reads it as a part guard cannot tell.)
		// What it names is not known (the hook checks what it could
		// be), or it starts with a variable or a directory ($PWD).
		return s, true
	}
	if !lang.PathLike(s) && !plainName(s) && !globName(s) {
		return "", false
	}
	return s, true
}

// isProcMark reports whether s is the whole marker of a process
// substitution, <( ) or >( ), without building the markers to compare.
func isProcMark(s string) bool {
	k, ok := strings.CutPrefix(s, word.MarkStart)
	if !ok || len(k) != 1+len(word.MarkEnd) || k[1:] != word.MarkEnd {
		return false
	}
	return k[0] == word.MarkProcIn || k[0] == word.MarkProcOut
}

// globName reports whether s is a bare shell pattern: no /, not an option,
// and a *, ? or [ in it.
func globName(s string) bool {
	return s != "" && s[0] != '-' && !strings.ContainsRune(s, '/') && strings.ContainsAny(s, "*?[") && word.IsKnown(s)
}

// plainName reports whether s is a bare file name: letters, digits, _ and -
// (not an option).
func plainName(s string) bool {
	if s == "" || s[0] == '-' {
		return false
	}
	for j := 0; j < len(s); j++ {
		c := s[j]
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// maxOptionLetters bounds the letters of a short option or cluster before
// an attached value (-include, -imacros, -cvzf).
const maxOptionLetters = 16

// Attached returns the value attached to short option word s when it starts
// a path: -o/x, -o$HOME/.bashrc, -include$HOME/.netrc, -I~/.ssh, -cf./x,
// -o.git/hooks/x. The option's letters (or a cluster of flags) end at the
// first other character; what follows is a path when it starts with /, ~/,
// ./, ../, a hidden directory (.name/), or a variable or opaque part. guard
// does not know which letters take a value for a program it does not
// catalogue, so the word is taken as naming that path whatever the option:
// a program handed -o$HOME/.bashrc may write ~/.bashrc (default-deny). A
// long option (--x) is not: its value follows = (see Candidate).
func Attached(s string) (string, bool) {
	if len(s) < 3 || s[0] != '-' || s[1] == '-' {
		return "", false
	}
	k := 1
	for k < len(s) && k <= maxOptionLetters && optionLetter(s[k]) {
		k++
	}
	if k == 1 || k >= len(s) || k > maxOptionLetters {
		return "", false
	}
	rest := s[k:]
	switch {
	case rest[0] == '/', rest[0] == '$', strings.HasPrefix(rest, word.MarkStart),
		strings.HasPrefix(rest, "~/"), rest == "~",
		strings.HasPrefix(rest, "./"), strings.HasPrefix(rest, "../"):
		return rest, true
	case rest[0] == '.' && len(rest) > 1 && rest[1] != '.' && strings.Contains(rest, "/"):
		return rest, true // -o.git/hooks/pre-commit; not -i.bak
	}
	return "", false
}

// optionLetter reports whether c may be a letter of a short option: an
// ASCII letter or digit.
func optionLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// WrittenNames returns the paths, relative to directory dir (as the
// command names it), of the files the command itself wrote below dir, at
// most depth levels down: entries of their own (Wrote, Copied, a write
// with text guard cannot see), not a directory it changed with unknown
// text, which stands for every name below it.
func (w *Ledger) WrittenNames(dir string, depth int) []string {
	d := word.Clean(w.Where(dir))
	var out []string
	for _, f := range w.Written {
		rel, ok := cutDir(f.Path, d)
		if d == "." && !strings.HasPrefix(f.Path, "/") && f.Path != ".." && !strings.HasPrefix(f.Path, "../") {
			rel, ok = f.Path, f.Path != "."
		}
		if ok && strings.Count(rel, "/") < depth && !slices.Contains(out, rel) {
			out = append(out, rel)
		}
	}
	return out
}
