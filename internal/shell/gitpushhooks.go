package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitReceiveHooks are the hooks git receive-pack runs in the repository
// it receives into: git push to a repository on this machine runs them
// there, as the user, with the user's configuration; pre-auto-gc is its
// gc --auto's (receive.autogc, on by default).
const gitReceiveHooks = " pre-receive update proc-receive post-receive post-update push-to-checkout reference-transaction pre-auto-gc "

// gitPushRun is what a push's check reads once: the configuration files
// git reads remotes and rewrites from, and where git runs.
type gitPushRun struct {
	files  []string    // the user's, then the repository's (from top)
	kv     [][2]string // their settings (and their includes'), in git's order
	top    string      // where git push runs (as named from the command's start): a relative URL is from there
	common string      // the repository's common git directory (from top)
	given  bool        // the command gives git settings (-c, --config-env, GIT_CONFIG_*)
}

// gitPushHooks analyses the hooks git push or send-pack (sub; args after
// it, at its index) runs on this machine, default-deny: a push passes
// without more only when every URL it pushes to (after git's own remote
// look-up and url rewrites) is another machine's (https, ssh, git,
// host:path); a path or a file:// URL has its receiving repository's
// hooks read; anything guard cannot resolve as git does is cannot-tell.
func (c *cmd) gitPushHooks(st effect.Stater, at int, sub string, args []word.Word) {
	p, why := gitPushParse(sub, args)
	switch {
	case why != "":
		c.w.hide("git %s is given %s: guard cannot tell where it pushes, whose hooks may run here", sub, why)
		return
	case p.refused:
		return // git refuses the words: nothing runs
	}
	run, found, why := c.gitPushSetup(st, at)
	switch {
	case strings.HasPrefix(why, "settings"):
		// Unsure: a concrete finding on those settings (a remote-helper
		// URL naming ~/.ssh/id_rsa) says it better.
		c.w.hideUnsure("git %s pushes with %s: guard cannot tell where it pushes, whose hooks may run here", sub, why)
		return
	case why != "":
		c.w.hide("git %s pushes with %s: guard cannot tell where it pushes, whose hooks may run here", sub, why)
		return
	case !found:
		return // no repository: git refuses, nothing runs
	}
	c.inDir(run.top, func() { c.gitPushTo(st, run, sub, p) })
}

// gitPushTo checks what a push (sub, its words read as p) runs here, the
// walker in the directory git runs in (run.top).
func (c *cmd) gitPushTo(st effect.Stater, run gitPushRun, sub string, p gitPushArgs) {
	urls := []string{p.dest}
	var why string
	if sub == "push" {
		if urls, why = c.gitPushURLs(st, run, p.dest); why == "" {
			why = c.gitPushSubmodules(st, run, p.recurse)
		}
		if why != "" {
			c.w.hide("git push %s: guard cannot tell where it pushes, whose hooks may run here", why)
			return
		}
	} else if p.dest == "" {
		return // send-pack without a destination: git refuses
	}
	for _, u := range urls {
		if !c.gitPushURLHooks(st, run, sub, u) {
			return
		}
	}
}

// gitPushSetup reads where git push runs and the configuration it
// reads; false when there is no repository (git refuses); why says what
// guard cannot tell: a user configuration the command moves, settings it
// gives that may name a destination, a repository it cannot find.
func (c *cmd) gitPushSetup(st effect.Stater, at int) (gitPushRun, bool, string) {
	var run gitPushRun
	if name := c.gitUserConfigMoved(); name != "" {
		return run, false, name + " set by the command, whose user configuration (remotes, url rewrites) guard does not read"
	}
	given, why := c.gitPushSettings(at)
	if why != "" {
		return run, false, why
	}
	top, dotgit, why := c.gitPushRepo(st)
	if why != "" || top == "" {
		return run, false, why
	}
	gitDir, common := dotgit, ""
	c.inDir(top, func() {
		if dotgit == "" {
			gitDir, common = c.gitFileTarget(".git")
		} else {
			common = c.gitCommonDir(dotgit)
		}
	})
	if !word.IsKnown(gitDir) || !word.IsKnown(common) {
		return run, false, "a repository whose .git file or commondir guard cannot read"
	}
	run.top, run.given, run.common = top, given, common
	run.files = append(c.gitUserConfigs(), path.Join(common, "config"), path.Join(gitDir, "config.worktree"))
	c.inDir(top, func() {
		r := c.gitConfigLastOf(run.files, func(k, v string) bool {
			run.kv = append(run.kv, [2]string{k, v})
			return false
		})
		why = r.unknown()
	})
	if why != "" {
		return run, false, "a configuration: " + why
	}
	return run, true, ""
}

