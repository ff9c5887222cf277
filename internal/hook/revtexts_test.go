package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// revGit returns a runner of git in dir, with a fixed identity and no
// system configuration.
func revGit(t *testing.T, dir string) func(args ...string) string {
	return func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
}

// gitWorld is scriptWorld's project with files, made a git repository on
// branch main (nothing committed), and a git run in it; it skips the test
// where git is missing.
func gitWorld(t *testing.T, files map[string]string) (string, func(args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, files)
	git := revGit(t, proj)
	git("init", "-q", "-b", "main")
	return proj, git
}

// TestRevTexts: where guard cannot redact what a command prints (agent B;
// agent A's background command, or a command whose syntax may fail after
// git printed), the committed text a git subcommand prints beyond
// REV:PATH (a commit's patch, a history, a diff of revisions) is read
// from the object store and checked, and what guard does not read (cat-file
// --batch, a history it does not bound) is "cannot tell";
// subcommands that print names, ids or counts of a file (git log
// --oneline -- F, git rev-parse HEAD:F) and the catalogue's unprinted
// readers (wc -c F) do not read its text; replace refs make every
// revision read "cannot tell".
func TestRevTexts(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"settings.py": "AWS=" + "AKIA" + "IOSFODNN7EXAMPLF\n", "README.md": "hello\n"})
	git("add", "settings.py", "README.md")
	git("commit", "-qm", "one")
	if err := os.WriteFile(filepath.Join(proj, "README.md"), []byte("hello again\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-qam", "two")
	first := git("rev-parse", "HEAD~1")
	p := realPolicy(t, "")
	b := func(cmd string) string { return shellPayloadB(proj, cmd) }
	a := func(cmd string, bg bool) string { return bashPayloadA(proj, cmd, bg) }
	check := func(name, payload string, block bool) { t.Helper(); wantBlock(t, p, name, payload, block) }
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git show HEAD~1", true}, // adds settings.py
		{"git show " + first, true},
		{"git show", false}, // HEAD changes README.md only
		{"git show --stat HEAD~1", false},
		{"git log -p", true},
		{"git log -p -1", false},
		{"git log -p -2", true},
		{"git log -p --all", true},
		{"git diff " + first + " HEAD", false},
		{"git diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 HEAD", true}, // the empty tree: not a commit guard reads
		{"git diff HEAD~1", false},
		{"git grep AWS HEAD", true},
		{"git grep AWS", true}, // the working tree's settings.py holds the key: its line is printed raw
		{"echo HEAD:settings.py | git cat-file --batch", true},
		{"git cat-file -p HEAD~1", true},
		{"git format-patch -1 --stdout", false}, // HEAD's patch: README.md only
		{"git format-patch -2 --stdout", true},
		{"git diff-tree -p HEAD~1", true},
		{"git archive HEAD~1", true},
		{"git show HEAD:README.md", false},
		{"git stash show -p", false},                // no stash
		{"git log --oneline -- settings.py", false}, // FP1
		{"git log -1 --format=%H -- settings.py", false},
		{"git rev-parse HEAD:settings.py", false}, // FP2
		{"git ls-tree HEAD settings.py", false},
		{"wc -c settings.py", false}, // FP3
		{"sha256sum settings.py", false},
		{"cat settings.py", true},
		{"git log -p -1 -- settings.py", true}, // the working file holds the key
	} {
		check("B "+tc.cmd, b(tc.cmd), tc.block)
		check("A bg "+tc.cmd, a(tc.cmd, true), tc.block)
	}
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git show HEAD~1; false", true},
		{"git log -p; false", true},
		{"git grep AWS HEAD; false", true},
		{"git show HEAD~1", false}, // its status is git's: the result scan redacts
		{"git log -p", false},
		{"git log --oneline -- settings.py; false", false},
		{"git rev-parse HEAD:settings.py; false", false},
	} {
		check("A "+tc.cmd, a(tc.cmd, false), tc.block)
	}
	// F15: git replace makes git print another object than the one
	// guard reads by name: every revision read there is "cannot tell".
	git("replace", git("rev-parse", "HEAD:README.md"), git("rev-parse", "HEAD:settings.py"))
	check("B replaced git show HEAD:README.md", b("git show HEAD:README.md"), true)
	check("B replaced git show", b("git show"), true)
	check("A bg replaced git show HEAD:README.md", a("git show HEAD:README.md", true), true)
	check("B replaced git status", b("git status"), false)
}

