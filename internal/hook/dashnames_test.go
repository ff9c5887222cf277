package hook

import (
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