// gitPushRepo returns where git push runs (the top of the working tree,
// or a bare repository) and its git directory as named from there ("" for
// a .git file), as gitHookRepo finds them; "" and no reason when there is
// no repository; a reason when guard cannot tell.
func (c *cmd) gitPushRepo(st effect.Stater) (top, dotgit, why string) {
	if named := c.gitDirsNamed(); len(named) > 0 {
		if !word.IsKnown(named[0]) {
			return "", "", "a git directory guard cannot tell"
		}
		return c.w.Dir, named[0], ""
	}
	if !word.IsKnown(c.w.Dir) {
		return "", "", "a directory guard cannot tell"
	}
	up := "."
	for range maxRepoDepth {
		switch k := c.dotGitKind(st, path.Join(up, ".git")); k {
		case effect.EntryDir:
			return effect.Under(c.w.Dir, up), ".git", ""
		case effect.EntryFile:
			return effect.Under(c.w.Dir, up), "", ""
		case effect.EntryLink, effect.EntryUnknown:
			return "", "", "a .git guard cannot follow"
		}
		if valid, known := c.gitDirValid(st, up); !known {
			return "", "", "a git directory guard cannot tell"
		} else if valid {
			return effect.Under(c.w.Dir, up), ".", ""
		}
		if c.w.Where(up) == "/" {
			return "", "", ""
		}
		up = path.Join(up, "..")
	}
	return "", "", "" // none that near: gitHookRepo's answer
}

// gitUserConfigMoved returns the variable the command sets that moves the
// user's git configuration from where guard reads it (HOME,
// XDG_CONFIG_HOME elsewhere than the user's own; GIT_CONFIG_GLOBAL,
// GIT_CONFIG_SYSTEM, GIT_CONFIG), or "".
func (c *cmd) gitUserConfigMoved() string {
	for _, name := range [...]string{"HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"} {
		if _, set := c.w.varMap()[name]; !set {
			continue
		}
		if v, known := c.w.lookup(name); strings.HasPrefix(name, "GIT_") || !c.w.ownEditorHome(name, v, known) {
			return name
		}
	}
	return ""
}

// gitPushSettings reports whether the command gives git settings (-c,
// --config-env before the subcommand at, GIT_CONFIG_COUNT,
// GIT_CONFIG_PARAMETERS); why says when one may name where a push goes
// or what it pushes (remote., url., branch., push.recurseSubmodules,
// submodule., include, one guard cannot read; push.default and the other
// push. settings choose refs, not where they go).
func (c *cmd) gitPushSettings(at int) (given bool, why string) {
	for g := range c.gitSettings(at) {
		given = true
		k := strings.ToLower(g.text)
		for _, pre := range [...]string{"remote", "url.", "branch.", "push.recursesubmodules", "submodule.", "include"} {
			if strings.HasPrefix(k, pre) {
				return true, "settings the command gives (" + word.Quote(g.text) + ")"
			}
		}
		if !g.known || !word.IsKnown(k) {
			return true, "settings the command gives that guard cannot read"
		}
	}
	for _, name := range [...]string{"GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS"} {
		if v, ok := c.envValue(name); ok && v != "" {
			return true, "settings the command gives (" + name + ")"
		}
	}
	return given, ""
}

