package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCompilerSearchDirs: a C compiler's search directories (-I DIR,
// -IDIR, -L DIR) are where it looks for what its sources include or
// link, not files it reads by being named: a project directory holding a
// .env passes; what the compiler prints of a file it is given (-E) does
// not.
func TestCompilerSearchDirs(t *testing.T) {
	p := realPolicy(t, "")
	home, proj := scriptWorld(t, map[string]string{".env": "STRIPE=sk_live_51HcxQ2abcdefghijklmnopqrstuv\n", "a.c": "int main(){return 0;}\n",
		"k.c": "#include \"id_rsa\"\n", "h.c": "#include <stdio.h>\n#include \"util.h\"\n", "include/util.h": "int u;\n"})
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"gcc -I. -O2 -c a.c", false},
		{"gcc -I . -c a.c", false},
		{"cc -c a.c -I.", false},
		{"g++ -L. -o app a.c", false},
		{"clang -isystem . -c a.c", false},
		{"gcc -iquote. -c a.c", false}, // a long option's value glued
		{"gcc -isystem. -idirafter. -c h.c", false},
		{"gcc -I. -Iinclude -c h.c", false},
		{"gcc -I$JAVA_HOME/include -c h.c", false},
		{"gcc -E -x c .env", true},
		// What a source includes is read where the search directories
		// find it: the compiler quotes its lines in its errors.
		{"gcc -I ~/.ssh -c k.c", true},
		{"gcc -iquote$HOME/.ssh -c k.c", true},
		{"cc -idirafter ~/.ssh -c k.c", true},
		{"frob -I.", true}, // a program guard knows nothing of
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}
