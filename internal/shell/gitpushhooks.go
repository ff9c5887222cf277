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
// there, as the user, with the user's configuration.
const gitReceiveHooks = " pre-receive update proc-receive post-receive post-update push-to-checkout reference-transaction "

// gitPushHooks analyses the hooks git push (args after the subcommand)
// runs in a repository on this machine it pushes to: a path, a file://
// URL, or a remote whose url is one (the push's own repository's
// configuration says). A destination guard cannot tell is cannot-tell; one
// on another machine runs nothing here.
func (c *cmd) gitPushHooks(st effect.Stater, at int, args []word.Word) {
	dest, ok := gitPushDest(args)
	if !ok {
		c.w.hide("git push names a destination guard cannot tell, whose hooks may run here")
		return
	}
	if c.gitPushConfigGiven(at) && !strings.ContainsAny(dest, "/.:") {
		// Unsure: a concrete finding on those settings (a remote-helper
		// URL naming ~/.ssh/id_rsa) says it better.
		c.w.hideUnsure("git push takes its destination from settings the command gives (-c, --config-env, GIT_CONFIG_*), which guard does not follow: it cannot tell whose hooks run here")
		return
	}
	files := c.gitPushConfigs() // read once for every remote and rewrite
	dests := []string{dest}
	if dest == "" {
		// The branch's push remote: branch.B.pushRemote, remote.pushDefault,
		// branch.B.remote, else origin; each one the configuration names
		// is checked (guard does not follow which branch is checked out).
		var ok bool
		if dests, ok = c.gitPushRemotes(files); !ok {
			c.w.hide("git push pushes to the branch's remote, which guard cannot tell from a configuration it cannot read")
			return
		}
	}
	for _, d := range dests {
		c.gitPushHooksOf(st, files, d)
	}
}

// gitPushRemotes returns the remotes git push without a destination may
// push to: origin and every remote the configuration names for a branch
// or as the push default; false when guard cannot read the configuration.
func (c *cmd) gitPushRemotes(files []string) ([]string, bool) {
	remotes := []string{"origin"}
	r := c.gitConfigLastOf(files, func(k, v string) bool {
		if k == "remote.pushdefault" || strings.HasPrefix(k, "branch.") && (strings.HasSuffix(k, ".pushremote") || strings.HasSuffix(k, ".remote")) {
			if !slices.Contains(remotes, v) && len(remotes) < maxPushRemotes {
				remotes = append(remotes, v)
			}
		}
		return false
	})
	return remotes, r.unknown() == ""
}

// maxPushRemotes bounds the remotes gitPushRemotes returns.
const maxPushRemotes = 16

// gitPushHooksOf analyses the hooks a push to dest runs here, its
// remotes and URL rewrites read from the configuration files.
func (c *cmd) gitPushHooksOf(st effect.Stater, files []string, dest string) {
	local, known := c.gitLocalRemote(files, dest, 0)
	switch {
	case !known:
		c.w.hide("git push pushes to a destination guard cannot tell (%s), whose hooks may run here", word.Quote(word.Render(dest)))
		return
	case local == "":
		return
	}
	dotgit, found := c.gitEnterRepo(st, local)
	if !found {
		return // no repository there: git refuses, nothing runs
	}
	c.inDir(c.w.Where(dotgit), func() {
		if hooks, ok := c.gitHooksDir("."); ok && hooks != "" {
			c.gitRunHooks(st, hooks, gitHookSet{hooks: gitReceiveHooks}, false)
		}
	})
}

// gitEnterSuffixes are what git's receive-pack tries after the directory
// it is given, in order (path.c enter_repo): git push ../r reaches
// ../r.git.
var gitEnterSuffixes = [...]string{"/.git", "", ".git/.git", ".git"}

// gitEnterRepo returns the git directory receive-pack takes for local, as
// git's enter_repo does: the first suffix whose path is a git directory
// (a .git file, or one guard cannot tell, is recorded as hidden and
// ends the search); false when there is none (or it was hidden).
func (c *cmd) gitEnterRepo(st effect.Stater, local string) (string, bool) {
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
				return "", false
			case valid:
				return d, true
			}
		default: // a .git file, a link, what guard cannot read
			c.w.hide("git push pushes to a repository whose git directory guard cannot tell (%s), whose hooks run here", word.Quote(word.Render(d)))
			return "", false
		}
	}
	return "", false
}

// gitPushConfigGiven reports whether the command gives git settings that
// may name a push's destination: -c or --config-env of a remote., url. or
// branch. key before the subcommand (at), or GIT_CONFIG_COUNT /
// GIT_CONFIG_PARAMETERS in its environment.
func (c *cmd) gitPushConfigGiven(at int) bool {
	for g := range c.gitSettings(at) {
		k := strings.ToLower(g.text)
		if !g.known || strings.HasPrefix(k, "remote") || strings.HasPrefix(k, "url.") || strings.HasPrefix(k, "branch.") || strings.HasPrefix(k, "include") || !word.IsKnown(k) {
			return true
		}
	}
	for _, name := range [...]string{"GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS"} {
		if v, ok := c.envValue(name); ok && v != "" {
			return true
		}
	}
	return false
}

