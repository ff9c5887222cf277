package shell

// What git reads and writes beyond its operands: REV:PATH names a file of
// the repository (git show HEAD:.env prints the committed .env), and git
// apply writes the files its patch names.

import (
	"iter"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitFiles: git apply (and git am) write the files their patch names; a
// word REV:PATH of any git subcommand reads PATH as the repository holds it.
func (c *cmd) gitFiles() {
	sub, at := gitSubcommand(c.args)
	c.gitLongOptions(sub, at+1)
	c.gitDirConfigs()   // gitdirs.go
	c.gitHooks(sub, at) // githooks.go
	c.gitConfigRuns()   // gitalias.go: the commands the configurations git loads set
	c.gitGivenConfigs(at)
	c.gitEditorHome(sub, at) // editorenv.go: HOME=x git commit
	c.gitPagerHome(sub, at)  // readerstartup.go: HOME=x git log, its pager less
	// What the command stages is on disk for the printers after it (its
	// own prints the index as it was: an alias guard cannot resolve, such
	// as git st, prints as git status does).
	stages := c.gitStages(sub, c.args[at+1:]) // gittexttree.go
	if stages && (sub == "add" || sub == "stage") {
		c.gitStagesMovedTree(at) // gittexttree.go
	}
	objText := gitObjectText(sub, c.args[at+1:]) // gitprints.go
	quiet := !objText && gitQuiet(sub, c.gitEditorKept(sub, c.args[at+1:]))
	c.gitRevWords(sub, at, quiet)
	if quiet {
		c.quietReads = true
		if sub == "show" {
			c.gitShowObjects(c.args[at+1:]) // gitprints.go
		}
	} else {
		c.printsText = false
		c.gitRevText(sub, c.args[at+1:])
		c.gitTextTree(sub, c.args[at+1:]) // gittexttree.go
		if v := c.gitEnvMoves(); (v != "" || objText || c.gitDirGiven()) && c.w.guessing == 0 {
			c.revText(RevRead{Rev: RevCannotTell}) // gitprints.go
			c.diffRead = false
		}
		c.quietReads = c.diffRead // git diff F: the diff's text is the RevRead's
	}
	c.w.gitStaged = c.w.gitStaged || stages
	c.w.gitForced = c.w.gitForced || c.gitForces(sub, c.args[at+1:])
	c.keepsIgnores = gitKeepsIgnores.Has(sub) && !c.gitForces(sub, c.args[at+1:])
	if sub == "config" {
		c.w.gitConfigWritten = true // gitprints.go narrowed
	}
	if c.gitMayReplace(sub, at) {
		c.w.gitReplaced = true // addRevRead
	}
	if sub == "apply" {
		c.gitApply(at + 1)
	}
	if sub == "rev-parse" {
		c.gitDirPaths(at + 1)
		if at == 0 && len(c.args) == 2 && c.args[1].Text == "--show-toplevel" && !c.producerSteered(nil) {
			c.gitTopLevel() // gitdirs.go
		}
		if at == 0 && !c.producerSteered(nil) {
			c.gitDirOutput(c.args[1:]) // gitdirs.go
		}
	}
	if catalogue.GitReaders.Has(sub) {
		c.gitOutput(at + 1)
	}
	if sub == "init" || sub == "clone" {
		c.gitNewRepo(at + 1)
		c.gitNewDir(sub, c.args[at+1:]) // gitdirs.go
	}
	c.gitTree(sub, at)                                    // gittree.go
	c.gitRuns(sub, at)                                    // gitruns.go
	c.gitWrites(sub, at)                                  // gitruns.go
	c.gitRepoWrites(sub, c.args[min(at+1, len(c.args)):]) // gitrepowrites.go
}

// gitGivenConfigs reads the settings git's global options before the
// subcommand (at) load: -c include.path=F (F's settings too) and
// --config-env.
func (c *cmd) gitGivenConfigs(at int) {
	for g := range c.gitSettings(at) {
		if g.env {
			c.gitConfigEnv(g.text)
		} else if k, v, ok := strings.Cut(g.text, "="); ok && gitInclude(strings.ToLower(k)) {
			c.w.gitConfigFile(v)
		}
	}
}

// gitSetting is one setting git's options before the subcommand give:
// -c KEY[=VALUE], or --config-env KEY=ENVVAR (env); known when guard
// knows the whole word.
type gitSetting struct {
	text       string
	known, env bool
}

// gitSettings yields the settings git's options before the subcommand
// (at) give, in order (git.c's handle_options: -c and --config-env take
// the next word, --config-env= its own value); the separate values of
// the other global options are skipped.
func (c *cmd) gitSettings(at int) iter.Seq[gitSetting] {
	return func(yield func(gitSetting) bool) {
		for j := 0; j < at && j < len(c.args); j++ {
			var g gitSetting
			switch s := c.args[j].Text; {
			case s == "-C" || s == "--git-dir" || s == "--work-tree" || s == "--namespace":
				j++
				continue
			case (s == "-c" || s == "--config-env") && j+1 < at:
				j++
				g = gitSetting{c.args[j].Text, c.args[j].Known, s == "--config-env"}
			case strings.HasPrefix(s, "--config-env="):
				g = gitSetting{strings.TrimPrefix(s, "--config-env="), c.args[j].Known, true}
			default:
				continue
			}
			if !yield(g) {
				return
			}
		}
	}
}

// gitRevWords reads the subcommand's words (after at) that name what git
// opens: REV:PATH reads PATH as the repository holds it, a transport URL
// runs its remote helper; messages and excluding pathspecs are data.
func (c *cmd) gitRevWords(sub string, at int, quiet bool) {
	messages := c.gitMessageValues(sub, at+1) // commit -m "docs: x": a message, no REV:PATH
	specs := false                            // after --: pathspecs (gitmagic.go), no REV:PATH
	for k, a := range c.args[at+1:] {
		if slices.Contains(messages, at+1+k) {
			continue
		}
		t := a.Text
		if m, ok := gitMagic(t); specs && ok && m.exclude {
			c.kinds[at+1+k] = argData // it narrows: no file git opens
			continue
		}
		specs = specs || t == "--"
		if v, ok := strings.CutPrefix(t, "--"); ok && strings.Contains(v, "=") {
			_, t, _ = strings.Cut(v, "=") // --opt=REV:F: the value is the word
		}
		if run := gitTransportCommand(t); run != "" && !strings.HasPrefix(t, "ext::") {
			// git clone foo://x, git fetch gcrypt::URL: git runs the
			// remote helper git-remote-foo (ext:: is RunGitRemote's).
			c.w.tentative(run)
		}
		if p, ok := revPath(t); ok {
			c.w.revRead(p)
			if !quiet || sub == "show" { // git show -s REV:F prints the blob
				c.w.revFile(strings.TrimSuffix(strings.TrimSuffix(t, p), ":"), p)
			}
		}
	}
}

// gitDirPaths: git rev-parse prints paths in the git directory for
// --git-path P ($GIT_DIR/P: .git/config, .git/hooks), --git-dir,
// --absolute-git-dir and --git-common-dir (.git): they are read, so that a
// word that is the substitution's output names them (substnamed.go) and a
// write there is held to the .git globs.
func (c *cmd) gitDirPaths(from int) {
	for j := from; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			return
		case s == "--git-path" && j+1 < len(c.args):
			j++
			c.w.Read(path.Join(".git", c.args[j].Text))
		case strings.HasPrefix(s, "--git-path="):
			c.w.Read(path.Join(".git", strings.TrimPrefix(s, "--git-path=")))
		case s == "--git-dir" || s == "--absolute-git-dir" || s == "--git-common-dir":
			c.w.Read(".git")
		}
	}
}

