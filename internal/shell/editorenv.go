package shell

// Where an editor loads the code it runs at start: vim sources the
// plugin/ and pack/*/start/ directories of its 'runtimepath' and
// 'packpath' (VIM and VIMRUNTIME pick the runtime directory, HOME and the
// XDG base directories the user's), nvim its init.lua under
// $XDG_CONFIG_HOME, emacs its init.el and the load-path's site-start.el.
// guard does not read those directories: where the command moves them
// (a variable it sets, :set rtp^=DIR in any of vim's texts) what the
// editor runs is what guard cannot tell (FINDINGS48b F1).

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// editorLoadVar takes a variable of catalogue.EditorLoadVars the command
// sets: whichever program then runs, an editor started with it loads its
// start-up code from the directory it names. The operating system's own
// directories (VIMRUNTIME=/usr/share/vim/vim90) move nothing the agent
// wrote.
func (w *walker) editorLoadVar(name, value string) {
	if !systemDirs(value) {
		w.hide("sets %s: an editor started with it (vim, nvim, emacs…) loads its start-up files and plugins from the directory it names, which guard does not read", name)
	}
}

// systemDirs reports whether every directory of list v (separated by :)
// is the operating system's (systemCode), which the agent cannot write.
func systemDirs(v string) bool {
	for _, d := range strings.Split(v, ":") {
		if d != "" && !systemCode(d) {
			return false
		}
	}
	return true
}

// editorHomeSet takes a variable of catalogue.EditorHomeVars or
// catalogue.EditorInitVars the command sets to value: an editor the command hands a file through a variable it
// set before (GIT_EDITOR=vim HOME=x git commit) loads its start-up files
// from under it. (Set after, the editor's own walk sees it: editorStartup.)
func (w *walker) editorHomeSet(name, value string) {
	if !w.editorVarMoved(name, value, true) {
		return
	}
	for _, ev := range strings.Fields(string(catalogue.EditorVars)) {
		if v, own := w.varMap()[ev]; !own || !v.Set {
			continue // not named by the command (unset VISUAL names none)
		}
		v, _ := w.lookup(ev)
		f := strings.Fields(v)
		if len(f) == 0 || !word.IsKnown(f[0]) || catalogue.IsEditor(path.Base(f[0])) {
			w.hide("sets %s, under which the editor %s names (%s) loads its start-up files and plugins, which guard does not read", name, ev, v)
			return
		}
	}
}

// editorStartup checks the run of an editor (vim, nvim, emacs, kak…), as
// written or handed a file by a runner: with a variable of
// catalogue.EditorHomeVars the command set elsewhere than the user's own
// place, what it loads at start is what guard cannot tell, unless it
// loads none of the user's files (vim -u NONE, --clean, emacs -Q).
func (c *cmd) editorStartup() {
	if !catalogue.IsEditor(c.name) || catalogue.StartsClean(c.name, c.args) {
		return
	}
	for _, name := range strings.Fields(string(catalogue.EditorHomeVars)) {
		if _, set := c.w.varMap()[name]; !set {
			continue
		}
		v, known := c.w.lookup(name)
		if !c.w.ownEditorHome(name, v, known) {
			c.w.hide("runs %s with %s set by the command: %s loads its start-up files and plugins from under it (a vimrc, init.lua, plugin/), which guard does not read", c.name, name, c.name)
			return
		}
	}
	for _, name := range strings.Fields(string(catalogue.EditorLoadVars)) {
		if _, set := c.w.varMap()[name]; !set {
			continue
		}
		if v, known := c.w.lookup(name); !known || !systemDirs(v) {
			c.w.hide("runs %s with %s set by the command: %s loads its start-up files and plugins from the directory it names, which guard does not read", c.name, name, c.name)
			return
		}
	}
}

// ownEditorHome reports whether v, the value of a variable of
// catalogue.EditorHomeVars (known: a value the shell holds), names the
// place the user's own start-up files are: the home as the command found
// it, ~/.config, ~/.local/share, the operating system's directories.
func (w *walker) ownEditorHome(name, v string, known bool) bool {
	if !known || unknownText(v) {
		return false
	}
	switch name {
	case "HOME":
		return w.ownHome(v)
	case "XDG_CONFIG_HOME":
		return v == "" || w.ownHome(strings.TrimSuffix(strings.TrimRight(v, "/"), "/.config"))
	case "XDG_DATA_HOME":
		return v == "" || w.ownHome(strings.TrimSuffix(strings.TrimRight(v, "/"), "/.local/share"))
	}
	return systemDirs(v) // XDG_CONFIG_DIRS, XDG_DATA_DIRS
}

