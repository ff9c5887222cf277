package shell

// The hooks git runs. Writes of a hooks directory are
// protected (.git/hooks, core.hooksPath), so a hook's text is the user's,
// but what it runs is not: `python3 scripts/check.py`, `make lint`,
// `npm test` run project files the agent may have written. A subcommand
// that runs hooks has each hook it runs that exists in the hooks directory
// analysed as running the hook by its path does (./hook: a shell script as
// commands, another interpreter's program scanned), at the top of the
// working tree where git runs it; a hook guard cannot read (compiled, too
// big, unreadable) hides the command unless --no-verify skips it.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/gitconfig"
	"github.com/guardhq/guard/internal/repo"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitHookSet is what a git subcommand runs of the hooks: all its hooks,
// and those --no-verify (-n where git takes it) skips.
type gitHookSet struct {
	hooks, skipped word.Set
	short          bool // -n is --no-verify
}

// gitNoRefSubs are git's subcommands known to update no reference and
// write no index: they run none of git's hooks. Any other
// subcommand, an alias or a git-X program included, may run
// reference-transaction and post-index-change (git status and git diff
// refresh the index and write it back; git branch, tag, fetch, stash,
// reset, add update refs or the index), and pre-auto-gc.
const gitNoRefSubs word.Set = " log show whatchanged rev-parse rev-list cat-file ls-files ls-tree ls-remote config " +
	"blame annotate grep for-each-ref describe merge-base name-rev shortlog show-ref show-branch count-objects " +
	"check-ignore check-attr check-ref-format check-mailmap help version var format-patch archive cherry " +
	"diff-files diff-index diff-tree range-diff verify-commit verify-tag verify-pack get-tar-commit-id patch-id " +
	"column stripspace interpret-trailers mailinfo mailsplit credential fsck fsck-objects bugreport "

// gitAnyHooks are the hooks any subcommand not in gitNoRefSubs may run.
const gitAnyHooks = " reference-transaction post-index-change pre-auto-gc "

// gitHooksOf returns the hooks git's subcommand sub (args after it) may
// run. Subcommands that update a reference run reference-transaction;
// those that write the index, post-index-change; those that may commit,
// pre-auto-gc. Those known to do neither (gitNoRefSubs, git diff of the
// index or of two paths) run none; any other, the three.
func gitHooksOf(sub string, args []word.Word) gitHookSet {
	const refs = "reference-transaction post-index-change "
	switch {
	case sub == "" || strings.HasPrefix(sub, "-") || gitNoRefSubs.Has(sub):
		return gitHookSet{} // git --version, git -h
	case sub == "diff" && (hasAny(args, "--cached", "--staged", "--no-index") || hasPrefixed(args, "--no-ind")):
		return gitHookSet{} // no index refresh (git diff of the work tree writes it back)
	}
	switch sub {
	case "commit":
		return gitHookSet{" pre-commit prepare-commit-msg commit-msg post-commit post-rewrite pre-auto-gc " + refs, " pre-commit commit-msg ", true}
	case "merge":
		return gitHookSet{" pre-merge-commit prepare-commit-msg commit-msg post-merge pre-auto-gc " + refs, " pre-merge-commit commit-msg ", false}
	case "pull":
		return gitHookSet{" pre-merge-commit prepare-commit-msg commit-msg post-merge pre-rebase post-rewrite post-checkout pre-auto-gc " + refs, " pre-merge-commit commit-msg ", false}
	case "push":
		return gitHookSet{" pre-push" + gitAnyHooks, " pre-push ", false}
	case "checkout", "switch", "clone":
		return gitHookSet{" post-checkout " + refs, "", false}
	case "worktree":
		return gitHookSet{" post-checkout " + refs, "", false}
	case "rebase":
		return gitHookSet{" pre-rebase prepare-commit-msg commit-msg post-rewrite post-checkout pre-auto-gc " + refs, " pre-rebase ", false}
	case "am":
		return gitHookSet{" applypatch-msg pre-applypatch post-applypatch post-rewrite pre-auto-gc " + refs, " applypatch-msg pre-applypatch ", true}
	case "cherry-pick", "revert":
		return gitHookSet{" prepare-commit-msg commit-msg post-commit post-rewrite pre-auto-gc " + refs, "", false}
	case "gc", "maintenance":
		return gitHookSet{word.Set(gitAnyHooks), "", false}
	case "send-email":
		return gitHookSet{" sendemail-validate" + gitAnyHooks, " sendemail-validate ", false}
	}
	return gitHookSet{hooks: word.Set(gitAnyHooks)}
}

