package shell

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestTunnelPath: a tunnel's file: URL names a path; a part guard expanded
// right after file:// starts it.
func TestTunnelPath(t *testing.T) {
	dir := word.Mark(word.MarkDir, ".")
	for _, tc := range []struct {
		u, want string
		ok      bool
	}{
		{"file:///home/u", "/home/u", true},
		{"file:///srv/www?x=1", "/srv/www", true},
		{"file://" + dir + "/dist", dir + "/dist", true},
		{"file://localhost/srv", "/srv", true},
		{"file:///a b", "/a", true},
	} {
		got, ok := tunnelPath(tc.u)
		if got != tc.want || ok != tc.ok {
			t.Errorf("tunnelPath(%q) = %q, %v; want %q, %v", tc.u, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzTunnelPath(f *testing.F) {
	for _, s := range []string{"file:///x", "file://" + word.MarkStart, "file:/", "file://h/p?q#f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !strings.HasPrefix(strings.ToLower(s), "file:/") {
			return
		}
		tunnelPath(s)
	})
}
