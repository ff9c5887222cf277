package shell

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestEchoOutputKinds: echo's words as each shell's echo prints them:
// bash decodes only with -e, xpg_echo and zsh unless -E,
// XSI echo (dash) always and takes no option but one leading -n.
func TestEchoOutputKinds(t *testing.T) {
	for _, tc := range []struct {
		args []string
		k    echoKind
		want string
	}{
		{[]string{`\056ssh`}, echoBash, "\\056ssh\n"},
		{[]string{"-e", `\056ssh`}, echoBash, ".ssh\n"},
		{[]string{`\056ssh`}, echoXPG, ".ssh\n"},
		{[]string{"-E", `\056ssh`}, echoXPG, "\\056ssh\n"},
		{[]string{`\056ssh`}, echoZsh, ".ssh\n"},
		{[]string{`\0056ssh`}, echoXSI, ".ssh\n"},
		{[]string{`\056ssh`}, echoXSI, ".ssh\n"},
		{[]string{"-E", `\056ssh`}, echoXSI, "-E .ssh\n"},
		{[]string{"-n", `a\tb`}, echoXSI, "a\tb"},
		{[]string{"-n", "-n", "x"}, echoXSI, "-n x"},
		{[]string{`ab\cd`}, echoXSI, "ab"},
		{[]string{"-e", "x"}, echoXSI, "-e x\n"},
	} {
		var ws []word.Word
		for _, s := range tc.args {
			ws = append(ws, word.Word{Text: s, Known: true})
		}
		if got, _ := echoOutput(ws, tc.k); got != tc.want {
			t.Errorf("echo %q as %d: %q, want %q", tc.args, tc.k, got, tc.want)
		}
	}
}

// TestEchoDialect: what the command says of the shell's echo is followed:
// shopt, bash -O, BASHOPTS, sh and dash, system()'s /bin/sh.
func TestEchoDialect(t *testing.T) {
	for _, tc := range []struct {
		cmd   string
		reads bool // ~/.ssh/id_rsa
	}{
		{`cat ~/$(echo '\056ssh')/id_rsa`, false},
		{`shopt -s xpg_echo; cat ~/$(echo '\056ssh')/id_rsa`, true},
		{`shopt -s xpg_echo; shopt -u xpg_echo; cat ~/$(echo '\056ssh')/id_rsa`, false},
		{`shopt -s xpg_echo; cat ~/$(echo -E '\056ssh')/id_rsa`, false},
		{`shopt -s $o; cat ~/$(echo '\056ssh')/id_rsa`, true},
		{`bash -O xpg_echo -c 'cat ~/$(echo "\056ssh")/id_rsa'`, true},
		{`BASHOPTS=xpg_echo bash -c 'cat ~/$(echo "\056ssh")/id_rsa'`, true},
		{`bash -c 'cat ~/$(echo "\056ssh")/id_rsa'`, false},
		{`shopt -s xpg_echo; bash -c 'cat ~/$(echo "\056ssh")/id_rsa'`, false},
		{`sh -c 'cat ~/$(echo "\0056ssh")/id_rsa'`, true},
		{`dash -c 'cat ~/$(echo "\056ssh")/id_rsa'`, true},
		{`sh -c 'bash -c "cat ~/\$(echo \"\\\\056ssh\")/id_rsa"'`, false},
		{`python3 -c 'import os; os.system("cat ~/$(echo \"\\0056ssh\")/id_rsa")'`, true},
		{`watch -n1 'cat ~/$(echo "\0056ssh")/id_rsa'`, true},
		{`git -c alias.p='!cat ~/$(echo "\0056ssh")/id_rsa' p`, true},
	} {
		a, _ := analyzeWith(tc.cmd, nil)
		got := false
		for _, r := range a.Reads {
			got = got || r == "~/.ssh/id_rsa"
		}
		if got != tc.reads {
			t.Errorf("%s: reads ~/.ssh/id_rsa %v, want %v (reads %q)", tc.cmd, got, tc.reads, a.Reads)
		}
	}
}

