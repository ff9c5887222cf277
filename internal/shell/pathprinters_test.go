package shell

import (
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

func TestBasenamesReadOptions(t *testing.T) {
	for _, c := range []struct {
		args string
		want []string // nil: output unknown
	}{
		{"main.go .go", []string{"main"}},
		{"-s .x credentials.x", []string{"credentials"}},
		{"--suffix=.x credentials.x", []string{"credentials"}},
		{"--suf .x credentials.x", []string{"credentials"}},
		{"-sx credentialsx", []string{"credentials"}},
		{"-a a/b c/d", []string{"b", "d"}},
		{"-a -s .go a.go b.go", []string{"a", "b"}},
		{".x .x", []string{".x"}},
		{"a b c", nil},
		{"--zz a", nil},
		{"-q a", nil},
	} {
		opts, ops, ok := pathPrinterArgs("basename", word.Split(c.args))
		var got []string
		if ok {
			got, _ = basenames(opts, ops)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("basename %s = %q, want %q", c.args, got, c.want)
		}
	}
}

func TestRelPath(t *testing.T) {
	for _, c := range []struct{ dir, target, want string }{
		{"/tmp/zz/y", "/tmp/zz/home/.bashrc", "../home/.bashrc"},
		{"/a/b", "/a/b", "."},
		{"/", "/a", "a"},
		{".", "src/a.go", "src/a.go"},
		{"src", "docs/x", "../docs/x"},
	} {
		if got := relPath(c.dir, c.target); got != c.want {
			t.Errorf("relPath(%q, %q) = %q, want %q", c.dir, c.target, got, c.want)
		}
	}
}