// gitHooks analyses the hooks git's subcommand sub (at index at) runs.
func (c *cmd) gitHooks(sub string, at int) {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || c.w.guessing > 0 {
		return
	}
	args := c.args[at+1:]
	set := gitHooksOf(sub, args)
	switch {
	case sub == "hook" && len(args) > 1 && args[0].Text == "run":
		set = gitHookRun(args[1:])
	case sub == "clone":
		c.gitCloneHooks(st)
		return
	case sub == "push" || sub == "send-pack":
		c.gitPushHooks(st, at, sub, args) // gitpushhooks.go: the receiving repository's
	case sub == "receive-pack":
		c.gitReceivePackHooks(st, at, args)
	}
	if set.hooks == "" {
		return
	}
	top, dotgit := c.gitHookRepo(st)
	switch {
	case top == "":
		return
	case !word.IsKnown(top):
		c.w.hide("git runs hooks from a repository guard cannot tell")
		return
	}
	c.inDir(top, func() {
		if hooks, ok := c.gitHooksDir(dotgit); ok && hooks != "" {
			c.gitRunHooks(st, hooks, set, gitNoVerify(sub, args, set.short))
		}
	})
}

// gitHookRun returns the hook git hook run [--ignore-missing] NAME runs.
func gitHookRun(args []word.Word) gitHookSet {
	for _, a := range args {
		if a.Text == "--" {
			continue
		}
		if !strings.HasPrefix(a.Text, "-") {
			if !a.Known || strings.ContainsAny(a.Text, "/ ") {
				return gitHookSet{hooks: word.Set(" " + effect.UnknownName + " ")}
			}
			return gitHookSet{hooks: word.Set(" " + a.Text + " ")}
		}
	}
	return gitHookSet{}
}

// gitRunHooks analyses each hook of set in directory hooks that is there,
// run where the walker is (the top of the working tree); skipped leaves
// out set.skipped.
func (c *cmd) gitRunHooks(st effect.Stater, hooks string, set gitHookSet, skipped bool) {
	for _, h := range strings.Fields(string(set.hooks)) {
		if skipped && set.skipped.Has(h) {
			continue
		}
		if h == effect.UnknownName {
			c.w.hide("git hook run runs a hook guard cannot tell")
			return
		}
		p := path.Join(hooks, h)
		switch k, _ := st.Lstat(c.w.Where(p)); k {
		case effect.EntryFile, effect.EntryLink:
			c.gitRunHook(p, h)
		}
	}
}

// gitRunHook analyses hook p (named h) as running it by its path does
// (runFileText). Its text is read from the disk: the command cannot write
// a hooks directory (the write rules protect .git/hooks and core.hooksPath),
// and what a checkout earlier in the command writes of the working tree,
// guard checks from the revision. A compiled hook, or one guard cannot
// read whole, hides the command.
func (c *cmd) gitRunHook(p, h string) {
	w := c.w
	if w.Nread >= effect.MaxFiles {
		w.FileText(p, true, effect.MaxScriptBytes, "a git hook") // the limit
		return
	}
	w.Nread++
	q := w.Where(p)
	data, st := w.Files.ReadFile(q, effect.MaxProgramBytes)
	prog := shebang(string(data[:min(len(data), sniffBytes)]))
	switch {
	case st == effect.FileAbsent:
		return
	case st == effect.FileUnreadable || binary(data[:min(len(data), sniffBytes)]):
		w.hide("git runs its %s hook, which guard cannot read (compiled, or not a regular file): pass --no-verify or run it yourself", h)
		return
	case st == effect.FileTooBig || (prog == "" || catalogue.Shells.Has(prog)) && len(data) > effect.MaxScriptBytes:
		w.hide("git runs its %s hook, larger than guard reads", h)
		return
	}
	*w.FileList = append(*w.FileList, q)
	if prog != "" && !catalogue.Shells.Has(prog) {
		c.scriptStart(prog) // git runs it with the command's variables: PYTHONPATH=m git commit
	}
	defer w.givesVars(gitGiven)() // toolgiven.go
	c.runFileText(p, string(data), nil)
}

