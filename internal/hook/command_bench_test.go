package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// benchCommands are the three commands of issue 12's measure: one line, a
// 40-line script and a 4 KiB here-document written to a file (what an agent
// sends when it writes a source file through the shell).
func benchCommands() map[string]string {
	var script strings.Builder
	script.WriteString("set -euo pipefail\ncd \"$(git rev-parse --show-toplevel)\"\n")
	for i := range 19 {
		fmt.Fprintf(&script, "echo \"step %d\" && go test ./internal/pkg%d/... -run 'Test.*' -count=1 2>&1 | tail -n 20\n", i, i)
		fmt.Fprintf(&script, "[ -f build/out%d.txt ] && cp build/out%d.txt dist/ || true\n", i, i)
	}
	var doc strings.Builder
	doc.WriteString("cat > internal/gen/table.go <<'EOF'\npackage gen\n\n// Table is generated.\nvar Table = map[string]int{\n")
	for i := 0; doc.Len() < 4096-60; i++ {
		fmt.Fprintf(&doc, "\t\"entry-%04d\": %d, // see docs/table.md\n", i, i*7)
	}
	doc.WriteString("}\nEOF\ngofmt -l internal/gen")
	return map[string]string{
		"1line":   "go test ./... -run TestParse -count=1 2>&1 | tail -n 40",
		"40lines": script.String(),
		"4KiB":    doc.String(),
	}
}

// BenchmarkCommandCheck measures what a Bash call's command costs guard in
// process: the inputs derived from it (Expand) and the policy's evaluation
// of all of them, with the default policy already loaded.
func BenchmarkCommandCheck(b *testing.B) {
	p, err := policy.Default()
	if err != nil {
		b.Fatal(err)
	}
	cmds := benchCommands()
	for _, name := range []string{"1line", "40lines", "4KiB"} {
		// Two spellings taken in turn, so that nothing computed for the
		// previous call's text can be reused: each call is new, as in a hook
		// process.
		texts := [2]string{cmds[name], cmds[name] + " "}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(texts[0])))
			for i := 0; b.Loop(); i++ {
				cmd := texts[i%2]
				call := &agent.Call{Agent: agent.A, Cwd: "/home/dev/src/widgets", Inputs: []event.Input{{Kind: event.KindCommand, Text: cmd}}}
				p.UseFiles(filesFor(call, agent.Options{})) // as check does
				checked, err := Expand(call, agent.Options{})
				if err != nil {
					b.Fatal(err)
				}
				v, err := p.Evaluate(checked)
				if err != nil || v.Blocked() {
					b.Fatalf("%v %+v", err, v.Finding)
				}
			}
		})
	}
}

// BenchmarkGitStatus measures git status checked at the top of a
// repository and two directories below it (the git directory git loads is
// looked for on disk).
func BenchmarkGitStatus(b *testing.B) {
	p, err := policy.Default()
	if err != nil {
		b.Fatal(err)
	}
	top := b.TempDir()
	if err := os.MkdirAll(filepath.Join(top, ".git", "objects"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(top, "a", "b"), 0o755); err != nil {
		b.Fatal(err)
	}
	for _, dir := range []string{top, filepath.Join(top, "a", "b")} {
		b.Run(filepath.Base(dir), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				call := &agent.Call{Agent: agent.A, Cwd: dir, Inputs: []event.Input{{Kind: event.KindCommand, Text: "git status" + strings.Repeat(" ", i%2)}}}
				p.UseFiles(filesFor(call, agent.Options{}))
				checked, err := Expand(call, agent.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if v, err := p.Evaluate(checked); err != nil || v.Blocked() {
					b.Fatalf("%v %+v", err, v.Finding)
				}
			}
		})
	}
}
