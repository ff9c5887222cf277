package hook

import "testing"

// TestTaskTemplateFuncs: Task's templates that call a pure function on
// literal arguments (text/template's print and printf, sprig's env,
// Task's joinPath) are filled with the text they render, so the path
// they make is checked (FINDINGS55a N15; task is not installed here:
// the rendering follows text/template's and Task's documentation).
func TestTaskTemplateFuncs(t *testing.T) {
	task := func(cmd string) string {
		return "version: \"3\"\ntasks:\n  x:\n    cmds:\n      - '" + cmd + "'\n"
	}
	_, proj := scriptWorld(t, map[string]string{
		"print/Taskfile.yml":  task(`echo x >> {{print "~" "/.bash" "rc"}}`),
		"join/Taskfile.yml":   task(`echo x >> {{joinPath (env "HOME") ".bashrc"}}`),
		"printf/Taskfile.yml": task(`echo x >> "{{printf "%s/.%s" (env "HOME") "bashrc"}}"`),
		"read/Taskfile.yml":   task(`cat {{joinPath "~" ".ssh" "id_rsa"}}`),
		"ok/Taskfile.yml":     task(`go build -o {{joinPath "bin" "app"}} . && echo {{print "built" " " "app"}}`),
	})
	p := realPolicy(t, `{}`)
	for _, d := range []string{"print", "join", "printf", "read"} {
		checkBlock(t, p, proj, "cd "+d+" && task x", true, "")
	}
	checkBlock(t, p, proj, "cd ok && task x", false, "")
}
