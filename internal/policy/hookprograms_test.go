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
// program and quoted arguments after their environment (review 10 F7).
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
