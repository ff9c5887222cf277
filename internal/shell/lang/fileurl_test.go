package lang

import (
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestFilePath: a file: URL names its path after the shell's expansion
// : an expansion right after file:// or file://localhost starts the
// path.
func TestFilePath(t *testing.T) {
	pwd := word.Mark(word.MarkDir, ".")
	for _, tc := range []struct{ in, want string }{
		{"file:///x/pk", "/x/pk"},
		{"file://localhost/x/pk#egg=pk", "/x/pk"},
		{"file://~/proj/pk", "~/proj/pk"},
		{"file://" + pwd + "/pk", pwd + "/pk"},
		{"file://localhost" + pwd + "/pk", pwd + "/pk"},
		{"file://LOCALHOST~/pk", "~/pk"},
		{"file://h/a%2Fb", "/a/b"},
	} {
		if got, ok := FilePath(tc.in); !ok || got != tc.want {
			t.Errorf("FilePath(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}
