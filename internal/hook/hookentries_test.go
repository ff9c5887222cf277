package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// hookCase is one command of a hook-programs test: run in cwd, blocked or not.
type hookCase struct {
	cwd, cmd string
	block    bool
}

// runHookCases runs each case in both bash.match modes.
func runHookCases(t *testing.T, cases []hookCase) {
	t.Helper()
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range cases {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, tc.cwd, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: cwd %s: %q: blocked = %v, want %v: %s", mode, filepath.Base(tc.cwd), tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
}

// TestProgramsCommentedHookFiles: a hook file with comments (agent C's
// settings allow them) is read as its client reads it; one guard cannot
// read at all protects its directory whole, with a reason that says so.
func TestProgramsCommentedHookFiles(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{"README.md": "x\n"})
	root := filepath.Dir(proj)
	other, broken := filepath.Join(root, "other"), filepath.Join(root, "broken")
	writeFiles(t, homeDir, map[string]string{
		".agent_c/settings.json": "{ /* user hooks */ \"hooks\":{\"BeforeTool\":[{\"matcher\":\"*\",\"hooks\":[{\"type\":\"command\",\"command\":\"bash ~/tools/uc.sh\"}]}]},\n" +
			"\"tools\":{\"discoveryCommand\":\"bash ~/tools/disc.sh\"}, }",
		"tools/uc.sh": "x\n", "tools/disc.sh": "x\n", "tools/free.sh": "x\n",
	})
	writeFiles(t, other, map[string]string{
		".agent_c/settings.json": "// project hooks\n{\"hooks\":{\"AfterTool\":[{\"hooks\":[{\"command\":\"bash tools/c.sh\"}]}]}}",
		"tools/c.sh":             "x\n", "notes.md": "x\n",
	})
	writeFiles(t, broken, map[string]string{
		".agent_a/settings.json": `{"hooks": {"PostToolUse": [ {"command": "bash tools/b.sh"`,
		"tools/b.sh":             "x\n", "notes.md": "x\n",
	})
	for _, d := range []string{other, broken, proj} {
		os.Mkdir(filepath.Join(d, ".git"), 0o755)
	}
	runHookCases(t, []hookCase{
		{proj, "echo id >> ~/tools/uc.sh", true},
		{proj, "echo id >> ~/tools/disc.sh", true},
		{other, "echo id >> tools/c.sh", true},
		{proj, "echo id >> ../other/tools/c.sh", true},
		{broken, "echo id >> tools/b.sh", true},
		{broken, "echo x >> notes.md", true},
		{proj, "echo x >> ../broken/anything.txt", true},
		{proj, "echo id >> ~/tools/free.sh", false},
		{other, "echo x >> notes.md", false},
		{proj, "echo x >> ../other/notes.md", false},
		{proj, "echo x >> README.md", false},
	})
	code, _, stderr, _ := runReal(t, realPolicy(t, ""), bashPayload(t, proj, "echo x >> ../broken/notes.md"))
	if code != 2 || !strings.Contains(stderr, "hook file guard cannot read") {
		t.Errorf("write beside an unreadable hook file: code %d: %s", code, stderr)
	}
}

