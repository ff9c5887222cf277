package shell

import "testing"

// TestMakesLinks: interpreter code that calls a function making a link is
// told apart from code that removes or reads one.
func TestMakesLinks(t *testing.T) {
	tests := []struct {
		code string
		want bool
	}{
		{`import os; os.symlink(a, b)`, true},
		{`symlink(q{/x}, q{q})`, true},
		{`os.link("a", "b")`, true},
		{`fs.linkSync(a, b)`, true},
		{`require "fileutils"; FileUtils.ln_s(a, b)`, true},
		{`Files.createSymbolicLink(p, t)`, true},
		{`Path("q").symlink_to(t)`, true},
		{`Path("q").hardlink_to(t)`, true},
		{`link (a, b)`, true},
		{`os.unlink("x")`, false},
		{`os.readlink("x")`, false},
		{`print("see the link below")`, false},
		{`fs.unlinkSync(p)`, false},
		{`print(1)`, false},
		{`shutil.copytree(a, b, symlinks=True)`, false},
		{`os.stat(p, follow_symlinks=False)`, false},
		{`Path(p).is_symlink()`, false},
		{`for r, d, f in os.walk(p, followlinks=True): pass`, false},
		{`File.symlink a, b`, true},
		{`os.symlinkat(a, fd, b)`, true},
	}
	for _, tt := range tests {
		if got := makesLinks(tt.code); got != tt.want {
			t.Errorf("makesLinks(%q) = %v, want %v", tt.code, got, tt.want)
		}
	}
}

// FuzzMakesLinks: the scan never panics, and blanks around the code do not
// change what it finds.
func FuzzMakesLinks(f *testing.F) {
	for _, s := range []string{`os.symlink(a, b)`, `follow_symlinks=True`, `link (a)`, `unlink(x)`, ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if makesLinks(code) != makesLinks(" "+code+"\n") {
			t.Errorf("makesLinks(%q) depends on surrounding blanks", code)
		}
	})
}
