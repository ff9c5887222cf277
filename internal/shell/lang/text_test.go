package lang

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

func TestCronLines(t *testing.T) {
	cmds, vars := CronLines("# c\n\nSHELL=/bin/bash\nPATH = \"/usr/bin\"\n0 3 * * 1-5 cd /srv && make\n@reboot   run.sh --x\n* * * * * date +\\%s%in%put\n5 4 * *\n")
	want := []string{"cd /srv && make", "run.sh --x", "date +%s <<'" + CronInputEnd + "'\nin\nput\n" + CronInputEnd}
	if !slices.Equal(cmds, want) {
		t.Errorf("commands %q, want %q", cmds, want)
	}
	if wantVars := [][2]string{{"SHELL", "/bin/bash"}, {"PATH", "/usr/bin"}}; !slices.Equal(vars, wantVars) {
		t.Errorf("variables %q, want %q", vars, wantVars)
	}
}

func TestSedExecs(t *testing.T) {
	for script, want := range map[string]SedExec{
		"e date":             {Commands: []string{"date"}},
		"1e touch x; p":      {Commands: []string{"touch x; p"}},
		"e":                  {Pattern: true},
		"$!N;e":              {Pattern: true},
		"s/a/b/e":            {Pattern: true, Replaced: []string{"b"}},
		"s|x|rm \\| y|ge":    {Pattern: true, Replaced: []string{"rm | y"}},
		"s/a/b/;s/c/d/e":     {Pattern: true, Replaced: []string{"b", "d"}},
		"y/ab/cd/;e":         {Pattern: true, Opaque: true},
		"s/e/E/g":            {},
		"/e/d":               {},
		"s/x/y/w e.txt":      {},
		"/^e/ { s/e/f/; p }": {},
		":e\n/x/b e":         {},
		"y/e/f/":             {Opaque: true},
	} {
		got := SedExecs(script)
		if !slices.Equal(got.Commands, want.Commands) || got.Pattern != want.Pattern || !slices.Equal(got.Replaced, want.Replaced) || got.Opaque != want.Opaque {
			t.Errorf("sedExecs(%q) = %+v, want %+v", script, got, want)
		}
	}
}

func TestSplitQuoted(t *testing.T) {
	for s, want := range map[string][]string{
		`run-shell "rm -rf ~"`: {"run-shell", "rm -rf ~"},
		`a 'b c' d\ e`:         {"a", "b c", "d e"},
		`x "a\"b" ''`:          {"x", `a"b`, ""},
		"  ":                   nil,
		`"unclosed`:            {"unclosed"},
	} {
		var got []string
		for _, w := range SplitQuoted(s) {
			got = append(got, w.Text)
		}
		if !slices.Equal(got, want) {
			t.Errorf("splitQuoted(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestTmuxKeyText(t *testing.T) {
	keys := func(ss ...string) []word.Word {
		var out []word.Word
		for _, s := range ss {
			out = append(out, word.Word{Text: s, Known: true})
		}
		return out
	}
	for _, tc := range []struct {
		keys    []word.Word
		literal bool
		want    string
	}{
		{keys("ls", "Enter"), false, "ls\n"},
		{keys("rm", "Space", "-rf", "Space", "~", "C-m"), false, "rm -rf ~\n"},
		{keys("C-c", "Escape", "F5", "M-x"), false, ""},
		{keys("Enter"), true, "Enter"},
	} {
		if got := TmuxKeyText(tc.keys, tc.literal); got != tc.want {
			t.Errorf("tmuxKeyText(%v, %v) = %q, want %q", tc.keys, tc.literal, got, tc.want)
		}
	}
}

func TestScreenText(t *testing.T) {
	for s, want := range map[string]string{`ls^M`: "ls\n", `a\nb\r`: "a\nb\n", `^C`: "\x03", `x\\y`: `x\y`} {
		if got := ScreenText(s); got != want {
			t.Errorf("screenText(%q) = %q, want %q", s, got, want)
		}
	}
}

// FuzzSedFiles: reading a sed script for its files never panics, and every
// file it finds is text of the script.
func FuzzSedFiles(f *testing.F) {
	for _, s := range []string{"w /x", "1d;$r f", "s/a;b/c/w out", "/re/,/e\\/nd/W g", `\,x,r y`, "s/a/b", "{r f\n}", "s", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		reads, writes := SedFiles(script)
		for _, p := range append(reads, writes...) {
			if p == "" || !strings.Contains(script, p) {
				t.Fatalf("file %q not in %q", p, script)
			}
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
		cmds, vars := CronLines(text)
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
		x := SedExecs(script)
		for _, c := range x.Commands {
			for _, l := range strings.Split(c, "\n") { // continued lines lose their backslash
				if c == "" || !strings.Contains(script, l) {
					t.Fatalf("command %q not in %q", c, script)
				}
			}
		}
		if !x.Pattern && len(x.Replaced) > 0 {
			t.Fatalf("replacements %q without the pattern space running", x.Replaced)
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
		for _, w := range SplitQuoted(s) {
			n += len(w.Text)
		}
		if n > len(s) {
			t.Fatalf("%d bytes of words from %d", n, len(s))
		}
	})
}
