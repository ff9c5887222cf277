package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestTaskRunners: a task runner's file is scanned like make's recipes.
func TestTaskRunners(t *testing.T) {
	evil := "x:\n\techo x >> ~/.bashrc\n"
	tests := []struct {
		cmd    string
		files  map[string]string
		write  string
		hidden bool
	}{
		{cmd: "just x", files: map[string]string{"justfile": evil}, write: "~/.bashrc"},
		{cmd: "just -f j x", files: map[string]string{"j": evil}, write: "~/.bashrc"},
		{cmd: "just --justfile=j x", files: map[string]string{"j": evil}, write: "~/.bashrc"},
		{cmd: "just -d sub x", files: map[string]string{"sub/justfile": evil}, write: "~/.bashrc"},
		{cmd: "task x", files: map[string]string{"Taskfile.yml": "tasks:\n  x:\n    cmds:\n      - 'cp a ~/.bashrc'\n"}, write: "~/.bashrc"},
		{cmd: "rake", files: map[string]string{"Rakefile": `sh "cp a ~/.bashrc"`}, write: "~/.bashrc"},
		{cmd: "mise run x", files: map[string]string{"mise.toml": "[tasks.x]\nrun = \"cp a ~/.bashrc\"\n"}, write: "~/.bashrc"},
		{cmd: "mise run x", files: map[string]string{".mise/tasks/x": "cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "tox -e py", files: map[string]string{"tox.ini": "[testenv]\ncommands = cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "nox", files: map[string]string{"noxfile.py": `s.run("cp", "a", "~/.bashrc")`}, write: "~/.bashrc"},
		{cmd: "inv x", files: map[string]string{"tasks.py": `c.run("cp a ~/.bashrc")`}, write: "~/.bashrc"},
		{cmd: `just -f "$(foo)" x`, hidden: true},
		{cmd: "mise ls", files: map[string]string{"mise.toml": "[tasks.x]\nrun = \"cp a ~/.bashrc\"\n"}},
		{cmd: "just test", files: map[string]string{"justfile": "test:\n\tgo test ./...\n"}},
		// Review 9 F15: a script a recipe runs is read, whatever the
		// file's language puts before the command.
		{cmd: "task x", files: map[string]string{"Taskfile.yml": "tasks:\n  x:\n    cmds:\n      - sh e9.sh\n", "e9.sh": "cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "rake x", files: map[string]string{"Rakefile": "task :x do\n  sh \"sh e9.sh\"\nend\n", "e9.sh": "cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "tox", files: map[string]string{"tox.ini": "[testenv]\ncommands = sh e9.sh\n", "e9.sh": "cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "mise run x", files: map[string]string{"mise.toml": "[tasks.x]\nrun = \"bash scripts/setup\"\n", "./scripts/setup": "cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "task test", files: map[string]string{"Taskfile.yml": "tasks:\n  test:\n    cmds:\n      - sh scripts/test.sh\n", "scripts/test.sh": "go test ./...\n"}},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if got := errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
		if tt.write != "" && !slices.Contains(a.Writes, tt.write) {
			t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, tt.write)
		}
		if tt.write == "" && len(a.Writes) > 0 {
			t.Errorf("%q: writes %q, want none", tt.cmd, a.Writes)
		}
	}
}
