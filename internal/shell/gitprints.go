package shell

// What git prints of the files and revisions its words name. A pathspec or
// a REV:PATH word of a subcommand that prints names, ids or counts (git
// log --oneline -- F, git rev-parse HEAD:F, git ls-tree HEAD F) prints
// none of the file's text: those reads are Analysis.UnprintedReads. A
// subcommand that prints committed text beyond a REV:PATH word (git show
// HEAD, git log -p, git diff A B, git grep X REV, git cat-file --batch,
// git format-patch --stdout, git archive) records what it prints as
// Analysis.RevReads the hook reads from the object store (a commit's
// patch, a diff of two revisions, a revision against the working tree, a
// bounded history), or one guard cannot tell (RevRead.Rev RevCannotTell).

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// RevCannotTell is RevRead.Rev for committed text guard does not read
// (git grep X REV, cat-file --batch, format-patch --stdout, archive,
// history it cannot bound).
const RevCannotTell = "?"

// RevDisk is RevRead.From for a diff of revision Rev against the working
// tree (git diff REV).
const RevDisk = ":disk"

// RevStaged names the index as a side of a diff: RevRead.From for a
// diff of revision Rev against it (git diff --cached [REV]), RevRead.Rev
// for its diff against the working tree (git diff [PATH…]: From RevDisk).
const RevStaged = ":index"

// gitQuietSubs are git's subcommands that print names, ids, counts or
// messages, never a file's text, whatever their options.
const gitQuietSubs word.Set = " rev-parse ls-tree ls-files describe name-rev show-ref for-each-ref rev-list " +
	"check-ignore check-attr count-objects show-branch merge-base cherry shortlog "

// gitQuiet reports whether git's subcommand sub with args (after it)
// prints none of the text of the files and revisions its words name. The
// log and diff family is quiet only when every option is one guard knows
// to print no file text (gitLogOption): an option it does
// not know (-U1, --binary, --remerge-diff…) may turn the patch on.
func gitQuiet(sub string, args []word.Word) bool {
	switch {
	case gitQuietSubs.Has(sub):
		return true
	case sub == "log" || sub == "whatchanged" || sub == "diff-tree" || sub == "diff-index" || sub == "diff-files":
		return gitKnownOptions(args)
	case sub == "show" || sub == "diff":
		return gitKnownOptions(args) && gitNoPatch(args)
	case sub == "reflog":
		return (len(args) == 0 || args[0].Text == "show" || strings.HasPrefix(args[0].Text, "-")) && gitKnownOptions(args)
	case sub == "cat-file":
		return hasAny(args, "-t", "-s", "-e") || hasPrefixed(args, "--batch-check")
	case sub == "status":
		return gitOptionsIn(args, gitStatusOptions, "sbz", "u")
	case sub == "add":
		return gitOptionsIn(args, gitAddOptions, "AufNvn", "")
	case sub == "commit":
		return gitCommitQuiet(args) // a message given: the summary names files, no editor shows the diff
	case sub == "mv":
		return gitOptionsIn(args, " --force --dry-run --verbose --sparse ", "fknv", "")
	case sub == "restore":
		return gitOptionsIn(args, gitRestoreOptions, "SWqm", "s")
	case sub == "checkout":
		return gitOptionsIn(args, gitCheckoutOptions, "qfmtl", "bB")
	case sub == "stash":
		return len(args) > 0 && (args[0].Text == "push" || args[0].Text == "save") && gitOptionsIn(args[1:], gitStashPushOptions, "kuaqS", "m")
	}
	return false
}

// gitRestoreOptions, gitCheckoutOptions and gitStashPushOptions are the
// long options of git restore, git checkout and git stash push known to
// print names and messages at most: not --patch (-p), which shows each
// hunk, nor any other.
const (
	gitRestoreOptions word.Set = " --source --staged --worktree --quiet --progress --no-progress --ours --theirs --merge " +
		"--conflict --ignore-unmerged --ignore-skip-worktree-bits --overlay --no-overlay --recurse-submodules " +
		"--no-recurse-submodules "
	gitCheckoutOptions word.Set = " --quiet --force --merge --track --no-track --detach --orphan --ours --theirs --conflict " +
		"--ignore-skip-worktree-bits --ignore-other-worktrees --overwrite-ignore --no-overwrite-ignore " +
		"--recurse-submodules --no-recurse-submodules --progress --no-progress --overlay --no-overlay "
	gitStashPushOptions word.Set = " --keep-index --no-keep-index --include-untracked --all --quiet --message --staged "
)

// gitAddOptions are the long options (before =) of git add known to print
// names at most, never a file's text: --patch, --interactive, --edit and
// any other are what guard cannot tell. What add stages is read later by
// git's printers (their own reads).
const gitAddOptions word.Set = " --all --update --force --intent-to-add --verbose --dry-run --ignore-errors --no-all " +
	"--ignore-removal --no-ignore-removal --sparse --chmod --renormalize "

// gitStatusOptions are the long options (before =) of git status known to
// print names and states only: -v, --verbose and any other (an
// abbreviation, --verb, is parse-options' --verbose) print the staged diff
// or what guard cannot tell.
const gitStatusOptions word.Set = " --short --branch --porcelain --long --show-stash --ahead-behind --no-ahead-behind " +
	"--untracked-files --ignored --ignore-submodules --column --no-column --renames --no-renames --find-renames --null "

