package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestLaunderedRecursiveRead: a file the command writes from a recursive
// read of a project holding a .env holds what the read printed; a
// reshaping read of it is checked as the read itself.
func TestLaunderedRecursiveRead(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	env := "GITHUB_TOKEN=ghp_" + "0123456789abcdefghijklmnopqrstuvwxYz\n"
	if err := os.WriteFile(filepath.Join(proj, ".env"), []byte(env), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "main.go"), []byte("package main // TODO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd   string
		block bool
	}{
		{"grep -r . . > /tmp/o; rev /tmp/o", true},
		{"grep -r . . > /tmp/o2; base64 /tmp/o2", true},
		{"grep -r . . | tee /tmp/o3 >/dev/null; rev /tmp/o3", true},
		{"grep -r . . | tee -a /tmp/o3 >/dev/null; xxd /tmp/o3", true},
		{"grep -r . . > /tmp/a; cat /tmp/a > /tmp/b; rev /tmp/b", true},
		{"grep -r . . > /tmp/o; rev < /tmp/o", true},
		{"{ grep -r . .; } > /tmp/o; rev /tmp/o", true},
		{"for d in .; do grep -r . $d; done > /tmp/o; tac /tmp/o | rev", true},
		{"grep -r . . > /tmp/o; cat /tmp/o | base64", true},
		{"grep -r . . >> /tmp/o; cut -c3- /tmp/o", true},
		// Routes the record did not follow.
		{"grep -r . . 3>/tmp/o >&3; rev /tmp/o", true},
		{"grep -r . . 2>/tmp/o 1>&2; rev /tmp/o", true},
		{"exec 3>&1 > /tmp/o; grep -r . .; exec >&3; rev /tmp/o", true},
		{"grep -r . . > /tmp/o; mv /tmp/o /tmp/p; rev /tmp/p", true},
		{"grep -r . . > /tmp/o; cp /tmp/o /tmp/p; rev /tmp/p", true},
		{"grep -r . . > /tmp/o; ln /tmp/o /tmp/p; rev /tmp/p", true},
		{"rev <(grep -r . .)", true},
		{"grep -r . . > >(rev)", true},
		{"grep -r . . | tee >(rev) >/dev/null", true},
		{"o=$(grep -r . .); rev <<< \"$o\"", true},
		{"o=$(grep -r . .); rev <<EOF\n$o\nEOF", true},
		{"o=$(grep -r . .); echo \"$o\" | rev", true},
		// Control: the same read piped, as before.
		{"grep -r . . | rev", true},
		// Printed as read, or not printed: the result scan sees it.
		{"grep -r . . > /tmp/o; cat /tmp/o", true}, // /tmp/o stays a copy of .env's lines
		{"grep -rn TODO . > todo.txt; sort todo.txt", false},
		{"grep -rn TODO . > todo.txt; wc -l todo.txt", false},
		{"exec > >(tee build.log) 2>&1; grep -rn TODO .; ls", false},
		{"exec > >(tee build.log) 2>&1; make", false},
		{"exec > >(tee build.log) 2>&1; grep -rn TODO .", false},
		{"grep -rn TODO . 2>&1 | sort", false},
		{"grep -rn TODO . > todo.txt 2>&1; cp todo.txt notes.txt; wc -l notes.txt", false},
		{"cat <(grep -rn TODO .)", false},
		{"exec > >(tee build.log) 2>&1; grep -rn TODO .; make", true}, // make's output is a copy guard does not model
		{"sed -i s/foo/bar/ $(grep -rl foo .)", false},
		{"diff <(sort a.txt) <(sort b.txt)", false},
		{"exec > >(tee build.log) 2>&1; grep -r . .; rev build.log", true},
		{"exec > >(rev) 2>&1; grep -r . .", true},
		{"grep -rn TODO . >&2", false},
		{"echo hi > /tmp/o; rev /tmp/o", false},
		{"grep -r . . > /tmp/o; echo done > /tmp/o; rev /tmp/o", true}, // the copy is made before it is replaced
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		r, err := DryRun(p, "command", tt.cmd, proj)
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		if blocked := r.Verdict == "block"; blocked != tt.block {
			t.Errorf("%q: %s (%s), want block = %v", tt.cmd, r.Verdict, r.Reason, tt.block)
		}
	}
}
