//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestIgnoresMoved: git add -A, then a push, reads the tree as git's
// ignore rules let it through only while no earlier command of the call
// may have changed them, decided from the writes the command records, not
// from the programs' names (FINDINGS44c K1, K2): git diff/log/show
// --output=.gitignore, a redirection of any descriptor (2>, 1<>, 3>), a
// bare redirection, one on a group, loop, if, subshell, [[ ]] or (( )), a
// write under .git (its index too), a variable git writes to
// (GIT_TRACE), and a write through a symbolic or hard link an earlier
// call made to an ignore file block, in a repository with an ignored .env
// and a remote; the everyday push and writes of other files pass, also
// from the project reached through a symbolic link.
func TestIgnoresMoved(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"README": "a\n", ".gitignore": ".env\n", ".env": "DB_PASS=hunter2xyz\n", "sub/x.txt": "x\n"})
	git("add", "README", ".gitignore", "sub/x.txt")
	git("commit", "-qm", "one")
	remote := filepath.Join(t.TempDir(), "remote.git")
	git("init", "-q", "--bare", remote)
	git("remote", "add", "origin", remote)
	git("push", "-q", "-u", "origin", "main")
	// Links an earlier call made.
	for _, l := range [][2]string{{".gitignore", "g"}, {".git/info", "dl"}} {
		if err := os.Symlink(l[0], filepath.Join(proj, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(filepath.Join(proj, ".gitignore"), filepath.Join(proj, "hl")); err != nil {
		t.Fatal(err)
	}
	text := realPolicy(t, "")
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	const push = " && git add -A && git commit -qm x && git push"
	pass := []string{"git add -A && git commit -qm x && git push", "git add . && git commit -qm x && git push origin main",
		`git add "$f" && git commit -qm x && git push`, "echo hi > notes.txt" + push, "git diff --output=x.diff" + push,
		"git status > status.txt" + push, "cd sub && echo x > y.txt" + push, "git commit -am x && git push"}
	block := []string{
		// K1: git's diff options write any file.
		"git diff --output=.gitignore" + push, "git log -0 --output=.gitignore" + push,
		"git show -s --format= --output=.gitignore" + push, "git diff --output .gitignore" + push,
		"git diff --output=.git/info/exclude" + push, "git diff --output=.git/index" + push,
		// K2: any redirection, on any command.
		">.gitignore" + push, ": 2>.gitignore" + push, "echo 1<>.gitignore" + push, "true 3>.gitignore" + push,
		"test -e x 2> .gitignore ;" + push, "{ echo '!.env'; } >> .gitignore" + push,
		"for i in 1; do echo; done > .gitignore" + push, "if true; then echo; fi > .gitignore;" + push,
		"(echo) > .gitignore;" + push, "[[ -e x ]] > .gitignore ;" + push, "((1)) > .gitignore ;" + push,
		"cd sub && echo '!.env' > ../.gitignore" + push, "printf x > .git/index" + push, "echo > .git/config" + push,
		`echo > "$f"` + push, "GIT_TRACE=$PWD/.gitignore git status" + push,
		// Links: where the write lands, not its name.
		"echo '!.env' >> g" + push, "git diff --output=g" + push, "echo '!.env' > dl/exclude" + push, "echo '!.env' >> hl" + push,
	}
	for _, p := range []*policy.Policy{text, commands} {
		for _, cmd := range pass {
			wantBlock(t, p, cmd, bashPayloadA(proj, cmd, false), false)
		}
		for _, cmd := range block {
			wantBlock(t, p, cmd, bashPayloadA(proj, cmd, false), true)
		}
	}
	// Through a linked project directory, git's own .git/index write is
	// still git's.
	linked := filepath.Join(t.TempDir(), "p")
	if err := os.Symlink(proj, linked); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range pass[:4] {
		wantBlock(t, text, "linked: "+cmd, bashPayloadA(linked, cmd, false), false)
	}
	for _, cmd := range []string{"echo '!.env' >> g" + push, "git diff --output=.gitignore" + push} {
		wantBlock(t, text, "linked: "+cmd, bashPayloadA(linked, cmd, false), true)
	}
}