// TestProgramsGlobCharacters: another project's hook program whose name
// holds a glob character is protected as that literal name, not dropped;
// its neighbours stay writable.
func TestProgramsGlobCharacters(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"README.md": "x\n"})
	other := filepath.Join(filepath.Dir(proj), "other")
	writeFiles(t, other, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"command":"bash tools/h.sh"},` +
			`{"command":"bash 'tools/h[1].sh'"},{"command":"bash 'tools/{b}.sh'"},{"command":"bash 'tools/s*.sh'"},{"command":"bash tools/g*.sh"}]}]}}`,
		"tools/h.sh": "x\n", "tools/h[1].sh": "x\n", "tools/{b}.sh": "x\n", "tools/s*.sh": "x\n",
		"tools/h1.sh": "x\n", "tools/sx.sh": "x\n",
	})
	os.Mkdir(filepath.Join(other, ".git"), 0o755)
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	runHookCases(t, []hookCase{
		{proj, "echo id >> '../other/tools/h[1].sh'", true},
		{proj, "echo id >> '../other/tools/{b}.sh'", true},
		{proj, "echo id >> '../other/tools/s*.sh'", true},
		{proj, "echo id >> ../other/tools/h.sh", true},
		{other, "echo id >> 'tools/h[1].sh'", true},
		{other, "echo id >> 'tools/{b}.sh'", true},
		{proj, "echo x >> ../other/tools/gx.sh", true}, // an unquoted pattern: what it expands to
		{other, "echo x >> tools/gx.sh", true},
		{proj, "echo x >> ../other/tools/h1.sh", false},
		{proj, "echo x >> ../other/tools/sx.sh", false},
		{other, "echo x >> tools/sx.sh", false},
	})
}

// TestProgramsTasks: a hook entry that runs a project task protects the
// code the task runs (package.json's script line analysed as an entry, go
// run's package, cargo's crate, pre-commit's configuration and its local
// hooks); the project's other files stay writable. Both bash.match modes.
func TestProgramsTasks(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"command":"yarn lint"},{"command":"npm test"},` +
			`{"command":"pnpm run fmt"},{"command":"cargo run"},{"command":"go run ./cmd/hk"},{"command":"pre-commit run --all-files"}]}]}}`,
		"package.json":  `{"scripts":{"lint":"node tools/lint.js","test":"node tools/t.js","prefmt":"bash tools/pre.sh","fmt":"npm run deep","deep":"python3 tools/deep.py"}}`,
		"tools/lint.js": "x\n", "tools/t.js": "x\n", "tools/pre.sh": "x\n", "tools/deep.py": "x\n",
		"Cargo.toml": "[package]\nname='x'\n", "src/main.rs": "fn main(){}\n",
		"cmd/hk/main.go": "package main\n", "go.mod": "module x\n", "cmd/other/main.go": "package main\n",
		".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: pc\n    name: pc\n    entry: bash tools/pc.sh\n    language: system\n",
		"tools/pc.sh":             "x\n", "docs/guide.md": "x\n", "tools/free.js": "x\n",
	})
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	runHookCases(t, []hookCase{
		{proj, "echo x >> tools/lint.js", true},
		{proj, "echo x >> tools/t.js", true},
		{proj, "echo x >> tools/pre.sh", true},
		{proj, "echo x >> tools/deep.py", true},
		{proj, "echo x >> src/main.rs", true},
		{proj, "echo x > build.rs", true},
		{proj, "echo x >> Cargo.toml", true},
		{proj, "echo x >> cmd/hk/main.go", true},
		{proj, "echo x > cmd/hk/extra.go", true},
		{proj, "echo x >> go.mod", true},
		{proj, "echo x >> .pre-commit-config.yaml", true},
		{proj, "echo x >> tools/pc.sh", true},
		{proj, "echo x >> docs/guide.md", false},
		{proj, "echo x >> tools/free.js", false},
		{proj, "echo x >> cmd/other/main.go", false},
		{proj, "go test ./... && cargo build", false},
	})
}

