package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// filterWorld is a committed project whose app/settings.py holds a token
// on a line with TODO, beside a .env (ignored) and Go sources with TODO.
func filterWorld(t *testing.T) string {
	t.Helper()
	tok := "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
	proj, git := gitWorld(t, map[string]string{
		"app/settings.py":  "import os\nGITHUB_TOKEN = \"" + tok + "\"  # TODO rotate\n",
		"src/main.go":      "package main\n\n// TODO fix\n",
		"src/main_test.go": "package main\n\n// TODO test\n",
		".env":             "X_KEY=" + tok + "\n",
		".gitignore":       ".env\n",
	})
	git("add", "-A")
	git("commit", "-qm", "one")
	return proj
}

// TestSearchFilters: a tree search's own filters (grep --include,
// --exclude, --exclude-dir; rg -g, --iglob, -t, -T; git grep's exclude
// pathspecs) narrow the tree secret scan for agent B, whose results guard
// cannot redact; the same search without the filter, or a filter that
// does not skip the file, still blocks; a filter guard does not read
// (brackets, --exclude-from, a cd before the search) narrows nothing.
func TestSearchFilters(t *testing.T) {
	proj := filterWorld(t)
	p := realPolicy(t, "")
	for _, c := range []struct {
		cmd   string
		block bool
	}{
		{"grep -rn TODO .", true},
		{"grep -rn TODO --exclude=settings.py .", false},
		{"grep -rn TODO --exclude-dir=app .", false},
		{"grep -rn TODO --exclude='*.py' .", false},
		{"grep -rn TODO --include='*.go' .", false},
		{"grep -rn --include=*.go TODO .", false},
		{"grep -rn TODO --exclude='*_test.go' .", true},
		{"grep -rn TODO --exclude=main.go .", true},
		{"grep -rn TODO --exclude-dir=src .", true},
		{"grep -rn TODO --exclude='*.py' --include='*.py' .", true}, // the last match wins
		{"grep -rn TODO --exclude='settings.p[y]' .", true},         // brackets: not read
		{"grep -rn TODO --exclude-from=ex.txt .", true},
		{"grep -rn TODO --exclude-dir=app . app", true}, // app is an operand: not skipped
		{"cd app && grep -rn TODO --exclude-dir=app .", true},
		{"grep -rn X_KEY --exclude=.env .", false},
		// A root spelled other than as its clean path, or through a link:
		// the tool matches its filters against paths guard's walk does not
		// make, so they narrow nothing.
		{"grep -rn TODO --exclude=settings.py src/..", true},
		{"grep -rn TODO --exclude=settings.py ./", true},
		{"grep -rn TODO --exclude=settings.py ./.", true},
		{"grep -rn TODO --exclude=settings.py ./src", false},
		{"rg -n TODO -g '!/app' .//", true},
		{"rg -n TODO -g '!/app' .", false},
		{"grep -rn X_KEY .", true},
		{"rg -n TODO", true},
		{"rg -n TODO -g '!settings.py'", false},
		{"rg -n TODO --glob '!**/settings.py'", false},
		{"rg -n TODO -g '!app/settings.py'", false},
		{"rg -n TODO -g '!app'", false},
		{"rg -n TODO --iglob '!SETTINGS.PY'", false},
		{"rg -n TODO -g '*.go'", false},
		{"rg -n TODO -g '!*_test.go'", true},
		{"rg -n TODO -g '!settings.py' -g 'settings.py'", true}, // the last match wins
		{"rg -n TODO -g '!app/settings.py' app", true},          // anchored at the working directory: not read
		{"rg -n TODO --type-not py", false},
		{"rg -n TODO -t go", false},
		{"rg -n TODO -T go", true},
		{"rg -n TODO -t go --type-add 'go:*.py'", true},
		{"rg -n TODO -t py", true},
		{"git grep -n TODO", true},
		{"git grep -n TODO -- '*.go'", false},
		{"git grep -n TODO -- ':!app/settings.py'", false},
		{"git grep -n TODO -- ':(exclude)app/settings.py'", false},
		{"git grep -n TODO -- ':^app'", false},
		{"git grep -n TODO -- '*.py' ':!app/settings.py'", false},
		{"git grep -n TODO -- ':!src'", true},
		{"git grep -n TODO -- ':(icase,exclude)app/settings.py'", true}, // magic guard does not match
		{"git -C app grep -n TODO -- ':!app/settings.py'", true},
	} {
		b, _ := json.Marshal(map[string]any{"hookEventName": "beforeShellExecution", "command": c.cmd, "cwd": proj})
		code, _, stderr, _ := runReal(t, p, string(b))
		if blocked := code == 2; blocked != c.block {
			t.Errorf("%s: blocked = %v, want %v: %s", c.cmd, blocked, c.block, stderr)
		}
	}
}

