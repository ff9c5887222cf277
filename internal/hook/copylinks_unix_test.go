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
		{"cp -a tree t2 && echo x >> t2/l", "blocked_path", ".bashrc"},
		{"cp -r tree t2 && echo x >> t2/a.txt", "", ""}, // the tree's links are listed: a.txt is none
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
		// protected files could be one of them.
		{`echo x >> "$(readlink ok)"`, "unresolved_path", "cannot tell what the run-time name is"}, // readlink prints any path
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}

// TestCopiedRelativeLinks: a relative link carried to another depth by any
// spelling of a copy or link that keeps it (src/up -> .. names the
// project; copied up a level it names the home) is the making of a link to
// where it leads there; copies that keep its meaning pass.
func TestCopiedRelativeLinks(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{"src/a.txt": "a\n", "assets/x.css": "x\n"})
	os.WriteFile(filepath.Join(homeDir, ".bashrc"), []byte("# rc\n"), 0o644)
	if err := os.Symlink("..", filepath.Join(proj, "src", "up")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("x.css", filepath.Join(proj, "assets", "main.css")); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, cmd := range []string{
		"ln src/up up2 && echo x >> up2/.bashrc", "ln -P src/up up2", "ln -f src/up .", "link src/up up2",
		"cp -a src/. .", "cp -R src/. . && cat up/.ssh/id_rsa", "cp -r src/. . ; rm -rf up/.guard", "cp -rT src .",
		"cp -a --no-target-directory src .", "cp -a src/./ ./", "cp -a src// . && echo x >> src/up/.bashrc",
		"rsync -a src/ .", "busybox cp -a src/. .", "cp -al src/. .", "cp -a src/up up2",
	} {
		checkRule(t, p, proj, cmd, "blocked_path", "")
	}
	for _, cmd := range []string{
		"ln src/* . && echo x >> up/.bashrc",
		`python3 -c 'import shutil; shutil.copy2("src/up","up2",follow_symlinks=False)' && echo x >> up2/.bashrc`,
		`python3 -c 'import shutil; shutil.copytree("src","d",symlinks=True)' && echo x >> d/up/.bashrc`,
	} {
		checkRule(t, p, proj, cmd, "unparsable_command", "")
	}
	for _, cmd := range []string{
		"cp -a assets/. dist/", "rsync -a src/ backup/", "cp -a src/. dist/ && echo x > dist/notes.txt",
		"cp -a src d && echo x > d/y", "cp -a src/up src/up4", "ln src/up src/up3", "cp -a assets/. . && echo x > out.txt",
		"ln src/a.txt b.txt",
	} {
		checkRule(t, p, proj, cmd, "", "")
	}
}
