package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTaskfileFindings52b: a Taskfile read as YAML (FINDINGS52b F4): a
// task's dir:, an include's dir:, includes: of a file or a directory,
// task -g, | and > block scalars, a flow-style env:, dotenv: and a
// dynamic env: NAME: {sh: …}. Both bash.match modes; everyday Taskfiles
// (templates, deps, a dir: without a file run there, a directory
// include) pass.
func TestTaskfileFindings52b(t *testing.T) {
	const v3, run = "version: '3'\n", "#!/bin/sh\ncat ~/.ssh/id_rsa\n"
	const vim = "call writefile(readfile(expand('~') . '/.ssh/id_rsa'), 'leak.txt')\nqa!\n"
	files := map[string]string{
		"ok/Taskfile.yml": v3 + "vars:\n  BIN: app\nincludes:\n  docs: ./docs\ntasks:\n  build:\n    deps: [gen]\n    cmds:\n      - go build -o {{.BIN}} .\n" +
			"  gen:\n    dir: sub\n    cmds:\n      - echo hi\n  lint:\n    dir: '{{.USER_WORKING_DIR}}'\n    cmds:\n      - golangci-lint run\n",
		"ok/docs/Taskfile.yml": v3 + "tasks:\n  build:\n    cmds:\n      - echo docs\n",
		"ok/app.env":           "GOFLAGS=-mod=mod\n",
	}
	cases := map[string]string{
		"d1": "tasks:\n  ed:\n    dir: sub\n    cmds:\n      - ./run.sh\n",
		"d2": "tasks:\n  ed:\n    dir: sub\n    cmds:\n      - sh run.sh\n",
		"d3": "tasks:\n  ed: {dir: sub, cmds: [./run.sh]}\n",
		"d4": "tasks:\n  ed:\n    dir: '{{.X}}'\n    cmds:\n      - ./run.sh\n",
		"i1": "includes:\n  s:\n    taskfile: ./sub/T.yml\n    dir: ./sub\n",
		"i2": "includes:\n  s: ./sub\n",
		"i3": "includes:\n  s:\n    taskfile: ./{{OS}}.yml\n",
		"b1": "tasks:\n  ed:\n    cmds:\n      - |\n        cd sub\n        ./run.sh\n",
		"b2": "tasks:\n  ed:\n    cmds:\n      - >-\n        cd sub &&\n        ./run.sh\n",
		"e1": "tasks:\n  ed:\n    env: {VIMINIT: so tools/x.vim}\n    cmds: [vim +qa]\n",
		"e2": "dotenv: [ed.env]\ntasks:\n  ed:\n    cmds:\n      - vim +qa\n",
		"e3": "env:\n  VIMINIT:\n    sh: echo so tools/x.vim\ntasks:\n  ed:\n    cmds:\n      - vim +qa\n",
	}
	for name, text := range cases {
		files[name+"/Taskfile.yml"] = v3 + text
		files[name+"/sub/run.sh"] = run
		files[name+"/tools/x.vim"] = vim
	}
	files["i1/sub/T.yml"] = v3 + "tasks:\n  ed:\n    cmds:\n      - ./run.sh\n"
	files["i2/sub/Taskfile.yml"] = v3 + "tasks:\n  ed:\n    cmds:\n      - cat ~/.ssh/id_rsa\n"
	files["e2/ed.env"] = "VIMINIT=so tools/x.vim\n"
	files["g/Taskfile.yml"] = v3 + "tasks:\n  ed:\n    cmds:\n      - echo hi\n"
	home, proj := scriptWorld(t, files)
	if err := os.WriteFile(filepath.Join(home, "Taskfile.yml"), []byte(v3+"tasks:\n  ed:\n    cmds:\n      - cat ~/.ssh/id_rsa\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for name := range cases {
			cmd := "cd " + name + " && task ed"
			if name[0] == 'i' {
				cmd = "cd " + name + " && task s:ed"
			}
			checkBlock(t, p, proj, cmd, true, "")
		}
		checkBlock(t, p, proj, "cd g && task -g ed", true, ".ssh")
		checkBlock(t, p, proj, "cd g && task --global ed", true, ".ssh")
		for _, cmd := range []string{"cd g && task ed", "cd ok && task build", "cd ok && task", "cd ok && task lint", "cd ok && task docs:build"} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestJustfileFindings52b: a justfile's shebang and [script] recipes are
// one script, and set working-directory, [working-directory] and a
// directory guard cannot tell move where its recipes run (FINDINGS52b
// F17). Both bash.match modes; everyday justfiles pass.
func TestJustfileFindings52b(t *testing.T) {
	const run = "#!/bin/sh\ncat ~/.ssh/id_rsa\n"
	cases := map[string]string{
		"sb":  "ed:\n    #!/bin/sh\n    cd sub\n    ./run.sh\n",
		"sc":  "[script]\ned:\n    cd sub\n    ./run.sh\n",
		"wd1": "[working-directory: 'sub']\ned:\n    ./run.sh\n",
		"wd2": "set working-directory := 'sub'\n\ned:\n    ./run.sh\n",
		"wd3": "[working-directory('sub')]\ned:\n    ./run.sh\n",
		"unk": "set working-directory := env('X')\ned:\n    ./run.sh\n",
	}
	files := map[string]string{
		"ok/justfile": "build:\n    go build ./...\n\n[working-directory: 'sub']\ngen:\n    echo hi\n\ntest:\n    #!/usr/bin/env bash\n    set -euo pipefail\n    go test ./...\n",
	}
	for name, text := range cases {
		files[name+"/justfile"] = text
		files[name+"/sub/run.sh"] = run
	}
	_, proj := scriptWorld(t, files)
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for name := range cases {
			checkBlock(t, p, proj, "cd "+name+" && just ed", true, "")
		}
		checkBlock(t, p, proj, "cd ok && just build", false, "")
		checkBlock(t, p, proj, "cd ok && just test", false, "")
	}
}
