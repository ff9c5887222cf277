//go:build unix

package hook

import (
	"os"
	"testing"
)

// TestRelativePathCatalogue: with a relative or empty PATH entry before
// the system's directories, a catalogue program's name (cat, grep) may run
// a file of the working directory's: it is looked up and read as any
// program found on PATH; a project file there is write-protected (review 7
// F16).
func TestRelativePathCatalogue(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"node_modules/.bin/cat": "#!/bin/sh\necho x >> ~/.bashrc\n",
		"head":                  "#!/bin/sh\necho x >> ~/.bashrc\n",
		"README":                "hi\n",
	})
	sys := os.Getenv("PATH")
	p := realPolicy(t, "")
	t.Setenv("PATH", "./node_modules/.bin:"+sys)
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"cat README", "blocked_path", "node_modules/.bin/cat"},
		{"echo x > node_modules/.bin/grep", "blocked_path", "node_modules/.bin/*"},
		{"grep hi README", "", ""},
		{"head README", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
	t.Setenv("PATH", ":"+sys)
	p = realPolicy(t, "")
	checkRule(t, p, proj, "head -1 README", "blocked_path", "head")
	checkRule(t, p, proj, "cat README", "", "")
	t.Setenv("PATH", sys)
	p = realPolicy(t, "")
	checkRule(t, p, proj, "cat README && head README", "", "")
}
