package hook

import "testing"

// TestMakeInterpreterPlainValue: a make value a plain producer prints
// ($(shell git rev-parse --short HEAD), a recipe's $$(date +%s)) inside
// a string literal of an interpreter's code is that literal's text
// (FINDINGS57c FP1); outside a literal, from a producer with no
// alphabet, or in a literal naming a protected place it still blocks.
func TestMakeInterpreterPlainValue(t *testing.T) {
	const v = "VERSION := $(shell git rev-parse --short HEAD)\nSTAMP := $(shell date +%s)\n"
	_, proj := scriptWorld(t, map[string]string{
		"ok/Makefile":   v + "all:\n\tpython3 -c \"print('$(VERSION)')\"\n\tnode -e \"console.log('$$(date +%s)')\"\n",
		"out/Makefile":  v + "all:\n\tpython3 -c 'x = $(VERSION)'\n",
		"desc/Makefile": "V := $(shell git describe --tags)\nall:\n\tpython3 -c \"print('$(V)')\"\n",
		"rc/Makefile":   v + "all:\n\tpython3 -c \"open('$(HOME)/.bashrc$(STAMP)','a')\"\n",
	})
	checkAll(t, proj, []string{"make -C out", "make -C desc", "make -C rc"}, []string{"make -C ok"})
}
