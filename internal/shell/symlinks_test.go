package shell

import (
	"slices"
	"strings"
	"testing"
)

func TestSymlinkTargets(t *testing.T) {
	for _, tc := range []struct {
		code string
		want []string
		ok   bool
	}{
		{`import os; os.symlink("..", "u4")`, []string{".."}, true},
		{`os.symlink('/etc/hosts', 'h')`, []string{"/etc/hosts"}, true},
		{`require("fs").symlinkSync("../lib/index.js", "dist/index.js")`, []string{"lib/index.js"}, true},
		{`symlink "~/.ssh", "k"`, []string{"~/.ssh"}, true},
		{`File.symlink("a", "b"); File.symlink("/x", "c")`, []string{"a", "/x"}, true},
		{`Path("u").symlink_to("/root")`, []string{"/root"}, true},
		{`print(os.path.islink("x"))`, nil, true},
		{`os.symlink(p, "u")`, nil, false},
		{`os.symlink(f"{h}", "u")`, nil, false},
		{`os.symlink("a" + b, "u")`, nil, false},
		{`os.symlink("x")`, nil, false}, // relative, no link name
		{`Path("u").symlink_to("x")`, nil, false},
		{`symlink "$ENV{HOME}", "u"`, nil, false},
		{`File.symlink("#{Dir.home}", "u")`, nil, false},
		{`os.symlink("..", name)`, nil, false},
		{`os.symlink("x\"y", "u")`, nil, false},
	} {
		got, ok := symlinkTargets(tc.code)
		if ok != tc.ok || ok && !slices.Equal(got, tc.want) {
			t.Errorf("symlinkTargets(%q) = %q, %v; want %q, %v", tc.code, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzSymlinkTargets(f *testing.F) {
	for _, s := range []string{`os.symlink("..", "u4")`, `symlink "a", "b"`, `x.symlink_to('/r')`, `symlinkSync("`, `ln_s('a',`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		got, ok := symlinkTargets(code)
		if len(got) > 64 {
			t.Fatalf("%d targets", len(got))
		}
		if ok && !strings.Contains(code, "ymlink") && !strings.Contains(code, "ln_s") && len(got) > 0 {
			t.Fatalf("targets %q from code without a link call", got)
		}
	})
}
