package shell

import (
	"archive/zip"
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/effect"
)

// zipOf returns a zip archive holding files (name, text pairs), deflated,
// after prefix (a #! line).
func zipOf(t testing.TB, prefix string, files ...string) string {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(prefix)
	zw := zip.NewWriter(&b)
	zw.SetOffset(int64(len(prefix)))
	for i := 0; i+1 < len(files); i += 2 {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: files[i], Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[i+1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestScriptOperandEntry: an interpreter's script operand runs what the
// interpreter runs: a directory's entry file, a zip application's members;
// what guard cannot read as text is hidden.
func TestScriptOperandEntry(t *testing.T) {
	const evil = `open(os.path.expanduser("~/.bashrc"), "a")`
	const evilJS = `fs.appendFileSync(os.homedir() + "/.bashrc", "x")`
	app := zipOf(t, "", "__main__.py", evil)
	tests := []struct {
		name   string
		cmd    string
		files  map[string]string
		writes string // written, or "" for none
		hidden string // part of the hidden reason, or ""
	}{
		{name: "python DIR", cmd: "python3 zz", files: map[string]string{"zz/__main__.py": evil}, writes: "~/.bashrc"},
		{name: "python DIR/", cmd: "python3 zz/pk/", files: map[string]string{"zz/pk/__main__.py": evil}, writes: "~/.bashrc"},
		{name: "python .", cmd: "cd zz && python3 .", files: map[string]string{"zz/__main__.py": evil}, writes: "~/.bashrc"},
		{name: "python DIR with __main__.pyc", cmd: "python3 zz", files: map[string]string{"zz/__main__.pyc": "\x00\x0d\x0d\x0a"}, hidden: "python bytecode"},
		{name: "python DIR without __main__", cmd: "python3 zz", files: map[string]string{"zz/x.py": evil}},
		{name: "python app.pyz", cmd: "python3 app.pyz", files: map[string]string{"app.pyz": app}, writes: "~/.bashrc"},
		{name: "python app.bin", cmd: "python3 app.bin", files: map[string]string{"app.bin": app}, writes: "~/.bashrc"},
		{name: "a zip with a #! line", cmd: "python3 app", files: map[string]string{"app": zipOf(t, "#!/usr/bin/env python3\n", "__main__.py", evil)}, writes: "~/.bashrc"},
		{name: "a module of the zip", cmd: "python3 app.zip", files: map[string]string{"app.zip": zipOf(t, "", "__main__.py", "import helper", "helper.py", evil)}, writes: "~/.bashrc"},
		{name: "a zip of compiled code", cmd: "python3 app.zip", files: map[string]string{"app.zip": zipOf(t, "", "__main__.pyc", "\x00")}, hidden: "compiled Python"},
		{name: "a damaged zip", cmd: "python3 app.zip", files: map[string]string{"app.zip": "PK\x03\x04\x00\x00garbage"}, hidden: "cannot read as a zip"},
		{name: "python x.pyc", cmd: "python3 x.pyc", files: map[string]string{"x.pyc": "\x6f\x0d\x0d\x0a\x00\x00"}, hidden: "python bytecode"},
		{name: "./app.pyz", cmd: "./app.pyz", files: map[string]string{"./app.pyz": zipOf(t, "#!/usr/bin/env python3\n", "__main__.py", evil)}, writes: "~/.bashrc"},
		{name: "a copy of a zip application", cmd: "cp app.pyz x && ./x", files: map[string]string{"app.pyz": zipOf(t, "#!/usr/bin/env python3\n", "__main__.py", evil)}, writes: "~/.bashrc"},
		{name: "a copy of a compiled program", cmd: "cp app y && ./y", files: map[string]string{"app": "\x7fELF\x00"}, writes: "y"}, // not hidden
		{name: "./x with a #! line and binary", cmd: "./x", files: map[string]string{"./x": "#!/usr/bin/perl\n\x00\x01"}, hidden: "not text"},
		{name: "node DIR", cmd: "node zz/nd", files: map[string]string{"zz/nd/package.json": `{"main":"index.js"}`, "zz/nd/index.js": evilJS}, writes: "~/.bashrc"},
		{name: "node .", cmd: "cd zz/nd && node .", files: map[string]string{"zz/nd/package.json": `{"main":"lib/run"}`, "zz/nd/lib/run.js": evilJS}, writes: "~/.bashrc"},
		{name: "node DIR main a directory", cmd: "node nd", files: map[string]string{"nd/package.json": `{"main":"lib"}`, "nd/lib/index.js": evilJS}, writes: "~/.bashrc"},
		{name: "node DIR without package.json", cmd: "node nd", files: map[string]string{"nd/index.js": evilJS}, writes: "~/.bashrc"},
		{name: "node DIR: main's case is node's", cmd: "node nd", files: map[string]string{"nd/package.json": `{"main":"index.js","MAIN":"ok.js"}`, "nd/index.js": evilJS, "nd/ok.js": "1"}, writes: "~/.bashrc"},
		{name: "node DIR: a main that is no string", cmd: "node nd", files: map[string]string{"nd/package.json": `{"main":["index.js"]}`, "nd/index.js": evilJS}, hidden: "package.json"},
		{name: "node DIR: a package.json that is no JSON", cmd: "node nd", files: map[string]string{"nd/package.json": `{main:`, "nd/index.js": evilJS}, hidden: "package.json"},
		{name: "node DIR: an addon", cmd: "node nd", files: map[string]string{"nd/index.node": "\x7fELF"}, hidden: "addon"},
		{name: "bun DIR", cmd: "bun nd", files: map[string]string{"nd/index.js": evilJS}, writes: "~/.bashrc"},
		{name: "written in the command", cmd: "mkdir zz && echo 'open(\"/home/u/.bashrc\",\"a\")' > zz/__main__.py && python3 zz", writes: "/home/u/.bashrc"},
		// Everyday: a file's text as before; nothing else asked.
		{name: "python x.py", cmd: "python3 x.py", files: map[string]string{"x.py": "print(1)"}},
		{name: "node index.js", cmd: "node index.js", files: map[string]string{"index.js": "console.log(1)"}},
		{name: "node . of a project", cmd: "node .", files: map[string]string{"package.json": `{"name":"x","main":"src/app.js"}`, "src/app.js": "require('./db')"}},
		{name: "python -m pkg", cmd: "python3 -m pkg", files: map[string]string{"pkg/__main__.py": "print(1)"}},
		{name: "a missing operand", cmd: "python3 nothere.py"},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		switch {
		case tt.hidden != "":
			if !errors.Is(a.Err, ErrHidden) || !strings.Contains(a.Err.Error(), tt.hidden) {
				t.Errorf("%s: %q: error %v, want hidden with %q", tt.name, tt.cmd, a.Err, tt.hidden)
			}
			continue
		case a.Err != nil:
			t.Errorf("%s: %q: %v", tt.name, tt.cmd, a.Err)
		}
		if tt.writes != "" && !slices.Contains(a.Writes, tt.writes) {
			t.Errorf("%s: %q: writes %q, want %q", tt.name, tt.cmd, a.Writes, tt.writes)
		}
		if tt.writes == "" && len(a.Writes) > 0 {
			t.Errorf("%s: %q: writes %q, want none", tt.name, tt.cmd, a.Writes)
		}
	}
}

// TestPackageMain: the main of a package.json, matched as node does.
func TestPackageMain(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
		ok   bool
	}{
		{`{"main":"a.js"}`, "a.js", true},
		{`{"name":"x"}`, "", true},
		{`{"main":null}`, "", true},
		{`{"Main":"a.js"}`, "", true},
		{`{"main":"a.js","main":"b.js"}`, "b.js", true}, // the last, as JSON.parse
		{`{"main":1}`, "", false},
		{`[]`, "", false},
		{`null`, "", false},
		{`{`, "", false},
	} {
		if got, ok := packageMain([]byte(tc.in)); got != tc.want || ok != tc.ok {
			t.Errorf("packageMain(%s) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// fakeIdentifier is a fakeFiles that tells the programs that are guard.
type fakeIdentifier struct {
	fakeFiles
	guards []string
	copies map[string]string // path: the system program it is a copy of
}

func (f *fakeIdentifier) IsGuard(p string) bool { return slices.Contains(f.guards, p) }

func (f *fakeIdentifier) CopyOf(p string) string { return f.copies[p] }

// TestGuardByContent: a compiled program the reader identifies as guard is
// guard's command line under any name.
func TestGuardByContent(t *testing.T) {
	elf := "\x7fELF\x02\x01\x01\x00"
	files := map[string]string{"./g9": elf, "bin/tool": elf, "/home/u/.local/bin/g9": elf}
	for _, tc := range []struct {
		cmd    string
		writes bool // guard's places written
	}{
		{"./g9 init $(cat a9.txt) --remove", true},
		{"./g9 audit verify --reset-checkpoint", true},
		{"./g9 service install", true},
		{"set -- $(cat args9.txt); ./g9 \"$@\"", true},
		{"sh -c './g9 init --remove'", true},
		{"env ./g9 init --remove", true},
		{"./g9 --version", false},
		{"./g9 audit verify", false},
		{"bin/tool init --remove", false}, // another program
		{"./build.sh", false},
	} {
		f := &fakeIdentifier{fakeFiles: fakeFiles{files: files}, guards: []string{"./g9"}}
		a := analyze(tc.cmd, Options{Home: "/home/u", Files: f})
		if got := slices.Contains(a.Writes, "~/.guard"); got != tc.writes {
			t.Errorf("%q: writes %q (%v), want guard's places %v", tc.cmd, a.Writes, a.Err, tc.writes)
		}
	}
}

// TestCopyByContent: a compiled program the reader finds to be a link to
// or a copy of a system program (made in an earlier call) is a run of
// that program: git's hooks and settings, whatever its name (FINDINGS55b
// B17).
func TestCopyByContent(t *testing.T) {
	elf := "\x7fELF\x02\x01\x01\x00"
	files := map[string]string{"./g9": elf, "bin/tool": elf}
	for _, tc := range []struct {
		cmd    string
		hidden bool
	}{
		{"./g9 -c core.hooksPath=hk commit -m x", true},
		{"./g9 -c core.pager=./p.sh log", true},
		{"./g9 status", false},
		{"bin/tool -c core.hooksPath=hk commit -m x", false}, // a program of the project's: not read
	} {
		f := &fakeIdentifier{fakeFiles: fakeFiles{files: files}, copies: map[string]string{"./g9": "/usr/bin/git"}}
		a := analyze(tc.cmd, Options{Home: "/home/u", Files: f})
		if got := a.Err != nil; got != tc.hidden {
			t.Errorf("%q: err %v, want hidden %v", tc.cmd, a.Err, tc.hidden)
		}
	}
}

// FuzzPackageMain: any text is a main, or not one, without a panic.
func FuzzPackageMain(f *testing.F) {
	f.Add([]byte(`{"main":"a.js"}`))
	f.Add([]byte(`{"main":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if m, ok := packageMain(b); !ok && m != "" {
			t.Errorf("a main %q that is not ok", m)
		}
	})
}

// FuzzZipPrograms: any bytes are a zip's texts or a reason, within the
// bound.
func FuzzZipPrograms(f *testing.F) {
	f.Add(zipOf(f, "", "__main__.py", "print(1)"))
	f.Add(zipOf(f, "#!/x\n", "a.py", "1", "b.txt", "2"))
	f.Fuzz(func(t *testing.T, s string) {
		texts, why := zipPrograms(s)
		n := 0
		for _, x := range texts {
			n += len(x)
		}
		if why != "" && texts != nil || n > maxZipInflated {
			t.Errorf("texts %d bytes, why %q", n, why)
		}
	})
}

var _ effect.Identifier = (*fakeIdentifier)(nil)
