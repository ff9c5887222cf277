package hook

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestRevReadsLargeRepo: agent B's git diff --cached, git diff HEAD and
// git log -p -- FILE in a repository of more files than a tree listing's
// bound (gitobj.MaxChanges) read only the files that differ (index and
// tree compared by object id) or that the pathspec keeps: a committed
// file holding a secret that no such read prints does not block; a staged
// or modified one that holds a secret does.
func TestRevReadsLargeRepo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	files := map[string]string{"conf/settings.py": "AWS=" + "AKIA" + "IOSFODNN7EXAMPLF\n", "README.md": "hello\n", "lib/a.go": "package lib\n"}
	for i := range 1100 {
		files[fmt.Sprintf("pkg%02d/f%04d.go", i%40, i)] = fmt.Sprintf("package pkg\n\nconst N%d = %d\n", i, i)
	}
	_, proj := scriptWorld(t, files)
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "commit", "-qm", "two", "--allow-empty")
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("lib/a.go", "package lib\n\n// A is a.\nconst A = 1\n")
	gitIn(t, proj, "add", "lib/a.go")
	write("README.md", "hello again\n")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git diff --cached", false},
		{"git diff --staged", false},
		{"git diff HEAD", false},
		{"git diff", false},
		{"git log -p -1 -- lib/a.go", false},
		{"git log -p -1 -- conf/settings.py", true},
		{"git show HEAD~1:conf/settings.py", true},
	} {
		wantBlock(t, p, "B "+tc.cmd, shellPayloadB(proj, tc.cmd), tc.block)
	}
	// A secret staged, then one only on disk.
	write("lib/a.go", "package lib\n\nconst Key = \"AKIA"+"IOSFODNN7EXAMPLG\"\n")
	gitIn(t, proj, "add", "lib/a.go")
	wantBlock(t, p, "B git diff --cached, secret staged", shellPayloadB(proj, "git diff --cached"), true)
	write("lib/a.go", "package lib\n")
	gitIn(t, proj, "add", "lib/a.go")
	write("pkg01/f0001.go", "package pkg\n\nconst Key = \"AKIA"+"IOSFODNN7EXAMPLG\"\n")
	wantBlock(t, p, "B git diff HEAD, secret on disk", shellPayloadB(proj, "git diff HEAD"), true)
	wantBlock(t, p, "B git diff --cached, secret on disk", shellPayloadB(proj, "git diff --cached"), false)
}