// loadPathNamed reports whether text t (vim script, Lua, Python run by
// vim) names vim's 'runtimepath' or 'packpath' option: rtp, runtimepath,
// packpath as words, pp as an option (&pp, vim.o.pp, 'pp').
func loadPathNamed(t string) bool {
	low := strings.ToLower(t)
	for _, n := range [...]string{"runtimepath", "packpath", "rtp", "pp"} {
		for off := 0; off < len(low); {
			i := strings.Index(low[off:], n)
			if i < 0 {
				break
			}
			i += off
			off = i + len(n)
			before, after := byte(' '), byte(' ')
			if i > 0 {
				before = low[i-1]
			}
			if off < len(low) {
				after = low[off]
			}
			if word.IsWordChar(before) || word.IsWordChar(after) {
				continue
			}
			if n != "pp" || strings.IndexByte("&.'\":", before) >= 0 {
				return true
			}
		}
	}
	return false
}

// editorEnvSet reports whether text t (vim script, Lua, Python run by
// vim) sets an environment variable under which vim finds its start-up
// files (HOME, XDG_*, VIM, VIMRUNTIME, MYVIMRC: :let $HOME = "x", vim9's
// $HOME = "x") or calls a function that sets one (setenv(), vim.env,
// os.environ, putenv): vim run with --cmd 'let $HOME="x"' sources x/.vimrc
// (FINDINGS49b G5).
func editorEnvSet(t string) bool {
	low := strings.ToLower(t)
	for _, f := range [...]string{"setenv", "vim.env", "environ", "putenv"} {
		if strings.Contains(low, f) {
			return true
		}
	}
	for off := 0; off < len(t); {
		i := strings.IndexByte(t[off:], '$')
		if i < 0 {
			return false
		}
		i += off
		j := i + 1
		for j < len(t) && word.IsWordChar(t[j]) {
			j++
		}
		off = j
		name := t[i+1 : j]
		if !catalogue.EditorHomeVars.Has(name) && !catalogue.EditorLoadVars.Has(name) && name != "MYVIMRC" {
			continue
		}
		rest := strings.TrimLeft(t[j:], " \t")
		if strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") || strings.HasPrefix(rest, ".=") || strings.HasPrefix(rest, "..=") {
			return true
		}
	}
	return false
}

// editorEnvHidden is the reason editorEnvSet gives.
const editorEnvHidden = "runs vim script that sets an environment variable vim finds its start-up files and plugins under (HOME, VIMRUNTIME, XDG_…), or calls a function that may: it loads them from there, which guard does not read"

// loadPathHidden is the reason a change of 'runtimepath' or 'packpath'
// gives.
const loadPathHidden = "runs vim script that changes 'runtimepath' or 'packpath': vim loads the plugins of the directories it names (plugin/, pack/*/start/, ftplugin/) at start and by name later, which guard does not read"

// gitNoEditorSubs are git's subcommands known never to start an editor or
// a diff tool (which git guesses: vimdiff), whatever their options: any
// other (commit, branch --edit-description, replace --edit, difftool, an
// alias) may start the one the user's environment names, or vi
// (FINDINGS49b G1); checkout, restore, reset and stash only as
// gitNeverEdits says.
const gitNoEditorSubs word.Set = " status log diff show ls-files ls-tree ls-remote rev-parse rev-list fetch clone push " +
	"blame grep describe shortlog cat-file init archive bundle check-ignore check-attr for-each-ref show-ref " +
	"symbolic-ref update-index write-tree hash-object version reflog count-objects fsck gc prune worktree " +
	"switch rm mv clean whatchanged diff-tree diff-index diff-files name-rev merge-base "

// gitPatchOpts are, for the subcommands whose -p (--patch) prompt's `e`
// edits the hunk in the editor (checkout, restore, reset, stash push),
// the options known to start none: their short letters, the letters of
// those that take the rest of the word as a value, and their long
// options (FINDINGS50a F2).
func gitPatchOpts(sub string) (short, values string, long word.Set, ok bool) {
	switch sub {
	case "checkout":
		return "qfbBltdm", "bB", " --quiet --force --ours --theirs --track --no-track --detach --orphan --merge --conflict --progress --no-progress " +
			"--overwrite-ignore --no-overwrite-ignore --ignore-other-worktrees --recurse-submodules --no-recurse-submodules --overlay --no-overlay " +
			"--pathspec-from-file --pathspec-file-nul --guess --no-guess --ignore-skip-worktree-bits ", true
	case "restore":
		return "sSWqm", "s", " --source --staged --worktree --ours --theirs --merge --conflict --ignore-unmerged --ignore-skip-worktree-bits " +
			"--recurse-submodules --no-recurse-submodules --overlay --no-overlay --quiet --progress --no-progress --pathspec-from-file --pathspec-file-nul ", true
	case "reset":
		return "qN", "", " --hard --soft --mixed --merge --keep --quiet --no-quiet --pathspec-from-file --pathspec-file-nul --no-refresh --refresh " +
			"--recurse-submodules --no-recurse-submodules --intent-to-add ", true
	case "stash":
		return "aukqmS", "m", " --all --include-untracked --only-untracked --keep-index --no-keep-index --quiet --message --staged " +
			"--pathspec-from-file --pathspec-file-nul ", true
	}
	return "", "", "", false
}

