package hook

import "testing"

// TestCompilerSearchDirs: a C compiler's search directories (-I DIR,
// -IDIR, -L DIR) are where it looks for what its sources include or
// link, not files it reads by being named: a project directory holding a
// .env passes; what the compiler prints of a file it is given (-E) does
// not.
func TestCompilerSearchDirs(t *testing.T) {
	p := realPolicy(t, "")
	_, proj := scriptWorld(t, map[string]string{".env": "STRIPE=sk_live_51HcxQ2abcdefghijklmnopqrstuv\n", "a.c": "int main(){return 0;}\n"})
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"gcc -I. -O2 -c a.c", false},
		{"gcc -I . -c a.c", false},
		{"cc -c a.c -I.", false},
		{"g++ -L. -o app a.c", false},
		{"clang -isystem . -c a.c", false},
		{"gcc -E -x c .env", true},
		{"frob -I.", true}, // a program guard knows nothing of
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}
