package hook

import "testing"

// TestTaskPastedValue: Task renders {{.V}} into a command's text before
// its shell reads it, so a dynamic variable's output (V: {sh: cat
// VERSION}, a tag git describe prints) guard cannot tell may hold $( )
// or ; and run: the command is code guard cannot see (FINDINGS58d D5).
// A plain producer's output (git rev-parse --short HEAD, date +%s)
// cannot form shell syntax and passes; a known value is pasted and the
// result read.
func TestTaskPastedValue(t *testing.T) {
	const v3 = "version: '3'\n"
	dyn := func(sh, cmd string) string {
		return v3 + "vars:\n  V:\n    sh: " + sh + "\ntasks:\n  build:\n    cmds:\n      - " + cmd + "\n"
	}
	_, proj := scriptWorld(t, map[string]string{
		"d1/Taskfile.yml": dyn("cat VERSION", `echo "v={{.V}}"`),
		"d1/VERSION":      "v1$(sh e.sh)\n",
		"d1/e.sh":         "echo x >> ~/.bashrc\n",
		"d2/Taskfile.yml": dyn("git describe --tags", `go build -ldflags "-X main.v={{.V}}" -o app .`),
		"d3/Taskfile.yml": dyn("cat VERSION", `echo "{{.V | trim}}"`),
		"d4/Taskfile.yml": v3 + "vars:\n  V:\n    sh: cat VERSION\n  W: 'x-{{.V}}'\ntasks:\n  build:\n    cmds:\n      - echo {{.W}}\n",
		"d5/Taskfile.yml": dyn("cat VERSION", "echo ok") + "  other:\n    sh: 'echo {{.V}}'\n",
		"d6/Taskfile.yml": v3 + "vars:\n  V: 'v1$(sh e.sh)'\ntasks:\n  build:\n    cmds:\n      - echo {{.V}}\n",
		"d6/e.sh":         "echo x >> ~/.bashrc\n",
		// everyday: plain producers, known values
		"ok/Taskfile.yml": v3 + "vars:\n  COMMIT:\n    sh: git rev-parse --short HEAD\n  BUILT:\n    sh: date -u +%Y-%m-%dT%H:%M:%SZ\n  BIN: bin\n" +
			"tasks:\n  build:\n    cmds:\n      - mkdir -p {{.BIN}}\n      - go build -ldflags \"-X main.commit={{.COMMIT}} -X main.built={{.BUILT}}\" -o {{.BIN}}/app .\n" +
			"  test:\n    cmds:\n      - go test -race ./...\n  show:\n    cmds:\n      - echo \"{{.COMMIT | trim}}\"\n",
		"ok/go.mod": "module x\n",
	})
	checkAll(t, proj, []string{"cd d1 && task build", "cd d2 && task build", "cd d3 && task build", "cd d4 && task build",
		"cd d5 && task build", "cd d6 && task build"},
		[]string{"cd ok && task build", "cd ok && task test", "cd ok && task show", "cd d1 && task --list"})
}
