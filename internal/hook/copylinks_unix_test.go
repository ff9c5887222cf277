//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCopiedLinks: a copy that keeps links (cp -P, -a, rsync -a, mv) of a
// link on disk makes another link to its target, so a later write through
// the copy is a write of the target; a directory copied so may hold links
// (FINDINGS4 H1).
func TestCopiedLinks(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{"plain.txt": "x\n", "tree/a.txt": "a\n"})
	os.WriteFile(filepath.Join(homeDir, ".bashrc"), []byte("# rc\n"), 0o644)
	for name, target := range map[string]string{
		"l2":     filepath.Join(homeDir, ".bashrc"),
		"rel":    "../home/.bashrc",
		"ok":     "plain.txt",
		"tree/l": filepath.Join(homeDir, ".bashrc"),
	} {
		if err := os.Symlink(target, filepath.Join(proj, name)); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string // rule "" for allowed
	}{
		{"cp -P l2 q && echo x >> q", "blocked_path", ".bashrc"},
		{"cp -a l2 q; echo x > q", "blocked_path", ".bashrc"},
		{"cp -d l2 q; sed -i s/a/b/ q", "blocked_path", ".bashrc"},
		{"cp -R l2 q; echo x >> q", "blocked_path", ".bashrc"},
		{"cp --no-dereference l2 q; echo x >> q", "blocked_path", ".bashrc"},
		{"cp -r --preserve=links l2 q; echo x >> q", "blocked_path", ".bashrc"},
		{"rsync -a l2 q && echo x >> q", "blocked_path", ".bashrc"},
		{"rsync -l l2 q && echo x >> q", "blocked_path", ".bashrc"},
		{"mv l2 q && echo x >> q", "blocked_path", ".bashrc"},
		{"cp -P rel q && echo x >> q", "blocked_path", ".bashrc"},
		{"mkdir d && cp -a l2 d/ && echo x >> d/l2", "blocked_path", ".bashrc"},
		{"cp -P -t d l2 && echo x >> d/l2", "blocked_path", ".bashrc"},
		{"cp -a tree t2 && echo x >> t2/l", "unparsable_command", "links in it kept"},
		{"cp -r tree t2 && echo x >> t2/a.txt", "unparsable_command", "links in it kept"},
		{"cp -a l* d && echo x >> d/l2", "unparsable_command", "cannot tell"},
		// Following copies make files; copies of plain files and of
		// links to plain files write nothing protected.
		{"cp l2 q && echo x >> q", "", ""},
		{"cp -a -L l2 q && echo x >> q", "", ""},
		{"cp -L -a l2 q && echo x >> q", "blocked_path", ".bashrc"}, // -a after -L: the last wins
		{"rsync -aL l2 q && echo x >> q", "", ""},
		{"cp -a plain.txt q && echo x >> q", "", ""},
		{"cp -P ok q && echo x >> q", "", ""},
		{"cp -a tree t2 && ls t2", "", ""},
		{"cp -r tree t2 && echo x >> t3", "", ""},
		{"cp -P l2 q", "", ""},
		// A write target that is what readlink prints of a link on disk
		// (attack4 H11).
		{`echo x >> "$(readlink l2)"`, "blocked_path", ".bashrc"},
		{`echo x >> "$(realpath l2)"`, "blocked_path", ".bashrc"},
		{`sed -i s/a/b/ "$(readlink l2)"`, "blocked_path", ".bashrc"},
		// A name guard cannot tell in a project that holds links to
		// protected files could be one of them (review 13a F11).
		{`echo x >> "$(readlink ok)"`, "unresolved_path", "cannot tell what the run-time name is"}, // review 17a: readlink prints any path
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}
