package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSedArgvIdentity, with the files on disk: sed -i's
// computed text is sed's own, the script found by sed's argument parser
// (--expr, an abbreviation of --expression, after the first operand makes
// it an input file) and one file named two ways edited twice (../p/x,
// $PWD/x, d/x through a directory link): no computed text then.
func TestSedArgvIdentity(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"r.sh":  "echo pwn >> $HOMEDIR/.bashrc\n",
		"r2.sh": "#Q#Qecho pwn >> $HOMEDIR/.bashrc\n",
		"ok.sh": "#Q#Qecho hi\n",
	})
	if err := os.Symlink(".", filepath.Join(proj, "d")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"sed -i 's/#Q//' r2.sh ../proj/r2.sh; bash r2.sh", true},
		{"sed -i 's/#Q//' r2.sh $PWD/r2.sh; bash r2.sh", true},
		{"sed -i 's/#Q//' r2.sh d/r2.sh; bash r2.sh", true},
		{"sed -i 's/echo/#echo/' r.sh --expr s/Z/Z/; bash r.sh", true},
		{"sed -i 's/echo/#echo/' r.sh --e=s/Z/Z/; bash r.sh", true},
		{"sed -i 's/echo/#echo/' r.sh --fi=/dev/null; bash r.sh", true},
		{"sed -ie 's/echo/#echo/' r.sh -e s/Z/Z/; bash r.sh", true},
		// Controls: one name, the script first.
		{"sed -i 's/echo/#echo/' r.sh; bash r.sh", false},
		{"sed -i 's/#Q//' ok.sh; bash ok.sh", false},
		{"sed -i --expr 's/echo/#echo/' r.sh; bash r.sh", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestEmbeddedResponseFiles, with the files on disk: a
// response file after a comma or an = of an option word (gcc -Wa,@F,
// -Wp,@F, nvcc -Xcompiler=@F) is followed as an operand @F is.
func TestEmbeddedResponseFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"rmd": "--MD\n$HOMEDIR/.bashrc\n",
		"rok": "-O2\n-g\n",
		"x.c": "int main(void) { return 0; }\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"gcc -Wa,@rmd -c x.c", true},
		{"gcc -Wp,-MD,@rmd -c x.c", true},
		{"nvcc -Xcompiler=@rmd -c x.c", true},
		{"gcc -Wl,--verbose,@rmd x.c", true},
		{"gcc -Wa,@rok -c x.c", false},
		{"gcc -Wa,@absent -c x.c", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestGoToolFlags, with the files on disk: the options go
// hands its linker, compiler and assembler are parsed as Go's flag
// package parses them; a flag not known as data names a path the tool
// touches or a program it runs.
func TestGoToolFlags(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"x":       "#!/bin/sh\necho pwn >> $HOMEDIR/.bashrc\nexec ar \"$@\"\n",
		"go.mod":  "module m\n\ngo 1.22\n",
		"main.go": "package main\n\nimport \"C\"\n\nfunc main() {}\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"go build -ldflags=-extar=./x -buildmode=c-archive .", true},
		{"go build -ldflags=-tmpdir=../home/.guard .", true},
		{"go test -ldflags=-tmpdir=../home/.guard .", true},
		{"go build -ldflags=--extar=./x -buildmode=c-archive .", true},
		{"go build -ldflags='-s -w -X main.v=1' -o m .", false},
		{"go build -ldflags=-tmpdir=tmp .", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}