// TestRevTextsMore: in a repository whose key was removed from HEAD but
// stays in HEAD~2: a subcommand, option or alias not known to print no
// file text is read or "cannot tell" where guard cannot redact (agent B,
// agent A's background and failure routes); git's environment moving the
// replace refs is "cannot tell".
func TestRevTextsMore(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"settings.py": "AWS=" + "AKIA" + "IOSFODNN7EXAMPLF\n", "README": "hello\n"})
	git("add", "settings.py", "README")
	git("commit", "-qm", "init")
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("README", "hello again\n")
	git("commit", "-qam", "two")
	write("settings.py", "X\n")
	git("commit", "-qam", "rotate key")
	p := realPolicy(t, "")
	b := func(cmd string) string { return shellPayloadB(proj, cmd) }
	a := func(cmd string, bg bool) string { return bashPayloadA(proj, cmd, bg) }
	check := func(name, payload string, block bool) { t.Helper(); wantBlock(t, p, name, payload, block) }
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git log -U1", true},
		{"git log -U3 -- settings.py", true},
		{"git log --binary", true},
		{"git log --remerge-diff", true},
		{"git reflog -p", true},
		{"git stash list -p", true},
		{"git diff-tree -p HEAD", true},
		{"git diff-tree -r -p --root HEAD~2", true},
		{"git blame HEAD~2 -- settings.py", true},
		{"git annotate settings.py HEAD~2", true},
		{"git -c alias.x=show x HEAD~2", true},
		{`git -c alias.x="log -p" x`, true},
		{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0=show git x HEAD~2", true},
		{"git log -U1 | cat", true},
		{"git log -U1 | rev", true},
		{"GIT_REPLACE_REF_BASE=refs/tags/ git show HEAD:README", true},
		{"export GIT_REPLACE_REF_BASE=refs/tags/; git show HEAD:README", true},
		{"env GIT_REPLACE_REF_BASE=refs/tags/ git cat-file -p HEAD:README", true},
		{"git log -p", true},
		{"git show HEAD~2", true},
		// what prints no file text, or none of the key
		{"git log --oneline -5", false},
		{"git log -1", false},
		{"git log --stat -3", false},
		{"git log --format=%B -3", false},
		{"git reflog", false},
		{"git status", false},
		{"git show --stat", false},
		{"git show HEAD~1", false},
		{"git blame README", false},
		{"git blame HEAD~1 -- README", false},
		{"git show HEAD:README", false},
		{"git shortlog -s", false},
		{"git show --name-only HEAD", false},
		{"git stash show", false},
		{"git branch -a", false},
		{"git diff-tree -r --name-only HEAD", false},
		{"GIT_PAGER=cat git show HEAD:README", false},
	} {
		check("B "+tc.cmd, b(tc.cmd), tc.block)
		check("A bg "+tc.cmd, a(tc.cmd, true), tc.block)
		if !strings.Contains(tc.cmd, "|") {
			check("A fail "+tc.cmd, a(tc.cmd+"; false", false), tc.block)
		}
	}
	// A revision guard does not resolve is one it cannot tell, never "no
	// text": git may take the word otherwise (a search option's value
	// guard took for the revision, an abbreviated id, a ref the command
	// made first: FINDINGS49a S7); a file of that name is read as a path.
	write("v7.7.7-notes", "x\n")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git show v9.9.9 2>/dev/null", true},
		{"git log -p nosuchbranch 2>/dev/null", true},
		{"git show HEAD~2", true},
		{"git show v7.7.7-notes", true},
	} {
		check("B "+tc.cmd, b(tc.cmd), tc.block)
		check("A fail "+tc.cmd, a(tc.cmd+"; false", false), tc.block)
	}
	// FP1: an abbreviated id (git log --oneline's) names the commit.
	two, first := git("rev-parse", "--short", "HEAD~1"), git("rev-parse", "--short=5", "HEAD~2")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git show " + two, false},
		{"git log -p -1 " + two, false},
		{"git show " + first, true},
		{"git diff " + first + " " + two, false},
		{"git log -p -1 " + first, true},
	} {
		check("B "+tc.cmd, b(tc.cmd), tc.block)
		check("A fail "+tc.cmd, a(tc.cmd+"; false", false), tc.block)
	}
	// FP2: a pathspec limits the files a revision read prints; a commit
	// that does not change them is not shown.
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git log -p -1 -- README", false},
		{"git diff HEAD~1 -- README", false},
		{"git diff HEAD~2 HEAD -- README", false},
		{"git log -p --since=yesterday -- README", false},
		{"git show HEAD~2 -- README", false},
		{"git diff HEAD~2 HEAD README", false},
		{"git log -p -1 -- settings.py", true}, // the last commit changing it: both sides, the old key
		{"git log -p -- settings.py", true},
		{"git diff HEAD~2 -- settings.py", true},
		{"git log --follow -p -- README", true}, // renames: not narrowed
	} {
		check("B "+tc.cmd, b(tc.cmd), tc.block)
		check("A fail "+tc.cmd, a(tc.cmd+"; false", false), tc.block)
	}
	// A ref naming a blob (a lightweight tag on the old settings.py) and
	// a ref format printing the raw object.
	git("tag", "oldkey", git("rev-parse", "HEAD~2:settings.py"))
	check("B for-each-ref raw", b("git for-each-ref --format='%(raw)' refs/tags/oldkey"), true)
	check("A fail tag raw", a("git tag --format='%(raw)'; false", false), true)
	check("B for-each-ref refname", b("git for-each-ref --format='%(refname)'"), false)
	// git show prints a blob whole whatever its options.
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git show --stat HEAD~2:settings.py", true},
		{"git show -s oldkey", true},
		{"git show -s " + git("rev-parse", "HEAD~2:settings.py"), true},
		{"git show --stat HEAD~2", false},
		{"git show -s --format=%H HEAD~2", false},
	} {
		check("B "+tc.cmd, b(tc.cmd), tc.block)
		check("A fail "+tc.cmd, a(tc.cmd+"; false", false), tc.block)
	}
	// git's own environment, which guard inherits from the client.
	t.Setenv("GIT_REPLACE_REF_BASE", "refs/tags/")
	check("B env git show HEAD:README", b("git show HEAD:README"), true)
}

