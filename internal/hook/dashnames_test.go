package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDashNames: a name that begins with '-' (or holds a blank before
// one) in the directory a command runs in, handed to a program by a glob
// that starts with a wildcard or by a runner, is an option guard cannot
// tell: wc --files0-from=.env prints .env's lines. A glob with a literal
// start, a named file and find's ./ names pass.
func TestDashNames(t *testing.T) {
	p := realPolicy(t, "")
	_, proj := scriptWorld(t, map[string]string{".env": "DB_PASSWORD=hunter2xyz\n", "--files0-from=.env": "", "a.txt": "x\n"})
	_, plain := scriptWorld(t, map[string]string{".env": "DB_PASSWORD=hunter2xyz\n", "a.txt": "x\n", "sub/b.txt": "y\n"})
	_, blank := scriptWorld(t, map[string]string{"a --files0-from=.env": "", "a.txt": "x\n"})
	for _, tc := range []struct {
		dir, cmd string
		block    bool
	}{
		{proj, "wc *", true},
		{proj, "wc -l *.txt --", false},
		{proj, "ls | xargs wc", true},
		{proj, "ls | xargs -n1 wc -l", true},
		{proj, "wc ./*", false},
		{proj, "wc a.txt", false},
		{proj, "find . -type f | xargs wc -l", false},
		{plain, "wc *", false},
		{plain, "ls | xargs wc -l", false},
		{plain, "echo > ./--files0-from=.env; wc *", true}, // the command makes the name
		{blank, "wc *", false},                             // one word: the shell does not split it
		{blank, "ls | xargs wc", true},                     // xargs splits it at the blank
	} {
		checkBlock(t, p, tc.dir, tc.cmd, tc.block, "begins with '-'")
	}
}

// TestDashPaths: a path whose first element begins with '-' is a path
// where no program reads options (a redirection's word) and, where guard
// cannot tell whether the program takes it as an option (cp -- -x/…,
// cat -- -u/…), a path too: -x/../../.bashrc is the home's .bashrc, not
// /../../.bashrc, and a link named -u or -rc is followed.
func TestDashPaths(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"a.txt": "hi\n", "-x/k": "", "-x/conf.txt": "STRIPE=sk_live_51HcxQ2abcdefghijklmnopqrstuv\n"})
	p := realPolicy(t, "")
	if err := os.Symlink("..", filepath.Join(proj, "-u")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../home/.bashrc", filepath.Join(proj, "-rc")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"echo x >> -x/../../home/.bashrc", true},
		{"cp a.txt -- -x/../../home/.guard/rules.json", true},
		{"cat < -x/../../home/.ssh/id_rsa", true},
		{"echo x >> -rc", true},
		{"echo x > -u/home/.guard/rules.json", true},
		{"cat -- -u/home/.ssh/id_rsa", true},
		{"make -pf-x/conf.txt | rev; false", true}, // a glued value that begins with '-' (review 40a F2)
		{"frob -i-x/conf.txt | rev", true},
		{"echo x >> -x/k", false},
		{"ls -la -- -x", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestDashNamesElsewhere: names a pattern or a runner hands a program
// from another directory than the command's (ls sub, cd sub, a loop over
// $(ls sub) or a read) are looked at in that directory; names from a
// producer guard cannot place are any name to a program an option of
// which may name a file (review 40a F7).
func TestDashNamesElsewhere(t *testing.T) {
	p := realPolicy(t, "")
	env := "DB_PASSWORD=hunter2xyz\n"
	_, proj := scriptWorld(t, map[string]string{".env": env, "sub/--files0-from=.env": "", "sub/a.txt": "hi\n", "sub/.env": env, "src/b.txt": "x\n"})
	_, plain := scriptWorld(t, map[string]string{".env": env, "a.txt": "x\n", "sub/a.txt": "hi\n"})
	for _, tc := range []struct {
		dir, cmd string
		block    bool
	}{
		{proj, "ls sub | xargs -n1 wc", true},
		{proj, "ls sub | while read f; do wc $f; done", true},
		{proj, "for f in $(ls sub); do wc $f; done", true},
		{proj, "wc $(ls sub)", true},
		{proj, "cd sub && ls | xargs -n1 wc", true},
		{proj, "cd sub && wc *", true},
		{proj, "cd " + proj + "/sub && wc *", true},
		{proj, "wc " + proj + "/sub/*", false},
		{proj, "cd sub && grep -rl hi -- * | xargs -n1 wc", true},
		{proj, `find sub -type f -printf "%P\n" | xargs -n1 wc`, true},
		{plain, "ls $d | xargs -n1 wc", true}, // a directory guard cannot tell: any name
		{plain, `wc $(ls "$d")`, true},
		{plain, "git ls-files | while read f; do wc -l $f; done", false},
		{plain, "wc -l $(find . -name '*.txt')", false},
		{proj, "ls src | xargs -n1 echo", false},
		{proj, "wc -- $(ls sub)", false}, // after --: operands
		{proj, "echo $(ls sub)", false},  // echo reads no file by an option
		{proj, "wc sub/*", false},        // sub/--files0-from=.env: no option
		{proj, "ls | xargs -I{} wc sub/{}", false},
		{proj, "cd src && wc -l *", false},
		{plain, "wc -l *", false},
		{plain, "ls | xargs wc -l", false},
		{plain, "cd sub && wc -l *", false},
		{plain, "for f in *.txt; do wc -l $f; done", false},
	} {
		checkBlock(t, p, tc.dir, tc.cmd, tc.block, "")
	}
}

// TestDashOperands: a word after -- that begins with '-' and holds no '/'
// is a file to the program (getopt stops at --): a link named -k leads
// where it leads (review 40a F1's remainder: cat -- -rc).
func TestDashOperands(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{"a.txt": "hi\n"})
	p := realPolicy(t, "")
	key := filepath.Join(home, ".ssh", "id_rsa")
	if err := os.WriteFile(key, []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, to := range map[string]string{"-k": key, "-rc": filepath.Join(home, ".bashrc")} {
		if err := os.Symlink(to, filepath.Join(proj, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"cat -- -k", true},
		{"wc -- -k", true},
		{"frob -- -k", true},
		{"tee -a -- -rc < a.txt", true},
		{"cat -- a.txt", false},
		{"cat -- -x", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestDashWords: every word beginning with '-' is a name in the working
// directory too (after --, only that): a link -k or -rc, a directory -x=
// whose path climbs to the home, a glued tail -c or --file=-c, a glob -?.
// An option with no such entry costs nothing (FINDINGS41a G1).
func TestDashWords(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{"a.txt": "hi\n", "-x=/k": "", "conf.txt": "TOKEN=ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A\n", "build/o": ""})
	p := realPolicy(t, "")
	for name, target := range map[string]string{"-k": filepath.Join(home, ".ssh", "id_rsa"), "-rc": filepath.Join(home, ".bashrc"), "-c": "conf.txt"} {
		if err := os.Symlink(target, filepath.Join(proj, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"cat -- -k", true},
		{"cat -k", true},
		{"cat -- -k | rev", true},
		{"tee -a -- -rc < a.txt", true},
		{"sed -i s/a/b/ -- -rc", true},
		{"cp a.txt -- -x=/../../home/.bashrc", true},
		{"cp a.txt -- -x=/../../home/.guard/rules.json", true},
		{"make -pf-c | rev; false", true},
		{"make -p --file=-c | rev; false", true},
		{"cat -- -?", true},
		{"rm -rf build", false},
		{"ls -la", false},
		{"grep -n x a.txt", false},
		{"cat -- -x=/k", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestDashNamesProducers: the names a lister of the call's directory
// prints (git ls-files, ls -A) reach a list reader (wc --files0-from)
// through a pipe into xargs or parallel as bare words; only find's and
// du's names are known to begin with ./ (review 41a G4).
func TestDashNamesProducers(t *testing.T) {
	p := realPolicy(t, "")
	env := "DB_PASSWORD=hunter2xyz\n"
	_, proj := scriptWorld(t, map[string]string{".env": env, "--files0-from=.env": "", "a.txt": "x\n"})
	_, plain := scriptWorld(t, map[string]string{".env": env, "a.txt": "x\n"})
	for _, tc := range []struct {
		dir, cmd string
		block    bool
	}{
		{proj, "git ls-files | xargs -n1 wc", true},
		{proj, "git ls-files | xargs wc", true},
		{proj, "git ls-files -z | xargs -0 wc", true},
		{proj, "git ls-files -o | xargs -n1 wc", true},
		{proj, "git ls-files | parallel wc", true},
		{proj, "git ls-files | grep txt | xargs -n1 wc", true},
		{proj, "ls -A | xargs -n1 wc", true},
		{proj, "find . | cut -d/ -f2 | xargs -n1 wc", true}, // a reshaping filter: bare names
		{proj, "find . -type f | xargs wc -l", false},
		{proj, "find . -type f | sort | xargs wc -l", false},
		{proj, "git ls-files | xargs -n1 wc --", false},
		{plain, "git ls-files | xargs wc -l", false},
		{plain, "git ls-files | parallel wc -l", false},
		{plain, "ls -A | xargs wc -l", false},
	} {
		checkBlock(t, p, tc.dir, tc.cmd, tc.block, "")
	}
}

// TestDashNamesPatternSyntax: a pattern is matched against the directory's
// names as bash matches it: [!…] negation, [[:punct:]] classes, braces
// expanded first (-* begins with '-'), extglob groups as any name (review
// 41a G7).
func TestDashNamesPatternSyntax(t *testing.T) {
	p := realPolicy(t, "")
	env := "DB_PASSWORD=hunter2xyz\n"
	_, proj := scriptWorld(t, map[string]string{".env": env, "--files0-from=.env": "", "a.txt": "x\n", "sub/--files0-from=../.env": ""})
	_, plain := scriptWorld(t, map[string]string{".env": env, "a.txt": "x\n"})
	for _, tc := range []struct {
		dir, cmd string
		block    bool
	}{
		{proj, "wc [!a]*", true},
		{proj, "wc [!.]*", true},
		{proj, "wc [[:punct:]]*", true},
		{proj, "wc [[:punct:]]-*", true},
		{proj, "wc {-,-}*", true},
		{proj, "wc -*", true},
		{proj, "cd sub && wc -*", true},
		{proj, "cat [!a]* | rev", true},
		{proj, "sort [!a]*", true},
		{proj, "wc [!-]*", false},
		{proj, "wc [[:alpha:]]*", false},
		{plain, "wc [!a]*", false},
		{plain, "wc {a,b}*", false},
	} {
		checkBlock(t, p, tc.dir, tc.cmd, tc.block, "")
	}
}