// gitConfigText returns the text of configuration file f, read from
// the disk (the write rules protect the user's and the repository's):
// "" and FileAbsent when there is none, or no reader.
func (c *cmd) gitConfigText(f string) (string, effect.FileStatus) {
	w := c.w
	if w.Files == nil {
		return "", effect.FileAbsent
	}
	if w.Nread >= effect.MaxFiles {
		w.FileText(f, true, effect.MaxScriptBytes, "a git configuration") // the limit
		return "", effect.FileAbsent
	}
	w.Nread++
	data, st := w.Files.ReadFile(w.Where(f), effect.MaxScriptBytes)
	return string(data), st
}

// gitNoVerify reports whether git's subcommand's words skip the hooks
// --no-verify skips (-n too where short: commit -nm x, am -n); a later
// --verify gives them back.
func gitNoVerify(sub string, args []word.Word, short bool) bool {
	skip := false
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			return skip
		case s == "--no-verify":
			skip = true
		case s == "--verify":
			skip = false
		case short && len(s) > 1 && s[0] == '-' && s[1] != '-':
			for _, r := range s[1:] {
				if r == 'n' {
					skip = true
				}
				if sub == "commit" && strings.ContainsRune("mFCctS", r) {
					break // the rest is the value: -mn is the message "n"
				}
			}
		}
	}
	return skip
}

// gitHooksDir returns the hooks directory git runs (as named from the
// walker's directory, the top of the working tree, whose git directory is
// dotgit): core.hooksPath as the configurations git loads set it, else
// the git directory's hooks; false when a hide was recorded.
func (c *cmd) gitHooksDir(dotgit string) (string, bool) {
	gitDir, common := dotgit, ""
	if dotgit == "" {
		gitDir, common = c.gitFileTarget(".git")
	} else {
		common = c.gitCommonDir(dotgit)
	}
	if !word.IsKnown(gitDir) || !word.IsKnown(common) {
		c.w.hide("git runs hooks from a git directory guard cannot tell (a .git file or commondir it cannot read)")
		return "", false
	}
	files := append(c.gitUserConfigs(), path.Join(common, "config"), path.Join(gitDir, "config.worktree"))
	switch v, ok := c.gitHooksPath(files); {
	case !ok:
		return "", false
	case v == "":
		return path.Join(common, "hooks"), true
	case !word.IsKnown(v):
		c.w.hide("git runs hooks from a directory guard cannot tell (core.hooksPath)")
		return "", false
	default:
		return v, true
	}
}

// gitHookRepo returns the top of the working tree (as named from the
// walker's directory) holding the git directory git uses for the command,
// and that git directory as named from the top ("" for a .git file, which
// names it): the one --git-dir or GIT_DIR names (the top then is where git
// runs), else a .git (a directory, or a file naming one) found up from the
// walker's directory. "" for none (a bare or unnamed git directory's hooks
// are gitDirFiles').
func (c *cmd) gitHookRepo(st effect.Stater) (top, dotgit string) {
	if named := c.gitDirsNamed(); len(named) > 0 {
		return c.w.Dir, named[0]
	}
	if !word.IsKnown(c.w.Dir) {
		return "", ""
	}
	up := "."
	for range maxRepoDepth {
		switch k := c.dotGitKind(st, path.Join(up, ".git")); k {
		case effect.EntryDir:
			return effect.Under(c.w.Dir, up), ".git"
		case effect.EntryFile:
			return effect.Under(c.w.Dir, up), ""
		case effect.EntryLink, effect.EntryUnknown:
			return "", "" // a link: gitDirAt's (not on this disk: nothing to read)
		}
		if valid, known := c.gitDirValid(st, up); !known {
			return "", ""
		} else if valid {
			return effect.Under(c.w.Dir, up), "." // a bare repository: DIR itself (FINDINGS46a A7b)
		}
		if c.w.Where(up) == "/" {
			return "", ""
		}
		up = path.Join(up, "..")
	}
	return "", ""
}