// gitConfigEnv: git --config-env=KEY=VAR sets KEY to the value of the
// variable VAR: that value, when the shell holds it, is the setting's; a
// key guard does not know to hold data, set from a value guard cannot
// tell, is hidden.
func (c *cmd) gitConfigEnv(kv string) {
	k, name, ok := strings.Cut(kv, "=")
	k = strings.ToLower(k)
	if !ok || !word.IsKnown(k) || !word.IsKnown(name) {
		c.w.hide("git --config-env sets a setting guard cannot tell: it may run code guard cannot see")
		return
	}
	if v, ok := c.w.lookup(name); ok && word.IsKnown(v) {
		c.w.gitEnvSetting(k, v)
		return
	}
	if _, url := gitTransportURL(k, ""); url || gitCommandName(k) || !gitDataKey(k) || catalogue.GitPathKey(k) != 0 {
		c.w.hide("git --config-env sets %s from a variable guard does not know: it may run code or name a file guard cannot see", k)
	}
}

// gitLongOpts returns the long options of a git subcommand that the
// command rules look for (git_reset_hard, git_clean_force…), with the
// other long options of the subcommand that share a prefix with them; nil
// for another subcommand. (A switch: no map is built at start-up.)
func gitLongOpts(sub string) []string {
	switch sub {
	case "reset":
		return []string{"--hard", "--soft", "--mixed", "--merge", "--keep", "--quiet", "--no-quiet", "--patch", "--pathspec-from-file", "--pathspec-file-nul", "--no-refresh", "--refresh", "--recurse-submodules", "--no-recurse-submodules", "--intent-to-add"}
	case "clean":
		return []string{"--force", "--dry-run", "--quiet", "--interactive", "--exclude"}
	case "checkout":
		return []string{"--force", "--ours", "--theirs", "--track", "--no-track", "--detach", "--orphan", "--merge", "--conflict", "--patch", "--quiet", "--progress", "--no-progress", "--overwrite-ignore", "--no-overwrite-ignore", "--ignore-other-worktrees", "--recurse-submodules", "--overlay", "--no-overlay", "--pathspec-from-file", "--guess", "--no-guess", "--ignore-skip-worktree-bits"}
	case "push":
		return []string{"--force", "--force-with-lease", "--force-if-includes", "--delete", "--mirror", "--all", "--tags", "--follow-tags", "--prune", "--dry-run", "--porcelain", "--quiet", "--verbose", "--progress", "--set-upstream", "--signed", "--atomic", "--push-option", "--receive-pack", "--repo", "--thin", "--no-thin", "--no-verify", "--verify", "--ipv4", "--ipv6", "--recurse-submodules", "--no-force-with-lease", "--exec"}
	case "stash":
		return []string{"--all", "--include-untracked", "--keep-index", "--patch", "--quiet", "--message", "--staged", "--pathspec-from-file"}
	case "branch":
		return []string{"--delete", "--force", "--move", "--copy", "--list", "--all", "--remotes", "--verbose", "--quiet", "--track", "--no-track", "--set-upstream-to", "--unset-upstream", "--color", "--no-color", "--column", "--sort", "--merged", "--no-merged", "--contains", "--no-contains", "--points-at", "--format", "--show-current", "--edit-description", "--create-reflog", "--ignore-case", "--abbrev", "--recurse-submodules", "--omit-empty"}
	}
	return nil
}