// gitReceivePackHooks analyses the hooks git receive-pack DIR runs in
// DIR, the repository it receives into (the standard input a push's
// sender writes).
func (c *cmd) gitReceivePackHooks(st effect.Stater, args []word.Word) {
	for _, a := range args {
		switch {
		case strings.HasPrefix(a.Text, "-") && a.Known:
			continue
		case !a.Known && !word.IsKnown(a.Text):
			c.w.hide("git receive-pack receives into a repository guard cannot tell, whose hooks run here")
			return
		}
		d := a.Text
		if !strings.ContainsAny(d, "/") {
			d = "./" + d // a directory, never a remote's name
		}
		c.gitPushHooksOf(st, nil, d) // a directory as named: no remote, no rewrite
		return
	}
}

// gitPushDest returns the repository operand of git push (args after the
// subcommand): the first word that is not an option or an option's
// value, "" for none (the branch's remote, origin by default); false when
// guard cannot tell which word it is.
func gitPushDest(args []word.Word) (string, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i].Text
		switch {
		case !args[i].Known && strings.HasPrefix(a, "-"):
			return "", false
		case a == "--":
			if i+1 < len(args) {
				return args[i+1].Text, args[i+1].Known || word.IsKnown(args[i+1].Text)
			}
			return "", true
		case strings.HasPrefix(a, "--repo="):
			return strings.TrimPrefix(a, "--repo="), true
		case a == "-o" || a == "--push-option" || a == "--repo":
			if a == "--repo" && i+1 < len(args) {
				return args[i+1].Text, true
			}
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a, true
		}
	}
	return "", true
}

// gitLocalRemote returns the directory (as named from the walker's) of
// the repository on this machine git push reaches through dest, "" for
// one elsewhere; false when guard cannot tell.
func (c *cmd) gitLocalRemote(files []string, dest string, depth int) (string, bool) {
	if dest == "" || !word.IsKnown(dest) || depth > 2 {
		return "", false
	}
	dest, ok := c.gitRewriteURL(files, dest)
	if !ok {
		return "", false
	}
	if u, ok := strings.CutPrefix(dest, "file://"); ok {
		return u, true
	}
	if strings.Contains(dest, "://") || gitScpLike(dest) {
		return "", true // another machine (ssh:// and host:path run receive-pack there)
	}
	if strings.ContainsAny(dest, "/.") || strings.HasPrefix(dest, "~") {
		return dest, true
	}
	// A remote's name: its pushurl, else its url; a directory of that name
	// when the configuration has none.
	r := c.gitConfigLastOf(files, func(k, _ string) bool {
		return k == "remote."+dest+".url" || k == "remote."+dest+".pushurl" // a subsection: as written
	})
	switch {
	case r.unknown() != "":
		return "", false
	case !r.found:
		return dest, true
	}
	return c.gitLocalRemote(files, r.v, depth+1)
}

// gitRewriteURL returns u as git push rewrites it: the base of the
// url.BASE.pushInsteadOf, else url.BASE.insteadOf, whose value is the
// longest prefix of u; false when guard cannot read the configuration.
func (c *cmd) gitRewriteURL(files []string, u string) (string, bool) {
	var base, prefix string
	push := false
	r := c.gitConfigLastOf(files, func(k, v string) bool {
		rest, ok := strings.CutPrefix(k, "url.")
		if !ok || v == "" || !strings.HasPrefix(u, v) {
			return false
		}
		if b, ok := strings.CutSuffix(rest, ".pushinsteadof"); ok && (!push || len(v) > len(prefix)) {
			base, prefix, push = b, v, true
		} else if b, ok := strings.CutSuffix(rest, ".insteadof"); ok && !push && len(v) > len(prefix) {
			base, prefix = b, v
		}
		return false
	})
	if r.unknown() != "" {
		return "", false
	}
	return base + u[len(prefix):], true
}

// gitScpLike reports whether u is git's scp-like address, host:path
// (before any slash, a colon).
func gitScpLike(u string) bool {
	i := strings.IndexByte(u, ':')
	return i > 0 && !strings.Contains(u[:i], "/")
}

// gitPushConfigs returns the configuration files git push reads remotes
// from: the user's, then the repository's (.git/config up from the
// walker's directory, as gitHookRepo finds it).
func (c *cmd) gitPushConfigs() []string {
	files := c.gitUserConfigs()
	st, ok := c.w.Files.(effect.Stater)
	if !ok {
		return files
	}
	top, dotgit := c.gitHookRepo(st)
	if top == "" || dotgit == "" {
		return files
	}
	return append(files, path.Join(top, dotgit, "config"))
}
