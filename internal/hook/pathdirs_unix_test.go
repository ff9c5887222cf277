//go:build unix

package hook

import (
	"os"
	"testing"
)

// TestRelativePathCatalogue: with a relative or empty PATH entry before
// the system's directories, a catalogue program's name (cat, grep) may run
// a file of the working directory's: it is looked up and read as any
// program found on PATH; a project file there is write-protected.
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

// TestDotPathWrites: with "." or an empty entry on PATH, the directory a
// command runs in is a PATH directory: a write there of a file named as a
// program, or of an executable file, is a PATH-directory write; a project
// file is not.
func TestDotPathWrites(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"README": "hi\n", "run.sh": "#!/bin/sh\n"})
	if err := os.Chmod(proj+"/README", 0o644); err != nil { // scriptWorld's files are executable
		t.Fatal(err)
	}
	sys := os.Getenv("PATH")
	for _, pathEnv := range []string{".:" + sys, ":" + sys, sys + ":"} {
		t.Setenv("PATH", pathEnv)
		p := realPolicy(t, "")
		for _, tc := range []struct {
			path  string
			block bool
		}{
			{proj + "/cat", true},
			{"cat", true},
			{proj + "/run.sh", true},
			{proj + "/README", false},
			{proj + "/notes.md", false},
			{proj + "/src/cat", false},
		} {
			code, _, stderr, _ := runReal(t, p, writePayload(t, proj, tc.path))
			if (code == 2) != tc.block {
				t.Errorf("PATH %q: Write %s: code %d, want block %v: %s", pathEnv[:4], tc.path, code, tc.block, stderr)
			}
		}
		checkBlock(t, p, proj, "printf '#!/bin/sh\\n' > ls", true, "PATH holds '.'")
		checkBlock(t, p, proj, "echo hi > notes.txt", false, "")
	}
	t.Setenv("PATH", sys)
	p := realPolicy(t, "")
	if code, _, stderr, _ := runReal(t, p, writePayload(t, proj, proj+"/cat")); code != 0 {
		t.Errorf("PATH without '.': Write ./cat blocked: %s", stderr)
	}
}