// gitLongOptions rewrites an abbreviated long option of a git subcommand
// to its full name when it is the unique prefix of one of the options
// gitLongOpts lists (git accepts --har for --hard, --forc for --force),
// so that the command rules see what git runs. The rewritten words are
// the command's rendering only; what the words name is unchanged.
func (c *cmd) gitLongOptions(sub string, from int) {
	opts := gitLongOpts(sub)
	if opts == nil || from > len(c.args) {
		return
	}
	for j := from; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "--" {
			return
		}
		name, val, eq := strings.Cut(s, "=")
		if !strings.HasPrefix(name, "--") || len(name) < 3 || slices.Contains(opts, name) {
			continue
		}
		full, n := "", 0
		for _, o := range opts {
			if strings.HasPrefix(o, name) {
				full, n = o, n+1
			}
		}
		if n == 1 {
			if eq {
				full += "=" + val
			}
			c.args[j].Text = full
		}
	}
}

// gitInclude reports whether git setting key names another configuration
// file git reads (include.path, includeIf.COND.path).
func gitInclude(key string) bool {
	return key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path")
}

// gitSubcommand returns git's subcommand and its index, after the global
// options (-C DIR, -c K=V, --git-dir D…); "" and len(args)-1 when none.
func gitSubcommand(args []word.Word) (string, int) {
	if j := gitSubIndex(args); j >= 0 {
		return args[j].Text, j
	}
	return "", len(args) - 1
}

// maxRepoDepth bounds the directories above the working directory that a
// REV:PATH is also resolved against (the repository's root is one of them).
const maxRepoDepth = 12