// gitPushURLs returns the URLs git push to dest (its operand, "" for
// none) pushes to, as remote.c resolves them: a name the configuration
// has a remote of is that remote's pushurls, else its urls (each after
// the url rewrites); another operand is the URL it names, rewritten;
// without an operand, the branch's push remote. why says what guard
// cannot tell.
func (c *cmd) gitPushURLs(st effect.Stater, run gitPushRun, dest string) ([]string, string) {
	if dest != "" {
		return c.gitPushRemoteURLs(st, run, dest, true)
	}
	// The branch's push remote: branch.B.pushRemote, remote.pushDefault,
	// branch.B.remote, else origin; each one the configuration names is
	// checked (guard does not follow which branch is checked out).
	names := gitPushRemotes(run.kv)
	var urls []string
	for i, n := range names {
		u, why := c.gitPushRemoteURLs(st, run, n, i > 0) // origin by default: no URL of that name
		if why != "" {
			return nil, why
		}
		urls = append(urls, u...)
	}
	return urls, ""
}

// gitPushRemotes returns the remotes git push without a destination may
// push to: origin and every remote the configuration names for a branch
// or as the push default (settings kv).
func gitPushRemotes(kv [][2]string) []string {
	remotes := []string{"origin"}
	for _, e := range kv {
		k, v := e[0], e[1]
		if k == "remote.pushdefault" || strings.HasPrefix(k, "branch.") && (strings.HasSuffix(k, ".pushremote") || strings.HasSuffix(k, ".remote")) {
			if !slices.Contains(remotes, v) && len(remotes) < maxPushRemotes {
				remotes = append(remotes, v)
			}
		}
	}
	return remotes
}

// maxPushRemotes bounds the remotes gitPushRemotes returns.
const maxPushRemotes = 16

// gitPushRemoteURLs returns the URLs a push to name reaches (remote.c
// remote_get, push_url_of_remote): a remote the configuration defines
// (url, pushurl; a name with dots too) is every pushurl, else every url,
// each rewritten (insteadOf, pushInsteadOf: both checked); a remote that
// is a file ($GIT_DIR/remotes/NAME, branches/NAME) or a foreign vcs
// (remote.NAME.vcs: git-remote-VCS runs) is cannot-tell; given, a name
// that is no remote is a URL itself, rewritten. why says what guard cannot
// tell.
func (c *cmd) gitPushRemoteURLs(st effect.Stater, run gitPushRun, name string, given bool) ([]string, string) {
	if !word.IsKnown(name) {
		return nil, "names a destination guard cannot tell"
	}
	var urls, pushurls []string
	vcs := false
	if gitRemoteNick(name) {
		for _, e := range run.kv {
			switch e[0] {
			case "remote." + name + ".url": // a subsection: as written
				urls = append(urls, e[1])
			case "remote." + name + ".pushurl":
				pushurls = append(pushurls, e[1])
			case "remote." + name + ".vcs":
				vcs = true
			}
		}
		switch {
		case vcs:
			return nil, "pushes to remote " + word.Quote(name) + " of another version control system (remote." + name + ".vcs), whose helper runs here"
		case len(urls) == 0:
			for _, d := range [...]string{"remotes", "branches"} {
				if k, _ := st.Lstat(c.w.Where(path.Join(run.common, d, name))); k != effect.EntryNone {
					return nil, "pushes to remote " + word.Quote(name) + " read from the git directory's " + d + "/ file"
				}
			}
		}
	}
	if len(urls) == 0 && given {
		urls = append(urls, name) // a URL, or a path: add_url_alias
	}
	var out []string
	for _, u := range append(pushurls, urls...) {
		out = append(out, gitURLRewrites(run.kv, u)...)
	}
	return out, ""
}

