package hook

import "testing"

// TestMakeRuleSelection: make runs the recipes of the rules its goals
// reach, and guard walks those: a recipe's $(shell …) is the recipe's
// (FINDINGS56c FP-M2); the default goal is the first target make reads,
// a conditional guard cannot decide or an include before it changing it
// only when a target may come first there (FP-M3); a pattern rule's
// recipe is walked for the names it matches, with $@ and $* of the match
// (FP-M19); sed as a filter makes no file a later command runs (FP-M5).
// Each protected read or write through a rule make does run still blocks.
func TestMakeRuleSelection(t *testing.T) {
	const evil = "evil:\n\tcat ~/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"m2/Makefile":   "help:\n\t@echo hi\ntest:\n\tA=\"$(shell cat ~/.ssh/id_rsa)\" go test ./...\n",
		"m2p/Makefile":  "K := $(shell cat ~/.ssh/id_rsa)\nhelp:\n\t@echo hi\n",
		"m3/Makefile":   "SRC=$(shell find . -name \"*.go\")\nifeq (, $(shell which golangci-lint))\n$(warning no lint)\nendif\nall: fmt\nfmt:\n\tgofmt -d .\n" + evil,
		"m3b/Makefile":  "ifeq ($(X),1)\nx:\n\tcat ~/.ssh/id_rsa\nendif\nall:\n\techo hi\n",
		"m3c/Makefile":  "include vars.mk\nall:\n\techo hi\n" + evil,
		"m3c/vars.mk":   "V = 1\n",
		"m3d/Makefile":  "include rules.mk\nall:\n\techo hi\n",
		"m3d/rules.mk":  "x:\n\tcat ~/.ssh/id_rsa\n",
		"m3e/Makefile":  "BIN ?= $(CURDIR)/bin\n$(BIN):\n\tmkdir -p $(BIN)\nall: build\nbuild:\n\tgo build ./...\n" + evil,
		"m3f/Makefile":  "E :=\n$(E):\n\techo hi\nx:\n\tcat ~/.ssh/id_rsa\nall:\n\techo hi\n",
		"m19/Makefile":  "help:\n\t@echo hi\ntest: fx/.unpacked\n\tgo test ./...\n%/.unpacked: %.ttar\n\tif [ -d $(dir $@) ] ; then rm -rf $(dir $@) ; fi\n",
		"m19b/Makefile": "help:\n\t@echo hi\ntest: fx/.unpacked\n\tgo test ./...\n%/.unpacked: %.ttar\n\tcat ~/.ssh/$*\n",
		"m19c/Makefile": "%: common-% ;\ncommon-x:\n\tcat ~/.ssh/id_rsa\n",
		"m19d/Makefile": "all:\n\techo hi\nlib%.a: %.c\n\tcp $< ~/.bashrc\n",
		"m5/Makefile":   "a:\n\tsed -E \"s/x/y/\" v.txt | wc -l && bin/tool run\nb:\n\tsed -n \"w bin/tool\" v.txt && bin/tool run\nc:\n\tsed -i \"s/x/y/\" v.txt && bin/tool run\n",
		"m5/v.txt":      "x\n",
	})
	checkAll(t, proj, []string{
		"make -C m2 test",       // the recipe that runs it
		"make -C m2p help",      // an assignment's $(shell …) runs as make reads it
		"make -C m3b",           // x may be the first target
		"make -C m3d",           // the include's target comes first
		"make -C m3f",           // $(E) names nothing: x is the first target
		"make -C m19b test",     // the pattern rule that makes fx/.unpacked
		"make -C m19c x",        // %: common-% takes common-x
		"make -C m19d d/libz.a", // a pattern without a slash matches in a directory
		"make -C m5 b",          // sed's w command makes bin/tool
		"make -C m5 c",          // sed -i changes a file
		"make -C m3 evil",
	}, []string{
		"make -C m2 help",
		"make -C m3",
		"make -C m3c",
		"make -C m3e",
		"make -C m19 help",
		"make -C m19 test", // rm -rf fx/ (the match's directory)
		"make -C m19b help",
		"make -C m19d",
		"make -C m5 a",
	})
}

// TestMakeIncludeRemadeReason: an include that only a target guard
// cannot tell may remake still blocks, and a protected file it reads
// (include .env) is the reason given, not "a rule of it makes"
// (FINDINGS56c W1).
func TestMakeIncludeRemadeReason(t *testing.T) {
	const unknown = "T := $(shell ./where.sh)\n$(T):\n\ttrue\n"
	_, proj := scriptWorld(t, map[string]string{
		"env/Makefile": unknown + "include .env\nall:\n\techo hi\n",
		"env/.env":     "K=v\n",
		"mk/Makefile":  unknown + "include vars.mk\nall:\n\techo hi\n",
		"mk/vars.mk":   "V = 1\n",
	})
	p := realPolicy(t, "")
	checkBlock(t, p, proj, "make -C env all", true, "matches glob '**/.env'")
	checkBlock(t, p, proj, "make -C mk all", true, "includes a makefile a rule whose target guard cannot tell may make (vars.mk)")
}