// revRead records the file PATH of a REV:PATH word reads. git resolves
// PATH against the repository's root unless it starts with ./ or ../; guard
// does not look for the root, so PATH is read relative to the working
// directory and to each directory above it, up to maxRepoDepth (git show
// HEAD:.ssh/id_rsa from ~/proj in a repository rooted at ~).
func (w *walker) revRead(p string) {
	w.Read(p)
	if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") {
		return
	}
	up := ""
	for range maxRepoDepth {
		up += "../"
		w.Read(up + p)
	}
}

// RevRead is a file of a revision a command reads (see
// [Analysis.RevReads]).
type RevRead struct {
	// Dir is the directory git runs in, as the command names it ("" for
	// the working directory, else after its cd): PATH starting with ./ or
	// ../ is relative to it, and the repository is the one holding it.
	Dir string
	// Rev is the revision ("" or :0 to :3 for the index).
	Rev string
	// Path is the file's path as written: from the repository's top
	// unless it starts with ./ or ../. "" for the text of a whole
	// revision (gitprints.go): Rev's patch against its parents (a commit:
	// git show REV), or its diff with From, or Count commits of its
	// history (Count 0 with From "": one commit; git log -p without -N is
	// the whole history, Count 0 and History).
	Path string
	// From is, for a diff (Path ""), the other side: a revision, or
	// RevDisk for the working tree.
	From string
	// Count is, for a history (git log -p -N), the commits it prints; 0
	// for no bound given.
	Count int
	// History marks a history (git log -p) rather than one commit.
	History bool
	// Blob marks a revision a no-patch git show names (git show -s REV):
	// it prints the object's text only when REV is not a commit or tree
	// (a blob, or a tag of one).
	Blob bool
	// Tree marks the whole tree of revision Rev (a commit, a tag or a
	// tree), every file's text: git grep X REV, git archive REV.
	Tree bool
	// Paths are, for the text of a whole revision (Path ""), the
	// pathspecs that limit it (git log -p -- README), newline-separated,
	// relative to Dir; "" for none (every file).
	Paths string
}

// MaxRevReads bounds [Analysis.RevReads]; past it the last is a RevRead
// with Rev "…": more than guard reads.
const MaxRevReads = 16

// revFile records the file PATH of revision rev as one the command reads.
func (w *walker) revFile(rev, p string) {
	w.addRevRead(RevRead{Dir: w.Dir, Rev: rev, Path: p})
}

// addRevRead records r, within MaxRevReads. After a git replace of the
// command (walker.gitReplaced) a revision's name may print another
// object's text, which guard does not read: a hide.
func (w *walker) addRevRead(r RevRead) {
	if !w.gitReplaced && w.refsWritten() {
		w.gitReplaced = true
	}
	switch {
	case w.gitReplaced && r.Rev != RevCannotTell && r.Rev != "…":
		w.hide("prints what git shows for '%s' after an earlier step of its own that may make a replace ref (git replace, update-ref, push or fetch into refs/…, a write under refs/ or of packed-refs), which may put another object's text under that name: guard cannot tell which object's text git prints", strings.TrimSuffix(r.Rev+":"+r.Path, ":"))
	case w.gitReplaced:
		w.hide("prints committed text after an earlier step of its own that may make a replace ref (git replace, update-ref, push or fetch into refs/…, a write under refs/ or of packed-refs), which may put another object's text under any name: guard cannot tell which object's text git prints")
	case slices.Contains(w.a.RevReads, r):
	case len(w.a.RevReads) < MaxRevReads-1:
		w.a.RevReads = append(w.a.RevReads, r)
	case len(w.a.RevReads) == MaxRevReads-1:
		w.a.RevReads = append(w.a.RevReads, RevRead{Rev: "…"})
	}
}

// refsWritten reports whether an earlier write of the command (a
// redirection, cp, mv, tar x…) may be a ref git reads: a name under a
// refs directory, a packed-refs, a git directory or a refs directory
// written whole (FINDINGS49a S6: echo ID > .git/refs/replace/OLD is a
// replace ref). Not counted (DECISIONS): a recursive write of a
// directory above a git directory (rm -rf ~, cp -r x/. ~/), a name guard
// cannot tell.
func (w *walker) refsWritten() bool {
	for _, p := range w.a.Writes {
		p = strings.TrimSuffix(word.Clean(p), "/**")
		b := path.Base(p)
		if b == "packed-refs" || b == "refs" || b == ".git" || strings.HasPrefix(p, "refs/") || strings.Contains(p, "/refs/") {
			return true
		}
	}
	return false
}

