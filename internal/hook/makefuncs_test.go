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
