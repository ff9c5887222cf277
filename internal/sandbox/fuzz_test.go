package sandbox

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzFixed holds the glob reader to its contract: a glob it takes names
// one absolute, clean path whose directory has no pattern, and ~ never
// survives into it.
func FuzzFixed(f *testing.F) {
	for _, g := range []string{"~/.ssh/**", "**/.env", "~/.netrc", "$HOME/.aws/credentials", "${HOME}/x/**", "/etc/**",
		"~/.azure/msal_token_cache.*", "/srv/**/x", "~/**", "~", "relative/x", "/a/[b]/c", "/a/b**", "~/../x"} {
		f.Add(g)
	}
	b := &builder{in: Input{Home: "/home/u"}}
	f.Fuzz(func(t *testing.T, g string) {
		p, dirGlob, ok := b.fixed(g)
		if !ok {
			if p != "" || dirGlob {
				t.Fatalf("%q: refused but returned %q %v", g, p, dirGlob)
			}
			return
		}
		if !filepath.IsAbs(p) || filepath.Clean(p) != p {
			t.Fatalf("%q: %q is not absolute and clean", g, p)
		}
		if strings.ContainsAny(filepath.Dir(p), "*?[") || strings.Contains(p, "**") {
			t.Fatalf("%q: %q has a pattern outside its last element", g, p)
		}
		if dirGlob && strings.ContainsAny(p, "*?[") {
			t.Fatalf("%q: a directory rule with a pattern: %q", g, p)
		}
	})
}
