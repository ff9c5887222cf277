package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Version control programs other than git. Each writes the
// working tree from repository data with verbs of its own: hg update,
// jj new, sl goto, fossil checkout, bzr revert, darcs pull, pijul reset,
// stg pop, got update, git-branchless switch, svn switch, p4 sync. Default
// deny: a verb not listed here as leaving the tree's files alone writes
// the tree. The lists hold verbs that read, and verbs that write only the
// files their operands name (add, commit, rm): those words are judged as
// any program's.

// VersionControl are the version control programs other than git, svn
// and p4 (which have handlers of their own) whose tree writes guard
// judges by TreeKeepers.
const VersionControl word.Set = " hg sl jj fossil bzr brz darcs pijul stg got git-branchless cvs "

// Verbs known to leave each program's working tree as it is.
const (
	hgKeepers = " status st log diff cat annotate blame files locate manifest identify id heads tip summary sum " +
		"parents paths config showconfig root version help incoming in outgoing out branches tags bookmarks bookmark " +
		"book grep verify export add addremove forget remove rm commit ci push phase smartlog sl show journal " +
		"whereami pull "
	jjKeepers = " log st status diff show help version root evolog obslog interdiff describe desc config bookmark " +
		"branch tag "
	fossilKeepers = " status changes timeline diff info ls finfo cat help version extras branch tag add rm delete " +
		"forget commit ci push search annotate blame praise "
	bzrKeepers    = " status st stat log diff di cat annotate blame praise info ls help version missing add commit ci remove rm push whoami tags config "
	darcsKeepers  = " whatsnew wh log changes diff show annotate help add record push tag "
	pijulKeepers  = " log diff change ls help credit add record push "
	stgKeepers    = " series top id show log diff status help files new refresh "
	gotKeepers    = " status st log diff di blame bl tree tr cat info help add remove rm commit ci send "
	branchlessKep = " smartlog sl query help hide unhide "
	cvsKeepers    = " status log diff annotate rlog rdiff help add commit ci remove rm version "
)

// TreeKeepers returns the verbs of version control program name (one of
// VersionControl) known to leave its working tree's files as they are;
// false for a program not in VersionControl.
func TreeKeepers(name string) (word.Set, bool) {
	switch name {
	case "hg", "sl":
		return hgKeepers, true
	case "jj":
		return jjKeepers, true
	case "fossil":
		return fossilKeepers, true
	case "bzr", "brz":
		return bzrKeepers, true
	case "darcs":
		return darcsKeepers, true
	case "pijul":
		return pijulKeepers, true
	case "stg":
		return stgKeepers, true
	case "got":
		return gotKeepers, true
	case "git-branchless":
		return branchlessKep, true
	case "cvs":
		return cvsKeepers, true
	}
	return "", false
}

// VCSWithArg are the global options of those programs that take the next
// word (hg -R REPO, jj --at-op OP, hg --cwd DIR, bzr -O NAME=VALUE): not a verb.
const VCSWithArg word.Set = " -R --repository --repo --cwd --config --at-op --at-operation --color --encoding -d --directory -O "

// NewTreeVerbs returns the verbs with which version control program name
// makes a new working tree (svn checkout URL DIR, hg clone URL DIR): in a
// directory that does not exist yet, it writes none of the project's
// files.
func NewTreeVerbs(name string) word.Set {
	switch name {
	case "svn", "cvs", "got":
		return " checkout co "
	case "hg", "sl", "pijul", "fossil":
		return " clone "
	case "bzr", "brz":
		return " branch checkout co "
	case "darcs":
		return " clone get "
	}
	return ""
}

// VCSCommandOptions returns the options of version control program name
// whose value is a command it runs (svn diff --diff-cmd CMD, bzr diff
// --using CMD, fossil diff --command CMD).
func VCSCommandOptions(name string) word.Set {
	switch name {
	case "svn":
		return " --diff-cmd --diff3-cmd --editor-cmd "
	case "fossil":
		return " --command "
	case "bzr", "brz":
		return " --using "
	case "darcs":
		return " --diff-command --external-merge --sendmail-command --posthook --prehook "
	case "cvs":
		return " -e "
	}
	return ""
}

