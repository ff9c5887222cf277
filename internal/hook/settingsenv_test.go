package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestProgramsSettingsEnv: a project settings "env" value is a path
// relative to the directory the client runs in whatever its spelling, for a
// file-valued variable (BASH_ENV, ENV), a command-valued one
// (GIT_SSH_COMMAND) and an unknown one whose value holds a slash. Both
// bash.match modes.
func TestProgramsSettingsEnv(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"env":{"BASH_ENV":"tools/benv.sh","ENV":"envrc.sh","GIT_SSH_COMMAND":"tools/gs.sh -v",` +
			`"MY_HELPER":"tools/help.sh","NODE_ENV":"production"}}`,
		"tools/benv.sh": "x\n", "envrc.sh": "x\n", "tools/gs.sh": "x\n", "tools/help.sh": "x\n", "tools/free.sh": "x\n",
	})
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{"echo x >> tools/benv.sh", true},
			{"echo x >> envrc.sh", true},
			{"echo x >> tools/gs.sh", true},
			{"echo x >> tools/help.sh", true},
			{"echo x >> tools/free.sh", false},
			{"echo x >> production", false},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: %q: blocked = %v, want %v: %s", mode, tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
}

// TestProgramsSettingsEnvLists: search-path lists and option strings of
// the settings' "env" name the directories and files the hook programs
// load; an element guard cannot resolve protects the project whole.
func TestProgramsSettingsEnvLists(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"env":{"PATH":"bin:/usr/bin:/bin","LD_LIBRARY_PATH":"./lib","NODE_PATH":"nlib",` +
			`"PERL5OPT":"-Mlib=plib -MEvil","RUBYOPT":"-rtools/e","NODE_ENV":"production"},` +
			`"hooks":{"PostToolUse":[{"hooks":[{"type":"command","command":"python3 hook.py"}]}]}}`,
		"free.txt": "x\n",
	})
	_, proj2 := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"env":{"PYTHONPATH":"$VENV_DIR/lib"}}`,
		"free.txt":               "x\n",
	})
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			dir, cmd string
			block    bool
		}{
			{proj, "echo x > bin/python3", true},
			{proj, "echo x > lib/libc.so.6", true},
			{proj, "echo x > lib/glibc-hwcaps/x86-64-v3/libc.so.6", true},
			{proj, "echo x > nlib/fs.js", true},
			{proj, "echo x > plib/Evil.pm", true},
			{proj, "echo x > tools/e.rb", true},
			{proj, "echo x > bin/sub/x", false},
			{proj, "echo x > free.txt", false},
			{proj, "echo x > production", false},
			{proj2, "echo x > free.txt", true},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, tc.dir, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: %q: blocked = %v, want %v: %s", mode, tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
}
