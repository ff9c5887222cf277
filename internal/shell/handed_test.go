package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// TestHandedHidden: a shell or interpreter whose script or program is what
// a runner hands it, and guard cannot tell (the files find finds, what
// xargs reads from a command it cannot follow, a tar member, a directory rg
// searches, a program's output), runs hidden code.
func TestHandedHidden(t *testing.T) {
	for _, cmd := range []string{
		`find . -name t.txt -exec sh {} \;`,
		`find . -exec bash {} +`,
		`find . -name '*.py' -exec python3 {} \;`,
		`find . -name '*.sh' | xargs bash`,
		`find . -name x -exec ./{} \;`,
		`ls t.txt | xargs sh`,
		`ls | xargs -n1 timeout 5 sh`,
		`ls | xargs -I{} bash {}`,
		`ls | xargs -I % sh ./%`,
		`git ls-files | xargs -I{} sh -c '{}'`,
		`ls | xargs python3`,
		`ls | xargs -I{} python3 -c '{}'`,
		`ls | xargs -I{} {} --help`,
		`cat list | parallel sh`,
		`rg --pre=sh foo src/`,
		`rg --pre sh foo`,
		`rg --pre=python3 -e x missing.txt`,
		`tar -xf a.tar --to-command=sh`,
		`tar -xf a.tar --to-command python3`,
		`tar -I python3 -xf a.tar`,
		`git -c core.pager=sh log`,
		`ssh -o ProxyCommand=bash host`,
		`ls | xargs -n1 bash -c 'bash "$0"'`,
		`ls | xargs bash -c 'python3 "$1"' _`,
		`ls | xargs sh -c 'sh -c "$1"' _`,
		`ls | xargs sh -c '"$1" --x' _`,
		`find . -name '*.sh' -exec sh -c 'bash "$1"' _ {} \;`,
	} {
		a, _ := analyzeWith(cmd, nil)
		if !errors.Is(a.Err, ErrHidden) {
			t.Errorf("%s: err %v, want hidden", cmd, a.Err)
		}
	}
	for _, cmd := range []string{
		`find . -name '*.go' -exec gofmt -l {} +`,
		`find . -name '*.sh' -exec chmod +x {} \;`,
		`find . -name '*.sh' -exec bash ./lint.sh {} \;`,
		`git ls-files '*.go' | xargs -I{} sh -c 'gofmt -l {}'`,
		`ls | xargs -n1 wc -l`,
		`ls | xargs -I{} echo {}`,
		`ls | xargs sh -s -- -x`,
		`ls | xargs -I{} sh`,
		`echo | xargs sh`,
		`tar -xf a.tar --to-command='cat > out.txt'`,
		`tar -xf a.tar --to-command='sh -c "cat > $TAR_FILENAME"'`,
		`tar -I zstd -xf a.tar.zst`,
		`rg --pre=pdftotext invoice docs/`,
		`git -c core.pager='less -R' log`,
		`rsync -e 'ssh -p 2222' -a src/ host:dst/`,
		`ls | xargs -n1 sh -c 'wc -l "$0"'`,
		`sh -c 'bash "$1"' _ x.sh`,
	} {
		a, _ := analyzeWith(cmd, nil)
		if a.Err != nil {
			t.Errorf("%s: %v", cmd, a.Err)
		}
	}
}

