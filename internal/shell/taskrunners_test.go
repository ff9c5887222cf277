package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestTaskRunners: a task runner's file is scanned like make's recipes.
func TestTaskRunners(t *testing.T) {
	evil := "x:\n\techo x >> ~/.bashrc\n"
	ninjaEvil := "rule r\n  command = echo pwn >> ~/.bashrc\nbuild x: r\n"
	mesonEvil := "run_command('sh', '-c', 'echo PWNED >> ~/.bashrc', check: false)\n"
	antEvil := "<project><target name=\"t\"><exec executable=\"sh\"><arg value=\"-c\"/><arg value=\"echo pwn >> ~/.bashrc\"/></exec></target></project>\n"
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
		// A script a recipe runs is read, whatever the file's
		// language puts before the command.
		{cmd: "task x", files: map[string]string{"Taskfile.yml": "tasks:\n  x:\n    cmds:\n      - sh e9.sh\n", "e9.sh": "cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "rake x", files: map[string]string{"Rakefile": "task :x do\n  sh \"sh e9.sh\"\nend\n", "e9.sh": "cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "tox", files: map[string]string{"tox.ini": "[testenv]\ncommands = sh e9.sh\n", "e9.sh": "cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "mise run x", files: map[string]string{"mise.toml": "[tasks.x]\nrun = \"bash scripts/setup\"\n", "./scripts/setup": "cp a ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "task test", files: map[string]string{"Taskfile.yml": "tasks:\n  test:\n    cmds:\n      - sh scripts/test.sh\n", "scripts/test.sh": "go test ./...\n"}},
		// the files a task file pulls in are read as it
		// is; a reference guard cannot follow hides the command.
		{cmd: "ninja", files: map[string]string{"build.ninja": "subninja sub/s.ninja\n", "sub/s.ninja": ninjaEvil}, write: "~/.bashrc"},
		{cmd: "ninja -f b2.ninja", files: map[string]string{"b2.ninja": "include inc.ninja\n", "inc.ninja": ninjaEvil}, write: "~/.bashrc"},
		{cmd: "ninja", files: map[string]string{"build.ninja": "include a.ninja\n", "a.ninja": "subninja sub/b.ninja\n", "sub/b.ninja": ninjaEvil}, write: "~/.bashrc"},
		{cmd: "ninja", files: map[string]string{"build.ninja": "include $builddir/x.ninja\n"}, hidden: true},
		{cmd: "ninja", files: map[string]string{"build.ninja": "include gone.ninja\n"}, hidden: true},
		{cmd: "ninja", files: map[string]string{"build.ninja": "include build.ninja\n"}},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "project('x')\nsubdir('sub')\n", "sub/meson.build": "run_command('sh', '-c', 'echo pwn >> ~/.bashrc')\n"}, write: "~/.bashrc"},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "project('x')\nsubproject('dep')\n"}, hidden: true},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "project('x')\nprog = find_program('scripts/gen')\n", "./scripts/gen": "echo pwn >> ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "ant", files: map[string]string{"build.xml": "<project>\n  <import file=\"sub/o.xml\"/>\n</project>\n", "sub/o.xml": antEvil}, write: "~/.bashrc"},
		{cmd: "ant", files: map[string]string{"build.xml": "<project>\n  <import\n    file=\"o.xml\" optional=\"true\"/>\n</project>\n", "o.xml": antEvil}, write: "~/.bashrc"},
		{cmd: "ant", files: map[string]string{"build.xml": "<project><import><fileset dir=\"x\" includes=\"*.xml\"/></import></project>\n"}, hidden: true},
		{cmd: "ant", files: map[string]string{"build.xml": "<project><target name=\"t\"><ant dir=\"sub\"/></target></project>\n"}, hidden: true},
		{cmd: "lefthook run pre-commit", files: map[string]string{"lefthook.yml": "pre-commit:\n  commands:\n    l:\n      run: go vet ./...\n", "lefthook-local.yml": "pre-commit:\n  commands:\n    x:\n      run: echo pwn >> ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "lefthook run pre-commit", files: map[string]string{"lefthook.yml": "extends:\n  - h/ext.yml\n", "h/ext.yml": "pre-commit:\n  commands:\n    x:\n      run: echo pwn >> ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "lefthook run pre-commit", files: map[string]string{"lefthook.yml": "extends: [h/ext.yml]\n", "h/ext.yml": "pre-commit:\n  commands:\n    x:\n      run: echo pwn >> ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "lefthook run pre-commit", files: map[string]string{"lefthook.yml": "pre-commit:\n  commands:\n    x:\n      run: scripts/lint\n", "./scripts/lint": "echo pwn >> ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "lefthook run pre-commit", files: map[string]string{"lefthook.yml": "remotes:\n  - git_url: https://example.com/x\n"}, hidden: true},
		{cmd: "lefthook run pre-commit", files: map[string]string{"lefthook.yml": "source_dir: .hooks/\n"}, hidden: true},
		{cmd: "pre-commit run --all-files", files: map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: s\n    name: s\n    entry: ./s.sh\n    language: script\n", "./s.sh": "echo pwn >> ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "pre-commit run --all-files", files: map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: s\n    entry: scripts/check\n    language: script\n", "./scripts/check": "echo pwn >> ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "task x", files: map[string]string{"Taskfile.yml": "tasks:\n  x:\n    cmds:\n      - ./s.sh\n", "./s.sh": "echo pwn >> ~/.bashrc\n"}, write: "~/.bashrc"},
		{cmd: "pre-commit run", files: map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - entry: ./s.sh\n    id: s\n", "./s.sh": "echo pwn >> ~/.bashrc\n"}, write: "~/.bashrc"},
		// A task file read through its language's own layer.
		{cmd: "meson setup build", files: map[string]string{"meson.build": "project('x', 'c')\nsubdir ('evil')\n", "evil/meson.build": mesonEvil}, write: "~/.bashrc"},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "subdir(\n  'evil',\n)\n", "evil/meson.build": mesonEvil}, write: "~/.bashrc"},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "subdir('ev'+'il')\n", "ev/meson.build": "message('hi')\n"}, hidden: true},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "d = 'evil'\nsubdir(d)\n", "d/meson.build": "message('hi')\n"}, hidden: true},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "subdir('ev' / 'il')\n", "ev/meson.build": "message('hi')\n"}, hidden: true},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "subdir('ev\\x69l')\n", "ev\\x69l/meson.build": "message('hi')\n"}, hidden: true},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "run_command('sh', '-c', 'echo PWNED \\x3e\\x3e \\x7e/.bashrc', check: false)\n"}, write: "~/.bashrc"},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "# subdir(d)\nmessage('subdir(x)')\nsubdir('src')\n", "src/meson.build": "x = 1\n"}},
		{cmd: "ant", files: map[string]string{"build.xml": "<!DOCTYPE project [ <!ENTITY inc SYSTEM \"evil.xml\"> ]>\n<project name=\"x\" default=\"t\"> &inc; </project>\n", "evil.xml": antEvil}, hidden: true},
		{cmd: "ant", files: map[string]string{"build.xml": "<project><import file=\"ev&#105;l.xml\"/></project>\n", "evil.xml": antEvil, "ev&#105;l.xml": "<project/>\n"}, write: "~/.bashrc"},
		{cmd: "ant -f evil.xml", files: map[string]string{"evil.xml": "<project><target name=\"t\"><exec executable=\"sh\"><arg value=\"-c\"/><arg value=\"echo pwn &gt;&gt; ~/.bashrc\"/></exec></target></project>\n"}, write: "~/.bashrc"},
		{cmd: "ant", files: map[string]string{"build.xml": "<project>&foo;</project>\n"}, hidden: true},
		// Everyday configs.
		{cmd: "ninja", files: map[string]string{"build.ninja": "rule cc\n  command = gcc -include config.h -c $in -o $out\nbuild a.o: cc a.c\n", "a.c": "int x;\n"}},
		{cmd: "ant", files: map[string]string{"build.xml": "<project>\n<fileset dir=\"src\"><include name=\"**/*.java\"/></fileset>\n<property file=\"build.properties\"/>\n</project>\n"}},
		{cmd: "meson setup build", files: map[string]string{"meson.build": "project('x', 'c')\nexecutable('x', 'main.c')\nsubdir('src')\n", "src/meson.build": "x = files('a.c')\n"}},
		{cmd: "pre-commit run --all-files", files: map[string]string{".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: fmt\n    entry: gofmt -l\n    language: system\n    files: \\.go$\n"}},
		{cmd: "lefthook run pre-commit", files: map[string]string{"lefthook.yml": "pre-commit:\n  parallel: true\n  commands:\n    lint:\n      glob: \"*.go\"\n      run: golangci-lint run {staged_files}\n"}},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if got := errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
		if tt.write != "" && !slices.Contains(a.Writes, tt.write) {
			t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, tt.write)
		}
		if tt.write == "" && !tt.hidden && slices.ContainsFunc(a.Writes, func(w string) bool { return strings.HasPrefix(w, "~") }) {
			t.Errorf("%q: writes %q, want none in the home", tt.cmd, a.Writes)
		}
	}
}
