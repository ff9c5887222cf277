package gitconfig

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// s is a setting with a value; b one without '='.
func s(k, v string) Setting { return Setting{Key: k, Value: v} }
func b(k string) Setting    { return Setting{Key: k, NoValue: true} }

// tricky are texts where a line reader and git part ways, or git errors
// out; TestRead gives what git reads, TestReadAsGit checks it with git.
var tricky = []struct {
	text string
	want []Setting // nil with bad: git errors out
	bad  bool
}{
	{"[core]\n\tfsmonitor = x\n", []Setting{s("core.fsmonitor", "x")}, false},
	{"[core] fsmonitor = \"f=1; echo p\"\n", []Setting{s("core.fsmonitor", "f=1; echo p")}, false},
	{"[core]fsmonitor=x", []Setting{s("core.fsmonitor", "x")}, false},
	{"[core]\rfsmonitor = x\n", []Setting{s("core.fsmonitor", "x")}, false},
	{"[core]\r\nfsmonitor = x\r\n", []Setting{s("core.fsmonitor", "x")}, false},
	{"[core]\n\tfsmonitor = \"echo \\\n[x]; id\"\n", []Setting{s("core.fsmonitor", "echo [x]; id")}, false},
	{"[core]\n\tfsmonitor = echo \\\n[x]; id\n", []Setting{s("core.fsmonitor", "echo [x]")}, false},
	{"[core]\n\tfsmonitor = a\\\r\nb\n", []Setting{s("core.fsmonitor", "ab")}, false},
	{"[core]\n\tfsmonitor = a\\", []Setting{s("core.fsmonitor", "a")}, false},
	{"[core]\n\tfsmonitor = a  \t b ; c\n", []Setting{s("core.fsmonitor", "a    b")}, false},
	{"[core]\n\tfsmonitor = \" a \" # c\n", []Setting{s("core.fsmonitor", " a ")}, false},
	{"[core]\n\tfsmonitor = a\"#\"b\n", []Setting{s("core.fsmonitor", "a#b")}, false},
	{"[core]\n\tfsmonitor = a\\tb\\nc\\bd\\\"\\\\\n", []Setting{s("core.fsmonitor", "a\tb\nc\bd\"\\")}, false},
	{"[core]\n\tfsmonitor = a\\x\n", nil, true},
	{"[core]\n\tfsmonitor = \"a\n", nil, true},
	{"[core]\n\tfsmonitor = a\rb\n", []Setting{s("core.fsmonitor", "a b")}, false},
	{"[core]\n\tfsmonitor = \"a\rb\"\n", []Setting{s("core.fsmonitor", "a\rb")}, false},
	{"[core]\n\tfsmonitor\r= x\n", nil, true},
	{"[core]\n\tbare\n\tFS-Monitor2 = y", []Setting{b("core.bare"), s("core.fs-monitor2", "y")}, false},
	{"[core]\n\tbare ; c\n", nil, true},
	{"[core]\n\t2x = y\n", nil, true},
	{"[core]\n\tx_y = z\n", nil, true},
	{"\xef\xbb\xbf[core]\nx = y\n", []Setting{s("core.x", "y")}, false},
	{"\xef\xbb[core]\nx = y\n", nil, true},
	{"\xef[core]\nx = y\n", nil, true},
	{"[Alias \"Sub\"]\nX = !y\n", []Setting{s("alias.Sub.x", "!y")}, false},
	{"[alias.Sub]\nx = y\n", []Setting{s("alias.sub.x", "y")}, false},
	{"[a \t \"s\\\"q\\\\\\x\"]\nk = v\n", []Setting{s("a.s\"q\\x.k", "v")}, false},
	{"[a \"s\" ]\nk = v\n", nil, true},
	{"[a \"s\nt\"]\nk = v\n", nil, true},
	{"[a s]\nk = v\n", nil, true},
	{"[a\n]\nk = v\n", nil, true},
	{"[]\nk = v\n", nil, true},
	{"[ \"s\"]\nk = v\n", []Setting{s(".s.k", "v")}, false},
	{"[a", nil, true},
	{"[a_b]\nk = v\n", nil, true},
	{"[include] path = o.cfg\n[alias] x = !id", []Setting{s("include.path", "o.cfg"), s("alias.x", "!id")}, false},
	{"; c [core]\n# fsmonitor = x\n[core] ; x = y\n x = z", []Setting{s("core.x", "z")}, false},
	{"[core] x = 1 [alias] y = 2\n", []Setting{s("core.x", "1 [alias] y = 2")}, false},
	{"[core]\n\tx = \"a\\\nb\"\n\ty\n", []Setting{s("core.x", "ab"), b("core.y")}, false},
	{"[core]\n\tx = a ; \\\n\ty = b\n", []Setting{s("core.x", "a"), s("core.y", "b")}, false},
	{"[core]\n\tx =\n", []Setting{s("core.x", "")}, false},
	{"[core]\n\tx", []Setting{b("core.x")}, false},
	{"[core]\n\tx\t \t= v\n", []Setting{s("core.x", "v")}, false},
	{"[core]\n\tx = \xc3\xa9\n", []Setting{s("core.x", "\xc3\xa9")}, false},
	{"[core]\n\t\xc3\xa9 = x\n", nil, true},
	{"[core]\n\vx = y\n", nil, true},
	{"[core]\n\tx = \vy\f\n", []Setting{s("core.x", "\vy\f")}, false},
	{"x = y\n", []Setting{s("x", "y")}, false},
	{"[core]\n\tx = a\x00b\n", nil, true},
	{"", nil, false},
	{"\r", nil, false},
	{"[a]\\\nx = y\n", nil, true},
}

