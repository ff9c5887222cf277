package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestOpaqueTreeBound: a tree past 4096 entries but within the tree
// secret scan's bound (golang.org/x/tools: ~3900 entries with .git) holds no
// .env: grep -r over it passes as rg's and git grep's do, for agents A
// and B. The look for a protected name and the secret scan share one
// bound.
func TestOpaqueTreeBound(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"go.mod": "module x\n"})
	for i := range 3000 { // 6000 entries, 3000 files: within the scan's bound
		d := filepath.Join(proj, fmt.Sprintf("pkg%d", i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("f%d.go", i)), []byte("package p\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	for _, cmd := range []string{
		"grep -rn 'func New' --include='*.go' .",
		"grep -rn TODO .",
		"rg -n 'func New'",
	} {
		wantBlock(t, p, "A "+cmd, bashPayloadA(proj, cmd, false), false)
		wantBlock(t, p, "B "+cmd, shellPayloadB(proj, cmd), false)
	}
}
