package hook

import "testing"

// TestTaskJustFindings53a: Task and just run a file's commands in that
// file's directory (-t, --taskfile=, -t DIR, -dsub, just -f, just sub/t,
// just -d D -f F: B15, B16); Taskfile templates are filled from the
// values the Taskfile gives (vars:, for:, a task: call's vars:, env: and
// $NAME), a template guard cannot evaluate is unknown (B9); a | block's
// and a just recipe's backslash-newline is taken off (B10); justfile
// interpolations, import, mod and an interpreter guard cannot read (B11);
// a [working-directory] recipe is scanned there alone (FP4); task --list
// runs no task (FP3); limactl shell, colima ssh and colima nerdctl run an
// engine (B19).
// Everyday Taskfiles and justfiles pass. Both bash.match modes.
func TestTaskJustFindings53a(t *testing.T) {
	const v3, leak, ok = "version: '3'\n", "#!/bin/sh\ncat ~/.ssh/id_rsa\n", "#!/bin/sh\necho ok\n"
	files := map[string]string{
		"d/sub/Taskfile.yml": v3 + "tasks:\n  t:\n    cmds:\n      - ./x.sh\n",
		"d/sub/other.yml":    v3 + "tasks:\n  t:\n    cmds:\n      - ./x.sh\n",
		"d/sub/justfile":     "t:\n    ./x.sh\n",
		"d/sub/other.just":   "t:\n    ./x.sh\n",
		"d/sub/x.sh":         leak,
		"d/x.sh":             ok,
		"d/Taskfile.yml":     v3 + "tasks:\n  t:\n    cmds:\n      - ./x.sh\n",
		"d/justfile":         "t:\n    ./x.sh\n",
	}
	tasks := map[string]string{
		"t1":  "vars:\n  A: .en\n  B: v\ntasks:\n  t:\n    cmds:\n      - cat {{.A}}{{.B}}\n",
		"t2":  "tasks:\n  t:\n    cmds:\n      - for: ['.en']\n        cmd: cat {{.ITEM}}v\n",
		"t3":  "tasks:\n  t:\n    cmds:\n      - task: r\n        vars: {F: .env}\n  r:\n    cmds:\n      - cat {{.F}}\n",
		"t4":  "vars:\n  A: .env\ntasks:\n  t:\n    cmds:\n      - defer: cat {{.A}}\n      - echo hi\n",
		"t5":  "tasks:\n  t:\n    env: {F: .env}\n    cmds:\n      - cat $F\n",
		"t6":  "vars:\n  D: sub\ntasks:\n  t:\n    cmds:\n      - cd {{.D}} && ./x.sh\n",
		"t7":  "tasks:\n  t:\n    cmds:\n      - cd {{printf \"s%s\" \"ub\"}} && ./x.sh\n",
		"t8":  "tasks:\n  t:\n    cmds:\n      - |\n        cat .e\\\n        nv\n",
		"t9":  "vars:\n  D:\n    sh: echo sub\ntasks:\n  t:\n    cmds:\n      - cd {{.D}} && ./x.sh\n",
		"t10": "tasks:\n  t: cat .en?\n",
		"t11": "tasks:\n  desc: cat .en?\n  t:\n    cmds:\n      - task: desc\n",
	}
	justs := map[string]string{
		"j1": "a := \".en\"\nb := \"v\"\nt:\n    cat {{a + b}}\n",
		"j2": "a := \".en\"\nt:\n    cat {{a}}v\n",
		"j3": "t:\n    cat .e\\\n    nv\n",
		"j4": "import 'tools.just'\n",
		"j5": "mod tools\n",
		"j6": "d := 'sub'\nt:\n    cd {{d}} && ./x.sh\n",
		"j7": "[script('nu')]\nt:\n    echo hi\n",
		"j8": "t:\n    #!/usr/bin/env nu\n    echo hi\n",
		"j9": "set shell := [\"bash\", \"-euo\", \"pipefail\", \"-c\"]\n\ndefault:\n    @just --list\n\n[doc('a script')]\nt:\n    cat .e\\\n    nv\n",
	}
	for name, text := range tasks {
		files[name+"/Taskfile.yml"] = v3 + text
	}
	for name, text := range justs {
		files[name+"/justfile"] = text
	}
	for name := range mergeKeys(tasks, justs) {
		files[name+"/.env"] = "DBPASS=x\n"
		files[name+"/sub/x.sh"] = leak
		files[name+"/x.sh"] = ok
	}
	files["j4/tools.just"] = "t:\n    cat .env\n"
	files["j5/tools.just"] = "t:\n    cat .env\n"
	// everyday files
	files["ok/Taskfile.yml"] = v3 + "vars:\n  BIN: app\n  PKGS:\n    sh: go list ./...\ntasks:\n  build:\n    cmds:\n      - go build -o {{.BIN}} .\n  test:\n    cmds:\n      - go test {{.CLI_ARGS}} ./...\n" +
		"  lint:\n    cmds:\n      - for: [a, b]\n        cmd: echo {{.ITEM}}\n"
	// desc:, sources:, generates: are data: a glob there is no program
	files["ok/Taskfile.yml"] += "  gen:\n    desc: Generate *.go files\n    sources:\n      - '**/*.go'\n      - go.mod\n    generates:\n      - '{{.BIN}}'\n    method: checksum\n    cmds:\n      - go generate ./...\n"
	files["lk/Taskfile.yml"] = v3 + "tasks:\n  build:\n    cmds:\n      - echo hi\n  leak:\n    cmds:\n      - cat ~/.ssh/id_rsa\n"
	files["ok/justfile"] = "set shell := ['bash', '-euo', 'pipefail', '-c']\nvenv := '.venv'\n\ndefault:\n    @just --list\n\nvenv:\n    python3 -m venv {{venv}}\n\ntest *args:\n    {{venv}}/bin/pytest -q {{args}}\n\nlint:\n    {{venv}}/bin/ruff check .\n\n" +
		"[working-directory: 'docs']\nserve:\n    python3 -m http.server 8000\n\nbuild:\n    go build \\\n      -o app .\n" +
		"\n[doc('a uv script')]\ngen:\n    #!/usr/bin/env -S uv run --script\n    print('gen')\n"
	files["ok/docs/index.md"] = "# docs\n"
	files["dyn/Taskfile.yml"] = v3 + "vars:\n  K:\n    sh: cat ~/.ssh/id_rsa\ntasks:\n  t:\n    cmds:\n      - echo hi\n"
	files["dc/compose.yaml"] = "services:\n  a:\n    image: alpine\n    volumes: [\"~/.ssh:/k\"]\n"
	_, proj := scriptWorld(t, files)
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		blocks := []string{
			"cd d && task -t sub/Taskfile.yml t", "cd d && task --taskfile=sub/Taskfile.yml t", "cd d && task -t sub/other.yml t",
			"cd d && task -tsub/other.yml t", "cd d && task -t sub t", "cd d && task --taskfile sub t", "cd d && task -dsub t",
			"cd d && just -f sub/justfile t", "cd d && just --justfile=sub/justfile t", "cd d && just -f sub/other.just t",
			"cd d && just sub/t", "cd d && just -d sub -f sub/justfile t",
			"cd lk && task leak", "cd dyn && task --list",
			"cd dc && limactl shell default nerdctl compose up", "cd dc && colima ssh -- docker compose up", "cd dc && colima nerdctl -- compose up",
		}
		for name := range tasks {
			blocks = append(blocks, "cd "+name+" && task t")
		}
		for name := range justs {
			blocks = append(blocks, "cd "+name+" && just t")
		}
		blocks = append(blocks, "cd j5 && just tools t")
		for _, cmd := range blocks {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{
			"cd d && task t", "cd d && just t", "cd d && just -d . -f sub/justfile t",
			"cd ok && task build", "cd ok && task test", "cd ok && task test -- -run X", "cd ok && task lint",
			"cd ok && task gen", "cd ok && task --list", "cd ok && task -l", "cd lk && task --list", "cd lk && task -l",
			"cd ok && just test", "cd ok && just test -k foo", "cd ok && just lint", "cd ok && just serve", "cd ok && just --list", "cd ok && just",
			"cd ok && just build", "cd ok && just venv", "cd ok && just gen",
			"limactl list", "colima status", "colima nerdctl -- ps",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// mergeKeys returns the keys of a and b.
func mergeKeys(a, b map[string]string) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