func TestRead(t *testing.T) {
	for _, tc := range tricky {
		got, err := Read(tc.text, 100)
		var e *Error
		if tc.bad != (err != nil) || err != nil && !errors.As(err, &e) {
			t.Errorf("Read(%q): error %v, want one: %v", tc.text, err, tc.bad)
			continue
		}
		if !tc.bad && !slices.Equal(got, tc.want) {
			t.Errorf("Read(%q) = %#v, want %#v", tc.text, got, tc.want)
		}
	}
}

func TestReadBound(t *testing.T) {
	got, err := Read(strings.Repeat("[a]x=1\n", 5), 3)
	if err == nil || len(got) != 3 {
		t.Fatalf("got %d settings, error %v; want 3 and an error", len(got), err)
	}
}

// gitList returns what `git config --file F --list -z` prints of text and
// whether git read it without an error; skipped without git.
func gitList(t *testing.T, text string) ([]Setting, bool) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "c.cfg")
	if err := os.WriteFile(f, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(git, "config", "--file", f, "--list", "-z")
	cmd.Env = []string{"HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1", "PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	var got []Setting
	for _, rec := range strings.Split(string(out), "\x00") {
		if rec == "" {
			continue
		}
		k, v, eq := strings.Cut(rec, "\n")
		got = append(got, Setting{Key: k, Value: v, NoValue: !eq})
	}
	return got, err == nil
}

// checkAsGit fails when Read does not read text as git does: the same
// settings (those before the error when there is one), an error where git
// has one.
func checkAsGit(t *testing.T, text string) {
	t.Helper()
	want, ok := gitList(t, text)
	got, err := Read(text, 1<<20)
	var e *Error
	if err != nil && errors.As(err, &e) && strings.HasPrefix(e.What, "a NUL") {
		return // guard does not read a NUL byte; git may
	}
	if ok != (err == nil) || !slices.Equal(got, want) {
		t.Errorf("Read(%q) = %#v, %v; git read %#v, ok %v", text, got, err, want, ok)
	}
}

// TestReadAsGit checks the table against the git installed here.
func TestReadAsGit(t *testing.T) {
	for _, tc := range tricky {
		checkAsGit(t, tc.text)
	}
}

// FuzzGitConfig: any text reads without a panic into bounded settings,
// and, where git is installed and GUARD_FUZZ_GIT is set (git runs at each
// input), as git reads it.
func FuzzGitConfig(f *testing.F) {
	for _, tc := range tricky {
		f.Add(tc.text)
	}
	_, err := exec.LookPath("git")
	withGit := err == nil && os.Getenv("GUARD_FUZZ_GIT") != ""
	f.Fuzz(func(t *testing.T, text string) {
		if got, _ := Read(text, 8); len(got) > 8 {
			t.Fatalf("%d settings", len(got))
		}
		if withGit {
			checkAsGit(t, text)
		}
	})
}

func TestIncludePath(t *testing.T) {
	for _, c := range []struct {
		p    string
		form IncludeForm
		rest string
	}{
		{"~", IncludeHome, ""},
		{"~/x.cfg", IncludeHome, "/x.cfg"},
		{"~root/x.cfg", IncludeUnknown, "~root/x.cfg"},
		{"~root", IncludeUnknown, "~root"},
		{"%(prefix)/etc/gitconfig", IncludeUnknown, "%(prefix)/etc/gitconfig"},
		{"/etc/x", IncludeAbsolute, "/etc/x"},
		{"x.cfg", IncludeRelative, "x.cfg"},
		{"../%(prefix)/x", IncludeRelative, "../%(prefix)/x"},
	} {
		if form, rest := IncludePath(c.p); form != c.form || rest != c.rest {
			t.Errorf("IncludePath(%q) = %v, %q; want %v, %q", c.p, form, rest, c.form, c.rest)
		}
	}
}
