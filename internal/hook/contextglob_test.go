package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestContextGlobs: a word holding * ? [ that a program guard does not
// know may take for a path (awk's field separator, go test's -run
// regexp, a printf format) names a context file only when its pattern
// may match one: a context file's name, a directory above one, an entry
// that links elsewhere; a pattern guard cannot read still blocks
// (FINDINGS56c FP-M6).
func TestContextGlobs(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	writeFiles(t, dir, map[string]string{
		"proj/AGENTS.md": "notes\n", "proj/sub/AGENTS.md": "more\n", "proj/Makefile": "VERSION = 1\nall: ## build\n\tgo build\n",
		"proj/go.mod": "module x\n", "proj/main.go": "package main\nfunc main(){}\n",
	})
	if err := os.Symlink("AGENTS.md", filepath.Join(proj, "link.md")); err != nil {
		t.Fatal(err)
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	bash := func(cmd string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":` + jsonString(cmd) + `}}`
	}
	for _, tt := range []struct{ name, cmd, verdict string }{
		{"go test -run regexp", `go test ./... -run '^Test.*$'`, "allow"},
		{"awk -F class", `awk -F '[ =]' '/^VERSION/{print $3}' Makefile`, "allow"},
		{"awk FS", `awk 'BEGIN {FS = ":.*##"} /^[a-zA-Z_-]+:.*##/ { printf "%-20s %s\n", $1, $2 }' Makefile`, "allow"},
		{"unknown program, format", `frob '\033[36m%-20s\033[0m'`, "allow"},
		{"unknown program, no match", `frob 'x*.txt'`, "allow"},
		// Protected: a pattern that may name a context file.
		{"unknown program, context name", `frob 'AGENT*'`, "block"},
		{"unknown program, lower case", `frob 'agents.*'`, "block"},
		{"unknown program, negated class", `frob '[!x]GENTS.md'`, "block"},
		{"unknown program, directory above", `frob 's?b'`, "block"},
		{"unknown program, link", `frob 'l[i]nk.md'`, "block"},
		{"unknown program, star", `frob '*'`, "block"},
		{"unknown program, posix class", `frob '[[:upper:]]x'`, "block"},
	} {
		contextVerdict(t, p, dir, proj, tt.name, "A", bash(tt.cmd), tt.verdict)
	}
}
