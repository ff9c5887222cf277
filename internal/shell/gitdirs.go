package shell

// The repository configuration git loads for a command.
// git reads the configuration and runs the hooks of the git directory it
// uses: the one --git-dir or GIT_DIR names, else the one it discovers from
// where it runs (DIR/.git, or DIR itself when DIR holds HEAD, objects/ and
// refs/: a bare repository, whatever its name). Settings there run commands
// (core.fsmonitor at every status, core.sshCommand, core.pager, aliases,
// drivers). A git directory named .git (or inside one, or jj's) is
// protected by the .git globs: every write of its configuration or hooks
// is checked, so what it holds is the user's. Any other one may have been
// written while it was not yet a git directory (the rule that protects it
// decides from the disk), so its configuration is read before git runs,
// as a configuration a variable names is (gitConfigFile), and its hooks
// are a block; one the command itself writes is one guard cannot read.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/repo"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitDirRoles are the entries that make a directory a git directory, or
// hold what git loads from one.
var gitDirRoles = [...]string{"HEAD", "config", "config.worktree", "commondir", "objects", "refs", "hooks", "gitdir"}

// gitDirConfigs checks the configuration of the git directory git uses
// for the command (in the walker's directory, after -C): named by
// --git-dir, GIT_DIR or GIT_COMMON_DIR, else discovered from the directory.
func (c *cmd) gitDirConfigs() {
	st, ok := c.w.Files.(effect.Stater)
	if sub, _ := gitSubcommand(c.args); !ok || c.w.guessing > 0 || sub == "" || gitNoSetup.Has(sub) {
		return
	}
	named := false
	for _, d := range c.gitDirsNamed() {
		named = true
		if !word.IsKnown(d) {
			c.w.hide("git uses a git directory guard cannot tell: it cannot read the configuration git loads there, whose settings may run commands")
			return
		}
		c.gitDirAt(st, d, false)
	}
	if !named {
		c.gitDiscover(st)
	}
}

// gitNoSetup are git's subcommands that use no repository's configuration
// (git.c runs them without setup): init and clone make one (git alone,
// or with --version, prints its usage or version).
const gitNoSetup word.Set = " init clone version help "

// gitDirsNamed returns the git directories the command names: --git-dir's
// value, GIT_DIR's and GIT_COMMON_DIR's.
func (c *cmd) gitDirsNamed() []string {
	var out []string
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--git-dir" && j+1 < len(c.args):
			out = append(out, c.args[j+1].Text)
		case strings.HasPrefix(s, "--git-dir="):
			out = append(out, strings.TrimPrefix(s, "--git-dir="))
		case s == "-C" || s == "-c" || s == "--work-tree" || s == "--namespace" || s == "--config-env":
			j++
		case !strings.HasPrefix(s, "-"):
			j = len(c.args) // the subcommand
		}
	}
	for _, v := range []string{"GIT_DIR", "GIT_COMMON_DIR"} {
		if d, ok := c.w.lookup(v); ok && d != "" {
			out = append(out, d)
		}
	}
	return out
}

// gitDiscover finds the git directory git discovers from the walker's
// directory, as git does: at each directory up, DIR/.git (a directory, or
// a file or link naming one), else DIR itself when it is a git directory;
// at most maxRepoDepth up. A directory guard cannot tell blocks.
func (c *cmd) gitDiscover(st effect.Stater) {
	if !word.IsKnown(c.w.Dir) {
		c.w.hide("git runs in a directory guard cannot tell: it cannot read the configuration of the git directory git finds there, whose settings may run commands")
		return
	}
	up := "."
	for range maxRepoDepth {
		dotgit := path.Join(up, ".git")
		switch k := c.dotGitKind(st, dotgit); k {
		case effect.EntryDir:
			return // a .git directory: its configuration is protected
		case effect.EntryFile, effect.EntryLink:
			c.gitDirAt(st, dotgit, false)
			return
		case effect.EntryUnknown:
			return // not on this machine's disk (no reader): nothing to read
		}
		if c.gitMadeAt(dotgit) {
			return // git init: a new .git, protected
		}
		if c.gitDirAt(st, up, true) {
			return
		}
		if c.w.Where(up) == "/" {
			return
		}
		up = path.Join(up, "..")
	}
}

