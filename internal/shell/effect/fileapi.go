// Package effect is what a command does to files: the paths it reads,
// writes and touches, the links it makes, what the files it wrote hold, the
// files it runs (read through [Files], the hook's reader, within
// [MaxFiles] and the byte bounds) and the programs it looks up on a PATH
// ([Searcher]). Its [Ledger] is embedded by package shell's walker, whose
// handlers record through it; it reaches the rest of the walker through
// three callbacks (Fail, Hide, Lookup) and appends to the analysis's lists
// through pointers, so the order of what is recorded is the walk's.
package effect

import (
	"errors"
	"time"
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

// Inheritor is a Files that also tells which variables the command's
// shell inherits from the agent's environment (the hook's, which it
// shares): such a variable is exported, so a plain assignment to it
// (KUBECONFIG=F; kubectl …) hands its value to every program run after it.
type Inheritor interface {
	Inherits(name string) bool
}

// CDSearcher is a Files that also tells the CDPATH the command's shell
// inherits: cd NAME may move to NAME in any of its directories.
type CDSearcher interface {
	SearchCDPath() string
}

// WorkDirer is a Files that also tells the absolute directory the command
// starts in: $PWD, $(pwd) and ~+ then hold its path, so that
// an operator on them (${PWD%/*}, $PWD:h) computes the real result.
type WorkDirer interface {
	WorkDir() string
}

// Identifier is a [Files] that also tells a compiled program that is guard
// from any other: a copy of guard made in an earlier call,
// under any name, is guard's command line. The hook's reader is one.
type Identifier interface {
	Files
	// IsGuard reports whether the file at path (named as ReadFile's paths
	// are) is a build of guard: guard's own executable, or a Go program
	// whose main module is guard's. It reads a bounded part of the file.
	IsGuard(path string) bool
	// CopyOf returns the system program (an absolute path) that the
	// compiled program at path is, through links or as a byte-for-byte
	// copy, among the programs whose behaviour their configuration and
	// hooks decide (git) or that run code they are handed; "" when it is
	// none of them or guard cannot tell. It reads a bounded part of the
	// files.
	CopyOf(path string) string
}

// Files reads, for an analysis, the files a command runs: a script given
// to a shell, sourced or run by its path, a program given to an
// interpreter, a crontab or an at job. internal/shell does no I/O itself;
// the hook path supplies the reader.
type Files interface {
	// ReadFile returns at most max bytes from the start of the file at
	// path, as the command names it (relative to the directory the command
	// starts in; ~ and $VARIABLES as written), and what was found there.
	ReadFile(path string, max int) ([]byte, FileStatus)
}

// FileStatus says what [Files.ReadFile] found.
type FileStatus int

// What a file read finds.
const (
	// FileWhole: the file was read whole.
	FileWhole FileStatus = iota
	// FileAbsent: no file a program could run is there (it does not
	// exist, or it is a directory).
	FileAbsent
	// FileTooBig: the file holds more than max bytes; the first max were
	// returned.
	FileTooBig
	// FileUnreadable: something is there that guard cannot read (a FIFO,
	// a device, permission denied, an I/O error).
	FileUnreadable
)

// Bounds of the files read through [Options.Files].
const (
	// MaxScriptBytes bounds a shell script, a crontab or an at job read
	// and analysed as commands.
	MaxScriptBytes = 256 << 10
	// MaxProgramBytes bounds a program file scanned for the paths it
	// names (python3 x.py, node x.js).
	MaxProgramBytes = 4 << 20
	// MaxFiles bounds the files read for one command (a program and the
	// project modules it imports: maxModuleFiles).
	MaxFiles = 64
	// MaxFileLookups bounds the files looked for for one command, there or not
	// (a make in each of many directories looks for several makefiles).
	MaxFileLookups = 16 * MaxFiles
	// MaxFileWords bounds the words of the scripts read from files (the
	// command's own words count against MaxWords).
	MaxFileWords = 1 << 16
)

// ErrLimit is wrapped by the analysis's error (shell.Analysis.Err) when a
// command exceeds a limit.
var ErrLimit = errors.New("beyond guard's limits")

// Stater is a [Files] that also tells what is at a path without following
// its last symbolic link: a copy that keeps links (cp -P, cp -a, rsync -l,
// mv) of a link on disk makes another link to the same target. The hook's
// reader is one.
type Stater interface {
	Files
	// Lstat returns what is at path (named as ReadFile's paths are) and,
	// for a symbolic link, the text it holds.
	Lstat(path string) (EntryKind, string)
}

// Accesser is a [Stater] that also tells what access(2) with X_OK tells
// git of a path (links followed): a directory guard's user may search, a
// file with an x bit for it (git's is_git_directory takes objects and refs
// so). The hook's reader is one.
type Accesser interface {
	// Access reports whether access(path, X_OK) succeeds; known is false
	// when guard cannot tell (a name it cannot resolve, an error other
	// than absence or denial).
	Access(path string) (ok, known bool)
}

// EntryKind says what [Stater.Lstat] found.
type EntryKind int

// What is at a path.
const (
	// EntryUnknown: guard cannot tell (no reader, a name it cannot
	// resolve, an error other than absence).
	EntryUnknown EntryKind = iota
	// EntryNone: nothing is there.
	EntryNone
	// EntryFile: a file that is neither a directory nor a symbolic link.
	EntryFile
	// EntryDir: a directory.
	EntryDir
	// EntryLink: a symbolic link.
	EntryLink
)

// HiddenSkipper is a [Files] that also tells what a searcher that skips
// hidden names (rg, ag, pt without --hidden) searches of them under the
// directory at path (named as ReadFile's paths are): the patterns of the
// whitelist lines (`!.env`) of the ignore files it reads there, above and
// in git's global excludes; false when guard cannot tell
// (bounds, unreadable).
type HiddenSkipper interface {
	HiddenWhitelist(path string) ([]string, bool)
}

// Lister is a [Files] that also lists what an extraction or a recursive
// copy writes: the members of an archive file and the names under a
// directory, within [MaxMembers] and [MaxTreeDepth]. The hook's reader is
// one. Its paths are named as ReadFile's are.
type Lister interface {
	Files
	// Members returns the members of the archive file at path, in order,
	// or false when guard cannot list them (another format, a bound
	// passed, unreadable, absent).
	Members(path string) ([]Member, bool)
	// Tree returns the names below the directory at path, at most depth
	// levels down, relative to it (a/b for path/a/b; a directory's ends in
	// /), links not followed,
	// or false when guard cannot list them all (not a directory, more
	// than MaxMembers, deeper than MaxTreeDepth, unreadable).
	Tree(path string, depth int) ([]string, bool)
}

// Member is an entry of an archive (see [Lister.Members]).
type Member struct {
	Name string
	// Link is a symbolic link's text, or the member a hard link names.
	Link string
	Kind MemberKind
}

// MemberKind says what a [Member] makes.
type MemberKind int

// What an archive's member makes.
const (
	MemberFile MemberKind = iota
	MemberDir
	MemberSymlink
	MemberHardlink
)

// Bounds of the listings of [Lister].
const (
	// MaxMembers bounds the members of an archive and the names of a
	// copied tree listed.
	MaxMembers = 4096
	// MaxTreeDepth bounds the depth of a copied tree walked.
	MaxTreeDepth = 32
)

// RevReader is a [Files] that also reads a repository's objects: which
// files of the working tree a git subcommand that writes it from a
// revision (checkout REV, merge REV, stash pop…) writes. The hook's
// reader is one.
type RevReader interface {
	Files
	// RevChanges returns, for the repository whose working tree holds
	// directory dir (named as ReadFile's paths are), the paths where
	// revision to's tree differs from revision from's, relative to dir
	// (../.agent_a/settings.json when the top is above it).
	RevChanges(dir, from, to string) ([]string, RevStatus)
	// RevOnDisk returns the files of revision rev's tree (the index's
	// for RevIndex) that may be protected and that the working tree on
	// disk does not hold as rev does, relative to dir: what a checkout of
	// rev writes whatever HEAD says (HEAD may have moved without a tree
	// write).
	RevOnDisk(dir, rev string) ([]string, RevStatus)
	// RevFiles returns the files of revision rev's tree (of the
	// repository holding dir) that may be protected and that its working
	// tree does not hold as rev does, relative to the tree's top: what a
	// new working tree of rev (git worktree add) holds that the project
	// does not hold already.
	RevFiles(dir, rev string) ([]string, RevStatus)
}

// BisectReader is a RevReader that also tells the commits git bisect
// start may check out.
type BisectReader interface {
	RevReader
	// RevBisect returns, for the repository whose working tree holds
	// directory dir, the commits (full hex names) git bisect start bad
	// goods... may check out: RevUnknown when guard cannot tell them (a
	// name it cannot resolve, a bisection under way, a range past its
	// bound), RevNone when no repository holds dir.
	RevBisect(dir, bad string, goods []string) ([]string, RevStatus)
}

// RevIndex names the index as RevOnDisk's source (git checkout -- PATH,
// git restore PATH): a colon, which no ref name holds.
const RevIndex = ":"

// RevStatus says what [RevReader.RevChanges] found.
type RevStatus int

// What a revision lookup finds.
const (
	// RevKnown: the paths are all the revision changes.
	RevKnown RevStatus = iota
	// RevNone: no repository holds dir, or to is no revision but a path
	// on disk (git checkout FILE), or a parent its commit does not have
	// (stash^3 of a stash without untracked files): no tree is written
	// from a revision.
	RevNone
	// RevUnknown: guard cannot read the revision or its trees within its
	// bounds (a name it cannot resolve, a bound passed).
	RevUnknown
)

// LinkFinder is a [Files] that also finds the symbolic links under a
// directory: a recursive read that follows links (grep -R, cp -rL, zip -r,
// tar -h) reads what each leads to. The hook's reader is one.
type LinkFinder interface {
	Files
	// TreeLinks returns where each symbolic link at or below the
	// directory at path p (named as ReadFile's paths are; a pattern names
	// each directory it matches) leads: an absolute path, the link's text
	// joined to its directory. It looks at no more than budget entries and
	// MaxLinkDepth levels below p, and returns how many it looked at and
	// false when it could not look at them all (a bound passed, an error
	// other than a directory it may not read, which the program cannot
	// read either). A path that is no directory holds no links.
	TreeLinks(p string, budget int) (targets []string, seen int, ok bool)
}

// LinkTexter is a [Files] that also lists the symbolic links under a
// directory as they are, not followed: a copy that keeps links (cp -a,
// rsync -a) makes each again at its new name with the same text, where a
// relative one may lead elsewhere. The hook's reader is one.
type LinkTexter interface {
	Files
	// TreeLinkTexts returns each symbolic link below the directory at path
	// p (named as ReadFile's paths are), its name relative to p and its
	// text (Member's Name and Link), looking at no more than budget
	// entries and MaxLinkDepth levels; how many it looked at, and false
	// when it could not look at them all. A path that is no directory
	// holds no links.
	TreeLinkTexts(p string, budget int) (links []Member, seen int, ok bool)
}

// Bounds of the walk for links (see [LinkFinder]).
const (
	// MaxLinkWalk bounds the entries one command's link-following
	// recursive reads look at, over all their directories: about a
	// quarter of a second on a warm disk (docs/DECISIONS.md, Paths).
	MaxLinkWalk = 100_000
	// MaxLinkDepth bounds the depth of a directory walked for links.
	MaxLinkDepth = 64
	// MaxLinkTargets bounds the directories and link targets one command
	// walks.
	MaxLinkTargets = 1024
)

// Locator is a [Files] that also tells where a path is on disk and what
// the command's shell inherits: python keeps cached bytecode under a
// prefix directory by the source directory's absolute path. The hook's
// reader is one.
type Locator interface {
	Files
	// Abs returns the absolute paths path (named as ReadFile's paths
	// are) may be to a program that runs there: as named from the
	// working directory, and with the links on the way resolved; false
	// when guard cannot tell.
	Abs(path string) ([]string, bool)
	// Env returns the value of a variable the command's shell inherits.
	Env(name string) (string, bool)
}

// SourceLister is a [Files] that also lists a project's files for a test
// runner or a build tool that loads the code it finds there (go test,
// cargo build, pytest). The hook's reader is one.
type SourceLister interface {
	Files
	// Sources returns the files below directory path, relative to it,
	// that keep accepts, not looking into hidden directories, those named
	// in skip (none below path when skip holds "/"), nor a python
	// virtual environment (one holding pyvenv.cfg);
	// a link is followed when it leads inside path, and one that leads
	// out of it is an error. The error says which bound was passed: more
	// than max files kept, MaxSourceEntries entries looked at,
	// MaxTreeDepth levels or MaxSourceTime. A path that is not a
	// directory has none.
	Sources(path string, skip []string, keep func(rel string) bool, max int) ([]string, error)
}

// MaxSourceEntries bounds the entries [SourceLister.Sources] looks at:
// directory entries of any kind, most of them no code (icons, fixtures).
const MaxSourceEntries = 200000

// MaxSourceTime bounds the time one [SourceLister.Sources] call walks.
const MaxSourceTime = 1500 * time.Millisecond
