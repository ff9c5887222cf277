package shell

// git's printers of a tree. git copies the work tree
// into the index and history (git add -A, commit -a) and prints it back
// (git diff --cached, show, log -p, format-patch, archive): the hook's
// result scan finds values of known shapes only, and does not attribute
// git's `+++ b/.env` hunks to files as it does a search's lines, so
// DB_PASS=hunter2xyz passes. A git command that prints file text beyond
// the names and REV:PATH words it is given, or sends history to a remote
// (git push: the secret leaves the machine, no result to scan), is an
// unattributed read of the tree it prints or sends
// (Analysis.UnattributedReads): the repository's top, as
// its index holds it (Analysis.TrackedReads: the policy counts the
// index's files, so a repository that tracks no protected file stays
// usable) unless the command staged files itself (then the directory as
// it is on disk); the directories git diff --no-index compares (or git
// diff outside a repository), as they are on disk.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitStages reports whether git's subcommand sub (args after it) may copy
// files git does not track yet into the index or a commit. The
// subcommands known not to (gitNoRefSubs, gitKeepsIndex) stage nothing;
// git add of named regular files stages those alone (addsUntracked);
// update-index stages new files with --add, stash with -u or -a. Any
// other name may stage: an alias is judged by its expansion where guard
// resolves it (gitAlias), and one it cannot, a git-NAME program or a
// subcommand guard does not list, may have staged the tree.
func (c *cmd) gitStages(sub string, args []word.Word) bool {
	stages, _ := c.gitStagesAt(sub, args, maxGitAliasDepth)
	return stages
}

// gitForces reports whether git's subcommand sub (args after it) may
// stage a file git's ignore rules ignore: git add -f (or an option guard
// does not list: gitAddHonours), update-index --add (it reads no ignore
// file), stash, an alias guard cannot resolve. git add -A, git add . and
// a glob stage the untracked files those rules let through only.
func (c *cmd) gitForces(sub string, args []word.Word) bool {
	_, forced := c.gitStagesAt(sub, args, maxGitAliasDepth)
	return forced
}

// gitAddHonours are the long options (before =) of git add known to
// leave git's ignore rules in force; -f, --force and any other may not.
const gitAddHonours word.Set = " --all --update --intent-to-add --verbose --dry-run --no-all --ignore-removal " +
	"--no-ignore-removal --ignore-errors --sparse --chmod --renormalize --pathspec-from-file --pathspec-file-nul " +
	"--quiet --refresh --ignore-missing "

// maxGitAliasDepth bounds the aliases followed into one another (git
// expands an alias whose expansion is another).
const maxGitAliasDepth = 4

// gitKeepsIndex are git's subcommands, beside gitNoRefSubs, known to copy
// no untracked file into the index or a commit: they move tracked files,
// revisions and references (commit -a and commit's paths take tracked
// files only; git mv and rm refuse an untracked one).
const gitKeepsIndex word.Set = " diff status commit branch tag checkout switch restore reset fetch pull push merge rebase " +
	"cherry-pick revert remote init clone notes worktree mv rm clean gc maintenance prune reflog repack "

// gitKeepsIgnores are git's subcommands known to leave the work tree's
// files, its ignore files among them, as they are (git add and stage
// only when they honour the ignore rules: gitForces).
const gitKeepsIgnores word.Set = " add stage commit status diff log show fetch push send-pack rev-parse ls-files "

// gitStagesAt is gitStages and gitForces following at most depth
// aliases.
func (c *cmd) gitStagesAt(sub string, args []word.Word, depth int) (stages, forced bool) {
	switch {
	case sub == "" || strings.HasPrefix(sub, "-") || gitNoRefSubs.Has(sub) || gitKeepsIndex.Has(sub):
		return false, false
	case sub == "add" || sub == "stage":
		stages = c.addsUntracked(args)
		return stages, stages && !gitOptionsIn(args, gitAddHonours, "AuNvnq", "")
	case sub == "update-index":
		stages = hasAny(args, "--add", "--ad")
		return stages, stages
	case sub == "stash":
		stages = gitWholeTree(sub, word.Texts(args))
		return stages, stages
	}
	v, ok := c.gitAlias(sub)
	f := strings.Fields(v)
	if !ok || depth == 0 || len(f) == 0 || strings.HasPrefix(f[0], "-") || strings.ContainsAny(v, "!\"'\\$`") {
		return true, true // not resolved, or git's options, quotes or a shell command ahead: cannot tell
	}
	exp := make([]word.Word, 0, len(f)-1+len(args))
	for _, s := range f[1:] {
		exp = append(exp, word.Word{Text: s, Known: true})
	}
	return c.gitStagesAt(f[0], append(exp, args...), depth-1)
}

