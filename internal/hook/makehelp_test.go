package hook

import "testing"

// TestMakeHelpComments: a rule line's # starts make's comment: the
// self-documenting help idiom (`help: ## Display this help.`) gives the
// rule no prerequisites, so a goal guard can tell does not fall back to
// every recipe of the file (FINDINGS54a FP4). A recipe after ; keeps its #.
// SHELL := $(shell which bash) is the bash PATH finds; with
// .SECONDEXPANSION a rule's prerequisites are expanded again.
func TestMakeHelpComments(t *testing.T) {
	mk := "LOCALBIN ?= $(shell pwd)/bin\n" +
		"help: ## Display this help.\n\t@awk 'BEGIN {FS = \":.*##\"} /^[a-z]+:.*##/ { print $$1 }' $(MAKEFILE_LIST)\n" +
		"build: ## Build the binary.\n\tgo build -o bin/app .\n" +
		"$(LOCALBIN):\n\tmkdir -p $(LOCALBIN)\n" +
		"install: ## Install it.\n\tinstall -d /usr/local/bin\n" +
		"leak: ; cat ~/.ssh/id_rsa # a recipe's #\n"
	_, proj := scriptWorld(t, map[string]string{
		"k/Makefile": mk, "k/main.go": "package main\n\nfunc main() {}\n",
		"w/Makefile": "SHELL := $(shell which bash)\nt:\n\techo ok\n", "w2/Makefile": "SHELL := $(shell which ./x.sh)\nt:\n\techo ok\n",
		// .SECONDEXPANSION: prerequisites expanded twice (FINDINGS54a M14)
		"s/Makefile": ".SECONDEXPANSION:\nt: $$(subst X,,.eXnv)\n\tcat $<\nu: a.c\n\techo $<\n", "s/.env": "DBPASS=x\n", "s/a.c": "int x;\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		checkBlock(t, p, proj, "cd w && make t", false, "") // the bash PATH finds
		checkBlock(t, p, proj, "cd w2 && make t", true, "")
		checkBlock(t, p, proj, "cd s && make t", true, "")
		checkBlock(t, p, proj, "cd s && make u", false, "")
		for _, cmd := range []string{"make help", "make build"} {
			checkBlock(t, p, proj, "cd k && "+cmd, false, "")
		}
		for _, cmd := range []string{"make install", "make leak"} {
			checkBlock(t, p, proj, "cd k && "+cmd, true, "")
		}
	}
}