// gitFileTarget returns the git directory a .git file names and its
// common directory (a worktree's commondir), relative to the .git file's
// directory as named from the walker's; a directory guard does not tell
// when it cannot read them.
func (c *cmd) gitFileTarget(dotgit string) (string, string) {
	unknown := word.Mark(word.MarkVar, "GIT_DIR")
	text, fs := c.w.FileStatus(dotgit, true, effect.MaxScriptBytes)
	target, ok := repo.GitFileDir(text) // as git reads it: "x9 " is not x9
	if fs != effect.FileWhole || !ok {
		return unknown, unknown
	}
	d := effect.Under(path.Dir(dotgit), target)
	return d, c.gitCommonDir(d)
}

// gitCommonDir returns the common directory of git directory d (as named
// from the walker's directory), where git reads the configuration and
// runs the hooks: GIT_COMMON_DIR's, else the one d's commondir file names
// (relative to d), else d; a directory guard does not tell when it cannot
// read the commondir file (FINDINGS47b G6, G6b).
func (c *cmd) gitCommonDir(d string) string {
	if cd, set := c.gitCommonEnv(); set {
		return cd
	}
	// On disk, as git finds it before it runs: a write of it the
	// command makes is the .git globs' (gitDirWritten for another).
	p := c.w.Where(path.Join(d, "commondir"))
	if st, ok := c.w.Files.(effect.Stater); ok {
		if k, _ := st.Lstat(p); k == effect.EntryNone {
			return d
		}
	}
	text, fs := c.w.Files.ReadFile(p, effect.MaxScriptBytes)
	switch cd, ok := repo.CommonDirName(string(text)); { // as git reads it: "../cm8 " is not ../cm8
	case fs == effect.FileAbsent:
		return d
	case fs != effect.FileWhole || !ok:
		return word.Mark(word.MarkVar, "GIT_COMMON_DIR")
	default:
		return effect.Under(d, cd)
	}
}

// maxGitConfigs bounds the configuration files read for core.hooksPath
// (the user's, the repository's, and the files they include).
const maxGitConfigs = 8

// gitUserConfigs returns the user's configuration files git loads, in
// its order: the system's, then $GIT_CONFIG_GLOBAL or else
// $XDG_CONFIG_HOME/git/config (~/.config/git/config) and ~/.gitconfig. A
// HOME or XDG_CONFIG_HOME the command moves has its files read as
// configurations (startupDir).
func (c *cmd) gitUserConfigs() []string {
	var files []string
	if v, _ := c.envValue("GIT_CONFIG_NOSYSTEM"); v == "" {
		sys := "/etc/gitconfig"
		if v, ok := c.envValue("GIT_CONFIG_SYSTEM"); ok {
			sys = v
		}
		files = append(files, sys)
	}
	if v, ok := c.envValue("GIT_CONFIG_GLOBAL"); ok {
		return append(files, v)
	}
	xdg := "~/.config"
	if v, ok := c.envValue("XDG_CONFIG_HOME"); ok && v != "" {
		xdg = v
	}
	return append(files, path.Join(xdg, "git", "config"), "~/.gitconfig")
}

// gitHooksPath returns core.hooksPath as configuration files (and the
// files they include, include.path and includeIf's whatever their
// condition, as the policy's write check takes them) set it, the last
// winning; "" when none does. A file guard cannot read whole, more files
// than maxGitConfigs, one it cannot read as git does, or an include guard
// cannot tell hides the command.
func (c *cmd) gitHooksPath(files []string) (string, bool) {
	r := c.gitConfigLast(files, "core.hookspath")
	if why := r.unknown(); why != "" {
		c.w.hide("git loads %s: it cannot tell which hooks git runs (core.hooksPath)", why)
		return "", false
	}
	return r.v, true
}

