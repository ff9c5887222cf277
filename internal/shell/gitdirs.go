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
	"slices"
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
// --git-dir or GIT_DIR, else discovered from the directory; and the
// common directory GIT_COMMON_DIR names, whatever the git directory
// (git's get_common_dir takes it first).
func (c *cmd) gitDirConfigs() {
	st, ok := c.w.Files.(effect.Stater)
	if sub, _ := gitSubcommand(c.args); !ok || c.w.guessing > 0 || sub == "" || gitNoSetup.Has(sub) {
		return
	}
	if cd, set := c.gitCommonEnv(); set {
		if !word.IsKnown(cd) {
			c.w.hide("git uses a common directory guard cannot tell (GIT_COMMON_DIR): it cannot read the configuration and hooks git loads there")
			return
		}
		c.gitCommonFiles(st, cd)
		if !strings.HasPrefix(cd, "/") && c.gitMovesDir() {
			// git tests the git directory with it from here, then reads
			// it from the top of the work tree it moves to.
			c.w.hide("git takes the relative GIT_COMMON_DIR '%s' from the top of the work tree it moves to: guard cannot tell which configuration and hooks git loads there", cd)
		}
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

// gitMovesDir reports whether git may run in another directory than the
// walker's once it has found its git directory: a work tree given
// (--work-tree, GIT_WORK_TREE), or one it discovers above.
func (c *cmd) gitMovesDir() bool {
	if v, ok := c.w.lookup("GIT_WORK_TREE"); ok && v != "" {
		return true
	}
	if len(c.gitDirsNamed()) > 0 {
		return false // the work tree is the walker's directory
	}
	d, ok := c.gitDirUsed()
	return !ok || d != ".git" && d != "."
}

// gitCommonEnv returns the common directory GIT_COMMON_DIR names for the
// command (as named from the walker's directory), and whether it is set.
func (c *cmd) gitCommonEnv() (string, bool) {
	d, ok := c.w.lookup("GIT_COMMON_DIR")
	return d, ok && d != ""
}

// gitCommonOf returns the common directory of git directory d
// (gitCommonDir), and whether it is another directory than d; ok is false
// (a hide recorded) when guard cannot tell it.
func (c *cmd) gitCommonOf(d string) (common string, separate, ok bool) {
	cd := c.gitCommonDir(d)
	if !word.IsKnown(cd) {
		if _, env := c.gitCommonEnv(); !env { // GIT_COMMON_DIR's: gitDirConfigs hid it
			c.w.hide("git uses the common directory a commondir file names (%s), which guard cannot read", d)
		}
		return "", true, false
	}
	return cd, cd != d, true
}

// gitNoSetup are git's subcommands that use no repository's configuration
// (git.c runs them without setup): init and clone make one (git alone,
// or with --version, prints its usage or version).
const gitNoSetup word.Set = " init clone version help "

// gitDirsNamed returns the git directories the command names: --git-dir's
// value and GIT_DIR's (GIT_COMMON_DIR names a common directory:
// gitCommonOf).
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
	if d, ok := c.w.lookup("GIT_DIR"); ok && d != "" {
		out = append(out, d)
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
		target, ok := repo.GitFileDir(text) // as git reads it: "gitdir: x9 " names "x9 "
		if fs != effect.FileWhole || !ok || !word.IsKnown(target) {
			c.w.hide("git uses the git directory a .git file names (%s), which guard cannot read", d)
			return true
		}
		return c.gitDirAt(st, effect.Under(path.Dir(d), target), true)
	}
	if !discovered {
		// Named: git uses it or stops, and guard's test of it may miss
		// what git's takes from a common directory (FINDINGS47b G6b):
		// what it holds is read either way.
		c.gitDirFiles(st, d)
		return true
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
// git directory as git's is_git_directory takes one (repo.GitDirectory,
// on disk, not as the command writes it: git finds its directory before
// it runs; the command's GIT_COMMON_DIR and GIT_OBJECT_DIRECTORY as git
// takes them). known is false (and a hide recorded) when guard cannot
// tell: git may take it, or pass it over and go on up (FINDINGS49a S4,
// S5), and either reads another configuration.
func (c *cmd) gitDirValid(st effect.Stater, d string) (valid, known bool) {
	where := word.Clean(c.w.Where(d))
	var env [2]string
	for i, name := range [...]string{"GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY"} {
		if v, ok := c.w.lookup(name); ok && v != "" {
			if !word.IsKnown(v) {
				c.w.hide("git may take '%s' for its git directory, testing it with a %s guard cannot tell: it cannot tell which repository git uses", where, name)
				return false, false
			}
			env[i] = c.w.Where(v)
		}
	}
	switch a, why := repo.GitDirectory(gitDisk{st}, strings.TrimRight(c.w.Where(d), "/"), env[0], env[1]); a {
	case repo.CannotTell:
		c.w.hide("git may take '%s' for its git directory, and guard cannot tell (%s): it cannot tell which repository git uses, whose configuration may run commands", where, why)
		return false, false
	case repo.NotGitDir:
		return false, true
	}
	return true, true
}

// gitDisk is repo.Disk over the hook's reader: what is on disk before
// the command runs.
type gitDisk struct{ st effect.Stater }

func (g gitDisk) Lstat(p string) (repo.Kind, string) {
	k, t := g.st.Lstat(p)
	switch k {
	case effect.EntryNone:
		return repo.KindNone, ""
	case effect.EntryFile:
		return repo.KindFile, ""
	case effect.EntryDir:
		return repo.KindDir, ""
	case effect.EntryLink:
		return repo.KindLink, t
	}
	return repo.KindUnknown, ""
}

func (g gitDisk) Read(p string, max int) ([]byte, bool) {
	data, fs := g.st.ReadFile(p, max)
	return data, fs == effect.FileWhole || fs == effect.FileTooBig
}

// Access is the reader's access(X_OK) (effect.Accesser); without one, a
// directory passes, nothing there fails, and guard cannot tell the rest.
func (g gitDisk) Access(p string) (ok, known bool) {
	if a, is := g.st.(effect.Accesser); is {
		return a.Access(p)
	}
	switch k, _ := g.st.Lstat(p); k {
	case effect.EntryDir:
		return true, true
	case effect.EntryNone:
		return false, true
	}
	return false, false
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
// protected by the .git globs: its configuration (and a worktree's), as a
// configuration a variable names; a hook there blocks. What git takes
// from a separate common directory (GIT_COMMON_DIR, a commondir file) is
// read there (gitCommonFiles). core.worktree in any of these files sets
// the work tree (gitWorkTreeSet).
func (c *cmd) gitDirFiles(st effect.Stater, d string) {
	files := []string{path.Join(d, "config"), path.Join(d, "config.worktree")}
	for _, f := range files {
		if k, _ := st.Lstat(c.w.Where(f)); k != effect.EntryNone {
			c.w.gitConfigFile(f)
		}
	}
	cd, separate, ok := c.gitCommonOf(d)
	if !ok {
		return
	}
	if _, env := c.gitCommonEnv(); separate && !env {
		c.gitCommonFiles(st, cd) // GIT_COMMON_DIR's: gitDirConfigs
	}
	if separate {
		files = append(files, path.Join(cd, "config"))
	}
	c.gitWorkTreeSet(st, d, files)
	c.gitHookFiles(st, d)
}

// gitCommonFiles reads what git loads from common directory cd (as named
// from the walker's directory) when the .git globs do not protect it: its
// configuration, as a configuration a variable names; a hook there
// blocks, as does a common directory the command itself writes.
func (c *cmd) gitCommonFiles(st effect.Stater, cd string) {
	if gitDirProtected(c.w.Where(cd)) {
		return // its hooks: gitHooks (gitHooksDir)
	}
	if c.w.StaleIn(cd, gitDirRoles[:]) || c.gitMadeAt(cd) {
		c.w.hide("git uses '%s' as its common directory, which the command itself writes: guard cannot read the configuration and hooks git will load there", word.Clean(c.w.Where(cd)))
		return
	}
	if k, _ := st.Lstat(c.w.Where(path.Join(cd, "config"))); k != effect.EntryNone {
		c.w.gitConfigFile(path.Join(cd, "config"))
	}
	c.gitHookFiles(st, cd)
}

// gitHookFiles records a hide when directory d (a git or common directory
// not named .git) holds a hook git may run.
func (c *cmd) gitHookFiles(st effect.Stater, d string) {
	for _, h := range strings.Fields(string(effect.GitHookNames)) {
		if k, _ := st.Lstat(c.w.Where(path.Join(d, "hooks", h))); k != effect.EntryNone {
			c.w.hide("git runs the hooks of '%s', a git directory not named .git, whose hooks guard does not read (%s)", word.Clean(c.w.Where(d)), h)
			return
		}
	}
}

// gitWorkTreeSet reads core.worktree in the configuration files of git
// directory d (files: its config and config.worktree, and its common
// directory's config), which makes the directory it names (relative to d)
// git's work tree when neither --work-tree nor GIT_WORK_TREE is given: the
// command then reads and writes there, as it does a --work-tree's (a
// touch of it: a work tree of ~/.ssh is a read of the keys, one of
// ~/.guard a write of guard's files); FINDINGS47b G4. Whatever file sets
// it is taken, a common directory's too: setup.c
// check_repository_format_gently ignores core.worktree with a common
// directory only without extensions.worktreeConfig, which reads
// config.worktree and takes it again (FINDINGS48a R6); guard does not
// model which file wins. One guard cannot tell, or two that differ,
// hide.
func (c *cmd) gitWorkTreeSet(st effect.Stater, d string, files []string) {
	if v, ok := c.w.lookup("GIT_WORK_TREE"); ok && v != "" {
		return // the line's --work-tree (gitOptionVars) or GIT_WORK_TREE
	}
	var trees []string
	for _, p := range files {
		if k, _ := st.Lstat(c.w.Where(p)); k == effect.EntryNone {
			continue
		}
		text, fs := c.w.FileStatus(p, true, effect.MaxScriptBytes)
		settings, err := gitSettings(text)
		if fs != effect.FileWhole || err != nil {
			c.w.hide("git uses the git directory '%s', whose configuration (%s) guard cannot read to tell its work tree (core.worktree)", word.Clean(c.w.Where(d)), path.Base(p))
			return
		}
		for _, kv := range settings {
			if kv[0] != "core.worktree" {
				continue
			}
			v := kv[1]
			if v == "" || !word.IsKnown(v) || strings.ContainsAny(v, "$`\\~") {
				c.w.hide("git uses the git directory '%s', whose core.worktree names a work tree guard cannot tell", word.Clean(c.w.Where(d)))
				return
			}
			if !strings.HasPrefix(v, "/") {
				v = path.Join(d, v) // relative to the git directory, whichever file sets it
			}
			if !slices.Contains(trees, v) {
				trees = append(trees, v)
			}
		}
	}
	switch len(trees) {
	case 0:
		return
	case 1:
		c.gitCfgTree = trees[0]
	default:
		c.w.hide("git uses the git directory '%s', whose configuration files name several work trees (core.worktree): guard cannot tell which one git uses", word.Clean(c.w.Where(d)))
		return
	}
	c.w.AsOptions(func() { c.w.Touch(c.gitCfgTree) })
}
