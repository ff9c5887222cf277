package hook

import (
	"strings"
	"testing"
)

// TestRevPatchPaths: the files a patch prints (git show REV, git log -p,
// git diff A B) are held to the read rules by their names where guard
// cannot redact what the command prints, as a tree read whole is: a
// committed .env blocks there whatever it holds, the reason naming the
// file and the revision; on agent A's plain route too (the content is the
// result scan's, the names the read rules'), and a patch of no protected
// file passes.
func TestRevPatchPaths(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"README": "a\n", ".env": "DB_PASS=hunter2xyz\n"})
	git("add", "-f", "README", ".env")
	git("commit", "-qm", "init")
	git("rm", "-q", "--cached", ".env")
	git("commit", "-qm", "untrack")
	p := realPolicy(t, "")
	b := func(cmd string) string { return shellPayloadB(proj, cmd) }
	a := func(cmd string, bg bool) string { return bashPayloadA(proj, cmd, bg) }
	for _, tc := range []struct {
		name, payload string
		block         bool
	}{
		{"B git show HEAD~1", b("git show HEAD~1"), true},
		{"B git show HEAD (deletes .env)", b("git show HEAD"), true},
		{"B git log -p", b("git log -p"), true},
		{"B git diff HEAD~1 HEAD", b("git diff HEAD~1 HEAD"), true},
		{"A background git show HEAD~1", a("git show HEAD~1", true), true},
		{"A failure route", a("git show HEAD~1; false", false), true},
		{"A plain git show HEAD~1", a("git show HEAD~1", false), true}, // the names: the read rules' on every route
		{"B git log -p -- README", b("git log -p -- README"), false},
		{"B git show --stat HEAD~1", b("git show --stat HEAD~1"), false},
	} {
		code, stdout, stderr, _ := runReal(t, p, tc.payload)
		if blocked := code == 2; blocked != tc.block {
			t.Errorf("%s: blocked = %v, want %v: %s%s", tc.name, blocked, tc.block, stdout, stderr)
		}
		if tc.block && !strings.Contains(stdout+stderr, ".env") {
			t.Errorf("%s: reason does not name the file: %s%s", tc.name, stdout, stderr)
		}
	}
}

// TestRevPatchPathsClean: a patch of files no rule protects passes on
// every route (git log -p in a repository without protected files).
func TestRevPatchPathsClean(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"README": "a\n", "main.go": "package main\n"})
	git("add", ".")
	git("commit", "-qm", "init")
	p := realPolicy(t, "")
	for _, cmd := range []string{"git log -p", "git show HEAD", "git show"} {
		if code, stdout, stderr, _ := runReal(t, p, shellPayloadB(proj, cmd)); code != 0 {
			t.Errorf("%q: blocked: %s%s", cmd, stdout, stderr)
		}
	}
}
