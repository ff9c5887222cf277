//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRoutesToolGlobHardLinks: a one-level glob a tool expands on disk
// (agent C's read_many_files ["*.txt"]) reads each file it matches, and a
// hard link among them to a protected file is that file, as for the
// shell's cat *.txt (FINDINGS57b R1). A harmless match passes.
func TestRoutesToolGlobHardLinks(t *testing.T) {
	home, proj := routeWorld(t)
	writeFiles(t, home, map[string]string{"proj/readme.md": "x\n"})
	if err := os.Link(filepath.Join(home, ".ssh", "id_rsa"), filepath.Join(proj, "notes.txt")); err != nil {
		t.Skip("no hard links here:", err)
	}
	rmf := func(in string, block bool) routeCase { return routeCase{"c", proj, "read_many_files", in, block} }
	runRouteCases(t, []routeCase{
		rmf(`{"paths":["*.txt"]}`, true), rmf(`{"paths":["not*"]}`, true), rmf(`{"paths":["./n?tes.txt"]}`, true),
		rmf(`{"paths":["*.md"]}`, false),
	})
}
