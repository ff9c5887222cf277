package policy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

func TestEntryPaths(t *testing.T) {
	const home, dir = "/home/u", "/home/u/proj"
	t.Setenv("PATH", t.TempDir()) // no bare program is found
	for _, tc := range []struct {
		cmd     string
		project bool
		want    []string
	}{
		{`"$AGENT_A_PROJECT_DIR"/.agent_a/hooks/fmt.sh`, true, []string{"/home/u/proj/.agent_a/hooks/fmt.sh"}},
		{`"$AGENT_A_PROJECT_DIR"/.agent_a/hooks/fmt.sh`, false, []string{"**/.agent_a/hooks/fmt.sh"}},
		{`${AGENT_B_PROJECT_DIR}/x.sh --flag`, true, []string{"/home/u/proj/x.sh"}},
		{`cd "$AGENT_A_PROJECT_DIR" && python3 tools/lint.py --fix`, true, []string{"/home/u/proj/tools/lint.py"}},
		{`~/bin/hook.sh; $HOME/h2.sh`, false, []string{"/home/u/bin/hook.sh", "/home/u/h2.sh"}},
		{`/opt/homebrew/bin/guard`, false, []string{"/opt/homebrew/bin/guard"}},
		{`node --require=/srv/pre.js ./s.js`, false, []string{"/srv/pre.js", "**/s.js"}},
		{`$OTHER/run`, false, []string{"**/run"}},
		{`$OTHER`, false, nil},
		{`x=$Y/z`, false, nil},
		{`'it''s'/a`, true, []string{"/home/u/proj/its/a"}},
		{`../up.sh`, true, nil},
		{`bash 'tools/h[1].sh'`, true, []string{"/home/u/proj/tools/h[[]1].sh"}},
		{`bash tools/*.sh`, false, []string{"**/tools/[*].sh", "**/tools/*.sh"}},
	} {
		got := entryPaths(tc.cmd, home, dir, tc.project)
		if !slices.Equal(got, tc.want) {
			t.Errorf("entryPaths(%q, project %v) = %q, want %q", tc.cmd, tc.project, got, tc.want)
		}
	}
}

func TestHookWordsFirst(t *testing.T) {
	got := hookWords(`A=1 B=$x guard hook | tee "a b" && c`)
	var first []string
	for _, w := range got {
		if w.first {
			first = append(first, w.text)
		}
	}
	if want := []string{"A=1", "B=$x", "guard", "tee", "c"}; !slices.Equal(first, want) {
		t.Errorf("first words %q, want %q", first, want)
	}
	if got[5].text != "a b" {
		t.Errorf("quoted word %q, want %q", got[5].text, "a b")
	}
}