// gitURLRewrites returns what git's url rewrites make of u (remote.c
// alias_url): the base of the url.BASE.insteadOf whose value is the
// longest prefix of u (u when none), and of the longest
// url.BASE.pushInsteadOf when one is; each base of equal longest prefixes.
func gitURLRewrites(kv [][2]string, u string) []string {
	var bases [2][]string
	var longest [2]int
	for _, e := range kv {
		k, v := e[0], e[1]
		rest, ok := strings.CutPrefix(k, "url.")
		if !ok || v == "" || !strings.HasPrefix(u, v) {
			continue
		}
		for i, suf := range [...]string{".insteadof", ".pushinsteadof"} {
			b, ok := strings.CutSuffix(rest, suf)
			switch {
			case !ok || len(v) < longest[i]:
			case len(v) > longest[i]:
				bases[i], longest[i] = []string{b + u[len(v):]}, len(v)
			default:
				bases[i] = append(bases[i], b+u[len(v):])
			}
		}
	}
	if len(bases[0]) == 0 {
		bases[0] = []string{u}
	}
	return append(bases[0], bases[1]...)
}

// gitPushURLHooks checks what a push (sub) to URL u runs here: nothing
// for another machine; the receiving repository's hooks for a path (from
// where git push runs: the top) or a file:// URL; cannot-tell for a URL
// guard cannot tell, or settings the command gives git, which receive-pack
// inherits. false when a hide was recorded.
func (c *cmd) gitPushURLHooks(st effect.Stater, run gitPushRun, sub, u string) bool {
	kind, local := gitURL(u)
	switch {
	case kind == gitURLNetwork:
		return true
	case kind == gitURLUnknown:
		c.w.hide("git %s pushes to %s, which guard cannot tell is another machine's (a remote helper, a scheme it does not know): its hooks may run here", sub, word.Quote(word.Render(u)))
		return false
	case run.given:
		c.w.hide("git %s pushes to %s on this machine with settings the command gives (-c, --config-env, GIT_CONFIG_*), which its receive-pack reads: guard cannot tell which hooks run", sub, word.Quote(word.Render(u)))
		return false
	}
	return c.gitPushHooksOf(st, run.files[:len(run.files)-2], local)
}

// gitPushSubmodules checks a push's submodule recursion: with
// --recurse-submodules on-demand or only (or push.recurseSubmodules,
// submodule.recurse in the configuration) git push pushes each
// submodule to its own remote, which guard does not follow: cannot-tell
// in a repository that has submodules.
func (c *cmd) gitPushSubmodules(st effect.Stater, run gitPushRun, recurse string) string {
	if recurse == "" {
		pushed := ""
		for _, e := range run.kv {
			switch e[0] {
			case "push.recursesubmodules":
				pushed = e[1]
			case "submodule.recurse":
				if e[1] == "" || !gitFalse(e[1]) {
					recurse = "on-demand"
				}
			}
		}
		if pushed != "" {
			recurse = pushed
		}
	}
	if recurse == "" || !gitPushRecurses(recurse) {
		return ""
	}
	for _, p := range [...]string{".gitmodules", path.Join(run.common, "modules")} {
		if k, _ := st.Lstat(c.w.Where(p)); k != effect.EntryNone {
			return "pushes the submodules too (--recurse-submodules " + recurse + "), each to its own remote"
		}
	}
	return ""
}

// gitPushHooksOf checks the hooks a push to local (a path, as named from
// the walker's directory) runs in the repository receive-pack takes there
// (with the user's configuration files): its receive hooks and gc's
// pre-auto-gc; a checkout receive.denyCurrentBranch = updateInstead
// makes is cannot-tell. false when a hide was recorded.
func (c *cmd) gitPushHooksOf(st effect.Stater, userFiles []string, local string) bool {
	dotgit, found, ok := c.gitEnterRepo(st, local)
	if !found && ok && c.gitPushMade(local) {
		c.w.hide("git push pushes to %s, where no repository is now, after the command made or wrote files there (git clone, cp -r, a hook written into it): guard cannot tell which hooks run", word.Quote(word.Render(local)))
		return false
	}
	if !found {
		return ok // no repository there: git refuses, nothing runs
	}
	ok = true
	c.inDir(c.w.Where(dotgit), func() {
		r := c.gitConfigLast(append(slices.Clip(userFiles), "config"), "receive.denycurrentbranch")
		switch {
		case r.unknown() != "":
			c.w.hide("git push pushes to %s, whose configuration guard cannot read (%s)", word.Quote(word.Render(local)), r.unknown())
			ok = false
		case strings.EqualFold(r.v, "updateinstead"):
			c.w.hide("git push pushes to %s, which updates its checkout (receive.denyCurrentBranch = updateInstead), running its filters and core.fsmonitor, which guard does not read on this route", word.Quote(word.Render(local)))
			ok = false
		}
		if !ok {
			return
		}
		if hooks, hok := c.gitHooksDir("."); hok && hooks != "" {
			c.gitRunHooks(st, hooks, gitHookSet{hooks: gitReceiveHooks}, false)
		}
	})
	return ok
}