// TestProgramsImportSearch: a Python hook script's directory is its first
// import path (a new json.py, a package, an extension module, a cached
// module take over its imports), a Node hook script's nearer node_modules
// shadow its package's. Both bash.match modes.
func TestProgramsImportSearch(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"command":"python3 tools/hook.py"},{"command":"node scripts/n.js"}]}]}}`,
		"tools/hook.py":          "import json, helper\n", "tools/helper.py": "x\n",
		"scripts/n.js": "require('left-pad')\n", "package.json": "{}\n",
		"node_modules/left-pad/index.js": "x\n", "src/app.py": "x\n",
	})
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	runHookCases(t, []hookCase{
		{proj, "echo x > tools/json.py", true},
		{proj, "mkdir -p tools/helper && echo x > tools/helper/__init__.py", true},
		{proj, "echo x > tools/helper.cpython-311-x86_64-linux-gnu.so", true},
		{proj, "mkdir -p tools/__pycache__ && echo x > tools/__pycache__/helper.cpython-311.pyc", true},
		{proj, "mkdir -p scripts/node_modules/left-pad && echo x > scripts/node_modules/left-pad/index.js", true},
		{proj, "echo x >> src/app.py", false},
		{proj, "echo x > tools/notes.md", false},
		{proj, "npm install left-pad", false},
	})
}

// TestProgramsServerCwd: an MCP server's cwd is the directory its
// relative words resolve in. Both bash.match modes.
func TestProgramsServerCwd(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".agent_c/settings.json": `{"mcpServers":{"a":{"command":"python3","args":["srv.py"],"cwd":"./srvdir"},` +
			`"b":{"command":"bash","args":["run.sh"],"cwd":"ops"}}}`,
		"srvdir/srv.py": "x\n", "ops/run.sh": "x\n", "srv.py": "x\n", "notes.md": "x\n",
	})
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	runHookCases(t, []hookCase{
		{proj, "echo x >> srvdir/srv.py", true},
		{proj, "echo x > srvdir/json.py", true},
		{proj, "echo x >> ops/run.sh", true},
		{proj, "echo x >> notes.md", false},
	})
}

// TestProgramsLocalPlugins: the hook files of a plugin of a local
// directory marketplace (named by a project's settings or the client's
// record of known marketplaces) and of an extension agent C links, and
// the programs their entries run, are write-protected; the plugin's other
// files are not. Both bash.match modes.
func TestProgramsLocalPlugins(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{"README.md": "x\n"})
	other := filepath.Join(filepath.Dir(proj), "other")
	ext := filepath.Join(filepath.Dir(proj), "extdev")
	mkt2 := filepath.Join(filepath.Dir(proj), "mkt2")
	writeFiles(t, other, map[string]string{
		".agent_a/settings.json":                       `{"extraKnownMarketplaces":{"dev":{"source":{"source":"directory","path":"./plugins-dev"}}},"enabledPlugins":{"p@dev":true}}`,
		"plugins-dev/.agent_a-plugin/marketplace.json": `{"name":"dev","plugins":[{"name":"p","source":"./p"}]}`,
		"plugins-dev/p/hooks/hooks.json":               `{"hooks":{"PostToolUse":[{"hooks":[{"type":"command","command":"${AGENT_A_PLUGIN_ROOT}/scripts/x.sh"}]}]}}`,
		"plugins-dev/p/scripts/x.sh":                   "x\n", "plugins-dev/p/README.md": "x\n",
	})
	writeFiles(t, mkt2, map[string]string{
		"q/.agent_a-plugin/plugin.json": `{"name":"q","mcpServers":{"s":{"command":"node","args":["${AGENT_A_PLUGIN_ROOT}/srv/s.js"]}}}`,
		"q/srv/s.js":                    "x\n",
	})
	writeFiles(t, ext, map[string]string{
		"agent_c-extension.json": `{"name":"e","mcpServers":{"s":{"command":"python3","args":["${extensionPath}/srv.py"]}}}`,
		"hooks/hooks.json":       `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"bash ${extensionPath}/h.sh"}]}]}}`,
		"srv.py":                 "x\n", "h.sh": "x\n", "notes.md": "x\n",
	})
	writeFiles(t, homeDir, map[string]string{
		".agent_c/extensions/e/.agent_c-extension-install.json": `{"source":"` + ext + `","type":"link"}`,
		".agent_a/plugins/known_marketplaces.json":              `{"m2":{"source":{"source":"directory","path":"` + mkt2 + `"}}}`,
	})
	for _, d := range []string{other, proj} {
		os.Mkdir(filepath.Join(d, ".git"), 0o755)
	}
	runHookCases(t, []hookCase{
		{other, "echo id >> plugins-dev/p/scripts/x.sh", true},
		{other, "echo x > plugins-dev/p/hooks/hooks.json", true},
		{other, "echo x > plugins-dev/.agent_a-plugin/marketplace.json", true},
		{proj, "echo id >> ../other/plugins-dev/p/scripts/x.sh", true},
		{proj, "echo id >> ../mkt2/q/srv/s.js", true},
		{proj, "echo x > ../mkt2/q/.agent_a-plugin/plugin.json", true},
		{proj, "echo id >> ../extdev/h.sh", true},
		{proj, "echo id >> ../extdev/srv.py", true},
		{proj, "echo x > ../extdev/hooks/hooks.json", true},
		{proj, "echo x > ../extdev/agent_c-extension.json", true},
		{other, "echo x >> plugins-dev/p/README.md", false},
		{proj, "echo x >> ../extdev/notes.md", false},
		{proj, "echo x >> README.md", false},
	})
}

// TestProgramsEntryDirs: a hook entry's commands run in the directory the
// line has entered (cd, pushd, a subshell's cd, env -C, make -C), and a
// name spelled with the shell's escapes, braces, ~+ or $(pwd) is the file
// the shell runs. Both bash.match modes.
func TestProgramsEntryDirs(t *testing.T) {
	entries := []string{`cd tools && bash o.sh`, `cd \"$AGENT_A_PROJECT_DIR/tools\" && ./o2.sh`,
		`pushd tools >/dev/null && node o4.js`, `(cd tools && ./o5.sh)`, `env -C tools ./o6.sh`, `make -C tools lint`,
		`bash tools/d\\[1\\].sh`, `bash tools/h\\*.sh`, `bash tools/{f,g}.sh`, `bash ~+/tools/k.sh`, `bash $(pwd)/tools/m.sh`,
		`bash tools/a*.sh`, `bash \"tools/b c.sh\"`}
	want := []string{"o.sh", "o2.sh", "o4.js", "o5.sh", "o6.sh", "o7.sh", "d[1].sh", "h*.sh", "f.sh", "k.sh", "m.sh", "a1.sh", "b c.sh"}
	for i, e := range entries {
		t.Run(want[i], func(t *testing.T) { entryDirCase(t, e, want[i]) })
	}
}