// TestHookPrograms reads a user and a project hook file, bounded and
// tolerant of files it cannot decode.
func TestHookPrograms(t *testing.T) {
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "home", "proj")
	files := map[string]string{
		filepath.Join(home, ".agent_a", "settings.json"): `{"hooks":{"PreToolUse":[{"hooks":[{"command":"/opt/g/guard"}]}]}}`,
		filepath.Join(home, ".agent_c", "settings.json"): `{not json`,
		filepath.Join(proj, ".agent_b", "hooks.json"):    `{"hooks":{"beforeShellExecution":[{"command":"./hooks/b.sh"}]}}`,
		filepath.Join(proj, ".mcp.json"):                 `{"mcpServers":{"x":{"command":"python3","args":["srv/x.py","--port","1"]}}}`,
	}
	for f, text := range files {
		os.MkdirAll(filepath.Dir(f), 0o755)
		if err := os.WriteFile(f, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p := &Policy{Home: home}
	p.UseCwd(filepath.Join(proj, "src"))
	got, _ := p.hookPrograms()
	for _, want := range []string{"/opt/g/guard", filepath.ToSlash(filepath.Join(proj, "hooks", "b.sh")), filepath.ToSlash(filepath.Join(proj, "srv", "x.py"))} {
		if !slices.Contains(got, want) {
			t.Errorf("hookPrograms() = %q, lacks %q", got, want)
		}
	}
}

func FuzzHookWords(f *testing.F) {
	for _, s := range []string{`"$AGENT_A_PROJECT_DIR"/.agent_a/hooks/fmt.sh`, `a 'b c' "d`, `x=1 y && z | w; (v)`, "${A}/b", `--c=~/x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		ws := hookWords(cmd)
		n := 0
		for _, w := range ws {
			n += len(w.text)
		}
		if n > len(cmd) {
			t.Fatalf("%d bytes of words from %d", n, len(cmd))
		}
		for _, p := range entryPaths(cmd, "/h", "/p", true) {
			if p == "" {
				t.Fatal("empty path")
			}
		}
	})
}

// TestEntryLines: hook entries are their command; MCP servers their
// program and quoted arguments after their environment.
func TestEntryLines(t *testing.T) {
	for _, tc := range []struct {
		json string
		want []string
	}{
		{`{"hooks":{"Post":[{"hooks":[{"command":"make -C \"$AGENT_A_PROJECT_DIR\" check"}]}]}}`, []string{`make -C "$AGENT_A_PROJECT_DIR" check`}},
		{`{"mcpServers":{"a":{"command":"node","args":["server.js","it's"]}}}`, []string{`'node' 'server.js' 'it'\''s'`}},
		{`{"mcpServers":{"d":{"command":"node","args":["i.js"],"env":{"NODE_OPTIONS":"--require ./p.js","BAD-NAME":"x"}}}}`,
			[]string{`export NODE_OPTIONS='--require ./p.js'; 'node' 'i.js'`}},
		{`{"command":""}`, nil},
	} {
		var v any
		if err := json.Unmarshal([]byte(tc.json), &v); err != nil {
			t.Fatal(err)
		}
		if got := entryLines(v, 0, nil); !slices.Equal(got, tc.want) {
			t.Errorf("entryLines(%s) = %q, want %q", tc.json, got, tc.want)
		}
	}
}

func TestProjectVars(t *testing.T) {
	got := projectVars(`cd "$AGENT_A_PROJECT_DIR" && ${AGENT_B_PROJECT_DIR}/x $HOME $AGENT_A_PROJECT_DIR $ $`)
	if want := []string{"AGENT_A_PROJECT_DIR", "AGENT_B_PROJECT_DIR"}; !slices.Equal(got, want) {
		t.Errorf("projectVars = %q, want %q", got, want)
	}
}

func FuzzProjectVars(f *testing.F) {
	f.Add(`cd "$AGENT_A_PROJECT_DIR" && ${X_PROJECT_DIR`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range projectVars(s) {
			if !shellName(n) || !strings.HasSuffix(n, "PROJECT_DIR") {
				t.Fatalf("projectVars(%q) gave %q", s, n)
			}
		}
		if q := word.Quote(s); !strings.HasPrefix(q, "'") || !strings.HasSuffix(q, "'") {
			t.Fatalf("word.Quote(%q) = %q", s, q)
		}
	})
}

