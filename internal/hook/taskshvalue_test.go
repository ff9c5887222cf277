package hook

import "testing"

// TestTaskShValue: a Taskfile's dynamic variable (NAME: {sh: CMD}) whose
// CMD is one simple command printing one word (git describe) stands in a
// go -ldflags "-X main.v={{.V}}" as $(git describe) does, so an everyday
// Go Taskfile that also sets GOBIN passes; any other CMD's output is a
// value guard cannot tell (FINDINGS58a FP1).
func TestTaskShValue(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"a/go.mod":  "module x\n\ngo 1.21\n",
		"a/main.go": "package main\n\nfunc main() {}\n",
		"a/Taskfile.yml": "version: '3'\nvars:\n  V:\n    sh: git describe --tags\nenv:\n  GOBIN: '{{.ROOT_DIR}}/bin'\n" +
			"tasks:\n  test:\n    cmds: [go test ./...]\n  build:\n    cmds: ['go build -ldflags \"-X main.v={{.V}}\" .']\n",
		"c/Taskfile.yml": "version: '3'\nvars:\n  V:\n    sh: cat v.txt\nenv:\n  GOBIN: '{{.ROOT_DIR}}/bin'\ntasks:\n  build:\n    cmds: ['go build -ldflags \"-X main.v={{.V}}\" .']\n",
		"c/go.mod":       "module x\n\ngo 1.21\n",
	})
	checkAll(t, proj,
		[]string{"cd c && task build"},
		[]string{"cd a && task test", "cd a && task build"})
}