// entryDirCase checks that hook entry e protects tools/prog and not its
// neighbours.
func entryDirCase(t *testing.T, e, prog string) {
	files := map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"command":"` + e + `"}]}]}}`,
		"tools/Makefile":         "lint:\n\tbash o7.sh\n", "notes.md": "x\n", "tools/free.txt": "x\n",
	}
	for _, f := range []string{"a1.sh", "hx.sh"} { // the programs are absent: the agent would create them
		files["tools/"+f] = "x\n"
	}
	_, proj := scriptWorld(t, files)
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	var cases []hookCase
	cases = append(cases, hookCase{proj, "echo x >> 'tools/" + prog + "'", true})
	cases = append(cases, hookCase{proj, "echo x >> notes.md", false}, hookCase{proj, "echo x >> tools/hx.sh", false})
	runHookCases(t, cases)
}

// TestProgramsNodeSearch: a Node hook script's bare require is searched
// in every node_modules up to the root (and the home's), its relative
// one as the exact name first; other packages stay writable. Both
// bash.match modes.
func TestProgramsNodeSearch(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"command":"npm test"}]}]}}`,
		"package.json":           `{"scripts":{"test":"node tools/t.js"}}`,
		"tools/t.js":             "const h = require('./helper');\nimport('@s/pkg/sub');\nrequire(\"lodash\");\nrequire('node:fs');\n",
		"tools/helper.js":        "x\n", "src/app.js": "x\n",
	})
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	runHookCases(t, []hookCase{
		{proj, "mkdir -p node_modules/lodash && echo x > node_modules/lodash/index.js", true},
		{proj, "echo x > node_modules/lodash.js", true},
		{proj, "mkdir -p ../node_modules/lodash && echo x > ../node_modules/lodash/index.js", true},
		{proj, "mkdir -p node_modules/@s/pkg && echo x > node_modules/@s/pkg/index.js", true},
		{proj, "mkdir -p ~/.node_modules/lodash && echo x > ~/.node_modules/lodash/index.js", true},
		{proj, "echo x > tools/helper", true},
		{proj, "echo x >> tools/helper.js", true},
		{proj, "mkdir -p tools/node_modules/lodash && echo x > tools/node_modules/lodash/index.js", true},
		{proj, "mkdir -p node_modules/other && echo x > node_modules/other/index.js", false},
		{proj, "echo x >> src/app.js", false},
		{proj, "npm install left-pad", false},
	})
}