// TestRevTextsStaged: git diff --cached (--staged) prints both sides of
// the files where the index differs from HEAD (or the revision named),
// read from the object store and the index as git diff REV reads the
// disk: nothing staged, or a file without a secret, prints no secret; a
// staged file holding one does, and a pathspec keeps the files it names.
// git diff [PATH…] is the index against the disk, read the same way.
func TestRevTextsStaged(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"app/settings.py": "# settings\nDEBUG = True\nX = 1\nY = 2\n" + `GITHUB_TOKEN = "ghp_` + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A" + `"` + "\n", "app/core.py": "def f(): pass\n"})
	git("add", "app")
	git("commit", "-qm", "one")
	p := realPolicy(t, "")
	b := func(cmd string) string { return shellPayloadB(proj, cmd) }
	a := func(cmd string) string { return bashPayloadA(proj, cmd+"; false", false) }
	check := func(name string, block bool, cmds ...string) {
		t.Helper()
		for _, cmd := range cmds {
			wantBlock(t, p, "B "+name+" "+cmd, b(cmd), block)
			wantBlock(t, p, "A fail "+name+" "+cmd, a(cmd), block)
		}
	}
	check("nothing staged", false, "git diff --cached", "git diff --staged", "git diff --cached HEAD")
	write := func(name, text string) {
		t.Helper()
		f, err := os.OpenFile(filepath.Join(proj, name), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
	}
	write("app/core.py", "x = 1\n")
	git("add", "app/core.py")
	check("core staged", false, "git diff --cached", "git diff --staged -- app/core.py")
	write("app/settings.py", "Z = 3\n")
	git("add", "app/settings.py")
	check("settings staged", true, "git diff --cached", "git diff --cached HEAD", "git diff --cached -- app/settings.py")
	check("settings staged, narrowed", false, "git diff --cached -- app/core.py", "git diff --cached app/core.py")
	check("two revisions", true, "git diff --cached HEAD HEAD")
	// git diff [PATH…]: the index against the working tree, a diff read
	// as git diff REV's: a clean file prints nothing, a changed one both
	// its sides.
	git("commit", "-qm", "two")
	check("clean", false, "git diff", "git diff app/settings.py", "git diff -- app/settings.py", "git diff HEAD -- app/settings.py")
	write("app/core.py", "y = 2\n")
	check("core changed", false, "git diff", "git diff app/settings.py", "git diff app/core.py")
	write("app/settings.py", "W = 4\n")
	check("settings changed", true, "git diff", "git diff app/settings.py", "git diff -- app")
	check("settings changed, narrowed", false, "git diff app/core.py", "git diff -- app/core.py")
	// git's own file commands print names and messages, no file text;
	// their patch modes show each hunk.
	check("git file commands", false, "git restore app/settings.py", "git restore --staged --worktree app/settings.py",
		"git checkout -- app/settings.py", "git checkout -q HEAD -- app/settings.py", "git mv app/settings.py app/config.py")
	check("git patch modes", true, "git restore -p app/settings.py", "git checkout -p app/settings.py", "git checkout --patch -- app/settings.py")
}

// TestEnvLoaderReason: a runner started by a prefix that loads .env by
// default (pipenv run, dotenv run) is blocked with a reason that names
// the loader and the file, not env.
func TestEnvLoaderReason(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{".env": "API_KEY=sk_test_" + "abcdefghijklmnop1234\n", "tests/test_x.py": "def test_x(): pass\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct{ cmd, loader string }{
		{"pipenv run pytest", "pipenv loading .env"},
		{"dotenv run pytest", "dotenv loading .env"},
	} {
		code, stdout, stderr, _ := runReal(t, p, shellPayloadB(proj, tc.cmd))
		if code != 2 || !strings.Contains(stdout+stderr, tc.loader) || strings.Contains(stdout+stderr, "(env runs before it)") {
			t.Errorf("%s: code %d, want a block naming %q: %s%s", tc.cmd, code, tc.loader, stdout, stderr)
		}
	}
}