// gitCommitOptions are the long options (before =) of git commit known to
// print no committed text when a message is given (no editor): --dry-run,
// -v, --status, -p and any other option are what guard cannot tell.
const gitCommitOptions word.Set = " --message --all --quiet --file --signoff --no-signoff --amend --no-edit --allow-empty " +
	"--allow-empty-message --no-verify --verify --author --date --gpg-sign --no-gpg-sign --reset-author --cleanup " +
	"--reuse-message --fixup --squash --trailer --only --include --no-post-rewrite --untracked-files "

// gitOptionsIn reports whether every option of args (before --) is a long
// one of known, or a cluster of the short letters short; a letter of
// valued takes the rest of its word (-uno) and one of takes (-m MSG) the
// next word.
func gitOptionsIn(args []word.Word, known word.Set, short, valued string) bool {
	return gitOptionsTaking(args, known, short, valued, "")
}

// gitOptionsTaking is gitOptionsIn with the short letters takes whose
// value is the next word when the cluster ends with them.
func gitOptionsTaking(args []word.Word, known word.Set, short, valued, takes string) bool {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			return true
		case len(s) < 2 || s[0] != '-':
		case strings.HasPrefix(s, "--"):
			name, _, _ := strings.Cut(s, "=")
			if !known.Has(name) {
				return false
			}
		default:
			if !gitShortKnown(s, short, valued, takes) {
				return false
			}
			if strings.ContainsRune(takes, rune(s[len(s)-1])) && !strings.ContainsAny(s[1:len(s)-1], takes+valued) {
				j++ // -m MSG: the next word is the value
			}
		}
	}
	return true
}

// gitShortKnown reports whether the short option cluster s holds letters
// of short only, up to one of valued or takes (whose value is the rest).
func gitShortKnown(s, short, valued, takes string) bool {
	for _, r := range s[1:] {
		switch {
		case strings.ContainsRune(valued+takes, r):
			return true
		case !strings.ContainsRune(short, r):
			return false
		}
	}
	return true
}

// gitCommitQuiet reports whether git commit with args prints no committed
// text: every option known (gitCommitOptions; -m, -F, -C take a value) and
// a message given (-m, -F, -C, --no-edit, --fixup), so no editor shows the
// status or, with commit.verbose, the staged diff.
func gitCommitQuiet(args []word.Word) bool {
	if !gitOptionsTaking(args, gitCommitOptions, "aqsnoi", "Su", "mFC") {
		return false
	}
	for _, a := range args {
		s := a.Text
		if s == "--" {
			break
		}
		if hasAnyPrefix(s, "--message", "--file", "--reuse-message", "--no-edit", "--fixup") ||
			len(s) > 1 && s[0] == '-' && s[1] != '-' && strings.ContainsAny(s, "mFC") {
			return true
		}
	}
	return false
}

// gitEditorKept returns the arguments of git's subcommand sub as git
// commit reads them when the editor git starts is the system's true
// (GIT_EDITOR=/usr/bin/true, the editor git looks at first): it exits at once and
// keeps the message, as --no-edit does, and shows nothing (FINDINGS60a FP2).
func (c *cmd) gitEditorKept(sub string, args []word.Word) []word.Word {
	if sub != "commit" {
		return args
	}
	v, ok := c.envValue("GIT_EDITOR")
	if !ok || !gitNoopEditor.Has(strings.TrimSpace(v)) {
		return args
	}
	return append([]word.Word{{Text: "--no-edit", Known: true}}, args...)
}

// gitNoopEditor are the editor commands that exit at once, changing
// nothing: the system's true by its path. git runs a one-word editor
// through PATH, where a `true` may be a program the agent planted
// (PATH=./bin:$PATH GIT_EDITOR=true git commit: FINDINGS60b B5).
const gitNoopEditor word.Set = " /bin/true /usr/bin/true "

// hasAnyPrefix reports whether s starts with one of prefixes.
func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// gitObjectText reports whether args (of git's subcommand sub) ask for
// the text of objects beyond a patch, whatever the subcommand: a ref
// format's %(raw) (for-each-ref, branch, tag: a ref may name a blob), a
// log format's %N or --notes (a note may be any blob), status -v (the
// staged diff: gitQuiet). What they print is committed text guard cannot tell.
func gitObjectText(sub string, args []word.Word) bool {
	for _, a := range args {
		s := a.Text
		switch {
		case s == "--":
			return false
		case strings.Contains(s, "%(raw") || strings.Contains(s, "%N"):
			return true
		case strings.HasPrefix(s, "--notes") || strings.HasPrefix(s, "--show-notes") || s == "--standard-notes":
			return true
		}
	}
	return false
}

// gitKnownOptions reports whether every option of args (before --) is
// one guard knows to print no file text of a log or diff (gitLogOption).
func gitKnownOptions(args []word.Word) bool {
	for _, a := range args {
		s := a.Text
		switch {
		case s == "--":
			return true
		case len(s) < 2 || s[0] != '-':
		case !gitLogOption(s):
			return false
		}
	}
	return true
}

