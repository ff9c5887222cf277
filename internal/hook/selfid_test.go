package hook

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// zipApp returns a zip archive holding __main__.py with text, after prefix.
func zipApp(t *testing.T, prefix, text string) string {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(prefix)
	zw := zip.NewWriter(&b)
	zw.SetOffset(int64(len(prefix)))
	w, err := zw.Create("__main__.py")
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, text)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestScriptOperandEntries: an interpreter's directory operand and a zip
// application run code guard now reads; everyday runs pass.
func TestScriptOperandEntries(t *testing.T) {
	const evil = "import os; open(os.path.expanduser('~/.bashrc'), 'a').write('echo PWNED9\\n')\n"
	const evilJS = "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'x')\n"
	_, proj := scriptWorld(t, map[string]string{
		"zz/__main__.py":     evil,
		"zz/pk/__main__.py":  evil,
		"app.pyz":            zipApp(t, "", evil),
		"app.bin":            zipApp(t, "", evil),
		"tool.pyz":           zipApp(t, "#!/usr/bin/env python3\n", evil),
		"zz/nd/package.json": `{"main":"index.js"}`,
		"zz/nd/index.js":     evilJS,
		"x.pyc":              "\x6f\x0d\x0d\x0a\x00\x00\x00\x00",
		"ok/__main__.py":     "print('hello')\n",
		"okzip.pyz":          zipApp(t, "", "print('hello')\n"),
		"web/package.json":   `{"name":"web","main":"src/server.js"}`,
		"web/src/server.js":  "require('http').createServer().listen(8080)\n",
		"script.py":          "print(1)\n",
		"index.js":           "console.log(1)\n",
		"build.sh":           "#!/bin/sh\ngo build ./...\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, reason string // reason "" for allowed
	}{
		{"python3 zz", "~/.bashrc"},
		{"python3 zz/pk", "~/.bashrc"},
		{"python3 app.pyz", "~/.bashrc"},
		{"python3 app.bin", "~/.bashrc"},
		{"./tool.pyz", "~/.bashrc"},
		{"node zz/nd", "~/.bashrc"},
		{"cd zz/nd && node .", "~/.bashrc"},
		{"python3 x.pyc", "python bytecode"},
		{"python3 ok", ""},
		{"python3 okzip.pyz", ""},
		{"cd web && node .", ""},
		{"node web", ""},
		{"python3 script.py", ""},
		{"node index.js", ""},
		{"node .", ""},
		{"./build.sh", ""},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.reason != "", tc.reason)
	}
}

// copyFile copies the file at src to dst, executable.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestGuardCopyByContent: a copy of guard made in an earlier call is
// guard's command line under any name: the test binary is a
// build of guard's module, as guard is.
func TestGuardCopyByContent(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	_, proj := scriptWorld(t, map[string]string{"a9.txt": "--agent-a", "args9.txt": "init --agent-a --remove"})
	copyFile(t, self, filepath.Join(proj, "g9"))
	if err := os.Link(filepath.Join(proj, "g9"), filepath.Join(proj, "g10")); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(proj, "bin"), 0o755)
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goBin); err == nil {
		copyFile(t, goBin, filepath.Join(proj, "bin", "tool")) // a Go program of another module
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"./g9 init $(cat a9.txt) --remove", true},
		{"./g9 audit verify --reset-checkpoint", true},
		{"./g9 service install", true},
		{"./g10 init $(<a9.txt) --remove", true},
		{"set -- $(cat args9.txt); ./g9 \"$@\"", true},
		{"sh -c \"./g9 \\$(cat args9.txt)\"", true},
		{"PATH=.:$PATH g9 service install", true},
		{"cd bin && ../g9 init --remove", true},
		{"nohup \"$PWD/g9\" hook < /dev/null", true},
		{"./g9 --version", false},
		{"./g9 audit verify", false},
		{"./bin/tool init --remove", false},
		{"./bin/tool version", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestIsGuardBuild: the build info read finds guard's module in the test
// binary, not in another Go program, and not in a file that is no program.
func TestIsGuardBuild(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	f, err := os.Open(self)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !isGuardBuild(f) {
		t.Errorf("the test binary is not taken for a build of guard")
	}
	if isGuardBuild(bytes.NewReader([]byte("\x7fELF\x02\x01\x01\x00 not a program"))) {
		t.Errorf("a damaged ELF is taken for guard")
	}
	if isGuardBuild(bytes.NewReader(make([]byte, maxBuildInfoRead*2))) {
		t.Errorf("zeros are taken for guard")
	}
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if g, err := os.Open(goBin); err == nil {
		defer g.Close()
		if isGuardBuild(g) {
			t.Errorf("the go command is taken for guard")
		}
	}
}

// FuzzIsGuardBuild: any bytes are guard or not, within the read bound,
// without a panic; bytes of no executable format are not guard.
func FuzzIsGuardBuild(f *testing.F) {
	f.Add([]byte("\x7fELF\x02\x01\x01\x00"))
	f.Add([]byte("MZ\x90\x00"))
	f.Add([]byte("\xcf\xfa\xed\xfe"))
	f.Add([]byte("#!/bin/sh\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r := &boundedReaderAt{r: bytes.NewReader(b), left: maxBuildInfoRead}
		if isGuardBuild(r) && len(b) > 0 && b[0] == '#' {
			t.Errorf("a script is taken for guard")
		}
	})
}