// revPath returns PATH of a word REV:PATH that names a file in a revision
// (HEAD:.env, main:./config/x, HEAD:../.ssh/id_rsa) or in the index
// (:.env, :0:.env, stages 0 to 3): a path-like part after a colon, the
// part before it an option-free name and no URL. :/TEXT (and :/!…) is
// none: git's search of the commit messages (gitMessageSearch), a
// revision, never the index's path /TEXT.
func revPath(s string) (string, bool) {
	k := strings.IndexByte(s, ':')
	if k < 0 || strings.HasPrefix(s, "-") || strings.Contains(s, "://") || gitMessageSearch(s) {
		return "", false
	}
	p := s[k+1:]
	if k == 0 && len(p) > 2 && p[0] >= '0' && p[0] <= '3' && p[1] == ':' {
		p = p[2:] // :STAGE:PATH
	}
	if p == "" || !lang.PathLike(p) {
		return "", false
	}
	return p, true
}

// gitKeepsReplaceRefs are git's subcommands that make no ref outside the
// ordinary ones (gitOrdinaryRef: a branch, a tag, a remote-tracking ref,
// a note, HEAD's branch), whatever their words: every other one, run
// earlier in the command, may make a replace ref (FINDINGS49a S6), but
// for the forms gitMayReplace reads.
const gitKeepsReplaceRefs word.Set = gitRefKeepers + " commit checkout switch branch tag merge rebase reset cherry-pick revert " +
	"stash worktree am apply notes pack-refs gc prune repack fsck init clone hash-object mktree commit-tree write-tree " +
	"read-tree checkout-index update-index merge-base bisect submodule sparse-checkout merge-file format-patch archive bundle "

// gitMayReplace reports whether git's subcommand sub (at index at) may
// make or move a replace ref, so that what a later read of committed text
// in the command prints is another object's (addRevRead): git replace
// (gitReplaces); update-ref of a ref not ordinary, or with --stdin;
// symbolic-ref making one; push and fetch (pull) whose refspec may
// write one (gitRefspecReplaces), or after a configuration of the command
// that may set their refspecs (-c, git config, remote --mirror); remote
// --mirror and remote update; any subcommand not known to keep them
// (gitKeepsReplaceRefs: an alias, filter-branch, fast-import).
func (c *cmd) gitMayReplace(sub string, at int) bool {
	args := c.args[at+1:]
	if sub == "" || strings.HasPrefix(sub, "-") || !word.IsKnown(sub) {
		return sub != ""
	}
	switch sub {
	case "replace":
		return gitReplaces(args)
	case "update-ref":
		return gitUpdateRefReplaces(args)
	case "symbolic-ref":
		ops := gitOperands(args, " -m ")
		return len(ops) >= 2 && !hasAny(args, "-d", "--delete") && (ops[0] != "HEAD" && !gitOrdinaryRef(ops[0]) || !gitOrdinaryRef(ops[1]))
	case "remote":
		for _, a := range args {
			if strings.HasPrefix(a.Text, "--mirror") || a.Text == "update" || !word.IsKnown(a.Text) {
				return true
			}
		}
		return false
	case "push", "fetch", "pull":
		if c.w.gitConfigWritten || c.gitGivesConfig(at) {
			return true
		}
		return gitRefspecReplaces(args, sub == "push")
	}
	return !gitKeepsReplaceRefs.Has(sub)
}

// gitGivesConfig reports whether git's options before its subcommand (at)
// give a configuration setting (-c, --config-env), which may set a
// remote's refspecs.
func (c *cmd) gitGivesConfig(at int) bool {
	for range c.gitSettings(at) {
		return true
	}
	return false
}

// gitOrdinaryRef reports whether ref name s (fully named) is one a
// replace lookup never reads: a branch, a tag, a remote-tracking ref, a
// note, the stash.
func gitOrdinaryRef(s string) bool {
	for _, p := range [...]string{"refs/heads/", "refs/tags/", "refs/remotes/", "refs/notes/"} {
		if strings.HasPrefix(s, p) && !strings.Contains(s, "*") {
			return true
		}
	}
	return s == "refs/stash"
}