// gitLogOptions are the long options (the part before =) of git log, show,
// diff and the diff-* plumbing that select, order or format commits or
// print names, ids and counts, never a file's text.
const gitLogOptions word.Set = " --oneline --stat --numstat --shortstat --name-only --name-status --raw --summary --dirstat " +
	"--dirstat-by-file --cumulative --compact-summary --stat-width --stat-name-width --stat-graph-width --stat-count " +
	"--graph --decorate --no-decorate --decorate-refs --decorate-refs-exclude --clear-decorations --source --format " +
	"--pretty --abbrev-commit --no-abbrev-commit --abbrev --no-abbrev --date --relative-date --max-count --skip " +
	"--since --after --until --before --since-as-filter --author --committer --grep --grep-reflog --all-match " +
	"--invert-grep --regexp-ignore-case --basic-regexp --extended-regexp --fixed-strings --perl-regexp --all " +
	"--branches --tags --remotes --glob --exclude --reflog --walk-reflogs --single-worktree --ignore-missing " +
	"--first-parent --merges --no-merges --min-parents --max-parents --no-min-parents --no-max-parents --reverse " +
	"--topo-order --date-order --author-date-order --left-right --left-only --right-only --cherry-pick --cherry-mark " +
	"--cherry --boundary --ancestry-path --simplify-by-decoration --simplify-merges --full-history --dense --sparse " +
	"--show-pulls --no-walk --do-walk --follow --parents --children --log-size --no-patch --quiet --exit-code " +
	"--color --no-color --mailmap --no-mailmap --use-mailmap --no-use-mailmap --encoding --no-notes --no-renames " +
	"--find-renames --find-copies --find-copies-harder --break-rewrites --relative --no-relative --pickaxe-all " +
	"--pickaxe-regex --diff-filter --full-index --ignore-submodules --null --root --no-commit-id --always --cached " +
	"--staged --merge-base --show-signature --expand-tabs --no-expand-tabs --no-ext-diff --no-textconv "

// gitLogOption reports whether the option word s is one of gitLogOptions,
// or a short option (cluster) of letters that print no file text: -s -q
// -i -E -F -P -z -M -C -B -D -r -t, -N (a count), -n/-S/-G/-O with a value.
func gitLogOption(s string) bool {
	if strings.HasPrefix(s, "--") {
		name, _, _ := strings.Cut(s, "=")
		return gitLogOptions.Has(name)
	}
	switch s[1] {
	case 'n', 'S', 'G', 'O':
		return true
	}
	for _, r := range s[1:] {
		if !strings.ContainsRune("sqiEFPzMCBDrt0123456789%", r) {
			return false
		}
	}
	return true
}

// gitNoPatch reports whether args ask git show or git diff for an output
// without file text (--stat, --name-only, -s…).
func gitNoPatch(args []word.Word) bool {
	for _, a := range args {
		s, _, _ := strings.Cut(a.Text, "=")
		switch s {
		case "--":
			return false
		case "-s", "--no-patch", "--stat", "--numstat", "--shortstat", "--name-only", "--name-status", "--raw", "--summary", "--dirstat", "--quiet":
			return true
		}
	}
	return false
}

// hasPrefixed reports whether a word of args starts with prefix.
func hasPrefixed(args []word.Word, prefix string) bool {
	for _, a := range args {
		if strings.HasPrefix(a.Text, prefix) {
			return true
		}
	}
	return false
}

// gitNoTextSubs are git's subcommands that print no committed text beyond
// their REV:PATH words (they write, move refs, talk to remotes, or print
// names, ids and status), unless asked for an interactive patch
// (gitInteractive). Any other subcommand, an alias (-c alias.x=show,
// GIT_CONFIG_*, a configuration file) or a git-X program included, may
// print committed text guard cannot tell.
const gitNoTextSubs word.Set = " add am apply bisect branch bugreport check-mailmap check-ref-format checkout " +
	"checkout-index cherry-pick clean clone column commit commit-graph commit-tree config credential credential-cache " +
	"credential-store fetch fetch-pack fsck fsck-objects gc get-tar-commit-id hash-object help index-pack init init-db " +
	"interpret-trailers ls-remote maintenance merge mailinfo mailsplit mktag mktree multi-pack-index mv pack-redundant " +
	"pack-refs patch-id prune prune-packed pull push read-tree rebase receive-pack remote repack replace reset restore " +
	"revert rm send-pack show-index sparse-checkout stage stripspace submodule switch symbolic-ref tag unpack-objects " +
	"update-index update-ref update-server-info var verify-commit verify-pack verify-tag version worktree write-tree "

// gitRevText records the committed text git's subcommand sub (args from
// at+1) prints beyond its REV:PATH words, when sub is not quiet: what
// guard reads for the everyday printing subcommands, "cannot tell"
// (RevCannotTell) for any other that is not known to print none.
func (c *cmd) gitRevText(sub string, args []word.Word) {
	if c.w.guessing > 0 || sub == "" || strings.HasPrefix(sub, "-") {
		return
	}
	switch sub {
	case "show":
		c.gitShowText(args)
	case "log", "whatchanged":
		c.gitLogText(args)
	case "diff":
		c.gitDiffText(args)
	case "stash":
		c.gitStashText(args)
	case "grep":
		c.gitGrepText(args)
	case "cat-file":
		c.gitCatFileText(args)
	case "blame", "annotate":
		c.gitBlameText(args)
	case "archive":
		c.gitArchiveText(args)
	case "format-patch":
		c.gitFormatPatchText(args)
	case "diff-tree":
		c.gitDiffTreeText(args)
	case "diff-index", "diff-files":
		c.gitDiffText(args) // diff-index [--cached] REV: as git diff [--cached] REV; diff-files: as git diff
	case "reflog":
		if len(args) > 0 && (args[0].Text == "expire" || args[0].Text == "delete" || args[0].Text == "exists") {
			return
		}
		c.revText(RevRead{Rev: RevCannotTell}) // a patch of history guard does not bound
	case "commit":
		if !gitCommitQuiet(c.gitEditorKept(sub, args)) {
			c.revText(RevRead{Rev: RevCannotTell})
		}
	case "status":
		c.revText(RevRead{Rev: RevCannotTell}) // not quiet (gitQuiet): -v, --verb…
	case "config":
		c.gitConfigBlob(args)
	default:
		if !gitNoTextSubs.Has(sub) || gitInteractive(sub, args) {
			c.revText(RevRead{Rev: RevCannotTell})
		}
	}
}

