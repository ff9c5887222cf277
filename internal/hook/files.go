package hook

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/realpath"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/repo"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/word"
)

// runFiles reads, for internal/shell, the files a call's command runs (sh
// x.sh, ./x.sh, source x.sh, python3 x.py, crontab x): a path as the
// command names it, $VARIABLES from guard's environment (the command's
// shell inherits the agent's, as guard does), ~ and $HOME as the home
// directory, a relative path from the call's directory. The kernel follows
// the links on the way, as it will when the command runs. Only a regular
// file is read, and at most the bound the analysis asks for.
//
// It is a comparable value: the hook and the policy analyse a command with
// equal options, so the second analysis is the first one remembered.
type runFiles struct {
	base string // the directory relative paths start from; "" if unknown
	home string
	path string // the PATH the command's shell inherits
	// cdpath is the CDPATH it inherits: cd NAME may go to NAME in any of
	// its directories.
	cdpath string
	// prot are the files the policy protects by path, compared with the
	// disk when git makes a tree match a revision (revs.go); nil: only
	// hidden names.
	prot *protected
	// stats remembers Lstat's answers for the call: the disk does not
	// change while guard checks a command that has not run, and a script
	// of many git commands asks the same directories again (gitdirs.go's
	// discovery walks up from each). nil: no memory.
	stats *statMemo
}

// statMemo is runFiles.Lstat's memory, and ReadFile's of the paths it
// found nothing at, bounded by maxStatMemo entries. It is safe for
// concurrent use: the policy's analysis of the hook files (built on
// another goroutine: Policy.Prepare) reads through the same runFiles.
type statMemo struct {
	mu sync.Mutex
	m  map[string]statAnswer
}

// get returns the answer kept for key.
func (s *statMemo) get(key string) (statAnswer, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.m[key]
	return a, ok
}

// put keeps the answer for key, within maxStatMemo entries.
func (s *statMemo) put(key string, a statAnswer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]statAnswer{}
	}
	if len(s.m) < maxStatMemo {
		s.m[key] = a
	}
}

// statAnswer is one Lstat answer.
type statAnswer struct {
	kind shell.EntryKind
	link string
}

// maxStatMemo bounds the paths a call's Lstat answers are kept for.
const maxStatMemo = 4096

// absentKey prefixes, in statMemo, a path ReadFile found nothing to open
// at (a dangling link too, which Lstat tells apart): a runner's project
// root search and each of its start directories ask for the same go.mod
// again. No path holds a NUL.
const absentKey = "\x00"

// filesFor returns the reader of the files call's commands run.
func filesFor(call *agent.Call, opt agent.Options) runFiles {
	h, _ := home.UserHome()
	return runFiles{base: agent.BaseDir(call, opt), home: h, path: os.Getenv("PATH"), cdpath: os.Getenv("CDPATH"),
		stats: &statMemo{}}
}

// filesWith is filesFor with the files prot protects and, when there are
// rules, their stat memory: two runFiles made so for one call are equal,
// so the policy's analysis of a command is the hook's.
func filesWith(call *agent.Call, opt agent.Options, prot *protected) runFiles {
	f := filesFor(call, opt)
	f.prot = prot
	if prot != nil {
		f.stats = prot.stats
	}
	return f
}

// SearchCDPath implements shell.CDSearcher: the agent's CDPATH, which the
// command's shell inherits as guard does.
func (f runFiles) SearchCDPath() string { return f.cdpath }

// WorkDir implements shell.WorkDirer: the directory the command starts in,
// as the call's relative paths are resolved against.
func (f runFiles) WorkDir() string { return f.base }

// Inherits implements effect.Inheritor: a variable in guard's environment
// is in the command's shell's, exported.
func (f runFiles) Inherits(name string) bool {
	_, ok := os.LookupEnv(name)
	return ok
}

// SearchPath implements shell.Searcher: the agent's PATH, which the
// command's shell inherits as guard does.
func (f runFiles) SearchPath() string { return f.path }

