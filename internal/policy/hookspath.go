package policy

// The hooks directory git really runs: a repository whose
// configuration sets core.hooksPath (.githooks, husky's .husky/_) runs
// DIR/pre-commit at each commit, as it runs .git/hooks/pre-commit without
// it; the default block_write names .git/hooks only. A path a command
// writes (or an unknown program touches) is looked up: the repository
// holding it (walking up to a .git, bounded), the core.hooksPath of its
// configuration and of the user's (system, XDG, ~/.gitconfig or
// $GIT_CONFIG_GLOBAL, with their includes), and a path in that directory
// is blocked as the .git/hooks globs block theirs.

import (
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/gitconfig"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/repo"
)

const (
	// maxHooksLevels bounds the directories walked up to a .git.
	maxHooksLevels = 12
	// maxConfigFiles bounds the git configuration files one lookup reads
	// (a file and its includes).
	maxConfigFiles = 8
	// maxConfigBytes bounds each.
	maxConfigBytes = 256 << 10
)

// hooksDirs remembers, for one hook call, the repositories looked at.
type hooksDirs struct {
	home   string
	mu     sync.Mutex
	read   bool
	global string            // the user's core.hooksPath, "" for none
	tops   map[string]string // a directory → its repository's top ("" for none)
	hooks  map[string]string // a top → the hooks directory git runs there ("" for .git/hooks)
	// userIncs are the files the user's configuration includes; incs, for
	// a top, those its repository's configuration includes.
	userIncs []string
	incs     map[string][]string
}

// check reports a write of text in the hooks directory git runs for the
// repository holding it, or in the user's own absolute one.
func (h *hooksDirs) check(text string) (event.Finding, bool) {
	if strings.Contains(text, path.Unknown) || strings.ContainsAny(text, "*?[") {
		return event.Finding{}, false
	}
	n := path.Normalize(text, h.home)
	if !strings.HasPrefix(n, "/") || strings.Contains(n, "/../") {
		return event.Finding{}, false
	}
	p := filepath.FromSlash(n)
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.read {
		h.read = true
		h.tops, h.hooks, h.incs = map[string]string{}, map[string]string{}, map[string][]string{}
		h.global = h.userHooksPath()
	}
	if f, hit := gitDirConfig(text, p); hit {
		return f, true
	}
	if f, hit := gitDirMade(text, p); hit {
		return f, true
	}
	top := h.top(filepath.Dir(p))
	dirs := []string{}
	if filepath.IsAbs(h.global) {
		dirs = append(dirs, h.global)
	}
	incs := h.userIncs
	if top != "" {
		if d := h.hooksFor(top); d != "" {
			dirs = append(dirs, d)
		}
		incs = append(slices.Clip(incs), h.incs[top]...)
	}
	if f, hit := includedConfig(text, n, incs); hit {
		return f, true
	}
	for _, d := range dirs {
		fd, fp := path.Fold(filepath.ToSlash(d)), path.Fold(n)
		if fp == fd || strings.HasPrefix(fp, strings.TrimSuffix(fd, "/")+"/") {
			return event.Finding{Detector: event.DetectorPaths, Rule: "blocked_path", Severity: "high",
				Reason:    "path '" + detect.Printable(text) + "' is in the hooks directory git runs for its repository (core.hooksPath): a file there runs at the next commit, as .git/hooks' do",
				LogReason: "path '" + event.Redacted + "' is in the hooks directory git runs for its repository (core.hooksPath)",
				Entry:     "core.hooksPath"}, true
		}
	}
	return event.Finding{}, false
}

// includedConfig reports a write of n (normalised text) to a file a git
// configuration includes ([include] path, [includeIf …] path, whatever the
// condition): it is configuration with .git/config's power
// (core.fsmonitor runs at every git status, core.hooksPath, aliases,
// sshCommand), so it is blocked as .git/config is.
func includedConfig(text, n string, incs []string) (event.Finding, bool) {
	fp := path.Fold(n)
	for _, inc := range incs {
		if path.Fold(filepath.ToSlash(filepath.Clean(inc))) == fp {
			return event.Finding{Detector: event.DetectorPaths, Rule: "blocked_path", Severity: "high",
				Reason:    "path '" + detect.Printable(text) + "' is a file a git configuration includes (include.path, includeIf): settings there (core.fsmonitor, core.hooksPath, aliases) run commands as .git/config's do",
				LogReason: "path '" + event.Redacted + "' is a file a git configuration includes (include.path, includeIf)",
				Entry:     "include.path"}, true
		}
	}
	return event.Finding{}, false
}