// gitConfigBlob: git config --blob REV:F (any spelling: --blob=REV:F, an
// abbreviation --bl) reads the configuration from that object and prints
// its values: REV:F is read as a file of the revision; a blob named
// otherwise is what guard cannot tell.
func (c *cmd) gitConfigBlob(args []word.Word) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if s == "--" {
			return
		}
		name, v, eq := strings.Cut(s, "=")
		if len(name) < 4 || !strings.HasPrefix("--blob", name) {
			continue
		}
		if !eq {
			if j+1 >= len(args) {
				return
			}
			j++
			v = args[j].Text
		}
		if !word.IsKnown(v) || !c.objectPath(v) {
			c.revText(RevRead{Rev: RevCannotTell})
		}
	}
}

// gitInteractive reports whether git's subcommand sub is asked for an
// interactive patch (add -p, checkout -p, reset -p, restore -p, commit
// -p/--interactive), which prints hunks of committed text, or (bisect
// view) a log with options guard does not read.
func gitInteractive(sub string, args []word.Word) bool {
	letters, valued := "p", ""
	switch sub {
	case "add":
		letters = "pi"
	case "checkout":
		valued = "bB"
	case "commit":
		valued = "mcCFt"
	case "restore":
		valued = "s"
	case "reset":
	case "bisect":
		return len(args) > 0 && (args[0].Text == "visualize" || args[0].Text == "view")
	default:
		return false
	}
	for _, a := range args {
		s := a.Text
		switch {
		case s == "--":
			return false
		case s == "--patch" || s == "--interactive" || strings.HasPrefix(s, "--patch="):
			return true
		case len(s) > 1 && s[0] == '-' && s[1] != '-':
			for _, r := range s[1:] {
				if strings.ContainsRune(valued, r) {
					break
				}
				if strings.ContainsRune(letters, r) {
					return true
				}
			}
		}
	}
	return false
}

// gitStashText: git stash show prints the stash's patch (or its stat),
// stash list a log (quiet only with options guard knows, gitLogOption);
// push with -p an interactive patch; the others print status.
func (c *cmd) gitStashText(args []word.Word) {
	switch {
	case len(args) > 0 && args[0].Text == "show":
		rev := "refs/stash"
		if ops := revOperands(args[1:], gitLogWithArg); len(ops) > 0 {
			rev = ops[0]
		}
		if !hasAny(args[1:], "--only-untracked") {
			c.revText(RevRead{Rev: rev})
		}
		if hasAny(args[1:], "--only-untracked", "-u", "--include-untracked") {
			c.revText(RevRead{Rev: rev + "^3"}) // the untracked files stash -u saved
		}
	case len(args) > 0 && args[0].Text == "list":
		if !gitKnownOptions(args[1:]) {
			c.revText(RevRead{Rev: RevCannotTell})
		}
	case hasAny(args, "-p", "--patch"):
		c.revText(RevRead{Rev: RevCannotTell})
	}
}

// gitBlameWithArg are the options of git blame and annotate that take
// the next word.
const gitBlameWithArg word.Set = " -L -S --contents --ignore-rev --ignore-revs-file --date --since --until --after --before "

// gitBlameText: git blame [REV] [--] FILE prints FILE's lines as REV holds
// them (each line with the commit that last changed it): REV:FILE is
// read; without a revision the working file (read by the file rules);
// --reverse, -S, --contents, a range, or operands guard cannot place are
// committed text it cannot tell.
func (c *cmd) gitBlameText(args []word.Word) {
	if hasAny(args, "--reverse", "-S", "--contents") || hasPrefixed(args, "--contents=") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	var before, after []string
	dashes := false
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--" && !dashes:
			dashes = true
		case !dashes && gitBlameWithArg.Has(s):
			j++
		case !dashes && strings.HasPrefix(s, "-") && s != "-":
		case dashes:
			after = append(after, s)
		default:
			before = append(before, s)
		}
	}
	var rev, file string
	switch {
	case dashes && len(before) <= 1 && len(after) == 1:
		file = after[0]
		if len(before) == 1 {
			rev = before[0]
		}
	case !dashes && len(before) == 1:
		file = before[0]
	case !dashes && len(before) == 2:
		rev, file = c.blameOrder(before[0], before[1])
	default:
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	switch {
	case rev == "":
		if file == "" {
			c.revText(RevRead{Rev: RevCannotTell})
		}
	case rev == RevCannotTell || strings.Contains(rev, "..") || !word.IsKnown(rev) || !word.IsKnown(file):
		c.revText(RevRead{Rev: RevCannotTell})
	default:
		if !strings.HasPrefix(file, "/") && !strings.HasPrefix(file, "../") && !strings.HasPrefix(file, "./") {
			file = "./" + file // blame's path is the working directory's
		}
		c.w.revFile(rev, file)
	}
}

// blameOrder returns which of git blame's two operands (REV FILE, or the
// older FILE REV) is the revision; ("", "") when guard cannot tell.
func (c *cmd) blameOrder(a, b string) (rev, file string) {
	switch {
	case c.revKind(b) == effect.RevNone:
		return a, b
	case c.revKind(a) == effect.RevNone:
		return b, a
	}
	return RevCannotTell, a
}