// gitAlias returns the expansion of alias name as git would take it: the
// last git -c alias.NAME=VALUE of the command, else the configurations git
// loads (the user's, the repository's, and the files they include); false
// when guard cannot tell it (none found: a git-NAME program, or a setting
// from --config-env, GIT_CONFIG_* variables, a git config earlier in the
// command, a configuration it cannot read).
func (c *cmd) gitAlias(name string) (string, bool) {
	key := "alias." + strings.ToLower(name)
	_, at := gitSubcommand(c.args)
	for j := at - 1; j > 0; j-- {
		k, v, ok := strings.Cut(c.args[j].Text, "=")
		if c.args[j-1].Text == "-c" && strings.ToLower(k) == key {
			return v, ok && c.args[j].Known
		}
	}
	for j := 0; j < at; j++ {
		if strings.HasPrefix(c.args[j].Text, "--config-env") {
			return "", false
		}
	}
	if c.w.gitConfigWritten || !word.IsKnown(name) {
		return "", false
	}
	for n, v := range c.w.varMap() {
		if v.Set && strings.HasPrefix(n, "GIT_CONFIG") && n != "GIT_CONFIG_NOSYSTEM" {
			return "", false
		}
	}
	for _, e := range c.env {
		if strings.HasPrefix(e, "GIT_CONFIG") && !strings.HasPrefix(e, "GIT_CONFIG_NOSYSTEM=") {
			return "", false
		}
	}
	return c.gitConfigAlias(key)
}

// gitConfigAlias returns the value the configurations git loads give key
// (an alias.NAME); false when none does or guard cannot read them.
func (c *cmd) gitConfigAlias(key string) (string, bool) {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || !word.IsKnown(c.w.Dir) {
		return "", false
	}
	files := c.gitUserConfigs()
	top, dotgit := c.gitHookRepo(st)
	var r gitConfigRead
	switch {
	case top == "":
		r = c.gitConfigLast(files, key) // outside a repository: the user's
	case !word.IsKnown(top):
		return "", false
	default:
		c.inDir(top, func() {
			gitDir, common := dotgit, dotgit
			if dotgit == "" {
				gitDir, common = c.gitFileTarget(".git")
			}
			if !word.IsKnown(gitDir) || !word.IsKnown(common) {
				r.tooMany = true
				return
			}
			r = c.gitConfigLast(append(files, path.Join(common, "config"), path.Join(gitDir, "config.worktree")), key)
		})
	}
	return r.v, r.found && !r.tooMany && r.unread == ""
}

// addsUntracked reports whether git add's args may stage a file the
// command does not name: an option that adds the whole tree or ignored
// files (-A, --all, -f, --force…), or a pathspec that is not an existing
// regular file (a directory, ., a glob, a magic pathspec, a name guard
// cannot tell). git add -u stages tracked files only.
func (c *cmd) addsUntracked(args []word.Word) bool {
	st, ok := c.w.Files.(effect.Stater)
	named := false
	for i, a := range args {
		s := a.Text
		switch {
		case s == "--":
			for _, o := range args[i+1:] {
				if !c.regularFile(st, ok, o) {
					return true
				}
			}
			return false
		case s == "-u" || s == "--update" || s == "-v" || s == "--verbose" || s == "-q" || s == "--quiet" || s == "-n" || s == "--dry-run" || s == "-p" || s == "--patch":
		case strings.HasPrefix(s, "-"):
			return true // -A, --all, -f, --force, -N, and what guard does not list
		default:
			named = true
			if !c.regularFile(st, ok, a) {
				return true
			}
		}
	}
	return !named && !hasAny(args, "-u", "--update") // git add with no pathspec stages nothing; -u: tracked files
}

// regularFile reports whether word a names an existing regular file on
// disk (st, when ok), as the command names it.
func (c *cmd) regularFile(st effect.Stater, ok bool, a word.Word) bool {
	if !ok || !a.Known || strings.ContainsAny(a.Text, "*?[:") {
		return false
	}
	k, _ := st.Lstat(c.w.Where(a.Text))
	return k == effect.EntryFile
}

// gitSenders are git's subcommands, among gitNoTextSubs, that send the
// history's text off the machine: git push and its plumbing send the
// commits a remote lacks, every file they hold. git's other senders
// (send-email, bundle create, request-pull, svn dcommit, p4 submit, an
// alias or a git-NAME program) are not gitNoTextSubs: printers already.
const gitSenders word.Set = " push send-pack "

