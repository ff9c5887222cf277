package shell

// A reader of data that loads start-up files of the user's from under HOME
// and the XDG directories: less its lesskey ($XDG_CONFIG_HOME/lesskey,
// ~/.config/lesskey, ~/.lesskey, ~/.less), whose #env section sets
// LESSOPEN, which less runs on every file (and on standard input with
// "|-"). With HOME or XDG_CONFIG_HOME moved by the command, what such a
// reader runs is what guard cannot tell, whether the command runs it
// (HOME=x less a.txt, git log | HOME=x less) or git and man start it as
// their pager (HOME=x git log, HOME=x man ls; FINDINGS50a F6).

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// startupReaders are the readers that load such start-up files: less;
// more and most (more is less on some systems, most its .mostrc); man
// (the pager it starts, less); bat its configuration (--pager); delta
// its git configuration (its pager).
const startupReaders word.Set = " less more most man bat batcat delta "

// readerStartup checks the run of a reader of startupReaders, as written
// or started by a runner (git's pager): with a variable of
// catalogue.EditorHomeVars the command moved, its start-up files are not
// the user's, which guard does not read. bat --no-config loads none.
func (c *cmd) readerStartup() {
	if !startupReaders.Has(c.name) {
		return
	}
	for _, a := range c.args {
		if a.Text == "--no-config" && (c.name == "bat" || c.name == "batcat") {
			return
		}
	}
	if name := c.w.homeMoved(); name != "" {
		c.w.hide("runs %s with %s set by the command: %s loads its start-up files from under it (less's lesskey, whose #env section sets LESSOPEN, a command less runs), which guard does not read", c.name, name, c.name)
	}
}

// homeMoved returns the variable of catalogue.EditorHomeVars the command
// set elsewhere than the user's own place, or "".
func (w *walker) homeMoved() string {
	for _, name := range strings.Fields(string(catalogue.EditorHomeVars)) {
		if _, set := w.varMap()[name]; !set {
			continue
		}
		if v, known := w.lookup(name); !w.ownEditorHome(name, v, known) {
			return name
		}
	}
	return ""
}

// gitPagerSubs are git's subcommands that print through a pager by default
// (help through man's; stash list and show too: gitPagerHome).
const gitPagerSubs word.Set = " log show diff grep blame annotate shortlog whatchanged reflog branch tag config " +
	"range-diff format-patch help cherry "

// gitPagerHome checks git's own pager, less when the command names none:
// git starts it for subcommand sub (at: its index), unless its output is a
// pipe or a file, with -P, or with a pager the command names (GIT_PAGER,
// PAGER, -c core.pager or pager.SUB: walked as given). With HOME or
// XDG_CONFIG_HOME moved, less loads the lesskey found there.
func (c *cmd) gitPagerHome(sub string, at int) {
	if c.piped || len(c.outFiles) > 0 {
		return
	}
	pages := gitPagerSubs.Has(sub) || c.w.gitPagerOn
	if sub == "stash" && at+1 < len(c.args) {
		pages = pages || c.args[at+1].Text == "list" || c.args[at+1].Text == "show" // printed as git log does
	}
	for g := range c.gitSettings(at) {
		k, v, _ := strings.Cut(g.text, "=")
		k = strings.ToLower(k)
		switch {
		case k == "pager."+sub && !g.env && gitFalse(v):
			return // -c pager.log=false: no pager
		case k == "pager."+sub && !g.env && gitBool(v):
			pages = true // -c pager.status=true: the default pager
		case k == "core.pager" || k == "pager."+sub:
			return // a pager the command names: walked as given
		case strings.HasPrefix(k, "pager."):
			pages = pages || g.env || !gitFalse(v) // another subcommand's: counted as paging
		}
	}
	for j := 0; j < at && j < len(c.args); j++ {
		switch c.args[j].Text {
		case "-C", "--git-dir", "--work-tree", "--namespace", "-c", "--config-env":
			j++ // a value, not an option
		case "-P", "--no-pager":
			return
		case "-p", "--paginate":
			pages = true
		}
	}
	if c.w.gitPagerNamed {
		return // a configuration's core.pager: walked as given
	}
	for _, v := range [...]string{"GIT_PAGER", "PAGER"} {
		if _, set := c.w.varMap()[v]; set {
			return
		}
	}
	if name := c.w.homeMoved(); pages && name != "" {
		c.w.hide("runs git %s with %s set by the command: the pager git starts (less) loads its start-up files from under it (a lesskey whose #env section sets LESSOPEN, a command less runs), which guard does not read", sub, name)
	}
}

// gitPagerKey notes a git setting k = v that makes a subcommand print
// through a pager (pager.status = true): the default one, less, unless
// it names another (walked as given), or names the pager (core.pager).
func (w *walker) gitPagerKey(k, v string) {
	switch {
	case k == "core.pager":
		// Walked as the command it is, but where the command set HOME
		// before git, not yet moved: less is checked as the default.
		if f := strings.Fields(v); len(f) == 0 || !startupReaders.Has(path.Base(f[0])) {
			w.gitPagerNamed = true
		}
	case strings.HasPrefix(k, "pager."):
		w.gitPagerOn = w.gitPagerOn || !gitFalse(v)
	}
}

// gitFalse reports whether v is one of git's spellings of false.
func gitFalse(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "false", "no", "off", "0":
		return true
	}
	return false
}