// TestCommandShaped: a setting under a key guard does not know is a
// command when it names a program or a file by path;
// words, ignore globs, URLs and permission-like rules are not.
func TestCommandShaped(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"/opt/x/helper.sh", true},
		{"~/bin/key --profile a", true},
		{"./tools/h.sh", true},
		{"$HOME/bin/x", true},
		{"bash tools/x.sh", true},
		{"node --require ./p.js", true},
		{"dark", false},
		{"claude-opus", false},
		{"dist/**", false},
		{"https://example.com/schema.json", false},
		{"A=1 b", false},
		{"see the docs", false},
		{"$VAR", false},
		{strings.Repeat("a/", maxShapedBytes), false},
	} {
		if got := commandShaped(tc.s); got != tc.want {
			t.Errorf("commandShaped(%.40q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestCommandStringsSettings: agent A's and agent C's command-valued
// settings are entries; permission rules stay data.
func TestCommandStringsSettings(t *testing.T) {
	var v any
	doc := `{"apiKeyHelper":"k","otelHeadersHelper":"o","awsAuthRefresh":"a","awsCredentialExport":"e",` +
		`"tools":{"discoveryCommand":"d","callCommand":"c"},"statusLine":{"type":"command","command":"s"},` +
		`"model":"opus","other":"~/x.sh","permissions":{"allow":["Bash(./p.sh:*)"]},"$schema":"./s.json"}`
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	got := commandStrings(v, "", 0, nil)
	slices.Sort(got)
	if want := []string{"a", "c", "d", "e", "k", "o", "s", "~/x.sh"}; !slices.Equal(got, want) {
		t.Errorf("commandStrings = %q, want %q", got, want)
	}
	lines := entryLines(v, 0, nil)
	slices.Sort(lines)
	if want := []string{"a", "c", "d", "e", "k", "o", "s", "~/x.sh"}; !slices.Equal(lines, want) {
		t.Errorf("entryLines = %q, want %q", lines, want)
	}
}

// TestEnvEntry: a settings "env" value is read by its variable's meaning,
// a bare relative path included.
func TestEnvEntry(t *testing.T) {
	for _, tc := range []struct{ name, v, want string }{
		{"BASH_ENV", "tools/benv.sh", "./tools/benv.sh"},
		{"ENV", "benv.sh", "./benv.sh"},
		{"BASH_ENV", ".benv", "./.benv"},
		{"BASH_ENV", "./tools/benv.sh", "./tools/benv.sh"},
		{"PYTHONSTARTUP", "/abs/s.py", "/abs/s.py"},
		{"ZDOTDIR", "zd/", "./zd/.zshenv ./zd/.zprofile ./zd/.zshrc ./zd/.zlogin ./zd/.zlogout"},
		{"GIT_SSH_COMMAND", "tools/gs.sh -v", "tools/gs.sh -v"},
		{"SVN_SSH", "sh evil.sh", "sh evil.sh"},
		{"MY_TOOL_COMMAND", "x.sh", "x.sh"},
		{"HOOK_FILE", "tools/h.sh", "./tools/h.sh"},
		{"HOOK_FILE", "tools/h.sh --x", "./tools/h.sh --x"},
		{"NODE_ENV", "production", ""},
		{"DOCS", "https://x.example/a/b", ""},
		{"GLOB", "dist/**", ""},
		{"PATHS", "a/b:c/d", ""},
		{"BASH_ENV", "", ""},
	} {
		if got := envEntry(tc.name, tc.v); got != tc.want {
			t.Errorf("envEntry(%q, %q) = %q, want %q", tc.name, tc.v, got, tc.want)
		}
	}
	var v any
	if err := json.Unmarshal([]byte(`{"env":{"BASH_ENV":"tools/benv.sh","LANG":"C"}}`), &v); err != nil {
		t.Fatal(err)
	}
	if got := commandStrings(v, "", 0, nil); !slices.Equal(got, []string{"./tools/benv.sh"}) {
		t.Errorf("commandStrings = %q", got)
	}
	if got := entryPaths("./tools/benv.sh", "/h", "/p", true); !slices.Contains(got, "/p/tools/benv.sh") {
		t.Errorf("entryPaths = %q, want /p/tools/benv.sh", got)
	}
}

// TestUserState reads the MCP servers of agent A's user state file, at
// the top and under a project.
func TestUserState(t *testing.T) {
	home := t.TempDir()
	doc := `{"history":[{"display":"\"mcpServers\" as text"}],"mcpServers":{"s":{"command":"bash","args":["` + home + `/srv.sh"]}},` +
		`"projects":{"/p":{"mcpServers":{"p":{"command":"python3","args":["tools/mcp.py"]}}},"/q":{"mcpServers":{}}}}`
	if err := os.WriteFile(filepath.Join(home, userStateFile), []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	p := &Policy{Home: home}
	got, _ := p.userState(home)
	for _, want := range []string{filepath.ToSlash(home) + "/srv.sh", "**/tools/mcp.py"} {
		if !slices.Contains(got, want) {
			t.Errorf("userState = %q, lacks %q", got, want)
		}
	}
}

// TestRunnerGlobs: the code a runner loads for a hook entry.
func TestRunnerGlobs(t *testing.T) {
	const home, dir = "/h", "/h/p"
	t.Setenv("PATH", t.TempDir())
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("UV_CACHE_DIR", "")
	for _, tc := range []struct {
		line string
		want []string // each must be among the globs
		none bool
	}{
		{"npx prettier --check .", []string{"/h/p/node_modules/prettier/**", "/h/p/node_modules/.bin/prettier", "/h/node_modules/prettier/**", "/h/.npm/_npx/**"}, false},
		{"npx --yes prettier@3 .", []string{"/h/p/node_modules/prettier/**"}, false},
		{"npx -p @scope/tool@1 tool", []string{"/h/p/node_modules/@scope/tool/**"}, false},
		{"pnpm exec eslint .", []string{"/h/p/node_modules/eslint/**"}, false},
		{"bunx biome check", []string{"/h/p/node_modules/biome/**"}, false},
		{"cd x && npm exec -- vitest run", []string{"/h/p/node_modules/vitest/**"}, false},
		{".venv/bin/python -m black --check .", []string{"/h/p/.venv/lib/python*/site-packages/black/**", "/h/p/.venv/lib/python*/site-packages/*.pth", "/h/.local/lib/python*/site-packages/black/**"}, false},
		{"/opt/py/bin/python3 -Im tools.fmt", []string{"/opt/py/lib/python*/site-packages/tools/**"}, false},
		{"uvx ruff check .", []string{"/h/.cache/uv/**", "/h/.local/share/uv/tools/**"}, false},
		{"pipx run black .", []string{"/h/.local/share/pipx/**"}, false},
		{"uv run python -m pytest", []string{"/h/p/.venv/lib/python*/site-packages/pytest/**"}, false},
		{"npx ../evil", nil, true},
		{"make check", nil, true},
		{"npm run lint", nil, true},
	} {
		got := runnerGlobs(tc.line, home, dir)
		if tc.none && len(got) != 0 {
			t.Errorf("runnerGlobs(%q) = %q, want none", tc.line, got)
		}
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("runnerGlobs(%q) = %q, lacks %q", tc.line, got, w)
			}
		}
	}
}

func FuzzRunnerGlobs(f *testing.F) {
	for _, s := range []string{"npx -p @a/b@1 c", "python3 -Im x.y", "uv run -- python -m z", "pnpm dlx", "npx -p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, g := range runnerGlobs(line, "/h", "/h/p") {
			if !strings.HasPrefix(g, "/") || strings.Contains(g, "/../") {
				t.Fatalf("runnerGlobs(%q) gave %q", line, g)
			}
		}
		commandShaped(line)
	})
}

