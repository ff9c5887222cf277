package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestProcLinks: /proc/self/cwd is the command's working directory and
// /proc/self/root the root, for every program, known or not; another
// process's link or a descriptor's is a word guard cannot tell. The
// project lies in the home, so /proc/self/cwd/.. is the home.
func TestProcLinks(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	if err := os.MkdirAll(filepath.Join(dir, "proj"), 0o755); err != nil {
		t.Fatal(err)
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd   string
		block bool
	}{
		{"foo /proc/self/cwd/../.bashrc", true},
		{"gzip /proc/self/cwd/../.guard/audit.log", true},
		{"sponge /proc/self/cwd/../.guard/rules.json < r", true},
		{"vim -es /proc/self/cwd/../.bashrc", true},
		{"foo /proc/thread-self/cwd/../.bashrc", true},
		{"foo /proc/self/task/7/cwd/../.bashrc", true},
		{"foo /proc/self/root" + dir + "/.bashrc", true},
		{"foo /proc/self/root/proc/self/cwd/../.bashrc", true},
		{"foo /proc/1/cwd/../.bashrc", true},
		{"foo /proc/self/fd/3/../.bashrc", true},
		{"foo /dev/fd/3/../.bashrc", true},
		{"cd /proc/self/cwd/.. && foo .bashrc", true},
		{`python3 -c 'import pathlib; pathlib.Path("/proc/self/cwd/../.bashrc").write_text("x")'`, true},
		{`python3 -c 'import os; os.replace("x", "/proc/self/cwd/../.bashrc")'`, true},
		{`perl -e 'open F, ">>/proc/self/cwd/../.bashrc"; print F 1'`, true},
		{`python3 -c 'import sqlite3; sqlite3.connect("file:/proc/self/cwd/../.guard/e.db?mode=rwc", uri=True)'`, true},
		// The project's own files through the link, and /proc's other
		// entries, pass.
		{"foo /proc/self/cwd/out.txt", false},
		{"cat /proc/self/cwd/app.py", false},
		{`python3 -c 'import sqlite3; sqlite3.connect("/proc/self/cwd/app.db")'`, false},
		{"cat /proc/cpuinfo /proc/meminfo /proc/self/status", false},
		{"ls /proc/self/fd", false},
	}
	for _, tt := range tests {
		r, err := DryRun(p, "command", tt.cmd, filepath.Join(dir, "proj"))
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		if blocked := r.Verdict == "block"; blocked != tt.block {
			t.Errorf("%q: %s (%s), want block = %v", tt.cmd, r.Verdict, r.Reason, tt.block)
		}
	}
}

// TestSystemFileClimbs: a path that climbs out of a system directory is not
// the system's: the script bash runs from it is read.
func TestSystemFileClimbs(t *testing.T) {
	for _, tt := range []struct {
		p    string
		want bool
	}{
		{"/usr/bin/x", true},
		{"/usr/../tmp/x.sh", false},
		{"/etc/a/../../home/me/.bashrc", false},
		{"/usr/lib/..x/y", true},
	} {
		if got := systemFile(tt.p); got != tt.want {
			t.Errorf("systemFile(%q) = %v, want %v", tt.p, got, tt.want)
		}
	}
}