// gitTopLevel sets what `git rev-parse --show-toplevel` prints: the
// nearest directory up from the walker's that holds a .git (a directory,
// or a file or link naming one), found as gitDiscover finds it, so that
// `cd "$(git rev-parse --show-toplevel)"` moves to a directory guard
// knows. Anything else (no reader, no repository in reach) leaves the
// output unknown.
func (c *cmd) gitTopLevel() {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || !word.IsKnown(c.w.Dir) {
		return
	}
	up := "."
	for range maxRepoDepth {
		switch k := c.dotGitKind(st, path.Join(up, ".git")); k {
		case effect.EntryDir, effect.EntryFile, effect.EntryLink:
			top := word.DirMark(c.w.Dir) + "/" + up
			if strings.HasPrefix(c.w.Dir, "/") {
				top = path.Join(c.w.Dir, up) // as git prints it: dirname of it is its parent
			} else if up == "." {
				top = word.DirMark(c.w.Dir)
			}
			c.out = output{text: top + "\n", known: true}
			return
		case effect.EntryUnknown:
			return
		}
		if c.w.Where(up) == "/" {
			return
		}
		up = path.Join(up, "..")
	}
}

// gitDirOutput sets what git rev-parse --git-dir, --git-common-dir,
// --absolute-git-dir or --git-path P prints (args, after rev-parse) when
// the working directory holds the .git directory: .git, or .git/P, so
// that `git rev-parse --git-path hooks | xargs -I{} cp x {}/post-checkout`
// writes .git/hooks/post-checkout, which is protected.
// Anywhere else the output is a run-time name (catalogue.ProducesName).
func (c *cmd) gitDirOutput(args []word.Word) {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || len(args) == 0 || len(args) > 2 || !word.AllKnown(args) {
		return
	}
	var p string
	switch q := args[0].Text; {
	case len(args) == 1 && (q == "--git-dir" || q == "--git-common-dir"):
		p = ".git"
	case len(args) == 1 && q == "--absolute-git-dir" && strings.HasPrefix(c.w.Dir, "/"):
		p = path.Join(c.w.Dir, ".git")
	case len(args) == 2 && q == "--git-path":
		p = path.Join(".git", args[1].Text)
	default:
		return
	}
	if k, _ := st.Lstat(c.w.Where(".git")); k != effect.EntryDir {
		return
	}
	c.out = output{text: p + "\n", known: true}
}

// gitDirAt checks directory d (as the command names it) as the git
// directory git uses, and reports whether it is one; with discovered, a
// directory that is no git directory is not one git uses. A .git file
// (gitdir: DIR) is followed once.
func (c *cmd) gitDirAt(st effect.Stater, d string, discovered bool) bool {
	k := effect.EntryDir // a directory discovery looks at
	if !discovered {
		k, _ = st.Lstat(c.w.Where(d))
	}
	if k != effect.EntryFile && k != effect.EntryLink && gitDirProtected(c.w.Where(d)) { // a .git file or link names another
		return true
	}
	if c.gitDirWritten(st, d) {
		c.w.hide("git uses '%s' as its git directory, which the command itself writes (its configuration, HEAD, objects or refs): guard cannot read the configuration git will load there, whose settings (core.fsmonitor, core.sshCommand, aliases) run commands", word.Clean(c.w.Where(d)))
		return true
	}
	if k == effect.EntryFile && !discovered {
		text, fs := c.w.FileStatus(d, true, effect.MaxScriptBytes)
		target, ok := strings.CutPrefix(strings.TrimSpace(text), "gitdir:")
		target = strings.TrimSpace(target)
		if fs != effect.FileWhole || !ok || !word.IsKnown(target) || target == "" {
			c.w.hide("git uses the git directory a .git file names (%s), which guard cannot read", d)
			return true
		}
		return c.gitDirAt(st, effect.Under(path.Dir(d), target), true)
	}
	if valid, known := c.gitDirValid(st, d); !known {
		return true // hidden
	} else if !valid {
		return false
	}
	c.gitDirFiles(st, d)
	return true
}