// gitMessageGiven reports whether git commit's or tag's (sub) words args
// give the message (-m, -F, -C, --no-edit and their long forms, as git's
// parse-options reads them) and no option that starts the editor anyway
// (-e, --edit, -c, --reedit-message, --fixup's amend: and reword:;
// commit's -p, --patch, --interactive, whose prompt's `e` edits a hunk).
// A word guard cannot read, other than an option's value, may be one of
// those.
func gitMessageGiven(sub string, args []word.Word) bool {
	given := false
	for i := 0; i < len(args); i++ {
		s := args[i].Text
		long, _, eq := strings.Cut(s, "=")
		switch {
		case !args[i].Known:
			return false
		case s == "--":
			return given
		case strings.HasPrefix(s, "--") && len(s) > 2:
			if f := gitMessageFlags.Full(long); gitMessageFlags.Has(f) {
				given = given || f == "--no-edit"
				continue
			}
			f := gitMessageOpts.Full(long)
			if !gitMessageOpts.Has(f) {
				return false // an option guard does not list, or one that edits (git takes a unique prefix)
			}
			given = given || f == "--message" || f == "--file" || f == "--reuse-message"
			if !eq {
				i++ // its value, any text
			}
		case len(s) > 1 && s[0] == '-':
			next := false
			for k := 1; k < len(s); k++ {
				c := s[k]
				if c == 'e' || c == 'c' || c == 'p' && sub == "commit" {
					return false
				}
				given = given || c == 'm' || c == 'F' || c == 'C' && sub == "commit"
				if strings.IndexByte(gitMessageShortValues(sub), c) >= 0 {
					next = k+1 == len(s) && c != 'S' && (c != 'u' || sub == "tag")
					break // the rest of the word is the value
				}
			}
			if next {
				i++
			}
		}
	}
	return given
}

// gitMessageShortValues are git commit's or tag's (sub) short options
// that take a value: the rest of the word, or the next one.
func gitMessageShortValues(sub string) string {
	if sub == "tag" {
		return "mFun"
	}
	return "mFcCtSu"
}

// gitMessageOpts are git commit's and tag's long options that take a
// value (its message's among them); gitMessageFlags the long options
// known to take none and start no editor (--no-edit gives the message).
const (
	gitMessageOpts word.Set = " --message --file --reuse-message --author --date --squash --trailer --template --cleanup " +
		"--pathspec-from-file --local-user --contains --no-contains --merged --no-merged --sort --points-at --format "
	gitMessageFlags word.Set = " --all --amend --signoff --no-signoff --no-verify --verify --quiet --verbose --allow-empty " +
		"--allow-empty-message --reset-author --include --only --dry-run --short --branch --porcelain --long --null --status " +
		"--no-status --no-post-rewrite --annotate --sign --no-sign --force --create-reflog --gpg-sign --no-gpg-sign " +
		"--untracked-files --pathspec-file-nul --no-edit "
)

// gitStashNoEdit are git stash's subcommands that start no editor (push
// and save take gitPatchOpts' -p).
const gitStashNoEdit word.Set = " list show drop pop apply branch clear create store "

// gitNeverEdits reports whether git subcommand sub given args (its words
// after it) is known never to start an editor: one of gitNoEditorSubs, a
// commit or tag whose message is given (gitMessageGiven), or one of
// gitPatchOpts with only options known to start none (a word guard
// cannot read, -p, --patch, an option it does not know: it may).
func gitNeverEdits(sub string, args []word.Word) bool {
	if gitNoEditorSubs.Has(sub) {
		return true
	}
	if sub == "commit" || sub == "tag" {
		return gitMessageGiven(sub, args)
	}
	if sub == "stash" && len(args) > 0 && args[0].Known && !strings.HasPrefix(args[0].Text, "-") {
		if gitStashNoEdit.Has(args[0].Text) {
			return true
		}
		if args[0].Text != "push" && args[0].Text != "save" {
			return false
		}
		args = args[1:]
	}
	short, values, long, ok := gitPatchOpts(sub)
	if !ok {
		return false
	}
	for _, a := range args {
		s := a.Text
		switch {
		case !a.Known:
			return false
		case s == "--":
			return true
		case strings.HasPrefix(s, "--"):
			if name, _, _ := strings.Cut(s, "="); !long.Has(name) {
				return false
			}
		case len(s) > 1 && s[0] == '-':
			for k := 1; k < len(s); k++ {
				if strings.IndexByte(short, s[k]) < 0 {
					return false
				}
				if strings.IndexByte(values, s[k]) >= 0 {
					break
				}
			}
		}
	}
	return true
}

