package hook

import "testing"

// TestMakeFoundPrereqs: a prerequisite list a find makes (GO_FILES :=
// $(shell find . -name '*.go')) reaches the explicit rules whose target
// find may print and every pattern rule, not every recipe of the
// makefile (clean's rm -rf bin); a find guard does not model, or a
// literal $$( find …), still reaches every rule (FINDINGS56c FP-M15).
func TestMakeFoundPrereqs(t *testing.T) {
	const head = "GO_FILES := $(shell find . -name '*.go' -not -path './vendor/*')\n" +
		"build: bin/server\nbin/server: $(GO_FILES)\n\tgo build -o $@ ./cmd/server\n" +
		"lint:\n\tgofmt -l $(GO_FILES)\n"
	const evil = "\techo PWNED >> $$HOME/.bashrc\n"
	const src = "package main\n\nfunc main() {}\n"
	_, proj := scriptWorld(t, map[string]string{
		"ok/Makefile":            head + "clean:\n\trm -rf bin\n",
		"ok/go.mod":              "module x\n\ngo 1.22\n",
		"ok/cmd/server/main.go":  src,
		"exp/Makefile":           head + "cmd/gen.go:\n" + evil,
		"exp/cmd/server/main.go": src,
		"pat/Makefile":           head + "%.go: %.tmpl\n" + evil,
		"pat/cmd/server/main.go": src,
		"other/Makefile":         "F := $(shell find . -name '*.go' -o -name x)\nbuild: $(F)\n\techo hi\nclean:\n" + evil,
		"lit/Makefile":           "build: $$( find . -name x.go)\n\techo hi\nfind:\n" + evil,
		// a rule reached through a pattern rule's prerequisite (FINDINGS57c A7)
		"via/Makefile":    "prog: $(shell find src -name '*.c')\n\t@echo link\n%.c: %.c.in\n\t@echo gen $@\nsrc/evil.c.in: FORCE\n" + evil + "FORCE:\n",
		"via/src/main.c":  "int main(void) { return 0; }\n",
		"via2/Makefile":   "prog: $(shell find src -name '*.c')\n\t@echo link\nsrc/%.c: FORCE\n\t@echo gen $@\nother:\n" + evil + "FORCE: other\n",
		"via2/src/main.c": "int main(void) { return 0; }\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"make -C ok build", false},
		{"make -C ok", false},
		{"make -C exp build", true},
		{"make -C exp lint", false},
		{"make -C pat build", true},
		{"make -C other build", true},
		{"make -C lit build", true},
		{"make -C via", true},
		{"make -C via2", true},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, ".bashrc")
	}
}