// TestProjectGlobs: a written path meets the hook files of the projects
// above it that the call's own lookup did not read.
func TestProjectGlobs(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	other := filepath.Join(home, "other")
	os.MkdirAll(filepath.Join(other, ".agent_a"), 0o755)
	os.MkdirAll(filepath.Join(other, "vendor", "lib", ".git"), 0o755)
	os.WriteFile(filepath.Join(other, ".agent_a", "settings.json"), []byte(`{"hooks":{"Post":[{"hooks":[{"command":"bash tools/h.sh"}]}]}}`), 0o600)
	want := filepath.ToSlash(filepath.Join(other, "tools", "h.sh"))
	p := &Policy{Home: home}
	p.UseCwd(filepath.Join(home, "proj")) // another project
	for _, q := range []string{filepath.Join(other, "tools", "h.sh"), filepath.Join(other, "vendor", "lib", "src", "a.c"), other} {
		got, err := p.projectGlobs(q)
		if err != nil || !slices.Contains(got, want) {
			t.Errorf("projectGlobs(%s) = %q, %v; lacks %s", q, got, err, want)
		}
	}
	nested := &Policy{Home: home} // the parent's entries are read with the cwd's
	nested.UseCwd(filepath.Join(other, "vendor", "lib"))
	if got, _ := nested.hookPrograms(); !slices.Contains(got, want) {
		t.Errorf("hookPrograms from a nested repository = %q, lacks %s", got, want)
	}
	if got, _ := nested.projectGlobs(filepath.Join(other, "vendor", "lib", "src", "a.c")); len(got) != 0 {
		t.Errorf("projectGlobs in the cwd's own project = %q, want none (read by hookPrograms)", got)
	}
}

// BenchmarkProjectGlobs measures the look-up of a written path's projects:
// a path two directories below the cwd's repository, in
// a repository three directories below the home, no hook files.
func BenchmarkProjectGlobs(b *testing.B) {
	home := b.TempDir()
	work := filepath.Join(home, "src", "github.com", "acme", "w")
	os.MkdirAll(filepath.Join(work, ".git"), 0o755)
	os.MkdirAll(filepath.Join(work, "internal", "pkg"), 0o755)
	for _, lookup := range []bool{false, true} {
		b.Run(map[bool]string{false: "programs", true: "programs+path"}[lookup], func(b *testing.B) {
			for b.Loop() {
				p := &Policy{Home: home}
				p.UseCwd(work)
				p.cache.mu.Lock()
				p.programs()
				p.cache.mu.Unlock()
				if lookup {
					p.projectGlobs(filepath.Join(work, "internal", "pkg", "a.go"))
				}
			}
		})
	}
}

