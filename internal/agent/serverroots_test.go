package agent

import (
	"slices"
	"testing"
)

func TestNamedRelative(t *testing.T) {
	for _, tt := range []struct {
		p    string
		want bool
	}{
		{".bashrc", true}, {"src/x.go", true}, {"../.ssh/id_rsa", true}, {`..\.bashrc`, true}, {"./a", true},
		{".", false}, {"..", false}, {"../..", false}, {"./", false}, {"", false},
		{"/etc/passwd", false}, {"~/.bashrc", false}, {"$HOME/.bashrc", false}, {`C:\x`, false}, {"C:/x", false},
	} {
		if got := namedRelative(tt.p); got != tt.want {
			t.Errorf("namedRelative(%q) = %v, want %v", tt.p, got, tt.want)
		}
	}
}

func TestServerRoots(t *testing.T) {
	for _, tt := range []struct {
		cwd  string
		want []string
	}{
		{"/home/me/proj/sub", []string{"~", "/home/me/proj", "/home/me", "/home", ""}},
		{"/w", []string{"~", ""}},
		{"/", []string{"~"}},
		{"C:/Users/me/proj", []string{"~", "C:/Users/me", "C:/Users", "C:"}},
		{"", []string{"~"}},
		{"~/proj", []string{"~"}},
		{"proj", []string{"~"}},
	} {
		if got := serverRoots(tt.cwd); !slices.Equal(got, tt.want) {
			t.Errorf("serverRoots(%q) = %q, want %q", tt.cwd, got, tt.want)
		}
	}
}
