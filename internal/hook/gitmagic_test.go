package hook

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestGitPathspecMagic: git's pathspec magic (:!PATH, :^PATH,
// :(exclude)PATH, :(glob)…) names files git matches, never a command a
// shell or a REPL runs (:!PATH read as ghci's escape ran settings.py as a
// script). A glob pathspec (*.py) matches in every directory below: git
// grep reads the tree, checked as git grep with no pathspec is.
func TestGitPathspecMagic(t *testing.T) {
	tok := "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
	_, proj := scriptWorld(t, map[string]string{
		// Not a shell script: run as one, guard cannot parse it.
		"app/settings.py": "import os\n\nDEBUG = True\nTOKEN = \"" + tok + "\"\nDB = os.environ.get(\"DB\", \"sqlite:///db\")\n",
		"app/core.py":     "DEBUG = False\n",
	})
	p := realPolicy(t, "")
	cPayload := func(cmd string) string {
		s, _ := json.Marshal(map[string]any{"hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "cwd": proj,
			"tool_input": map[string]any{"command": cmd}})
		return string(s)
	}
	for _, tc := range []struct {
		cmd  string
		b, c bool // blocks for agent B, C
	}{
		// DEBUG's line is not the token's: the tree scan's line model.
		{"git grep -n DEBUG -- '*.py' ':!app/settings.py'", false, false},
		{"git grep -n DEBUG -- '*.py' ':^app/settings.py'", false, false},
		{"git grep -n DEBUG -- ':(exclude)app/settings.py'", false, false},
		{"git grep -n DEBUG -- ':(exclude,glob)**/settings.py'", false, false},
		{"git log --oneline -- ':!app/settings.py'", false, false},
		{"git grep -n TOKEN -- '*.py'", true, false},
		{"git grep -n TOKEN -- 'app/*.py'", true, false},
		{"git grep -n TOKEN -- ':(glob)**/*.py'", true, false},
		{"git grep -n TOKEN -- ':(icase)APP'", true, false},
		// Case and glob modes set by git's options or the command's
		// variables: the pathspec matches other names than its own.
		{"git --icase-pathspecs grep -n TOKEN -- APP | rev", true, true},
		{"GIT_ICASE_PATHSPECS=1 git grep -n TOKEN -- APP | rev", true, true},
		{"export GIT_ICASE_PATHSPECS=1; git grep -n TOKEN -- APP | rev", true, true},
		{"git grep -n TOKEN -- APP | rev", false, false}, // no APP/: nothing read
		{"git grep -n TOKEN -- app", true, false},
		// From the top: the repository's root, wherever it is (each
		// directory above is read too).
		{"git grep -n TOKEN -- ':/app'", true, false},
		{"git grep -n TOKEN -- ':(top)app'", true, false},
	} {
		wantBlock(t, p, "B "+tc.cmd, shellPayloadB(proj, tc.cmd), tc.b)
		code, stdout, stderr, _ := runReal(t, p, cPayload(tc.cmd))
		if blocked := code == 2 || strings.Contains(stdout, `"decision":"deny"`); blocked != tc.c {
			t.Errorf("C %s: blocked = %v, want %v: %s%s", tc.cmd, blocked, tc.c, stdout, stderr)
		}
	}
}