// VCSConfigOptions returns the options of version control program name
// whose value is one of its settings (hg --config SECTION.KEY=VALUE, jj
// --config KEY=VALUE, svn --config-option FILE:SECTION:OPTION=VALUE).
func VCSConfigOptions(name string) word.Set {
	switch name {
	case "hg", "sl":
		return " --config "
	case "jj":
		return " --config --config-toml "
	case "svn":
		return " --config-option "
	case "bzr", "brz":
		return " -O " // -O NAME=VALUE or -ONAME=VALUE overrides a setting
	}
	return ""
}

// VCSSetting says what a setting of version control program name (its key
// in the program's spelling, lower case) is: a command it runs, a module
// file of code it loads (hg's extensions), or inert; a key in none of
// these may run code (default deny).
func VCSSetting(name, key string) (command, module, inert bool) {
	section, _, _ := strings.Cut(key, ".")
	switch name {
	case "hg", "sl":
		switch {
		case section == "hooks" || section == "extdiff" || section == "merge-tools" || key == "ui.editor" || key == "ui.pager" ||
			key == "pager.pager" || key == "ui.ssh" || key == "ui.merge" || key == "alias" || section == "alias":
			return true, false, false
		case section == "extensions":
			return false, true, false
		}
		return false, false, hgInert.Has(key) || hgInertSections.Has(section)
	case "jj":
		switch {
		case key == "ui.editor" || key == "ui.pager" || key == "ui.diff-editor" || key == "ui.merge-editor" || key == "ui.diff.tool" ||
			key == "ui.diff-formatter" || section == "merge-tools" || section == "aliases" || strings.HasPrefix(key, "fix.tools"):
			return true, false, false
		}
		return false, false, jjInert.Has(key) || section == "colors" || section == "user"
	case "svn":
		switch {
		case strings.HasPrefix(key, "config:helpers:") || strings.HasPrefix(key, "config:tunnels:"):
			return true, false, false
		}
		return false, false, strings.HasPrefix(key, "servers:") || strings.HasPrefix(key, "config:miscellany:") ||
			strings.HasPrefix(key, "config:auth:") || strings.HasPrefix(key, "config:auto-props:")
	case "bzr", "brz":
		if key == "editor" || strings.Contains(key, "mergetool") || strings.HasSuffix(key, "_command") {
			return true, false, false
		}
		return false, false, bzrInert.Has(key)
	}
	return false, false, false
}

// Settings of hg and jj known to run nothing.
const (
	hgInert word.Set = " ui.username ui.verbose ui.quiet ui.debug ui.color ui.paginate ui.interactive ui.tweakdefaults ui.formatted " +
		"ui.traceback ui.report_untrusted ui.statuscopies ui.relative-paths "
	hgInertSections word.Set = " color diff phases progress devel "
	bzrInert        word.Set = " email nickname log_format push_strict dpush_strict commit_strict append_revisions_only "
	jjInert         word.Set = " ui.color ui.paginate ui.graph.style ui.log-word-wrap ui.relative-timestamps ui.conflict-marker-style " +
		"snapshot.max-new-file-size "
)

// GitOptionVar is one of git's global options that sets what an
// environment variable sets: git --exec-path=D is GIT_EXEC_PATH=D git.
type GitOptionVar struct {
	Option string // --exec-path
	Var    string // GIT_EXEC_PATH
	// Joined: only --opt=VALUE takes a value (--exec-path alone prints
	// git's own).
	Joined bool
}

// GitOptionVars maps git's global options onto the variables they set,
// so that the rules of each variable (cmdvars.go: commandVar, gitEnvMoves)
// apply to both spellings. --config-env is read as -c
// (gitConfigEnv); -C changes the directory.
var GitOptionVars = []GitOptionVar{
	{Option: "--exec-path", Var: "GIT_EXEC_PATH", Joined: true},
	{Option: "--git-dir", Var: "GIT_DIR"},
	{Option: "--work-tree", Var: "GIT_WORK_TREE"},
	{Option: "--namespace", Var: "GIT_NAMESPACE"},
	{Option: "--super-prefix", Var: "GIT_INTERNAL_SUPER_PREFIX", Joined: true},
	{Option: "--attr-source", Var: "GIT_ATTR_SOURCE", Joined: true},
	{Option: "--bare", Var: "GIT_DIR"}, // the working directory is the git directory
}
