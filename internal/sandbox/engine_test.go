package sandbox

import (
	"bytes"
	"errors"
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
		"--dev-bind", "/", "/", "--unshare-pid", "--proc", "/proc", "--die-with-parent", "--cap-drop", "ALL", "--new-session",
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
	found := func(name string) (string, error) { return "/usr/bin/" + name, nil }
	missing := func(string) (string, error) { return "", errors.New("not found") }
	tests := []struct {
		goos   string
		look   func(string) (string, error)
		engine string
		err    string
	}{
		{"linux", found, "bubblewrap", ""},
		{"linux", missing, "", "apt-get install bubblewrap"},
		{"darwin", missing, "sandbox-exec", ""},
		{"windows", found, "", "no sandbox engine for windows"},
		{"freebsd", found, "", "no sandbox engine for freebsd"},
	}
	for _, tt := range tests {
		e, err := FindEngine(tt.goos, tt.look)
		if tt.err != "" {
			if !errors.Is(err, ErrNoEngine) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: err %v, want ErrNoEngine with %q", tt.goos, err, tt.err)
			}
			continue
		}
		if err != nil || e.Name != tt.engine {
			t.Errorf("%s: %+v, %v; want %s", tt.goos, e, err, tt.engine)
		}
	}
}

func TestExplain(t *testing.T) {
	var b bytes.Buffer
	Explain(&b, samplePlan, &Engine{Name: "bubblewrap", Path: "/usr/bin/bwrap"})
	out := b.String()
	for _, s := range []string{"engine: bubblewrap", "hidden             dir  /h/.ssh", "block_read **/.env: a pattern", "/h/.bash_profile", "did not exist at the start"} {
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