// TestGrepToolFilters: agents A's and B's Grep tool is read as the rg it
// runs: the tree secret scan with its pattern, output mode, glob and type
// (B blocks only where a line it prints holds a secret, or .env's line
// matches), and a protected path still blocks.
func TestGrepToolFilters(t *testing.T) {
	proj := filterWorld(t)
	home := filepath.Join(filepath.Dir(proj), "home")
	p := realPolicy(t, "")
	for _, c := range []struct {
		input  map[string]any
		blockB bool
		blockA bool
	}{
		{map[string]any{"pattern": "TODO", "path": proj, "output_mode": "content"}, true, false},
		{map[string]any{"pattern": "TODO", "path": proj}, true, false}, // no mode: content
		{map[string]any{"pattern": "TODO", "output_mode": "files_with_matches"}, false, false},
		{map[string]any{"pattern": "TODO", "output_mode": "count"}, false, false},
		{map[string]any{"pattern": "TODO", "output_mode": "content", "glob": "*.go"}, false, false},
		{map[string]any{"pattern": "TODO", "output_mode": "content", "glob": "!settings.py"}, false, false},
		{map[string]any{"pattern": "TODO", "output_mode": "content", "type": "go"}, false, false},
		{map[string]any{"pattern": "TODO", "output_mode": "content", "-i": true, "-C": 2, "type": "go"}, false, false},
		{map[string]any{"pattern": "DEBUG", "output_mode": "content"}, false, false},
		{map[string]any{"pattern": "X_KEY", "output_mode": "content"}, true, false}, // .env's line
		{map[string]any{"pattern": "TODO", "output_mode": "content", "multiline": true, "type": "go"}, true, false},
		{map[string]any{"pattern": "x", "path": filepath.Join(home, ".ssh")}, true, true},
		{map[string]any{"pattern": "x", "path": filepath.Join(home, ".ssh"), "output_mode": "files_with_matches"}, true, true},
	} {
		for agent, ev := range map[string][2]string{"A": {"hook_event_name", "PreToolUse"}, "B": {"hookEventName", "preToolUse"}} {
			b, _ := json.Marshal(map[string]any{ev[0]: ev[1], "tool_name": "Grep", "cwd": proj, "tool_input": c.input})
			code, _, stderr, _ := runReal(t, p, string(b))
			want := c.blockB
			if agent == "A" {
				want = c.blockA
			}
			if blocked := code == 2; blocked != want {
				t.Errorf("agent %s Grep %v: blocked = %v, want %v: %s", agent, c.input, blocked, want, stderr)
			}
		}
	}
}

