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
	}
	for _, tt := range tests {
		if got := makesLinks(tt.code); got != tt.want {
			t.Errorf("makesLinks(%q) = %v, want %v", tt.code, got, tt.want)
		}
	}
}