// LookPath implements shell.Searcher: one stat a directory, in order, up
// to the first that holds an executable regular file called name (the
// kernel follows links, as it will to run it). internal/shell bounds the
// directories and the names.
func (f runFiles) LookPath(name string, dirs []string) int {
	for i, d := range dirs {
		full, ok := f.resolve(strings.TrimRight(d, `/\`) + string(filepath.Separator) + name)
		if !ok {
			continue
		}
		if fi, err := os.Stat(full); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return i
		}
	}
	return -1
}

// ReadFile implements shell.Files.
func (f runFiles) ReadFile(p string, max int) ([]byte, shell.FileStatus) {
	full, ok := f.resolve(p)
	switch {
	case !ok || full == "/dev/null" || systemFile(full):
		return nil, shell.FileAbsent
	case strings.HasPrefix(full, "/dev/") && absentDevice(full):
		return nil, shell.FileAbsent // zsh's twin of /dev/null, /dev/null.zwc
	case strings.HasPrefix(full, "/dev/") || strings.HasPrefix(full, "/proc/"):
		// The command's own descriptors (/dev/fd/3) or a device: not
		// guard's to open.
		return nil, shell.FileUnreadable
	case realpath.HasGlob(full):
		// bash l*.sh runs the first file the pattern names, as bash
		// sorts them: one match is that file; several, guard cannot
		// tell which (its order is the locale's); none, the word itself.
		switch m := realpath.NewResolver(f.home).Glob(full); {
		case len(m) == 1:
			full = m[0]
		case len(m) > 1:
			return nil, shell.FileUnreadable
		}
	}
	if f.stats != nil {
		if _, gone := f.stats.get(absentKey + full); gone {
			return nil, shell.FileAbsent
		}
	}
	file, err := regularfile.Open(full)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		if f.stats != nil {
			f.stats.put(absentKey+full, statAnswer{kind: shell.EntryNone})
		}
		return nil, shell.FileAbsent
	case errors.Is(err, regularfile.ErrNotRegular):
		if fi, serr := os.Stat(full); serr == nil && fi.IsDir() {
			return nil, shell.FileAbsent // a directory: nothing runs
		}
		return nil, shell.FileUnreadable
	case err != nil:
		return nil, shell.FileUnreadable
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, int64(max)+1))
	if err != nil {
		return nil, shell.FileUnreadable
	}
	if len(data) > max {
		return data[:max], shell.FileTooBig
	}
	return data, shell.FileWhole
}

// absentDevice reports whether full, a path under /dev/, names nothing
// there: its directory is a real one, no link on the way (/dev/fd is the
// reader's own descriptors), and holds no such entry. Not the names bash
// makes up when they are missing (/dev/stdin; /dev/tcp/H/P has no
// directory).
func absentDevice(full string) bool {
	switch full {
	case "/dev/stdin", "/dev/stdout", "/dev/stderr":
		return false
	}
	dir := filepath.Dir(full)
	if real, err := filepath.EvalSymlinks(dir); err != nil || real != dir {
		return false
	}
	_, err := os.Lstat(full)
	return errors.Is(err, fs.ErrNotExist)
}

// Lstat implements shell.Stater: what is at p, its last link not
// followed (the links on the way are the kernel's to follow), and a link's
// text.
func (f runFiles) Lstat(p string) (shell.EntryKind, string) {
	full, ok := f.resolve(p)
	if !ok || realpath.HasGlob(full) {
		return shell.EntryUnknown, ""
	}
	if f.stats == nil {
		return lstat(full)
	}
	if a, ok := f.stats.get(full); ok {
		return a.kind, a.link
	}
	k, t := lstat(full)
	f.stats.put(full, statAnswer{k, t})
	return k, t
}

// Access implements shell.Accesser: access(p, X_OK), as git asks it of a
// git directory's objects and refs.
func (f runFiles) Access(p string) (ok, known bool) {
	full, res := f.resolve(p)
	if !res || realpath.HasGlob(full) {
		return false, false
	}
	return repo.Access(full)
}

// lstat is Lstat of the absolute path full.
func lstat(full string) (shell.EntryKind, string) {
	fi, err := os.Lstat(full)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return shell.EntryNone, ""
	case err != nil:
		return shell.EntryUnknown, ""
	case fi.Mode()&fs.ModeSymlink != 0:
		t, err := os.Readlink(full)
		if err != nil {
			return shell.EntryUnknown, ""
		}
		return shell.EntryLink, t
	case fi.IsDir():
		return shell.EntryDir, ""
	}
	return shell.EntryFile, ""
}

// systemFile reports whether p is in a directory of the operating system's
// (/usr, /etc, /bin…): the OS keeps an unprivileged agent from writing there
// (and the default policy's block_write does too), so what runs from there
// is not a program the agent wrote; it is not read (source /etc/profile,
// a launcher script in /usr/bin named by $BROWSER).
func systemFile(p string) bool {
	if hasDotDot(filepath.ToSlash(p)) {
		return false // /usr/../tmp/x.sh: where a .. leads is not the system's
	}
	for _, d := range []string{"/usr/", "/etc/", "/bin/", "/sbin/", "/lib/", "/lib32/", "/lib64/", "/System/", "/nix/store/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// hasDotDot reports whether slash-separated path p has a ".." element.
func hasDotDot(p string) bool {
	for i := strings.Index(p, ".."); i >= 0; {
		if (i == 0 || p[i-1] == '/') && (i+2 == len(p) || p[i+2] == '/') {
			return true
		}
		j := strings.Index(p[i+1:], "..")
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// resolve returns the path the kernel will open for p, joined as text (a
// `..` after a link is the kernel's to take), or false when p holds a
// variable guard cannot resolve. An inherited variable the walker marked
// (word.MarkEnv: sh "$GOPATH/p.sh") is the environment's value, as a
// written $NAME is (envMarks).
func (f runFiles) resolve(p string) (string, bool) {
	p = shell.ExpandEnv(envMarks(p), lookupEnv)
	for _, pre := range []string{"~", "$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(p, pre); ok && (rest == "" || rest[0] == '/') {
			if f.home == "" {
				return "", false
			}
			p = f.home + rest
			break
		}
	}
	if strings.Contains(p, "$") || strings.HasPrefix(p, "~") || strings.Contains(p, shell.Unknown) {
		return "", false // (a ~NAME guard cannot tell: path.OwnTilde)
	}
	if !filepath.IsAbs(p) {
		if f.base == "" {
			return "", false
		}
		p = strings.TrimRight(f.base, `/\`) + string(filepath.Separator) + p
	}
	return p, true
}

// envMarks writes the markers of p that stand for an inherited variable
// the environment sets, or for ${NAME:-word} and the like on one (also
// ${NAME:=word}, which is ${NAME:-word} where it expands), as the $NAME text
// ExpandEnv fills in. The others stay as they are: a name no file has
// (what runs by such a name is the walker's to call cannot-tell: effect's
// UnknownCode).
func envMarks(p string) string {
	if !word.HasMark(p) {
		return p
	}
	var marks []string
	word.EachMark(p, func(k byte, name string, whole bool) {
		if _, set := lookupEnv(name); whole && (k == word.MarkEnv && set || k == word.MarkEnvOp) {
			marks = append(marks, word.Mark(k, name), "${"+name+"}")
		}
	}, nil)
	return strings.NewReplacer(marks...).Replace(p)
}

// filesUser is a policy that analyses commands with the files they run
// (*policy.Policy): the hook tells it how to read them for this call.
type filesUser interface {
	UseFiles(shell.Files)
}

// Abs implements shell.Locator: p from the call's directory, and with its
// links resolved (python's getcwd and sys.path[0] are the resolved ones).
func (f runFiles) Abs(p string) ([]string, bool) {
	full, ok := f.resolve(p)
	if !ok || !filepath.IsAbs(full) {
		return nil, false
	}
	full = filepath.Clean(full)
	out := []string{full}
	if r, err := filepath.EvalSymlinks(full); err == nil && r != full {
		out = append(out, r)
	}
	return out, true
}

// Env implements shell.Locator: the agent's environment, which the
// command's shell inherits as guard does.
func (f runFiles) Env(name string) (string, bool) { return lookupEnv(name) }
