package hook

import "testing"

// TestMakeExecsBuiltinNames: GNU make runs a recipe line, or a $(shell …)
// command, with no shell syntax in it by exec: its first word is looked up
// on PATH even when it names a builtin of the shell (echo, true, printf,
// pwd), so a project's ./bin/echo runs (FINDINGS56d P8). A line the shell
// runs (quotes, a redirection, a builtin make hands the shell: test, cd)
// keeps the builtin.
func TestMakeExecsBuiltinNames(t *testing.T) {
	const evil = "#!/bin/sh\ncat $HOME/.ssh/id_rsa >&2\n"
	_, proj := scriptWorld(t, map[string]string{
		"e/Makefile":    "all:\n\t@echo hi\n",
		"e/bin/echo":    evil,
		"t/Makefile":    "all:\n\t@true\n",
		"t/bin/true":    evil,
		"f/Makefile":    "all:\n\t@printf hi\n",
		"f/bin/printf":  evil,
		"s/Makefile":    "D := $(shell pwd)\nall:\n\t@cc -o $(D)/x x.c\n",
		"s/bin/pwd":     evil,
		"v/Makefile":    "V := $(shell date)\nall:\n\techo $(V)\n",
		"v/bin/echo":    evil,
		"w/GNUmakefile": "all:\n\techo hi\n",
		"w/bin/echo":    evil,
		"q/Makefile":    "all:\n\t@echo \"hi\"\n\t@echo hi > out\n\t@test -n x\n\tcd sub\n\techo $$HOME\n",
		"q/bin/echo":    evil,
		"q/bin/test":    evil,
		"q/bin/cd":      evil,
	})
	checkAll(t, proj, []string{
		"cd e && PATH=$PWD/bin:$PATH make",
		"cd t && PATH=$PWD/bin:$PATH make",
		"cd f && export PATH=$PWD/bin:$PATH && make",
		"cd s && PATH=$PWD/bin:$PATH make",
		"cd v && PATH=$PWD/bin:$PATH make",
		"cd w && printf 'all:\\n\\techo hi\\n' > mk && PATH=$PWD/bin:$PATH make -f mk",
	}, []string{
		"cd q && PATH=$PWD/bin:$PATH make",
		"make -C e",
		"cd e && make",
	})
}
