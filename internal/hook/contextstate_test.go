package hook

import (
	"fmt"
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

// TestContextProject: the context files of
// the project tree are looked up, not only the written file's ancestors'
// (a sub-directory's import filled by cp, curl -o, sed -i); an import that
// does not exist yet is one, filled by an extraction guard cannot list;
// a file a context file imports has its imports checked as the context
// file's; a big imported file is scanned for its @words, so writes beside
// it pass; a note naming a file with @ in a file nothing imports passes.
func TestContextProject(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	lock := strings.Repeat(`{"name": "x", "version": "1.0.0"},`+"\n", (maxImportBytes>>5)+10)
	writeFiles(t, dir, map[string]string{
		"proj/.git/HEAD": "ref: refs/heads/main\n", "proj/.env": "DB_PASS=hunter2xyz\n", "proj/keys.txt": "token = " + ghTok + "\n",
		"proj/AGENT_A.md": "# proj\n@docs/later.md\n", "proj/docs/.keep": "", "proj/out/.keep": "",
		"proj/sub/AGENT_A.md": "@../later3.md\n@../later2.md\n@../later4.md\n", "proj/later3.md": "hello\n",
		"proj/node_modules/pkg/AGENT_A.md": "@../../later9.md\n", "proj/later9.md": "hello\n",
		"proj/.git/info/AGENT_A.md": "@../../later8.md\n", "proj/later8.md": "hello\n",
		"fp1/AGENT_A.md": "See @README.md and @package-lock.json\n", "fp1/README.md": "hi\n", "fp1/package-lock.json": lock,
		"fp1b/AGENT_A.md": "@package-lock.json\n", "fp1b/package-lock.json": lock + "@notes.md\n",
	})
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	write := func(file, content string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"Write","cwd":"P","tool_input":{"file_path":"` + file + `","content":` + jsonString(content) + `}}`
	}
	bash := func(cwd, cmd string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"` + cwd + `","tool_input":{"command":` + jsonString(cmd) + `}}`
	}
	for _, tt := range []struct{ name, payload, verdict string }{
		{"I1 extraction from a pipe", bash("P", "curl -s http://example.com/p | tar x -C docs"), "block"},
		{"I1 extraction of a file made before", bash("P", "curl -so /tmp/y.tar http://example.com/p && tar -C docs -xf /tmp/y.tar"), "block"},
		{"I2 copy over a sub-directory's import", bash("P", "cp /tmp/e.md later3.md"), "block"},
		{"I2 copy to a dangling import", bash("P", "cp /tmp/e.md later2.md"), "block"},
		{"I2 download to a dangling import", bash("P", "curl -so later2.md http://example.com/x"), "block"},
		{"I2 sed -i of an import", bash("P", "sed -i s/hello/@.env/ later3.md"), "block"},
		{"C1 copy over a package's import", bash("P", "cp /tmp/e.md later9.md"), "block"},
		{"C1 download to a package's import", bash("P", "curl -so later9.md http://example.com/x"), "block"},
		{"C1 copy over an import of a context file in .git", bash("P", "cp /tmp/e.md later8.md"), "block"},
		{"I2 from the sub-directory", bash("P/sub", "cp /tmp/e.md ../later3.md"), "block"},
		{"I3 secret import of an imported file", write("P/later4.md", "@keys.txt"), "block"},
		{"FP1 scan finds an import past the bound", bash("H/fp1b", "cp /tmp/e.md notes.md"), "block"},
		// Controls.
		{"extraction elsewhere", bash("P", "curl -s http://example.com/p | tar x -C out"), "allow"},
		{"download of another file", bash("P", "curl -so other.txt http://example.com/x"), "allow"},
		{"FP1 copy beside a big import", bash("H/fp1", "cp README.md README.bak"), "allow"},
		{"FP1 download beside a big import", bash("H/fp1", "curl -so data.json http://example.com/x"), "allow"},
		{"FP1 output beside a big import", bash("H/fp1", "python3 gen.py > out.txt"), "allow"},
		{"FP2 a note naming a file", bash("P", `printf "@keys.txt\n" > notes.md`), "allow"},
		{"a note naming a file, Write", write("P/doc.md", "@keys.txt"), "allow"},
	} {
		contextVerdict(t, p, dir, proj, tt.name, "A", tt.payload, tt.verdict)
	}
}

// TestHeavyContexts: node_modules is listed breadth first to a bound; past
// it, a walk that found a context file there cannot tell.
func TestHeavyContexts(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"node_modules/a/AGENTS.md": "x", "node_modules/b/x/y/z.js": ""}
	for i := range 20 {
		files[fmt.Sprintf("node_modules/c%d/index.js", i)] = ""
	}
	writeFiles(t, dir, files)
	nm := filepath.Join(dir, "node_modules")
	if found, ok := heavyContexts([]string{nm}, 1000); !ok || len(found) != 1 {
		t.Errorf("whole walk: %v %v, want the one context file", found, ok)
	}
	if _, ok := heavyContexts([]string{nm}, 24); ok {
		t.Error("a walk past its bound that found a context file: listed whole, want cannot tell")
	}
	if err := os.Remove(filepath.Join(nm, "a", "AGENTS.md")); err != nil {
		t.Fatal(err)
	}
	if _, ok := heavyContexts([]string{nm}, 24); !ok {
		t.Error("a walk past its bound that found no context file: cannot tell, want none")
	}
}
