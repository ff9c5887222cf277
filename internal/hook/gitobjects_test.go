package hook

import (
	"testing"
)

// TestGitObjects: a program other than git that reads git's object store
// inflates the committed text of the repository's files (python's zlib
// over .git/objects/*/* printed a committed .env on agent B). Such a read
// blocks, on every route, when the index or the history holds a file a
// read rule protects, and passes in a repository whose history holds none.
func TestGitObjects(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"README": "hello\n", ".env": "DB_PASS=hunter2xyz\n"})
	git("add", "README")
	git("commit", "-qm", "init")
	p := realPolicy(t, "")
	check := func(step, cmd string, block bool) {
		t.Helper()
		wantBlock(t, p, step+": "+cmd, shellPayloadB(proj, cmd), block)
		wantBlock(t, p, step+": "+cmd, bashPayloadA(proj, cmd, false), block)
	}
	reads := []string{
		`python3 -c "import zlib,glob;[print(zlib.decompress(open(f,'rb').read())) for f in glob.glob('.git/objects/*/*')]"`,
		`for f in .git/objects/*/*; do zlib-flate -uncompress < $f; done`,
		`cat .git/objects/pack/*.pack | python3 -c "import sys,zlib"`,
		`zlib-flate -uncompress < .git/objects/pack/x.pack`,
	}
	everyday := []string{"git log", "git status", "ls .git/objects", "du -sh .git/objects", "cat .git/HEAD"}
	for _, c := range append(reads, everyday...) {
		check("a clean history", c, false)
	}
	git("add", "-f", ".env")
	git("commit", "-qm", "two")
	blob := git("rev-parse", "HEAD:.env")
	for _, c := range append(reads, "openssl zlib -d -in .git/objects/"+blob[:2]+"/"+blob[2:]) {
		check("a committed .env", c, true)
	}
	for _, c := range everyday {
		check("a committed .env", c, false)
	}
	git("rm", "-q", "--cached", ".env")
	git("commit", "-qm", "three")
	check("a .env in the history only", reads[0], true)
}
