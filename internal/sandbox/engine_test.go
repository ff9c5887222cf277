package sandbox

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var samplePlan = &Plan{
	Entries: []Entry{
		{Kind: ReadOnly, Path: "/etc", Dir: true, Exists: true, Source: "block_write /etc/**"},
		{Kind: Pin, Path: "/h", Dir: true, Exists: true, Source: "holds /h/.ssh"},
		{Kind: Hide, Path: "/h/.ssh", Dir: true, Exists: true, Source: "block_read ~/.ssh/**"},
		{Kind: Hide, Path: "/h/.netrc", Exists: true, Source: "block_read ~/.netrc"},
		{Kind: ReadOnly, Path: "/h/.guard", Dir: true, Exists: true, Source: "guard's directory"},
		{Kind: ReadOnly, Path: "/h/.bash_profile", Source: "block_write ~/.bash_profile"},
		{Kind: Reveal, Path: "/h/.ssh/config", Exists: true, Source: "allow_read ~/.ssh/config"},
		{Kind: ReadOnly, Path: `/h/we"ird\dir`, Dir: true, Exists: true, Source: "block_write ~/we\"ird\\dir/**\n(x)"},
	},
	HookOnly: []HookOnly{{What: "block_read **/.env", Why: "a pattern for any directory"}, {What: "block_write ~/.bash_profile: /h/.bash_profile", Why: absentWhy}},
}

func TestBwrapArgs(t *testing.T) {
	got := BwrapArgs(samplePlan, Options{NewSession: true}, []string{"agent", "--flag"})
	want := []string{
		"--dev-bind", "/", "/", "--unshare-pid", "--proc", "/proc",
		"--ro-bind", "/sys", "/sys", "--ro-bind", "/proc/sys", "/proc/sys", "--ro-bind-try", "/proc/sysrq-trigger", "/proc/sysrq-trigger",
		"--die-with-parent", "--cap-drop", "ALL", "--new-session",
		"--ro-bind", "/etc", "/etc",
		"--bind", "/h", "/h",
		"--perms", "0700", "--tmpfs", "/h/.ssh",
		"--ro-bind", "/dev/null", "/h/.netrc",
		"--ro-bind", "/h/.guard", "/h/.guard",
		"--ro-bind", "/h/.ssh/config", "/h/.ssh/config",
		"--ro-bind", `/h/we"ird\dir`, `/h/we"ird\dir`,
		"--remount-ro", "/h/.ssh",
		"--", "agent", "--flag",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if slices.Contains(got, "/h/.bash_profile") {
		t.Error("a path that does not exist is bound: bwrap would create it in the real file system")
	}
	if got := BwrapArgs(samplePlan, Options{}, []string{"x"}); slices.Contains(got, "--new-session") {
		t.Error("--new-session without NewSession")
	}
	if got := strings.Join(BwrapArgs(samplePlan, Options{SeccompFD: 4}, []string{"x"}), " "); !strings.Contains(got, "--seccomp 4 ") {
		t.Errorf("no seccomp filter: %s", got)
	}
}

func TestSeatbeltProfile(t *testing.T) {
	got := SeatbeltProfile(samplePlan)
	want := `(version 1)
(allow default)
(deny file-write* (subpath "/etc")) ; block_write /etc/**
(deny file-write* (literal "/h")) ; holds /h/.ssh
(deny file-read* file-write* (subpath "/h/.ssh")) ; block_read ~/.ssh/**
(deny file-read* file-write* (literal "/h/.netrc")) ; block_read ~/.netrc
(deny file-write* (subpath "/h/.guard")) ; guard's directory
(deny file-write* (literal "/h/.bash_profile")) ; block_write ~/.bash_profile
(allow file-read* (literal "/h/.ssh/config")) ; allow_read ~/.ssh/config
(deny file-write* (subpath "/h/we\"ird\\dir")) ; block_write ~/we"ird\dir/** (x)
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestFindEngine(t *testing.T) {
	ok := func(string) error { return nil }
	bad := func(string) error { return errors.New("owned by someone else") }
	type engineCase struct {
		goos    string
		trusted func(string) error
		engine  string
		err     string
	}
	tests := []engineCase{
		{"windows", ok, "", "no sandbox engine for windows"},
		{"freebsd", ok, "", "no sandbox engine for freebsd"},
	}
	if _, err := os.Lstat("/usr/bin/bwrap"); err == nil {
		tests = append(tests,
			engineCase{"linux", ok, "bubblewrap", ""},
			engineCase{"linux", bad, "", "cannot be trusted: owned by someone else"})
	}
	for _, tt := range tests {
		e, err := findEngine(tt.goos, tt.trusted)
		if tt.err != "" {
			if !errors.Is(err, ErrNoEngine) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: err %v, want ErrNoEngine with %q", tt.goos, err, tt.err)
			}
			continue
		}
		if err != nil || e.Name != tt.engine || !strings.HasPrefix(e.Path, "/") {
			t.Errorf("%s: %+v, %v; want %s", tt.goos, e, err, tt.engine)
		}
	}
}

// TestFindAtNeverPath: a program the agent could have written (on PATH, in
// a directory the user owns) is never the engine.
func TestFindAtNeverPath(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "bwrap")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	_, err := findAt("bubblewrap", []string{fake}, TrustedSystemFile, "missing")
	if !errors.Is(err, ErrNoEngine) || !strings.Contains(err.Error(), "cannot be trusted") {
		t.Errorf("a bwrap in %s: %v; want refused", dir, err)
	}
	_, err = findAt("bubblewrap", []string{filepath.Join(dir, "none")}, TrustedSystemFile, "not installed")
	if !errors.Is(err, ErrNoEngine) || !strings.Contains(err.Error(), "never PATH") {
		t.Errorf("absent: %v", err)
	}
	if _, err := os.Lstat("/usr/bin/env"); err == nil {
		if err := TrustedSystemFile("/usr/bin/env"); err != nil {
			t.Errorf("/usr/bin/env: %v", err)
		}
	}
}

func TestExplain(t *testing.T) {
	var b bytes.Buffer
	withheld := *samplePlan
	withheld.Withheld = []string{"SSH_AUTH_SOCK", "DISPLAY"}
	Explain(&b, &withheld, &Engine{Name: "bubblewrap", Path: "/usr/bin/bwrap"})
	out := b.String()
	for _, s := range []string{"engine: bubblewrap", "hidden             dir  /h/.ssh", "block_read **/.env: a pattern", "/h/.bash_profile", "did not exist at the start",
		"not passed in:     SSH_AUTH_SOCK DISPLAY", "--pass-env NAME", "TIOCSTI"} {
		if !strings.Contains(out, s) {
			t.Errorf("explain lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "read-only          file /h/.bash_profile") {
		t.Errorf("bubblewrap does not hold an absent path:\n%s", out)
	}
	b.Reset()
	Explain(&b, samplePlan, &Engine{Name: "sandbox-exec", Path: "/usr/bin/sandbox-exec"})
	if out := b.String(); !strings.Contains(out, "read-only          file /h/.bash_profile") || strings.Contains(out, "did not exist") {
		t.Errorf("sandbox-exec holds an absent path:\n%s", out)
	}
}
