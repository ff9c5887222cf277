package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestContextFromIndex: git writing the work tree from the index or the
// history writes a context file's text from there: a pathspec directory
// whose context file differs on disk from the index is a write of it,
// with text guard does not know; another file's restore passes.
func TestContextFromIndex(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	for name, text := range map[string]string{".env": "DB_PASS=hunter2xyz\n", "sub/AGENTS.md": "@../.env\n", "sub/README.md": "hi\n"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(proj, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
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
	git("add", "sub")
	git("commit", "-q", "-m", "a")
	if err := os.WriteFile(filepath.Join(proj, "sub/AGENTS.md"), []byte("plain\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ cmd, verdict string }{
		{"git checkout -- sub", "block"},
		{"git restore sub", "block"},
		{"git checkout HEAD -- sub", "block"},
		{"git checkout -- sub/README.md", "allow"},
		{"git status", "allow"},
	} {
		var f fake
		payload := `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":` + jsonString(proj) + `,"tool_input":{"command":` + jsonString(tt.cmd) + `}}`
		cfg := f.config(payload, nil)
		cfg.Agent = "a"
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s: records %+v, want one %s; %s", tt.cmd, f.records, tt.verdict, strings.TrimSpace(f.stderr.String()))
		}
	}
}
