package hook

import "testing"

// TestMakeFileAndEval: make's own file writer and code evaluators: $(file
// >>NAME,…) whose NAME is a program's output or a variable holding one,
// $(eval TEXT) of a program's output, and --eval text that includes a
// makefile of the project, block; a literal file in the project and an
// eval of the makefile's own template do not.
func TestMakeFileAndEval(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"mk/fshell.mk":  "all:\n\t@true\n$(file >>$(shell echo crhsab./emoh/.. | rev),PMK)\n",
		"mk/fvar.mk":    "X:=$(shell echo crhsab./emoh/.. | rev)\nall:\n\t@true\n$(file >>$(X),PMK)\n",
		"mk/frecipe.mk": "X:=$(shell echo crhsab./emoh/.. | rev)\nall:\n\t@echo $(file >$(X),PMK)\n",
		"mk/fok.mk":     "all:\n\t@true\n$(file >out.txt,PMK)\n",
		"mk/eshell.mk":  "all:\n\t@true\n$(eval $(shell cat x.mk | rev | rev))\n",
		"mk/evar.mk":    "V != cat x.mk\n$(eval $(V))\nall:\n\t@true\n",
		"mk/ecall.mk":   "define T\n$(1): ; @echo $(1)\nendef\n$(foreach p,a b,$(eval $(call T,$(p))))\nall: a b\n",
		"mk/x.mk":       "$(shell echo PI >> $HOMEDIR/.bashrc)\n",
		"mk/ok.mk":      "A = 1\n",
		"mk/Makefile":   "all:\n\t@true\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"cd mk && make -f fshell.mk", true},
		{"cd mk && make -f fvar.mk", true},
		{"cd mk && make -f frecipe.mk", true},
		{"cd mk && make -f fok.mk", false},
		{"cd mk && make -f eshell.mk", true},
		{"cd mk && make -f evar.mk", true},
		{"cd mk && make -f ecall.mk", false},
		{`cd mk && make --eval="include x.mk"`, true},
		{`cd mk && make --eval="include ok.mk"`, false},
		{`cd mk && make --eval='include $(shell echo km.x | rev)'`, true},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestMakeReadTimeFile: make expands a conditional directive's operands
// and an immediate assignment's value as it reads them, in either
// spelling of a call: their $(file >…) writes then, used or not
// (FINDINGS55d D20).
func TestMakeReadTimeFile(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"c/Makefile":  "ifeq ($(file >>$(HOME)/.bashrc,x),)\nendif\nt:\n\t@echo hi\n",
		"b/Makefile":  "ifeq (${file >>${HOME}/.bashrc,x},)\nendif\nt:\n\t@echo hi\n",
		"i/Makefile":  "X := $(file >>$(HOME)/.bashrc,x)\nt:\n\t@echo hi\n",
		"i2/Makefile": "X ::= $(file >>$(HOME)/.bashrc,x)\nt:\n\t@echo hi\n",
		"ok/Makefile": "X := $(shell date)\nifeq ($(OS),Windows_NT)\nY := a\nendif\nt:\n\t@echo $(X) > out.txt\n\t$(file >out2.txt,hello)\n",
	})
	checkAll(t, proj, []string{"make -C c t", "make -C b t", "make -C i t", "make -C i2 t"}, []string{"make -C ok t"})
}
