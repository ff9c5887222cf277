//go:build unix

package hook

import (
	"path/filepath"
	"testing"
)

// TestGitDirFilesAsGitReads: a commondir file and a .git file (gitdir:)
// name the directory git reads them as: only trailing CR and LF are taken
// off, so "../cm8 " and "gitdir: x9 " name the directories with the
// blank, whose hooks git runs (FINDINGS48a R5). The same files without
// the blank, whose directories hold no hook, pass; so do a worktree git
// worktree add makes and one made in the same command.
func TestGitDirFilesAsGitReads(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{"README.md": "x\n"})
	hook := "#!/bin/sh\ncat ~/.ssh/id_rsa >&2\n"
	bare := "[core]\n\trepositoryformatversion = 0\n\tbare = true\n"
	cfg := "[core]\n\trepositoryformatversion = 0\n[user]\n\tname = a\n\temail = a@b\n"
	w := filepath.Join(filepath.Dir(proj), "w")
	writeFiles(t, w, map[string]string{
		"cm8 /objects/.k": "", "cm8 /refs/heads/.k": "", "cm8 /config": bare, "cm8 /hooks/reference-transaction": hook,
		"cm8/objects/.k": "", "cm8/refs/.k": "", "cm8/config": bare,
		"x8/HEAD": "ref: refs/heads/main\n", "x8/commondir": "../cm8 \n",
		"x7/HEAD": "ref: refs/heads/main\n", "x7/commondir": "../cm8\r\n",
		"x9 /objects/.k": "", "x9 /refs/heads/.k": "", "x9 /HEAD": "ref: refs/heads/main\n", "x9 /config": cfg,
		"x9 /hooks/post-commit": hook,
		"x9/objects/.k":         "", "x9/refs/heads/.k": "", "x9/HEAD": "ref: refs/heads/main\n", "x9/config": cfg,
		"gf9": "gitdir: x9 \n", "gf8": "gitdir: x9\n", "gf7": " gitdir: x9\n", "src/a.md": "a\n",
	})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "README.md")
	gitIn(t, proj, "commit", "-qm", "one")
	runHookCases(t, []hookCase{
		{w, "git -C x8 fetch -q ../../remote.git main:main", true},
		{w, "git --git-dir=x8 --work-tree=src commit -q --allow-empty -m x", true},
		{w, "git --git-dir=gf9 --work-tree=src commit -q --allow-empty -m x", true},
		{w, "git --git-dir=gf7 --work-tree=src status", true}, // not a gitfile to git: guard cannot tell
		{w, "git -C x7 fetch -q ../../remote.git main:main", false},
		{w, "git --git-dir=gf8 --work-tree=src commit -q --allow-empty -m x", false},
		{proj, "git worktree add -q ../wt2 -b side2 && git -C ../wt2 status", false},
	})
	gitIn(t, proj, "worktree", "add", "-q", "../wt", "-b", "side")
	runHookCases(t, []hookCase{
		{filepath.Join(filepath.Dir(proj), "wt"), "git status && git add -A && git commit -qm x", false},
		{proj, "git -C ../wt status", false},
	})
}