// TestFilterSkips: which files a search's own filter surely skips (rel:
// below its root); anything guard cannot tell is read.
func TestFilterSkips(t *testing.T) {
	for _, c := range []struct {
		name string
		f    fileFilter
		rel  string
		want bool
	}{
		{"grep exclude", grepFilterOf([][2]string{{"--exclude", "*.py"}}), "app/settings.py", true},
		{"grep include other", grepFilterOf([][2]string{{"--include", "*.go"}}), "app/settings.py", true},
		{"grep exclude then include", grepFilterOf([][2]string{{"--exclude", "*.py"}, {"--include", "s*"}}), "app/settings.py", false},
		{"grep exclude-dir", grepFilterOf([][2]string{{"--exclude-dir", "ap?"}}), "app/settings.py", true},
		{"grep exclude-dir base only", grepFilterOf([][2]string{{"--exclude-dir", "app"}}), "settings.py", false},
		{"rg case-sensitive glob", rgFilterOf([][2]string{{"-g", "!Settings.py"}, {"--iglob", "!x"}}, true), "settings.py", false},
		{"rg iglob", rgFilterOf([][2]string{{"--iglob", "!SETTINGS.py"}}, true), "app/settings.py", true},
		{"rg glob-case-insensitive", rgFilterOf([][2]string{{"-g", "!SETTINGS.py"}, {"--glob-case-insensitive", ""}}, true), "settings.py", true},
		{"rg dir glob", rgFilterOf([][2]string{{"-g", "!app/"}}, true), "app/settings.py", true},
		{"rg dir glob, a file", rgFilterOf([][2]string{{"-g", "!settings.py/"}}, true), "app/settings.py", false},
		{"rg anchored", rgFilterOf([][2]string{{"-g", "!/app/*.py"}}, true), "app/settings.py", true},
		{"rg anchored deeper", rgFilterOf([][2]string{{"-g", "!app/*.py"}}, true), "x/app/settings.py", false},
		{"rg kept dir", rgFilterOf([][2]string{{"-g", "app/"}}, true), "src/main.go", false},
		{"rg type kept", rgFilterOf([][2]string{{"-t", "py"}}, true), "main.pyi", false},
		{"rg type case", rgFilterOf([][2]string{{"-t", "go"}}, true), "MAIN.GO", false},
		{"rg type-not", rgFilterOf([][2]string{{"-T", "py"}}, true), "main.pyi", false},
		{"rg type then type-not", rgFilterOf([][2]string{{"-t", "py"}, {"-T", "py"}}, true), "a.py", true},
		{"rg unknown type", rgFilterOf([][2]string{{"-t", "elixir"}}, true), "a.py", false},
		{"git exclude dir", pathspecFilterOf([]string{":!app"}), "app/settings.py", true},
		{"git exclude star", pathspecFilterOf([]string{":!*.py"}), "app/settings.py", true},
		{"git positive star", pathspecFilterOf([]string{"src/*"}), "src/a/b.go", false},
		{"git positive other", pathspecFilterOf([]string{"src"}), "app/settings.py", true},
		{"git literal", pathspecFilterOf([]string{":(exclude,literal)*.py"}), "app/settings.py", false},
		{"git top", pathspecFilterOf([]string{":/!app"}), "app/settings.py", false},
	} {
		got := c.f != nil && c.f.skips(c.rel)
		if got != c.want {
			t.Errorf("%s: skips(%s) = %v, want %v", c.name, c.rel, got, c.want)
		}
	}
}

// TestSearchFilterLinkedRoot: a search rooted at a link (lnkapp -> app)
// names its files through the link; the filter narrows nothing there.
func TestSearchFilterLinkedRoot(t *testing.T) {
	proj := filterWorld(t)
	if err := os.Symlink("app", filepath.Join(proj, "lnkapp")); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	wantBlock(t, p, "grep -rn TODO --exclude=settings.py lnkapp", shellPayloadB(proj, "grep -rn TODO --exclude=settings.py lnkapp"), true)
	wantBlock(t, p, "grep -rn TODO --exclude=settings.py app", shellPayloadB(proj, "grep -rn TODO --exclude=settings.py app"), false)
}

