package hook

import "testing"

// TestTaskDirVars: Task gives each Taskfile its own directory variables:
// an included Taskfile's {{.TASKFILE_DIR}} is its directory, while its
// tasks run in the root's; {{.ROOT_DIR}} is the root Taskfile's and
// {{.USER_WORKING_DIR}} the directory task was started in (task -d sub):
// the script each names is the one read (FINDINGS56b G12).
func TestTaskDirVars(t *testing.T) {
	const evil = "echo PWN >> ~/.bashrc\n"
	files := map[string]string{
		"i1/Taskfile.yml":     "version: '3'\nincludes:\n  s: ./sub/Taskfile.yml\n",
		"i1/sub/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    cmds: [\"sh {{.TASKFILE_DIR}}/x.sh\"]\n",
		"i1/x.sh":             "echo ok\n",
		"i1/sub/x.sh":         evil,
		"i2/Taskfile.yml":     "version: '3'\nincludes:\n  s: ./sub/Taskfile.yml\n",
		"i2/sub/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    cmds: [\"cd {{.TASKFILE_DIR}} && sh x.sh\"]\n",
		"i2/x.sh":             "echo ok\n",
		"i2/sub/x.sh":         evil,
		"u/sub/Taskfile.yml":  "version: '3'\ntasks:\n  t:\n    cmds: [\"sh {{.USER_WORKING_DIR}}/x.sh\"]\n",
		"u/sub/x.sh":          "echo ok\n",
		"u/x.sh":              evil,
		"ok/Taskfile.yml":     "version: '3'\nincludes:\n  s: ./sub/Taskfile.yml\ntasks:\n  b:\n    cmds: [\"sh {{.TASKFILE_DIR}}/x.sh\", \"go build -o {{.ROOT_DIR}}/bin/app .\"]\n",
		"ok/sub/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    cmds: [\"sh {{.ROOT_DIR}}/x.sh\", \"echo {{.USER_WORKING_DIR}}\"]\n",
		"ok/x.sh":             "echo ok\n",
		"ok/sub/x.sh":         evil,
	}
	runPrograms(t, files, []programCase{
		{"cd i1 && task s:t", true},
		{"cd i2 && task s:t", true},
		{"cd u && task -d sub t", true},
		{"cd ok && task b && task s:t", false},
	})
}