// gitUpdateRefReplaces reports whether git update-ref with args may make
// a ref that is not ordinary: --stdin always (its refs are read at run
// time), a deletion never, else its first operand.
func gitUpdateRefReplaces(args []word.Word) bool {
	if !word.AllKnown(args) || hasAny(args, "--stdin") {
		return true
	}
	if hasAny(args, "-d") {
		return false
	}
	ops := gitOperands(args, " -m ")
	return len(ops) == 0 || !gitOrdinaryRef(ops[0])
}

// gitRefspecReplaces reports whether git push or fetch with args (after
// the subcommand) may write a ref that is not ordinary: a refspec (every
// operand after the first, the repository; an option's separate value
// counts as one, so a misreading only widens this) whose destination is
// one. A destination without refs/ is a branch to fetch (get_local_ref)
// and, to push, one of the remote's refs/NAME only when it exists there
// (a replace ref the repository already has, which the hook's
// ReplacesObjects sees); with no colon, push's destination is its source.
// --refmap and an operand guard cannot tell may be anything.
func gitRefspecReplaces(args []word.Word, push bool) bool {
	first := true
	for _, a := range args {
		s := a.Text
		switch {
		case !word.IsKnown(s) || strings.HasPrefix(s, "--refmap"):
			return true
		case strings.HasPrefix(s, "-"):
			continue
		case first:
			first = false
			continue
		}
		s = strings.TrimPrefix(s, "+")
		if strings.HasPrefix(s, "^") {
			continue // a negative refspec writes nothing
		}
		src, dst, colon := strings.Cut(s, ":")
		if !colon {
			if !push {
				continue // into FETCH_HEAD (and the configured remote-tracking ref)
			}
			dst = src
		}
		if dst == "" || gitOrdinaryRef(dst) || !strings.HasPrefix(dst, "refs/") && !strings.Contains(dst, "*") {
			continue
		}
		return true
	}
	return false
}

// gitReplaces reports whether git replace with args (after it) may make
// a replace ref: OLD NEW, --edit, --graft, --convert-graft-file, anything
// but a listing (no operand, -l, --list, --format) or a deletion (-d,
// --delete).
func gitReplaces(args []word.Word) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		switch s := a.Text; {
		case s == "-d" || s == "--delete" || s == "-l" || s == "--list":
			return false
		case strings.HasPrefix(s, "--format"):
		case !strings.HasPrefix(s, "-"):
			return true
		case s == "-e" || s == "--edit" || s == "-g" || s == "--graft" || s == "--convert-graft-file":
			return true
		}
	}
	return false
}

// gitMessageSearch reports whether revision word s is git's search of
// the commit messages, :/TEXT (object-name.c get_oid_with_context_1:
// ":/" starts one, :/!-TEXT its negation): the youngest commit whose
// message matches, which guard does not resolve.
func gitMessageSearch(s string) bool {
	return strings.HasPrefix(s, ":/")
}

// gitApplyWithArg are git apply's options that take the next word.
const gitApplyWithArg word.Set = " -p -C --exclude --include --directory --whitespace --build-fake-ancestor "

// gitApply: git apply PATCH… writes the files each patch names, under
// --directory DIR when given; with --unsafe-paths, anywhere: a write guard
// cannot tell, hidden. When a patch's text is not known (a file guard
// cannot read whole, standard input from a program), the files it names
// are not known either: the directory it applies in is touched, which
// blocks in a directory holding protected files (the home directory). With
// --check, --stat, --numstat, --summary (without --apply) or --cached it
// writes no working file.
func (c *cmd) gitApply(from int) {
	dir, strip, writes := ".", 1, true
	var patches []word.Word
	for j := from; j < len(c.args); j++ {
		s := c.args[j].Text
		opt, v, eq := strings.Cut(s, "=")
		switch {
		case s == "--unsafe-paths":
			c.w.hide("applies a patch with --unsafe-paths, writing files outside the working tree guard cannot tell")
			return
		case s == "--check" || s == "--stat" || s == "--numstat" || s == "--summary" || s == "--cached":
			writes = false
		case s == "--apply" || s == "--index" || s == "-3" || s == "--3way":
			writes = true
		case opt == "--directory" && eq:
			dir = v
		case gitApplyWithArg.Has(s) && j+1 < len(c.args):
			j++
			if n, err := strconv.Atoi(c.args[j].Text); s == "-p" && err == nil && n >= 0 {
				strip = n
			}
			if s == "--directory" {
				dir = c.args[j].Text
			}
		case strings.HasPrefix(s, "-p") && len(s) > 2:
			if n, err := strconv.Atoi(s[2:]); err == nil && n >= 0 {
				strip = n
			}
		case strings.HasPrefix(s, "-"):
		default:
			patches = append(patches, c.args[j])
			c.spend(j)
		}
	}
	if writes {
		c.patchWrites(patches, dir, strip)
	}
}

