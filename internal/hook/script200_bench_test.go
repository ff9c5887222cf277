package hook

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkScript200 measures in process a hook call whose Bash command is
// the 200-line script of scripts/benchscript200.py (issue 20's ≤ 25 ms
// whole-process figure): where the analysis of a long command spends, as
// bash and as zsh (parsed both ways, the union analysed).
func BenchmarkScript200(b *testing.B) {
	for _, sh := range []string{"/bin/bash", "/bin/zsh"} {
		b.Run(filepath.Base(sh), func(b *testing.B) { benchScript200(b, sh) })
	}
}

func benchScript200(b *testing.B, shell string) {
	lines := []string{"git status --short", "go test ./... -run TestParse", "grep -rn TODO src/", "sed -i 's/a/b/' src/x.go",
		"cp config.example.yaml config.yaml", "docker build -t app .", "npm run build", "ls -la build",
		"cat README.md | head -20", "find src -name '*.go' | xargs wc -l", "x=$(date +%s); echo $x >> build.log",
		"if [ -f go.mod ]; then go mod tidy; fi", `for f in src/*.go; do gofmt -l "$f"; done`,
		"curl -s https://api.github.com/repos/golang/go | jq .name", "tar czf out.tgz dist/", "make -C build",
		"python3 -m pytest -q", "echo done"}
	var sb []string
	for i := range 200 {
		sb = append(sb, lines[i%len(lines)])
	}
	dir := b.TempDir()
	b.Setenv("HOME", filepath.Join(dir, "home"))
	b.Setenv("GUARD_HOME", filepath.Join(dir, "g"))
	b.Setenv("AGENT_A_HOOK_EVENT", "")
	b.Setenv("SHELL", shell)
	proj := filepath.Join(dir, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		b.Fatal(err)
	}
	payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": strings.Join(sb, "\n")}, "cwd": proj})
	for b.Loop() {
		// The script is blocked (python3 runs after npm, which may change
		// its code): the time is the analysis's, which a block does not cut
		// short.
		if code := Run(Config{Stdin: bytes.NewReader(payload), Stdout: io.Discard, Stderr: io.Discard}); code != 2 {
			b.Fatalf("exit %d", code)
		}
	}
}
