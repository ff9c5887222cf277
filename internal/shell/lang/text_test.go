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