// patchWrites records the files the patches write under dir (their paths
// stripped of strip leading elements), or a touch of dir when a patch's
// text is not known.
func (c *cmd) patchWrites(patches []word.Word, dir string, strip int) {
	var texts []string
	if len(patches) == 0 {
		t, ok := c.inputText()
		switch {
		case ok:
			c.dataInput = true
			texts = append(texts, t)
		case c.stdin.file != "":
			patches = []word.Word{{Text: c.stdin.file, Known: true}} // < x.patch, cat x.patch |
		default:
			c.unreadPatch(dir)
			return
		}
	}
	for _, p := range patches {
		c.w.Read(p.Text)
		t, ok := c.w.WrittenText(p.Text)
		_, written := c.w.WrittenEntry(word.Clean(c.w.Where(p.Text)))
		absent := false
		if !ok && p.Known {
			var st effect.FileStatus
			t, st = c.w.FileStatus(p.Text, true, effect.MaxProgramBytes)
			ok, absent = st == effect.FileWhole, st == effect.FileAbsent && !written && c.w.Files != nil
		}
		if absent {
			// no patch there: git apply and patch fail, writing nothing
			// (a directory's name too); a touch blocks in the home
			c.w.Touch(dir)
			c.w.MayLink(dir, patchLinkWhy)
			return
		}
		if !ok {
			c.unreadPatch(dir)
			return
		}
		texts = append(texts, t)
	}
	for _, t := range texts {
		// A link the patch makes is noted first: making it is a write
		// of its target, as ln -s is (links.go).
		for _, l := range patchLinks(t, strip) {
			c.w.Link(l.target, strings.TrimRight(dir, "/")+"/"+l.path)
		}
		for _, f := range patchTargets(t, strip) {
			c.w.Write(strings.TrimRight(dir, "/") + "/" + f)
		}
	}
}

// unreadPatch: a patch guard cannot read (a program's output on standard
// input — git diff A B | git apply —, a file the command wrote with text
// guard cannot tell, one past the size bound) may write any file under
// dir, the project's hook files too: default deny, the command is hidden.
// A tentative reading (guessing) only touches dir.
func (c *cmd) unreadPatch(dir string) {
	if c.w.guessing > 0 {
		c.w.Touch(dir)
		c.w.MayLink(dir, patchLinkWhy)
		return
	}
	c.w.hide("applies a patch guard cannot read (a program's output, a file the same command wrote, past its bounds), which may write any file of the tree, the project's hook files too; write the patch to a file in one call and apply it in the next")
}

// patchLinkWhy is the reason of a later write where a patch guard cannot
// read was applied: a git patch makes links (mode 120000).
const patchLinkWhy = "a patch guard cannot read was applied (it may make links)"

// patchLink is a symbolic link a patch makes: at path (stripped as
// patchTargets strips), holding target.
type patchLink struct{ path, target string }

// patchLinks returns the symbolic links a git patch makes or changes: a
// file of mode 120000 (new file mode, new mode, or the mode of its index
// line), whose text, the first added line of its hunk, is the link's
// target. git apply and GNU patch make them.
func patchLinks(text string, strip int) []patchLink {
	var out []patchLink
	link, name, inHunk := false, "", false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "diff --git "):
			link, name, inHunk = false, "", false
		case !inHunk && (l == "new file mode 120000" || l == "new mode 120000" ||
			strings.HasPrefix(l, "index ") && strings.HasSuffix(l, " 120000")):
			link = true
		case !inHunk && strings.HasPrefix(l, "+++ "):
			name = ""
			if t := patchTargets(l, strip); len(t) > 0 {
				name = t[0]
			}
		case strings.HasPrefix(l, "@@"):
			inHunk = true
		case inHunk && link && name != "" && strings.HasPrefix(l, "+") && len(out) < maxPatchTargets:
			out = append(out, patchLink{name, l[1:]})
			link = false // one line: the link's text
		}
	}
	return out
}