// gitPushMade reports whether the command, before a push to local (a
// path as named from the walker's directory) where no repository is now,
// wrote or touched anything at or under a name git takes for it (local,
// local.git: path.c enter_repo), as named or through the links on the
// way, wrote a directory above one, or wrote or touched a path guard
// cannot place: the repository, with hooks, may be there when the push
// runs. A directory above only touched (git add . names the project) is
// not counted. What the command writes after the push in its text (a
// background job, a loop's next pass) is checked when the walk ends
// (pushesMade).
func (c *cmd) gitPushMade(local string) bool {
	var names []string
	for _, a := range c.absAll(local) {
		names = append(names, a, a+".git")
	}
	if c.w.madeAt(names, 0, 0, true) {
		return true
	}
	c.w.pushes = append(c.w.pushes, pendingPush{local: local, names: names, writes: lenOf(c.w.WriteList), touches: lenOf(c.w.TouchList)})
	return false
}

// pendingPush is a push to a local path with no repository now, checked
// again against the writes the command's text makes after it.
type pendingPush struct {
	local           string
	names           []string
	writes, touches int
}

// pushesMade hides the command when it writes, after a push to a local
// path where no repository is now in its text, a name git takes for it:
// a background job, a loop's next pass, a trap may run the push after.
func (w *walker) pushesMade() {
	for _, p := range w.pushes {
		// writes only: the push's own operand is a touch recorded after it
		if w.madeAt(p.names, p.writes, lenOf(w.TouchList), false) {
			w.hide("git push pushes to %s, where no repository is now, and the command makes or writes files there, which may be before the push runs (a background job, a loop): guard cannot tell which hooks run", word.Quote(word.Render(p.local)))
			return
		}
	}
}

// lenOf returns the length of list l, 0 for none.
func lenOf(l *[]string) int {
	if l == nil {
		return 0
	}
	return len(*l)
}

// madeAt reports whether the writes (from index writes on) or touches
// (from touches on) the command recorded are at, under or (written) above
// one of names (absolute where the reader tells), or a path guard cannot
// place (when unsure counts).
func (w *walker) madeAt(names []string, writes, touches int, unsure bool) bool {
	for i, l := range []*[]string{w.WriteList, w.TouchList} {
		if l == nil {
			continue
		}
		from := [2]int{writes, touches}[i]
		for _, q := range (*l)[min(from, len(*l)):] {
			if word.HomeRelative(q) && w.Home != "" {
				q = w.Home + strings.TrimPrefix(q, "~")
			}
			q = w.placed(q)
			if strings.HasPrefix(q, "/dev/") {
				continue
			}
			for _, at := range names {
				switch {
				case !word.IsKnown(q) || !word.IsKnown(at) || strings.HasPrefix(q, "/") != strings.HasPrefix(at, "/"):
					if unsure {
						return true // a name guard cannot tell, or place against local
					}
				case q == at || strings.HasPrefix(q, at+"/"):
					return true
				case i == 0 && (q == "/" || q == "." || strings.HasPrefix(at, q+"/")):
					return true // a directory above it written (tar x, cp -r into it)
				}
			}
		}
	}
	return false
}