// dotGitKind returns what dotgit (DIR/.git, as the command names it) is to
// git's discovery (setup.c setup_git_directory_gently_1): its kind on
// disk, except that a .git directory that is no git directory
// (gitDirValid) is EntryNone: git passes it over and goes on up, to the
// repository above (FINDINGS46a A7). One whose HEAD guard cannot read
// records a hide and is EntryUnknown: never "this is the top".
func (c *cmd) dotGitKind(st effect.Stater, dotgit string) effect.EntryKind {
	k, _ := st.Lstat(c.w.Where(dotgit))
	if k != effect.EntryDir {
		return k
	}
	switch valid, known := c.gitDirValid(st, dotgit); {
	case !known:
		return effect.EntryUnknown
	case !valid:
		return effect.EntryNone
	}
	return k
}

// gitDirValid reports whether directory d (as the command names it) is a
// git directory as git's is_git_directory takes one: gitDirOnDisk, and a
// HEAD validate_headref takes (repo.ValidHead). known is false (and a hide
// recorded) when guard cannot read that HEAD.
func (c *cmd) gitDirValid(st effect.Stater, d string) (valid, known bool) {
	if !gitDirOnDisk(st, c.w.Where(d)) {
		return false, true
	}
	// On disk, not as the command writes it (git checkout writes HEAD):
	// git finds its directory before it runs.
	text, fs := c.w.Files.ReadFile(c.w.Where(path.Join(d, "HEAD")), 1<<16)
	if fs != effect.FileWhole {
		c.w.hide("git may take '%s' for its git directory, whose HEAD guard cannot read: it cannot tell which repository git uses", word.Clean(c.w.Where(d)))
		return false, false
	}
	return repo.ValidHead(string(text)), true
}

// gitDirOnDisk reports whether directory p (as the reader names it) is a
// git directory on disk: a HEAD file and a commondir file, or objects/ and
// refs/ directories (repo.IsGitDir's test).
func gitDirOnDisk(st effect.Stater, p string) bool {
	if k, _ := st.Lstat(path.Join(p, "HEAD")); k != effect.EntryFile && k != effect.EntryLink {
		return false
	}
	if k, _ := st.Lstat(path.Join(p, "commondir")); k == effect.EntryFile {
		return true
	}
	for _, sub := range []string{"objects", "refs"} {
		if k, _ := st.Lstat(path.Join(p, sub)); k != effect.EntryDir && k != effect.EntryLink {
			return false
		}
	}
	return true
}

// gitDirWritten reports whether the command writes, before git runs, what
// makes d a git directory or what git loads from it: one of its roles, or d
// whole (tar x, cp -r), when d then is or may be a git directory (a HEAD
// on disk or written, or a repository the command makes).
func (c *cmd) gitDirWritten(st effect.Stater, d string) bool {
	if c.gitMadeAt(d) {
		return c.gitDirWrittenBeside(d)
	}
	if !c.w.StaleIn(d, gitDirRoles[:]) {
		return false
	}
	head := word.Clean(c.w.Where(path.Join(d, "HEAD")))
	if k, _ := st.Lstat(head); k == effect.EntryFile || k == effect.EntryLink {
		return true
	}
	for _, f := range c.w.Written {
		if f.Path == head {
			return true // not a tree git wrote (stash pop, checkout): HEAD itself
		}
	}
	return c.gitMadeAt(d)
}