// TestProgramsServerCwdVars: an MCP server's cwd spelled with $HOME, ~
// or ${workspaceFolder} is expanded as the client expands it; one with
// a variable guard does not know protects the server's relative words
// anywhere under the project; agent B's envFile is protected. Both
// bash.match modes.
func TestProgramsServerCwdVars(t *testing.T) {
	homeDir, _ := scriptWorld(t, nil)
	w := filepath.Join(homeDir, "w")
	writeFiles(t, w, map[string]string{
		".agent_c/settings.json": `{"mcpServers":{"e":{"command":"node","args":["srv4.js"],"cwd":"$HOME/w/s4"},` +
			`"f":{"command":"node","args":["srv5.js"],"cwd":"${workspaceFolder}/s5"},"g":{"command":"node","args":["srv6.js"],"cwd":"~/w/s6"},` +
			`"h":{"command":"node","args":["lib/srv7.js"],"cwd":"$SOMEWHERE/s7"}}}`,
		".agent_b/mcp.json": `{"mcpServers":{"bd":{"command":"python3","args":["tools/bd.py"],"envFile":"tools/.env.srv"}}}`,
		"s4/srv4.js":        "x\n", "s5/srv5.js": "x\n", "s6/srv6.js": "x\n", "notes.md": "x\n", "s4/notes.md": "x\n",
		"tools/bd.py": "x\n",
	})
	os.Mkdir(filepath.Join(w, ".git"), 0o755)
	runHookCases(t, []hookCase{
		{w, "echo x >> s4/srv4.js", true},
		{w, "echo x >> s5/srv5.js", true},
		{w, "echo x >> s6/srv6.js", true},
		{w, "mkdir -p x/lib && echo x > x/lib/srv7.js", true},
		{w, "echo x > tools/.env.srv", true},
		{w, "echo x >> notes.md", false},
		{w, "echo x >> s4/notes.md", false},
	})
}

// TestProgramsPluginManifestFiles: the hook and server files a plugin
// manifest names are read as hook files, and a plugin whose
// marketplace source is an absolute path is read. Both bash.match
// modes.
func TestProgramsPluginManifestFiles(t *testing.T) {
	homeDir, _ := scriptWorld(t, nil)
	v := filepath.Join(homeDir, "v")
	writeFiles(t, v, map[string]string{
		".agent_a/settings.json":               `{"extraKnownMarketplaces":{"dev":{"source":{"source":"directory","path":"./mkt"}}},"enabledPlugins":{"p@dev":true,"q@dev":true}}`,
		"mkt/.agent_a-plugin/marketplace.json": `{"name":"dev","plugins":[{"name":"p","source":"./p"},{"name":"q","source":"` + filepath.Join(v, "q") + `"}]}`,
		"mkt/p/.agent_a-plugin/plugin.json":    `{"name":"p","hooks":"./config/hooks.json","mcpServers":"./config/mcp.json"}`,
		"mkt/p/config/hooks.json":              `{"hooks":{"PostToolUse":[{"hooks":[{"type":"command","command":"${AGENT_A_PLUGIN_ROOT}/scripts/c.sh"}]}]}}`,
		"mkt/p/config/mcp.json":                `{"mcpServers":{"m":{"command":"${AGENT_A_PLUGIN_ROOT}/scripts/m.sh"}}}`,
		"q/hooks/hooks.json":                   `{"hooks":{"PostToolUse":[{"hooks":[{"type":"command","command":"${AGENT_A_PLUGIN_ROOT}/scripts/q.sh"}]}]}}`,
		"mkt/p/scripts/c.sh":                   "x\n", "mkt/p/scripts/m.sh": "x\n", "q/scripts/q.sh": "x\n",
		"mkt/p/README.md": "x\n", "q/README.md": "x\n",
	})
	os.Mkdir(filepath.Join(v, ".git"), 0o755)
	runHookCases(t, []hookCase{
		{v, "echo x >> mkt/p/scripts/c.sh", true},
		{v, "echo x >> mkt/p/scripts/m.sh", true},
		{v, "echo x >> q/scripts/q.sh", true},
		{v, "echo x >> q/hooks/hooks.json", true},
		{v, "echo x >> mkt/p/config/hooks.json", true},
		{v, "echo x >> mkt/p/README.md", false},
		{v, "echo x >> q/README.md", false},
	})
}
