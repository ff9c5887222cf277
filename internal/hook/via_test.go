package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/shell"
)

// TestVias: the program and options an explanation names for a path of a
// command: the operand itself, after a cd, a directory it is copied into,
// a tree; none when two programs name it, or for what no program names.
func TestVias(t *testing.T) {
	for _, tt := range []struct {
		cmd, path, want string
	}{
		{"chmod -R 777 /", "/", "chmod -R"},
		{"cat ~/.ssh/id_rsa", "~/.ssh/id_rsa", "cat"},
		{"cd ~ && rm -r .guard", "~/.guard", "rm -r"},
		{"cp -a x ~/.ssh/", "~/.ssh/x", "cp -a"},
		{"grep -rn key ~", "~/**", "grep -rn"},
		{"find ~ -name id_rsa -delete", "~", "find -name -delete"},
		{"rm -f --one-file-system=x -- a", "a", "rm -f"},
		{"cat a; rm a", "a", ""},
		{"echo x > ~/.bashrc", "~/.bashrc", ""},
		{"ls", "/etc/passwd", ""},
	} {
		a := shell.Analyze(tt.cmd, shell.Options{Home: "/home/dev"})
		if got := viasOf(a).of(tt.path); got != tt.want {
			t.Errorf("%q: %s named by %q, want %q", tt.cmd, tt.path, got, tt.want)
		}
	}
	for w, want := range map[string]bool{"-R": true, "--recursive": true, "-rf": true, "--": false, "-": false, "--x=y": false, "-a_b": false, "x": false} {
		if optionWord(w) != want {
			t.Errorf("optionWord(%q) = %v", w, !want)
		}
	}
}
