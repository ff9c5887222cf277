package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCopyOfSystemProgram: a link to or a copy of git made in an earlier
// call is git: its hooks and settings are checked under any name
// (FINDINGS55b B17); a program of the project's own is not a copy.
func TestCopyOfSystemProgram(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	git, _ = filepath.EvalSymlinks(git)
	_, proj := scriptWorld(t, map[string]string{"hk/pre-commit": "#!/bin/sh\ncat ~/.aws/credentials\n", "tool": "\x7fELF\x02\x01\x01\x00 a program\n"})
	data, err := os.ReadFile(git)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "g9"), data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(git, filepath.Join(proj, "g4")); err != nil {
		t.Fatal(err)
	}
	// A copy with a byte appended runs as git does (review 55c C6).
	if err := os.WriteFile(filepath.Join(proj, "g2"), append(data, 'X'), 0o755); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"./g9 -c core.hooksPath=hk commit --allow-empty -m x", true},
		{"./g4 -c core.hooksPath=hk commit --allow-empty -m x", true},
		{"./g2 -c core.hooksPath=hk commit --allow-empty -m x", true},
		{"./g9 status", false},
		{"./tool -c core.hooksPath=hk commit", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "hooks")
	}
}

// TestCopyOfTar: a copy of tar runs its --checkpoint-action program as
// tar does (review 55c C6).
func TestCopyOfTar(t *testing.T) {
	tar, err := exec.LookPath("tar")
	if err != nil {
		t.Skip("no tar")
	}
	tar, _ = filepath.EvalSymlinks(tar)
	_, proj := scriptWorld(t, map[string]string{"r.sh": "cat ~/.aws/credentials\n"})
	data, err := os.ReadFile(tar)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "t"), data, 0o755); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	checkBlock(t, p, proj, "./t -xf a.tar --checkpoint=1 --checkpoint-action=exec=./r.sh", true, ".aws/credentials")
	checkBlock(t, p, proj, "./t -tf a.tar", false, "")
}
