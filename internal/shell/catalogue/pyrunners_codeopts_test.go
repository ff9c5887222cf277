package catalogue

import (
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestPyRunsCode: a data module's code option in the spellings argparse
// accepts.
func TestPyRunsCode(t *testing.T) {
	for _, tc := range []struct {
		mod  string
		args []string
		want bool
	}{
		{"http.server", []string{"--cgi"}, true},
		{"http.server", []string{"8000", "--cg"}, true},
		{"http.server", []string{"--c", "-b", "::1"}, true},
		{"http.server", []string{"8000"}, false},
		{"http.server", []string{"--", "--cgi"}, false},
		{"http.server", []string{"-c"}, false},
		{"json.tool", []string{"--cgi"}, false},
	} {
		var ws []word.Word
		for _, a := range tc.args {
			ws = append(ws, word.Word{Text: a, Known: true})
		}
		if got := PyRunsCode(tc.mod, ws); got != tc.want {
			t.Errorf("PyRunsCode(%q, %q) = %v, want %v", tc.mod, tc.args, got, tc.want)
		}
	}
}
