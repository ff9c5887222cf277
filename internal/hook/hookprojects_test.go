package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// writeFiles writes files (relative to root) for a test world.
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// TestProgramsOtherProjects: the programs the hook files of a parent
// project (the cwd in a nested repository) and of another project (a
// path written by ../ or absolute, or after a cd) run are
// write-protected as the cwd's own project's are; the other files of
// those projects are not. Both bash.match modes.
func TestProgramsOtherProjects(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"README.md": "x\n"})
	root := filepath.Dir(proj)
	other := filepath.Join(root, "other")
	writeFiles(t, other, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"type":"command","command":"bash tools/h.sh"}]}]}}`,
		".mcp.json":              `{"mcpServers":{"x":{"command":"python3","args":["tools/x.py"]}}}`,
		"tools/h.sh":             "echo ok\n", "tools/x.py": "print(1)\n", "notes.md": "x\n",
		"vendor/lib/.git/config": "", "vendor/lib/src/a.c": "x\n",
	})
	os.Mkdir(filepath.Join(other, ".git"), 0o755)
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	nested := filepath.Join(other, "vendor", "lib")
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			cwd, cmd string
			block    bool
		}{
			{nested, "echo id >> ../../tools/h.sh", true},
			{nested, "echo 1 >> ../../tools/x.py", true},
			{nested, "rm -rf ../../tools", true},
			{proj, "echo id >> ../other/tools/h.sh", true},
			{proj, "cd ../other && echo id >> tools/h.sh", true},
			{proj, "echo 'import os' >> " + filepath.Join(other, "tools", "x.py"), true},
			{other, "echo id >> tools/h.sh", true},
			{nested, "echo x >> ../../notes.md", false},
			{nested, "echo x >> src/a.c", false},
			{proj, "echo x >> ../other/notes.md", false},
			{proj, "echo x >> README.md", false},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, tc.cwd, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: cwd %s: %q: blocked = %v, want %v: %s", mode, filepath.Base(tc.cwd), tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
	for _, cwd := range []string{nested, proj} {
		code, _, stderr, _ := runReal(t, realPolicy(t, ""), writePayload(t, cwd, filepath.Join(other, "tools", "h.sh")))
		if code != 2 || !strings.Contains(stderr, "a program or file an installed hook entry runs") {
			t.Errorf("Write of another project's hook program from %s: code %d: %s", cwd, code, stderr)
		}
	}
	if code, _, stderr, _ := runReal(t, realPolicy(t, ""), writePayload(t, proj, filepath.Join(other, "notes.md"))); code != 0 {
		t.Errorf("Write of another project's notes: code %d: %s", code, stderr)
	}
}

// TestProgramsCommandSettings: the programs agent A's command-valued
// settings (apiKeyHelper, otelHeadersHelper, a status line) and the MCP
// servers of its user state file run are write-protected. Both
// bash.match modes.
func TestProgramsCommandSettings(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{"tools/mcp.py": "x\n", "tools/other.py": "x\n"})
	writeFiles(t, homeDir, map[string]string{
		".agent_a/settings.json": `{"apiKeyHelper":"` + homeDir + `/tools/key.sh","otelHeadersHelper":"~/tools/otel.sh",` +
			`"awsAuthRefresh":"bash ~/tools/aws.sh","statusLine":{"type":"command","command":"` + homeDir + `/tools/status.sh"},` +
			`"someFutureHelper":"~/tools/future.sh --flag","permissions":{"allow":["Bash(./tools/perm.sh:*)"]}}`,
		".agent_a.json": `{"numStartups":3,"mcpServers":{"s":{"command":"bash","args":["` + homeDir + `/tools/srv.sh"]}},` +
			`"projects":{"` + proj + `":{"mcpServers":{"p":{"command":"python3","args":["tools/mcp.py"]}}}}}`,
		"tools/key.sh": "x\n", "tools/otel.sh": "x\n", "tools/aws.sh": "x\n", "tools/status.sh": "x\n",
		"tools/srv.sh": "x\n", "tools/future.sh": "x\n", "tools/free.sh": "x\n",
	})
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{"echo id >> ~/tools/key.sh", true},
			{"echo id >> ~/tools/otel.sh", true},
			{"echo id >> ~/tools/aws.sh", true},
			{"echo id >> ~/tools/status.sh", true},
			{"echo id >> ~/tools/srv.sh", true},
			{"echo id >> ~/tools/future.sh", true},
			{"echo 'import os' >> tools/mcp.py", true},
			{"echo id >> ~/tools/free.sh", false},
			{"echo x >> tools/other.py", true}, // the server script's import path
			{"echo x >> src/other.py", false},
			{"echo x >> tools/perm.sh", false},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: %q: blocked = %v, want %v: %s", mode, tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
}

// TestProgramsRunnerPackages: the code a hook entry's runner loads
// (npx's package and its .bin link, python -m's module in the venv's
// site-packages and its .pth files, uvx's cache) is write-protected; npm
// install and the project's own files are not. Both bash.match modes.
func TestProgramsRunnerPackages(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"type":"command","command":"npx prettier --check ."},` +
			`{"type":"command","command":".venv/bin/python -m black --check ."},{"type":"command","command":"uvx ruff check ."},` +
			`{"type":"command","command":"npx tsc --noEmit"}]}]}}`,
		"node_modules/prettier/index.js": "x\n", "node_modules/prettier/bin/prettier.cjs": "x\n",
		"node_modules/typescript/bin/tsc": "x\n", "node_modules/left-pad/index.js": "x\n",
		".venv/pyvenv.cfg": "home = /usr/bin\n", ".venv/bin/python": "x\n",
		".venv/lib/python3.11/site-packages/black/__init__.py":    "x\n",
		".venv/lib/python3.11/site-packages/requests/__init__.py": "x\n",
		"package.json": `{"devDependencies":{"prettier":"3"}}`, "src/app.js": "x\n",
	})
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	os.MkdirAll(filepath.Join(proj, "node_modules", ".bin"), 0o755)
	os.Symlink("../prettier/bin/prettier.cjs", filepath.Join(proj, "node_modules", ".bin", "prettier"))
	os.Symlink("../typescript/bin/tsc", filepath.Join(proj, "node_modules", ".bin", "tsc"))
	_ = homeDir
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{`echo 'require("child_process").execSync("id")' >> node_modules/prettier/index.js`, true},
			{"echo x >> node_modules/prettier/bin/prettier.cjs", true},
			{"echo x >> node_modules/.bin/prettier", true},
			{"echo x >> node_modules/typescript/bin/tsc", true},
			{"echo 'import os' >> .venv/lib/python3.11/site-packages/black/__init__.py", true},
			{"echo 'import os' >> .venv/lib/python3.11/site-packages/black/__main__.py", true},
			{"echo 'import os' > .venv/lib/python3.11/site-packages/evil.pth", true},
			{"mkdir -p ~/.cache/uv/archive-v0/x && echo x > ~/.cache/uv/archive-v0/x/ruff", true},
			{"echo x >> .venv/bin/python", true},
			{"rm -rf node_modules", true}, // a tree written whole meets the package (DECISIONS)
			{"npm install", false},
			{"npm ci", false},
			{".venv/bin/python -m pip install -U black", false},
			{"uv sync", false},
			{"git status && go build ./...", false},
			{"npm install left-pad", false},
			{"echo x >> node_modules/left-pad/index.js", false},
			{"echo x >> .venv/lib/python3.11/site-packages/requests/__init__.py", false},
			{"echo x >> src/app.js", false},
			{"prettier --write .", false},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: %q: blocked = %v, want %v: %s", mode, tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
}
