package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestTaskRunLines: lefthook's run:, mise's run = and pre-commit's
// entry: are command lines, decoded as the runner's parser decodes the
// file (YAML and JSON escapes, !!binary, TOML escapes and line-ending
// backslashes) and walked as commands, so a `cd` moves the names after it
// (FINDINGS56b G13, G7); lefthook's .config/lefthook.yml and the file
// LEFTHOOK_CONFIG names are read (G10); Task's !!binary command is its
// decoded text (G7). Both bash.match modes; everyday files pass.
func TestTaskRunLines(t *testing.T) {
	hook := func(run string) string { return "pre-commit:\n  commands:\n    x:\n      run: " + run + "\n" }
	_, proj := scriptWorld(t, map[string]string{
		"cd/lefthook.yml":            hook("cd && echo PWN >> .bashrc"),
		"bin/lefthook.yml":           hook("!!binary ZWNobyBQV04gPj4gfi8uYmFzaHJj"),
		"yx/lefthook.yml":            hook(`"echo PWN >> \x7e/.bashrc"`),
		"js/lefthook.json":           `{"pre-commit":{"commands":{"x":{"run":"echo PWN >> \u007e/.bashrc"}}}}`,
		"tm/lefthook.toml":           "[pre-commit.commands.x]\nrun = \"echo PWN >> \\u007e/.bashrc\"\n",
		"tl/lefthook.toml":           "[pre-commit.commands.x]\nrun = \"\"\"\necho PWN >> ~/.bash\\\n  rc\"\"\"\n",
		"tn/lefthook.toml":           "[pre-commit.commands.x]\nrun = \"true\\ncd; echo PWN >> .bashrc\"\n",
		"dc/.config/lefthook.yml":    hook("echo PWN >> ~/.bashrc"),
		"ev/x.yml":                   hook("echo PWN >> ~/.bashrc"),
		"ev/lefthook.yml":            hook("go vet ./..."),
		"mi/mise.toml":               "[tasks.t]\nrun = [\"go vet ./...\", \"cd && echo PWN >> .bashrc\"]\n",
		"pc/.pre-commit-config.yaml": "repos:\n  - repo: local\n    hooks:\n      - id: x\n        name: x\n        entry: sh -c 'cd && echo PWN >> .bashrc'\n        language: system\n",
		"tb/Taskfile.yml":            "version: '3'\ntasks:\n  t:\n    cmds:\n      - !!binary ZWNobyBQV04gPj4gfi8uYmFzaHJj\n",
		"ok/lefthook.yml":            "pre-commit:\n  parallel: true\n  commands:\n    lint:\n      glob: \"*.{js,ts}\"\n      run: npx eslint {staged_files}\n    test:\n      run: go test ./...\ncommit-msg:\n  commands:\n    c:\n      run: 'grep -qE \"^(feat|fix)\" {1}'\n",
		"ok/mise.toml":               "[tools]\nnode = \"20\"\n[tasks.test]\nrun = [\"go vet ./...\", \"go test ./...\"]\n[tasks.lint]\nrun = \"\"\"\ngolangci-lint run \\\n  --timeout 5m\n\"\"\"\n",
		"ok/.pre-commit-config.yaml": "repos:\n  - repo: local\n    hooks:\n      - id: pytest\n        name: pytest\n        entry: pytest -q\n        language: system\n      - id: main\n        name: no main\n        entry: \"Don't commit to main\"\n        language: fail\n",
		"ok/Taskfile.yml":            "version: '3'\ntasks:\n  t:\n    cmds:\n      - !!binary Z28gdGVzdCAuLy4uLg==\n",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"cd cd && lefthook run pre-commit", "blocked_path"},
			{"cd bin && lefthook run pre-commit", "blocked_path"},
			{"cd yx && lefthook run pre-commit", "blocked_path"},
			{"cd js && lefthook run pre-commit", "blocked_path"},
			{"cd tm && lefthook run pre-commit", "blocked_path"},
			{"cd tl && lefthook run pre-commit", "blocked_path"},
			{"cd tn && lefthook run pre-commit", "blocked_path"},
			{"cd dc && lefthook run pre-commit", "blocked_path"},
			{"cd ev && LEFTHOOK_CONFIG=x.yml lefthook run pre-commit", "blocked_path"},
			{"cd mi && mise run t", "blocked_path"},
			{"cd pc && pre-commit run --all-files", "blocked_path"},
			{"cd tb && task t", "blocked_path"},
			{"cd ev && lefthook run pre-commit", ""},
			{"cd ok && lefthook run pre-commit", ""},
			{"cd ok && lefthook run commit-msg", ""},
			{"cd ok && mise run test", ""},
			{"cd ok && mise run lint", ""},
			{"cd ok && pre-commit run --all-files", ""},
			{"cd ok && task t", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
