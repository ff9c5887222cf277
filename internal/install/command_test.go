package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCommand(t *testing.T) {
	tests := []struct {
		path, goos, want string
	}{
		{"/usr/local/bin/guard", "linux", "/usr/local/bin/guard"},
		{"/Users/jo/My Tools/guard", "darwin", `"/Users/jo/My Tools/guard"`},
		{`C:\Program Files\guard\guard.exe`, "windows", `"C:/Program Files/guard/guard.exe"`},
		{`C:\tools\guard.exe`, "windows", "C:/tools/guard.exe"},
		{`/opt/a$b/gu"ard`, "linux", `"/opt/a\$b/gu\"ard"`},
		{"/home/jo/bin/guard-1.2_x+y@z", "linux", "/home/jo/bin/guard-1.2_x+y@z"},
	}
	for _, tt := range tests {
		got := Command(tt.path, tt.goos)
		if got != tt.want {
			t.Errorf("Command(%q, %s) = %s, want %s", tt.path, tt.goos, got, tt.want)
		}
		// The quoting reads back as the same program.
		wantBack := tt.path
		if tt.goos == "windows" {
			wantBack = strings.ReplaceAll(wantBack, `\`, "/")
		}
		if back := firstWord(got + " --flag"); back != wantBack {
			t.Errorf("firstWord(Command(%q)) = %q, want %q", tt.path, back, wantBack)
		}
	}
}

func TestFirstWord(t *testing.T) {
	tests := []struct{ in, want string }{
		{"guard", "guard"},
		{"  /usr/bin/guard hook --x", "/usr/bin/guard"},
		{"\t\"/a b/guard\" x", "/a b/guard"},
		{`'/a b/guard' x`, "/a b/guard"},
		{`"C:\Program Files\guard.exe"`, `C:\Program Files\guard.exe`},
		{`"unterminated`, "unterminated"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := firstWord(tt.in); got != tt.want {
			t.Errorf("firstWord(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRunsGuard(t *testing.T) {
	unix := newBinary("/home/jo/build/guard-dev", "linux")
	win := newBinary(`C:\Tools\guard-dev.exe`, "windows")
	tests := []struct {
		b    binary
		cmd  string
		want bool
	}{
		{unix, "/usr/local/bin/guard", true},
		{unix, "guard", true},
		{unix, `"/opt/My Guard/guard" --verbose`, true},
		{unix, "/home/jo/build/guard-dev", true}, // the running binary, whatever its name
		{unix, "/home/jo/build/guard-dev2", false},
		{unix, "/usr/bin/guardian", false},
		{unix, "/usr/bin/lint guard", false}, // guard as an argument is not guard running
		{unix, "", false},
		{unix, "/usr/bin/GUARD", false},
		{win, "c:/tools/GUARD-DEV.EXE", true},
		{win, `C:\bin\Guard.exe`, true},
		{win, "C:/bin/guard", true},
	}
	for _, tt := range tests {
		if got := tt.b.runsGuard(tt.cmd); got != tt.want {
			t.Errorf("runsGuard(%q) with self %s = %v, want %v", tt.cmd, tt.b.self, got, tt.want)
		}
	}
}

func TestSelfPath(t *testing.T) {
	p, err := SelfPath()
	if err != nil {
		t.Fatal(err)
	}
	if !filepath.IsAbs(p) {
		t.Errorf("SelfPath() = %s, not absolute", p)
	}
	exe, _ := os.Executable()
	a, err1 := os.Stat(p)
	b, err2 := os.Stat(exe)
	if err1 != nil || err2 != nil || !os.SameFile(a, b) {
		t.Errorf("SelfPath() = %s is not the running binary %s", p, exe)
	}
}

func TestPlain(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"guard", true},
		{"/usr/local/bin/guard", true},
		{`"/My Tools/guard"`, true},
		{"C:/Program Files/guard.exe", false}, // two words
		{`"C:/Program Files/guard.exe"`, true},
		{"guard || true", false},
		{"guard; echo ok", false},
		{"guard 2>/dev/null", false},
		{"GUARD_HOME=/tmp/x guard", false},
		{"env GUARD_HOME=/tmp/x guard", false},
		{"guard hook --agent c", false},
		{"exec guard", false},
		{"! guard", false},
		{"guard &", false},
		{"guard |", false},
		{"", false},
	} {
		if got := Plain(tc.cmd); got != tc.want {
			t.Errorf("Plain(%q) = %v, want %v", tc.cmd, got, tc.want)
		}
	}
}
