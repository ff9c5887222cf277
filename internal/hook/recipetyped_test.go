package hook

import "testing"

// TestRecipeWalkTyped: a build file's simple command the word scan cannot
// read (a glob, a brace list, a variable the line sets, inline
// interpreter code, eval, a sourced file) is analysed as the typed
// command it is; a relative operand is a path of the directory it runs
// in; a shell another program starts (find -exec sh -c, xargs sh -c)
// is walked (FINDINGS53a B8, B18, B6, B14). Everyday lines still pass.
func TestRecipeWalkTyped(t *testing.T) {
	const cat = "#!/bin/sh\ncat ~/.ssh/id_rsa\n"
	mk := "g1:\n\tcat .en?\ng2:\n\tcat .[e]nv\nb1:\n\tcat .{e,}nv\nv1:\n\tF=.env; cat $$F\nv2:\n\texport F=.env; cat \"$$F\"\n" +
		"p1:\n\tpython3 -c \"print(open('.e'+'nv').read())\"\nl1:\n\tfor f in .e*; do cat $$f; done\n" +
		"r1:\n\tcat ./.env\nr2:\n\tcat sub/.env\nr3:\n\tcat sub/../.env\nr4:\n\tcat sub/key.pem\nr5:\n\tcat $(CURDIR)/.env\n" +
		"e1:\n\teval cd sub; ./x.sh\ns1:\n\t. ./env.sh; ./x.sh\n" +
		"f1:\n\tfind . -name sub -exec sh -c 'cd \"$$1\" && ./x.sh' _ {} \\;\nx1:\n\techo sub | xargs -I{} sh -c 'cd {} && ./x.sh'\n" +
		"ok1:\n\tF=x.sh; sh $$F\nok2:\n\tcat *.sh\nok3:\n\tfor t in $(wildcard tests/*.sh); do sh $$t || exit 1; done\n" +
		"ok4:\n\t. ./venv.sh && ./x.sh\nok5:\n\tgo build -ldflags \"-X main.v=$(shell git describe)\" -o bin/app ./cmd/app\n" +
		"ok6:\n\twhile read f; do echo $$f; done < list.txt\n" +
		// what the shell computes: substitutions, $'…', xargs and read
		// loops fed a file naming .env
		"c1:\n\tcat $$(cat name.txt)\nc2:\n\tcat `cat name.txt`\nc3:\n\tcat $(shell cat name.txt)\nc4:\n\tcat \"$$(ls -a | grep en)\"\n" +
		"c5:\n\tcat $$'\\x2eenv'\nc6:\n\txargs cat < name.txt\nc7:\n\twhile read f; do cat $$f; done < name.txt\n" +
		"c8:\n\tfor f in $$(cat name.txt); do cat $$f; done\nc9:\n\tcat ./$$(cat name.txt)\n" +
		"ok7:\n\tdocker build -t app:$(shell git describe --always) .\nok8:\n\techo $$(date) && ls $$(go env GOPATH)\n"
	_, proj := scriptWorld(t, map[string]string{
		"m/Makefile":     mk,
		"m/.env":         "DBPASS=SECRETKEY\n",
		"m/sub/.env":     "DBPASS=SECRETKEY\n",
		"m/sub/key.pem":  "SECRETKEY\n",
		"m/sub/x.sh":     cat,
		"m/x.sh":         "#!/bin/sh\necho ok\n",
		"m/env.sh":       "cd sub\n",
		"m/venv.sh":      "export VIRTUAL_ENV=x\nPATH=\"$VIRTUAL_ENV/bin:$PATH\"\nX=$(cd sub && pwd)\n",
		"m/tests/a.sh":   "echo a\n",
		"m/list.txt":     "a\n",
		"m/name.txt":     ".env\n",
		"m/package.json": `{"scripts":{"g1":"cat .en?","v1":"F=.env; cat $F","r1":"cat ./.env","r4":"cat sub/key.pem","e1":"eval cd sub; ./x.sh","ok":"cat *.sh && F=x.sh; sh $F"}}`,
		"m/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    cmds:\n      - cat sub/key.pem\n  p:\n    cmds:\n      - python3 -c \"print(open('.e'+'nv').read())\"\n",
		"m/justfile":     "t:\n    cat ./.env\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, g := range []string{"g1", "g2", "b1", "v1", "v2", "p1", "l1", "r1", "r2", "r3", "r4", "r5", "e1", "s1", "f1", "x1", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"} {
			checkBlock(t, p, proj, "cd m && make "+g, true, "")
		}
		for _, cmd := range []string{"npm run g1", "npm run v1", "npm run r1", "npm run r4", "npm run e1", "task t", "task p", "just t"} {
			checkBlock(t, p, proj, "cd m && "+cmd, true, "")
		}
		for _, g := range []string{"ok1", "ok2", "ok3", "ok4", "ok5", "ok6", "ok7", "ok8"} {
			checkBlock(t, p, proj, "cd m && make "+g, false, "")
		}
		checkBlock(t, p, proj, "cd m && npm run ok", false, "")
	}
}

