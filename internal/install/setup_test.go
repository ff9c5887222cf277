package install

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestInProject(t *testing.T) {
	for _, tc := range []struct {
		path, home, project string
		want                bool
	}{
		{"/home/jo/proj/.agent_a/settings.json", "/home/jo", "/home/jo/proj", true},
		{"/home/jo/proj/x/hooks.json", "/home/jo", "/home/jo/proj", true},
		{"/home/jo/.agent_a/settings.json", "/home/jo", "/home/jo/proj", false},
		{"/etc/agent/hooks.json", "/home/jo", "/home/jo/proj", false},
		{"/home/jo/proj2/hooks.json", "/home/jo", "/home/jo/proj", false},
		// Run from the home directory: the user's own files.
		{"/home/jo/.agent_b/hooks.json", "/home/jo", "/home/jo", false},
		// Run from an ancestor of the home directory (/ or /home).
		{"/home/jo/.agent_b/hooks.json", "/home/jo", "/home", false},
		{"/home/team/hooks.json", "/home/jo", "/home", true},
	} {
		if runtime.GOOS == "windows" {
			t.Skip("POSIX paths")
		}
		if got := inProject(tc.path, tc.home, tc.project); got != tc.want {
			t.Errorf("inProject(%s, home %s, project %s) = %v, want %v", tc.path, tc.home, tc.project, got, tc.want)
		}
	}
}

func TestBackupPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths")
	}
	for _, tc := range []struct{ dir, target, want string }{
		{"/home/jo/.guard/backups", "/home/jo/proj/.agent_c/settings.json", "/home/jo/.guard/backups/home/jo/proj/.agent_c/settings.json" + BackupInfix},
		{"", "/home/jo/proj/.agent_c/settings.json", "/home/jo/proj/.agent_c/settings.json" + BackupInfix},
	} {
		if got := BackupPath(tc.dir, tc.target); got != tc.want {
			t.Errorf("BackupPath(%q, %q) = %q, want %q", tc.dir, tc.target, got, tc.want)
		}
	}
}

// TestSetupPortableAndBackups: a project's files name guard and the user's
// the binary; every backup lands in guard's directory, none in the
// project; a guard on PATH that is not this one is warned about.
func TestSetupPortableAndBackups(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths")
	}
	dir := t.TempDir()
	o := SetupOptions{
		Agent:      AgentB,
		Self:       filepath.Join(dir, "bin", "guard"),
		Home:       filepath.Join(dir, "home"),
		Project:    filepath.Join(dir, "home", "proj"),
		GuardDir:   filepath.Join(dir, "home", ".guard"),
		PolicyName: "rules.json",
		Policy:     []byte("{}\n"),
		Now:        func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) },
		LookPath:   func(string) (string, error) { return "", errors.New("not found") },
	}
	for _, d := range []string{filepath.Dir(o.Self), filepath.Join(o.Project, ".agent_b"), o.GuardDir} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(o.Self, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	project := filepath.Join(o.Project, ".agent_b", "hooks.json")
	if err := os.WriteFile(project, []byte(`{"version": 1, "hooks": {"preToolUse": [{"command": "./lint.sh"}]}}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	rep, err := Setup(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 2 || rep.Files[0].Scope != "project" || rep.Files[0].Command != PortableCommand ||
		rep.Files[1].Scope != "user" || rep.Files[1].Command != Command(o.Self, runtime.GOOS) {
		t.Fatalf("files %+v", rep.Files)
	}
	want := filepath.Join(o.GuardDir, "backups") + project + BackupInfix + "20260102T030405Z"
	if rep.Files[0].Backup != want {
		t.Errorf("backup %q, want %q", rep.Files[0].Backup, want)
	}
	if b, err := os.ReadFile(want); err != nil || !strings.Contains(string(b), "./lint.sh") {
		t.Errorf("backup holds %q, %v", b, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(project))
	if len(entries) != 1 {
		t.Errorf("project directory holds %d entries, want only hooks.json", len(entries))
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "PATH has none") {
		t.Errorf("warnings %q", rep.Warnings)
	}
	data, _ := os.ReadFile(project)
	if strings.Contains(string(data), o.Self) || !strings.Contains(string(data), `"command": "guard"`) {
		t.Errorf("project file:\n%s", data)
	}

	// This guard on PATH: no warning. Another one: named.
	o.LookPath = func(string) (string, error) { return o.Self, nil }
	if rep, err := Setup(o); err != nil || len(rep.Warnings) != 0 {
		t.Errorf("warnings %q, %v", rep.Warnings, err)
	}
	other := filepath.Join(dir, "other-guard")
	_ = os.WriteFile(other, []byte("#!/bin/sh\n"), 0o755)
	o.LookPath = func(string) (string, error) { return other, nil }
	if rep, err := Setup(o); err != nil || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "which is "+other+", not this guard") {
		t.Errorf("warnings %q, %v", rep.Warnings, err)
	}
}