// revText records r in the working directory.
func (c *cmd) revText(r RevRead) {
	r.Dir = c.w.Dir
	c.printsText = c.printsText || r.Path == "" && !r.Blob
	c.w.addRevRead(r)
}

// gitShowText: git show REV… prints each commit's patch (HEAD when no
// revision is named); a range is history guard does not bound.
func (c *cmd) gitShowText(args []word.Word) {
	n := 0
	for _, op := range revOperands(args, gitLogWithArg) {
		n++
		if c.objectPath(op) {
			continue
		}
		if strings.Contains(op, "..") || strings.HasPrefix(op, "^") || !word.IsKnown(op) {
			c.revText(RevRead{Rev: RevCannotTell})
			continue
		}
		c.revText(RevRead{Rev: op, Paths: c.narrowed(args, nil)})
	}
	if n == 0 {
		c.revText(RevRead{Rev: "HEAD", Paths: c.narrowed(args, nil)})
	}
}

// gitShowObjects: a no-patch git show (-s, --stat…) prints no file text
// of a commit, but a blob's whole text whatever its options: each revision
// operand is a RevRead.Blob (REV:PATH words are read as files already).
func (c *cmd) gitShowObjects(args []word.Word) {
	if c.w.guessing > 0 {
		return
	}
	for _, op := range revOperands(args, gitLogWithArg) {
		switch {
		case strings.Contains(op, ":"):
		case strings.Contains(op, "..") || strings.HasPrefix(op, "^") || !word.IsKnown(op):
			c.revText(RevRead{Rev: RevCannotTell})
		default:
			c.revText(RevRead{Rev: op, Blob: true})
		}
	}
}

// gitNarrowOptions are the options of git log, show and diff known not to
// widen the files a pathspec keeps (the part before =): a pathspec narrows
// a revision read only when every option is one of them (--full-diff,
// --follow and their abbreviations widen it; an option guard does not know
// may).
const gitNarrowOptions word.Set = " -p -u --patch --no-patch -s --oneline --stat --numstat --shortstat --name-only " +
	"--name-status --format --pretty --abbrev-commit --no-abbrev-commit --date --decorate --no-decorate --color " +
	"--no-color --no-ext-diff --no-textconv -w --ignore-all-space -b --ignore-space-change --ignore-blank-lines " +
	"--unified --max-count -n --since --after --until --before --author --committer --grep --no-merges --first-parent " +
	"--reverse --graph --cached --staged "

// gitPathspecs returns the pathspecs of args (the words after --, and
// plain, those words of before that are paths and no revision), newline-
// separated, for RevRead.Paths: "" when there are none or guard cannot
// narrow by them (glob characters, magic, words it cannot tell, an option
// not in gitNarrowOptions).
func gitPathspecs(args []word.Word, plain []string) string {
	specs := plain
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if s == "--" {
			for _, w := range args[j+1:] {
				specs = append(specs, w.Text)
			}
			break
		}
		if !gitNarrowOption(s) {
			return ""
		}
		if s == "-n" || s == "--max-count" || s == "--author" || s == "--grep" || s == "--committer" || s == "--since" || s == "--until" || s == "--after" || s == "--before" {
			j++ // its value
		}
	}
	for _, p := range specs {
		if p == "" || !word.IsKnown(p) || strings.ContainsAny(p, "*?[\\\n") || strings.HasPrefix(p, ":") || strings.HasPrefix(p, "/") {
			return ""
		}
	}
	return strings.Join(specs, "\n")
}

// gitNarrowOption reports whether word s of git log, show or diff (before
// --) is an operand, or an option of gitNarrowOptions (a -N count, -U<n>,
// a cluster of -p -u -w -b -s).
func gitNarrowOption(s string) bool {
	switch {
	case len(s) < 2 || s[0] != '-':
		return true // an operand (a revision, a path)
	case strings.HasPrefix(s, "--"):
		name, _, _ := strings.Cut(s, "=")
		return gitNarrowOptions.Has(name)
	case s[1] == 'U' || s[1] == 'n':
		return true
	}
	for _, r := range s[1:] {
		if !strings.ContainsRune("puwbs0123456789", r) {
			return false
		}
	}
	return true
}

// narrowed returns gitPathspecs(args, plain) when nothing else of the
// command may widen what they keep: no global option (git -c log.follow=true,
// --config-env, --git-dir), no GIT_*_PATHSPECS or GIT_CONFIG* variable set
// (GIT_ICASE_PATHSPECS), no configuration the command wrote earlier (git
// config log.follow true; …); else "". The configuration
// files on disk are the hook's to read (revtexts.go).
func (c *cmd) narrowed(args []word.Word, plain []string) string {
	if c.gitSetupWidens("") || c.w.gitConfigWritten {
		return ""
	}
	for _, f := range c.w.Written {
		if b := path.Base(f.Path); b == "config" || b == ".gitconfig" || b == "config.worktree" || strings.Contains(f.Path, "/.git/") {
			return ""
		}
	}
	return gitPathspecs(args, plain)
}

