package repo

import (
	"slices"
	"testing"
)

func TestSetting(t *testing.T) {
	for _, tc := range []struct {
		cfg, want string
		found     bool
		inc       []string
	}{
		{"[core]\n\thooksPath = .githooks\n", ".githooks", true, nil},
		{"[Core]\n\tHOOKSPATH = \"a b\" ; c\n[core]\nhookspath=.husky/_\n", ".husky/_", true, nil},
		{"[core \"x\"]\nhookspath = no\n[core.y]\nhookspath = no\n", "", false, nil},
		{"[include]\npath = ~/.gitconfig.local\n[includeIf \"gitdir:~/w/\"]\n path = w.inc\n", "", false, []string{"~/.gitconfig.local", "w.inc"}},
		{"[core] hooksPath = h\n", "h", true, nil},
		{"[core]\rhooksPath = \"h\\\n2\"\n", "h2", true, nil},                                                            // as git reads it: \r a blank, a continued value
		{"[include] path = a\n[core]\n\tbare\n\thooksPath = h\\x\n[core]\n\thooksPath = no\n", "", false, []string{"a"}}, // git stops at the bad escape
	} {
		v, found, inc := Setting([]byte(tc.cfg), "core.hookspath")
		if v != tc.want || found != tc.found || !slices.Equal(inc, tc.inc) {
			t.Errorf("%q: %q %v %v; want %q %v %v", tc.cfg, v, found, inc, tc.want, tc.found, tc.inc)
		}
	}
}

func FuzzSetting(f *testing.F) {
	f.Add([]byte("[core]\nhooksPath = x\n[include]\npath=y\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		Setting(b, "core.hookspath")
	})
}

// TestSubSetting: a key in a subsection, the last value winning; the old
// [branch.main] form is the same subsection.
func TestSubSetting(t *testing.T) {
	config := []byte("[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n[branch \"dev\"]\n\tremote = .\n[branch.main]\n\tmerge = refs/heads/trunk\n")
	for _, tc := range []struct{ sub, key, want string }{
		{"main", "remote", "origin"},
		{"main", "merge", "refs/heads/trunk"},
		{"dev", "remote", "."},
		{"dev", "merge", ""},
	} {
		if got, _ := SubSetting(config, "branch", tc.sub, tc.key); got != tc.want {
			t.Errorf("branch.%s.%s = %q, want %q", tc.sub, tc.key, got, tc.want)
		}
	}
}