// maxPatchTargets bounds the files taken from one patch.
const maxPatchTargets = 1024

// patchTargets returns the files a unified or git patch writes: the new
// and old names of its headers (--- a/X, +++ b/Y, diff --git a/X b/Y,
// rename to Y, copy to Y), strip leading elements removed from the
// ---/+++/diff names; /dev/null is none.
func patchTargets(text string, strip int) []string {
	var out []string
	add := func(p string, stripped bool) {
		p = strings.TrimSpace(p)
		if i := strings.IndexByte(p, '\t'); i >= 0 {
			p = p[:i] // --- a/x\t2024-01-01 …
		}
		p = strings.Trim(p, `"`)
		if p == "" || p == "/dev/null" || len(out) >= maxPatchTargets {
			return
		}
		for n := 0; stripped && n < strip; n++ {
			_, rest, ok := strings.Cut(p, "/")
			if !ok {
				break
			}
			p = rest
		}
		if p != "" {
			out = append(out, p)
		}
	}
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ "):
			add(l[4:], true)
		case strings.HasPrefix(l, "diff --git "):
			for _, f := range strings.Fields(l[len("diff --git "):]) {
				add(f, true)
			}
		case strings.HasPrefix(l, "rename to ") || strings.HasPrefix(l, "copy to "):
			_, f, _ := strings.Cut(l, " to ")
			add(f, false)
		}
	}
	return dedupe(out)
}

// patchWithArg are patch's options that take the next word.
const patchWithArg word.Set = " -p -i -d -o -r -B -Y -z -V -D -F -g --strip --input --directory --output --reject-file --prefix --basename-prefix --suffix --version-control --ifdef --fuzz --get --backup-if-mismatch --quoting-style --reject-format --read-only "

// patchNames: patch writes the files its patch names (from -i FILE, the
// second operand, or standard input), under -d DIR, stripped of -p N
// leading elements; without -p, GNU patch may take the name whole or its
// base name: both are written. A first operand (the file to patch) and
// -o FILE are written too (also by the handler, run.go's patch).
func (c *cmd) patchNames() {
	dir, strip := ".", -1
	var patches []word.Word
	var operands []int
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		opt, v, eq := strings.Cut(s, "=")
		if eq && strings.HasPrefix(opt, "--") {
			c.patchOption(opt, v, &dir, &strip, &patches, c.args[j])
			continue
		}
		switch {
		case s == "--":
			for k := j + 1; k < len(c.args); k++ {
				operands = append(operands, k)
			}
			j = len(c.args)
		case patchWithArg.Has(s) && j+1 < len(c.args):
			j++
			c.patchOption(s, c.args[j].Text, &dir, &strip, &patches, c.args[j])
		case len(s) > 2 && s[0] == '-' && s[1] != '-' && patchWithArg.Has(s[:2]):
			c.patchOption(s[:2], s[2:], &dir, &strip, &patches, word.Word{Text: s[2:], Known: c.args[j].Known})
		case strings.HasPrefix(s, "-"):
		default:
			operands = append(operands, j)
		}
	}
	if len(operands) > 0 {
		c.w.Write(c.args[operands[0]].Text) // patch FILE [PATCH]
		c.spend(operands[0])
	}
	if len(operands) > 1 && len(patches) == 0 {
		patches = append(patches, c.args[operands[1]])
		c.spend(operands[1])
	}
	if strip >= 0 {
		c.patchWrites(patches, dir, strip)
		return
	}
	c.patchWrites(patches, dir, 0)
	c.patchWrites(patches, dir, maxPatchTargets) // the base name
}

// patchOption applies one of patch's options with its value.
func (c *cmd) patchOption(opt, v string, dir *string, strip *int, patches *[]word.Word, a word.Word) {
	switch opt {
	case "-p", "--strip":
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			*strip = n
		}
	case "-i", "--input":
		*patches = append(*patches, word.Word{Text: v, Known: a.Known})
	case "-d", "--directory":
		*dir = v
	case "-r", "--reject-file": // -o and --output: the handler (run.go's patch)
		if v != "-" {
			c.w.Write(v)
		}
	}
}
