package hook

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestRevReadsAgentB covers git show REV:FILE: agent B's client cannot
// have guard redact what a command prints, so the file a command prints
// from a revision (or the index) is read from the repository before it
// runs and checked as file content; the working file no longer holding
// the key changes nothing. Agent A's result scan redacts it after the
// command runs.
func TestRevReadsAgentB(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"settings.py": "AWS=" + "AKIA" + "IOSFODNN7EXAMPLF\n", "README.md": "hello\n"})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	git("add", "settings.py", "README.md")
	git("commit", "-qm", "one")
	if err := os.WriteFile(filepath.Join(proj, "settings.py"), []byte("AWS=from_env\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	b := func(cmd string) string { return shellPayloadB(proj, cmd) }
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git show HEAD:settings.py", true},
		// History written to a file, then read.
		{"git archive -o /tmp/a.tar HEAD && tar xOf /tmp/a.tar", true},
		{"git archive --output=/tmp/a.zip --format=zip HEAD && unzip -p /tmp/a.zip", true},
		{"git format-patch -o /tmp/p --root HEAD && cat /tmp/p/*.patch", true},
		{"git format-patch -1 HEAD", true},
		{"git cat-file -p main:settings.py", true},
		{"git show :settings.py", true},
		{"git show HEAD:./settings.py", true},
		{"git show nosuchrev:README.md", true}, // cannot tell
		{"git show HEAD:README.md", false},
		{"git show HEAD:nosuch.txt", false},
		{"git show HEAD:.", false},
		{"cat settings.py", false},
		{"git status", false},
	} {
		code, stdout, _, rec := runReal(t, p, b(tc.cmd))
		if blocked := code == 2; blocked != tc.block {
			t.Errorf("B %q: blocked = %v, want %v: %s", tc.cmd, blocked, tc.block, stdout)
		}
		if tc.block && (rec.Rule == "" || rec.Reason == "") {
			t.Errorf("B %q: record %+v", tc.cmd, rec)
		}
	}
	a, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": proj,
		"tool_input": map[string]string{"command": "git show HEAD:settings.py"}})
	if code, _, stderr, _ := runReal(t, p, string(a)); code != 0 {
		t.Errorf("agent A: git show HEAD:settings.py blocked before it runs: %s", stderr)
	}
	// F6's other reproductions, the key in the working file: agent B's
	// shell read, its preToolUse Read without content, and (control) its
	// beforeReadFile with the content all block.
	if err := os.WriteFile(filepath.Join(proj, "settings.py"), []byte("AWS="+"AKIA"+"IOSFODNN7EXAMPLF\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	read, _ := json.Marshal(map[string]any{"hookEventName": "preToolUse", "tool_name": "Read", "cwd": proj,
		"tool_input": map[string]string{"file_path": filepath.Join(proj, "settings.py")}})
	before, _ := json.Marshal(map[string]any{"hookEventName": "beforeReadFile", "file_path": filepath.Join(proj, "settings.py"),
		"content": "AWS=" + "AKIA" + "IOSFODNN7EXAMPLF"})
	for _, pl := range []string{b("cat settings.py"), b("git show HEAD:settings.py; git log -p"), string(read), string(before)} {
		if code, stdout, _, _ := runReal(t, p, pl); code != 2 {
			t.Errorf("B %s: allowed: %s", pl, stdout)
		}
	}
}

// shellPayloadB is agent B's beforeShellExecution payload of cmd in dir.
func shellPayloadB(dir, cmd string) string {
	s, _ := json.Marshal(map[string]any{"hookEventName": "beforeShellExecution", "command": cmd, "cwd": dir})
	return string(s)
}

// bashPayloadA is agent A's PreToolUse payload of a Bash cmd in dir, run
// in the background when bg.
func bashPayloadA(dir, cmd string, bg bool) string {
	in := map[string]any{"command": cmd}
	if bg {
		in["run_in_background"] = true
	}
	s, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": dir, "tool_input": in})
	return string(s)
}

// wantBlock runs payload through the real hook with policy p and reports
// an error, labelled label, unless it blocks exactly when block says.
func wantBlock(t *testing.T, p *policy.Policy, label, payload string, block bool) {
	t.Helper()
	code, stdout, stderr, _ := runReal(t, p, payload)
	if blocked := code == 2; blocked != block {
		t.Errorf("%s: blocked = %v, want %v: %s%s", label, blocked, block, stdout, stderr)
	}
}
