package hook

import (
	"path/filepath"
	"testing"
)

// TestTaskJustFindings54a: a Taskfile dir: naming the home (~/,
// {{.HOME}}, {{env "HOME"}}, a var holding it) runs its commands there,
// and a dir: guard cannot tell is a directory where a relative name may
// be any file (T2); Taskfile env: moving what programs load reaches the
// commands (T3); justfile_directory() and the other path functions of
// just are their paths (FP2); a shell shebang's options are read (J5); a
// nested import is found from the file holding it (J6); a justfile's
// working directory in the home or one guard cannot tell is as a
// Taskfile's dir: (T2); for: sources
// and a matrix's ITEM.NAME are filled (T4). Everyday files
// pass. Both bash.match modes.
func TestTaskJustFindings54a(t *testing.T) {
	const v3, leak = "version: '3'\n", "cat ~/.ssh/id_rsa\n"
	tasks := map[string]string{
		"tdir":  "tasks:\n  t:\n    dir: '{{.HOME}}'\n    cmds:\n      - echo pwned >> .bashrc\n",
		"tdir2": "vars:\n  D: '{{.HOME}}'\ntasks:\n  t:\n    dir: '{{.D}}'\n    cmds:\n      - echo pwned >> .bashrc\n",
		"tdir3": "tasks:\n  t:\n    dir: ~/\n    cmds:\n      - echo pwned >> .bashrc\n",
		"tdir4": "tasks:\n  t:\n    dir: '{{env \"HOME\"}}/.ssh'\n    cmds:\n      - cp config config.bak\n",
		"tdir5": "tasks:\n  t:\n    dir: '{{.NOPE | trim}}'\n    cmds:\n      - echo pwned >> .bashrc\n",
		"tinc":  "includes:\n  s:\n    taskfile: ./sub\n    dir: ~/\n",
		"tbe":   "tasks:\n  t:\n    env: {BASH_ENV: ./x.sh}\n    cmds:\n      - bash -c 'echo ok'\n",
		"tfor":  "tasks:\n  t:\n    sources:\n      - '.e*'\n    cmds:\n      - for: sources\n        cmd: cat {{.ITEM}}\n",
		"tmat":  "tasks:\n  t:\n    cmds:\n      - for:\n          matrix:\n            A: [.e]\n            B: [nv]\n        cmd: cat {{.ITEM.A}}{{.ITEM.B}}\n",
		"tgit":  "tasks:\n  t:\n    env:\n      GIT_CONFIG_GLOBAL: ./gc\n    cmds:\n      - git st\n",
	}
	files := map[string]string{
		"tinc/sub/Taskfile.yml": v3 + "tasks:\n  t:\n    cmds:\n      - echo pwned >> .bashrc\n",
		"tbe/x.sh":              leak,
		"tgit/gc":               "[alias]\n\tst = !cat $HOME/.ssh/id_rsa\n",
		"j5/justfile":           "t:\n    #!/usr/bin/env -S bash --rcfile ./x.sh -i\n    echo ok\n",
		"j5b/justfile":          "t:\n    #!/bin/bash --init-file ./x.sh -i\n    echo ok\n",
		"j5/x.sh":               leak,
		"j5b/x.sh":              leak,
		"j6/justfile":           "import 'a/x.just'\n",
		"j6/a/x.just":           "import 'y.just'\n",
		"j6/a/y.just":           "t:\n    cat .env\n",
		"j6/.env":               "DBPASS=x\n",
		"jw1/justfile":          "set working-directory := home_directory()\nt:\n    echo pwned >> .bashrc\n",
		"jw2/justfile":          "[working-directory: '~']\nt:\n    echo pwned >> .bashrc\n",
		"jw3/justfile":          "[working-directory: '$HOMEDIR']\nt:\n    echo pwned >> .bashrc\n",
		// everyday files
		"ok/justfile": "root := justfile_directory()\nhere := invocation_directory()\nbuild:\n    cargo build --release --target-dir {{root}}/target\n" +
			"test:\n    cargo test\ngen:\n    {{justfile_dir()}}/scripts/gen.sh\nsh:\n    #!/usr/bin/env bash\n    set -euo pipefail\n    echo ok\n" +
			"sh2:\n    #!/usr/bin/env -S bash -eu\n    echo {{here}}\n",
		"ok/scripts/gen.sh": "#!/bin/sh\necho gen\n",
		"ok/Taskfile.yml": v3 + "env:\n  PATH: '{{.HOME}}/go/bin:$PATH'\n  CGO_ENABLED: '0'\ntasks:\n  build:\n    dir: '{{.USER_WORKING_DIR}}'\n    cmds:\n      - go build ./...\n" +
			"  logs:\n    dir: '{{.HOME}}/projects'\n    cmds:\n      - ls\n  svc:\n    dir: 'services/{{.SVC}}'\n    vars: {SVC: a}\n    cmds:\n      - echo ok\n" +
			"  fmt:\n    sources: ['**/*.go']\n    cmds:\n      - for: sources\n        cmd: gofmt -l {{.ITEM}}\n",
		"ok/main.go": "package main\n",
		// a task in a directory of the project is no foreign one: its
		// Taskfile's lines are not all analysed as typed there
		// (a plain producer: git describe's tag may hold $( ) and Task
		// pastes it into the text, FINDINGS58d D5)
		"gv/Taskfile.yml": v3 + "vars:\n  VERSION:\n    sh: git rev-parse --short HEAD\ntasks:\n  build:\n    cmds:\n      - go build -ldflags \"-X main.version={{.VERSION}}\" -o bin/app .\n" +
			"  gen:\n    dir: scripts\n    cmds:\n      - ./gen.sh\n",
		"gv/scripts/gen.sh": "#!/bin/sh\necho gen\n",
		"gv/main.go":        "package main\n",
	}
	for name, text := range tasks {
		files[name+"/Taskfile.yml"] = v3 + text
		files[name+"/.env"] = "DBPASS=x\n"
	}
	_, proj := scriptWorld(t, files)
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		blocks := []string{"cd tinc && task s:t", "cd j5 && just t", "cd j5b && just t", "cd j6 && just t", "cd jw1 && just t", "cd jw2 && just t", "cd jw3 && just t"}
		for name := range tasks {
			if name != "tinc" {
				blocks = append(blocks, "cd "+name+" && task t")
			}
		}
		for _, cmd := range blocks {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{
			"cd ok && just build", "cd ok && just test", "cd ok && just gen", "cd ok && just sh", "cd ok && just sh2",
			"cd ok && task build", "cd ok && task logs", "cd ok && task svc", "cd ok && task fmt",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
		for _, cmd := range []string{"task build", "task gen"} {
			checkBlock(t, p, filepath.Join(proj, "gv"), cmd, false, "") // started there, as an agent does
		}
	}
}
