package shell

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"
)

// corpusCommands returns the commands of testdata/commands.tsv, for seeds.
func corpusCommands(t testing.TB) []string {
	f, err := os.Open("testdata/commands.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if fs := strings.Split(l, "\t"); len(fs) == 4 {
			out = append(out, strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`).Replace(fs[2]))
		}
	}
	return out
}

// FuzzAnalyze: any text is analysed without a panic, quickly, and the
// analysis is well formed: an error is a *ParseError or a limit, every line
// is one line, every path and URL is non-empty.
func FuzzAnalyze(f *testing.F) {
	for _, s := range corpusCommands(f) {
		f.Add(s)
	}
	for _, s := range []string{"a <<-X\n\tb\n\tX\nc", `x $( y "$(z` + "`" + `)" ) >&2 <<< w`, `sh -c 'sh -c "eval a"'`, `a\`, `"\`, `'`,
		"${x:-$(rm -rf /)}", "$'\\x", "{a,b", "{1..99999}", "f(){ f|f& };f", "cat <<EOF\n$(", "echo $((", "((((", ")"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		a := analyze(cmd, Options{Home: "/home/u"}) // a hang is the fuzzer's time-out, not a timed check here
		var pe *ParseError
		if a.Err != nil && !errors.As(a.Err, &pe) && !errors.Is(a.Err, ErrLimit) && !errors.Is(a.Err, ErrHidden) {
			t.Fatalf("error %T %v", a.Err, a.Err)
		}
		for _, l := range a.Lines {
			if l == "" || strings.ContainsAny(l, "\n\r") {
				t.Fatalf("line %q", l)
			}
		}
		for _, list := range [][]string{a.Reads, a.Writes, a.Touches, a.URLs} {
			for _, p := range list {
				if p == "" {
					t.Fatal("empty path or URL")
				}
			}
		}
	})
}

// FuzzSedFiles: reading a sed script for its files never panics, and every
// file it finds is text of the script.
func FuzzSedFiles(f *testing.F) {
	for _, s := range []string{"w /x", "1d;$r f", "s/a;b/c/w out", "/re/,/e\\/nd/W g", `\,x,r y`, "s/a/b", "{r f\n}", "s", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		reads, writes := sedFiles(script)
		for _, p := range append(reads, writes...) {
			if p == "" || !strings.Contains(script, p) {
				t.Fatalf("file %q not in %q", p, script)
			}
		}
	})
}

// FuzzFilesRun: any text in a file a command runs (a script, a program, a
// crontab, sed's input) is analysed without a panic, and the error is one
// the callers know.
func FuzzFilesRun(f *testing.F) {
	for _, s := range []string{"cat ~/.ssh/id_rsa", "#!/usr/bin/env python3\nopen('~/.guard/x','w')", "#!/bin/sh\nsh x", "\x00ELF",
		"* * * * * rm -rf ~%a%b", "SHELL=./x", "spawn sh\nsend \"x\r\"", "sh x; . x; ./x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		files := &fakeFiles{files: map[string]string{"x": text, "./x": text}}
		cmd := "sh x; ./x; source x; python3 x; crontab x; at -f x now; sed e x; expect x; BASH_ENV=x bash"
		a := analyze(cmd, Options{Home: "/home/u", Files: files})
		var pe *ParseError
		if a.Err != nil && !errors.As(a.Err, &pe) && !errors.Is(a.Err, ErrLimit) && !errors.Is(a.Err, ErrHidden) {
			t.Fatalf("error %T %v", a.Err, a.Err)
		}
		if len(files.asked) > 4*MaxFiles {
			t.Fatalf("%d files asked for", len(files.asked))
		}
	})
}

// FuzzCronLines: reading a crontab never panics; each line gives at most
// one command or variable, and a command is never blank.
func FuzzCronLines(f *testing.F) {
	for _, s := range []string{"* * * * * a", "@reboot b%c%d", "A=b\nB = 'c'", "1 2 3 4 5 x \\% y", "# c", "5 4", "=x", "_=y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cmds, vars := cronLines(text)
		if n := strings.Count(text, "\n") + 1; len(cmds)+len(vars) > n {
			t.Fatalf("%d commands and %d variables from %d lines", len(cmds), len(vars), n)
		}
		for _, c := range cmds {
			if strings.TrimSpace(c) == "" {
				t.Fatal("blank command")
			}
		}
		for _, v := range vars {
			if v[0] == "" || !strings.Contains(text, v[0]) {
				t.Fatalf("variable %q", v[0])
			}
		}
	})
}

// FuzzSedExecs: reading a sed script for what it runs never panics; each
// e command is text of the script, and replacements count only when the
// pattern space runs.
func FuzzSedExecs(f *testing.F) {
	for _, s := range []string{"e", "e date", "1e x;y", "s/a/b/e", "s|a|b\\|c|ge", "y/a/b/;e", "/e/d", "{e}", "s/a/b/w e", "s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		x := sedExecs(script)
		for _, c := range x.commands {
			for _, l := range strings.Split(c, "\n") { // continued lines lose their backslash
				if c == "" || !strings.Contains(script, l) {
					t.Fatalf("command %q not in %q", c, script)
				}
			}
		}
		if !x.pattern && len(x.replaced) > 0 {
			t.Fatalf("replacements %q without the pattern space running", x.replaced)
		}
	})
}

// FuzzSplitQuoted: splitting a nested command line never panics and never
// makes text: the words together are no longer than the line.
func FuzzSplitQuoted(f *testing.F) {
	for _, s := range []string{`a "b c" 'd'`, `\`, `"\"`, `'`, `a\ b`, "x;y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := 0
		for _, w := range splitQuoted(s) {
			n += len(w.s)
		}
		if n > len(s) {
			t.Fatalf("%d bytes of words from %d", n, len(s))
		}
	})
}

// FuzzVolumeSource: the host path of a container volume is text of the
// value, never an empty path.
func FuzzVolumeSource(f *testing.F) {
	for _, s := range []string{"~:/h", "/srv:/x:ro", `C:\src:/x`, "data:/x", "type=bind,source=/home/u,target=/h", "src=,x", ":", "", "a:b:c"} {
		f.Add("-v", s)
		f.Add("--mount", s)
	}
	f.Fuzz(func(t *testing.T, opt, v string) {
		if p := volumeSource(opt, v); p != "" && !strings.Contains(v, p) {
			t.Fatalf("volumeSource(%q, %q) = %q", opt, v, p)
		}
	})
}
