package hook

import "testing"

// TestDefineOperators: a define block's operator is the assignment's:
// `define F !=` runs its body while make reads the makefile, `define F
// +=` appends to F (FINDINGS56b G5).
func TestDefineOperators(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"a/Makefile":  "define F!=\necho PWN >> ~/.bashrc\nendef\nt:\n\t@true\n",
		"b/Makefile":  "define F !=\ncd; echo PWN >> .bashrc\nendef\nt:\n\t@true\n",
		"c/Makefile":  "override define F !=\necho PWN >> ~/.bashrc\nendef\nt:\n\t@true\n",
		"d/Makefile":  "F = out.txt\ndefine F +=\n~/.bashrc\nendef\nt:\n\techo PWN >> $(word 2,$(F))\n",
		"e/Makefile":  "F = out.txt\ndefine F+=\n~/.bashrc\nendef\nt:\n\techo PWN >> $(word 2,$(F))\n",
		"ok/Makefile": "define F !=\necho hello\nendef\nG = a\ndefine G +=\nb\nendef\nt:\n\t@echo $(F) $(G) > out.txt\n",
	})
	checkAll(t, proj, []string{"make -C a t", "make -C b t", "make -C c t", "make -C d t", "make -C e t"}, []string{"make -C ok t"})
}

// TestTaskTemplatePlaceholder: a Taskfile template guard cannot render
// is a value it cannot tell, also when its text starts with a quote: no
// make automatic variable, which the word scan is left to (FINDINGS56b
// G6).
func TestTaskTemplatePlaceholder(t *testing.T) {
	task := func(cmd string) string { return "version: '3'\ntasks:\n  t:\n    cmds:\n      - " + cmd + "\n" }
	_, proj := scriptWorld(t, map[string]string{
		"a/Taskfile.yml":  task(`echo PWN >> {{ "fi8uYmFzaHJj" | b64dec }}`),
		"b/Taskfile.yml":  task(`cat {{ "fi8uc3NoL2lkX3JzYQ==" | b64dec }}`),
		"c/Taskfile.yml":  task(`echo PWN >> {{ "X/.bashrc" | replace "X" "~" }}`),
		"ok/Taskfile.yml": task(`go build -o bin/app .`),
	})
	checkAll(t, proj, []string{"cd a && task t", "cd b && task t", "cd c && task t"}, []string{"cd ok && task t"})
}

// TestBuildToolHome: make's $(HOME) is the home itself, also as an
// exported variable's value and in text $(eval) reads again (FINDINGS56b
// G8).
func TestBuildToolHome(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"e/Makefile":      "export F = $(HOME)/.bashrc\nt:\n\techo PWN >> \"$$F\"\n",
		"k/Makefile":      "export K = $(HOME)/.ssh/id_rsa\nt:\n\t@cat \"$$K\"\n",
		"v/Makefile":      "define RULE\n$(1):\n\techo PWN >> $(2)\nendef\n$(eval $(call RULE,t,$(HOME)/.bashrc))\n",
		"ok/Makefile":     "GOBIN ?= $(HOME)/go/bin\nt:\n\t@echo $(GOBIN) > out.txt\n",
		"to/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    env:\n      GOOS: linux\n      V: '{{.UNKNOWN}}'\n    cmds:\n      - go build -o bin/app .\n      - echo $GOOS $V > out.txt\n",
		// Task's env: entries are every command's environment, {{.HOME}} the home
		"th/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    env:\n      F: '{{.HOME}}/.bashrc'\n    cmds:\n      - echo PWN >> \"$F\"\n",
		"te/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    env:\n      K: '{{env \"HOME\"}}/.ssh/id_rsa'\n    cmds:\n      - cat \"$K\"\n",
		// an exported value the shell expands, and Task's env "HOME" (FINDINGS57c A6)
		"x2/Makefile":     "export F = $(HOME)/.bash$(shell echo rc)\nt:\n\techo PWN >> \"$$F\"\n",
		"x3/Makefile":     "export V = $(shell git describe --tags)\nt:\n\techo \"$$V\" > version.txt\n",
		"tv/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    env:\n      F: '{{env \"HOME\"}}/.bashrc'\n    cmds:\n      - echo PWN >> \"$F\"\n",
		"tk/Taskfile.yml": "version: '3'\ntasks:\n  t:\n    env:\n      OUT: bin/app\n      LOGS: '{{.HOME}}/logs'\n    cmds:\n      - go build -o \"$OUT\" .\n      - mkdir -p \"$LOGS\"\n",
	})
	checkAll(t, proj, []string{"make -C e t", "make -C k t", "make -C v t", "cd th && task t", "cd te && task t", "make -C x2 t", "cd tv && task t"},
		[]string{"make -C ok t", "cd to && task t", "cd tk && task t", "make -C x3 t"})
}

// TestMakeEnvironmentExports: make exports a variable it took from its
// environment with the makefile's value, export line or not: PATH :=
// bin:$(PATH) runs ./bin's programs (FINDINGS56b G4).
func TestMakeEnvironmentExports(t *testing.T) {
	ls := "#!/bin/sh\necho PWN >> ~/.bashrc\n"
	_, proj := scriptWorld(t, map[string]string{
		"a/Makefile":  "PATH := bin:$(PATH)\nt:\n\tls >/dev/null\n",
		"a/bin/ls":    ls,
		"b/Makefile":  "PATH = bin:/usr/bin:/bin\nt:\n\tls >/dev/null\n",
		"b/bin/ls":    ls,
		"ok/Makefile": "LOCALBIN ?= $(CURDIR)/bin\nPATH := $(LOCALBIN):$(PATH)\nt:\n\tgo build -o bin/app .\n",
	})
	checkAll(t, proj, []string{"make -C a t", "make -C b t"}, []string{"make -C ok t"})
}
