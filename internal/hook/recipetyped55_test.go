package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRecipeTyped55: a build-file command line is analysed as the typed
// command it is (FINDINGS55a N1, N14, N19, N17, N12, K12, K13): after a
// cd to the home, a redirection whose target the line computes, a
// variable read or printf -v sets, shell options (shopt, bash -O,
// BASHOPTS), a script fed to a shell on stdin, through find -exec, awk -f
// or script -c, a file a copy or a program may have made. A line holding
// a value only make knows ($(shell) output, $< of a pattern rule) has its
// other statements and its redirections analysed as typed (the *v
// goals). just and Task recipes take the cd and the computed redirection.
// Everyday Go, C, docs recipes and npm scripts pass (tsc --noEmit && vitest
// run: a line's programs change no runner of it, as before).
func TestRecipeTyped55(t *testing.T) {
	const v = "V := $(shell echo 1)\n"
	const pv = "\techo $(V) >/dev/null; "
	const sh = "echo x >> ~/.bashrc\n"
	homeDir, proj := scriptWorld(t, map[string]string{
		"n1/Makefile": v + "a:\n\tcd ~; echo x >> .bashrc\nb:\n\tcd; echo x >> .bashrc\nc:\n\tcd $$HOME && echo x >> .bashrc\n" +
			"d:\n\tcd $$HOME; : > .bashrc\ne:\n\tcd; cd .ssh; cat id_rsa\nav:\n" + pv + "cd; echo x >> .bashrc\nok:\n\tcd; echo hi\n",
		"n1/package.json": `{"config":{"f":".bashrc"},"scripts":{"x":"cd && echo x >> .bashrc","k":"cd; echo x >> $npm_package_config_f"}}`,
		"n14/Makefile": v + "F := $(shell printf '%s/.%s' \"$$HOME\" bashrc)\na:\n\techo x >> \"$$(echo ~)/.bashrc\"\n" +
			"b:\n\techo x >> $$(printf '%s/.%s' \"$$HOME\" bashrc)\nc:\n\tcat < $$(printf '%s/.s%sh/id_%sa' \"$$HOME\" s rs)\n" +
			"d:\n\techo x >> $(F)\nbv:\n" + pv + "echo x >> $$(printf '%s/.%s' \"$$HOME\" bashrc)\n",
		"n14/package.json": `{"scripts":{"x":"echo x >> \"$(echo ~)/.bashrc\""}}`,
		"n19/Makefile": v + "SHELL := /bin/bash\na:\n\tprintf -v f '%s/.%s' \"$$HOME\" bashrc; echo x >> \"$$f\"\n" +
			"av:\n" + pv + "printf -v f '%s/.%s' \"$$HOME\" bashrc; echo x >> \"$$f\"\n",
		"n19/package.json": `{"scripts":{"x":"printf \"%s/.bashrc\\n\" \"$HOME\" > cfg; read f < cfg; echo x >> \"$f\""}}`,
		"n17/Makefile": v + "SHELL := /bin/bash\na:\n\tshopt -s dotglob; cat ~/*/id_rs?\nb:\n\tbash -O dotglob -c \"cat ~/*/id_rs?\"\n" +
			"c:\n\tbash -c \"shopt -s dotglob; cat ~/*/id_rs?\"\ne:\n\tshopt -s dotglob; echo x | tee -a ~/*shrc\n" +
			"av:\n" + pv + "shopt -s dotglob; cat ~/*/id_rs?\nbv:\n" + pv + "bash -O dotglob -c \"cat ~/*/id_rs?\"\n",
		"n17/package.json": `{"scripts":{"x":"BASHOPTS=dotglob bash -c \"cat ~/*/id_rs?\""}}`,
		"n17d/Makefile":    "SHELL := /bin/bash\nexport BASHOPTS := dotglob\nt:\n\tcat ~/*/id_rs?\n",
		"n12/Makefile": v + "a:\n\tsh -s < r.sh\nb:\n\tcat r.sh | sh\nc:\n\tfind . -name r.sh -exec sh {} \\;\n" +
			"d:\n\tawk -f r.awk\ne:\n\tscript -qc \"sh r.sh\" /dev/null\n" +
			"av:\n" + pv + "sh -s < r.sh\nbv:\n" + pv + "cat r.sh | sh\ncv:\n" + pv + "find . -name r.sh -exec sh {} \\;\n" +
			"dv:\n" + pv + "awk -f r.awk\nev:\n" + pv + "script -qc \"sh r.sh\" /dev/null\n",
		"n12/r.sh":           sh,
		"n12/r.awk":          "BEGIN{print \"x\" >> ENVIRON[\"HOME\"] \"/.bashrc\"}\n",
		"k12/Makefile":       v + "t:\n\tcp -r d/. .\n\tsh r.sh\ntv:\n\tcp -r d/. .\n" + pv + "sh r.sh\n",
		"k12/d/r.sh":         sh,
		"k13/Makefile":       v + "t:\n\tgo run gen.go && sh r.sh\ntv:\n" + pv + "go run gen.go && sh r.sh\n",
		"k13/gen.go":         "package main\n\nimport \"os\"\n\nfunc main() {\n\tb := []byte(\"echo x >> $HOME/Xbashrc\\n\")\n\tb[16] = 46\n\tos.WriteFile(\"r.sh\", b, 0o644)\n}\n",
		"ok/Makefile":        "VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)\nPKGS := $(shell go list ./... 2>/dev/null)\nbuild:\n\t@mkdir -p bin\n\tCGO_ENABLED=0 go build -ldflags \"-X main.version=$(VERSION)\" -o bin/app ./cmd/app\ntest:\n\tgo test -race -ldflags \"-X main.v=$(VERSION)\" ./... > test.log 2>&1\ndocker:\n\tdocker build -t acme/app:$(VERSION) .\nfmt:\n\t@test -z \"$$(gofmt -l .)\" || (gofmt -l . && exit 1)\ndocs:\n\tcd docs && $(MAKE) html\n",
		"ok/docs/Makefile":   "html:\n\t@echo docs\n",
		"ok/cmd/app/main.go": "package main\n\nfunc main() {}\n",
		"c/Makefile": "SRCS := $(wildcard src/*.c)\nOBJS := $(SRCS:src/%.c=build/%.o)\napp: $(OBJS)\n\t$(CC) -o $@ $^\nbuild/%.o: src/%.c\n\t@mkdir -p build\n\t$(CC) -O2 -c $< -o $@\ncheck: app\n\t@for t in tests/*.sh; do sh $$t || exit 1; done\n" +
			"test: app\n\t./app > out.txt && diff -u expected.txt out.txt\nmk:\n\tprintf 'cat ~/.ssh/id_rsa\\n' > r.sh; sh r.sh\n",
		"ok/package.json": `{"scripts":{"check":"tsc --noEmit && eslint . && vitest run","build":"tsc -b && vite build"}}`,
		"k12/justfile":    "x:\n    cp -r d/. .\n    sh r.sh\n",
		"k13/justfile":    "x:\n    go run gen.go && sh r.sh\n",
		"jt/justfile":     "x:\n    cd; echo x >> .bashrc\ny:\n    echo x >> \"$(echo ~)/.bashrc\"\n",
		"jt/Taskfile.yml": "version: '3'\ntasks:\n  x:\n    cmds:\n      - cd; echo x >> .bashrc\n",
		"c/src/main.c":    "int main(void) { return 0; }\n",
		"c/tests/a.sh":    "echo ok\n",
	})
	for name, text := range map[string]string{".bashrc": "# rc\n", ".ssh/id_rsa": "KEY\n"} {
		if err := os.WriteFile(filepath.Join(homeDir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	for _, cmd := range []string{
		"cd n1 && make a", "cd n1 && make b", "cd n1 && make c", "cd n1 && make d", "cd n1 && make e", "cd n1 && make av",
		"cd n1 && npm run x", "cd n1 && npm run k",
		"cd n14 && make a", "cd n14 && make b", "cd n14 && make c", "cd n14 && make d", "cd n14 && make bv", "cd n14 && npm run x",
		"cd n19 && make a", "cd n19 && make av", "cd n19 && npm run x",
		"cd n17 && make a", "cd n17 && make b", "cd n17 && make c", "cd n17 && make e", "cd n17 && make av", "cd n17 && make bv",
		"cd n17 && npm run x", "cd n17d && make t",
		"cd n12 && make a", "cd n12 && make b", "cd n12 && make c", "cd n12 && make d", "cd n12 && make e",
		"cd n12 && make av", "cd n12 && make bv", "cd n12 && make cv", "cd n12 && make dv", "cd n12 && make ev",
		"cd k12 && make t", "cd k12 && make tv", "cd k13 && make t", "cd k13 && make tv",
		"cd jt && just x", "cd jt && just y", "cd jt && task x", "cd k12 && just x", "cd k13 && just x",
		"cd c && make mk", // a script a statement writes, run by the next
	} {
		checkBlock(t, p, proj, cmd, true, "")
	}
	for _, cmd := range []string{
		"cd n1 && make ok", "cd ok && make build", "cd ok && make test", "cd ok && make docker", "cd ok && make fmt",
		"cd ok && make docs", "cd c && make", "cd c && make check", "cd ok && npm run check", "cd ok && npm run build",
		"cd c && make test", // the program the build links, run with its output redirected
	} {
		checkBlock(t, p, proj, cmd, false, "")
	}
}
