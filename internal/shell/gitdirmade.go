package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// gitDirsMade hides a command that writes a directory's git
// configuration (D/config, D/config.worktree, a file of D/hooks/) and
// makes D a git directory (D/HEAD, D/commondir, D/objects…, D/refs…) in
// the same command: the policy weighs each write against the disk before
// the command, where D is no git directory yet and holds no configuration
// (FINDINGS50a F7; policy's gitDirMade takes a configuration already
// there).
func (w *walker) gitDirsMade() {
	made := map[string]bool{}
	for _, p := range w.a.Writes {
		p = "/" + p // the working directory's: HEAD
		for _, part := range [...]string{"/HEAD", "/commondir", "/objects", "/refs"} {
			if i := strings.LastIndex(p, part); i >= 0 {
				rest := p[i+len(part):]
				if rest == "" || part != "/HEAD" && part != "/commondir" && rest[0] == '/' {
					made[path.Clean(strings.TrimPrefix(p[:i], "/"))] = true // ../r.git: not /r.git
				}
			}
		}
	}
	if len(made) == 0 {
		return
	}
	for _, p := range w.a.Writes {
		d, base := path.Dir(p), path.Base(p)
		switch {
		case base == "config" || base == "config.worktree":
		case path.Base(d) == "hooks" && !strings.HasPrefix(base, "."):
			d = path.Dir(d)
		default:
			continue
		}
		if made[d] {
			name := "the working directory"
			if d != "." {
				name = word.Quote(word.Render(d + "/"))
			}
			w.hide("writes the configuration or a hook of %s and makes it a git directory in the same command: git run on it (git push, fetch to it) takes settings and hooks that run commands", name)
			return
		}
	}
}
