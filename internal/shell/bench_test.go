package shell

import (
	"strings"
	"testing"
)

// BenchmarkAnalyze measures a parse and analysis of an everyday command, of
// a 40-line script and of a 4 KiB here-document written to a file, read as
// bash, and as bash and zsh.
func BenchmarkAnalyze(b *testing.B) {
	var script strings.Builder
	for range 20 {
		script.WriteString("echo \"step\" && go test ./internal/pkg/... -run 'Test.*' -count=1 2>&1 | tail -n 20\n")
		script.WriteString("[ -f build/out.txt ] && cp build/out.txt dist/ || true\n")
	}
	doc := "cat > table.go <<'EOF'\n" + strings.Repeat("\t\"entry-0000\": 0, // see docs/table.md\n", 100) + "EOF\ngofmt -l ."
	for _, c := range []struct{ name, cmd string }{
		{"1line", "go test ./... -run TestParse -count=1 2>&1 | tail -n 40"},
		{"40lines", script.String()},
		{"4KiB", doc},
	} {
		for _, zsh := range []bool{false, true} {
			name := c.name
			if zsh {
				name += "-zsh" // read as zsh too: a second parse and walk
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					analyze(c.cmd, Options{Home: "/home/dev", Zsh: zsh})
				}
			})
		}
	}
}