// gitConfigRead is what gitConfigLast found of one key: its last value
// (found), or why guard cannot tell it: more files than maxGitConfigs
// (tooMany), a file it cannot read whole (unread), or one it cannot read
// as git does (unlike: the file and where, gitconfig.Read's error).
type gitConfigRead struct {
	v       string
	found   bool
	tooMany bool
	unread  string
	unlike  string
}

// unknown returns why guard cannot tell what r was to find, "" when it
// can: a reason's words after "git loads …".
func (r gitConfigRead) unknown() string {
	switch {
	case r.tooMany:
		return "more configuration files than guard reads"
	case r.unread != "":
		return "a configuration guard cannot read whole (" + r.unread + ")"
	case r.unlike != "":
		return "a configuration guard cannot read as git does (" + r.unlike + ")"
	}
	return ""
}

// gitConfigLast returns the value configuration files (and the files they
// include, include.path and includeIf's whatever their condition) give
// key (lower case), the last winning.
func (c *cmd) gitConfigLast(files []string, key string) gitConfigRead {
	return c.gitConfigLastOf(files, func(k, _ string) bool { return k == key })
}

// gitConfigLastOf is gitConfigLast of the settings match holds for (it
// is given each key and value, in the order git reads them).
func (c *cmd) gitConfigLastOf(files []string, match func(k, v string) bool) gitConfigRead {
	var r gitConfigRead
	for i := 0; i < len(files); i++ {
		if i >= maxGitConfigs {
			return gitConfigRead{tooMany: true}
		}
		f := files[i]
		if f == "" || f == "/dev/null" {
			continue
		}
		text, st := c.gitConfigText(f)
		switch st {
		case effect.FileAbsent:
			continue
		case effect.FileWhole:
		default:
			return gitConfigRead{unread: f}
		}
		settings, err := gitSettings(text)
		if err != nil {
			return gitConfigRead{unlike: f + ", " + err.Error()}
		}
		var incs []string
		for _, kv := range settings {
			switch {
			case match(kv[0], kv[1]):
				r.v, r.found = kv[1], true
			case gitInclude(kv[0]) && kv[1] != "":
				switch form, _ := gitconfig.IncludePath(kv[1]); form {
				case gitconfig.IncludeUnknown:
					return gitConfigRead{unread: kv[1] + ", an include of another user's home or git's prefix"}
				case gitconfig.IncludeRelative:
					incs = append(incs, effect.Under(path.Dir(f), kv[1]))
				default:
					incs = append(incs, kv[1]) // ~/x, /x: as written
				}
			}
		}
		// An include is read where it stands: after the file's own.
		files = append(files[:i+1], append(incs, files[i+1:]...)...)
	}
	return r
}

// gitCloneHooks analyses the post-checkout hook git clone runs from the
// user's core.hooksPath (the new repository's own hooks are its template's,
// which init.templateDir and --template hide): an absolute directory is
// read; a relative one is a directory of the clone, whose files come from
// the remote: guard cannot read them.
func (c *cmd) gitCloneHooks(st effect.Stater) {
	if _, at := gitSubcommand(c.args); !gitNewParse("clone", c.args[at+1:]).checkout {
		return
	}
	v, ok := c.gitHooksPath(c.gitUserConfigs())
	switch {
	case !ok || v == "":
		return
	case !word.IsKnown(v) || !strings.HasPrefix(v, "/") && !word.HomeRelative(v):
		c.w.hide("git clone runs the post-checkout hook of core.hooksPath (%s), a directory of the new repository guard cannot read", v)
		return
	}
	// In the new repository's top, whose files come from the remote.
	c.inDir(word.Mark(word.MarkVar, "clone"), func() {
		c.gitRunHooks(st, v, gitHookSet{hooks: " post-checkout "}, false)
	})
}
