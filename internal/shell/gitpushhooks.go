package shell

import (
	"path"
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
func (c *cmd) gitPushHooks(st effect.Stater, args []word.Word) {
	dest, ok := gitPushDest(args)
	if !ok {
		c.w.hide("git push names a destination guard cannot tell, whose hooks may run here")
		return
	}
	local, known := c.gitLocalRemote(dest)
	switch {
	case !known:
		c.w.hide("git push pushes to a destination guard cannot tell (%s), whose hooks may run here", word.Quote(word.Render(dest)))
		return
	case local == "":
		return
	}
	dotgit := local
	if k := c.dotGitKind(st, path.Join(local, ".git")); k == effect.EntryDir {
		dotgit = path.Join(local, ".git")
	} else if k != effect.EntryNone {
		c.w.hide("git push pushes to a repository whose git directory guard cannot tell (%s), whose hooks run here", word.Quote(word.Render(local)))
		return
	}
	if valid, known := c.gitDirValid(st, dotgit); !known || !valid {
		if !known {
			c.w.hide("git push pushes to %s, which guard cannot tell is a repository, whose hooks would run here", word.Quote(word.Render(local)))
		}
		return // not a repository: git refuses, nothing runs
	}
	c.inDir(c.w.Where(dotgit), func() {
		if hooks, ok := c.gitHooksDir("."); ok && hooks != "" {
			c.gitRunHooks(st, hooks, gitHookSet{hooks: gitReceiveHooks}, false)
		}
	})
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
func (c *cmd) gitLocalRemote(dest string) (string, bool) {
	if dest == "" {
		dest = "origin" // the branch's remote, most often origin
		if br := c.gitConfigLastOf(c.gitPushConfigs(), func(k, _ string) bool {
			return k == "remote.pushdefault" || strings.HasPrefix(k, "branch.") && strings.HasSuffix(k, ".pushremote")
		}); br.found || br.unknown() != "" {
			return "", false // a push remote the branch or the user picks: guard does not follow which
		}
	}
	if !word.IsKnown(dest) {
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
	r := c.gitConfigLastOf(c.gitPushConfigs(), func(k, _ string) bool {
		return k == "remote."+strings.ToLower(dest)+".url" || k == "remote."+strings.ToLower(dest)+".pushurl"
	})
	switch {
	case r.unknown() != "":
		return "", false
	case !r.found:
		return dest, true
	case !word.IsKnown(r.v) || strings.Contains(r.v, "insteadof"):
		return "", false
	}
	return c.gitLocalRemote(r.v)
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
