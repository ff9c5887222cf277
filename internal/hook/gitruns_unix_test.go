//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitRunsFiles: git runs project files through options and settings
// (--upload-pack, rebase -x, remote.*.uploadpack, a key guard does not
// know to hold data), read as the same file run at the top level; a file
// of the tree run after git rewrote it holds text guard has not read; a
// submodule update changes only the trees .gitmodules lists (FINDINGS5
// F3, F9).
func TestGitRunsFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"up.sh":       "echo PWN >> ~/.bashrc\n",
		"ok.sh":       "echo fine\n",
		"Makefile":    "all:\n\techo hi\n",
		".gitmodules": "[submodule \"lib\"]\n\tpath = lib\n\turl = https://example.com/lib.git\n",
	})
	if err := os.MkdirAll(filepath.Join(proj, "lib"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string // rule "" for allowed
	}{
		{"git fetch -q --upload-pack=./up.sh /tmp/r", "blocked_path", ".bashrc"},
		{"git ls-remote --upload-pack='sh up.sh' /tmp/r", "blocked_path", ".bashrc"},
		{"git -c remote.origin.uploadpack=./up.sh fetch origin", "blocked_path", ".bashrc"},
		{"git -c core.alternateRefsCommand=./up.sh fetch origin", "blocked_path", ".bashrc"},
		{"git -c credential.helper=$PWD/up.sh fetch origin", "blocked_path", ".bashrc"},
		{"git -c x.y=./up.sh status", "blocked_path", ".bashrc"},
		{"git submodule foreach ./up.sh", "blocked_path", ".bashrc"}, // no repository found: read where the command is
		{"git rebase -x ./up.sh HEAD~1", "unparsable_command", "changes with text guard cannot see"},
		{"git checkout -q evil && sh ok.sh", "unparsable_command", "changes with text guard cannot see"},
		{"git merge -q evil; make", "unparsable_command", "changes with text guard cannot see"},
		{"git submodule update --init && sh lib/x.sh", "unparsable_command", "changes with text guard cannot see"},
		{"git fetch -q --upload-pack=./ok.sh /tmp/r", "", ""},
		{"git submodule update --init && make", "", ""},
		{"git fetch && sh ok.sh", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}
