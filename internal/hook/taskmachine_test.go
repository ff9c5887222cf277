package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestTaskMachineFuncs: Task's functions of the machine (exeExt, OS,
// ARCH) and an {{if}} on them render as Task renders them on this
// machine, so the cross-platform idioms pass every task of the file
// (FINDINGS56b FP2); the branch the condition picks is what is checked,
// so a protected path there still blocks. Both bash.match modes.
func TestTaskMachineFuncs(t *testing.T) {
	const tasks = "version: '3'\ntasks:\n  build:\n    cmds:\n      - go build -o bin/app{{exeExt}} ./cmd/app\n" +
		"  build2:\n    cmds:\n      - go build -o bin/app{{if eq OS \"windows\"}}.exe{{end}} ./cmd/app\n" +
		"  test:\n    cmds:\n      - go test ./...\n" +
		"  lint:\n    cmds:\n      - golangci-lint run {{if eq OS \"windows\"}}--fix{{end}}\n" +
		"  arch:\n    cmds:\n      - echo {{OS}}-{{ARCH}} > out.txt\n"
	_, proj := scriptWorld(t, map[string]string{
		"ok/Taskfile.yml":   tasks,
		"ok/go.mod":         "module x\n\ngo 1.22\n",
		"bad/Taskfile.yml":  "version: '3'\ntasks:\n  t:\n    cmds:\n      - echo PWN >> {{if ne OS \"windows\"}}~/.bashrc{{else}}out.txt{{end}}\n",
		"bad2/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    cmds:\n      - echo PWN >> {{if eq OS \"plan9\"}}out.txt{{else}}~/.bashrc{{end}}\n",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"cd ok && task build", ""},
			{"cd ok && task build2", ""},
			{"cd ok && task test", ""},
			{"cd ok && task lint", ""},
			{"cd ok && task arch", ""},
			{"cd bad && task t", "blocked_path"},
			{"cd bad2 && task t", "blocked_path"},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