// TestHandedFiles: the files a runner hands its program are read as the
// script they are when guard knows which they are.
func TestHandedFiles(t *testing.T) {
	files := map[string]string{"t.txt": "rm -rf ~\n", "./d.sh": "rm -rf ~\n", "notes.txt": "hello\n"}
	for _, cmd := range []string{
		`rg --pre=sh foo t.txt`,
		`rg --pre sh -e foo t.txt notes.txt`,
		`printf 'rm -rf ~' > u.txt; rg --pre=sh . u.txt`,
		`echo t.txt | xargs sh`,
		`diff3 --diff-program=./d.sh a b c`,
		`sdiff --diff-program ./d.sh a b`,
		`rg --pre=./d.sh foo`,
	} {
		a, _ := analyzeWith(cmd, files)
		if !slices.Contains(a.Lines, "rm -rf ~") {
			t.Errorf("%s: lines %q, err %v", cmd, a.Lines, a.Err)
		}
	}
	if a, _ := analyzeWith(`rg --pre=sh foo notes.txt`, files); a.Err != nil || slices.Contains(a.Lines, "rm -rf ~") {
		t.Errorf("a harmless file: %q %v", a.Lines, a.Err)
	}
}

// TestRgFiles: rg's operands after its pattern are the paths it searches.
func TestRgFiles(t *testing.T) {
	for _, tc := range []struct {
		args string
		want []string
	}{
		{"foo a b", []string{"a", "b"}},
		{"-e foo a", []string{"a"}},
		{"-efoo a", []string{"a"}},
		{"--regexp=foo -g '*.go' a", []string{"a"}},
		{"-t go foo", []string{"."}},
		{"--pre sh foo -- -x", []string{"-x"}},
		{"foo", []string{"."}},
	} {
		var args []word.Word
		for _, s := range strings.Fields(tc.args) {
			args = append(args, word.Word{Text: strings.Trim(s, "'"), Known: true})
		}
		var got []string
		for _, w := range rgFiles(args) {
			got = append(got, w.Text)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("rg %s: %q, want %q", tc.args, got, tc.want)
		}
	}
}

// TestSubstitutionText: text a substitution prints that a shell sources
// or runs, or an interpreter runs, is analysed as what it is.
func TestSubstitutionText(t *testing.T) {
	for _, cmd := range []string{
		`source <(echo 'rm -rf ~')`,
		`. <(printf 'rm -rf ~')`,
		`source <(printf 'rm -rf %s' ~)`,
		`source <(printf '%s %s\n' rm '-rf ~')`,
		`bash <(echo 'rm -rf ~')`,
		`sh < <(echo 'rm -rf ~')`,
		`eval "$(echo 'rm -rf ~')"`,
		`bash -c "$(echo 'rm -rf ~')"`,
		"source <(cat <<'EOF'\nrm -rf ~\nEOF\n)",
		`source <(cat <<< 'rm -rf ~')`,
	} {
		a, _ := analyzeWith(cmd, nil)
		if !slices.Contains(a.Lines, "rm -rf ~") {
			t.Errorf("%s: lines %q", cmd, a.Lines)
		}
	}
	a, _ := analyzeWith(`python3 <(echo "open('/home/u/.bashrc', 'a')")`, nil)
	if !slices.Contains(a.Writes, "/home/u/.bashrc") {
		t.Errorf("python3 <(echo CODE): writes %q", a.Writes)
	}
	a, _ = analyzeWith(`python3 -c "$(echo "open('/home/u/.bashrc', 'a')")"`, nil)
	if !slices.Contains(a.Writes, "/home/u/.bashrc") {
		t.Errorf("python3 -c \"$(echo CODE)\": writes %q", a.Writes)
	}
}

// TestPrintfOutput: what printf prints, for the formats guard reads.
func TestPrintfOutput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
		ok   bool
	}{
		{[]string{"plain"}, "plain", true},
		{[]string{`a\nb`}, "a\nb", true},
		{[]string{"%s"}, "", true},
		{[]string{"cp x %s/.bashrc", "~"}, "cp x ~/.bashrc", true},
		{[]string{`%s\n`, "a", "b"}, "a\nb\n", true},
		{[]string{"%s=%s;", "a", "1", "b"}, "a=1;b=;", true},
		{[]string{"100%%"}, "100%", true},
		{[]string{"%d", ""}, "0", true},
		{[]string{"%b", `x\ty`}, "x\ty", true},
		{[]string{"trailing %"}, "", false},
		{[]string{"no conversion", "extra"}, "no conversion", true},
	} {
		var ws []word.Word
		for _, s := range tc.args {
			ws = append(ws, word.Word{Text: s, Known: true})
		}
		got, ok := printfOutput(ws, false)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("printf %q = %q, %v; want %q, %v", tc.args, got, ok, tc.want, tc.ok)
		}
	}
}

