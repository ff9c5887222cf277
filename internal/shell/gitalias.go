package shell

// git's aliases, expanded once, where git expands them. git runs a
// subcommand that is neither one of its own nor a git-NAME program it
// ships by looking the name up as alias.NAME (the configuration files git
// loads and their includes, then GIT_CONFIG_COUNT/KEY_n/VALUE_n and
// GIT_CONFIG_PARAMETERS, then the command's -c and --config-env, the last
// winning): a value of git's words (st = status, ci = -c k=v commit) is
// split as git splits it (split_cmdline: blanks, '…' and "…" with \
// escapes) and put in the alias's place, git's options first, the
// command's remaining arguments after it, and the result is git's command
// again, up to maxGitAliasDepth deep; a value !CMD is run by the shell at
// the top of the working tree as sh -c 'CMD "$@"' CMD ARGS…. guard
// rewrites the call the same way before anything looks at the subcommand,
// so git x --file F with x = config is git config --file F to every check
// after it. An alias guard cannot tell (a configuration it cannot read, a
// setting from a value it does not know, quotes git would refuse, aliases
// deeper than it follows, an argument of a shell alias it does not know)
// hides the command; a name no configuration sets is git's error or a
// git-NAME program, as before.

import (
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxGitAliasDepth bounds the aliases followed into one another (git
// expands an alias whose expansion is another, until it finds a loop).
const maxGitAliasDepth = 4

// maxGitEnvConfigs bounds the GIT_CONFIG_KEY_n settings read for an alias.
const maxGitEnvConfigs = 64

// gitOwnSubs are the subcommands git runs without looking for an alias:
// its builtins (git.c's commands[]) and the git-NAME programs it ships
// (git's Makefile: SCRIPT_SH, SCRIPT_PERL, SCRIPT_PYTHON, PROGRAM_OBJS, the
// remote helpers), which git runs before it looks an alias up.
const gitOwnSubs word.Set = " add am annotate apply archive backfill bisect blame branch bugreport bundle cat-file check-attr " +
	"check-ignore check-mailmap check-ref-format checkout checkout--worker checkout-index cherry cherry-pick clean clone column " +
	"commit commit-graph commit-tree config count-objects credential credential-cache credential-cache--daemon credential-store " +
	"describe diagnose diff diff-files diff-index diff-pairs diff-tree difftool fast-export fast-import fetch fetch-pack " +
	"fmt-merge-msg for-each-ref for-each-repo format-patch format-rev fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id " +
	"grep hash-object help history hook index-pack init init-db interpret-trailers last-modified log ls-files ls-remote ls-tree " +
	"mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-ours merge-recursive merge-recursive-ours " +
	"merge-recursive-theirs merge-subtree merge-tree mktag mktree multi-pack-index mv name-rev notes pack-objects pack-redundant " +
	"pack-refs patch-id pickaxe prune prune-packed pull push range-diff read-tree rebase receive-pack reflog refs remote " +
	"remote-ext remote-fd repack replace replay repo rerere reset restore rev-list rev-parse revert rm send-pack shortlog show " +
	"show-branch show-index show-ref sparse-checkout stage stash status stripspace submodule--helper switch symbolic-ref tag " +
	"unpack-file unpack-objects update-index update-ref update-server-info upload-archive upload-archive--writer upload-pack " +
	"url-parse var verify-commit verify-pack verify-tag version whatchanged worktree write-tree " +
	"difftool--helper filter-branch merge-octopus merge-one-file merge-resolve mergetool quiltimport request-pull submodule " +
	"web--browse mergetool--lib sh-i18n sh-setup archimport cvsexportcommit cvsimport cvsserver send-email svn p4 daemon " +
	"http-backend imap-send sh-i18n--envsubst shell http-fetch http-push remote-http remote-https remote-ftp remote-ftps " +
	"gui citool instaweb subtree "

// gitMaybeOwnSubs are the names of gitOwnSubs that are not git's own in
// every git guard supports (2.30 on): builtins added after 2.30
// (checkout--worker, hook, fsmonitor--daemon, diagnose, replay, refs,
// backfill…), the programs distributions ship in packages of their own
// (send-email, svn, p4, gui, citool, the cvs ones, archimport; Fedora's
// git-subtree, git-daemon with http-backend, git-instaweb), and the
// builtins of some versions only (add--interactive, env--helper,
// bisect--helper: git 2.39's). On a git that lacks one, git runs the alias
// of that name (gitMaybeAlias).
const gitMaybeOwnSubs word.Set = " checkout--worker hook fsmonitor--daemon diagnose backfill diff-pairs format-rev history " +
	"last-modified refs replay repo url-parse archimport citool cvsexportcommit cvsimport cvsserver gui p4 send-email svn " +
	"subtree daemon instaweb http-backend add--interactive env--helper bisect--helper "

// gitAliasState is what guard found of an alias.
type gitAliasState int

const (
	gitAliasNone    gitAliasState = iota // no configuration sets it
	gitAliasFound                        // its value
	gitAliasUnknown                      // guard cannot tell
)

// gitExpandAliases rewrites the words of a git call (c.args) as git
// expands the aliases in them (see the file's comment): after it, the
// subcommand is git's own, a name no configuration sets, or none (a shell
// alias, analysed here with the command's arguments).
func (c *cmd) gitExpandAliases() {
	for depth := 0; ; depth++ {
		at := gitSubIndex(c.args)
		if at < 0 {
			return
		}
		sub := c.args[at].Text
		if !c.args[at].Known || !word.IsKnown(sub) {
			if c.w.guessing > 0 {
				return // text that may be a command: its words as they stand
			}
			c.w.hide("git runs a subcommand guard cannot tell (a substitution or a variable it does not know): it may be an alias that runs code guard cannot see")
			return
		}
		if gitMaybeOwnSubs.Has(sub) {
			c.gitMaybeAlias(sub, at) // the alias's reading; the builtin's is c.args as they stand
			return
		}
		if gitOwnSubs.Has(sub) {
			if sub == "remote-ext" {
				// git remote-ext URL CMD runs CMD (FINDINGS53b F12).
				c.w.hide("runs git remote-ext, which runs the command its operand holds as git's remote helper protocol asks; guard does not read it")
			}
			return // git ignores an alias of its own commands' names
		}
		v, st := c.gitAliasOf(sub, at)
		switch {
		case st == gitAliasNone:
			// git's error, or the program git-SUB git finds in its exec
			// path or on PATH (FINDINGS53b F13): looked up and read as any
			// program the command runs by a bare name.
			c.runFound("git-"+sub, c.args[at+1:])
			return
		case st == gitAliasUnknown:
			c.w.hide("git runs %s, an alias guard cannot tell (a configuration it cannot read, or a setting it does not know)", sub)
			return
		case depth >= maxGitAliasDepth:
			c.w.hide("git expands aliases deeper than guard follows (%s)", sub)
			return
		}
		if cmd, ok := strings.CutPrefix(v, "!"); ok {
			c.gitShellAlias(sub, cmd, at)
			return
		}
		ws, ok := gitSplitCmdline(v)
		if !ok {
			c.w.hide("git's alias %s has quotes guard cannot split as git does", sub)
			return
		}
		exp := make([]word.Word, 0, len(c.args)+len(ws))
		for _, s := range ws {
			exp = append(exp, word.Word{Text: s, Known: true})
		}
		if first, _ := gitSubcommand(exp); first == sub {
			return // git refuses a recursive alias
		}
		exp = append(append(c.args[:at:at], exp...), c.args[at+1:]...)
		c.args = exp
	}
}

// gitSubIndex returns the index of git's subcommand in args, after git's
// own options (-C DIR, -c K=V, --git-dir D…); -1 when there is none.
func gitSubIndex(args []word.Word) int {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "-C" || s == "-c" || s == "--git-dir" || s == "--work-tree" || s == "--namespace" || s == "--config-env":
			j++
		case strings.HasPrefix(s, "-"):
		default:
			return j
		}
	}
	return -1
}

