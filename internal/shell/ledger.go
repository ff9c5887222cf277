package shell

// ledger is what the command does to files: the paths it reads, writes and
// touches, the links it makes, what the files it wrote hold, the files it
// runs (read through Files), the programs it looks up on a PATH. Handlers
// record through it; the walker embeds it. It reaches the rest of the
// walker through three callbacks only.
type ledger struct {
	// otherDirs are directories the shell may be in besides dir, where a
	// cd may not have run (values.go); paths are recorded under each.
	otherDirs []string
	dir       string  // where cd moved to; "" for the starting directory
	oldDir    *string // where the last cd left ($OLDPWD), nil before any
	home      string  // the user's home directory, or ""
	// links are the symbolic links the command makes (ln -s), each path
	// as recorded → what it points to; a later path through one is also
	// recorded where it leads (the link does not exist yet when guard
	// looks: ln -s ~ h && cat h/.ssh/id_rsa).
	links []symlink
	// found is what the find whose paths a command is run with (find
	// -exec, find | xargs) found, while that command is analysed.
	found *found
	// lastFind is what the find analysed last found; substFinds, what
	// the find a substitution runs found, by the substitution's line.
	lastFind   *found
	substFinds []substFind
	// written are the files the command writes, each path as recorded →
	// what it holds then: known text (echo … > f, cat > f <<EOF), a copy
	// of another file (cp a f, cat a > f), or text guard does not know
	// (sed -i, curl -o, tar x into its directory). A later command that
	// runs one (sh f, python3 f, ./f, go run f.go) runs that text, which is
	// then code, not data, or text guard cannot see.
	written []writtenFile
	// files reads the files the command runs; nil reads none.
	files Files
	nread int
	reads []fileRead
	// metaOnly is set while a program that changes no file's text (chmod,
	// touch, rm) runs; redirecting while a redirection of standard output
	// is recorded (call settles what its file then holds).
	metaOnly, redirecting bool
	// writtenFull: more files were written than written holds, in more
	// directories than fullDirs holds (the directories written past the
	// table's bound).
	writtenFull bool
	fullDirs    []string
	lookups     []lookup
	foundRuns   []foundRun
	// writeGen counts the files the command wrote (setWritten).
	writeGen int
	// readList, writeList, touchList and fileList are the Analysis's
	// lists the ledger appends to.
	readList, writeList, touchList, fileList *[]string
	// fail records an error (the walker keeps the gravest); hide, that
	// the command runs what guard cannot see; lookup reads a variable.
	fail   func(err error)
	hide   func(format string, args ...any)
	lookup func(name string) (string, bool)
}

// newLedger returns the ledger of walker w, appending to a's lists.
func newLedger(w *walker, a *Analysis, home string, files Files) *ledger {
	return &ledger{
		home: home, files: files,
		readList: &a.Reads, writeList: &a.Writes, touchList: &a.Touches, fileList: &a.Files,
		fail: w.fail, hide: w.hide, lookup: w.lookup,
	}
}