// gitSetupWidens reports whether the command sets up git so that it may
// read pathspecs other than as written: a global option before the
// subcommand but -C and those in harmless, or a GIT_*_PATHSPECS or
// GIT_CONFIG* variable it sets (GIT_ICASE_PATHSPECS=1).
func (c *cmd) gitSetupWidens(harmless word.Set) bool {
	_, at := gitSubcommand(c.args)
	for j := 0; j < at; j++ {
		switch s := c.args[j].Text; {
		case s == "-C":
			j++
		case harmless.Has(s):
		case strings.HasPrefix(s, "-"):
			return true
		}
	}
	for name, v := range c.w.varMap() {
		if v.Set && strings.HasPrefix(name, "GIT_") && (strings.HasSuffix(name, "_PATHSPECS") || strings.HasPrefix(name, "GIT_CONFIG") && name != "GIT_CONFIG_NOSYSTEM") {
			return true
		}
	}
	return false
}

// gitLogWithArg are the options of git log, show, whatchanged and
// format-patch (revision.c's and diff.c's) that take the next word as
// their value: a search (--grep w, -S x, -G x), an author, a date, a
// count. Their value is no revision (FINDINGS49a S7: --grep w took `w`
// for the start of the walk).
const gitLogWithArg word.Set = " -n --max-count --skip --since --since-as-filter --after --max-age --until --before --min-age " +
	"--author --committer --grep --grep-reflog -S -G -O -L -l -I --ignore-matching-lines --output --diff-filter " +
	"--word-diff-regex --find-object --diff-algorithm --anchored --src-prefix --dst-prefix --line-prefix " +
	"--output-indicator-new --output-indicator-old --output-indicator-context --rotate-to --skip-to " +
	"--inter-hunk-context --stat-width --stat-name-width --stat-graph-width --stat-count --decorate-refs " +
	"--decorate-refs-exclude "

// gitLogText: git log -p prints the patches of the history from one
// revision (HEAD), at most -N commits of it; other walks (--all, ranges,
// several starts, reflogs, --stdin) are history guard cannot tell.
func (c *cmd) gitLogText(args []word.Word) {
	count := -1
	for j := 0; j < len(args) && args[j].Text != "--"; j++ {
		s := args[j].Text
		v, isCount := "", false
		switch {
		case (s == "-n" || s == "--max-count") && j+1 < len(args):
			v, isCount = args[j+1].Text, true
			j++
		case s == "--skip":
			c.revText(RevRead{Rev: RevCannotTell})
			return
		case gitLogWithArg.Has(s):
			j++ // its value (--author -1: no count)
			continue
		case strings.HasPrefix(s, "--max-count="):
			v, isCount = strings.TrimPrefix(s, "--max-count="), true
		case strings.HasPrefix(s, "-n") && len(s) > 2:
			v, isCount = s[2:], true
		case len(s) > 1 && s[0] == '-' && s[1] >= '0' && s[1] <= '9':
			v, isCount = s[1:], true
		case s == "--all" || s == "--stdin" || s == "-g" || s == "--walk-reflogs" || s == "--reflog" || s == "--skip" ||
			strings.HasPrefix(s, "--branches") || strings.HasPrefix(s, "--tags") || strings.HasPrefix(s, "--remotes") ||
			strings.HasPrefix(s, "--glob") || strings.HasPrefix(s, "--exclude") || strings.HasPrefix(s, "--skip="):
			c.revText(RevRead{Rev: RevCannotTell})
			return
		}
		if isCount {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				c.revText(RevRead{Rev: RevCannotTell})
				return
			}
			count = n
		}
	}
	ops := revOperands(args, gitLogWithArg)
	rev := "HEAD"
	switch {
	case count == 0:
		return
	case len(ops) > 1 || len(ops) == 1 && (strings.Contains(ops[0], "..") || strings.HasPrefix(ops[0], "^") || !word.IsKnown(ops[0])):
		c.revText(RevRead{Rev: RevCannotTell})
		return
	case len(ops) == 1:
		rev = ops[0]
	}
	c.revText(RevRead{Rev: rev, Count: max(count, 0), History: true, Paths: c.narrowed(args, nil)})
}