// gitShellAlias analyses alias name = !cmd, which git runs at the top of
// the working tree with the arguments after name (c.args[at+1:]) as the
// shell's $1…: sh -c 'cmd "$@"' cmd ARGS…. The git call keeps its own
// options only: nothing else of it runs.
func (c *cmd) gitShellAlias(name, cmd string, at int) {
	args := c.args[at+1:]
	defer func() { c.args = c.args[:at] }()
	for _, a := range args {
		if !a.Known {
			c.w.hide("git runs the shell alias %s with an argument guard cannot tell", name)
			return
		}
	}
	if c.w.gitAliases >= maxGitAliasDepth {
		c.w.hide("git runs shell aliases deeper than guard follows (%s)", name)
		return
	}
	c.w.gitAliases++
	defer func() { c.w.gitAliases-- }()
	script := cmd
	if len(args) > 0 {
		var b strings.Builder
		b.WriteString("sh -c " + word.Quote(cmd+` "$@"`) + " " + word.Quote(cmd))
		for _, a := range args {
			b.WriteString(" " + word.Quote(a.Text))
		}
		script = b.String()
	}
	c.inTop(func() { c.w.runsHanded(script, "git") })
}

// gitSplitCmdline splits an alias value into words as git's split_cmdline
// does: blanks outside quotes separate words (each blank run once; a
// leading or trailing blank makes an empty word), '…' keeps its text, "…"
// and unquoted text take \c as c; false for an unclosed quote or a
// trailing \, which git refuses.
func gitSplitCmdline(v string) ([]string, bool) {
	var out []string
	var b strings.Builder
	quoted := byte(0)
	for i := 0; i < len(v); i++ {
		ch := v[i]
		switch {
		case quoted == 0 && gitSpace(ch):
			out = append(out, b.String())
			b.Reset()
			for i+1 < len(v) && gitSpace(v[i+1]) {
				i++
			}
		case quoted == 0 && (ch == '\'' || ch == '"'):
			quoted = ch
		case ch == quoted:
			quoted = 0
		case ch == '\\' && quoted != '\'':
			if i+1 >= len(v) {
				return nil, false
			}
			i++
			b.WriteByte(v[i])
		default:
			b.WriteByte(ch)
		}
	}
	if quoted != 0 {
		return nil, false
	}
	return append(out, b.String()), true
}