// absAll returns path p (named from the walker's directory) cleaned, and
// absolute where the reader can tell the working directory: as named and
// with the links on the way resolved.
func (c *cmd) absAll(p string) []string {
	p = word.Clean(c.w.Where(p))
	loc, ok := c.w.Files.(effect.Locator)
	if !ok {
		return []string{p}
	}
	var out []string
	if a, ok := loc.Abs(p); ok {
		out = append(out, a...)
	}
	if d, ok := loc.Abs(path.Dir(p)); ok {
		for _, x := range d {
			out = append(out, path.Join(x, path.Base(p))) // lk/m.git, m.git absent: the link lk resolved
		}
	}
	for i := range out {
		out[i] = word.Clean(out[i])
	}
	if len(out) == 0 {
		return []string{p}
	}
	return slices.Compact(out)
}

// placed returns path p as the ledger records it (from the directory the
// command starts in: effect.Under) cleaned, absolute where the reader can
// tell that directory. Not Where: the walker may have moved since.
func (w *walker) placed(p string) string {
	p = word.Clean(p)
	if loc, ok := w.Files.(effect.Locator); ok && !strings.HasPrefix(p, "/") {
		if a, ok := loc.Abs(p); ok && len(a) > 0 {
			return word.Clean(a[0])
		}
	}
	return p
}

// gitEnterSuffixes are what git's receive-pack tries after the directory
// it is given, in order (path.c enter_repo): git push ../r reaches
// ../r.git.
var gitEnterSuffixes = [...]string{"/.git", "", ".git/.git", ".git"}

// gitEnterRepo returns the git directory receive-pack takes for local, as
// git's enter_repo does: the first suffix whose path is a git directory;
// found false when there is none; ok false when a hide was recorded (a
// .git file, a link, one guard cannot tell ends the search).
func (c *cmd) gitEnterRepo(st effect.Stater, local string) (dotgit string, found, ok bool) {
	for _, suf := range gitEnterSuffixes {
		d := local + suf
		switch k, _ := st.Lstat(c.w.Where(d)); k {
		case effect.EntryNone:
			continue
		case effect.EntryDir:
			valid, known := c.gitDirValid(st, d)
			switch {
			case !known:
				c.w.hide("git push pushes to %s, which guard cannot tell is a repository, whose hooks would run here", word.Quote(word.Render(d)))
				return "", false, false
			case valid:
				return d, true, true
			}
		default: // a .git file, a link, what guard cannot read
			c.w.hide("git push pushes to a repository whose git directory guard cannot tell (%s), whose hooks run here", word.Quote(word.Render(d)))
			return "", false, false
		}
	}
	return "", false, true
}

// gitReceivePackHooks analyses the hooks git receive-pack DIR runs in
// DIR, the repository it receives into (the standard input a push's
// sender writes), DIR from the command's directory (receive-pack does not
// move to a work tree's top). An option guard does not know, a directory
// it cannot tell, or settings the command gives git (receive-pack reads
// them) are cannot-tell.
func (c *cmd) gitReceivePackHooks(st effect.Stater, at int, args []word.Word) {
	if given, _ := c.gitPushSettings(at); given || c.gitUserConfigMoved() != "" {
		c.w.hide("git receive-pack runs with settings or a user configuration the command gives, which guard does not read: it cannot tell which hooks run")
		return
	}
	for _, a := range args {
		switch {
		case !a.Known && !word.IsKnown(a.Text):
			c.w.hide("git receive-pack receives into a repository guard cannot tell, whose hooks run here")
			return
		case strings.HasPrefix(a.Text, "-"):
			if !gitReceivePackOpts.Has(a.Text) {
				c.w.hide("git receive-pack is given %s, an option guard does not know: it cannot tell which repository's hooks run here", word.Quote(a.Text))
				return
			}
			continue
		}
		c.gitPushHooksOf(st, c.gitUserConfigs(), a.Text)
		return
	}
}

// gitReceivePackOpts are git receive-pack's options (builtin/receive-pack.c).
const gitReceivePackOpts word.Set = " -q --quiet --no-quiet --stateless-rpc --no-stateless-rpc --http-backend-info-refs " +
	"--advertise-refs --reject-thin-pack-for-testing --skip-connectivity-check "