// TestRecipeWalkExports: variables the makefile exports that move what a
// program loads (BASH_ENV, GIT_CONFIG_GLOBAL, PATH) reach the recipe's
// commands (FINDINGS53a B3, B17, B6); SHELL = python3 makes every line
// code guard does not read (B2). A Go project's `export PATH :=
// $(CURDIR)/bin:$(PATH)` and CGO_ENABLED still pass.
func TestRecipeWalkExports(t *testing.T) {
	const cat = "#!/bin/sh\ncat ~/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"x/Makefile":      "SHELL = /bin/bash\nexport BASH_ENV = ./x.sh\nt:\n\techo ok\n",
		"x/x.sh":          cat,
		"g/Makefile":      "export GIT_CONFIG_GLOBAL = ./lib/gitconfig\nt:\n\tgit status\n",
		"g/lib/gitconfig": "[core]\n\tfsmonitor = cat ~/.ssh/id_rsa >&2; echo\n",
		"p/Makefile":      "export PATH := $(CURDIR)/sub:$(PATH)\nt:\n\tx.sh\n",
		"p/x.sh":          "#!/bin/sh\necho ok\n",
		"p/sub/x.sh":      cat,
		"y/Makefile":      "SHELL = python3\n.SHELLFLAGS = -c\nt:\n\timport os; print(open(os.path.expanduser('~/.ssh/id_rsa')).read())\n",
		"ok/Makefile": "TOOLS := $(CURDIR)/bin\nexport PATH := $(TOOLS):$(PATH)\nexport CGO_ENABLED ?= 0\nV ?= $(shell git describe --tags 2>/dev/null || echo dev)\n" +
			"build:\n\tgo build -ldflags \"-X main.v=$(V)\" -o bin/app ./cmd/app\ntest:\n\tgo test -count=1 ./...\nlint:\n\tgolangci-lint run ./...\n",
		"ok/go.mod":          "module x\n\ngo 1.22\n",
		"ok/cmd/app/main.go": "package main\n\nfunc main() {}\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{"cd x && make t", "cd g && make t", "cd p && make t", "cd y && make t"} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{"cd ok && make build", "cd ok && make test", "cd ok && make lint"} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestRecipeWalkMadeFiles: a file an earlier line of the goal's recipes,
// a sub-make, an npm pre-script, sed -i or an
// interpreter's code writes, then run, is cannot-tell (FINDINGS53a B12).
// A prerequisite's recipe read after its goal's (t2) is left open.
// `run: build` with `go build -o bin/app` then `./bin/app` passes.
func TestRecipeWalkMadeFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"m/Makefile": "t1:\n\tprintf 'cat .en%s\\n' v > r.sh\n\tsh r.sh\nt2: gen\n\tsh r.sh\ngen:\n\tprintf 'cat .en%s\\n' v > r.sh\n" +
			"t3:\n\t$(MAKE) gen && sh r.sh\nt4:\n\tpython3 -c \"open('r.sh','w').write('cat .en'+'v')\" && sh r.sh\n" +
			"t5:\n\tsed -i 's/echo ok/cat .en''v/' s.sh && sh s.sh\n" +
			"run: build\n\t./bin/app --config ./config.yaml\nloop:\n\tF=o.txt; echo hi > $$F\n\tfor f in tests/*.sh; do sh $$f; done\nbuild:\n\tgo build -ldflags \"-X main.v=$(shell git describe)\" -o bin/app ./cmd/app\n",
		"m/s.sh":         "echo ok\n",
		"m/.env":         "A=SECRETKEY\n",
		"m/go.mod":       "module x\n\ngo 1.22\n",
		"m/cmd/app/x.go": "package main\n\nfunc main() {}\n",
		"n/package.json": `{"scripts":{"pret":"printf 'cat .en%s\\n' v > r.sh","t":"sh r.sh"}}`,
		"n/.env":         "A=SECRETKEY\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{"cd m && make t1", "cd m && make t3", "cd m && make t4", "cd m && make t5", "cd n && npm run t"} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		checkBlock(t, p, proj, "cd m && make run", false, "")
		checkBlock(t, p, proj, "cd m && make loop", false, "")
	}
}