// gitSpace reports whether git's isspace holds for ch.
func gitSpace(ch byte) bool { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' }

// gitAliasKey reports whether setting key k sets alias name: alias.NAME
// (any case), or [alias "NAME"] command (the name as written).
func gitAliasKey(k, name string) bool {
	if len(k) < 6 || !strings.EqualFold(k[:6], "alias.") {
		return false
	}
	if sub, ok := strings.CutSuffix(k[6:], ".command"); ok && sub == name {
		return true
	}
	if i := strings.LastIndexByte(k, '.'); i > 5 && strings.EqualFold(k[i:], ".command") {
		return false // [alias "OTHER"] command
	}
	return strings.EqualFold(k[6:], name)
}

// gitAliasOf returns the value git gives alias name for the call c.args
// whose subcommand is at index at: the configuration files, then the
// environment's settings, then the call's -c and --config-env, the last
// winning.
func (c *cmd) gitAliasOf(name string, at int) (string, gitAliasState) {
	v, st := c.gitFileAlias(name)
	if ev, est := c.gitEnvAlias(name); est != gitAliasNone {
		v, st = ev, est
	}
	for g := range c.gitSettings(at) {
		k, val, eq := strings.Cut(g.text, "=")
		switch {
		case !word.IsKnown(k):
			v, st = "", gitAliasUnknown
			continue
		case !gitAliasKey(k, name):
			continue
		case g.env:
			val, eq = c.envValue(val)
		}
		if !eq || !word.IsKnown(val) {
			v, st = "", gitAliasUnknown // git -c alias.x (no value) is git's error
			continue
		}
		v, st = val, gitAliasFound
	}
	return v, st
}

// gitEnvAlias returns the value the environment's git settings give alias
// name: GIT_CONFIG_COUNT's GIT_CONFIG_KEY_n and GIT_CONFIG_VALUE_n, then
// GIT_CONFIG_PARAMETERS.
func (c *cmd) gitEnvAlias(name string) (string, gitAliasState) {
	v, st := "", gitAliasNone
	if n, ok := c.envValue("GIT_CONFIG_COUNT"); ok && n != "" {
		count, err := strconv.Atoi(n)
		if err != nil || count < 0 || count > maxGitEnvConfigs {
			return "", gitAliasUnknown
		}
		for i := range count {
			k, ok := c.envValue("GIT_CONFIG_KEY_" + strconv.Itoa(i))
			switch {
			case !ok:
				return "", gitAliasUnknown // git's error
			case !word.IsKnown(k):
				v, st = "", gitAliasUnknown
				continue
			case !gitAliasKey(k, name):
				continue
			}
			if val, ok := c.envValue("GIT_CONFIG_VALUE_" + strconv.Itoa(i)); ok && word.IsKnown(val) {
				v, st = val, gitAliasFound
			} else {
				v, st = "", gitAliasUnknown
			}
		}
	}
	if p, ok := c.envValue("GIT_CONFIG_PARAMETERS"); ok && p != "" {
		if !word.IsKnown(p) {
			return "", gitAliasUnknown
		}
		for _, kv := range c.w.gitConfigValues("GIT_CONFIG_PARAMETERS", p) {
			if gitAliasKey(kv[0], name) {
				v, st = kv[1], gitAliasFound
			}
		}
	}
	return v, st
}

// gitFileAlias returns the value the configuration files git loads give
// alias name (the user's, the repository's, the files they include), with
// what an earlier git config of the command set (gitConfigAliases):
// unknown when guard cannot read them, or the command set the alias to
// another value than the files hold.
func (c *cmd) gitFileAlias(name string) (string, gitAliasState) {
	a := &c.w.gitAliasSets
	if a.unknown {
		return "", gitAliasUnknown
	}
	set, isSet := a.values[strings.ToLower(name)]
	v, st := c.gitConfigAlias(name)
	switch {
	case !isSet:
		return v, st
	case st == gitAliasNone || st == gitAliasFound && v == set:
		return set, gitAliasFound
	}
	return "", gitAliasUnknown
}

// gitConfigAlias returns the value the configurations git loads give
// alias name, as they are on disk.
func (c *cmd) gitConfigAlias(name string) (string, gitAliasState) {
	st, ok := c.w.Files.(effect.Stater)
	if !ok {
		return "", gitAliasNone // the analysis of text alone: no configuration to read
	}
	files, ok := c.gitLoadedConfigs(st)
	if !ok {
		return "", gitAliasUnknown
	}
	r := c.gitConfigLastOf(files, func(k, _ string) bool { return gitAliasKey(k, name) })
	switch {
	case r.unknown() != "" || r.found && !word.IsKnown(r.v):
		return "", gitAliasUnknown
	case r.found:
		return r.v, gitAliasFound
	}
	return "", gitAliasNone
}

// gitLoadedConfigs returns the configuration files git loads in the
// working directory (before the includes they name): the user's, and in a
// repository its config and config.worktree; false when guard cannot tell
// the directory or the repository.
func (c *cmd) gitLoadedConfigs(st effect.Stater) ([]string, bool) {
	if !word.IsKnown(c.w.Dir) {
		return nil, false
	}
	files := c.gitUserConfigs()
	top, dotgit := c.gitHookRepo(st)
	switch {
	case top == "":
		return files, true // outside a repository: the user's
	case !word.IsKnown(top):
		return nil, false
	}
	known := true
	c.inDir(top, func() {
		gitDir, common := dotgit, ""
		if dotgit == "" {
			gitDir, common = c.gitFileTarget(".git")
		} else {
			common = c.gitCommonDir(dotgit)
		}
		if !word.IsKnown(gitDir) || !word.IsKnown(common) {
			known = false
			return
		}
		files = append(files, c.w.Where(common+"/config"), c.w.Where(gitDir+"/config.worktree"))
	})
	return files, known
}

// maxGitConfigRuns bounds the settings of configuration files analysed as
// the commands git runs, at one git call.
const maxGitConfigRuns = 16

// gitConfigRuns analyses, at each git call, the settings of the
// configurations git loads (gitLoadedConfigs and their includes) whose
// value git runs (gitRunsValue: core.fsmonitor, core.pager,
// core.sshCommand, an editor, the diff, merge and filter drivers…) as the
// commands they are, at the top of the working tree: a setting written by
// a path guard did not see runs no code it cannot see (git status runs
// core.fsmonitor). Aliases are expanded where they are used
// (gitExpandAliases), core.hooksPath read with the hooks (gitHooks). A
// configuration guard cannot read whole or as git does, or more settings than
// maxGitConfigRuns, hides the command; a directory or repository guard
// cannot tell is left to the checks of where it is.
func (c *cmd) gitConfigRuns() {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || c.w.guessing > 0 {
		return
	}
	files, ok := c.gitLoadedConfigs(st)
	if !ok {
		return
	}
	var runs, paths [][2]string
	hides := ""
	r := c.gitConfigLastOf(files, func(k, v string) bool {
		role, run := gitKeyRole(k, v)
		c.w.gitPagerKey(k, v) // readerstartup.go
		switch {
		case strings.HasPrefix(k, "alias."):
		case role == gitRoleHides:
			hides = k
		case role == gitRoleRuns:
			runs = append(runs, [2]string{k, run})
		case catalogue.GitPathKey(k)&(catalogue.GitPathShows|catalogue.GitPathWrites) != 0:
			paths = append(paths, [2]string{k, v}) // commit.template = .env (gitpaths.go)
		}
		return false
	})
	switch why := r.unknown(); {
	case why != "":
		c.w.hide("git loads %s: it cannot tell which commands git runs", why)
		return
	case hides != "":
		c.w.hide("git's configuration sets %s: git may run the program a URL names (ext::, a remote helper) from a place guard does not read (a submodule's .gitmodules)", hides)
		return
	case len(runs) > maxGitConfigRuns || len(paths) > maxGitConfigRuns:
		c.w.hide("git's configurations set more commands or files than guard analyses")
		return
	}
	if len(runs) == 0 && len(paths) == 0 {
		return
	}
	c.inTop(func() {
		saved := c.w.loadedConfig
		c.w.loadedConfig = true
		for _, kv := range runs {
			c.w.runsValue(kv[1], kv[0], func(t string) { c.w.gitRunsHanded(kv[0], t) })
		}
		c.w.loadedConfig = saved
		for _, kv := range paths {
			if !gitInclude(kv[0]) { // an include's settings are read with the file's
				c.w.gitPathSetting(kv[0], kv[1])
			}
		}
	})
}

// gitAliasSets is what the command's git config calls set of aliases, for
// the git calls after them: values by lower-cased name, and whether one
// set or removed something guard cannot tell (a key or value it does not
// know, an include, a section renamed, an edit).
type gitAliasSets struct {
	values  map[string]string
	unknown bool
}

// gitConfigAliases records what git config's parsed words p set of
// aliases (see gitAliasSets).
func (w *walker) gitConfigAliases(p gitConfigArgs) {
	a := &w.gitAliasSets
	switch p.action {
	case gitCfgGet:
		return
	case gitCfgSet, gitCfgUnset:
	default:
		a.unknown = true // sections, edit
		return
	}
	if len(p.operands) == 0 {
		return
	}
	k := p.operands[0]
	switch {
	case !word.IsKnown(k) || gitInclude(strings.ToLower(k)):
		a.unknown = true
	case len(k) > 6 && strings.EqualFold(k[:6], "alias."):
		if p.action == gitCfgUnset || len(p.operands) < 2 || !word.IsKnown(p.operands[1]) || strings.Contains(k[6:], ".") {
			a.unknown = true
			return
		}
		if a.values == nil {
			a.values = map[string]string{}
		}
		a.values[strings.ToLower(k[6:])] = p.operands[1]
	}
}

// gitMaybeAlias analyses the alias name (the subcommand at index at) on a
// git that lacks name as its own (gitMaybeOwnSubs): git runs the alias
// there, and its own command where it has it, so both readings are
// analysed (default deny: guard does not know which git runs). The alias's
// is analysed here, as the git command or shell command it expands to;
// c.args keep the builtin's.
func (c *cmd) gitMaybeAlias(name string, at int) {
	v, st := c.gitAliasOf(name, at)
	switch {
	case st == gitAliasNone:
		return
	case st == gitAliasUnknown:
		c.w.hide("git runs %s, which on some git versions is an alias guard cannot tell (a configuration it cannot read, or a setting it does not know)", name)
		return
	case c.w.gitAliases >= maxGitAliasDepth:
		c.w.hide("git expands aliases deeper than guard follows (%s)", name)
		return
	}
	saved := slices.Clone(c.args)
	defer func() { c.args = saved }()
	if cmd, ok := strings.CutPrefix(v, "!"); ok {
		c.gitShellAlias(name, cmd, at)
		return
	}
	ws, ok := gitSplitCmdline(v)
	if !ok {
		c.w.hide("git's alias %s has quotes guard cannot split as git does", name)
		return
	}
	var b strings.Builder
	b.WriteString("git")
	for j, a := range c.args {
		switch {
		case !a.Known:
			c.w.hide("git runs %s, which on some git versions is an alias, with an argument guard cannot tell", name)
			return
		case j == at:
			for _, s := range ws {
				b.WriteString(" " + word.Quote(s))
			}
		default:
			b.WriteString(" " + word.Quote(a.Text))
		}
	}
	c.w.gitAliases++
	defer func() { c.w.gitAliases-- }()
	c.w.runsHanded(b.String(), "git")
}