// TestEntryDirPath: an entry directory is expanded as the clients expand
// it; a variable guard does not know is "".
func TestEntryDirPath(t *testing.T) {
	const home, dir = "/home/u", "/home/u/w"
	for _, tc := range []struct{ d, want string }{
		{"$HOME/w/s4", "/home/u/w/s4"},
		{"${HOME}/x", "/home/u/x"},
		{"~/w/s6", "/home/u/w/s6"},
		{"${workspaceFolder}/s5", "/home/u/w/s5"},
		{"${userHome}/y", "/home/u/y"},
		{"./srvdir", "/home/u/w/srvdir"},
		{"$SOMEWHERE/s7", ""},
		{"${env:X}/s", ""},
	} {
		if got := entryDirPath(tc.d, home, dir); got != tc.want {
			t.Errorf("entryDirPath(%q) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestNodeRequires: a Node script's relative and bare requires.
func TestNodeRequires(t *testing.T) {
	f := filepath.Join(t.TempDir(), "t.js")
	os.WriteFile(f, []byte("require('./h');\nimport x from \"@s/p/sub\";\nimport('lodash/fp');\nrequire('node:fs');\nrequire(name);\n"), 0o600)
	rel, names := nodeRequires(f)
	if want := []string{"./h"}; !slices.Equal(rel, want) {
		t.Errorf("relative %q, want %q", rel, want)
	}
	if want := []string{"@s/p", "lodash"}; !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
}

// TestEnvPlaces: every settings env value is read by its shape:
// search-path lists, option values, unknown variables' paths.
func TestEnvPlaces(t *testing.T) {
	for _, tc := range []struct {
		name, v string
		want    []string // globs for project /p
		known   bool
	}{
		{"PATH", "bin:/usr/bin:/bin", []string{"/p/bin", "/p/bin/*", "/usr/bin", "/usr/bin/*", "/bin", "/bin/*"}, true},
		{"PATH", "./node_modules/.bin:$PATH", []string{"/p/node_modules/.bin", "/p/node_modules/.bin/*"}, true},
		{"PATH", ".:", []string{"/p", "/p/*", "/p", "/p/*"}, true},
		{"LD_LIBRARY_PATH", "lib", []string{"/p/lib", "/p/lib/**"}, true},
		{"NODE_PATH", "/h/r/lib:lib2", []string{"/h/r/lib", "/h/r/lib/**", "/p/lib2", "/p/lib2/**"}, true},
		{"PERL5OPT", "-Mlib=lib -MEvil", []string{"/p/lib", "/p/lib/**", "/p/lib.*", "/p/lib=lib", "/p/lib=lib/**", "/p/lib=lib.*", "/p/Evil", "/p/Evil/**", "/p/Evil.*"}, true},
		{"RUBYOPT", "-rtools/e", []string{"/p/tools/e", "/p/tools/e/**", "/p/tools/e.*"}, true},
		{"NODE_OPTIONS", "--require x.js", []string{"/p/x.js", "/p/x.js/**", "/p/x.js.*"}, true},
		{"NODE_OPTIONS", "--max-old-space-size=4096", []string{"/p/4096", "/p/4096/**", "/p/4096.*"}, true},
		{"JAVA_TOOL_OPTIONS", "-javaagent:agent.jar", []string{"/p/agent.jar", "/p/agent.jar/**", "/p/agent.jar.*"}, true},
		{"HOOK_DIRS", "a/b:c/d", []string{"/p/a/b", "/p/a/b/**", "/p/c/d", "/p/c/d/**"}, true},
		{"PYTHONPATH", "$HOME/lib", []string{"/h/lib", "/h/lib/**"}, true},
		{"PYTHONPATH", "$VENV/lib", nil, false},
		{"PATH", "$NVM_BIN:/bin", []string{"/bin", "/bin/*"}, false},
		{"NODE_ENV", "production", nil, true},
		{"TMPDIR", "/tmp/x", nil, true},
		{"DOCS", "https://x.example/a/b", nil, true},
		{"HOST", "localhost:8080", nil, true},
		// A URL part is skipped, not the value.
		{"PATH", "bin:/usr/bin:http://x", []string{"/p/bin", "/p/bin/*", "/usr/bin", "/usr/bin/*", "/p/http", "/p/http/*", "/x", "/x/*"}, true},
		{"NODE_OPTIONS", "--require ./tools/x.js --inspect-publish-uid=http://a", []string{"/p/tools/x.js", "/p/tools/x.js/**", "/p/tools/x.js.*"}, true},
		{"NODE_OPTIONS", "--require ./tools/x.js http://a", []string{"/p/tools/x.js", "/p/tools/x.js/**", "/p/tools/x.js.*"}, true},
		{"DATABASE_URL", "postgres://u@db/x", nil, true},
		{"API_URL", "https://api.example.com:8443/v1", nil, true},
	} {
		places, known := envPlaces(tc.name, tc.v)
		got := placeGlobs(places, "/h", "/p", true)
		if known != tc.known || !slices.Equal(got, tc.want) {
			t.Errorf("envPlaces(%q, %q) = %q, %v; want %q, %v", tc.name, tc.v, got, known, tc.want, tc.known)
		}
	}
	// a user's relative element is anywhere (**/rest)
	places, _ := envPlaces("LD_LIBRARY_PATH", "lib")
	if got := placeGlobs(places, "/h", "/h", false); !slices.Equal(got, []string{"**/lib", "**/lib/**"}) {
		t.Errorf("user's LD_LIBRARY_PATH lib = %q", got)
	}
}