// TestSearchFilterRootsAndModes: a filter narrows nothing at a root guard
// does not know as the tool spells it (lnk/.., .//), nor for git grep
// under a global pathspec mode: git's options, the command's GIT_*
// variables, and those of guard's own environment, which the agent's
// shell inherits (GIT_ICASE_PATHSPECS=1: -- App matches app/).
func TestSearchFilterRootsAndModes(t *testing.T) {
	proj, lproj := filterWorld(t), filterWorld(t)
	// lproj/lnk/.. is app, the directory above the link's target.
	if err := os.Mkdir(filepath.Join(lproj, "app", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("app/sub", filepath.Join(lproj, "lnk")); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, c := range []struct {
		cmd   string
		block bool
	}{
		{"grep -rn TODO --exclude-dir=app lnk/..", true},
		{"grep -rn TODO --exclude-dir=app lnk/../", true},
		{"grep -rn TODO --exclude-dir=app lnk/../sub/..", true},
		{"rg -n TODO -g '!app' lnk/..", true},
		{"rg -n TODO -g '!app/' lnk/..", true},
		{"grep -rn TODO --exclude-dir=app app/..", true},
		{"grep -rn TODO --exclude-dir=src app/../lnk/..", true},
		{"rg -n TODO -g '!/app' .//", true},
		{"rg -n TODO -g '!app/*' .//", true},
		{"rg -n TODO -g '!/app' .//.", true},
		{"grep -rn TODO --exclude-dir=app .//", true},
		{"rg -n TODO -g '!/app' .", false},
		{"rg -n TODO -g '!/app' ./", true}, // ./ alone: not read (conservative)
		{"rg -n TODO -g '!app'", false},
		{"grep -rn TODO --exclude-dir=app", false},
		{"grep -rn TODO --exclude=settings.py .", false},
		{"git --icase-pathspecs grep -n TODO -- App", true},
		{"git --icase-pathspecs grep -n TODO -- App | rev", true},
		{"GIT_ICASE_PATHSPECS=1 git grep -n TODO -- App", true},
		{"GIT_ICASE_PATHSPECS=1 git grep -n TODO -- '*.PY'", true},
		{"export GIT_ICASE_PATHSPECS=1; git grep -n TODO -- App", true},
		{"export GIT_ICASE_PATHSPECS=1; git grep -n TODO -- '*.PY'", true},
		{"env GIT_ICASE_PATHSPECS=1 git grep -n TODO -- App", true},
		{"git --literal-pathspecs grep -n TODO -- '*.go'", true},
		{"git --noglob-pathspecs grep -n TODO -- ':!app/settings.py'", true},
		{"GIT_GLOB_PATHSPECS=1 git grep -n TODO -- ':!app/settings.py'", true},
		{"GIT_FOO=1 git grep -n TODO -- '*.go'", true},
		{"git grep -n TODO -- App", false},
		{"git grep -n TODO -- '*.go'", false},
		{"GIT_ICASE_PATHSPECS=1 in guard's environment: git grep -n TODO -- App", true},
		{"GIT_ICASE_PATHSPECS=1 in guard's environment: git grep -n TODO -- '*.PY'", true},
		{"GIT_LITERAL_PATHSPECS=1 in guard's environment: git grep -n TODO -- '*.go'", true},
	} {
		env, cmd, inEnv := strings.Cut(c.cmd, " in guard's environment: ")
		if name, v, _ := strings.Cut(env, "="); inEnv {
			t.Setenv(name, v)
		} else {
			cmd = c.cmd
		}
		cwd := proj
		if strings.Contains(cmd, "lnk") {
			cwd = lproj
		}
		b, _ := json.Marshal(map[string]any{"hookEventName": "beforeShellExecution", "command": cmd, "cwd": cwd})
		code, _, stderr, _ := runReal(t, p, string(b))
		if blocked := code == 2; blocked != c.block {
			t.Errorf("%s: blocked = %v, want %v: %.150s", c.cmd, blocked, c.block, stderr)
		}
		if name, _, _ := strings.Cut(env, "="); inEnv {
			os.Unsetenv(name)
		}
	}
}