// gitDirWrittenBeside reports whether the command writes a role of the
// git directory d an earlier git init or clone of it makes, other than by
// making it (clone's write of d whole): printf … >> bb/config, cp x
// bb/config, a directory above d written whole.
func (c *cmd) gitDirWrittenBeside(d string) bool {
	p := word.Clean(c.w.Where(d))
	for _, f := range c.w.Written {
		if f.Path == p {
			continue // the clone that makes it
		}
		if strings.HasPrefix(p, f.Path+"/") {
			return true
		}
		for _, r := range gitDirRoles {
			if q := p + "/" + r; f.Path == q || strings.HasPrefix(f.Path, q+"/") {
				return true
			}
		}
	}
	return false
}

// gitMadeAt reports whether an earlier git init or clone of the command
// makes the git directory d (see gitNewDir).
func (c *cmd) gitMadeAt(d string) bool {
	p := word.Clean(c.w.Where(d))
	for _, m := range c.w.gitMade {
		if m == p || !word.IsKnown(m) {
			return true
		}
	}
	return false
}

// gitNewDir records the git directory git init or git clone (its words
// after the subcommand, args) makes: DIR/.git, or DIR itself for a bare
// repository (--bare, --mirror); DIR is init's operand (else where it
// runs), clone's second (else the name git takes from the source: a
// directory guard does not work out, which any may be).
func (c *cmd) gitNewDir(sub string, args []word.Word) {
	p := gitNewParse(sub, args)
	bare, ops := p.bare, p.ops
	dir := "."
	switch {
	case sub == "init" && len(ops) > 0:
		dir = ops[0]
	case sub == "clone" && len(ops) > 1:
		dir = ops[1]
	case sub == "clone":
		dir = word.Mark(word.MarkVar, "clone")
	}
	if !bare {
		dir = path.Join(dir, ".git")
	}
	if len(c.w.gitMade) < maxSubmodules {
		c.w.gitMade = append(c.w.gitMade, word.Clean(c.w.Where(dir)))
	}
}

// gitDirProtected reports whether git directory p lies where the .git
// globs protect its configuration and hooks: a directory named .git or
// one inside it (a submodule's, a worktree's), or jj's backing repository.
func gitDirProtected(p string) bool {
	p = word.Clean(p)
	return path.Base(p) == ".git" || strings.Contains(p+"/", "/.git/") || strings.HasPrefix(p, ".git/") ||
		strings.HasSuffix(p, ".jj/repo/store/git")
}

// gitDirFiles reads what git loads from git directory d that is not
// protected by the .git globs: its configuration (and a worktree's, and
// the common directory's a commondir file names), as a configuration a
// variable names; a hook there blocks.
func (c *cmd) gitDirFiles(st effect.Stater, d string) {
	for _, f := range []string{"config", "config.worktree"} {
		if k, _ := st.Lstat(c.w.Where(path.Join(d, f))); k != effect.EntryNone {
			c.w.gitConfigFile(path.Join(d, f))
		}
	}
	if k, _ := st.Lstat(c.w.Where(path.Join(d, "commondir"))); k != effect.EntryNone {
		text, fs := c.w.FileStatus(path.Join(d, "commondir"), true, effect.MaxScriptBytes)
		cd := strings.TrimSpace(text)
		if fs != effect.FileWhole || cd == "" {
			c.w.hide("git uses the common directory a commondir file names (%s), which guard cannot read", d)
			return
		}
		cd = effect.Under(d, cd)
		if !gitDirProtected(c.w.Where(cd)) {
			c.w.gitConfigFile(path.Join(cd, "config"))
		}
	}
	for _, h := range strings.Fields(string(effect.GitHookNames)) {
		if k, _ := st.Lstat(c.w.Where(path.Join(d, "hooks", h))); k != effect.EntryNone {
			c.w.hide("git runs the hooks of '%s', a git directory not named .git, whose hooks guard does not read (%s)", word.Clean(c.w.Where(d)), h)
			return
		}
	}
}
