package policy

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/gitconfig"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/repo"
)

// gitDirParts are the entries whose write makes a directory a git
// directory, as git's is_git_directory takes one: HEAD, objects, refs (a
// worktree's commondir names where the last two are).
var gitDirParts = [...]string{"HEAD", "commondir", "objects", "refs"}

// gitHookNames are the hooks git runs from a git directory's hooks/
// (githooks(5)).
var gitHookNames = [...]string{
	"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
	"prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge",
	"pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update",
	"reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite", "sendemail-validate",
	"fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit",
	"post-index-change",
}

// maxMadeConfig bounds the configuration file gitDirMade reads.
const maxMadeConfig = 1 << 20

// gitDirMade reports a write of p (text as written) that may make its
// directory d a git directory (d/HEAD, d/commondir, d/objects…, d/refs…)
// while d already holds a git configuration (config, config.worktree with
// a setting) or a hook git runs (hooks/pre-receive…): written before its
// HEAD, none of them was the configuration of a git directory when it was
// written, and git push, fetch or ls-remote to d then runs them
// (FINDINGS50a F7). It is judged as a write of that configuration now
// would be. A directory that is a git directory already is gitDirConfig's.
func gitDirMade(text, p string) (event.Finding, bool) {
	slash := filepath.ToSlash(p)
	for _, part := range gitDirParts {
		i := strings.LastIndex(slash, "/"+part)
		if i <= 0 {
			continue
		}
		rest := slash[i+1+len(part):]
		if rest != "" && (part == "HEAD" || part == "commondir" || rest[0] != '/') {
			continue
		}
		d := filepath.FromSlash(slash[:i])
		what := madeConfig(d)
		if what == "" || repo.IsGitDir(d) {
			continue
		}
		return event.Finding{Detector: event.DetectorPaths, Rule: "blocked_path", Severity: "high",
			Reason:    "path '" + detect.Printable(text) + "' may make its directory a git directory, which already holds " + what + ": git run on that repository (git push, fetch, ls-remote to it) then takes settings that run commands (core.hooksPath, core.fsmonitor) and runs its hooks, as if they were written into a git directory now",
			LogReason: "path '" + event.Redacted + "' may make its directory a git directory, which already holds " + what,
			Entry:     "git directory"}, true
	}
	return event.Finding{}, false
}

// madeConfig returns what of a git directory's configuration directory d
// holds ("" for nothing): a config or config.worktree file with a setting
// (or one guard cannot read as git does), a hook git runs.
func madeConfig(d string) string {
	for _, name := range [...]string{"config", "config.worktree"} {
		data, err := regularfile.ReadFile(filepath.Join(d, name), maxMadeConfig)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			if fi, serr := os.Stat(filepath.Join(d, name)); serr == nil && fi.IsDir() {
				continue
			}
			return "a " + name + " file guard cannot read"
		}
		if settings, err := gitconfig.Read(string(data), 4096); err != nil || len(settings) > 0 {
			return "a git configuration (" + name + ")"
		}
	}
	for _, h := range gitHookNames {
		if _, err := os.Lstat(filepath.Join(d, "hooks", h)); err == nil {
			return "a git hook (hooks/" + h + ")"
		}
	}
	return ""
}