// gitTextTree records the tree git's subcommand sub (args after it)
// prints or sends the text of, when it prints any (cmd.printsText, or a
// diff of two paths) or sends it (gitSenders), as an unattributed read.
func (c *cmd) gitTextTree(sub string, args []word.Word) {
	w := c.w
	if w.guessing > 0 {
		return
	}
	if _, ok := w.Files.(effect.Stater); !ok {
		return // the analysis of text alone: no repository to look in
	}
	top := c.gitTop()
	if sub == "diff" && (hasAny(args, "--no-index") || top == "") {
		for _, op := range revOperands(args, "") {
			c.unattributedTree(op, treeDisk)
		}
		return
	}
	if !c.printsText && !gitSenders.Has(sub) {
		return
	}
	m := c.gitTreeMode()
	switch {
	case top == "" && !c.gitDirGiven():
		return // no repository: git prints an error
	case top == "" || top == "." || !word.IsKnown(top):
		c.unattributedTree(".", m) // here, or guard cannot look: where the command is
		return
	}
	c.inDir(top, func() { c.unattributedTree(".", m) })
}

// gitTreeMode says how a git command reads the work tree the earlier
// git commands of the command line staged: as git's index holds it
// (treeTracked) when none may have staged an untracked file; the index's
// files and the untracked ones git's ignore rules let through
// (treeUnignored) when those that may have staged one honour the rules
// and no earlier command may have changed them; else as on disk
// (treeDisk). A GIT_* variable that moves the repository, or --git-dir,
// is the disk's.
func (c *cmd) gitTreeMode() treeMode {
	w := c.w
	switch {
	case c.gitEnvMoves() != "" || c.gitDirGiven():
		return treeDisk
	case !w.gitStaged:
		return treeTracked
	case !w.gitForced && !w.ignoresMoved:
		return treeUnignored
	}
	return treeDisk
}

// treeMode is how git reads a work tree: its index's files, those and
// the untracked ones its ignore rules let through, or the disk's.
type treeMode int

const (
	treeDisk treeMode = iota
	treeTracked
	treeUnignored
)

// unattributedTree records the tree of directory d as read whole and
// unattributed, as mode m says git reads it.
func (c *cmd) unattributedTree(d string, m treeMode) {
	w := c.w
	from := len(w.a.Reads)
	w.ReadTree(d)
	for _, p := range w.a.Reads[from:] {
		if isTree(p) {
			w.a.UnattributedReads = append(w.a.UnattributedReads, p)
		}
	}
	w.treeRead(from, m)
}

// treeRead records the reads from index from on as git reads them in mode m.
func (w *walker) treeRead(from int, m treeMode) {
	switch m {
	case treeTracked:
		w.tracked = append(w.tracked, [2]int{from, len(w.a.Reads)})
	case treeUnignored:
		w.unignored = append(w.unignored, [2]int{from, len(w.a.Reads)})
	}
}

// gitAliasRun analyses git's subcommand sub (at index at) when it is an
// alias guard resolves (gitAlias) that runs a shell command (!CMD, at the
// top of the working tree) or begins with git's own options (ci = -c
// core.editor=X commit): git runs its expansion with the command's
// arguments after it, read as `git VALUE ARGS`, hooks and settings as
// for any git command; the arguments are left out when guard cannot tell
// one.
func (c *cmd) gitAliasRun(sub string, at int) {
	if sub == "" || strings.HasPrefix(sub, "-") || gitNoRefSubs.Has(sub) || gitKeepsIndex.Has(sub) || c.w.guessing > 0 {
		return // git's own subcommands: git ignores an alias of their names
	}
	for j := 1; j < at; j++ {
		if k, _, _ := strings.Cut(c.args[j].Text, "="); c.args[j-1].Text == "-c" && strings.EqualFold(k, "alias."+sub) {
			return // git -c alias.NAME=…: the setting's value is analysed where it is set (runOption)
		}
	}
	v, ok := c.gitAlias(sub)
	if t := strings.TrimSpace(v); !ok || !strings.HasPrefix(t, "!") && !strings.HasPrefix(t, "-") || c.w.gitAliases >= maxGitAliasDepth {
		return // none, git's words of a subcommand (judged by gitStages), or a loop of aliases git refuses
	}
	c.w.gitAliases++
	defer func() { c.w.gitAliases-- }()
	var b strings.Builder
	for _, a := range c.args[at+1:] {
		if !a.Known {
			b.Reset()
			break
		}
		b.WriteString(" '" + strings.ReplaceAll(a.Text, "'", `'\''`) + "'")
	}
	if cmd, shell := strings.CutPrefix(strings.TrimSpace(v), "!"); shell {
		c.inTop(func() { c.w.runsHanded(cmd+b.String(), "git") })
		return
	}
	c.w.tentative("git " + v + b.String())
}
