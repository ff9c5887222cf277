package shell

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

func TestIniSettings(t *testing.T) {
	got := iniSettings("# c\n; c\n[sec]\nnode-options = \"--require ./e.js\"\nscript-shell=./w.sh\nnoequals\n\n")
	want := [][2]string{{"node-options", "--require ./e.js"}, {"script-shell", "./w.sh"}}
	if !slices.Equal(got, want) {
		t.Errorf("iniSettings = %q, want %q", got, want)
	}
}

func TestNpmConfigVar(t *testing.T) {
	for name, want := range map[string]string{
		"npm_config_node_options": "node-options", "NPM_CONFIG_SCRIPT_SHELL": "script-shell",
		"npm_config_registry": "", "npm_config_": "", "NODE_OPTIONS": "", "npm_configx_shell": "",
	} {
		if got := npmConfigVar(name); got != want {
			t.Errorf("npmConfigVar(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestCargoVar(t *testing.T) {
	for name, want := range map[string]bool{
		"RUSTC_WRAPPER": true, "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER": true, "CARGO_TARGET_DIR": false, "CARGO_HOME": false,
	} {
		if got := cargoVar(name); got != want {
			t.Errorf("cargoVar(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestGitCommandKeys(t *testing.T) {
	for _, tc := range []struct {
		key, v, cmd string
		runs        bool
	}{
		{"core.gitproxy", "./p.sh for kernel.org", "./p.sh", true},
		{"uploadpack.packobjectshook", "./p.sh", "./p.sh", true},
		{"sendemail.smtpserver", "/usr/sbin/sendmail", "/usr/sbin/sendmail", true},
		{"sendemail.smtpserver", "smtp.example.com", "smtp.example.com", false},
		{"alias.x", "!cp a b", "cp a b", true},
		{"user.name", "x", "x", false},
	} {
		if got := gitRunsValue(tc.key, tc.v); got != tc.runs {
			t.Errorf("gitRunsValue(%q, %q) = %v", tc.key, tc.v, got)
		}
		if got := gitCommand(tc.key, tc.v); got != tc.cmd {
			t.Errorf("gitCommand(%q, %q) = %q, want %q", tc.key, tc.v, got, tc.cmd)
		}
	}
}

func TestWhichProgram(t *testing.T) {
	for src, want := range map[string]string{
		"which vim": "vim", "command -v code": "code", "type -P git-lfs": "git-lfs",
		"which $x": "", "which a b": "", "cat f": "", "which vim > f": "", "command vim": "",
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		if got := whichProgram(f.Stmts); got != want {
			t.Errorf("whichProgram(%q) = %q, want %q", src, got, want)
		}
	}
}

// FuzzIniSettings: any text yields at most maxGitSettings settings, each
// key without a line break.
func FuzzIniSettings(f *testing.F) {
	f.Add("node-options=--require ./e.js\n[x]\n; c\n")
	f.Fuzz(func(t *testing.T, s string) {
		got := iniSettings(s)
		if len(got) > maxGitSettings {
			t.Fatalf("%d settings", len(got))
		}
		for _, kv := range got {
			if strings.Contains(kv[0], "\n") {
				t.Fatalf("key %q", kv[0])
			}
		}
	})
}

// TestEnvNonNameSettings: env passes names no shell could assign, and npm
// reads npm_config_script-shell as script-shell (FINDINGS43a I7).
func TestEnvNonNameSettings(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		line string // a line the analysis must reach, "" for none of cp's
	}{
		{"env 'npm_config_script-shell=cp x ~/.bashrc' npm test", "cp x ~/.bashrc"},
		{"env 'NPM_CONFIG_SCRIPT-SHELL=cp x ~/.bashrc' npm run build", "cp x ~/.bashrc"},
		{"env 'npm_config_Script_Shell=cp x ~/.bashrc' npm test", "cp x ~/.bashrc"},
		{"env 'npm_config_fund=cp x ~/.bashrc' npm test", ""},
		{"env 'my-var=cp x ~/.bashrc' npm test", ""},
	} {
		a := Analyze(tt.cmd, Options{})
		got := ""
		for _, l := range a.Lines {
			if strings.HasPrefix(l, "cp ") {
				got = l
			}
		}
		if got != tt.line {
			t.Errorf("%s: lines %q, want %q among them", tt.cmd, a.Lines, tt.line)
		}
	}
}
