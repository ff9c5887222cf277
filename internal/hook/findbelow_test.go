package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFindBelow: a name below what find found ({}/pre-commit), in the
// command's words or inside a -c script, is written in each found
// directory: find . -name hooks finds .git/hooks.
func TestFindBelow(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"go.mod": "module x\n", "src/main.go": "package main\n", ".git/HEAD": "ref: refs/heads/main\n"})
	if err := os.MkdirAll(filepath.Join(proj, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`find . -name hooks -exec sh -c 'echo x > {}/pre-commit' \;`, true},
		{`find . -name hooks -exec cp x {}/pre-commit \;`, true},
		{`find . -type d -exec sh -c 'echo x > {}/post-checkout' \;`, true},
		{`find . -name src -exec ls {}/main.go \;`, false},
		{`find . -name build -type d -exec sh -c 'rm -rf {}/cache' \;`, false},
		{`find . -name '*.go' -exec gofmt -l {} +`, false},
	} {
		wantBlock(t, p, tc.cmd, shellPayloadB(proj, tc.cmd), tc.block)
	}
}