// fakeSearcher is a fakeFiles that also finds programs: an executable is a
// file it holds at DIR/NAME.
type fakeSearcher struct {
	fakeFiles
	path   string
	looked []string
}

func (f *fakeSearcher) SearchPath() string { return f.path }

func (f *fakeSearcher) LookPath(name string, dirs []string) int {
	f.looked = append(f.looked, name)
	for i, d := range dirs {
		if _, ok := f.files[strings.TrimRight(d, "/")+"/"+name]; ok {
			return i
		}
	}
	return -1
}

// TestRunFound: a bare program name runs what the shell finds first on its
// PATH: a script there is read and checked; a file the command wrote in a
// directory of its PATH is what runs; builtins, functions and catalogued
// programs are not looked up; a PATH directory guard cannot tell, before
// any it can, hides what runs.
func TestRunFound(t *testing.T) {
	files := map[string]string{
		"/home/u/.local/bin/foo":   "rm -rf ~\n",
		"/usr/bin/foo":             "echo harmless\n",
		"/home/u/.local/bin/tool":  "#!/usr/bin/env python3\nimport shutil\nshutil.rmtree('/')\n",
		"./bar":                    "rm -rf ~\n",
		"/home/u/.local/bin/cat":   "rm -rf ~\n",
		"/home/u/.local/bin/true2": "true\n",
	}
	run := func(cmd string) (*Analysis, *fakeSearcher) {
		f := &fakeSearcher{fakeFiles: fakeFiles{files: files}, path: "/home/u/.local/bin:/usr/bin:/bin"}
		return analyze(cmd, Options{Home: "/home/u", Files: f}), f
	}
	for _, tc := range []struct{ cmd, line string }{
		{"foo", "rm -rf ~"},
		{"foo a b", "rm -rf ~"},
		{"tool", "rm -r /"},
		{"PATH=.:$PATH bar", "rm -rf ~"},
		{"export PATH=.:$PATH; bar", "rm -rf ~"},
		{"env PATH=.:$PATH bar", "rm -rf ~"},
		{"printf 'rm -rf /' > baz; chmod +x baz; PATH=.:$PATH baz", "rm -rf /"},
		{"printf 'rm -rf /' > /home/u/.local/bin/qux; qux", "rm -rf /"},
		{"printf 'rm -rf /' > ~/.local/bin/qux && chmod +x ~/.local/bin/qux && qux", "rm -rf /"},
		{"mkdir -p bin && printf 'rm -rf /' > bin/q && PATH=$PWD/bin:$PATH q", "rm -rf /"},
		{"PATH=.:$PATH cat x", "rm -rf ~"}, // a PATH the command changed: cat is any program
	} {
		a, _ := run(tc.cmd)
		if !slices.Contains(a.Lines, tc.line) {
			t.Errorf("%s: lines %q, err %v", tc.cmd, a.Lines, a.Err)
		}
	}
	for _, cmd := range []string{"cat x", "echo x", "cd /tmp", "f() { :; }; f", "true2x", "git status"} {
		a, f := run(cmd)
		if a.Err != nil || slices.Contains(a.Lines, "rm -rf ~") {
			t.Errorf("%s: lines %q, err %v", cmd, a.Lines, a.Err)
		}
		for _, n := range []string{"cat", "echo", "cd", "f"} {
			if slices.Contains(f.looked, n) {
				t.Errorf("%s: looked up %s", cmd, n)
			}
		}
	}
	for _, cmd := range []string{
		"PATH=$(mktemp -d):$PATH foo2",
		"PATH=" + strings.Repeat("/x:", effect.MaxPathDirs) + "$PATH foo2",
	} {
		if a, _ := run(cmd); !errors.Is(a.Err, ErrHidden) {
			t.Errorf("%s: err %v, want hidden", cmd[:min(len(cmd), 40)], a.Err)
		}
	}
	// Found in the first directory: the one after it is not what runs.
	if a, _ := run("PATH=/usr/bin:$PATH foo"); slices.Contains(a.Lines, "rm -rf ~") {
		t.Errorf("the first directory holding foo runs: lines %q", a.Lines)
	}
	// More names than guard looks up: hidden.
	var b strings.Builder
	for i := 0; i <= effect.MaxLookups; i++ {
		b.WriteString("p" + strings.Repeat("x", i+1) + "; ")
	}
	if a, _ := run(b.String()); !errors.Is(a.Err, ErrHidden) {
		t.Errorf("%d names: err %v, want hidden", effect.MaxLookups+1, a.Err)
	}
}

