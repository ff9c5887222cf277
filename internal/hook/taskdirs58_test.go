package hook

import "testing"

// TestTaskDirVarsAbsolute: Task substitutes its directory variables as
// absolute paths, so a task's dir: or a cd in its command does not move
// what they name; read as the walk's "." they did (FINDINGS57c A5). A
// script named through them is read, and an everyday Taskfile that
// builds into, cleans and runs scripts under {{.ROOT_DIR}} passes.
func TestTaskDirVarsAbsolute(t *testing.T) {
	const v3 = "version: '3'\n"
	const up = "/../../home/.bashrc" // proj/NAME/.. /.. is the root holding home/
	_, proj := scriptWorld(t, map[string]string{
		"a1/Taskfile.yml": v3 + "tasks:\n  e:\n    dir: sub\n    cmds:\n      - sed -i 1ipwned {{.TASKFILE_DIR}}" + up + "\n",
		"a1/sub/x":        "",
		"a2/Taskfile.yml": v3 + "tasks:\n  e:\n    cmds:\n      - cd sub && sed -i 1ipwned {{.TASKFILE_DIR}}" + up + "\n",
		"a2/sub/x":        "",
		"a3/Taskfile.yml": v3 + "tasks:\n  e:\n    dir: sub\n    cmds:\n      - echo pwned >> {{.ROOT_DIR}}" + up + "\n",
		"a4/Taskfile.yml": v3 + "tasks:\n  e:\n    dir: sub\n    cmds:\n      - cat {{.USER_WORKING_DIR}}/../../home/.ssh/id_rsa\n",
		"a5/Taskfile.yml": v3 + "tasks:\n  e:\n    cmds:\n      - cd sub && echo pwned >> {{.ROOT_TASKFILE_DIR}}" + up + "\n",
		// an include's own directory, with a dir: on its task
		"a6/Taskfile.yml":     v3 + "includes:\n  s: ./sub/Taskfile.yml\n",
		"a6/sub/Taskfile.yml": v3 + "tasks:\n  t:\n    dir: deeper\n    cmds:\n      - echo pwned >> {{.TASKFILE_DIR}}/../../../home/.bashrc\n",
		// a script named through them is the one Task runs
		"a7/Taskfile.yml": v3 + "tasks:\n  e:\n    dir: sub\n    cmds:\n      - sh {{.TASKFILE_DIR}}/x.sh\n",
		"a7/x.sh":         "echo pwned >> ~/.bashrc\n",
		"a7/sub/x.sh":     "echo ok\n",
		// everyday
		"ok/Taskfile.yml": v3 + "vars:\n  BIN: '{{.ROOT_DIR}}/bin'\nenv:\n  GOBIN: '{{.ROOT_DIR}}/bin'\ntasks:\n  default:\n    deps: [build]\n" +
			"  build:\n    desc: build {{.TASK}}\n    dir: cmd/app\n    cmds:\n      - go build -o {{.BIN}}/app{{exeExt}} .\n" +
			"  test:\n    cmds:\n      - go test ./... {{.CLI_ARGS}}\n  gen:\n    dir: '{{.TASKFILE_DIR}}/internal'\n    cmds:\n      - go generate ./...\n" +
			"  clean:\n    cmds:\n      - rm -rf {{.BIN}} {{.ROOT_DIR}}/cover.out\n" +
			"  ci:\n    deps: [test]\n    cmds:\n      - sh {{.TASKFILE_DIR}}/scripts/ci.sh\n      - echo done {{.TASK}} in {{.USER_WORKING_DIR}}\n",
		"ok/scripts/ci.sh":    "go vet ./...\n",
		"ok/go.mod":           "module x\n",
		"ok/cmd/app/main.go":  "package main\n",
		"ok/internal/x.go":    "package internal\n",
		"ok2/Taskfile.yml":    v3 + "tasks:\n  build:\n    dir: cmd/app\n    cmds:\n      - go build -o {{.ROOT_DIR}}/bin/app .\n  clean:\n    cmds:\n      - rm -rf {{.ROOT_DIR}}/bin\n",
		"ok2/go.mod":          "module x\n",
		"ok2/cmd/app/main.go": "package main\n",
	})
	checkAll(t, proj, []string{"cd a1 && task e", "cd a2 && task e", "cd a3 && task e", "cd a4 && task e", "cd a5 && task e",
		"cd a6 && task s:t", "cd a7 && task e"},
		[]string{"cd ok && task", "cd ok && task build", "cd ok && task test -- -run TestX", "cd ok && task gen", "cd ok && task clean",
			"cd ok && task ci", "cd ok/cmd && task -d .. build", "cd ok2 && task build", "cd ok2 && task clean"})
}

// TestTaskTemplateUnknown: a template guard cannot evaluate (a pipe, a
// function it does not model) is a value guard cannot tell, with its
// known tail kept, never dropped nor read as its own text or as empty;
// a variable's value is rendered before use, as Task does, so "$F" of
// an env: entry holding a template is that value (FINDINGS57c A6).
func TestTaskTemplateUnknown(t *testing.T) {
	const v3 = "version: '3'\n"
	task := func(env, cmd string) string {
		return v3 + "tasks:\n  a:\n    env:\n      F: '" + env + "'\n    cmds:\n      - " + cmd + "\n"
	}
	_, proj := scriptWorld(t, map[string]string{
		"p1/Taskfile.yml": task(`{{.HOME | trim}}/.bashrc`, `echo pwned >> "$F"`),
		"p2/Taskfile.yml": task(`{{joinPath .HOME ".bashrc"}}`, `echo pwned >> "$F"`),
		"p3/Taskfile.yml": task(`{{env "HOME" | lower}}/.bashrc`, `echo pwned >> "$F"`),
		"p4/Taskfile.yml": task(`{{.HOME | nosuchfunc}}/.ssh/id_rsa`, `cat "$F"`),
		"p5/Taskfile.yml": v3 + "vars:\n  D: '{{.HOME | trim}}'\ntasks:\n  a:\n    cmds:\n      - echo pwned >> {{.D}}/.bashrc\n",
		"p6/Taskfile.yml": v3 + "env:\n  F: '{{printf \"%s/.bashrc\" .HOME | clean}}'\ntasks:\n  a:\n    cmds:\n      - echo pwned >> \"$F\"\n",
		// everyday: a template guard cannot tell away from protected places
		"ok/Taskfile.yml": v3 + "vars:\n  NAME: '{{.TASK | upper}}'\n  TAG: '{{now | date \"2006\"}}'\nenv:\n  OUT: '{{.ROOT_DIR | trim}}/dist'\n" +
			"tasks:\n  build:\n    cmds:\n      - go build -ldflags \"-X main.tag={{.TAG}}\" -o \"$OUT/app\" .\n      - echo {{.NAME}}\n",
		"ok/go.mod": "module x\n",
	})
	checkAll(t, proj, []string{"cd p1 && task a", "cd p2 && task a", "cd p3 && task a", "cd p4 && task a", "cd p5 && task a", "cd p6 && task a"},
		[]string{"cd ok && task build"})
}