// gitDiffText: git diff A B (A..B) prints both sides of the files they
// differ in; git diff REV the revision's side and the working tree's;
// git diff [PATH…] the index's side and the working tree's (its
// pathspecs' reads are that diff's, unprinted as files: gitFiles);
// --cached (--staged) one revision's side (HEAD's without one) and the
// index's. An operand that is a path on disk and no revision is a
// pathspec.
func (c *cmd) gitDiffText(args []word.Word) {
	if hasAny(args, "--no-index") || hasPrefixed(args, "--merge-base") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	cached := hasAny(args, "--cached", "--staged")
	var revs, paths []string
	for _, op := range revOperands(args, "") {
		if strings.Contains(op, "...") || !word.IsKnown(op) {
			c.revText(RevRead{Rev: RevCannotTell})
			return
		}
		if a, b, ok := strings.Cut(op, ".."); ok {
			revs = append(revs, or(a, "HEAD"), or(b, "HEAD"))
			continue
		}
		switch c.revKind(op) {
		case effect.RevKnown:
			revs = append(revs, op)
		case effect.RevUnknown:
			c.revText(RevRead{Rev: RevCannotTell})
			return
		case effect.RevNone:
			paths = append(paths, op)
		}
	}
	specs := c.narrowed(args, paths)
	c.diffRead = !cached || len(revs) < 2 // below: a diff guard reads
	switch {
	case cached && len(revs) < 2:
		c.revText(RevRead{Rev: or(strings.Join(revs, ""), "HEAD"), From: RevStaged, Paths: specs})
		return
	case cached:
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	switch len(revs) {
	case 0:
		c.revText(RevRead{Rev: RevStaged, From: RevDisk, Paths: specs})
		c.printsText = len(paths) == 0 // the work tree's tracked files against the index
	case 1:
		c.revText(RevRead{Rev: revs[0], From: RevDisk, Paths: specs})
	case 2:
		c.revText(RevRead{Rev: revs[1], From: revs[0], Paths: specs})
	default:
		c.diffRead = false
		c.revText(RevRead{Rev: RevCannotTell})
	}
}

// or returns s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// revKind says whether op names a revision of the repository holding the
// working directory (RevKnown), a path and no revision (RevNone), or
// what guard cannot tell (RevUnknown).
func (c *cmd) revKind(op string) effect.RevStatus {
	rr, ok := c.w.Files.(effect.RevReader)
	if !ok {
		return effect.RevKnown // the analysis of text alone: taken as a revision
	}
	if !c.gitDirAsOnDisk(".") {
		return effect.RevUnknown
	}
	_, st := rr.RevChanges(c.w.Where("."), op, op)
	return st
}

// gitGrepText: git grep X REV… searches the revision's tree (every file
// of it): committed text guard does not read; --cached, the index's.
func (c *cmd) gitGrepText(args []word.Word) {
	if hasAny(args, "--cached") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	ops := revOperands(args, " -e -f -A -B -C -m --max-count --max-depth --threads -O --open-files-in-pager --and --or --not ")
	if !hasAny(args, "-e", "-f") && len(ops) > 0 {
		ops = ops[1:] // the pattern
	}
	for _, op := range ops {
		if _, ok := revPath(op); ok {
			continue
		}
		switch c.revKind(op) {
		case effect.RevNone:
		case effect.RevKnown:
			c.treeText(op)
		default:
			c.revText(RevRead{Rev: RevCannotTell})
			return
		}
	}
}

// treeText records the whole tree of revision op as printed (git grep X
// REV, git archive REV): one guard cannot tell when op is not a plain
// revision word.
func (c *cmd) treeText(op string) {
	if !word.IsKnown(op) || strings.Contains(op, "..") || strings.HasPrefix(op, "^") || strings.Contains(op, ":") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	c.revText(RevRead{Rev: op, Tree: true})
}

// gitArchiveWithArg are the options of git archive that take the next word.
const gitArchiveWithArg word.Set = " -o --output --format --prefix --remote --exec --add-file --add-virtual-file "

// gitArchiveText: git archive REV prints (or writes to -o F, which a
// later read reads as itself) every file of REV's tree; --list prints
// format names; --remote the archive another repository makes, which
// guard cannot tell.
func (c *cmd) gitArchiveText(args []word.Word) {
	if hasAny(args, "--list", "-l") {
		return
	}
	if hasPrefixed(args, "--remote") || hasPrefixed(args, "--exec") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	ops := revOperands(args, gitArchiveWithArg)
	if len(ops) == 0 {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	c.treeText(ops[0]) // the paths after it only narrow
}

// gitFormatPatchWithArg are the options of git format-patch that take
// the next word.
const gitFormatPatchWithArg word.Set = " -o --output-directory -v --reroll-count --subject-prefix --in-reply-to --to --cc " +
	"--from --add-header --signature --signature-file --suffix --base --interdiff --range-diff --creation-factor " +
	"--description-file --filename-max-length "

// gitFormatPatchText: git format-patch prints (or writes into files, a
// later read's) the patches of a history: -N REV the N commits from REV,
// REV (REV..HEAD) or A..B at most the history of HEAD or of B; --root, a
// symmetric range, --stdin, several operands or an interdiff are history
// guard cannot tell.
func (c *cmd) gitFormatPatchText(args []word.Word) {
	count := 0
	for _, a := range args {
		s := a.Text
		switch {
		case s == "--":
		case len(s) > 1 && s[0] == '-' && s[1] >= '0' && s[1] <= '9':
			n, err := strconv.Atoi(s[1:])
			if err != nil || n < 0 {
				c.revText(RevRead{Rev: RevCannotTell})
				return
			}
			count = n
		case s == "--root" || s == "--stdin" || s == "--all" || hasAnyPrefix(s, "--interdiff", "--range-diff", "--ignore-if-in-upstream", "--branches", "--tags", "--remotes", "--glob"):
			c.revText(RevRead{Rev: RevCannotTell})
			return
		}
	}
	ops := revOperands(args, gitFormatPatchWithArg+gitLogWithArg)
	if len(ops) == 0 && count > 0 {
		ops = []string{"HEAD"} // -N: the last N commits
	}
	if len(ops) != 1 || !word.IsKnown(ops[0]) || strings.Contains(ops[0], "...") || strings.HasPrefix(ops[0], "^") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	rev := ops[0]
	if _, b, ok := strings.Cut(rev, ".."); ok {
		rev, count = or(b, "HEAD"), 0
	} else if count == 0 {
		rev = "HEAD" // REV: the commits of REV..HEAD, within HEAD's history
	}
	c.revText(RevRead{Rev: rev, Count: count, History: true})
}

// gitDiffTreeText: git diff-tree -p REV prints the commit's patch, -p A B
// the diff of two revisions; --stdin the commits its input names, and
// operands guard cannot place, what it cannot tell.
func (c *cmd) gitDiffTreeText(args []word.Word) {
	if hasAny(args, "--stdin") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	var revs []string
	for _, op := range revOperands(args, gitLogWithArg) {
		if !word.IsKnown(op) || strings.Contains(op, "..") || strings.HasPrefix(op, "^") {
			c.revText(RevRead{Rev: RevCannotTell})
			return
		}
		switch c.revKind(op) {
		case effect.RevNone: // a path: it only narrows
		case effect.RevKnown:
			revs = append(revs, op)
		default:
			revs = append(revs, op) // a tree or blob id: the hook tells (revreads.go)
		}
	}
	switch len(revs) {
	case 1:
		c.revText(RevRead{Rev: revs[0]})
	case 2:
		c.revText(RevRead{Rev: revs[1], From: revs[0]})
	default:
		c.revText(RevRead{Rev: RevCannotTell})
	}
}

// gitCatFileText: git cat-file --batch prints the objects its input
// names; cat-file -p OBJ (or TYPE OBJ) one object: a commit is read as
// git show reads it (a superset), another object guard cannot tell.
func (c *cmd) gitCatFileText(args []word.Word) {
	if hasPrefixed(args, "--batch") && !hasPrefixed(args, "--batch-check") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	for _, op := range revOperands(args, "") {
		if gitObjectTypes.Has(op) || c.objectPath(op) {
			continue
		}
		if !word.IsKnown(op) {
			op = RevCannotTell
		}
		c.revText(RevRead{Rev: op})
	}
}

// gitObjectTypes are the TYPE operands of git cat-file TYPE OBJ.
const gitObjectTypes word.Set = " blob tree commit tag "

// unprinted returns the reads made only by commands that print none of
// their text (walker.quiet): a file another command also reads is not
// one.
func (w *walker) unprinted() []string { return w.only(w.quiet) }

// only returns the reads made only within ranges of a.Reads: a path also
// read outside them is not one.
func (w *walker) only(ranges [][2]int) []string {
	if len(ranges) == 0 {
		return nil
	}
	within := make([]bool, len(w.a.Reads)) // one pass over the ranges, not one per read
	for _, r := range ranges {
		for i := max(r[0], 0); i < min(r[1], len(within)); i++ {
			within[i] = true
		}
	}
	var in, out []string
	for i, p := range w.a.Reads {
		if within[i] {
			in = append(in, p)
		} else {
			out = append(out, p)
		}
	}
	outside := make(map[string]bool, len(out))
	for _, p := range out {
		outside[p] = true
	}
	kept := in[:0]
	for _, p := range in {
		if !outside[p] {
			kept = append(kept, p)
		}
	}
	return kept
}

// both returns the strings of a also in b.
func both(a, b []string) []string {
	out := a[:0]
	for _, s := range a {
		if slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

// objectPath reports whether op names a file of a revision (REV:PATH),
// and records it when revPath did not (a name that is not path-like:
// HEAD:README).
func (c *cmd) objectPath(op string) bool {
	if gitMessageSearch(op) {
		// :/TEXT: a commit git finds by its message, not the index's
		// path /TEXT: one guard does not resolve (FINDINGS48a R3).
		c.revText(RevRead{Rev: RevCannotTell})
		return true
	}
	rev, p, ok := strings.Cut(op, ":")
	if !ok {
		return false
	}
	if _, known := revPath(op); !known {
		if len(p) > 2 && p[0] >= '0' && p[0] <= '3' && p[1] == ':' && rev == "" {
			p = p[2:]
		}
		c.w.revFile(rev, p)
	}
	return true
}

// gitQuietEnv are the GIT_* variables known not to change which objects
// git prints for a revision (identity, pager, editor, transport, tracing).
const gitQuietEnv word.Set = " GIT_PAGER GIT_EDITOR GIT_SEQUENCE_EDITOR GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_AUTHOR_DATE " +
	"GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL GIT_COMMITTER_DATE GIT_TERMINAL_PROMPT GIT_ASKPASS GIT_SSH GIT_SSH_COMMAND " +
	"GIT_SSH_VARIANT GIT_TRACE GIT_TRACE2 GIT_TRACE2_EVENT GIT_TRACE2_PERF GIT_TRACE_PACKET GIT_TRACE_PERFORMANCE " +
	"GIT_TRACE_SETUP GIT_CURL_VERBOSE GIT_FLUSH GIT_OPTIONAL_LOCKS GIT_ADVICE GIT_MERGE_AUTOEDIT GIT_MERGE_VERBOSITY " +
	"GIT_NO_REPLACE_OBJECTS GIT_CEILING_DIRECTORIES GIT_DISCOVERY_ACROSS_FILESYSTEM GIT_PROGRESS_DELAY GIT_HTTP_USER_AGENT " +
	"GIT_SSL_NO_VERIFY GIT_LITERAL_PATHSPECS GIT_GLOB_PATHSPECS GIT_NOGLOB_PATHSPECS GIT_ICASE_PATHSPECS GIT_CONFIG_NOSYSTEM " +
	"GIT_EXEC_PATH GIT_DEFAULT_HASH GIT_PROTOCOL GIT_PROTOCOL_FROM_USER GIT_REFLOG_ACTION GIT_COLOR "

// gitEnvMoves returns a GIT_* variable the command's environment sets that
// is not in gitQuietEnv ("" for none): git reads its replace refs, grafts,
// objects, namespace, configuration (aliases) and more from its
// environment (GIT_REPLACE_REF_BASE=refs/tags/ git show HEAD:F prints a
// tag named by F's id), so what it prints of a revision is
// what guard cannot tell.
func (c *cmd) gitEnvMoves() string {
	for name, v := range c.w.varMap() {
		if v.Set && strings.HasPrefix(name, "GIT_") && !gitQuietEnv.Has(name) {
			return name
		}
	}
	return ""
}