// FuzzPrintfOutput: any format and arguments decode without a panic, and
// what printf prints is bounded.
func FuzzPrintfOutput(f *testing.F) {
	for _, s := range []string{"cp x %s/.bashrc", `%s\n`, "%%", "%b", `\x4`, "%", "%5s", `\0101`} {
		f.Add(s, "a", "b")
	}
	f.Fuzz(func(t *testing.T, format, a, b string) {
		out, ok := printfOutput([]word.Word{{Text: format, Known: true}, {Text: a, Known: true}, {Text: b, Known: true}}, false)
		if ok && len(out) > MaxBytes+len(format)+len(a)+len(b)+16 {
			t.Fatalf("%d bytes", len(out))
		}
	})
}

// FuzzRunFound: any script found on PATH, run by any name, is analysed
// without a panic and with the lookups bounded.
func FuzzRunFound(f *testing.F) {
	for _, s := range []string{"foo", "x; y; z", "PATH=.:$PATH foo", "export PATH=$(x):$PATH; foo", "f(){ :; }; f"} {
		f.Add(s, "rm -rf ~\nfoo\nbar")
	}
	f.Fuzz(func(t *testing.T, cmd, text string) {
		s := &fakeSearcher{fakeFiles: fakeFiles{files: map[string]string{"/b/foo": text, "/b/bar": text, "./foo": text}}, path: "/b:/c"}
		a := analyze(cmd, Options{Home: "/home/u", Files: s})
		var pe *ParseError
		if a.Err != nil && !errors.As(a.Err, &pe) && !errors.Is(a.Err, effect.ErrLimit) && !errors.Is(a.Err, ErrHidden) {
			t.Fatalf("error %T %v", a.Err, a.Err)
		}
		if len(s.looked) > effect.MaxLookups {
			t.Fatalf("%d lookups", len(s.looked))
		}
	})
}

// TestRunFoundWrittenLater: what the command writes after a first lookup
// of a name is what a later run of it finds.
func TestRunFoundWrittenLater(t *testing.T) {
	f := &fakeSearcher{fakeFiles: fakeFiles{files: map[string]string{"/usr/bin/foo": "echo harmless\n"}}, path: "/usr/bin"}
	for _, cmd := range []string{
		"PATH=.:$PATH foo; echo 'rm -rf ~' > foo; PATH=.:$PATH foo",
		"foo; tar xf a.tar; PATH=.:$PATH foo",
		"export PATH=$PWD/bin:$PATH; foo; mkdir bin; cp x.sh bin/foo; echo 'rm -rf ~' > bin/foo; foo",
	} {
		a := analyze(cmd, Options{Home: "/home/u", Files: f})
		if !slices.Contains(a.Lines, "rm -rf ~") && !errors.Is(a.Err, ErrHidden) {
			t.Errorf("%s: lines %q, err %v", cmd, a.Lines, a.Err)
		}
	}
}
