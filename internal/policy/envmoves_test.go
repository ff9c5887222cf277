package policy

import (
	"slices"
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/guardhq/guard/internal/shell/catalogue"
)

// TestMovedGlobs: a variable that moves a protected file or directory adds
// the globs at its value; one with no default place adds its value as a
// write; a relative value, the home and a glob add nothing.
func TestMovedGlobs(t *testing.T) {
	env := map[string]string{
		"GIT_CONFIG_GLOBAL":   "~/dotfiles/gitconfig",
		"KUBECONFIG":          "/k/a.yaml:/k/b.yaml",
		"DOCKER_CONFIG":       "/home/u/dk",
		"RIPGREP_CONFIG_PATH": "/home/u/rgrc",
		"AWS_CONFIG_FILE":     "relative/config",
		"CARGO_HOME":          "/home/u",
		"NETRC":               "/x/*",
	}
	lookup := func(n string) (string, bool) { v, ok := env[n]; return v, ok }
	writes := movedGlobs("/home/u", []string{"~/.gitconfig", "~/.kube/**", "~/.docker/config.json", "~/.docker/cli-plugins/**", "~/.cargo/bin/*"}, true, lookup)
	for _, want := range []string{"/home/u/dotfiles/gitconfig", "/k/a.yaml", "/k/b.yaml", "/home/u/dk/config.json", "/home/u/dk/cli-plugins/**", "/home/u/rgrc"} {
		if !slices.Contains(writes, want) {
			t.Errorf("writes %v: no %s", writes, want)
		}
	}
	for _, bad := range []string{"relative/config", "/home/u/bin/*", "/x/*"} {
		if slices.Contains(writes, bad) {
			t.Errorf("writes %v: %s", writes, bad)
		}
	}
	reads := movedGlobs("/home/u", []string{"~/.kube/config", "~/.docker/config.json"}, false, lookup)
	if !slices.Contains(reads, "/k/b.yaml") || !slices.Contains(reads, "/home/u/dk/config.json") || slices.Contains(reads, "/home/u/rgrc") {
		t.Errorf("reads %v", reads)
	}
}

// TestMovedCode: the variables that move code a program runs at its start
// or name a program other tools run: PYTHONUSERBASE moves
// ~/.local, XDG_DATA_HOME ~/.local/share, PYTHONPATH's directories hold
// sitecustomize.py, EDITOR's first word is a program; a bare program name
// is none.
func TestMovedCode(t *testing.T) {
	env := map[string]string{
		"PYTHONUSERBASE": "/home/u/pub",
		"XDG_DATA_HOME":  "/home/u/xd",
		"PYTHONPATH":     "/home/u/pylib:/srv/lib",
		"EDITOR":         "/home/u/tools/ed.sh -f",
		"PAGER":          "less",
	}
	lookup := func(n string) (string, bool) { v, ok := env[n]; return v, ok }
	writes := movedGlobs("/home/u", []string{"~/.local/lib/python*/site-packages/*.pth", "~/.local/share/applications/*.desktop"}, true, lookup)
	for _, want := range []string{"/home/u/pub/lib/python*/site-packages/*.pth", "/home/u/xd/applications/*.desktop",
		"/home/u/pylib/sitecustomize.py", "/srv/lib/usercustomize.py", "/home/u/tools/ed.sh"} {
		if !slices.Contains(writes, want) {
			t.Errorf("writes %v: no %s", writes, want)
		}
	}
	for _, bad := range []string{"/home/u/pylib", "less"} {
		if slices.Contains(writes, bad) {
			t.Errorf("writes %v: %s", writes, bad)
		}
	}
}

// TestMovedLoaders: the variables that move where a program loads code or
// configuration from protect the code-bearing entries at
// their values, as the hook's environment has them.
func TestMovedLoaders(t *testing.T) {
	env := map[string]string{
		"PERL5LIB":         "/home/u/perl5/lib/perl5",
		"RUBYLIB":          "/home/u/rlib:/srv/r",
		"GIT_TEMPLATE_DIR": "/home/u/gt",
		"GEM_HOME":         "/home/u/gems",
		"GOPATH":           "/home/u/gop",
		"NODE_PATH":        "/home/u/nodelib",
		"CURL_HOME":        "/home/u/ch",
	}
	lookup := func(n string) (string, bool) { v, ok := env[n]; return v, ok }
	writes := movedGlobs("/home/u", nil, true, lookup)
	for _, want := range []string{"/home/u/perl5/lib/perl5/**/*.pm", "/home/u/rlib/**/*.rb", "/srv/r/**/*.rb",
		"/home/u/gt/**", "/home/u/gems/bin/**", "/home/u/gop/bin/**", "/home/u/nodelib/**", "/home/u/ch/.curlrc"} {
		if !slices.Contains(writes, want) {
			t.Errorf("writes %v: no %s", writes, want)
		}
	}
	if reads := movedGlobs("/home/u", nil, false, lookup); len(reads) != 0 {
		t.Errorf("reads %v, want none", reads)
	}
}

// globMatchesRef is globMatches without its literal-head shortcut.
func globMatchesRef(g, p string) bool {
	ok, err := doublestar.Match(g, p)
	return err == nil && ok && strings.Contains(g, "*")
}

// FuzzGlobMatches holds globMatches' shortcut equal to doublestar's answer.
func FuzzGlobMatches(f *testing.F) {
	d := builtinDefault()
	for _, m := range catalogue.EnvMoves() {
		for _, g := range append(slices.Clone(d.FilePaths.BlockRead), d.FilePaths.BlockWrite...) {
			f.Add(g, m.From)
		}
	}
	for _, s := range [][2]string{{"a/**", "a"}, {"a/b/**", "a/b"}, {"/etc/**", "/etc"}, {"~/**", "~"}, {"~/.k*/config", "~/.kube/config"},
		{`a\*/b*`, "a*/bc"}, {"a/{b,c}/**", "a/c/d"}, {"a/[bc]/*", "a/b/x"}, {"**/x", "x"}, {"a/**/b", "a/b"}, {"ab/*", "a"},
		{"a/*/", "a/b"}, {"a/*/", "a/b/"}, {"**/", "x"}, {"**/", "x/"}, {"*", ""}, {"**/x/", "a/x/"}, {"**/a\\b", `y/a\b`}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, g, p string) {
		if got, want := globMatches(g, p), globMatchesRef(g, p); got != want {
			t.Fatalf("globMatches(%q, %q) = %v, doublestar says %v", g, p, got, want)
		}
	})
}
