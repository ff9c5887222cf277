package hook

import (
	"fmt"
	"testing"
)

// TestReview55d: a conditional directive's operands are scanned as make
// reads them, in every branch; a condition whose operands make expands
// (a variable the environment, the command line or make itself may set,
// a function) reads both branches; npm's bin values are npm's to
// rewrite, so they stay unknown (FINDINGS55d D21 D1 D3 D12 D13 D17 D5
// D15).
func TestReview55d(t *testing.T) {
	const rc = "t:\n\techo x >> $(HOME)/$(Y)\n"
	var manyA string
	for i := range 32 {
		manyA += fmt.Sprintf("A = a%d\n", i)
	}
	_, proj := scriptWorld(t, map[string]string{
		"d21a/Makefile": "ifeq ($(info $(shell cat ~/.ssh/id_rsa)),)\nendif\nt:\n\t@echo hi\n",
		"d21b/Makefile": "ifdef $(shell echo x >> ~/.bashrc)\nendif\nt:\n\t@echo hi\n",
		"d21c/Makefile": "ifeq (1,2)\nelse ifeq ($(shell echo x >> ~/.bashrc),)\nendif\nt:\n\t@echo hi\n",
		"d1/Makefile":   "X ?= safe\nifeq ($(X),safe)\nY = safe\nelse\nY = .bashrc\nendif\n" + rc,
		"d3/Makefile":   "ifeq ($(X),1)\nY = safe\nelse\nY = .bashrc\nendif\n" + rc,
		"d12/Makefile":  "ifeq ($(and 1,1),)\nY = safe\nelse\nY = .bashrc\nendif\n" + rc,
		"d13/Makefile":  "ifeq ($(subst  ,,a b),a b)\nY = safe\nelse\nY = .bashrc\nendif\n" + rc,
		"d17/Makefile":  "ifeq ($(.SHELLSTATUS),)\nY = safe\nelse\nY = .bashrc\nendif\n" + rc,
		"lit/Makefile":  "ifeq (1,2)\nY = .bashrc\nelse\nY = safe\nendif\n" + rc,
		"d4/Makefile":   manyA + "ifneq ($(PWD),)\nG = ~/.bashrc\nF = $(G)\nelse\nG = g.txt\nF = out.txt\nendif\nt:\n\techo $(A) > $(F)\n",
		"d5/package.json": `{"name":"foo","version":"1.0.0","bin":{"a":"../../.bashrc"},` +
			`"scripts":{"t":"echo x >> ~/$npm_package_bin_a"}}`,
		"d15/package.json": `{"name":"w","version":"1.0.0","bin":{"acme":"./bin/acme.js"},"scripts":{"test":"vitest run"}}`,
		"d15/bin/acme.js":  "console.log(1)\n",
		"d18/Makefile":     "Y := safe\n\tY := .bashrc\n" + rc,
		"d2/Makefile":      "Y := safe\nt: $(eval Y := .bashrc)\n\techo x >> $(HOME)/$(Y)\n",
		"k1/Makefile":      "Y := safe\nt:\n\t$(eval Y := .bashrc)\n\techo x >> $(HOME)/$(Y)\n",
		"tpl/Makefile":     "define T\n$(1):\n\t@echo $(1)\nendef\n$(eval $(call T,a))\nall: a\n",
		"d10/package.json": "\xef\xbb\xbf" + `{"name":"x","scripts":{"t":"cat ~/.ssh/id_rsa"}}`,
	})
	checkAll(t, proj, []string{
		"cd d21a && make t", "cd d21b && make t", "cd d21c && make t",
		"cd d1 && make t", "cd d3 && make t X=1 X=2", "cd d12 && make t", "cd d13 && make t", "cd d17 && make t",
		"cd d5 && npm run t",
		"cd d4 && make t",     // past the bound of texts: unknown, never dropped (D4)
		"cd d10 && npm run t", // a byte order mark before package.json's object (D10)
		"cd d18 && make t",    // a prefixed assignment no rule is open for (D18)
		"cd d2 && make t",     // a rule line's $(eval …) (D2)
		"cd k1 && make t",     // a recipe's $(eval …) (FINDINGS55a K1)
	}, []string{
		"cd lit && make t", // literal operands: the branch make takes
		"cd d15 && npm test",
		"cd tpl && make", // the manual's template: $(eval $(call …)) at the top
	})
}
