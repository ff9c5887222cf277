package hook

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// homeMounts drops from ins the reads of trees a container shares by a
// bind mount with a command guard walks through it (event.Input.Mount),
// but where the tree is the home directory, holds it, or lies in a
// hidden directory of it (~/.ssh, guard's own): what the command reads
// through the mount are reads of their own, so docker run -v "$PWD":/app
// -w /app node:20 npm test in a project holding .env passes, while a
// mount of ~ still reads ~/.ssh. home is the user's home directory; ""
// keeps every such read.
func homeMounts(ins []event.Input, home string) []event.Input {
	out := ins[:0]
	for _, in := range ins {
		if !in.Mount || home == "" || homeTree(in.Text, home) {
			out = append(out, in)
		}
	}
	return out
}

// homeTree reports whether the tree text (DIR/**, as resolved) is the
// home directory home, holds it, or lies in a hidden directory of it, or
// is a form guard cannot place (relative, a part it cannot tell), as the
// file system resolves its links.
func homeTree(text, home string) bool {
	dir := strings.TrimSuffix(strings.ReplaceAll(text, `\`, "/"), "/**")
	home = strings.TrimRight(strings.ReplaceAll(home, `\`, "/"), "/")
	if dir == "~" || strings.HasPrefix(dir, "~/") {
		dir = home + dir[1:]
	}
	if !path.IsAbs(dir) && !(len(dir) > 2 && dir[1] == ':') || strings.ContainsAny(dir, "*?[$`") {
		return true
	}
	if real, err := filepath.EvalSymlinks(filepath.FromSlash(dir)); err == nil {
		dir = filepath.ToSlash(real) // a link to the home is the home
	}
	// Folded: a case-insensitive file system names the home in any case.
	dir, home = strings.ToLower(path.Clean(dir)), strings.ToLower(home)
	if dir == home || strings.HasPrefix(home+"/", dir+"/") || dir == "/" {
		return true // the home, or a directory holding it
	}
	rest, in := strings.CutPrefix(dir, home+"/")
	return in && strings.HasPrefix(rest, ".")
}
