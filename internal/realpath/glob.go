package realpath

import (
	"os"
	gopath "path"
	"runtime"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
)

// Bounds of one Glob: the paths it returns and the directories it reads.
const (
	maxGlob     = 64
	maxGlobDirs = 16
)

// HasGlob reports whether p holds a shell pattern character: *, ? or [.
func HasGlob(p string) bool { return strings.ContainsAny(p, "*?[") }

// Glob returns the existing paths shell pattern p names, as bash expands an
// unquoted word by default: *, ? and [...] ([!...] too) match within one
// element, and a name starting with a dot only when the pattern's element
// starts with one (cat ~/.ss?/id_rsa is ~/.ssh/id_rsa; ls ~/* is not
// ~/.ssh). A leading ~, $HOME or ${HOME} is r's home. It returns nil for a
// relative p, when nothing matches (the shell then passes the word as it
// is), and on Windows; at most maxGlob paths, reading at most maxGlobDirs
// directories.
func (r *Resolver) Glob(p string) []string {
	if runtime.GOOS == "windows" || !HasGlob(p) {
		return nil
	}
	p = path.ExpandHome(p, r.home)
	if !strings.HasPrefix(p, "/") {
		return nil
	}
	cur := []string{"/"}
	dirs := 0
	for _, el := range strings.Split(strings.Trim(p, "/"), "/") {
		if el == "" {
			continue
		}
		var next []string
		if !HasGlob(el) {
			for _, c := range cur {
				next = append(next, gopath.Join(c, el))
			}
			cur = next
			continue
		}
		pat := el
		if strings.HasPrefix(pat, "[!") {
			pat = "[^" + pat[2:]
		}
		pat = strings.ReplaceAll(pat, "[!", "[^")
		for _, c := range cur {
			if dirs == maxGlobDirs {
				break
			}
			dirs++
			entries, err := os.ReadDir(c)
			if err != nil {
				continue
			}
			for _, e := range entries {
				name := e.Name()
				if name[0] == '.' && el[0] != '.' {
					continue
				}
				if ok, _ := gopath.Match(pat, name); ok && len(next) < maxGlob {
					next = append(next, gopath.Join(c, name))
				}
			}
		}
		cur = next
		if len(cur) == 0 {
			return nil
		}
	}
	return cur
}