// top returns the top of the working tree holding directory d, or "".
func (h *hooksDirs) top(d string) string {
	var walked []string
	top := ""
	for range maxHooksLevels {
		if t, ok := h.tops[d]; ok {
			top = t
			break
		}
		walked = append(walked, d)
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			top = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	for _, w := range walked {
		h.tops[w] = top
	}
	return top
}

// hooksFor returns the hooks directory git runs in the repository at top
// when it is set ("" for .git/hooks, which the globs protect).
func (h *hooksDirs) hooksFor(top string) string {
	if d, ok := h.hooks[top]; ok {
		return d
	}
	v := h.global
	if cfg := repo.FindConfig(top); cfg != "" {
		lv, ok, incs := h.configValue(cfg)
		if ok {
			v = lv
		}
		h.incs[top] = incs
	}
	d := ""
	switch {
	case v == "":
	case v == "~" || strings.HasPrefix(v, "~/"):
		d = filepath.Join(h.home, v[1:])
	case filepath.IsAbs(v):
		d = filepath.Clean(v)
	default:
		d = filepath.Join(top, v)
	}
	h.hooks[top] = d
	return d
}

// userHooksPath returns core.hooksPath as the user's configuration sets
// it: /etc/gitconfig, then $XDG_CONFIG_HOME/git/config, then ~/.gitconfig
// ($GIT_CONFIG_GLOBAL in place of the last two), the last one winning.
func (h *hooksDirs) userHooksPath() string {
	files := []string{"/etc/gitconfig"}
	if g := os.Getenv("GIT_CONFIG_GLOBAL"); g != "" {
		files = append(files, g)
	} else {
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" && h.home != "" {
			xdg = filepath.Join(h.home, ".config")
		}
		if xdg != "" {
			files = append(files, filepath.Join(xdg, "git", "config"))
		}
		if h.home != "" {
			files = append(files, filepath.Join(h.home, ".gitconfig"))
		}
	}
	v := ""
	for _, f := range files {
		fv, ok, incs := h.configValue(f)
		if ok {
			v = fv
		}
		h.userIncs = append(h.userIncs, incs...)
	}
	if v == "~" || strings.HasPrefix(v, "~/") {
		v = filepath.Join(h.home, v[1:])
	}
	return v
}

// configValue returns core.hooksPath as configuration file f and the files
// it includes set it (at most maxConfigFiles files read), and the files
// included (read or not, there or not).
func (h *hooksDirs) configValue(f string) (string, bool, []string) {
	queue, v, found := []string{f}, "", false
	for i := 0; i < len(queue) && i < maxConfigFiles; i++ {
		data, err := regularfile.ReadFile(queue[i], maxConfigBytes)
		if err != nil {
			continue
		}
		val, ok, inc := repo.Setting(data, "core.hookspath")
		if ok {
			v, found = val, true
		}
		for _, p := range inc {
			switch form, rest := gitconfig.IncludePath(p); form {
			case gitconfig.IncludeHome:
				p = filepath.Join(h.home, rest)
			case gitconfig.IncludeUnknown:
				// ~USER/x: that user's home, as git looks it up;
				// %(prefix)/x: under git's installation (a system
				// directory, write-protected as such).
				rest, ok := strings.CutPrefix(p, "~")
				if !ok {
					continue
				}
				name, after, _ := strings.Cut(rest, "/")
				u, err := user.Lookup(name)
				if err != nil {
					continue
				}
				p = filepath.Join(u.HomeDir, after)
			case gitconfig.IncludeRelative:
				p = filepath.Join(filepath.Dir(queue[i]), p)
			}
			queue = append(queue, p)
		}
	}
	return v, found, queue[1:]
}

// gitDirRoles are the files of a git directory that hold its
// configuration or run as code, by their path in it.
var gitDirRoles = [...]string{"config", "config.worktree", "commondir", "hooks/", "objects/info/alternates", "info/grafts"}

// gitDirConfig reports a write of p (text as written) to a git directory's
// configuration or hooks wherever that directory is and whatever it is
// called: jj's backing repository (.jj/repo/store/git), a
// .git file's or git_target's target, a GIT_DIR. A directory is a git
// directory by its role, as git takes it: it holds HEAD and objects/ and
// refs/ (or a commondir file, a worktree's). The .git globs cover the
// usual name; this covers every other.
func gitDirConfig(text, p string) (event.Finding, bool) {
	slash := filepath.ToSlash(p)
	for _, role := range gitDirRoles {
		var d string
		if strings.HasSuffix(role, "/") {
			dir := filepath.ToSlash(filepath.Dir(p))
			if !strings.HasSuffix(dir, "/"+strings.TrimSuffix(role, "/")) || strings.HasPrefix(filepath.Base(p), ".") {
				continue
			}
			d = strings.TrimSuffix(dir, "/"+strings.TrimSuffix(role, "/"))
		} else if strings.HasSuffix(slash, "/"+role) {
			d = strings.TrimSuffix(slash, "/"+role)
		} else {
			continue
		}
		if d == "" || !repo.IsGitDir(filepath.FromSlash(d)) {
			continue
		}
		return event.Finding{Detector: event.DetectorPaths, Rule: "blocked_path", Severity: "high",
			Reason:    "path '" + detect.Printable(text) + "' is the configuration or a hook of a git directory (one not named .git: jj's backing repository, a gitdir: or git_target target): settings there (core.sshCommand, core.fsmonitor, aliases) and hooks run commands",
			LogReason: "path '" + event.Redacted + "' is the configuration or a hook of a git directory",
			Entry:     "git directory"}, true
	}
	return event.Finding{}, false
}
