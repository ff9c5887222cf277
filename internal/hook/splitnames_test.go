package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSplitNames: a name a walker finds on disk (find, du -a, grep -rl)
// holding a blank or a newline is split by xargs, an unquoted $(…) or read
// a b into pieces (x ../.bashrc y.tmp: ./x, ../.bashrc, y.tmp): they are
// any name; -print0 | xargs -0 keeps it whole.
func TestSplitNames(t *testing.T) {
	home, _ := scriptWorld(t, nil)
	proj := filepath.Join(home, "p")
	for name, text := range map[string]string{"go.mod": "module x\n", "cmd/a/a.go": "package a\n", "b.tmp": ""} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(proj, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	everyday := []string{"find . -name '*.go' | xargs grep foo", "find . -type f | xargs wc -l", "rm -f $(find . -name '*.tmp')",
		"find . -name '*.tmp' | xargs rm -f", "grep -rl MARK . | xargs truncate -s0", "touch c.go && find . -name '*.go' | xargs grep foo"}
	for _, c := range everyday {
		wantBlock(t, p, "clean tree: "+c, shellPayloadB(proj, c), false)
	}
	split := []string{"rm -f $(find . -name '*.tmp')", "x=$(find . -name '*.tmp'); rm -f $x", "find . -name '*.tmp' | xargs rm -f",
		"grep -rl MARK . | xargs truncate -s0", "rm -f $(du -a . | grep tmp | cut -f2)", "for f in $(find . -name '*.tmp'); do rm -f $f; done",
		"find . -name '*.tmp' | xargs -n1 rm -f", "find . -name '*.tmp' | sort | xargs rm -f", "find . -name '*.tmp' | while read a b c; do rm -f $b; done",
		"find . -name '*.tmp' -print0 | xargs rm -f"}
	for _, c := range []string{
		"mkdir 'x ..' && touch 'x ../.bashrc y.tmp' && rm -f $(find . -name '*.tmp')",
		"mkdir $'q\\n..' && echo M > $'q\\n../.bashrc' && find . -name .bashrc | xargs truncate -s0",
	} {
		wantBlock(t, p, "written in the command: "+c, shellPayloadB(proj, c), true)
	}
	if err := os.MkdirAll(filepath.Join(proj, "x .."), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "x ..", ".bashrc y.tmp"), []byte("MARK\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range split {
		wantBlock(t, p, "a blank in a found name: "+c, shellPayloadB(proj, c), true)
	}
	for _, c := range []string{"find . -name '*.tmp' -print0 | xargs -0 rm -f", "find . -name '*.tmp' -delete", "find . -name '*.go' | xargs grep foo"} {
		wantBlock(t, p, "kept whole: "+c, shellPayloadB(proj, c), false)
	}
}

// TestSplitNamesDelimiter: a consumer that declares its own separator
// (xargs -d _, IFS=_, read -d _, mapfile -d _) splits a found name at it
// (a_../.bashrc_z: ./a, ../.bashrc, b); names without it stay whole.
func TestSplitNamesDelimiter(t *testing.T) {
	home, _ := scriptWorld(t, nil)
	proj := filepath.Join(home, "p")
	for _, name := range []string{"ok/x.tmp", "a_../.bashrc_z"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(proj, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proj, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	for _, c := range []string{"find . -name '*_z' | xargs -d _ rm -f", "find . -name '*_z' | xargs -d_ rm -f",
		"find . -name '*_z' | xargs --delimiter=_ rm -f", "find . -name '*_z' -print0 | xargs -0 -d _ rm -f",
		"find . -name '*_z' | xargs -d '\\x5f' rm -f", "printf 'a_../.bashrc_' | xargs -d _ rm -f",
		"IFS=_; rm -f $(find . -name '*_z')", "IFS=_; for f in $(find . -name '*_z'); do rm -f \"$f\"; done",
		"IFS=_; set -- $(find . -name '*_z'); rm -f \"$@\"", "find . -name '*_z' | while IFS=_ read -r a b; do rm -f \"$b\"; done",
		"find . -name '*_z' | while read -d _ a; do rm -f \"$a\"; done", "mapfile -d _ a < <(find . -name '*_z'); rm -f \"${a[@]}\"",
		"d=_; find . -name '*_z' | xargs -d \"$d\" rm -f", "sh -c \"find . -name '*_z' | xargs -d _ rm -f\""} {
		wantBlock(t, p, "split at the consumer's separator: "+c, shellPayloadB(proj, c), true)
	}
	for _, c := range []string{"find . -name '*.tmp' | xargs -d _ rm -f", "find . -name '*.tmp' | xargs -d '\\n' rm -f",
		"IFS=_; rm -f $(find . -name '*.tmp')", "find . -name '*_z' -print0 | xargs -d '\\0' rm -f",
		"find . -name '*.tmp' | while IFS= read -r f; do rm -f \"$f\"; done", "find . -name '*_z' -print0 | xargs -0 rm -f"} {
		wantBlock(t, p, "kept whole: "+c, shellPayloadB(proj, c), false)
	}
}
