package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFedSourceIncludes: a source a runner hands a compiler (xargs over
// ls *.c, find -exec gcc {} +) is read as a named one is: its #include
// of a protected file blocks, as gcc -c n.c does (gcc -E prints the
// included text, gcc -c quotes its line in an error); sources that include
// nothing protected pass.
func TestFedSourceIncludes(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{
		"ok.c":       "int x;\n",
		"src/util.h": "int y;\n",
	})
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("FAKEKEY-abc\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(proj, "key")
	if err := os.MkdirAll(key, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"n.c": "#include \"../../home/.ssh/id_rsa\"\n",
		"j.c": "#define F \"../../home/.ssh/id_rsa\"\n#include F\n",
		"m.c": "int z;\n",
	} {
		if err := os.WriteFile(filepath.Join(key, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		dir, cmd string
		block    bool
	}{
		{key, "gcc -c n.c", true}, // the control
		{key, "ls *.c | xargs gcc -c", true},
		{key, "ls *.c | xargs gcc -E", true},
		{key, "ls *.c | xargs -n1 gcc -E -P", true},
		{key, "ls *.c | xargs gcc -E -P | rev", true},
		{key, "ls | xargs gcc -fsyntax-only", true},
		{proj, `find . -name "*.c" | xargs gcc -fsyntax-only`, true},
		{proj, `find . -name "*.c" -exec gcc -E -P {} + | rev`, true},
		{proj, "ls *.c | xargs gcc -c", false},
		{proj, "ls | xargs gcc -fsyntax-only", false},
		{filepath.Join(proj, "src"), `find . -name "*.h" -exec gcc -fsyntax-only {} +`, false},
	} {
		wantBlock(t, p, "A "+tc.cmd+" in "+filepath.Base(tc.dir), bashPayloadA(tc.dir, tc.cmd, false), tc.block)
	}
}