// FuzzEchoOutput: echo's words read by every kind of echo never panic;
// bash's echo without an option prints them as written, and XSI echo
// (which takes no option but a leading -n) never drops a word.
func FuzzEchoOutput(f *testing.F) {
	for _, s := range []string{`\056ssh`, "-e", "-n", `a\cb`, `\0`, `\x`, "-neE", ""} {
		f.Add(s, "x")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ws := []word.Word{{Text: a, Known: true}, {Text: b, Known: true}}
		for _, k := range []echoKind{echoBash, echoXPG, echoZsh, echoXSI} {
			echoOutput(ws, k)
		}
		if !echoOptions(a, echoBash) {
			if got, _ := echoOutput(ws, echoBash); got != a+" "+b+"\n" {
				t.Errorf("bash echo %q %q: %q", a, b, got)
			}
		}
		if a != "-n" && !strings.Contains(a+b, `\`) {
			if got, _ := echoOutput(ws, echoXSI); got != a+" "+b+"\n" {
				t.Errorf("XSI echo %q %q: %q", a, b, got)
			}
		}
	})
}

// TestEchoDialectRoutes: the routes to a decoding echo that are not shopt
// or bash -O: a BASH_ENV file (not known: both readings),
// coreutils echo under POSIXLY_CORRECT, a #! line's options, and shopt -o,
// which bash refuses for xpg_echo.
func TestEchoDialectRoutes(t *testing.T) {
	files := map[string]string{
		"./r.sh": "#!/usr/bin/env -S bash -O xpg_echo\ncat ~/$(echo \"\\056ssh\")/id_rsa\n",
		"./q.sh": "#!/usr/bin/env bash\ncat ~/$(echo \"\\056ssh\")/id_rsa\n",
	}
	for _, tc := range []struct {
		cmd  string
		want string // key: reads ~/.ssh/id_rsa; unknown: its directory not known; literal: ~/\056ssh/id_rsa
	}{
		{`BASH_ENV=x.sh bash -c 'cat ~/$(echo "\056ssh")/id_rsa'`, "unknown"},
		{`export BASH_ENV=x.sh; bash -c 'cat ~/$(echo "\056ssh")/id_rsa'`, "unknown"},
		{`BASH_ENV=x.sh bash -c 'cat ~/$(echo "ssh")/id_rsa'`, "literal-plain"},
		{`cat ~/$(POSIXLY_CORRECT=1 /bin/echo "\056ssh")/id_rsa`, "key"},
		{`export POSIXLY_CORRECT=1; cat ~/$(/bin/echo "\056ssh")/id_rsa`, "key"},
		{`cat ~/$(POSIXLY_CORRECT=1 env echo "\056ssh")/id_rsa`, "key"},
		{`POSIXLY_CORRECT=1; cat ~/$(/bin/echo "\056ssh")/id_rsa`, "unknown"},
		{`cat ~/$(/bin/echo "\056ssh")/id_rsa`, "literal"},
		{`cat ~/$(/bin/echo -e "\056ssh")/id_rsa`, "key"},
		{`export POSIXLY_CORRECT=1; cat ~/$(echo "\056ssh")/id_rsa`, "literal"},
		{`./r.sh`, "key"},
		{`./q.sh`, "literal"},
		{`shopt -s xpg_echo; shopt -u -o xpg_echo; cat ~/$(echo "\056ssh")/id_rsa`, "key"},
		{`shopt -s xpg_echo; shopt -uo xpg_echo; cat ~/$(echo "\056ssh")/id_rsa`, "key"},
		{`shopt -s xpg_echo; shopt -uq xpg_echo; cat ~/$(echo "\056ssh")/id_rsa`, "literal"},
		{`shopt -s xpg_echo; shopt -p -u xpg_echo; cat ~/$(echo "\056ssh")/id_rsa`, "literal"},
	} {
		a, _ := analyzeWith(tc.cmd, files)
		got := "other"
		switch {
		case slices.Contains(a.Reads, "~/.ssh/id_rsa"):
			got = "key"
		case slices.Contains(a.Reads, `~/\056ssh/id_rsa`):
			got = "literal"
		case slices.Contains(a.Reads, `~/ssh/id_rsa`):
			got = "literal-plain"
		case len(a.Unresolved) > 0 || a.Err != nil:
			got = "unknown"
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s (reads %q, unresolved %v, err %v)", tc.cmd, got, tc.want, a.Reads, a.Unresolved, a.Err)
		}
	}
}

// FuzzShebangArgs: reading a #! line's options never panics, and each
// word it returns is a field of the line.
func FuzzShebangArgs(f *testing.F) {
	for _, s := range []string{"#!/usr/bin/env -S bash -O xpg_echo\n", "#!/bin/bash -O xpg_echo", "#!", "#!env", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		line, _, _ := strings.Cut(strings.TrimPrefix(text, "#!"), "\n")
		for _, a := range shebangArgs(text) {
			if !slices.Contains(strings.Fields(line), a.Text) {
				t.Fatalf("%q: %q is no field of its line", text, a.Text)
			}
		}
	})
}