// gitEditorHome checks a git subcommand that may start an editor the
// command does not name (userEditorMoved). An editor the command names
// (GIT_EDITOR, EDITOR, -c core.editor) is judged where it is handed the
// file (editorHomeSet, editorStartup).
func (c *cmd) gitEditorHome(sub string, at int) {
	if sub == "" || gitNeverEdits(sub, c.args[at+1:]) {
		return
	}
	for j := 0; j < at; j++ {
		k, _, _ := strings.Cut(strings.TrimPrefix(c.args[j].Text, "--config-env="), "=")
		if k = strings.ToLower(k); k == "core.editor" || k == "sequence.editor" {
			return
		}
	}
	c.userEditorMoved("git "+sub, " GIT_EDITOR VISUAL EDITOR ")
}

// editorRunner checks a program that starts the user's editor (or one the
// system picks) on a file of its own: crontab -e, sudoedit (sudo -e:
// prefix), visudo, vipw, vigr; version control's commit messages (hg,
// jj, svn; not with the message given), kubectl edit, gh's bodies
// (userEditorMoved).
func (c *cmd) editorRunner() {
	switch c.name {
	case "sudoedit", "visudo":
		c.userEditorMoved(c.name, " SUDO_EDITOR VISUAL EDITOR ")
	case "vipw", "vigr":
		c.userEditorMoved(c.name, " VISUAL EDITOR ")
	case "crontab":
		if hasAny(c.args, "-e") {
			c.userEditorMoved(c.name, " VISUAL EDITOR ")
		}
	case "hg", "chg":
		if !c.messageGiven() {
			c.userEditorMoved(c.name, " HGEDITOR VISUAL EDITOR ")
		}
	case "jj":
		if !c.messageGiven() {
			c.userEditorMoved(c.name, " JJ_EDITOR VISUAL EDITOR ")
		}
	case "svn":
		if !c.messageGiven() && !hasAny(c.args, "--editor-cmd") {
			c.userEditorMoved(c.name, " SVN_EDITOR VISUAL EDITOR ")
		}
	case "kubectl", "oc":
		if hasAny(c.args, "edit") {
			c.userEditorMoved(c.name+" edit", " KUBE_EDITOR EDITOR ")
		}
	case "gh":
		c.userEditorMoved(c.name, " GH_EDITOR VISUAL EDITOR ")
	}
}

// messageGiven reports whether a version control command's words give
// its message (-m, --message, -F, --file, -l, --logfile) and not --edit,
// so that it starts no editor for one.
func (c *cmd) messageGiven() bool {
	if hasAny(c.args, "--edit") {
		return false // hg commit -m x --edit: the editor, started with it
	}
	for _, a := range c.args {
		s, _, _ := strings.Cut(a.Text, "=")
		switch {
		case s == "-m" || s == "--message" || s == "-F" || s == "--file" || s == "-l" || s == "--logfile" || s == "--stdin":
			return true
		case len(s) > 2 && s[0] == '-' && s[1] != '-' && (s[1] == 'm' || s[1] == 'F' || s[1] == 'l'):
			return true // -mtext
		}
	}
	return false
}

// userEditorMoved checks a program (what) that may start the user's editor,
// or vi, which the command does not name in the first of vars (the
// variables that program takes its editor from, in its order) the command
// sets or may inherit: a variable the command set that
// moves where that editor loads its start-up files (HOME, XDG_*), its
// runtime (VIMRUNTIME) or holds what it runs at start (VIMINIT, EXINIT)
// is what guard cannot tell (HOME=x git commit: x/.vimrc; FINDINGS50a F1).
func (c *cmd) userEditorMoved(what string, vars word.Set) {
	for _, ev := range strings.Fields(string(vars)) {
		if v, own := c.w.varMap()[ev]; own && v.Set {
			return // the command names the editor: judged where it is handed the file
		} else if !own && c.w.mayInherit(ev) {
			break // the user's: an inherited VISUAL beats the command's EDITOR=true
		}
	}
	for _, name := range strings.Fields(string(catalogue.EditorStartVars)) {
		if _, ok := c.w.varMap()[name]; !ok {
			continue
		}
		if v, known := c.w.lookup(name); c.w.editorVarMoved(name, v, known) {
			c.w.hide("runs %s with %s set by the command: the editor it may start (the user's, or vi) loads its start-up files and plugins from under it or runs it, which guard does not read", what, name)
			return
		}
	}
}

// mayInherit reports whether the command's shell may inherit variable
// name: the environment guard was given holds it, or guard has none.
func (w *walker) mayInherit(name string) bool {
	loc, ok := w.Files.(effect.Locator)
	if !ok {
		return true
	}
	_, set := loc.Env(name)
	return set
}
